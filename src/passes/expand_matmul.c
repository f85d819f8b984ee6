/* expand_matmul.c - asc.adv.Matmul's ops (ops.def, "asc.adv.Matmul") become the cube
 * instructions that compute them, as Ascend C's matmul header library does on the AIC:
 *
 *   for each baseM x baseN tile of C (in the tiling's iterate order):
 *     for each baseK slice of K:
 *       MTE2  A slice, B slice GM -> L1 (ND -> Nz); on the first slice the bias row GM -> L1
 *       MTE1  L1 -> L0A (Zz), L0B (Zn; the transposing load when B is K x N); bias L1 -> BT
 *       M     mmad into L0C (the first slice starts C from zero, or from the bias)
 *     FIX     L0C -> C (GM, row-major f32 / s32)
 *
 * The operands of every matmul op are (c, a, b, bias, workspace, quant vector, tm, tn, tk, orgM,
 * orgN, orgKa, orgKb, baseM, baseN, baseK, iterateOrder, isBias, quant scalar, scalar A, scalar
 * B[, tile]) (OP_* and S_* below) - the front-end only marshals the Matmul object's state into
 * them.  Loops whose bounds are runtime values (the tiling is a kernel argument) become scf.for;
 * tails are min()s.  The FIX pipe converts L0C to C's type (quantmode); a scalar A / B fills its
 * L1 tile (init_const_value); get_tensor_c outside `with iterate()` takes its tile from a counter
 * in the workspace (asc_mm_ctr_*, expand_matmul_msg.c).
 *
 * Ordering (docs/hardware.md, "asc.adv.Matmul"): one buffer per memory, each stage waiting with a
 * set_flag / wait_flag pair for what it overwrites or reads (MTE2 -> MTE1 -> M per slice; the next
 * slice's copies after these loads, MTE1 -> MTE2, its loads after this mmad, M -> MTE1; M -> FIX ->
 * M around the fixpipe, UnitFlag hand-overs in iterate_all's tile loop, FIX -> MTE2 after it).
 * When the tiling double-buffers L1 (S_DBUF) A's and B's L1 are ping-pong halves chosen by a run-time
 * value, with the same instructions either way (kloop_pp); L0 has one buffer.  The MDL template (attribute
 * mdl) copies K in packets of several slices (kloop_mdl).  Correct for any tiling; slower than the header
 * library (no L0 double buffers).
 *
 * Memory: the Matmul owns the AIC memories from address 0 (L1: A 64 KiB, B 64 KiB, bias
 * 1 KiB, quant words 8 KiB; L0A, L0B, L0C, BT from 0); in a cube-only kernel they are TBufs of
 * the kernel's TPipe (pipe_buffers).
 *
 * The operand layout and the expansion's state (mm) are in expand_matmul.h; the tiling's runtime
 * checks in expand_matmul_tiling.c; operands in local memory in expand_matmul_local.c; the workspace's
 * message slots in expand_matmul_msg.c; en_atomic in expand_matmul_atomic.c. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ops/hw_ir.h"
#include "passes/expand_matmul.h"
#include "passes/matmul_workspace.h"
#include "passes/passes.h"

/* Library work the scalar unit does here (hw.def HW_LIBWORK, docs/timing.md "Cube, Matmul and MIX"). */
static void libwork(gen *g, int id) {
  asc_op *op = asc_b_op(g, ASC_OP_MATMUL_LIBWORK, NULL, 0, NULL);
  asc_op_set_attr(g->m, op, "work", asc_attr_int(g->m, asc_type_int(g->ctx, 64, false), id));
}

/* The event id of the Matmul's flags of event (which 1: the second MTE1_MTE2 / MTE2_MTE1 id): the kernel's
 * TPipe's (pipe_buffers), else 0 (1 for the second). */
static asc_value *evid(gen *g, int event, int which) {
  const evtab *ev = g->aux;
  asc_value *two = ev && which ? ev->second[event != ASC_EVENT_MTE1_MTE2] : NULL;
  if (two)
    return two;
  if (which)
    return asc_b_i32(g, 1);
  for (int i = 0; ev && i < ev->n; i++)
    if (ev->event[i] == event)
      return ev->id[i];
  return asc_b_i32(g, which);
}

static asc_op *set_ev(gen *g, int event, asc_value *id) {
  asc_op *s = asc_b_op(g, ASC_OP_SET_FLAG, &id, 1, NULL);
  asc_op_set_attr(g->m, s, "event", asc_attr_enum(g->m, ASC_ENUM_EVENT, event));
  return s;
}

static void wait_ev(gen *g, int event, asc_value *id) {
  asc_op *w = asc_b_op(g, ASC_OP_WAIT_FLAG, &id, 1, NULL);
  asc_op_set_attr(g->m, w, "event", asc_attr_enum(g->m, ASC_ENUM_EVENT, event));
}

/* A set_flag / wait_flag pair; unit: a UnitFlag hand-over of L0C (M_FIX / FIX_M, docs/timing.md). */
static void flag_unit(gen *g, int event, bool unit) {
  asc_value *id = evid(g, event, 0);
  asc_op *s = set_ev(g, event, id);
  if (unit)
    asc_op_set_attr(g->m, s, "unit", asc_attr_int(g->m, asc_type_int(g->ctx, 64, false), 1));
  wait_ev(g, event, id);
}

void asc_mm_flag(gen *g, int event) { flag_unit(g, event, false); }

static asc_value *ltensor(gen *g, const asc_type *elem, int pos, int64_t byte_addr, int64_t bytes) {
  asc_value *ops[] = {asc_b_i32(g, byte_addr), asc_b_i32(g, bytes / asc_type_bytes(elem))};
  asc_op *op = asc_b_op(g, ASC_OP_LOCAL_TENSOR, ops, 2, asc_type_ltensor(g->ctx, elem, NULL, 0, pos));
  asc_op_set_attr(g->m, op, "pos", asc_attr_enum(g->m, ASC_ENUM_POS, pos));
  return asc_b_res(op);
}

void asc_mm_op3(gen *g, asc_opcode code, asc_value *a, asc_value *b, asc_value *c) {
  asc_value *ops[] = {a, b, c};
  asc_b_op(g, code, ops, 3, NULL);
}




/* Half of A's and of B's 64 KiB of L1: the ping-pong buffers of kloop_pp. */
enum { L1_HALF = 32 * 1024 };

/* (mi, ni) of tile t in the tiling's iterate order (0: M first). */
static void tilepos(gen *g, mm *x, asc_value *t, asc_value **m0, asc_value **n0, asc_value **mc, asc_value **nc) {
  asc_value *mt = asc_b_bin(g, ASC_OP_CEILDIVSI, x->s[S_TM], x->s[S_BM]);
  asc_value *nt = asc_b_bin(g, ASC_OP_CEILDIVSI, x->s[S_TN], x->s[S_BN]);
  asc_value *mfirst = asc_b_cmp(g, 0, x->s[S_ORDER], asc_b_i32(g, 0));
  asc_value *mi = asc_b_sel(g, mfirst, asc_b_bin(g, ASC_OP_REMSI, t, mt), asc_b_bin(g, ASC_OP_DIVSI, t, nt));
  asc_value *ni = asc_b_sel(g, mfirst, asc_b_bin(g, ASC_OP_DIVSI, t, mt), asc_b_bin(g, ASC_OP_REMSI, t, nt));
  *m0 = asc_b_mul(g, mi, x->s[S_BM]);
  *n0 = asc_b_mul(g, ni, x->s[S_BN]);
  *mc = asc_b_bin(g, ASC_OP_MINSI, x->s[S_BM], asc_b_bin(g, ASC_OP_SUBI, x->s[S_TM], *m0));
  *nc = asc_b_bin(g, ASC_OP_MINSI, x->s[S_BN], asc_b_bin(g, ASC_OP_SUBI, x->s[S_TN], *n0));
}

static void alloc(gen *g, mm *x) {
  enum { KB = 1024 };
  x->a1 = ltensor(g, x->ein, ASC_POS_A1, 0, x->mdl ? MDL_A_BYTES : 64 * KB);
  x->b1 = ltensor(g, x->ein, ASC_POS_B1, x->mdl ? MDL_B_L1 : 64 * KB, x->mdl ? MDL_B_BYTES : 64 * KB);
  x->a2 = ltensor(g, x->ein, ASC_POS_A2, 0, 64 * KB);
  x->b2 = ltensor(g, x->ein, ASC_POS_B2, 0, 64 * KB);
  x->c1 = x->co1 ? x->co1 : ltensor(g, x->eacc, ASC_POS_CO1, 0, 128 * KB);
  if (x->bias) {
    x->bias1 = ltensor(g, x->eacc, ASC_POS_C1, 128 * KB, KB);
    x->bt = ltensor(g, x->eacc, ASC_POS_C2, 0, KB);
    /* zeros past the bias row: the L1 -> BT copy moves whole 64-byte blocks */
    asc_value *z = asc_b_i32(g, 0), *one = asc_b_i32(g, 1);
    asc_InitConstValueParams_fields f = {.repeat_times = one, .block_num = asc_b_i32(g, KB / 32), .dst_gap = z,
                                         .init_value = z};
    asc_build_init_const_value(g, x->bias1, asc_build_InitConstValueParams(g, f));
  }
  if (x->quant == Q_VECTOR) /* the tile's quant words (u64), for fixpipe's cbuf_workspace */
    x->qv1 = ltensor(g, x->vqv->type->elem, ASC_POS_C1, QV_L1, QV_BYTES);
  if (x->sparse)
    x->idx1 = ltensor(g, x->vqv->type->elem, ASC_POS_B1, IDX_L1, IDX_BYTES);
}

/* ---- MatmulWithSparse (set_sparse_index; docs/adv.md, "Matmul modes") ----
 * B is given as Ascend C's sparse Matmul takes it: the 4:2 dense form of B transposed (N x K/2 int8,
 * ND, row stride orgKb / 2) and its 2-bit index matrix as uint8 in Nz (column blocks of 8 bytes =
 * 32 dense k, 16-row fractals of 128 bytes, ceil16(orgN) rows a block).  Per K slice (k0 a
 * multiple of 64: the tiling's baseK): MTE2 copies the dense B tile (nc x kc/2) ND -> Nz and, per 32
 * dense k, the nc16 x 8 index bytes (contiguous in the Nz index) into L1, so index fractal f sits at
 * 128 f as dense fractal f at 512 f; MTE1 load_data_with_sparse takes both into L0B; M
 * mmad_with_sparse picks A's columns by the indices. */
static void sparse_b_l1(gen *g, mm *x, asc_value *n0, asc_value *nc, asc_value *k0, asc_value *kc,
                        asc_value *n16, asc_value *n1) {
  asc_value *zero = asc_b_i32(g, 0), *one = asc_b_i32(g, 1), *half = asc_b_bin(g, ASC_OP_DIVSI, kc, asc_b_i32(g, 2));
  asc_value *orgkd = asc_b_bin(g, ASC_OP_DIVSI, x->s[S_ORGKB], asc_b_i32(g, 2));
  asc_value *boff = asc_b_add(g, asc_b_mul(g, n0, orgkd), asc_b_bin(g, ASC_OP_DIVSI, k0, asc_b_i32(g, 2)));
  asc_Nd2NzParams_fields f = {.nd_num = one, .n_value = nc, .d_value = half, .src_nd_matrix_stride = zero,
                              .src_d_value = orgkd, .dst_nz_c0_stride = n16, .dst_nz_n_stride = one,
                              .dst_nz_matrix_stride = zero};
  asc_build_data_copy_nd2nz(g, x->b1, asc_b_gtsub(g, x->vb, boff), asc_build_Nd2NzParams(g, f));
  loopctx il;
  asc_value *kb = asc_b_for(g, asc_b_cdiv(g, half, 32), &il);
  asc_value *col = asc_b_add(g, asc_b_bin(g, ASC_OP_DIVSI, k0, asc_b_i32(g, 64)), kb); /* the index's column block */
  asc_value *ioff = asc_b_add(g, asc_b_mul(g, col, asc_b_mulk(g, asc_b_up(g, x->s[S_ORGN], 16), 8)),
                              asc_b_mulk(g, n0, 8));
  asc_build_data_copy(g, asc_b_ltsub(g, x->idx1, asc_b_mulk(g, asc_b_mul(g, kb, n1), 128)),
      asc_b_gtsub(g, x->vqv, ioff), asc_b_mulk(g, n16, 8));
  asc_b_end(g, &il);
}

static void sparse_b_l0(gen *g, mm *x, asc_value *kc, asc_value *n1) {
  asc_value *zero = asc_b_i32(g, 0), *one = asc_b_i32(g, 1);
  loopctx jl;
  asc_value *j = asc_b_for(g, asc_b_cdiv(g, asc_b_bin(g, ASC_OP_DIVSI, kc, asc_b_i32(g, 2)), 32), &jl);
  asc_LoadData2DParams_fields f = {.start_index = asc_b_mul(g, j, n1), .repeat_times = n1, .src_stride = one,
                                   .sid = zero, .dst_gap = zero, .if_transpose = zero, .addr_mode = zero};
  asc_value *dst = asc_b_ltsub(g, x->b2, asc_b_mulk(g, asc_b_mul(g, j, n1), 512));
  asc_build_load_data_sparse(g, dst, x->b1, x->idx1, asc_build_LoadData2DParams(g, f));
  asc_b_end(g, &jl);
}

/* L1 bytes [from, from + 32 * blocks) := the scalar s (i32) in A/B's type (set_tensor_a/b(scalar)). */
static void fill(gen *g, asc_value *l1, asc_value *blocks, asc_value *s) {
  asc_value *z = asc_b_i32(g, 0);
  asc_value *v = asc_b_res(asc_b_op(g, ASC_OP_SITOFP, &s, 1, asc_type_float(g->ctx, 32, false)));
  asc_InitConstValueParams_fields f = {.repeat_times = asc_b_i32(g, 1), .block_num = blocks, .dst_gap = z,
                                       .init_value = v};
  asc_build_init_const_value(g, l1, asc_build_InitConstValueParams(g, f));
}

/* GM (K x cols from off, rows org elements apart) -> L1 as Nz, one 16-row band of K at a time:
 * the layout the 4-byte transposing load needs (its 16 x 16 square is two side-by-side 16 x 8
 * fractals, consecutive in L1), so band r starts nblk fractals after band r - 1. */
static void copy_k_bands(gen *g, asc_value *l1, asc_value *gm, asc_value *off, asc_value *bands, asc_value *kc,
                         asc_value *cols, asc_value *nblk, asc_value *org) {
  loopctx bl;
  asc_value *zero = asc_b_i32(g, 0), *one = asc_b_i32(g, 1);
  asc_value *r = asc_b_for(g, bands, &bl);
  asc_value *rows = asc_b_bin(g, ASC_OP_MINSI, asc_b_i32(g, 16), asc_b_bin(g, ASC_OP_SUBI, kc, asc_b_mulk(g, r, 16)));
  asc_Nd2NzParams_fields f = {.nd_num = one, .n_value = rows, .d_value = cols, .src_nd_matrix_stride = zero,
                              .src_d_value = org, .dst_nz_c0_stride = asc_b_i32(g, 16), .dst_nz_n_stride = one,
                              .dst_nz_matrix_stride = zero};
  asc_build_data_copy_nd2nz(g, asc_b_ltsub(g, l1, asc_b_mulk(g, asc_b_mul(g, r, nblk), 256)),
      asc_b_gtsub(g, gm, asc_b_add(g, off, asc_b_mul(g, asc_b_mulk(g, r, 16), org))),
          asc_build_Nd2NzParams(g, f));
  asc_b_end(g, &bl);
}

/* One K slice of one tile of C: its extents and what each stage of it reads. */
typedef struct slice {
  asc_value *m0, *n0, *mc, *nc;     /* the tile's origin and extent in C */
  asc_value *m16, *m1, *n1, *n16;   /* ... rounded up to 16 rows / in blocks of 16 */
  asc_value *k0, *kc, *k1, *k16;    /* the slice of K; k1 in column blocks of C0 */
  asc_value *ka16, *kb16;           /* f32 A K x M / f32 B K x N: the slice's 16-row bands of K */
  asc_value *first;                 /* i1: the slice starts C (from zero or from the bias) */
  asc_value *bfirst;                /* i1: the bias enters on this slice (NULL: no bias) */
  asc_value *zero, *one;
  asc_value *pk16, *pks, *bbase;    /* in an MDL packet (kloop_mdl): the packet's K rounded up to 16, the
                                     * slice's first k in it, its first fractal of B (N x K); else NULL */
  bool a32t, b8t, b32t;             /* f32 A K x M, int8 B K x N, f32 B K x N: the transposing loads' layouts */
} slice;

/* Nd2NzParams of one ND matrix, n rows of d elements srcd apart, into Nz with the C0 stride c0s. */
static asc_Nd2NzParams_fields nd2nz(const slice *s, asc_value *n, asc_value *d, asc_value *srcd, asc_value *c0s) {
  return (asc_Nd2NzParams_fields){.nd_num = s->one, .n_value = n, .d_value = d, .src_nd_matrix_stride = s->zero,
                                  .src_d_value = srcd, .dst_nz_c0_stride = c0s, .dst_nz_n_stride = s->one,
                                  .dst_nz_matrix_stride = s->zero};
}

/* LoadData2DParams of a load of rep fractals from start, src_stride apart (no gaps). */
static asc_LoadData2DParams_fields ld2d(const slice *s, asc_value *start, asc_value *rep, asc_value *stride,
                                        bool transpose) {
  return (asc_LoadData2DParams_fields){.start_index = start, .repeat_times = rep, .src_stride = stride,
                                       .sid = s->zero, .dst_gap = s->zero,
                                       .if_transpose = transpose ? s->one : s->zero, .addr_mode = s->zero};
}

/* The transposing load of rep squares from start, src_stride apart, into dst: the L0 fractals
 * dst_gap apart, each square's two frac_gap apart. */
static void ld2dt(gen *g, const slice *s, asc_value *dst, asc_value *src, asc_value *start, asc_value *rep,
                  asc_value *stride, asc_value *dst_gap, asc_value *frac_gap) {
  asc_LoadData2dTransposeParams_fields f = {.start_index = start, .repeat_times = rep, .src_stride = stride,
                                            .dst_gap = dst_gap, .dst_frac_gap = frac_gap, .addr_mode = s->zero};
  asc_build_load_data_transpose(g, dst, src, asc_build_LoadData2dTransposeParams(g, f));
}

/* Slice ki of K: its extent, and whether it starts C. */
static void slice_at(gen *g, mm *x, slice *s, asc_value *ki) {
  s->k0 = asc_b_mul(g, ki, x->s[S_BK]);
  s->kc = asc_b_bin(g, ASC_OP_MINSI, x->s[S_BK], asc_b_bin(g, ASC_OP_SUBI, x->s[S_TK], s->k0));
  s->k1 = asc_b_cdiv(g, s->kc, x->c0);
  s->k16 = asc_b_up(g, s->kc, 16);
  /* with en_partial_sum no slice is first (ki is never -1): L0C is not reset, nor the bias added */
  s->first = x->wpsum ? asc_b_cmp(g, 0, asc_b_add(g, ki, x->wpsum), asc_b_i32(g, 0))
                      : asc_b_cmp(g, 0, ki, asc_b_i32(g, x->psum ? -1 : 0));
  s->zero = asc_b_i32(g, 0);
  s->one = asc_b_i32(g, 1);
  /* the bias enters on the first slice when set_bias gave one and the tiling's isBias is set */
  s->bfirst = x->bias ? asc_b_sel(g, s->first, asc_b_cmp(g, 1, x->s[S_ISBIAS], s->zero), s->first) : NULL;
}

/* A's slice as an ND -> Nz copy: its parameters into f, its offset in A returned. */
static asc_value *a_nd(gen *g, mm *x, const slice *s, asc_Nd2NzParams_fields *f) {
  if (!x->ta) {
    asc_value *off = asc_b_add(g, asc_b_mul(g, s->m0, x->lda), s->k0);
    *f = nd2nz(s, s->mc, s->kc, x->lda, s->m16);
    return off;
  }
  asc_value *off = asc_b_add(g, asc_b_mul(g, s->k0, x->lda), s->m0);
  *f = nd2nz(s, s->kc, s->mc, x->lda, x->esz == 1 ? asc_b_up(g, s->kc, 32) : s->k16);
  return off;
}

/* B's slice as an ND -> Nz copy, as A's.  int8 B K x N: the transposing load takes 32 x 32
 * squares, two 16 x 32 fractals stacked, so B's column blocks in L1 are K rounded up to 32 rows apart. */
static asc_value *b_nd(gen *g, mm *x, const slice *s, asc_Nd2NzParams_fields *f) {
  if (!x->tb) {
    asc_value *off = asc_b_add(g, asc_b_mul(g, s->k0, x->ldb), s->n0);
    *f = nd2nz(s, s->kc, s->nc, x->ldb, s->b8t ? asc_b_up(g, s->kc, 32) : s->k16);
    return off;
  }
  asc_value *off = asc_b_add(g, asc_b_mul(g, s->n0, x->ldb), s->k0);
  *f = nd2nz(s, s->nc, s->kc, x->ldb, s->n16);
  return off;
}

/* MTE2: A's slice GM -> L1 as Nz (nd: a_nd's copy), or the scalar A. */
static void a_to_l1(gen *g, mm *x, const slice *s, asc_value *off, const asc_Nd2NzParams_fields *nd) {
  if (x->ascalar) { /* the A tile's Nz bytes (m16 rows x k1 column blocks of 32 bytes) := the scalar */
    fill(g, x->a1, asc_b_mul(g, s->m16, s->k1), x->s[S_ASCALAR]);
  } else if (x->aloc == LOC_L1) {
    /* in place: the MTE1 loads below read the whole matrix's fractals */
  } else if (x->anz && s->a32t) {
    asc_mm_nzbands(g, x, x->a1, x->va, s->k0, s->m0, s->kc, s->mc, s->m1, x->lda);
  } else if (x->anz) {
    asc_mm_nzcopy(g, x, x->a1, x->va, x->ta ? s->k0 : s->m0, x->ta ? s->m0 : s->k0, x->ta ? s->kc : s->mc,
           x->ta ? s->mc : s->kc, x->lda, x->ta && x->esz == 1 ? 32 : 16);
  } else if (s->a32t) { /* f32 A K x M: L1 in 16-row bands of K as for f32 B K x N */
    copy_k_bands(g, x->a1, x->va, off, s->ka16, s->kc, s->mc, s->m1, x->lda);
  } else {
    asc_build_data_copy_nd2nz(g, x->a1, asc_b_gtsub(g, x->va, off), asc_build_Nd2NzParams(g, *nd));
  }
}

/* MTE2: B's slice GM -> L1, as A's.  f32 B K x N goes in 16-row bands of K for the transposing
 * load (squares along N consecutive, bands n1 squares apart). */
static void b_to_l1(gen *g, mm *x, const slice *s, asc_value *off, const asc_Nd2NzParams_fields *nd) {
  if (x->sparse) {
    sparse_b_l1(g, x, s->n0, s->nc, s->k0, s->kc, s->n16, s->n1);
  } else if (x->bscalar) { /* B as N x K (tb): n16 rows x k1 column blocks := the scalar */
    fill(g, x->b1, asc_b_mul(g, s->n16, s->k1), x->s[S_BSCALAR]);
  } else if (x->bloc == LOC_L1) {
    /* in place, as A */
  } else if (x->bnz && s->b32t) {
    asc_mm_nzbands(g, x, x->b1, x->vb, s->k0, s->n0, s->kc, s->nc, s->n1, x->ldb);
  } else if (x->bnz) {
    asc_mm_nzcopy(g, x, x->b1, x->vb, x->tb ? s->n0 : s->k0, x->tb ? s->k0 : s->n0, x->tb ? s->nc : s->kc,
           x->tb ? s->kc : s->nc, x->ldb, s->b8t ? 32 : 16);
  } else if (s->b32t) {
    copy_k_bands(g, x->b1, x->vb, off, s->kb16, s->kc, s->nc, s->n1, x->ldb);
  } else {
    asc_build_data_copy_nd2nz(g, x->b1, asc_b_gtsub(g, x->vb, off), asc_build_Nd2NzParams(g, *nd));
  }
}

/* MTE2 on the bias's slice: its row of nc elements GM -> L1 (ND -> "Nz" with a C0 stride of one
 * row: contiguous). */
static void bias_to_l1(gen *g, mm *x, const slice *s) {
  if (!x->bias || x->biasloc == LOC_L1)
    return;
  loopctx il;
  asc_b_if(g, s->bfirst, &il);
  asc_build_data_copy_nd2nz(g, x->bias1, asc_b_gtsub(g, x->vbias, s->n0),
                            asc_build_Nd2NzParams(g, nd2nz(s, s->one, s->nc, s->nc, s->one)));
  asc_b_end(g, &il);
}

/* MTE1: a grid of U x V fractals into dst (fractal u V + v) from src (fractal base + u su + v sv), in as few
 * load_data_2d as the layout allows (each pays the load's dT, docs/timing.md): one per 255 fractals when
 * the source runs in the destination's order (contig: su = V, sv = 1), else min(U, V) loads, one per u
 * (V fractals, sv apart) or one per v (U fractals su apart, V - 1 fractals skipped between them in dst),
 * chosen by value: the same instructions either way. */
static void ld_grid(gen *g, mm *x, const slice *s, asc_value *dst, asc_value *src, asc_value *base, asc_value *U,
                    asc_value *V, asc_value *su, asc_value *sv, bool contig, bool transpose) {
  loopctx il;
  asc_value *frac = asc_b_i32(g, 16 * x->c0); /* elements of a 512-byte fractal */
  if (contig) {
    asc_value *n = asc_b_mul(g, U, V), *lim = asc_b_i32(g, 255);
    asc_value *c = asc_b_mul(g, asc_b_for(g, asc_b_cdiv(g, n, 255), &il), lim);
    asc_value *rep = asc_b_bin(g, ASC_OP_MINSI, lim, asc_b_bin(g, ASC_OP_SUBI, n, c));
    asc_LoadData2DParams_fields f = ld2d(s, asc_b_add(g, base, c), rep, s->one, transpose);
    asc_build_load_data_2d(g, asc_b_ltsub(g, dst, asc_b_mul(g, c, frac)), src, asc_build_LoadData2DParams(g, f));
    asc_b_end(g, &il);
    return;
  }
  asc_value *byv = asc_b_cmp(g, 2, V, U); /* V < U: one load per v */
  asc_value *q = asc_b_for(g, asc_b_bin(g, ASC_OP_MINSI, U, V), &il);
  asc_value *start = asc_b_add(g, base, asc_b_mul(g, q, asc_b_sel(g, byv, sv, su)));
  asc_value *d = asc_b_mul(g, asc_b_sel(g, byv, q, asc_b_mul(g, q, V)), frac);
  asc_LoadData2DParams_fields f = ld2d(s, start, asc_b_sel(g, byv, U, V), asc_b_sel(g, byv, su, sv), transpose);
  f.dst_gap = asc_b_sel(g, byv, asc_b_bin(g, ASC_OP_SUBI, V, s->one), s->zero);
  asc_build_load_data_2d(g, asc_b_ltsub(g, dst, d), src, asc_build_LoadData2DParams(g, f));
  asc_b_end(g, &il);
}

/* MTE1, f32 A K x M: square (band r, m block q) -> L0A fractals (q, 2r) and (q, 2r + 1); with k1
 * odd the last square's second fractal spills into block q + 1's first, which the next load rewrites. */
static void a_l0_t32(gen *g, mm *x, const slice *s) {
  loopctx il;
  asc_value *q = asc_b_for(g, s->m1, &il);
  asc_value *dst = asc_b_ltsub(g, x->a2, asc_b_mulk(g, asc_b_mul(g, q, s->k1), 16 * x->c0));
  ld2dt(g, s, dst, x->a1, q, s->ka16, s->m1, s->one, s->zero);
  asc_b_end(g, &il);
}

/* MTE1, int8 A K x M: square (m block q of 32, k block r) -> L0A fractals (2q, r), (2q + 1, r). */
static void a_l0_t8(gen *g, mm *x, const slice *s) {
  loopctx il;
  asc_value *q = asc_b_for(g, asc_b_cdiv(g, s->mc, 32), &il);
  asc_value *dst = asc_b_ltsub(g, x->a2, asc_b_mulk(g, asc_b_mul(g, asc_b_mulk(g, q, 2), s->k1), 16 * x->c0));
  asc_value *start = asc_b_mul(g, q, s->k1);
  ld2dt(g, s, dst, x->a1, start, s->k1, s->one, s->zero, asc_b_bin(g, ASC_OP_SUBI, s->k1, s->one));
  asc_b_end(g, &il);
}

/* MTE1: A's rows of fractals L1 -> L0A (Zz): fractal (m block u, k block v) to u k1 + v.  A in L1 in
 * place: fractal (row block r, column block c) of the whole Nz matrix is fractal c * h16 + r (h16 = its
 * height / 16), so the tile starts at (m0, k0) or (k0, m0). */
static void a_l0_2d(gen *g, mm *x, const slice *s) {
  bool al1 = x->aloc == LOC_L1;
  asc_value *ah16 = al1 ? asc_b_cdiv(g, x->lda, 16) : NULL;
  asc_value *abase = !al1 ? s->zero : x->ta ? asc_mm_l1frac(g, x, s->k0, s->m0, ah16) : asc_mm_l1frac(g, x, s->m0, s->k0, ah16);
  asc_value *src = al1 ? x->va : x->a1;
  if (!x->ta) /* Nz of A (M x K): (u, v) at v m1 + u (v h16 + u in place) */
    ld_grid(g, x, s, x->a2, src, abase, s->m1, s->k1, s->one, al1 ? ah16 : s->m1, false, false);
  else /* Nz of A^T (K x M), each fractal transposed: (u, v) at u k1 + v (u h16 + v in place) */
    ld_grid(g, x, s, x->a2, src, abase, s->m1, s->k1, al1 ? ah16 : s->k1, s->one, !al1, true);
}

/* MTE1, f32 B K x N: square (band r, n block q) -> L0B fractals (k block 2r, q) and (2r + 1, q): n1 apart. */
static void b_l0_t32(gen *g, mm *x, const slice *s) {
  loopctx jl;
  asc_value *r = asc_b_for(g, s->kb16, &jl);
  asc_value *dst = asc_b_ltsub(g, x->b2, asc_b_mulk(g, asc_b_mul(g, r, s->n1), 2 * 16 * x->c0));
  asc_value *start = asc_b_mul(g, r, s->n1);
  ld2dt(g, s, dst, x->b1, start, s->n1, s->one, s->zero, asc_b_bin(g, ASC_OP_SUBI, s->n1, s->one));
  asc_b_end(g, &jl);
}

/* MTE1, int8 B K x N: square (n block q of 32, k block j) -> L0B fractals (j, 2q) and (j, 2q + 1);
 * with n1 odd the last square's second fractal spills into row j + 1, which the next load rewrites. */
static void b_l0_t8(gen *g, mm *x, const slice *s) {
  loopctx jl;
  asc_value *j = asc_b_for(g, s->k1, &jl);
  asc_value *dst = asc_b_ltsub(g, x->b2, asc_b_mulk(g, asc_b_mul(g, j, s->n1), 16 * x->c0));
  ld2dt(g, s, dst, x->b1, j, asc_b_cdiv(g, s->nc, 32), s->k1, s->one, s->zero);
  asc_b_end(g, &jl);
}

/* MTE1: B's fractals L1 -> L0B (Zn): fractal (k block u, n block v) to u n1 + v; in place from L1 as A. */
static void b_l0_2d(gen *g, mm *x, const slice *s) {
  bool bl1 = x->bloc == LOC_L1;
  asc_value *bh16 = bl1 ? asc_b_cdiv(g, x->ldb, 16) : NULL;
  asc_value *bbase = s->bbase ? s->bbase : !bl1 ? s->zero : x->tb ? asc_mm_l1frac(g, x, s->n0, s->k0, bh16) : asc_mm_l1frac(g, x, s->k0, s->n0, bh16);
  asc_value *src = bl1 ? x->vb : x->b1;
  if (!x->tb) /* Nz of B (K x N), each fractal transposed: (u, v) at v k16 / 16 + u (v h16 + u in place) */
    ld_grid(g, x, s, x->b2, src, bbase, s->k1, s->n1, s->one, bl1 ? bh16 : asc_b_cdiv(g, s->k16, 16), false, true);
  else /* Nz of B^T (N x K): (u, v) at u n1 + v (u h16 + v in place) */
    ld_grid(g, x, s, x->b2, src, bbase, s->k1, s->n1, bl1 ? bh16 : s->n1, s->one, !bl1, false);
}

/* MTE1 of a slice of an MDL packet (NORM: the slice alone, a packet of one), A (M x K) and B (K x N): one
 * load_data_3d_v2 each, as the library's LoadToL0A / LoadToL0B take an f16 slice in either template.  A packet's Nz (column blocks of C0 columns, rows consecutive
 * in each) is the img2col feature map H 1 x W rows x the columns as channels: with a 1 x 1 filter its
 * matrix X is the packet itself, and the load moves the block [m start, + m extension) x [k start, + k
 * extension) of X: into L0A as Zz (A: all m16 rows, the slice's k16 columns from pks), into L0B as Zn
 * with each fractal transposed (B: X's rows are B's K, its channels B's N: the slice's k16 rows from pks,
 * all n16 columns), the layouts ld_grid's loads give.  The feature map's rows are whole 16-row
 * fractals, so a tile of mc % 16 rows (A) or a slice of kc % 16 (B) would read the rows no copy wrote
 * (the sanitizer's uninitialised read: the load takes them as data): those take ld_grid's loads from their
 * place in the packet, chosen by value. */
static void a_l0_3d(gen *g, mm *x, const slice *s) {
  loopctx il;
  asc_op *f = asc_b_if(g, asc_b_cmp(g, 0, asc_b_bin(g, ASC_OP_REMSI, s->mc, asc_b_i32(g, 16)), s->zero), &il);
  asc_LoadData3DParamsV2_fields p = {.l1_h = s->one, .l1_w = s->m16, .channel_size = s->pk16,
                                     .k_extension = s->k16, .m_extension = s->m16, .k_start_pt = s->pks,
                                     .m_start_pt = s->zero};
  asc_build_load_data_3d_v2(g, x->a2, x->a1, asc_build_LoadData3DParamsV2(g, p));
  asc_b_else(g, f); /* fractal (u, v) of the slice at (pks / 16 + v) m1 + u */
  asc_value *base = asc_b_mul(g, asc_b_bin(g, ASC_OP_DIVSI, s->pks, asc_b_i32(g, 16)), s->m1);
  ld_grid(g, x, s, x->a2, x->a1, base, s->m1, s->k1, s->one, s->m1, false, false);
  asc_b_end(g, &il);
}

static void b_l0_3d(gen *g, mm *x, const slice *s) {
  loopctx il;
  asc_op *f = asc_b_if(g, asc_b_cmp(g, 0, asc_b_bin(g, ASC_OP_REMSI, s->kc, asc_b_i32(g, 16)), s->zero), &il);
  asc_LoadData3DParamsV2_fields p = {.l1_h = s->one, .l1_w = s->pk16, .channel_size = s->n16,
                                     .k_extension = s->n16, .m_extension = s->k16, .k_start_pt = s->zero,
                                     .m_start_pt = s->pks};
  asc_build_load_data_3d_v2(g, x->b2, x->b1, asc_build_LoadData3DParamsV2(g, p));
  asc_b_else(g, f); /* fractal (u, v) of the slice at v pk16 / 16 + pks / 16 + u, transposed */
  asc_value *base = asc_b_bin(g, ASC_OP_DIVSI, s->pks, asc_b_i32(g, 16));
  ld_grid(g, x, s, x->b2, x->b1, base, s->k1, s->n1, s->one, asc_b_bin(g, ASC_OP_DIVSI, s->pk16, asc_b_i32(g, 16)),
          false, true);
  asc_b_end(g, &il);
}

/* MTE1 on the slice's first: the bias L1 -> BT. */
static void bias_to_bt(gen *g, mm *x, const slice *s) {
  if (!x->bias)
    return;
  loopctx il;
  asc_b_if(g, s->bfirst, &il);
  asc_build_data_copy(g, x->bt, x->biasloc == LOC_L1 ? asc_b_ltsub(g, x->vbias, s->n0) : x->bias1, s->n16);
  asc_b_end(g, &il);
}

/* M: C (+)= A * B; the first slice starts C from zero, or from the bias. */
static void mmad(gen *g, mm *x, const slice *s) {
  asc_value *zero = s->zero, *one = s->one;
  asc_value *init = asc_b_sel(g, s->first, one, zero);
  asc_MmadParams_fields mp = {.m = s->mc, .n = s->nc, .k = s->kc, .is_bias = zero, .fm_offset = zero,
                              .en_ssparse = zero, .en_winograd_a = zero, .en_winograd_b = zero, .unit_flag = zero,
                              .cmatrix_source = zero, .cmatrix_init_val = init, .k_direction_align = zero};
  if (!x->bias) {
    (x->sparse ? asc_build_mmad_sparse : asc_build_mmad)(g, x->c1, x->a2, x->b2, asc_build_MmadParams(g, mp));
    return;
  }
  loopctx il;
  asc_op *f = asc_b_if(g, s->bfirst, &il);
  asc_MmadParams_fields mpb = mp;
  mpb.is_bias = one;
  asc_build_mmad_bias(g, x->c1, x->a2, x->b2, x->bt, asc_build_MmadParams(g, mpb));
  asc_b_else(g, f);
  asc_build_mmad(g, x->c1, x->a2, x->b2, asc_build_MmadParams(g, mp));
  asc_b_end(g, &il);
}

/* iterate_all's tile t needs A's L1 tile copied unless the tile before it (t - 1, the same loop) had the
 * same rows and K is one slice (np: one MDL packet): the library keeps A's L1 tile (depthA1) across the
 * tiles of its rows.  NULL: always copied (a tile of iterate, whose caller may use L1 between tiles; a
 * scalar or L1 A). */
static asc_value *a_needed(gen *g, mm *x, asc_value *t, asc_value *np) {
  if (!x->tileloop || x->ascalar || x->aloc == LOC_L1)
    return NULL;
  asc_value *mt = asc_b_bin(g, ASC_OP_CEILDIVSI, x->s[S_TM], x->s[S_BM]);
  asc_value *nt = asc_b_bin(g, ASC_OP_CEILDIVSI, x->s[S_TN], x->s[S_BN]);
  asc_value *mfirst = asc_b_cmp(g, 0, x->s[S_ORDER], asc_b_i32(g, 0));
  asc_value *p = asc_b_bin(g, ASC_OP_SUBI, t, asc_b_i32(g, 1));
  asc_value *mi = asc_b_sel(g, mfirst, asc_b_bin(g, ASC_OP_REMSI, t, mt), asc_b_bin(g, ASC_OP_DIVSI, t, nt));
  asc_value *mp = asc_b_sel(g, mfirst, asc_b_bin(g, ASC_OP_REMSI, p, mt), asc_b_bin(g, ASC_OP_DIVSI, p, nt));
  asc_value *first = asc_b_cmp(g, 0, t, asc_b_i32(g, 0));
  asc_value *fills = np ? np : asc_b_bin(g, ASC_OP_CEILDIVSI, x->s[S_TK], x->s[S_BK]);
  asc_value *slices = asc_b_cmp(g, 4, fills, asc_b_i32(g, 1));
  asc_value *moved = asc_b_cmp(g, 1, mi, mp);
  return asc_b_sel(g, first, first, asc_b_sel(g, slices, slices, moved)); /* first || slices > 1 || moved */
}

/* MTE2 of slice s: A (when anew, or always if NULL), B and the bias GM -> L1 (x->a1, x->b1). */
static void slice_copies(gen *g, mm *x, slice *s, asc_value *anew) {
  asc_Nd2NzParams_fields nda, ndb;
  asc_value *aoff = a_nd(g, x, s, &nda);
  asc_value *boff = b_nd(g, x, s, &ndb);
  s->ka16 = s->a32t ? asc_b_cdiv(g, s->kc, 16) : NULL;
  loopctx al = {0};
  if (anew)
    asc_b_if(g, anew, &al);
  a_to_l1(g, x, s, aoff, &nda);
  if (anew)
    asc_b_end(g, &al);
  s->kb16 = s->b32t ? asc_b_cdiv(g, s->kc, 16) : NULL;
  b_to_l1(g, x, s, boff, &ndb);
  bias_to_l1(g, x, s);
}

/* MTE1 and M of slice s: L1 (x->a1, x->b1) -> L0A / L0B (/ BT), the mmad; the flags after them.  ev:
 * the MTE1 -> MTE2 event id these loads set for the copies that overwrite their L1 buffer (kloop_pp,
 * which waits for it before them), or NULL: a set_flag / wait_flag pair right after the loads (release:
 * else none, kloop_mdl's packet sets it after its last slice). */
static void slice_compute(gen *g, mm *x, slice *s, asc_value *ev, bool release) {
  slice one = *s; /* NORM: the slice alone in L1 is a packet of one slice (a_l0_3d / b_l0_3d) */
  if (!one.pk16)
    one.pk16 = one.k16, one.pks = one.zero;
  if (s->pk16 || x->a3d)
    a_l0_3d(g, x, &one);
  else if (s->a32t)
    a_l0_t32(g, x, s);
  else if (x->esz == 1 && x->ta)
    a_l0_t8(g, x, s);
  else
    a_l0_2d(g, x, s);
  if ((s->pk16 && !x->tb) || x->b3d)
    b_l0_3d(g, x, &one);
  else if (x->sparse)
    sparse_b_l0(g, x, s->kc, s->n1);
  else if (s->b32t)
    b_l0_t32(g, x, s);
  else if (s->b8t)
    b_l0_t8(g, x, s);
  else
    b_l0_2d(g, x, s);
  bias_to_bt(g, x, s);
  if (ev)
    set_ev(g, ASC_EVENT_MTE1_MTE2, ev);
  else if (release)
    asc_mm_flag(g, ASC_EVENT_MTE1_MTE2); /* the next slice's copies overwrite L1 once these loads have read it */
  asc_mm_flag(g, ASC_EVENT_MTE1_M);
  mmad(g, x, s);
  asc_mm_flag(g, ASC_EVENT_M_MTE1); /* the next slice's loads overwrite L0A / L0B / BT once the mmad has read them */
}

/* One L1 buffer per operand: slice k's copies wait for slice k - 1's loads (MTE1 -> MTE2), its loads
 * for its copies and slice k - 1's mmad.  A bias, a sparse B, a MIX kernel's server. */
static void kloop_single(gen *g, mm *x, const slice *tl, asc_value *t, asc_value *nk) {
  loopctx kl;
  slice s = *tl;
  slice_at(g, x, &s, asc_b_for(g, nk, &kl));
  slice_copies(g, x, &s, a_needed(g, x, t, NULL));
  asc_mm_flag(g, ASC_EVENT_MTE2_MTE1);
  slice_compute(g, x, &s, NULL, true);
  asc_b_end(g, &kl);
}

/* i32 db: 1 when the tiling double-buffers L1 (S_DBUF: the front-end's reading of the depths), K has
 * more than one slice here (a tail may leave one) and a base slice of A and of B each fit half of their
 * 64 KiB (32-rounded rows x 32-rounded baseK); else 0.  A value, never a branch: kloop_pp's
 * instructions are the same for both. */
static asc_value *dbuf_of(gen *g, mm *x, asc_value *nk) {
  asc_value *k32 = asc_b_up(g, x->s[S_BK], 32);
  asc_value *lim = asc_b_i32(g, L1_HALF / x->esz);
  asc_value *afits = asc_b_cmp(g, 3, asc_b_mul(g, asc_b_up(g, x->s[S_BM], 32), k32), lim);
  asc_value *bfits = asc_b_cmp(g, 3, asc_b_mul(g, asc_b_up(g, x->s[S_BN], 32), k32), lim);
  asc_value *c = asc_b_sel(g, afits, bfits, afits);
  c = asc_b_sel(g, c, asc_b_cmp(g, 1, x->s[S_DBUF], asc_b_i32(g, 0)), c);
  c = asc_b_sel(g, c, asc_b_cmp(g, 4, nk, asc_b_i32(g, 1)), c);
  return asc_b_sel(g, c, asc_b_i32(g, 1), asc_b_i32(g, 0));
}

/* Whether tiles take kloop_pp: not with a bias, a sparse B or in a MIX server, whose L1 has one buffer
 * (the bias row's, the sparse index's; the server's calls are the AIVs'). */
static bool pingpong(const mm *x) { return !x->sparse && !x->bias && !x->mix; }

/* Before kloop_pp's first tile: both MTE1 -> MTE2 ids set (the halves are free); after its last, both
 * waited, so set and wait pair up whatever db and the slice counts were. */
static void pp_open(gen *g) {
  set_ev(g, ASC_EVENT_MTE1_MTE2, evid(g, ASC_EVENT_MTE1_MTE2, 0));
  set_ev(g, ASC_EVENT_MTE1_MTE2, evid(g, ASC_EVENT_MTE1_MTE2, 1));
}

static void pp_close(gen *g) {
  wait_ev(g, ASC_EVENT_MTE1_MTE2, evid(g, ASC_EVENT_MTE1_MTE2, 0));
  wait_ev(g, ASC_EVENT_MTE1_MTE2, evid(g, ASC_EVENT_MTE1_MTE2, 1));
}

/* The L1 of A and B as ping-pong halves when db is 1 (the library's double-buffered L1, docs/timing.md
 * "Cube, Matmul and MIX"), one buffer when it is 0, with ONE instruction sequence for both: slice k
 * goes to half h = k & db (A's and B's L1 at h x 32 KiB); its copies wait for MTE1 -> MTE2 id ev[h],
 * which the last loads that read half h set, and set MTE2 -> MTE1 id in[h] for its loads.  With db 1
 * slice k's copies wait for slice k - 2's loads, so MTE2 runs a slice ahead of MTE1 and M; with db 0
 * for slice k - 1's, as kloop_single.  Across tiles the same holds (half h's last reader set ev[h]);
 * pp_open / pp_close around the tiles.  L0A / L0B stay one buffer. */
static void kloop_pp(gen *g, mm *x, const slice *tl, asc_value *t, asc_value *nk, asc_value *db) {
  asc_value *a1 = x->a1, *b1 = x->b1, *half = asc_b_i32(g, L1_HALF / x->esz);
  loopctx kl;
  slice s = *tl;
  asc_value *k = asc_b_for(g, nk, &kl);
  slice_at(g, x, &s, k);
  asc_value *h = asc_b_bin(g, ASC_OP_ANDI, k, db);
  asc_value *odd = asc_b_cmp(g, 1, h, asc_b_i32(g, 0));
  asc_value *ev = asc_b_sel(g, odd, evid(g, ASC_EVENT_MTE1_MTE2, 1), evid(g, ASC_EVENT_MTE1_MTE2, 0));
  asc_value *in = asc_b_sel(g, odd, evid(g, ASC_EVENT_MTE2_MTE1, 1), evid(g, ASC_EVENT_MTE2_MTE1, 0));
  asc_value *off = asc_b_mul(g, h, half);
  x->a1 = asc_b_ltsub(g, a1, off);
  x->b1 = asc_b_ltsub(g, b1, off);
  wait_ev(g, ASC_EVENT_MTE1_MTE2, ev); /* the loads that read this half are done */
  /* the previous slice's copies wrote this half when db is 0 (ordered then by that flag) and the
   * other one when it is 1: the static passes (auto-sync, verify-sync), which do not know db, see a
   * possible MTE2 write after write either way, so the order is stated here, the same in every
   * path (MTE2 runs its copies one after another: no time) */
  asc_op *pb = asc_b_op(g, ASC_OP_PIPE_BARRIER, NULL, 0, NULL);
  asc_op_set_attr(g->m, pb, "pipe", asc_attr_enum(g->m, ASC_ENUM_PIPEID, ASC_PIPEID_PIPE_MTE2));
  slice_copies(g, x, &s, a_needed(g, x, t, NULL));
  set_ev(g, ASC_EVENT_MTE2_MTE1, in); /* the half's copies are in: an id per half, as MTE2 may be a slice */
  wait_ev(g, ASC_EVENT_MTE2_MTE1, in); /* ahead (slice k + 1's set before slice k's wait) */
  slice_compute(g, x, &s, ev, true);
  x->a1 = a1, x->b1 = b1;
  asc_b_end(g, &kl);
}

/* The MDL template's packets (get_mdl_config; its KLoop's outer loop of stepK base slices, docs/timing.md
 * "Cube, Matmul and MIX"): *pk base slices a packet, min(stepKa, stepKb) (S_DBUF >> 1, the front-end's)
 * when a packet of A and of B fits its buffer (half of it when the depths double-buffer, S_DBUF & 1), else
 * 1; *db as dbuf_of's, over packets.  Values, never branches.  (baseK is whole column blocks, 16 f16: the
 * tiling's check, so a slice starts a column block of its packet.) */
static void mdl_plan(gen *g, mm *x, asc_value *nk, asc_value **pk, asc_value **db) {
  asc_value *word = x->s[S_DBUF], *one = asc_b_i32(g, 1), *zero = asc_b_i32(g, 0);
  asc_value *bit = asc_b_bin(g, ASC_OP_ANDI, word, one);
  asc_value *p0 = asc_b_bin(g, ASC_OP_MAXSI, asc_b_bin(g, ASC_OP_DIVSI, word, asc_b_i32(g, 2)), one);
  asc_value *halves = asc_b_add(g, bit, one);
  asc_value *w = asc_b_mul(g, asc_b_mul(g, p0, x->s[S_BK]), halves); /* K elements of the packets in a buffer */
  asc_value *afits = asc_b_cmp(g, 3, asc_b_mul(g, asc_b_up(g, x->s[S_BM], 16), w), asc_b_i32(g, MDL_A_BYTES / x->esz));
  asc_value *bfits = asc_b_cmp(g, 3, asc_b_mul(g, asc_b_up(g, x->s[S_BN], 16), w), asc_b_i32(g, MDL_B_BYTES / x->esz));
  asc_value *ok = asc_b_sel(g, afits, bfits, afits);
  *pk = asc_b_sel(g, ok, p0, one);
  asc_value *many = asc_b_cmp(g, 4, asc_b_bin(g, ASC_OP_CEILDIVSI, nk, *pk), one);
  *db = asc_b_sel(g, many, bit, zero);
}

/* The K loop of the MDL template (its KLoop's outer and inner loops): packet j, pk base slices from slice
 * j pk (fewer at K's end), comes into L1 with ONE copy of A (rows of pk baseK) and one of B (pk baseK
 * rows), into half h = j & db of their packet buffers; then its slices go L1 -> L0 and through the mmad
 * one after another, each loading its fractals at its place in the packet.  The hand-overs are
 * kloop_pp's, per packet: the copies wait for MTE1 -> MTE2 id ev[h] and set MTE2 -> MTE1 id in[h]; the
 * packet's last slice sets ev[h] after its mmad's M -> MTE1 hand-over (its loads are done by then). */
static void kloop_mdl(gen *g, mm *x, const slice *tl, asc_value *t, asc_value *nk, asc_value *db, asc_value *pk) {
  asc_value *a1 = x->a1, *b1 = x->b1;
  asc_value *np = asc_b_bin(g, ASC_OP_CEILDIVSI, nk, pk);
  asc_value *kb = x->tb ? asc_b_bin(g, ASC_OP_DIVSI, x->s[S_BK], asc_b_i32(g, 16)) : NULL; /* a slice's column blocks */
  loopctx jl, il;
  slice ps = *tl;
  asc_value *j = asc_b_for(g, np, &jl);
  asc_value *j0 = asc_b_mul(g, j, pk);
  ps.zero = asc_b_i32(g, 0);
  ps.one = asc_b_i32(g, 1);
  ps.k0 = asc_b_mul(g, j0, x->s[S_BK]);
  ps.kc = asc_b_bin(g, ASC_OP_MINSI, asc_b_mul(g, pk, x->s[S_BK]), asc_b_bin(g, ASC_OP_SUBI, x->s[S_TK], ps.k0));
  ps.k1 = asc_b_cdiv(g, ps.kc, x->c0);
  ps.k16 = asc_b_up(g, ps.kc, 16);
  asc_value *h = asc_b_bin(g, ASC_OP_ANDI, j, db);
  asc_value *odd = asc_b_cmp(g, 1, h, ps.zero);
  asc_value *ev = asc_b_sel(g, odd, evid(g, ASC_EVENT_MTE1_MTE2, 1), evid(g, ASC_EVENT_MTE1_MTE2, 0));
  asc_value *in = asc_b_sel(g, odd, evid(g, ASC_EVENT_MTE2_MTE1, 1), evid(g, ASC_EVENT_MTE2_MTE1, 0));
  x->a1 = asc_b_ltsub(g, a1, asc_b_mul(g, h, asc_b_i32(g, MDL_A_BYTES / 2 / x->esz)));
  x->b1 = asc_b_ltsub(g, b1, asc_b_mul(g, h, asc_b_i32(g, MDL_B_BYTES / 2 / x->esz)));
  wait_ev(g, ASC_EVENT_MTE1_MTE2, ev); /* the loads that read this half are done */
  asc_op *pb = asc_b_op(g, ASC_OP_PIPE_BARRIER, NULL, 0, NULL); /* as kloop_pp's */
  asc_op_set_attr(g->m, pb, "pipe", asc_attr_enum(g->m, ASC_ENUM_PIPEID, ASC_PIPEID_PIPE_MTE2));
  slice_copies(g, x, &ps, a_needed(g, x, t, np));
  set_ev(g, ASC_EVENT_MTE2_MTE1, in);
  wait_ev(g, ASC_EVENT_MTE2_MTE1, in);
  asc_value *cnt = asc_b_bin(g, ASC_OP_MINSI, pk, asc_b_bin(g, ASC_OP_SUBI, nk, j0));
  asc_value *i = asc_b_for(g, cnt, &il);
  slice s = *tl;
  slice_at(g, x, &s, asc_b_add(g, j0, i));
  s.pk16 = ps.k16;
  s.pks = asc_b_mul(g, i, x->s[S_BK]);
  if (x->tb) /* B's Nz of N x K: the slice's column blocks from i baseK / 16 */
    s.bbase = asc_b_mul(g, asc_b_mul(g, i, kb), s.n1);
  slice_compute(g, x, &s, NULL, false);
  asc_b_end(g, &il);
  set_ev(g, ASC_EVENT_MTE1_MTE2, ev);
  x->a1 = a1, x->b1 = b1;
  asc_b_end(g, &jl);
}

/* Tile t of C into L0C, K slice after K slice: MTE2 to L1, MTE1 to L0, M, each stage waiting for
 * what it overwrites or reads (kloop_pp, or kloop_single: pingpong).  In iterate_all's tile loop
 * x->db is the loop's (pp_open / pp_close around it); else the tile opens and closes its own. */
static void tile(gen *g, mm *x, asc_value *t) {
  slice s = {0};
  /* the library's per-tile bookkeeping, the template's (docs/timing.md, "Cube, Matmul and MIX") */
  libwork(g, x->tmdl ? ASC_HW_LIBWORK_MM_TILE_MDL : ASC_HW_LIBWORK_MM_TILE);
  tilepos(g, x, t, &s.m0, &s.n0, &s.mc, &s.nc);
  s.m16 = asc_b_up(g, s.mc, 16);
  s.m1 = asc_b_cdiv(g, s.mc, 16);
  s.n1 = asc_b_cdiv(g, s.nc, 16);
  s.n16 = asc_b_up(g, s.nc, 16);
  s.a32t = x->esz == 4 && x->ta;
  s.b8t = x->esz == 1 && !x->tb;
  s.b32t = x->esz == 4 && !x->tb;
  asc_value *nk = asc_b_bin(g, ASC_OP_CEILDIVSI, x->s[S_TK], x->s[S_BK]);
  if (!pingpong(x)) {
    kloop_single(g, x, &s, t, nk);
  } else if (x->mdl && x->db) {
    kloop_mdl(g, x, &s, t, nk, x->db, x->pk);
  } else if (x->mdl) {
    asc_value *pk, *db;
    mdl_plan(g, x, nk, &pk, &db);
    pp_open(g);
    kloop_mdl(g, x, &s, t, nk, db, pk);
    pp_close(g);
  } else if (x->db) {
    kloop_pp(g, x, &s, t, nk, x->db);
  } else {
    pp_open(g);
    kloop_pp(g, x, &s, t, nk, dbuf_of(g, x, nk));
    pp_close(g);
  }
}

/* en_atomic k (1 add, 2 max, 3 min): set_atomic_* of C's type before the fixpipe's store, as Ascend C's
 * Matmul does, so the FIX pipe combines C's tile with what GM holds; set_atomic_none after it. */
/* L0C (tile t) -> C: into c at the tile's place (row stride orgN), or at c's start with row
 * stride baseN (a MIX tile for the vector core). */
static void fixout(gen *g, mm *x, asc_value *t, asc_value *c, bool at_tile) {
  asc_value *m0, *n0, *mc, *nc;
  tilepos(g, x, t, &m0, &n0, &mc, &nc);
  asc_value *zero = asc_b_i32(g, 0), *one = asc_b_i32(g, 1);
  bool vq = x->qpre == 4 || x->qpre == 6 || x->qpre == 8; /* per-channel: the words of columns n0.. */
  if (vq) {
    asc_DataCopyExtParams_fields f = {.block_count = one, .block_len = asc_b_mulk(g, nc, 8), .src_stride = zero,
                                      .dst_stride = zero, .rsv = zero};
    asc_mm_op3(g, ASC_OP_DATA_COPY_PAD, x->qv1, asc_b_gtsub(g, x->vqv, n0), asc_build_DataCopyExtParams(g, f));
    asc_mm_flag(g, ASC_EVENT_MTE2_FIX);
  }
  flag_unit(g, ASC_EVENT_M_FIX, x->tileloop); /* the library's UnitFlag: the fixpipe streams from the mmad */
  asc_value *dst = at_tile ? asc_b_gtsub(g, c, asc_b_add(g, asc_b_mul(g, m0, x->s[S_ORGN]), n0)) : c;
  asc_value *stride = at_tile ? x->s[S_ORGN] : x->s[S_BN];
  /* quant_pre converts L0C's f32 / s32 to C's type; deq_scalar: the quant scalar's low 32 bits (an
   * f32 scale, the only bits the modes use) */
  asc_FixpipeParamsV220_fields fp = {.n_size = nc, .m_size = mc, .src_stride = asc_b_up(g, mc, 16),
                                     .dst_stride = stride, .quant_pre = asc_b_i32(g, x->qpre),
                                     .deq_scalar = x->quant == Q_SCALAR ? x->s[S_QUANT] : zero, .nd_num = one,
                                     .src_nd_stride = zero, .dst_nd_stride = zero, .relu_en = zero, .unit_flag = zero,
                                     .is_channel_split = zero};
  asc_value *params = asc_build_FixpipeParamsV220(g, fp);
  asc_value *config = asc_build_FixpipeConfig(g, (asc_FixpipeConfig_fields){.layout = one});
  asc_mm_atomic_begin(g, x, dst);
  if (vq)
    asc_build_fixpipe_ws(g, dst, x->c1, x->qv1, params, config);
  else
    asc_build_fixpipe(g, dst, x->c1, params, config);
  asc_mm_atomic_end(g, x, dst);
  if (!x->tileloop || vq) /* vq: the next tile's quant words overwrite the ones this fixpipe reads */
    asc_mm_flag(g, ASC_EVENT_FIX_MTE2);
  flag_unit(g, ASC_EVENT_FIX_M, x->tileloop); /* the next tile's mmad writes L0C behind the fixpipe's reads */
}

/* iterate_all's loop over n tiles (from g's insertion point): tile, fixpipe into c (at_tile: at the
 * tile's place; seq: tile after tile from c's start).  The next tile's copies and loads overlap this
 * tile's fixpipe, as the library's do (docs/timing.md, "Cube, Matmul and MIX"). */
static void alltiles(gen *g, mm *x, asc_value *c, bool seq) {
  loopctx tl;
  asc_value *n = asc_b_mul(g, asc_b_bin(g, ASC_OP_CEILDIVSI, x->s[S_TM], x->s[S_BM]),
                           asc_b_bin(g, ASC_OP_CEILDIVSI, x->s[S_TN], x->s[S_BN]));
  if (x->mdl) { /* the tiles' packets and L1 halves: once for the loop, both ids set before it */
    mdl_plan(g, x, asc_b_bin(g, ASC_OP_CEILDIVSI, x->s[S_TK], x->s[S_BK]), &x->pk, &x->db);
    pp_open(g);
  } else if (pingpong(x)) { /* the tiles' L1 halves: db once for the loop, both ids set before it */
    x->db = dbuf_of(g, x, asc_b_bin(g, ASC_OP_CEILDIVSI, x->s[S_TK], x->s[S_BK]));
    pp_open(g);
  }
  asc_value *t = asc_b_for(g, n, &tl);
  x->tileloop = true;
  tile(g, x, t);
  if (seq)
    fixout(g, x, t, asc_b_gtsub(g, c, asc_b_mul(g, t, asc_b_mul(g, x->s[S_BM], x->s[S_BN]))), false);
  else
    fixout(g, x, t, c, true);
  x->tileloop = false;
  asc_b_end(g, &tl);
  if (x->db)
    pp_close(g);
  x->db = x->pk = NULL;
  asc_mm_flag(g, ASC_EVENT_FIX_MTE2); /* C is complete in GM before any later copy in */
}

static int emit_getc(gen *g, mm *x, asc_value *t) {
  if (x->vc->type->kind != ASC_TY_GTENSOR) {
    asc_error(g->ctx, asc_op_diag_loc(x->op), "%s: get_tensor_c to a local tensor needs a MIX kernel (the "
              "vector core receives C); this kernel's matmul runs on the AIC only, give C in GM",
              asc_op_name(x->op));
    return -1;
  }
  if (x->seq && x->op->code == ASC_OP_MATMUL_ITERATE_ALL) /* tile after tile: t x baseM x baseN on */
    fixout(g, x, t, asc_b_gtsub(g, x->vc, asc_b_mul(g, t, asc_b_mul(g, x->s[S_BM], x->s[S_BN]))), false);
  else
    fixout(g, x, t, x->vc, !x->seq);
  return 0;
}

static bool attrflag(const asc_op *op, const char *name) {
  const asc_attr *a = asc_op_attr(op, name);
  return a && a->i;
}

static int attrint(const asc_op *op, const char *name) {
  const asc_attr *a = asc_op_attr(op, name);
  return a ? (int)a->i : 0;
}

/* The fixpipe's QuantModes value taking L0C's eacc to C's ec (docs/hardware.md, "asc.adv.Matmul"):
 * f32 -> f16 F322F16 (1), -> bf16 F322BF16 (2), -> int8 QF322B8_PRE (5) / VQF322B8_PRE (6);
 * s32 -> f16 DEQF16 (3) / VDEQF16 (4), -> int8 REQ8 (7) / VREQ8 (8); the quantising modes take the
 * scale of set_quant_scalar / set_quant_vector.  -1: no such conversion (error given). */
static int quantmode(gen *g, mm *x) {
  const asc_type *ec = x->ec;
  if (!ec || ec == x->eacc)
    return 0;
  bool isint = asc_type_is_int(x->eacc), vec = x->quant == Q_VECTOR;
  int q = -1;
  if (!isint && asc_type_is_float(ec) && asc_type_bytes(ec) == 2)
    q = ec->is_bf16 ? 2 : 1;
  else if (asc_type_is_int(ec) && asc_type_bytes(ec) == 1)
    q = isint ? (vec ? 8 : 7) : (vec ? 6 : 5);
  else if (isint && asc_type_is_float(ec) && asc_type_bytes(ec) == 2 && !ec->is_bf16)
    q = vec ? 4 : 3;
  if (q < 0) {
    asc_error(g->ctx, asc_op_diag_loc(x->op), "%s: the fixpipe cannot turn the %s accumulator into C of this type "
              "(C is %s, or f16/bf16/int8%s)", asc_op_name(x->op), isint ? "int32" : "float32",
              isint ? "int32" : "float32", isint ? " - f16 and int8 through set_quant_scalar/vector" : "");
    return -1;
  }
  if (q >= 3 && x->quant == Q_NONE) {
    asc_error(g->ctx, asc_op_diag_loc(x->op), "%s: a %s accumulator into C of %d bytes is quantised: call "
              "set_quant_scalar or set_quant_vector first", asc_op_name(x->op), isint ? "int32" : "float32",
              asc_type_bytes(ec));
    return -1;
  }
  return q;
}

/* MatmulWithSparse's forms (Ascend C: int8 A and B, B transposed, cube-only): others are errors. */
static int sparsecheck(gen *g, mm *x) {
  const char *why = NULL;
  if (x->esz != 1 || !asc_type_is_int(x->ein))
    why = "A and B must be int8";
  else if (!x->tb || x->bscalar)
    why = "B must be the dense N x K/2 (MatmulType is_trans=True or set_tensor_b(b, True))";
  else if (x->ta || x->ascalar)
    why = "A must be M x K (not transposed, not a scalar)";
  else if (x->bias)
    why = "a bias is not implemented with a sparse B";
  else if (x->quant == Q_VECTOR || asc_type_bytes(x->vqv->type->elem) != 1)
    why = "the index must be a uint8 tensor (and no set_quant_vector)";
  else if (attrflag(x->op, "mix"))
    why = "a sparse B needs a cube-only (AIC_ONLY) kernel";
  else if (x->aloc != LOC_GM || x->bloc != LOC_GM)
    why = "A and B must be in GM";
  if (!why)
    return 0;
  asc_error(g->ctx, asc_op_diag_loc(x->op), "%s: MatmulWithSparse (set_sparse_index): %s", asc_op_name(x->op), why);
  return -1;
}

static int prepare(gen *g, mm *x, asc_op *op) {
  memset(x, 0, sizeof *x);
  x->op = op;
  int ns = op->noperands - OP_S0;
  int want = op->code == ASC_OP_MATMUL_ITERATE_ALL ? S_TILE : S_TILE + 1;
  if (ns != want) {
    asc_error(g->ctx, asc_op_diag_loc(op), "%s takes %d scalars after (c, a, b, bias, workspace, quant vector), got %d",
              asc_op_name(op), want, ns);
    return -1;
  }
  for (int i = 0; i < ns; i++)
    x->s[i] = op->operands[OP_S0 + i];
  x->vc = op->operands[OP_C], x->va = op->operands[OP_A], x->vb = op->operands[OP_B];
  x->vbias = op->operands[OP_BIAS], x->vqv = op->operands[OP_QV];
  x->ta = attrflag(op, "trans_a");
  x->tb = attrflag(op, "trans_b");
  x->bias = attrflag(op, "bias");
  x->ascalar = attrflag(op, "a_scalar");
  x->bscalar = attrflag(op, "b_scalar");
  x->quant = attrint(op, "quant");
  x->next = attrint(op, "next");
  x->seq = attrflag(op, "seq");
  x->atomic = attrint(op, "atomic");
  x->psum = attrflag(op, "psum");
  x->sparse = attrflag(op, "sparse");
  if (x->atomic < 0 || x->atomic > 3) {
    asc_error(g->ctx, asc_op_diag_loc(op), "%s: en_atomic %d is not 0 (none), 1 (add), 2 (max) or 3 (min)",
              asc_op_name(op), x->atomic);
    return -1;
  }
  x->mix = attrflag(op, "mix");
  x->anz = attrflag(op, "a_nz");
  x->bnz = attrflag(op, "b_nz");
  if (x->ascalar) /* the scalar fills A's L1 tile: the plain (M x K) route */
    x->ta = false;
  if (x->bscalar) /* ... and B's as N x K */
    x->tb = true;
  if (x->quant == Q_VECTOR && asc_type_bytes(x->vqv->type->elem) != 8) {
    asc_error(g->ctx, asc_op_diag_loc(op), "%s: the quant vector must hold 64-bit words (uint64)", asc_op_name(op));
    return -1;
  }
  x->ein = op->operands[OP_A]->type->elem;
  if (op->operands[OP_B]->type->elem != x->ein) {
    asc_error(g->ctx, asc_op_diag_loc(op), "%s: A and B must have one element type", asc_op_name(op));
    return -1;
  }
  x->esz = asc_type_bytes(x->ein);
  x->c0 = 32 / x->esz;
  bool isint = asc_type_is_int(x->ein);
  if (!(x->esz == 2 || (x->esz == 4 && !isint) || (x->esz == 1 && isint))) {
    asc_error(g->ctx, asc_op_diag_loc(op), "%s: A and B must be f16, bf16, f32 or int8", asc_op_name(op));
    return -1;
  }
  x->eacc = isint ? asc_type_int(g->ctx, 32, false) : asc_type_float(g->ctx, 32, false);
  if (op->code != ASC_OP_MATMUL_ITERATE)
    x->ec = op->nresults ? op->results[0].type->elem : op->operands[OP_C]->type->elem;
  if (asc_mm_locals(g, x) || asc_mm_user_co1(g, x))
    return -1;
  if (x->sparse && sparsecheck(g, x))
    return -1;
  /* the MDL packets (kloop_mdl) of an f16 / bf16 A (M x K) and B in GM as ND; other forms: one slice a copy */
  x->tmdl = attrflag(op, "mdl");
  x->mdl = x->tmdl && pingpong(x) && x->esz == 2 && !x->ta && x->aloc == LOC_GM &&
           x->bloc == LOC_GM && !x->anz && !x->bnz && !x->ascalar && !x->bscalar;
  /* every template: an f16 / bf16 slice of A (M x K) / B (K x N) copied ND -> Nz goes L1 -> L0 in one
   * load_data_3d_v2, as the library's LoadToL0A / LoadToL0B pick it by type and layout, not by template */
  x->a3d = x->esz == 2 && !x->ta && x->aloc == LOC_GM && !x->anz && !x->ascalar;
  x->b3d = x->esz == 2 && !x->tb && x->bloc == LOC_GM && !x->bnz && !x->bscalar && !x->sparse;
  return (x->qpre = quantmode(g, x)) < 0 ? -1 : 0;
}


/* get_offset_c: (offset, row, col, height, width) of a tile of C: its first element's index in C
 * (row stride orgN), its first row and column, its rows and columns (less at a tail).  Operands:
 * (workspace, the scalars[, tile]); the tile is the operand (next 0: `with iterate()`'s), or the one
 * the last next-form get_tensor_c took (next 2; tile 0 before any). */
static int offset_c(gen *g, asc_op *op) {
  if (op->noperands != 1 + S_TILE + 1) {
    asc_error(g->ctx, g->loc, "%s takes (workspace, %d scalars, tile)", asc_op_name(op), S_TILE);
    return -1;
  }
  mm x;
  memset(&x, 0, sizeof x);
  for (int i = 0; i <= S_TILE; i++)
    x.s[i] = op->operands[ASC_OPND_MATMUL_OFFSET_C_scalars + i];
  asc_value *t = x.s[S_TILE];
  if (attrint(op, "next"))
    t = asc_b_bin(g, ASC_OP_MAXSI, asc_mm_ctr_take(g, op->operands[ASC_OPND_MATMUL_OFFSET_C_workspace], N_LAST),
                  asc_b_i32(g, 0));
  asc_value *m0, *n0, *mc, *nc;
  tilepos(g, &x, t, &m0, &n0, &mc, &nc);
  asc_value *r[] = {asc_b_add(g, asc_b_mul(g, m0, x.s[S_ORGN]), n0), m0, n0, mc, nc};
  asc_pass_replace_op(asc_pass_scope(op), op, r);
  return 0;
}

static int expand_one(asc_module *m, asc_op *op, const evtab *ev) {
  gen g = {m, m->ctx, asc_op_diag_loc(op), op, NULL, asc_type_int(m->ctx, 32, false), asc_type_index(m->ctx), ev};
  if (op->code == ASC_OP_MATMUL_TILE_COUNT) {
    if (op->noperands < NS_TILING) {
      asc_error(g.ctx, g.loc, "%s takes the tiling scalars", asc_op_name(op));
      return -1;
    }
    asc_value *const *s = op->operands; /* tile_count takes the scalars only */
    asc_value *n = asc_b_mul(&g, asc_b_bin(&g, ASC_OP_CEILDIVSI, s[S_TM], s[S_BM]),
                             asc_b_bin(&g, ASC_OP_CEILDIVSI, s[S_TN], s[S_BN]));
    asc_pass_replace_op(asc_pass_scope(op), op, &n);
    return 0;
  }
  if (op->code == ASC_OP_MATMUL_OFFSET_C)
    return offset_c(&g, op);
  mm x;
  if (prepare(&g, &x, op))
    return -1;
  asc_mm_check_tiling(&g, &x);
  alloc(&g, &x);
  asc_mm_strides(&g, &x);
  int rc = 0;
  if (op->code == ASC_OP_MATMUL_ITERATE_ALL) {
    if (x.vc->type->kind != ASC_TY_GTENSOR)
      rc = emit_getc(&g, &x, NULL); /* the error */
    else
      alltiles(&g, &x, x.vc, x.seq);
  } else if (op->code == ASC_OP_MATMUL_ITERATE) {
    if (x.next) {
      asc_mm_ctr_reset(&g, op->operands[OP_WS]); /* a bare iterate(): get_tensor_c takes the tiles from 0 */
    } else if (x.co1) { /* the kernel's CO1: its earlier reads (FIX) before the mmads, its next after */
      asc_mm_flag(&g, ASC_EVENT_FIX_M);
      tile(&g, &x, x.s[S_TILE]);
      asc_mm_flag(&g, ASC_EVENT_M_FIX);
    } else {
      tile(&g, &x, x.s[S_TILE]);
    }
  } else if (op->nresults) {
    /* get_tensor_c() returning the tile: into this core's slot of the workspace (baseM x baseN) */
    asc_value *ws = op->operands[OP_WS];
    asc_value *t = x.next ? asc_mm_ctr_take(&g, ws, x.next) : x.s[S_TILE];
    tile(&g, &x, t);
    asc_value *slot = asc_mm_wsview(&g, ws, op->results[0].type->elem, asc_mm_slotoff(&g, asc_mm_aividx(&g)));
    fixout(&g, &x, t, slot, false);
    asc_pass_replace_op(asc_pass_scope(op), op, &slot);
    return 0;
  } else if (x.next) {
    /* get_tensor_c outside `with iterate()`: the next tile of the counter, computed here */
    asc_value *t = asc_mm_ctr_take(&g, op->operands[OP_WS], x.next);
    tile(&g, &x, t);
    rc = emit_getc(&g, &x, t);
  } else {
    rc = emit_getc(&g, &x, x.s[S_TILE]);
  }
  asc_op_unlink(op);
  return rc;
}

/* ---- MIX kernels: the AIVs call, the AIC executes (KFC) ----------------------------------
 * Each AIV writes its call into its slot of the workspace (matmul_workspace.h; kind,
 * the GM tensors as handle pairs, the scalars), then cross_core_set_flag(REQ) and
 * cross_core_wait_flag(DONE) (mode 2).  The kernel body runs on the AIVs only; the AIC runs a
 * server: wait REQ (both AIVs), execute each AIV's call in sub-block order, pipe_barrier, set
 * DONE; it stops when the AIVs send END (appended to the kernel).  In `with iterate()` the AIV
 * asks for its tile at get_tensor_c: to C in GM directly, or for a local tensor through the
 * workspace's tile slot (baseM x baseN row-major, matmul_workspace.h), which get_tensor_c then
 * copies into the tensor.  The two
 * AIVs of a block must call Matmul in step (same calls, same order), as the mode-2 flags
 * pair them; a kernel whose AIVs diverge deadlocks (reported).  A kernel with en_partial_sum is
 * "eager": iterate computes (K_COMPUTE), get_tensor_c only moves the tile out (K_FIX_*), each AIV
 * with its own half of L0C (halfl0c). */
enum { K_ITERATE_ALL = 1, K_ITERATE = 2, K_END = 3, K_TILE_GM = 4, K_ALL_LOCAL = 5, K_TILE_GM_SEQ = 6,
       K_ALL_SEQ = 7, K_COMPUTE = 8, K_FIX_GM = 9, K_FIX_SEQ = 10, K_FIX_LOCAL = 11, K_LAST = K_FIX_LOCAL,
       W_KIND = 0, W_C = 1, W_A = 3, W_B = 5, W_BIAS = 7, W_QV = 9, W_S = 11, W_LDA = W_S + NS_MAX, W_LDB,
       W_ATOMIC, W_PSUM,
       F_REQ = 9, F_DONE = 10 };


/* The AIV side of one call.  iterate sends nothing: get_tensor_c asks for the tile, into the
 * workspace for a local tensor (then copied in), or straight to C in GM.  In a kernel with partial
 * sums (eager) `with iterate()`'s iterate computes the tile into the AIV's half of L0C (K_COMPUTE)
 * and its get_tensor_c only moves it out (K_FIX_*). */
static int aivcall(gen *g, mm *x, asc_value *ws, bool eager) {
  asc_op *op = x->op;
  if (op->code == ASC_OP_MATMUL_ITERATE && (x->next || !eager)) {
    if (x->next)
      asc_mm_ctr_reset(g, ws); /* a bare iterate(): the next get_tensor_c takes tile 0 */
    return 0;
  }
  bool ret = op->nresults > 0; /* get_tensor_c() returning the tile in the workspace */
  bool local = op->code != ASC_OP_MATMUL_ITERATE && (x->vc->type->kind == ASC_TY_LTENSOR || ret);
  int kind = local ? K_ALL_LOCAL : x->seq ? K_ALL_SEQ : K_ITERATE_ALL;
  if (op->code == ASC_OP_MATMUL_ITERATE)
    kind = K_COMPUTE;
  if (op->code == ASC_OP_MATMUL_GET_TENSOR_C)
    kind = eager && !x->next ? (local ? K_FIX_LOCAL : x->seq ? K_FIX_SEQ : K_FIX_GM)
                             : (local ? K_ITERATE : x->seq ? K_TILE_GM_SEQ : K_TILE_GM);
  if (op->code == ASC_OP_MATMUL_GET_TENSOR_C && x->next)
    x->s[S_TILE] = asc_mm_ctr_take(g, ws, x->next);
  asc_value *v = asc_mm_aividx(g);
  asc_mm_strides(g, x);
  asc_mm_to_mirror(g, x, ws, v);
  asc_value *msg = asc_mm_msgof(g, ws, v);
  asc_mm_setword(g, msg, W_KIND, k64(g, kind));
  /* tensors the call does not use (a scalar A/B, no bias, no quant vector, a local C) go as the
   * workspace: the AIC never reads them, and a handle needs a bound tensor */
  asc_value *wsgt = asc_mm_wsview(g, ws, x->ein, asc_b_i32(g, 0));
  bool noc = local || op->code == ASC_OP_MATMUL_ITERATE; /* iterate's C operand is A's placeholder */
  asc_value *t[] = {noc ? wsgt : x->vc, x->ascalar ? wsgt : x->va, x->bscalar ? wsgt : x->vb,
                    x->bias ? x->vbias : wsgt, x->quant == Q_VECTOR ? x->vqv : wsgt};
  for (int i = 0; i < 5; i++) {
    asc_value *h, *len;
    asc_mm_handle(g, t[i], &h, &len);
    asc_mm_setword(g, msg, W_C + 2 * i, h);
    asc_mm_setword(g, msg, W_C + 2 * i + 1, len);
  }
  for (int i = 0; i < NS_MAX; i++) {
    asc_value *sv = x->s[i] ? x->s[i] : asc_b_i32(g, 0);
    if (i == S_ORGN && kind == K_ALL_LOCAL)
      sv = x->s[S_TN]; /* C in the vector core: tm x tn, row-major */
    asc_mm_setword(g, msg, W_S + i, ext64(g, sv));
  }
  asc_mm_setword(g, msg, W_ATOMIC, k64(g, x->atomic));
  asc_mm_setword(g, msg, W_PSUM, k64(g, x->psum));
  asc_mm_setword(g, msg, W_LDA, ext64(g, x->lda));
  asc_mm_setword(g, msg, W_LDB, ext64(g, x->ldb));
  asc_mm_writeback(g, msg);
  asc_mm_xflag(g, true, F_REQ, ASC_PIPEID_PIPE_MTE3);
  asc_mm_xflag(g, false, F_DONE, ASC_PIPEID_PIPE_MTE2);
  if (ret) {
    asc_value *slot = asc_mm_wsview(g, ws, x->ec, asc_mm_slotoff(g, v));
    asc_pass_replace_op(asc_pass_scope(op), op, &slot);
    x->op = NULL; /* replaced */
    return 0;
  }
  if (local) {
    asc_value *slot = asc_mm_wsview(g, ws, x->ec, asc_mm_slotoff(g, v));
    asc_mm_flag(g, ASC_EVENT_MTE3_MTE2); /* earlier stores and vector work on the tensor are done */
    asc_mm_flag(g, ASC_EVENT_V_MTE2);
    asc_value *n = kind == K_ITERATE || kind == K_FIX_LOCAL ? asc_b_mul(g, x->s[S_BM], x->s[S_BN])
                                                            : asc_b_mul(g, x->s[S_TM], x->s[S_TN]);
    asc_build_data_copy(g, x->vc, slot, n);
    asc_mm_flag(g, ASC_EVENT_MTE2_V);
  }
  return 0;
}

/* Partial sums in a MIX kernel: AIV sub's tiles live in L0C [sub x 64 KiB, + 64 KiB), so a tile must
 * hold at most 16384 elements (baseM x baseN), else the call stops with an error; psum: the
 * message's en_partial_sum. */
static void halfl0c(gen *g, mm *x, asc_value *c1all, int sub, asc_value *psum) {
  enum { HALF = 16384 };
  loopctx il;
  asc_b_if(g, asc_b_cmp(g, 4, asc_b_mul(g, x->s[S_BM], x->s[S_BN]), asc_b_i32(g, HALF)), &il);
  static const char why[] = "asc.adv.Matmul: with en_partial_sum in a MIX kernel each vector core keeps its tile "
                            "in half of L0C: baseM x baseN must be at most 16384";
  asc_op *e = asc_b_op(g, ASC_OP_MATMUL_MISUSE, NULL, 0, NULL);
  asc_op_set_attr(g->m, e, "reason", asc_attr_str(g->m, why, sizeof why - 1));
  asc_b_end(g, &il);
  x->c1 = asc_b_ltsub(g, c1all, asc_b_i32(g, (int64_t)sub * HALF));
  x->wpsum = psum;
}

/* The AIC's server, at g's insertion point, for calls shaped like template x; atomics: some call
 * has en_atomic (the server then reads the message's W_ATOMIC); eager: some call has en_partial_sum
 * (each AIV then keeps its tile in its own 64 KiB of L0C across calls, psum read from W_PSUM). */
static void server(gen *g, mm *x, asc_value *ws, unsigned kinds, bool atomics, bool eager) {
  libwork(g, ASC_HW_LIBWORK_MM_INIT);
  alloc(g, x);
  asc_value *c1all = x->c1;
  asc_value *blk = asc_mm_aividx(g); /* on the AIC: the block */
  asc_value *one = asc_b_i32(g, 1);
  asc_op *w = asc_b_op(g, ASC_OP_WHILE, &one, 1, g->i32);
  asc_block *before = asc_region_ensure_block(g->m, &w->regions[0]);
  asc_value *r0 = asc_block_add_arg(g->m, before, g->i32);
  loopctx save = {g->pos, g->block};
  g->pos = NULL, g->block = before;
  asc_value *cops[] = {asc_b_cmp(g, 1, r0, asc_b_i32(g, 0)), r0};
  asc_b_op(g, ASC_OP_CONDITION, cops, 2, NULL);
  asc_block *after = asc_region_ensure_block(g->m, &w->regions[1]);
  asc_block_add_arg(g->m, after, g->i32);
  g->block = after;
  asc_mm_xflag(g, false, F_REQ, ASC_PIPEID_PIPE_MTE2);
  asc_value *ends = asc_b_i32(g, 0);
  const asc_type *cty = x->ec ? x->ec : x->eacc, *bty = x->vbias->type->elem, *qty = x->vqv->type->elem;
  for (int sub = 0; sub < ASC_MMWS_NAIV; sub++) {
    asc_value *v = asc_b_add(g, asc_b_mulk(g, blk, ASC_MMWS_NAIV), asc_b_i32(g, sub));
    asc_value *msg = asc_mm_msgof(g, ws, v);
    asc_value *kind = trunc32(g, asc_mm_getword(g, msg, W_KIND));
    libwork(g, ASC_HW_LIBWORK_MM_MSG); /* the message framework's handling of this AIV's call */
    for (int k = K_ITERATE_ALL; k <= K_LAST; k++) {
      if (k == K_END || !(kinds & 1u << k))
        continue; /* only the kinds of call this kernel makes */
      loopctx il;
      asc_b_if(g, asc_b_cmp(g, 0, kind, asc_b_i32(g, k)), &il);
      x->vc = asc_mm_fromhandle(g, asc_mm_getword(g, msg, W_C), asc_mm_getword(g, msg, W_C + 1), cty);
      x->va = asc_mm_fromhandle(g, asc_mm_getword(g, msg, W_A), asc_mm_getword(g, msg, W_A + 1), x->ein);
      x->vb = asc_mm_fromhandle(g, asc_mm_getword(g, msg, W_B), asc_mm_getword(g, msg, W_B + 1), x->ein);
      x->vbias = asc_mm_fromhandle(g, asc_mm_getword(g, msg, W_BIAS), asc_mm_getword(g, msg, W_BIAS + 1), bty);
      x->vqv = asc_mm_fromhandle(g, asc_mm_getword(g, msg, W_QV), asc_mm_getword(g, msg, W_QV + 1), qty);
      for (int i = 0; i < NS_MAX; i++)
        x->s[i] = trunc32(g, asc_mm_getword(g, msg, W_S + i));
      x->lda = trunc32(g, asc_mm_getword(g, msg, W_LDA));
      x->ldb = trunc32(g, asc_mm_getword(g, msg, W_LDB));
      x->aloc = x->bloc = x->biasloc = LOC_GM; /* the AIV sent GM tensors (its UB operands' copies) */
      x->watomic = atomics ? trunc32(g, asc_mm_getword(g, msg, W_ATOMIC)) : NULL;
      if (eager)
        halfl0c(g, x, c1all, sub, trunc32(g, asc_mm_getword(g, msg, W_PSUM)));
      if (k == K_COMPUTE) {
        tile(g, x, x->s[S_TILE]);
      } else if (k == K_FIX_GM || k == K_FIX_SEQ || k == K_FIX_LOCAL) {
        asc_value *c = k == K_FIX_LOCAL ? asc_mm_wsview(g, ws, cty, asc_mm_slotoff(g, v)) : x->vc;
        fixout(g, x, x->s[S_TILE], c, k == K_FIX_GM);
      } else if (k == K_ITERATE_ALL || k == K_ALL_LOCAL || k == K_ALL_SEQ) {
        /* K_ALL_LOCAL: C (tm x tn, the message's orgN is tn) into the AIV's workspace slot;
         * K_ALL_SEQ: tile after tile from C's start (baseM x baseN each) */
        asc_value *c = k == K_ALL_LOCAL ? asc_mm_wsview(g, ws, cty, asc_mm_slotoff(g, v)) : x->vc;
        alltiles(g, x, c, k == K_ALL_SEQ);
      } else if (k == K_ITERATE) {
        tile(g, x, x->s[S_TILE]);
        fixout(g, x, x->s[S_TILE], asc_mm_wsview(g, ws, cty, asc_mm_slotoff(g, v)), false);
      } else { /* K_TILE_GM: at the tile's place; K_TILE_GM_SEQ: at C's start, row stride baseN */
        tile(g, x, x->s[S_TILE]);
        fixout(g, x, x->s[S_TILE], x->vc, k == K_TILE_GM);
      }
      asc_b_end(g, &il);
    }
    ends = asc_b_add(g, ends, asc_b_sel(g, asc_b_cmp(g, 0, kind, asc_b_i32(g, K_END)), one, asc_b_i32(g, 0)));
  }
  asc_op *pb = asc_b_op(g, ASC_OP_PIPE_BARRIER, NULL, 0, NULL);
  asc_op_set_attr(g->m, pb, "pipe", asc_attr_enum(g->m, ASC_ENUM_PIPEID, ASC_PIPEID_PIPE_ALL));
  asc_value *go = asc_b_cmp(g, 0, ends, asc_b_i32(g, 0));
  loopctx il;
  asc_b_if(g, go, &il);
  asc_mm_xflag(g, true, F_DONE, ASC_PIPEID_PIPE_FIX);
  asc_b_end(g, &il);
  asc_value *nr = asc_b_sel(g, go, one, asc_b_i32(g, 0));
  asc_b_op(g, ASC_OP_YIELD, &nr, 1, NULL);
  g->pos = save.pos, g->block = save.block;
}

static bool ismix(const asc_op *op) { return attrflag(op, "mix"); }

/* tile_count and get_offset_c: scalar arithmetic where they are called (the AIVs in a MIX kernel) */
static bool scalaronly(const asc_op *op) {
  return op->code == ASC_OP_MATMUL_TILE_COUNT || op->code == ASC_OP_MATMUL_OFFSET_C;
}

/* The Matmul template of a MIX kernel (the AIC serves every call with one): the first call's, C's
 * type from the first call that writes C.  Every call must agree with it. */
static int mix_template(gen *g, mm *tmpl, asc_pass_vec *ops) {
  asc_op *first = ops->items[0];
  if (prepare(g, tmpl, first))
    return -1;
  for (size_t i = 0; i < ops->n; i++) {
    asc_op *op = ops->items[i];
    if (op->code != ASC_OP_MATMUL_ITERATE) {
      mm x;
      if (prepare(g, &x, op))
        return -1;
      tmpl->ec = x.ec, tmpl->qpre = x.qpre;
      break;
    }
  }
  for (size_t i = 1; i < ops->n; i++) {
    asc_op *op = ops->items[i];
    if (op->operands[OP_A]->type != first->operands[OP_A]->type ||
        op->operands[OP_BIAS]->type != first->operands[OP_BIAS]->type ||
        op->operands[OP_QV]->type != first->operands[OP_QV]->type ||
        attrflag(op, "trans_a") != attrflag(first, "trans_a") || attrflag(op, "trans_b") != attrflag(first, "trans_b") ||
        attrflag(op, "bias") != tmpl->bias || attrflag(op, "a_scalar") != tmpl->ascalar ||
        attrflag(op, "b_scalar") != tmpl->bscalar || attrint(op, "quant") != tmpl->quant ||
        attrflag(op, "a_nz") != tmpl->anz || attrflag(op, "b_nz") != tmpl->bnz || attrflag(op, "mdl") != tmpl->tmdl ||
        (op->code != ASC_OP_MATMUL_ITERATE &&
         (op->nresults ? op->results[0].type->elem : op->operands[OP_C]->type->elem) != tmpl->ec)) {
      asc_error(g->ctx, asc_op_diag_loc(op), "%s: a MIX kernel's Matmul calls must share A/B/bias/C types, transposes, "
                "scalar A/B, bias, quantisation and template (one Matmul object per kernel is supported)", asc_op_name(op));
      return -1;
    }
  }
  return 0;
}

/* The kinds of call (K_*) the AIVs of a MIX kernel make, as a bit set; eager: a call takes partial sums. */
static unsigned mix_kinds(const asc_pass_vec *ops, bool eager) {
  unsigned kinds = 0;
  for (size_t i = 0; i < ops->n; i++) {
    const asc_op *op = ops->items[i];
    if (eager && op->code == ASC_OP_MATMUL_ITERATE && !attrint(op, "next"))
      kinds |= 1u << K_COMPUTE;
    if (eager && op->code == ASC_OP_MATMUL_GET_TENSOR_C && !attrint(op, "next")) {
      kinds |= 1u << (op->operands[OP_C]->type->kind == ASC_TY_LTENSOR || op->nresults ? K_FIX_LOCAL
                      : attrflag(op, "seq")                            ? K_FIX_SEQ
                                                                       : K_FIX_GM);
      continue;
    }
    if (op->code == ASC_OP_MATMUL_ITERATE_ALL)
      kinds |= 1u << (op->operands[OP_C]->type->kind == ASC_TY_LTENSOR ? K_ALL_LOCAL
                      : attrflag(op, "seq")                            ? K_ALL_SEQ
                                                                       : K_ITERATE_ALL);
    else if (op->code == ASC_OP_MATMUL_GET_TENSOR_C)
      kinds |= 1u << (op->operands[OP_C]->type->kind == ASC_TY_LTENSOR || op->nresults ? K_ITERATE
                      : attrflag(op, "seq")                            ? K_TILE_GM_SEQ
                                                                       : K_TILE_GM);
  }
  return kinds;
}

/* The AIVs' side of a MIX kernel, in elseb: each call sends its message; then END. */
static int mix_aivs(gen *g, asc_block *elseb, asc_op *first, asc_value *ws, asc_pass_vec *ops, bool eager) {
  int rc = 0;
  for (size_t i = 0; i < ops->n; i++) {
    asc_op *op = ops->items[i];
    gen a = {g->m, g->ctx, asc_op_diag_loc(op), op, NULL, g->i32, g->idx, NULL};
    mm x;
    if (prepare(&a, &x, op))
      rc = -1;
    else if (asc_mm_check_tiling(&a, &x), aivcall(&a, &x, ws, eager))
      rc = -1;
    if (x.op) /* else aivcall replaced it (get_tensor_c's result) */
      asc_op_unlink(op);
  }
  g->block = elseb;
  g->loc = asc_op_diag_loc(first);
  asc_value *v = asc_mm_aividx(g);
  asc_value *msg = asc_mm_msgof(g, ws, v);
  asc_mm_setword(g, msg, W_KIND, k64(g, K_END));
  asc_mm_writeback(g, msg);
  asc_mm_xflag(g, true, F_REQ, ASC_PIPEID_PIPE_MTE3);
  asc_b_op(g, ASC_OP_YIELD, NULL, 0, NULL);
  return rc;
}

/* Expand the MIX calls of kernel function f: the body goes to the AIVs, the AIC serves. */
static int expand_mix(asc_module *m, asc_op *f, asc_pass_vec *ops) {
  asc_op *first = ops->items[0];
  asc_value *ws = first->operands[OP_WS];
  gen g = {m, m->ctx, asc_op_diag_loc(first), NULL, NULL, asc_type_int(m->ctx, 32, false), asc_type_index(m->ctx), NULL};
  asc_block *body = f->regions[0].block;
  if (ws->def || ws->block != body) {
    asc_error(g.ctx, g.loc, "%s: in a MIX kernel the workspace given to register_matmul must be a kernel argument "
              "(the AIC reads the vector cores' calls from it)", asc_op_name(first));
    return -1;
  }
  mm tmpl;
  if (mix_template(&g, &tmpl, ops))
    return -1;
  /* if ascend_is_aic() { server } else { body; END } */
  asc_op *term = asc_block_terminator(body);
  g.pos = body->first;
  asc_value *isaic = asc_b_res(asc_b_op(&g, ASC_OP_ASCEND_IS_AIC, NULL, 0, asc_type_int(m->ctx, 1, false)));
  asc_op *iff = asc_b_op(&g, ASC_OP_IF, &isaic, 1, NULL);
  asc_block *thenb = asc_region_ensure_block(m, &iff->regions[0]);
  asc_block *elseb = asc_region_ensure_block(m, &iff->regions[1]);
  for (asc_op *op = iff->next, *nx; op && op != term; op = nx) {
    nx = op->next;
    asc_op_unlink(op);
    asc_block_append(elseb, op);
  }
  bool atomics = false, eager = false;
  for (size_t i = 0; i < ops->n; i++) {
    eager |= attrflag(ops->items[i], "psum");
    atomics |= attrint(ops->items[i], "atomic") != 0;
  }
  g.pos = NULL, g.block = thenb;
  server(&g, &tmpl, ws, mix_kinds(ops, eager), atomics, eager);
  asc_b_op(&g, ASC_OP_YIELD, NULL, 0, NULL);
  return mix_aivs(&g, elseb, first, ws, ops, eager);
}

/* A cube-only kernel's Matmul memories come from its TPipe, as Ascend C's Matmul takes its buffers
 * from the TPipe given to REGIST_MATMUL_OBJ: TBufs initialised right after the TPipe is created,
 * so they are the first buffers of each memory (the fixed addresses alloc() uses: 0 of L1, L0A,
 * L0B, L0C, BT) and the kernel's own buffers follow them instead of overlapping. */
static void pipe_buffers(asc_module *m, asc_op *tp, const asc_op *first, evtab *ev, bool own_l0c, bool sparse,
                         bool mdl) {
  ev->n = 0;
  ev->second[0] = ev->second[1] = NULL;
  gen g = {m, m->ctx, asc_op_diag_loc(first), tp->next, NULL, asc_type_int(m->ctx, 32, false),
           asc_type_index(m->ctx), NULL};
  if (!tp->next) {
    g.pos = NULL;
    g.block = tp->parent;
  }
  static const struct { int pos, bytes; } bufs[] = {
      {ASC_POS_A1, QV_L1 + QV_BYTES}, {ASC_POS_A2, 64 * 1024}, {ASC_POS_B2, 64 * 1024},
      {ASC_POS_CO1, 128 * 1024},      {ASC_POS_C2, 1024},
  };
  for (size_t i = 0; i < sizeof bufs / sizeof bufs[0]; i++) {
    if (bufs[i].pos == ASC_POS_CO1 && !own_l0c)
      continue; /* every tile goes to the kernel's CO1 tensor (iterate(local_c_matrix=)) */
    asc_value *tb = asc_b_res(asc_b_op(&g, ASC_OP_TBUF, NULL, 0, asc_type_tbuf(m->ctx, bufs[i].pos)));
    int bytes = bufs[i].pos != ASC_POS_A1 ? bufs[i].bytes
                : mdl                      ? MDL_B_L1 + MDL_B_BYTES /* the MDL packets' buffers */
                : sparse                   ? IDX_L1 + IDX_BYTES     /* + the index */
                                           : bufs[i].bytes;
    asc_value *ops[] = {&tp->results[0], tb, asc_b_i32(&g, bytes)};
    asc_b_op(&g, ASC_OP_INIT_TBUF, ops, 3, NULL);
  }
  static const int events[] = {ASC_EVENT_MTE2_MTE1, ASC_EVENT_MTE1_MTE2, ASC_EVENT_MTE1_M, ASC_EVENT_M_MTE1,
                               ASC_EVENT_M_FIX, ASC_EVENT_FIX_MTE2, ASC_EVENT_FIX_M, ASC_EVENT_MTE2_FIX};
  for (size_t i = 0; i < sizeof events / sizeof events[0] && ev->n < NEV; i++) {
    asc_value *p = &tp->results[0];
    asc_op *a = asc_b_op(&g, ASC_OP_TPIPE_ALLOC_EVENT_ID, &p, 1, g.i32);
    asc_op_set_attr(m, a, "event", asc_attr_enum(m, ASC_ENUM_EVENT, events[i]));
    ev->event[ev->n] = events[i];
    ev->id[ev->n++] = asc_b_res(a);
  }
  for (int i = 0; i < 2; i++) {
    asc_value *p = &tp->results[0];
    asc_op *a = asc_b_op(&g, ASC_OP_TPIPE_ALLOC_EVENT_ID, &p, 1, g.i32);
    asc_op_set_attr(m, a, "event", asc_attr_enum(m, ASC_ENUM_EVENT, i ? ASC_EVENT_MTE2_MTE1 : ASC_EVENT_MTE1_MTE2));
    ev->second[i] = asc_b_res(a);
  }
}

/* Whether the Matmul uses its own L0C: some call computes into it (not only iterate with a CO1 C). */
static bool own_l0c(const asc_pass_vec *v) {
  for (size_t i = 0; i < v->n; i++) {
    const asc_op *op = v->items[i];
    if (op->code == ASC_OP_MATMUL_ITERATE_ALL || op->code == ASC_OP_MATMUL_GET_TENSOR_C ||
        (op->code == ASC_OP_MATMUL_ITERATE && !attrint(op, "next") && !asc_mm_isco1(op->operands[OP_C])))
      return true;
  }
  return false;
}

static void collect(asc_op *op, void *user) {
  if (op->code == ASC_OP_MATMUL_ITERATE_ALL || op->code == ASC_OP_MATMUL_ITERATE ||
      op->code == ASC_OP_MATMUL_GET_TENSOR_C || op->code == ASC_OP_MATMUL_TILE_COUNT ||
      op->code == ASC_OP_MATMUL_OFFSET_C)
    asc_pass_vec_push(user, op);
}

/* The TPipes and the Matmul calls of a function in walk order: a cube-only call takes the buffers and event
 * ids of the TPipe made last before it (one per kernel in Python; one per block's body in the trace of the
 * header's running mode, docs/emit.md, whose bodies each make their own) */
static void collect_pipes(asc_op *op, void *user) {
  if (op->code == ASC_OP_TPIPE)
    asc_pass_vec_push(user, op);
  else
    collect(op, user);
}

static int expand_func(asc_module *m, asc_op *f) {
  asc_pass_vec v = {0}, mix = {0};
  asc_walk(f, collect, &v);
  int rc = 0;
  /* get_tensor_c's next form without a bare iterate() before it starts from tile 0: the counter is
   * reset when the kernel starts (the workspace is a kernel argument; else at iterate() only) */
  asc_block *body = f->regions[0].block;
  for (size_t i = 0; i < v.n; i++) {
    asc_op *op = v.items[i];
    asc_value *ws = op->noperands > OP_WS ? op->operands[OP_WS] : NULL;
    if (op->code == ASC_OP_MATMUL_GET_TENSOR_C && attrint(op, "next") && ws && !ws->def && ws->block == body) {
      gen g = {m, m->ctx, asc_op_diag_loc(op), body->first, NULL, asc_type_int(m->ctx, 32, false),
               asc_type_index(m->ctx), NULL};
      asc_mm_ctr_reset(&g, ws);
      break;
    }
  }
  bool nextform = false;
  for (size_t i = 0; i < v.n; i++) {
    const asc_op *op = v.items[i];
    nextform |= (op->code == ASC_OP_MATMUL_GET_TENSOR_C || op->code == ASC_OP_MATMUL_OFFSET_C) && attrint(op, "next");
  }
  evtab ev = {{0}, {0}, 0, {NULL, NULL}};
  asc_op *cube = NULL; /* the first cube-only call */
  bool sparse = false, mdl = false;
  for (size_t i = 0; i < v.n; i++) {
    asc_op *op = v.items[i];
    sparse |= attrflag(op, "sparse");
    mdl |= attrflag(op, "mdl") && !ismix(op);
    if (!cube && !ismix(op) && !scalaronly(op))
      cube = op;
  }
  if (cube) {
    gen g = {m, m->ctx, asc_op_diag_loc(cube), body->first, NULL, asc_type_int(m->ctx, 32, false),
             asc_type_index(m->ctx), NULL};
    libwork(&g, ASC_HW_LIBWORK_MM_INIT); /* the Matmul's initialisation, when the kernel starts */
  }
  asc_pass_vec order = {0};
  asc_walk(f, collect_pipes, &order);
  for (size_t i = 0; i < order.n; i++) {
    asc_op *op = order.items[i];
    if (op->code == ASC_OP_TPIPE) { /* cube-only: the Matmul's buffers and event ids from the TPipe */
      if (cube)
        pipe_buffers(m, op, cube, &ev, own_l0c(&v), sparse, mdl);
      continue;
    }
    if (op->code == ASC_OP_MATMUL_ITERATE && attrint(op, "next") && !nextform) {
      asc_op_unlink(op); /* iterate() resets a counter no get_tensor_c reads */
      continue;
    }
    if (ismix(op) && !scalaronly(op))
      asc_pass_vec_push(&mix, op);
    else
      rc |= expand_one(m, op, &ev);
  }
  if (mix.n && !rc)
    rc |= expand_mix(m, f, &mix);
  asc_pass_vec_free(&order);
  asc_pass_vec_free(&v);
  asc_pass_vec_free(&mix);
  return rc;
}

int asc_pass_expand_matmul(asc_module *m) { return asc_pass_each_func(m, expand_func); }
