/* expand_matmul_tiling.c - the TCubeTiling checks expand-matmul puts before each computing
 * Matmul call (docs/adv.md, "TCubeTiling"; the rest of the expansion: expand_matmul.c). */
#include <stdio.h>
#include <string.h>

#include "passes/expand_matmul.h"

/* ---- the tiling, checked where a call computes (docs/adv.md, "TCubeTiling") ----
 * The tiling is usually a kernel argument, so each rule is a runtime test before the call's cube
 * work: a failing rule stops the core with its reason at the iterate / iterate_all / get_tensor_c
 * line (asc.matmul_misuse).  The rules run in order, so a later one may assume the earlier ones
 * (the capacity products are taken in i64 on values already known to be positive). */
static void misuse_if(gen *g, asc_value *cond, const char *why) {
  loopctx il;
  asc_b_if(g, cond, &il);
  asc_op *e = asc_b_op(g, ASC_OP_MATMUL_MISUSE, NULL, 0, NULL);
  asc_op_set_attr(g->m, e, "reason", asc_attr_str(g->m, why, strlen(why)));
  asc_b_end(g, &il);
}

static asc_value *bin64(gen *g, asc_opcode code, asc_value *a, asc_value *b) {
  asc_value *ops[] = {a, b};
  return asc_b_res(asc_b_op(g, code, ops, 2, a->type));
}

/* v (i32, positive) rounded up to a multiple of k, in i64 */
static asc_value *up64(gen *g, asc_value *v, int64_t k) {
  asc_value *kk = k64(g, k);
  return bin64(g, ASC_OP_MULI, bin64(g, ASC_OP_CEILDIVSI, ext64(g, v), kk), kk);
}

void asc_mm_check_tiling(gen *g, mm *x) {
  enum { KB = 1024, SLT = 2, SGT = 4 };
  static const struct { int s; const char *why; } positive[] = {
      {S_BM, "the tiling's base_m must be at least 1"},
      {S_BN, "the tiling's base_n must be at least 1"},
      {S_BK, "the tiling's base_k must be at least 1"},
      {S_ORGM, "the tiling's m (or set_org_shape's) must be at least 1"},
      {S_ORGN, "the tiling's n (or set_org_shape's) must be at least 1"},
      {S_ORGKA, "the tiling's k_a (or set_org_shape's) must be at least 1"},
      {S_ORGKB, "the tiling's k_b (or set_org_shape's) must be at least 1"},
  };
  char why[200];
  const char *fn = x->op->code == ASC_OP_MATMUL_ITERATE       ? "asc.adv.Matmul.iterate"
                   : x->op->code == ASC_OP_MATMUL_ITERATE_ALL ? "asc.adv.Matmul.iterate_all"
                                                              : "asc.adv.Matmul.get_tensor_c";
  for (size_t i = 0; i < sizeof positive / sizeof positive[0]; i++) {
    snprintf(why, sizeof why, "%s: %s", fn, positive[i].why);
    misuse_if(g, asc_b_cmp(g, SLT, x->s[positive[i].s], asc_b_i32(g, 1)), why);
  }
  /* a core's share may be empty (set_tail(0, ...): a vector core with no rows), never negative */
  static const struct { int s; const char *why; } share[] = {
      {S_TM, "single_core_m (or set_tail's m) must not be negative"},
      {S_TN, "single_core_n (or set_tail's n) must not be negative"},
      {S_TK, "single_core_k (or set_tail's k) must not be negative"},
  };
  for (size_t i = 0; i < sizeof share / sizeof share[0]; i++) {
    snprintf(why, sizeof why, "%s: %s", fn, share[i].why);
    misuse_if(g, asc_b_cmp(g, SLT, x->s[share[i].s], asc_b_i32(g, 0)), why);
  }
  static const struct { int s, org; const char *why; } within[] = {
      {S_TM, S_ORGM, "single_core_m must not exceed m"},
      {S_TN, S_ORGN, "single_core_n must not exceed n"},
      {S_TK, S_ORGKA, "single_core_k must not exceed k_a"},
      {S_TK, S_ORGKB, "single_core_k must not exceed k_b"},
  };
  for (size_t i = 0; i < sizeof within / sizeof within[0]; i++) {
    snprintf(why, sizeof why, "%s: %s", fn, within[i].why);
    misuse_if(g, asc_b_cmp(g, SGT, x->s[within[i].s], x->s[within[i].org]), why);
  }
  /* alignment (the cube's fractals): baseM and baseN whole 16-row blocks, baseK whole 32-byte blocks */
  snprintf(why, sizeof why, "%s: the tiling's base_m and base_n must be multiples of 16", fn);
  asc_value *z = asc_b_i32(g, 0);
  asc_value *mis = asc_b_bin(g, ASC_OP_ORI, asc_b_bin(g, ASC_OP_REMSI, x->s[S_BM], asc_b_i32(g, 16)),
                       asc_b_bin(g, ASC_OP_REMSI, x->s[S_BN], asc_b_i32(g, 16)));
  misuse_if(g, asc_b_cmp(g, 1, mis, z), why);
  snprintf(why, sizeof why, "%s: the tiling's base_k must be a multiple of %d (32 bytes of A's type)", fn, x->c0);
  misuse_if(g, asc_b_cmp(g, 1, asc_b_bin(g, ASC_OP_REMSI, x->s[S_BK], asc_b_i32(g, x->c0)), z), why);
  /* capacities: A's and B's base tiles in their 64 KiB of L1 and in L0A / L0B, C's in L0C, the bias row */
  asc_value *bm = up64(g, x->s[S_BM], 16), *bn = up64(g, x->s[S_BN], 16), *bk = up64(g, x->s[S_BK], x->c0);
  asc_value *esz = k64(g, x->esz);
  snprintf(why, sizeof why, "%s: base_m x base_k of A does not fit its 64 KiB of L1 / L0A", fn);
  misuse_if(g, asc_b_cmp(g, SGT, bin64(g, ASC_OP_MULI, bin64(g, ASC_OP_MULI, bm, bk), esz), k64(g, 64 * KB)), why);
  snprintf(why, sizeof why, "%s: base_k x base_n of B does not fit its 64 KiB of L1 / L0B", fn);
  misuse_if(g, asc_b_cmp(g, SGT, bin64(g, ASC_OP_MULI, bin64(g, ASC_OP_MULI, bn, bk), esz), k64(g, 64 * KB)), why);
  if (!x->co1) {
    snprintf(why, sizeof why, "%s: base_m x base_n of C does not fit L0C (128 KiB of 4-byte accumulators)", fn);
    misuse_if(g, asc_b_cmp(g, SGT, bin64(g, ASC_OP_MULI, bin64(g, ASC_OP_MULI, bm, bn), k64(g, 4)), k64(g, 128 * KB)),
              why);
  }
  if (x->bias) {
    snprintf(why, sizeof why, "%s: with a bias, base_n must be at most 256 (the 1 KiB bias table)", fn);
    misuse_if(g, asc_b_cmp(g, SGT, x->s[S_BN], asc_b_i32(g, 256)), why);
  }
}
