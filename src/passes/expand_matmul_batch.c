/* expand_matmul_batch.c - the batch forms of asc.adv.Matmul (IterateBatch, IterateNBatch) become
 * loops of single matmuls (asc.matmul_iterate_all) over views of A, B, C and the bias; the pass
 * runs right before expand-matmul, which turns each of those into the cube instructions of the
 * tiling (and, in MIX kernels, into messages to the AIC), so timing, sanitizers and auto-sync see
 * cube instructions only.
 *
 *   for l in [0, nloop):                         (IterateNBatch: nloop = batchLoop; else 1)
 *     for j in [0, nb), nb = max(batchA, batchB):
 *       A_j = A + (l*batchA + j / (nb / batchA)) * strideA      (broadcast: a batch of A serves
 *       B_j = B + (l*batchB + j / (nb / batchB)) * strideB       nb / batchA consecutive C batches)
 *       C_j = C + (l*nb + j) * strideC, bias_j = bias + (l*nb + j) * N  (bias with bias_batch 0)
 *       C_j[tm x tn] := A_j * B_j (+ bias_j)          row strides per layout (below)
 *
 * Per operand, the stored row-major matrix (A: M x K, K x M transposed; B: K x N, N x K transposed;
 * C: M x N) of the layout the MatmulType gave, with the tiling's layout info (b, s, n, g, d)
 * (C: b, s1, n, g, s2):
 *   NORMAL / NONE  batch stride rows*cols of the original shape (or matrixStride), row stride the
 *                  original shape's (orgKa / orgM, orgN / orgKb, orgN)
 *   BSNGD          batch stride d, row stride n*g*d
 *   SBNGD          batch stride d, row stride b*n*g*d
 *   BNGS1S2        batch stride s*d, row stride d
 * matrixStrideA/B, when nonzero, replace the batch stride of A/B.  B K x N and C share one row
 * stride in the single matmul (its orgN); when a layout makes them differ the batch call stops
 * the kernel with an error at its line (asc.trap).  C in a LocalTensor (a MIX kernel's UB): the
 * batches' C matrices one after another, each tm x tn row-major (expand-matmul brings each from the
 * AIC through the workspace), so B keeps its own row stride.  A or B in a LocalTensor (UB in a MIX
 * kernel, L1 in a cube-only one): the batches' matrices one after another, each the local matrix
 * expand-matmul reads (tm x tk / tk x tn as stored: ND rows x cols, Nz rows up to 16 x cols up to
 * C0), or matrixStrideA/B apart when nonzero; a local bias: the rows one after another, tn elements
 * each (L1: rounded up to 16). */
#include <stdlib.h>
#include <string.h>

#include "ir/build.h"
#include "ops/hw_ir.h"
#include "passes/matmul_workspace.h"
#include "passes/passes.h"

/* operands: those of asc.matmul_iterate_all (its tensors - C, A, B, bias, workspace, ... - then its
 * i32 scalars, which start with tm, tn, tk, orgM, orgN, orgKa, orgKb), then the batch scalars.  Only
 * these positions are relied on, so iterate_all may gain operands after them. */
enum { OP_C, OP_A, OP_B, OP_BIAS, OP_WS, NT_MIN };
enum { S_TM, S_TN, S_TK, S_ORGM, S_ORGN, S_ORGKA, S_ORGKB, NS_MIN };
enum { X_BA, X_BB, X_LOOP, X_MSA, X_MSB, X_MSC, X_LA, X_LB = X_LA + 5, X_LC = X_LB + 5, NX = X_LC + 5 };
enum { L_NONE, L_NORMAL, L_BSNGD, L_SBNGD, L_BNGS1S2 };

typedef asc_builder g_t;
typedef asc_builder_save saved;

/* The batch stride of a local matrix stored rows x cols (nz: Nz; c0 elements per 32 bytes), or ms
 * when nonzero. */
static asc_value *local_stride(g_t *g, asc_value *rows, asc_value *cols, bool nz, int c0, asc_value *ms) {
  asc_value *n = nz ? asc_b_mul(g, asc_b_up(g, rows, 16), asc_b_up(g, cols, c0)) : asc_b_mul(g, rows, cols);
  return asc_b_sel(g, asc_b_cmp(g, 1, ms, asc_b_i32(g, 0)), ms, n);
}

static int64_t attr_int(const asc_op *op, const char *name) {
  const asc_attr *a = asc_op_attr(op, name);
  return a ? a->i : 0;
}

/* (batch stride, row stride) of one operand.  l = the 5 layout scalars, rows x cols the stored
 * matrix in the original shape, ms the matrixStride (A/B; NULL for C). */
static void strides(g_t *g, int layout, asc_value *const *l, asc_value *rows, asc_value *cols, asc_value *ms,
                    asc_value **bstride, asc_value **ld) {
  asc_value *ngd = asc_b_mul(g, asc_b_mul(g, l[2], l[3]), l[4]);
  switch (layout) {
  case L_BSNGD:
    *bstride = l[4], *ld = ngd;
    break;
  case L_SBNGD:
    *bstride = l[4], *ld = asc_b_mul(g, l[0], ngd);
    break;
  case L_BNGS1S2:
    *bstride = asc_b_mul(g, l[1], l[4]), *ld = l[4];
    break;
  default:
    *bstride = asc_b_mul(g, rows, cols), *ld = cols;
    break;
  }
  if (ms) /* a nonzero matrixStride replaces the batch stride */
    *bstride = asc_b_sel(g, asc_b_cmp(g, 1, ms, asc_b_i32(g, 0)), ms, *bstride);
}

static int expand_one(asc_module *m, asc_op *op) {
  g_t g = asc_builder_at(m, asc_op_diag_loc(op), op, NULL);
  int nt = 0; /* the leading tensor operands */
  while (nt < op->noperands && op->operands[nt]->type != g.i32)
    nt++;
  int nbase = op->noperands - NX;
  if (nt < NT_MIN || nbase - nt < NS_MIN) {
    asc_error(m->ctx, g.loc, "%s takes the operands of asc.matmul_iterate_all (at least %d tensors and %d tiling "
              "scalars) and %d batch scalars, got %d operands", asc_op_name(op), NT_MIN, NS_MIN, NX, op->noperands);
    return -1;
  }
  asc_value *const *o = op->operands, *const *s = op->operands + nt, *const *x = op->operands + nbase;
  bool ta = attr_int(op, "trans_a"), tb = attr_int(op, "trans_b");
  int la = (int)attr_int(op, "layout_a"), lb = (int)attr_int(op, "layout_b"), lc = (int)attr_int(op, "layout_c");
  /* stored matrices in the original shape */
  asc_value *sa, *lda, *sb, *ldb, *sc, *ldc;
  strides(&g, la, x + X_LA, ta ? s[S_ORGKA] : s[S_ORGM], ta ? s[S_ORGM] : s[S_ORGKA], x[X_MSA], &sa, &lda);
  strides(&g, lb, x + X_LB, tb ? s[S_ORGN] : s[S_ORGKB], tb ? s[S_ORGKB] : s[S_ORGN], x[X_MSB], &sb, &ldb);
  strides(&g, lc, x + X_LC, s[S_ORGM], s[S_ORGN], NULL, &sc, &ldc);
  asc_value *ba = x[X_BA], *bb = x[X_BB];
  asc_value *nb = asc_b_bin(&g, ASC_OP_MAXSI, ba, bb);
  asc_value *ra = asc_b_bin(&g, ASC_OP_DIVSI, nb, asc_b_bin(&g, ASC_OP_MAXSI, ba, asc_b_i32(&g, 1)));
  asc_value *rb = asc_b_bin(&g, ASC_OP_DIVSI, nb, asc_b_bin(&g, ASC_OP_MAXSI, bb, asc_b_i32(&g, 1)));
  saved ls, js, is;
  /* B K x N and C share the single matmul's orgN: a layout that gives them different row
   * strides is stopped at the call's line */
  bool cloc = o[OP_C]->type->kind == ASC_TY_LTENSOR;
  bool aloc = o[OP_A]->type->kind == ASC_TY_LTENSOR, bloc = o[OP_B]->type->kind == ASC_TY_LTENSOR;
  int c0 = 32 / asc_type_bytes(o[OP_A]->type->elem);
  if (aloc) /* the local matrix: tm x tk (tk x tm) */
    sa = local_stride(&g, ta ? s[S_TK] : s[S_TM], ta ? s[S_TM] : s[S_TK], attr_int(op, "a_nz"), c0, x[X_MSA]);
  if (bloc) /* tk x tn (tn x tk) */
    sb = local_stride(&g, tb ? s[S_TN] : s[S_TK], tb ? s[S_TK] : s[S_TN], attr_int(op, "b_nz"), c0, x[X_MSB]);
  if (!tb && !cloc && !bloc) {
    asc_b_if(&g, asc_b_cmp(&g, 1, ldb, ldc), &is);
    asc_b_op(&g, ASC_OP_TRAP, NULL, 0, NULL);
    asc_b_end(&g, &is);
  }
  asc_value *l = asc_b_for(&g, x[X_LOOP], &ls);
  asc_value *j = asc_b_for(&g, nb, &js);
  asc_value *ia = asc_b_add(&g, asc_b_mul(&g, l, ba), asc_b_bin(&g, ASC_OP_DIVSI, j, ra));
  asc_value *ib = asc_b_add(&g, asc_b_mul(&g, l, bb), asc_b_bin(&g, ASC_OP_DIVSI, j, rb));
  asc_value *ic = asc_b_add(&g, asc_b_mul(&g, l, nb), j);
  asc_value **ops = malloc(sizeof *ops * (size_t)nbase);
  if (!ops) {
    asc_error(m->ctx, g.loc, "%s: out of memory", asc_op_name(op));
    return -1;
  }
  memcpy(ops, o, sizeof *ops * (size_t)nbase);
  ops[OP_A] = (aloc ? asc_b_ltsub : asc_b_gtsub)(&g, o[OP_A], asc_b_mul(&g, ia, sa));
  ops[OP_B] = (bloc ? asc_b_ltsub : asc_b_gtsub)(&g, o[OP_B], asc_b_mul(&g, ib, sb));
  ops[OP_C] = cloc ? asc_b_ltsub(&g, o[OP_C], asc_b_mul(&g, ic, asc_b_mul(&g, s[S_TM], s[S_TN])))
                   : asc_b_gtsub(&g, o[OP_C], asc_b_mul(&g, ic, sc));
  /* MatmulConfig.isBiasBatch false (attribute bias_batch 0): one bias row serves every batch */
  bool bias_batch = !asc_op_attr(op, "bias_batch") || attr_int(op, "bias_batch");
  if (attr_int(op, "bias") && bias_batch && o[OP_BIAS]->type->kind == ASC_TY_LTENSOR) {
    /* a local bias: the batches' rows one after another, tn elements each (in L1 rounded up to 16,
     * the 64-byte blocks the L1 -> BT copy moves) */
    bool l1 = asc_hw_type_mem(o[OP_BIAS]->type) == ASC_HW_MEM_L1;
    ops[OP_BIAS] = asc_b_ltsub(&g, o[OP_BIAS], asc_b_mul(&g, ic, l1 ? asc_b_up(&g, s[S_TN], 16) : s[S_TN]));
  } else if (attr_int(op, "bias") && bias_batch) {
    ops[OP_BIAS] = asc_b_gtsub(&g, o[OP_BIAS], asc_b_mul(&g, ic, s[S_ORGN]));
  }
  ops[nt + S_ORGN] = cloc && !tb ? ldb : ldc; /* a local C takes no row stride from it */
  if (ta)
    ops[nt + S_ORGM] = lda;
  else
    ops[nt + S_ORGKA] = lda;
  if (tb)
    ops[nt + S_ORGKB] = ldb;
  asc_op *mm = asc_b_op(&g, ASC_OP_MATMUL_ITERATE_ALL, ops, nbase, NULL);
  free(ops);
  /* iterate_all's attributes: all of the batch op's but the layouts and bias_batch */
  for (int i = 0; i < op->nattrs; i++)
    if (strncmp(op->attrs[i].name, "layout_", 7) && strcmp(op->attrs[i].name, "bias_batch"))
      asc_op_set_attr(m, mm, op->attrs[i].name, op->attrs[i].value);
  asc_b_end(&g, &js);
  asc_b_end(&g, &ls);
  asc_op_unlink(op);
  return 0;
}

/* asc.matmul_nbatch_region: past the tile slots, this core's region (matmul_workspace.h). */
static void expand_region(asc_module *m, asc_op *f, asc_op *op) {
  g_t g = asc_builder_at(m, asc_op_diag_loc(op), op, NULL);
  asc_value *blk = asc_b_res(asc_b_op(&g, ASC_OP_GET_BLOCK_IDX, NULL, 0, g.i32));
  asc_value *region = op->operands[ASC_OPND_MATMUL_NBATCH_REGION_region];
  asc_value *at = asc_b_add(&g, asc_mmws_tiles_end(&g), asc_b_mul(&g, blk, region));
  asc_replace_uses(f, &op->results[0], at);
  asc_op_unlink(op);
}

/* The op whose region holds op's block (NULL at a function's body). */
static const asc_op *enclosing(const asc_op *op) {
  return op->parent && op->parent->parent ? op->parent->parent->parent : NULL;
}

/* Whether def comes before op in a block enclosing op (so its results are in scope there). */
static bool dominates(const asc_op *def, const asc_op *op) {
  for (const asc_op *a = op; a; a = enclosing(a)) {
    if (a->parent != def->parent)
      continue;
    for (const asc_op *p = a->prev; p; p = p->prev)
      if (p == def)
        return true;
    return false;
  }
  return false;
}

static void find_tpipe(asc_op *op, void *user) {
  asc_op **p = user;
  if (op->code == ASC_OP_TPIPE && !*p)
    *p = op;
}

/* A set_flag / wait_flag pair of event; its id from the kernel's TPipe when one is in scope (a free
 * id, so not one the kernel's queues hold), else 0. */
static void flag_pair(g_t *g, asc_value *pipe, int event) {
  asc_value *id;
  if (pipe) {
    asc_op *a = asc_b_op(g, ASC_OP_TPIPE_FETCH_EVENT_ID, &pipe, 1, g->i32);
    asc_op_set_attr(g->m, a, "event", asc_attr_enum(g->m, ASC_ENUM_EVENT, event));
    id = asc_b_res(a);
  } else {
    id = asc_b_i32(g, 0);
  }
  asc_op *s = asc_b_op(g, ASC_OP_SET_FLAG, &id, 1, NULL);
  asc_op_set_attr(g->m, s, "event", asc_attr_enum(g->m, ASC_ENUM_EVENT, event));
  asc_op *w = asc_b_op(g, ASC_OP_WAIT_FLAG, &id, 1, NULL);
  asc_op_set_attr(g->m, w, "event", asc_attr_enum(g->m, ASC_ENUM_EVENT, event));
}

/* asc.matmul_batch_copy_c (get_batch_tensor_c into a LocalTensor): the copy after the earlier
 * stores and vector work on dst, then vector work waits for it (Ascend C's page: the caller's
 * tensor is ready to use when the call returns). */
static void expand_copy(asc_module *m, asc_op *f, asc_op *op) {
  g_t g = asc_builder_at(m, asc_op_diag_loc(op), op, NULL);
  asc_op *tp = NULL;
  asc_walk(f, find_tpipe, &tp);
  asc_value *pipe = tp && dominates(tp, op) ? &tp->results[0] : NULL;
  flag_pair(&g, pipe, ASC_EVENT_MTE3_MTE2);
  flag_pair(&g, pipe, ASC_EVENT_V_MTE2);
  asc_value *ops[] = {op->operands[ASC_OPND_MATMUL_BATCH_COPY_C_dst], op->operands[ASC_OPND_MATMUL_BATCH_COPY_C_src],
                      op->operands[ASC_OPND_MATMUL_BATCH_COPY_C_count]};
  asc_b_op(&g, ASC_OP_DATA_COPY, ops, 3, NULL);
  flag_pair(&g, pipe, ASC_EVENT_MTE2_V);
  asc_op_unlink(op);
}

static void collect(asc_op *op, void *user) {
  if (op->code == ASC_OP_MATMUL_ITERATE_BATCH || op->code == ASC_OP_MATMUL_NBATCH_REGION ||
      op->code == ASC_OP_MATMUL_BATCH_COPY_C)
    asc_pass_vec_push(user, op);
}

static int expand_func(asc_module *m, asc_op *f) {
  asc_pass_vec v = {0};
  asc_walk(f, collect, &v);
  int rc = 0;
  for (size_t i = 0; i < v.n; i++) {
    asc_op *op = v.items[i];
    if (op->code == ASC_OP_MATMUL_NBATCH_REGION)
      expand_region(m, f, op);
    else if (op->code == ASC_OP_MATMUL_BATCH_COPY_C)
      expand_copy(m, f, op);
    else
      rc |= expand_one(m, op);
  }
  asc_pass_vec_free(&v);
  return rc;
}

int asc_pass_expand_matmul_batch(asc_module *m) { return asc_pass_each_func(m, expand_func); }
