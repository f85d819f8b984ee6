/* ascendc_lists.c - the Ascend C forms that take lists or pools: asc.array, TBufPool, MrgSort,
 * TransDataTo5HD's list forms, SetDeqScale's VdeqInfo (docs/emit.md). */

#include <stdio.h>
#include <string.h>

#include "emit/ascendc_int.h"

/* ---- asc.array ------------------------------------------------------------------------------- */

typedef struct array_use {
  const asc_value *array;
  const asc_type *elem;
} array_use;

static void find_array_elem(asc_op *op, void *user) {
  array_use *u = user;
  if (u->elem || op->noperands < 1 || op->operands[0] != u->array)
    return;
  if (op->code == ASC_OP_SCALAR_ARRAY_GET && op->nresults == 1)
    u->elem = op->results[0].type;
  else if (op->code == ASC_OP_SCALAR_ARRAY_SET && op->noperands == 3)
    u->elem = op->operands[2]->type;
}

/* `T vN[length] = {};` with T the type its gets and sets use (an array nobody reads or writes: int32_t) */
int asc_em_scalar_array(Emitter *e, const asc_op *op) {
  const asc_attr *len = asc_op_attr(op, "length");
  if (!len || len->i <= 0)
    return asc_em_fail(e, op, "'%s' without a positive length%s", asc_op_name(op), "");
  array_use u = {&op->results[0], NULL};
  asc_walk((asc_op *)e->func, find_array_elem, &u);
  asc_em_put_line(e, op);
  asc_em_ind(e);
  if (u.elem)
    asc_em_put_type(e->out, u.elem, 0);
  else
    asc_sb_puts(e->out, "int32_t");
  asc_sb_putc(e->out, ' ');
  asc_em_put_name(e, e->out, &op->results[0]);
  asc_sb_printf(e->out, "[%lld] = {};\n", (long long)len->i);
  return 0;
}

/* ---- TBufPool: an asc.tbuf the pool ops use (the IR types a pool as a tbuf) ------------------- */

static void find_pools(asc_op *op, void *user) {
  switch (op->code) {
  case ASC_OP_TBUFPOOL_SHARE: asc_ptrmap_put(user, op->operands[1], 1); /* fall through */
  case ASC_OP_TBUFPOOL_INIT_BUFFER:
  case ASC_OP_TBUFPOOL_INIT_TBUF:
  case ASC_OP_TBUFPOOL_RESET: asc_ptrmap_put(user, op->operands[0], 1); break;
  default: break;
  }
}

void asc_em_find_pools(Emitter *e, const asc_op *f) {
  asc_ptrmap_free(&e->pools);
  asc_walk((asc_op *)f, find_pools, &e->pools);
}

int asc_em_is_pool(const Emitter *e, const asc_value *v) {
  uintptr_t x;
  return asc_ptrmap_get(&e->pools, v, &x);
}

/* `TBufPool<pos> v;`, and InitBufPool for a pool where the IR's init op has InitBuffer (its pages: TPipe /
 * TBufPool::InitBufPool(pool, len[, shareBuf])) */
int asc_em_pool_op(Emitter *e, const asc_op *op) {
  asc_em_put_line(e, op);
  asc_em_ind(e);
  if (op->code == ASC_OP_TBUF) {
    asc_sb_printf(e->out, "AscendC::TBufPool<AscendC::TPosition::%s> ", asc_em_pos_name(op->results[0].type->pos));
    asc_em_put_name(e, e->out, &op->results[0]);
    asc_sb_puts(e->out, ";\n");
    return 0;
  }
  if (op->code == ASC_OP_TBUFPOOL_SHARE) /* the IR keeps no parent: the TPipe's */
    asc_sb_puts(e->out, "AscendC::GetTPipePtr()->InitBufPool(");
  else {
    asc_em_put_name(e, e->out, op->operands[0]);
    asc_sb_puts(e->out, ".InitBufPool(");
  }
  int first = op->code == ASC_OP_TBUFPOOL_SHARE ? 0 : 1;
  asc_em_put_name(e, e->out, op->operands[first]);
  asc_sb_puts(e->out, ", ");
  asc_em_put_name(e, e->out, op->operands[op->noperands - 1]);
  if (op->code == ASC_OP_TBUFPOOL_SHARE) {
    asc_sb_puts(e->out, ", ");
    asc_em_put_name(e, e->out, op->operands[1]);
  }
  asc_sb_puts(e->out, ");\n");
  return 0;
}

/* ---- MrgSort (its page: MrgSort(dst, MrgSortSrcList<T>, elementCountList[], sortedNum[], validBit,
 * repeatTime, isExhaustedSuspension)): the IR passes the counts and the sources as operands ---------- */
int asc_em_mrg_sort(Emitter *e, const asc_op *op) {
  enum { DST, LEN0, VALID = 5, REPEAT, SRC };
  if (op->noperands <= SRC)
    return asc_em_fail(e, op, "'%s' with %s", asc_op_name(op), "no source");
  int t = asc_em_open_scope(e, op);
  asc_em_ind(e);
  asc_sb_puts(e->out, "AscendC::MrgSortSrcList<");
  asc_em_put_type(e->out, op->operands[DST]->type, 1);
  asc_sb_printf(e->out, "> l%d(", t);
  for (int k = 0; k < 4; k++) { /* absent sources: the first (validBit leaves them out) */
    if (k)
      asc_sb_puts(e->out, ", ");
    asc_em_put_name(e, e->out, op->operands[SRC + k < op->noperands ? SRC + k : SRC]);
  }
  asc_sb_puts(e->out, ");\n");
  asc_em_ind(e);
  asc_sb_printf(e->out, "uint16_t c%d[4] = {", t);
  for (int k = 0; k < 4; k++) {
    asc_sb_puts(e->out, k ? ", static_cast<uint16_t>(" : "static_cast<uint16_t>(");
    asc_em_put_name(e, e->out, op->operands[LEN0 + k]);
    asc_sb_putc(e->out, ')');
  }
  asc_sb_puts(e->out, "};\n");
  asc_em_ind(e);
  asc_sb_printf(e->out, "uint32_t s%d[4] = {};\n", t);
  asc_em_put_line(e, op); /* again: the temporaries moved the call's presumed line */
  asc_em_ind(e);
  asc_sb_puts(e->out, "AscendC::MrgSort(");
  asc_em_put_name(e, e->out, op->operands[DST]);
  asc_sb_printf(e->out, ", l%d, c%d, s%d, ", t, t, t);
  asc_em_put_name(e, e->out, op->operands[VALID]);
  asc_sb_puts(e->out, ", ");
  asc_em_put_name(e, e->out, op->operands[REPEAT]);
  const asc_attr *x = asc_op_attr(op, "exhausted");
  asc_sb_printf(e->out, ", %s);\n", x && x->i ? "true" : "false");
  asc_em_close_scope(e);
  return 0;
}

/* ---- TransDataTo5HD's list forms (its page: LocalTensor<T> (&dstList)[16] / uint64_t dstList[16], the same
 * for src, then the params): the IR passes the 16 + 16 entries as operands --------------------------- */
static void put_list(Emitter *e, const asc_op *op, int first, int addr, const char *name, int t) {
  asc_em_ind(e);
  if (addr)
    asc_sb_puts(e->out, "uint64_t");
  else {
    asc_sb_puts(e->out, "AscendC::LocalTensor<");
    asc_em_put_type(e->out, op->operands[0]->type, 1);
    asc_sb_putc(e->out, '>');
  }
  asc_sb_printf(e->out, " %s%d[16] = {", name, t);
  for (int k = 0; k < 16; k++) {
    asc_sb_puts(e->out, k ? ", " : "");
    if (addr)
      asc_sb_puts(e->out, "static_cast<uint64_t>(");
    asc_em_put_name(e, e->out, op->operands[first + k]);
    if (addr)
      asc_sb_putc(e->out, ')');
  }
  asc_sb_puts(e->out, "};\n");
}

int asc_em_trans_5hd_lists(Emitter *e, const asc_op *op) {
  int addr = op->code == ASC_OP_TRANS_DATA_TO_5HD_ADDR;
  const asc_attr *dt = asc_op_attr(op, "dtype");
  if (op->noperands != 33 || (addr && (!dt || dt->kind != ASC_ATTR_TYPE)))
    return asc_em_fail(e, op, "'%s' with %s", asc_op_name(op), "other than 16 + 16 entries and the params");
  int t = asc_em_open_scope(e, op);
  put_list(e, op, 0, addr, "d", t);
  put_list(e, op, 16, addr, "s", t);
  asc_em_put_line(e, op); /* again: the lists moved the call's presumed line */
  asc_em_ind(e);
  asc_sb_puts(e->out, "AscendC::TransDataTo5HD<");
  if (addr)
    asc_em_put_type(e->out, dt->type, 0);
  else
    asc_em_put_type(e->out, op->operands[0]->type, 1);
  asc_sb_printf(e->out, ">(d%d, s%d, ", t, t);
  asc_em_put_name(e, e->out, op->operands[32]);
  asc_sb_puts(e->out, ");\n");
  asc_em_close_scope(e);
  return 0;
}

/* ---- SetDeqScale(vdeq, VdeqInfo) (its page: VdeqInfo(vdeqScale[16], vdeqOffset[16], vdeqSignMode[16])): the
 * IR passes the 16 scales, offsets and sign modes as operands ------------------------------------------ */
int asc_em_set_deq_vdeq(Emitter *e, const asc_op *op) {
  static const char *const arr[] = {"float", "int16_t", "bool"};
  if (op->noperands != 1 + 48)
    return asc_em_fail(e, op, "'%s' with %s", asc_op_name(op), "other than 16 scales, offsets and sign modes");
  int t = asc_em_open_scope(e, op);
  for (int a = 0; a < 3; a++) {
    asc_em_ind(e);
    asc_sb_printf(e->out, "%s q%d_%d[16] = {", arr[a], t, a);
    for (int k = 0; k < 16; k++) {
      asc_sb_printf(e->out, "%sstatic_cast<%s>(", k ? ", " : "", arr[a]);
      asc_em_put_name(e, e->out, op->operands[1 + 16 * a + k]);
      asc_sb_putc(e->out, ')');
    }
    asc_sb_puts(e->out, "};\n");
  }
  asc_em_ind(e);
  asc_sb_printf(e->out, "AscendC::VdeqInfo q%d(q%d_0, q%d_1, q%d_2);\n", t, t, t, t);
  asc_em_put_line(e, op); /* again: the arrays moved the call's presumed line */
  asc_em_ind(e);
  asc_sb_puts(e->out, "AscendC::SetDeqScale(");
  asc_em_put_name(e, e->out, op->operands[0]);
  asc_sb_printf(e->out, ", q%d);\n", t);
  asc_em_close_scope(e);
  return 0;
}

