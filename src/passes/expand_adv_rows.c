/* expand_adv_rows.c - expand-adv's row-wise library calls: SoftMax, SoftmaxFlashV2 and RmsNorm over
 * the rows of a [m, k] tensor, the row shape from the call's tiling struct (docs/adv.md). */
#include <stdint.h>

#include "passes/expand_adv.h"

/* ---- row-wise functions: softmax, rmsnorm ---- */
/* Field i of a tiling struct operand when it is a compile-time integer, else -1. */
static int64_t tiling_field(const asc_value *st, int i) {
  int64_t v;
  const asc_value *f;
  if (!asc_pass_struct_field(st, i, &f))
    return -1;
  if (!f)
    return 0; /* defaults are 0 */
  return asc_pass_const_int(f, &v) ? v : -1;
}

/* [rows, cols] of a row-wise call: from the tiling's (nonzero) fields, else the `shape`
 * attribute (ShapeInfo), else the source's static shape. */
static int row_shape(X *x, const asc_value *st, const int *fields, int nf, const asc_value *src, int64_t *rows,
                     int64_t *cols) {
  int64_t f[3] = {0, 0, 0}, allzero = 1;
  for (int i = 0; i < nf; i++) {
    f[i] = tiling_field(st, fields[i]);
    if (f[i] != 0)
      allzero = 0;
  }
  if (!allzero) {
    for (int i = 0; i < nf; i++)
      if (f[i] <= 0) {
        asc_error(x->ctx, asc_op_diag_loc(x->op), "%s: the tiling's shape fields must be compile-time positive "
                  "integers (or all zero: the shape then comes from the tensors' ShapeInfo)", asc_op_name(x->op));
        return -1;
      }
    *cols = f[nf - 1];
    *rows = 1;
    for (int i = 0; i < nf - 1; i++)
      *rows *= f[i];
    return 0;
  }
  const asc_attr *a = asc_op_attr(x->op, "shape");
  if (a && a->kind == ASC_ATTR_ARRAY && a->nelems > 0) {
    *rows = 1;
    for (int i = 0; i < a->nelems - 1; i++)
      *rows *= a->elems[i]->i;
    *cols = a->elems[a->nelems - 1]->i;
    return 0;
  }
  const asc_type *t = src->type;
  if (t->rank > 0) {
    *rows = 1;
    for (int i = 0; i < t->rank - 1; i++)
      *rows *= t->shape[i];
    *cols = t->shape[t->rank - 1];
    return 0;
  }
  asc_diag(x->ctx, asc_op_diag_loc(x->op), ASC_SEV_WARNING, "%s: the tiling is all zero and the source has no "
           "ShapeInfo (set_shape_info) or static shape: nothing is computed", asc_op_name(x->op));
  *rows = *cols = 0;
  return 0;
}

static int64_t up(int64_t v, int64_t b) { return (v + b - 1) / b * b; }

/* Elements of reduce_max's work buffer for k elements (docs/sanitizers.md). */
static int64_t reduce_work(int64_t k, int64_t per, int64_t blk) {
  int64_t r = (k + per - 1) / per, o1 = 2 * (r < 1 ? 1 : r), o2 = 2 * ((o1 + per - 1) / per), o3 = 2 * ((o2 + per - 1) / per);
  return up(o1, blk) + up(o2, blk) + up(o3, blk);
}

static asc_value *getv(X *x, asc_value *t, asc_value *i) {
  return &asc_b_op(&x->b, ASC_OP_GET_VALUE, (asc_value *[]){t, i}, 2, elem(t))->results[0];
}

/* The brcb parameters (one source element to a 32-byte block) and the binary parameters that apply a
 * row statistic as a block-stride-0 second source (BinaryRepeatParams src1 strides 0), as Ascend C's
 * softmax does: all vector, no scalar reads of the statistic. */
static void row_params(X *x, asc_value **brcbp, asc_value **binp) {
  asc_BrcbRepeatParams_fields brcbf = {.dst_blk_stride = asc_b_i32(&x->b, 1), .dst_rep_stride = asc_b_i32(&x->b, 8)};
  *brcbp = asc_build_BrcbRepeatParams(&x->b, brcbf);
  asc_BinaryRepeatParams_fields binf = {.dst_blk_stride = asc_b_i32(&x->b, 1), .src0_blk_stride = asc_b_i32(&x->b, 1),
                                        .src1_blk_stride = asc_b_i32(&x->b, 0), .dst_rep_stride = asc_b_i32(&x->b, 8),
                                        .src0_rep_stride = asc_b_i32(&x->b, 8), .src1_rep_stride = asc_b_i32(&x->b, 0)};
  *binp = asc_build_BinaryRepeatParams(&x->b, binf);
}

static asc_value *c64(X *x, int64_t v) { return asc_b_int(&x->b, asc_type_int(x->ctx, 64, false), v); }

/* out[j] := a[j] (code: SUB_MASK / DIV_MASK) bc[0], j < k: 64-lane repeats, then the tail. */
static void row_apply(X *x, asc_opcode code, asc_value *out, asc_value *a, asc_value *bc, int64_t k, asc_value *binp) {
  int64_t full = k / 64, tail = k % 64;
  if (full)
    asc_b_op(&x->b, code, (asc_value *[]){out, a, bc, c64(x, 64), asc_b_i32(&x->b, full), binp}, 6, NULL);
  if (tail)
    asc_b_op(&x->b, code,
             (asc_value *[]){view(x, out, asc_b_i32(&x->b, full * 64)), view(x, a, asc_b_i32(&x->b, full * 64)), bc,
                             c64(x, tail),
                                asc_b_i32(&x->b, 1), binp}, 6, NULL);
}

/* v[8..16) := v[0..8) (f32: one 32-byte block repeated) */
static void copy_up8(X *x, asc_value *v) {
  vop(x, ASC_OP_MULS, (asc_value *[]){view(x, v, asc_b_i32(&x->b, 8)), v, asc_b_float(&x->b, x->f32, 1.0)}, 3,
      asc_b_i32(&x->b, 8));
}

/* bc[0..16) := the f32 row statistic red[0] reduced by code (REDUCE_MAX / REDUCE_SUM) over w[0..k) */
static void row_stat(X *x, asc_opcode code, asc_value *red, asc_value *bc, asc_value *w, asc_value *wk, asc_value *K,
                     asc_value *brcbp) {
  vop(x, code, (asc_value *[]){red, w, wk}, 3, K);
  asc_b_op(&x->b, ASC_OP_BRCB, (asc_value *[]){bc, red, asc_b_i32(&x->b, 1), brcbp}, 4, NULL);
  copy_up8(x, bc);
}

/* n elements between an f32 buffer and a half / float one (a copy or a cast). */
static void move_f32(X *x, asc_value *d, asc_value *s, int64_t n) {
  if (is_f32(elem(d)) && is_f32(elem(s)))
    vop(x, ASC_OP_MULS, (asc_value *[]){d, s, asc_b_float(&x->b, x->f32, 1.0)}, 3, asc_b_i32(&x->b, n));
  else
    CAST(x, d, s, is_f32(elem(d)) ? R_NONE : R_RINT, asc_b_i32(&x->b, n));
}

/* [m, k] of a row-wise call, checked (rows of whole 32-byte blocks); 1: nothing to compute, -1: error. */
static int rows_of(X *x, asc_value *tiling, const int *fields, int nf, asc_value *src, int64_t *m, int64_t *k) {
  if (row_shape(x, tiling, fields, nf, src, m, k))
    return -1;
  if (*m == 0 || *k == 0)
    return 1;
  if (*m > 1 && *k * asc_type_bytes(elem(src)) % BLK) { /* row r > 0 would start misaligned */
    asc_error(x->ctx, asc_op_diag_loc(x->op), "%s: a row of %lld elements is not a whole number of 32-byte blocks "
              "(pad the last dimension)", asc_op_name(x->op), (long long)*k);
    return -1;
  }
  return 0;
}

static int softmax_shape(X *x, asc_value *tiling, asc_value *src, int64_t *m, int64_t *k) {
  static const int fields[] = {ASC_SFI(SoftmaxTiling, src_m), ASC_SFI(SoftmaxTiling, src_k)};
  return rows_of(x, tiling, fields, 2, src, m, k);
}

/* The f32 view of the call's tmp operand ti (else the library scratch), checked to hold need bytes. */
static asc_value *tmp_f32(X *x, int ti, int64_t need) {
  int64_t have;
  asc_value *tmp = tmpbuf(x, ti, need, &have);
  need_tmp(x, tmp, have, need, x->op->noperands > ti);
  return recast(x, tmp, x->f32);
}

/* The loop over the m rows of k elements of a softmax: row r of src and dst (s, d) and the offset of
 * its statistics (ro, rblk elements a row), with the brcb / binary parameters of row_stat and
 * row_apply; red is zeroed first (brcb reads 8 elements). */
typedef struct rowloop {
  loop L;
  asc_value *r, *ro, *s, *d, *brcbp, *binp;
} rowloop;

static void rows_begin(X *x, rowloop *R, asc_value *red, int64_t m, asc_value *K, int64_t rblk, asc_value *src,
                       asc_value *dst) {
  row_params(x, &R->brcbp, &R->binp);
  DUP(x, red, 0.0, asc_b_i32(&x->b, 8));
  R->r = for_begin(x, asc_b_i32(&x->b, 0), asc_b_i32(&x->b, m), asc_b_i32(&x->b, 1), &R->L);
  asc_value *o = asc_b_arith(&x->b, ASC_OP_MULI, R->r, K);
  R->ro = asc_b_arith(&x->b, ASC_OP_MULI, R->r, asc_b_i32(&x->b, rblk));
  R->s = view(x, src, o);
  R->d = view(x, dst, o);
}

/* The row s as f32: s itself, or (a half source) cast into row. */
static asc_value *row_f32(X *x, asc_value *row, asc_value *s, asc_value *K) {
  if (!row)
    return s;
  CAST(x, row, s, R_NONE, K);
  return row;
}

/* softmax over rows of k: computed in f32 (a half source is cast into the tmp buffer). */
int asc_adv_expand_softmax(X *x) {
  asc_op *op = x->op;
  asc_value *dst = op->operands[ASC_OPND_ADV_SOFTMAX_dst], *sum = op->operands[ASC_OPND_ADV_SOFTMAX_sum],
      *max = op->operands[ASC_OPND_ADV_SOFTMAX_max], *src = op->operands[ASC_OPND_ADV_SOFTMAX_src];
  const asc_type *t = elem(src), *tr = elem(sum);
  if ((!is_f16(t) && !is_f32(t)) || (!is_f16(tr) && !is_f32(tr)) || elem(max) != tr || elem(dst) != t)
    return bad_dtype(x, "dst/src must be half or float, sum/max half or float");
  int64_t m, k;
  int sh = softmax_shape(x, op->operands[ASC_OPND_ADV_SOFTMAX_tiling], src, &m, &k);
  if (sh)
    return sh < 0 ? -1 : 0;
  int64_t rblk = BLK / asc_type_bytes(tr);
  const asc_attr *rs = asc_op_attr(op, "reduce_shape");
  if (rs && rs->kind == ASC_ATTR_ARRAY && rs->nelems > 0 && rs->elems[rs->nelems - 1]->i > 0)
    rblk = rs->elems[rs->nelems - 1]->i;
  need_operand(x, src, m * k * asc_type_bytes(t), "src");
  need_operand(x, dst, m * k * asc_type_bytes(t), "dst");
  need_operand(x, sum, m * rblk * asc_type_bytes(tr), "sum");
  need_operand(x, max, m * rblk * asc_type_bytes(tr), "max");
  int64_t work = reduce_work(k, 64, 8), kk = is_f16(t) ? up(k, 8) : 0;
  asc_value *tf = tmp_f32(x, 5, (8 + 64 + work + kk) * 4); /* reduce result, broadcast block(s), work, f32 row */
  asc_value *red = tf, *bc = view(x, tf, asc_b_i32(&x->b, 8)), *wk = view(x, tf, asc_b_i32(&x->b, 72));
  asc_value *row = kk ? view(x, tf, asc_b_i32(&x->b, 72 + work)) : NULL;
  asc_value *K = asc_b_i32(&x->b, k);
  rowloop R;
  rows_begin(x, &R, red, m, K, rblk, src, dst);
  asc_value *w = row_f32(x, row, R.s, K), *out = row ? row : R.d;
  for (int pass = 0; pass < 2; pass++) { /* 0: max, subtract; 1: sum, divide */
    asc_value *a = pass ? out : w;
    row_stat(x, pass ? ASC_OP_REDUCE_SUM : ASC_OP_REDUCE_MAX, red, bc, a, wk, K, R.brcbp);
    move_f32(x, view(x, pass ? sum : max, R.ro), bc, rblk);
    row_apply(x, pass ? ASC_OP_DIV_MASK : ASC_OP_SUB_MASK, out, a, bc, k, R.binp);
    if (!pass)
      vop(x, ASC_OP_EXP, (asc_value *[]){out, out}, 2, K);
  }
  if (row)
    CAST(x, R.d, row, R_RINT, K);
  for_end(x, &R.L);
  return 0;
}

/* softmax_flash_v2 (FlashAttention-2) over rows of k, in f32: M := max(in_max if update, max_j x);
 * dst := e^(x - M); update: exp_max := e^(in_max - M), exp_sum := exp_max in_exp_sum + sum_j dst; else
 * exp_sum := sum_j dst; max := M.  The row statistics are one 32-byte block per row, read before
 * anything is written (max and in_max, exp_sum and in_exp_sum may be one tensor). */
int asc_adv_expand_softmax_flash_v2(X *x) {
  asc_op *op = x->op;
  asc_value *dst = op->operands[ASC_OPND_ADV_SOFTMAX_FLASH_V2_dst];
  asc_value *esum = op->operands[ASC_OPND_ADV_SOFTMAX_FLASH_V2_exp_sum];
  asc_value *max = op->operands[ASC_OPND_ADV_SOFTMAX_FLASH_V2_max];
  asc_value *src = op->operands[ASC_OPND_ADV_SOFTMAX_FLASH_V2_src];
  asc_value *emax = op->operands[ASC_OPND_ADV_SOFTMAX_FLASH_V2_exp_max];
  asc_value *insum = op->operands[ASC_OPND_ADV_SOFTMAX_FLASH_V2_in_exp_sum];
  asc_value *inmax = op->operands[ASC_OPND_ADV_SOFTMAX_FLASH_V2_in_max];
  const asc_type *t = elem(src), *tr = elem(esum);
  if ((!is_f16(t) && !is_f32(t)) || (!is_f16(tr) && !is_f32(tr)) || elem(max) != tr || elem(insum) != tr ||
      elem(inmax) != tr || elem(dst) != t || elem(emax) != t)
    return bad_dtype(x, "dst/src/exp_max must be half or float, exp_sum/max/in_exp_sum/in_max half or float");
  const asc_attr *ua = asc_op_attr(op, "update");
  bool update = ua && ua->i;
  int64_t m, k;
  int sh = softmax_shape(x, op->operands[ASC_OPND_ADV_SOFTMAX_FLASH_V2_tiling], src, &m, &k);
  if (sh)
    return sh < 0 ? -1 : 0;
  int64_t rblk = BLK / asc_type_bytes(tr), eblk = BLK / asc_type_bytes(t);
  int64_t work = reduce_work(k, 64, 8), kk = is_f16(t) ? up(k, 8) : 0;
  /* red 8 | bc 64 (brcb of 8) | bs 64 | im 16 | is 16 | em 16 | work | the f32 row (half) */
  asc_value *tf = tmp_f32(x, 8, (184 + work + kk) * 4);
  asc_value *red = tf, *bc = view(x, tf, asc_b_i32(&x->b, 8)), *bs = view(x, tf, asc_b_i32(&x->b, 72)),
      *im = view(x, tf, asc_b_i32(&x->b, 136));
  asc_value *is = view(x, tf, asc_b_i32(&x->b, 152)), *em = view(x, tf, asc_b_i32(&x->b, 168)),
      *wk = view(x, tf, asc_b_i32(&x->b, 184));
  asc_value *row = kk ? view(x, tf, asc_b_i32(&x->b, 184 + work)) : NULL;
  asc_value *K = asc_b_i32(&x->b, k), *N16 = asc_b_i32(&x->b, 16);
  rowloop R;
  rows_begin(x, &R, red, m, K, rblk, src, dst);
  asc_value *ro = R.ro;
  if (update) { /* the incoming statistics as 16 f32 each */
    move_f32(x, im, view(x, inmax, ro), rblk);
    move_f32(x, is, view(x, insum, ro), rblk);
    if (rblk == 8) {
      copy_up8(x, im);
      copy_up8(x, is);
    }
  }
  asc_value *w = row_f32(x, row, R.s, K), *out = row ? row : R.d;
  row_stat(x, ASC_OP_REDUCE_MAX, red, bc, w, wk, K, R.brcbp);
  if (update) {
    vop(x, ASC_OP_MAX, (asc_value *[]){bc, bc, im}, 3, N16);
    vop(x, ASC_OP_SUB, (asc_value *[]){em, im, bc}, 3, N16);
    vop(x, ASC_OP_EXP, (asc_value *[]){em, em}, 2, N16);
  }
  move_f32(x, view(x, max, ro), bc, rblk);
  row_apply(x, ASC_OP_SUB_MASK, out, w, bc, k, R.binp);
  vop(x, ASC_OP_EXP, (asc_value *[]){out, out}, 2, K);
  row_stat(x, ASC_OP_REDUCE_SUM, red, bs, out, wk, K, R.brcbp);
  if (update) {
    vop(x, ASC_OP_MUL, (asc_value *[]){is, is, em}, 3, N16);
    vop(x, ASC_OP_ADD, (asc_value *[]){bs, bs, is}, 3, N16);
    move_f32(x, view(x, emax, asc_b_arith(&x->b, ASC_OP_MULI, R.r, asc_b_i32(&x->b, eblk))), em, eblk);
  }
  move_f32(x, view(x, esum, ro), bs, rblk);
  if (row)
    CAST(x, R.d, row, R_RINT, K);
  for_end(x, &R.L);
  return 0;
}

/* rmsnorm over rows of h: y = x * gamma / sqrt(mean(x^2) + eps), in f32. */
int asc_adv_expand_rmsnorm(X *x) {
  static const int fields[] = {ASC_SFI(RmsNormTiling, b_length), ASC_SFI(RmsNormTiling, s_length),
                               ASC_SFI(RmsNormTiling, h_length)};
  asc_op *op = x->op;
  asc_value *dst = op->operands[ASC_OPND_ADV_RMSNORM_dst], *src = op->operands[ASC_OPND_ADV_RMSNORM_src],
      *gamma = op->operands[ASC_OPND_ADV_RMSNORM_gamma], *eps = op->operands[ASC_OPND_ADV_RMSNORM_epsilon];
  const asc_type *t = elem(src);
  if ((!is_f16(t) && !is_f32(t)) || elem(dst) != t || elem(gamma) != t)
    return bad_dtype(x, "dst, src and gamma must all be half or all be float");
  int64_t m, h;
  int sh = rows_of(x, op->operands[ASC_OPND_ADV_RMSNORM_tiling], fields, 3, src, &m, &h);
  if (sh)
    return sh < 0 ? -1 : 0;
  need_operand(x, src, m * h * asc_type_bytes(t), "src");
  need_operand(x, dst, m * h * asc_type_bytes(t), "dst");
  need_operand(x, gamma, h * asc_type_bytes(t), "gamma");
  int64_t H = up(h, 64), work = up((h + 63) / 64, 8);
  asc_value *tf = tmp_f32(x, 5, (8 + work + 2 * H + (is_f16(t) ? H : 0)) * 4);
  asc_value *red = tf, *wk = view(x, tf, asc_b_i32(&x->b, 8)), *sq = view(x, tf, asc_b_i32(&x->b, 8 + work));
  asc_value *row = view(x, tf, asc_b_i32(&x->b, 8 + work + H)), *g = is_f16(t)
      ? view(x, tf, asc_b_i32(&x->b, 8 + work + 2 * H)) : gamma;
  asc_value *Hc = asc_b_i32(&x->b, h), *one = asc_b_i32(&x->b, 1);
  if (is_f16(t))
    CAST(x, g, gamma, R_NONE, Hc);
  asc_value *e = asc_type_is_float(eps->type) ? cast_scalar(x, ASC_OP_EXTF, eps, x->f32)
                                              : &asc_b_op(&x->b, ASC_OP_SITOFP, &eps, 1, x->f32)->results[0];
  loop L;
  asc_value *r = for_begin(x, asc_b_i32(&x->b, 0), asc_b_i32(&x->b, m), asc_b_i32(&x->b, 1), &L);
  asc_value *o = asc_b_arith(&x->b, ASC_OP_MULI, r, Hc);
  asc_value *s = view(x, src, o), *d = view(x, dst, o), *w = s;
  if (is_f16(t)) {
    CAST(x, row, s, R_NONE, Hc);
    w = row;
  }
  vop(x, ASC_OP_MUL, (asc_value *[]){sq, w, w}, 3, Hc);
  vop(x, ASC_OP_REDUCE_SUM, (asc_value *[]){red, sq, wk}, 3, Hc);
  vop(x, ASC_OP_MULS, (asc_value *[]){red, red, asc_b_float(&x->b, x->f32, 1.0 / (double)h)}, 3, one);
  vop(x, ASC_OP_ADDS, (asc_value *[]){red, red, e}, 3, one);
  vop(x, ASC_OP_SQRT, (asc_value *[]){red, red}, 2, one);
  asc_value *rms = getv(x, red, asc_b_i32(&x->b, 0));
  asc_value *inv = asc_b_arith(&x->b, ASC_OP_DIVF, asc_b_float(&x->b, x->f32, 1.0), rms);
  vop(x, ASC_OP_MULS, (asc_value *[]){row, w, inv}, 3, Hc);
  if (is_f16(t)) {
    vop(x, ASC_OP_MUL, (asc_value *[]){row, row, g}, 3, Hc);
    CAST(x, d, row, R_RINT, Hc);
  } else {
    vop(x, ASC_OP_MUL, (asc_value *[]){d, row, g}, 3, Hc);
  }
  for_end(x, &L);
  return 0;
}
