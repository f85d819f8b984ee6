/* expand_matmul_msg.c - the expansion's words in the Matmul workspace (matmul_workspace.h): a core's
 * 512-byte message slot (the MIX call an AIV writes for the AIC's server, the tile counter of
 * get_tensor_c's next form), its tile slots, GM tensors passed as (handle, length) pairs, and the
 * cross-core flags a call is handed over with.  Private to src/passes/expand_matmul*.c. */
#include "passes/expand_matmul.h"
#include "passes/matmul_workspace.h"

/* (handle, len) of a GM tensor. */
void asc_mm_handle(gen *g, asc_value *gt, asc_value **h, asc_value **len) {
  const asc_type *i64 = asc_type_int(g->ctx, 64, false);
  const asc_type *rt[] = {i64, i64};
  asc_op *op = asc_op_create(g->m, ASC_OP_MATMUL_GT_HANDLE, &gt, 1, rt, 2, g->loc);
  if (g->pos)
    asc_op_insert_before(g->pos, op);
  else
    asc_block_append(g->block, op);
  *h = &op->results[0], *len = &op->results[1];
}

asc_value *asc_mm_fromhandle(gen *g, asc_value *h, asc_value *len, const asc_type *elem) {
  asc_value *ops[] = {h, len};
  return asc_b_res(asc_b_op(g, ASC_OP_MATMUL_GT_FROM_HANDLE, ops, 2, asc_type_gtensor(g->ctx, elem)));
}

/* The workspace (a gm pointer) as a GM tensor of elem from byte offset off (i32). */
asc_value *asc_mm_wsview(gen *g, asc_value *ws, const asc_type *elem, asc_value *off) {
  asc_value *gt = asc_b_res(asc_b_op(g, ASC_OP_GLOBAL_TENSOR, NULL, 0, asc_type_gtensor(g->ctx, ws->type->elem)));
  asc_value *ops[] = {gt, ws};
  asc_b_op(g, ASC_OP_SET_GLOBAL_BUFFER, ops, 2, NULL);
  asc_value *h, *len;
  asc_mm_handle(g, gt, &h, &len);
  asc_value *o[] = {h, ext64(g, off)};
  return asc_mm_fromhandle(g, asc_b_res(asc_b_op(g, ASC_OP_ADDI, o, 2, h->type)), len, elem);
}

void asc_mm_xflag(gen *g, bool set, int id, int pipe) {
  asc_value *v = asc_b_i32(g, id);
  asc_op *op = asc_b_op(g, set ? ASC_OP_CROSS_CORE_SET_FLAG : ASC_OP_CROSS_CORE_WAIT_FLAG, &v, 1, NULL);
  asc_op_set_attr(g->m, op, "mode", asc_attr_int(g->m, asc_type_int(g->ctx, 64, false), 2));
  asc_op_set_attr(g->m, op, "pipe", asc_attr_enum(g->m, ASC_ENUM_PIPEID, pipe));
}

/* The message's scalar stores reach GM (and so the AIC) at a write-back of the data cache (Ascend C
 * SetValue's page): DataCacheCleanAndInvalid<ENTIRE_DATA_CACHE, CACHELINE_OUT>. */
void asc_mm_writeback(gen *g, asc_value *msg) {
  asc_op *op = asc_b_op(g, ASC_OP_DATA_CACHE_CLEAN_AND_INVALID, &msg, 1, NULL);
  const asc_type *i64 = asc_type_int(g->ctx, 64, false);
  asc_op_set_attr(g->m, op, "line", asc_attr_int(g->m, i64, 1));
  asc_op_set_attr(g->m, op, "dst", asc_attr_int(g->m, i64, 2));
}

void asc_mm_setword(gen *g, asc_value *msg, int i, asc_value *v64) {
  asc_value *ops[] = {msg, asc_b_i32(g, i), v64};
  asc_b_op(g, ASC_OP_SET_VALUE, ops, 3, NULL);
}

asc_value *asc_mm_getword(gen *g, asc_value *msg, int i) {
  asc_value *ops[] = {msg, asc_b_i32(g, i)};
  return asc_b_res(asc_b_op(g, ASC_OP_GET_VALUE, ops, 2, asc_type_int(g->ctx, 64, false)));
}

asc_value *asc_mm_aividx(gen *g) { return asc_b_res(asc_b_op(g, ASC_OP_GET_BLOCK_IDX, NULL, 0, g->i32)); }

asc_value *asc_mm_msgof(gen *g, asc_value *ws, asc_value *v) {
  return asc_mm_wsview(g, ws, asc_type_int(g->ctx, 64, false), asc_b_mulk(g, v, ASC_MMWS_MSG_BYTES));
}

asc_value *asc_mm_slotoff(gen *g, asc_value *v) {
  return asc_b_add(g, asc_b_i32(g, ASC_MMWS_TILE0), asc_b_mulk(g, v, ASC_MMWS_TILE_BYTES));
}

/* The Matmul's tile counter of this core (the next form of get_tensor_c): the last word of the
 * core's 512-byte message slot of the workspace (get_block_idx() x 512; a MIX AIV's own slot). */
enum { W_NEXT = 63 };

void asc_mm_ctr_reset(gen *g, asc_value *ws) {
  asc_mm_setword(g, asc_mm_msgof(g, ws, asc_mm_aividx(g)), W_NEXT, ext64(g, asc_b_i32(g, 0)));
}

asc_value *asc_mm_ctr_take(gen *g, asc_value *ws, int next) {
  asc_value *msg = asc_mm_msgof(g, ws, asc_mm_aividx(g));
  asc_value *t = trunc32(g, asc_mm_getword(g, msg, W_NEXT));
  if (next == N_LAST)
    return asc_b_bin(g, ASC_OP_SUBI, t, asc_b_i32(g, 1));
  asc_mm_setword(g, msg, W_NEXT, ext64(g, asc_b_add(g, t, asc_b_i32(g, 1))));
  return t;
}
