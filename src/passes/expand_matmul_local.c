/* expand_matmul_local.c - asc.adv.Matmul's operands in local memory (set_tensor_a / set_tensor_b /
 * set_bias with a LocalTensor, iterate(local_c_matrix=)): where each operand may be for the core that
 * calls the Matmul, the strides the expansion reads it with, the Nz copies of an Nz GM operand into L1,
 * and, in a MIX kernel, the AIV's copies of its UB operands into the workspace.  Part of the
 * expand-matmul pass (expand_matmul.c); the shared state is in expand_matmul.h. */
#include "ops/hw_ir.h"
#include "passes/expand_matmul.h"
#include "passes/matmul_workspace.h"

/* ---- operands in local memory (set_tensor_a/b, set_bias with a LocalTensor) ---------------
 * A LocalTensor operand is the core's whole single-shape matrix (A tm x tk, K x M when
 * transposed; B tk x tn, N x K when transposed; the bias tn elements), stored contiguously: ND
 * rows of its width, or Nz (MatmulType format NZ: 16 x C0 fractals, column block after column
 * block, the height rounded up to 16).  Who can use which memory follows from the caller's core
 * (src/hw: a memory's owning cores): a MIX kernel's Matmul is called by the AIVs, so its operands
 * are in GM or UB; on Atlas A2 / A3 no core holds both UB and L1, so, as Ascend C's Matmul client
 * does on arch 2201, the AIV copies the UB operand into the workspace (MTE3) and the AIC reads
 * that copy as a GM operand.  A cube-only kernel's Matmul runs on the AIC: operands in GM or L1
 * (used in place: the MTE1 loads read the tile's fractals from the whole matrix). */

static int operand_loc(gen *g, mm *x, asc_value *v, const char *what, bool l1ok) {
  int mem = asc_hw_type_mem(v->type);
  if (mem == ASC_HW_MEM_GM)
    return LOC_GM;
  unsigned caller = ASC_HW_MASK(x->mix ? ASC_HW_AIV : ASC_HW_AIC);
  if ((mem != ASC_HW_MEM_UB && mem != ASC_HW_MEM_L1) || !(asc_hw_mem_cores(mem) & caller)) {
    asc_error(g->ctx, asc_op_diag_loc(x->op), "%s: %s is in %s, which the %s cannot use: in a %s kernel a Matmul "
              "operand is in GM or %s", asc_op_name(x->op), what, asc_hw_mem_name(mem) ? asc_hw_mem_name(mem) : "?",
              x->mix ? "vector cores calling this MIX kernel's Matmul" : "cube core running this cube-only Matmul",
              x->mix ? "MIX" : "cube-only", x->mix ? "UB (VECIN / VECOUT / VECCALC)" : "L1 (A1 / B1 / C1)");
    return -1;
  }
  if (mem == ASC_HW_MEM_L1 && !l1ok) {
    asc_error(g->ctx, asc_op_diag_loc(x->op), "%s: %s in L1 must have format NZ (the cube loads read L1 as "
              "fractals)", asc_op_name(x->op), what);
    return -1;
  }
  return mem == ASC_HW_MEM_UB ? LOC_UB : LOC_L1;
}

/* Whether A (isb false) or B takes the plain Nz route into L1 (the one an Nz source or an L1
 * matrix in place can feed): not the f32 / int8 transposing-load layouts. */
bool asc_mm_nzcopy_ok(const mm *x, bool isb) {
  bool kxm = isb ? !x->tb : x->ta; /* stored K-major: the transposing loads */
  return !(kxm && x->esz != 2);
}

int asc_mm_locals(gen *g, mm *x) {
  if ((x->aloc = x->ascalar ? LOC_GM : operand_loc(g, x, x->va, "A", x->anz)) < 0 ||
      (x->bloc = x->bscalar ? LOC_GM : operand_loc(g, x, x->vb, "B", x->bnz)) < 0 ||
      (x->biasloc = x->bias ? operand_loc(g, x, x->vbias, "the bias", true) : LOC_GM) < 0)
    return -1;
  for (int isb = 0; isb < 2; isb++) {
    if ((isb ? x->bloc : x->aloc) == LOC_L1 && !asc_mm_nzcopy_ok(x, isb)) {
      asc_error(g->ctx, asc_op_diag_loc(x->op), "%s: %s stored %s in L1 is not supported yet (the %s transposing "
                "load takes its own L1 layout); give it %s, or in GM / UB", asc_op_name(x->op), isb ? "B" : "A",
                isb ? "K x N" : "K x M", x->esz == 1 ? "int8" : "f32", isb ? "as N x K (transposed)" : "as M x K");
      return -1;
    }
  }
  return 0;
}

/* x->lda / x->ldb: ND the stored row stride, Nz the stored height rounded up to 16.  GM: of the
 * original shape (orgM / orgKa, orgKb / orgN); a local matrix: of the single shape. */
void asc_mm_strides(gen *g, mm *x) {
  asc_value *const *s = x->s;
  bool la = x->aloc != LOC_GM, lb = x->bloc != LOC_GM;
  asc_value *arows = x->ta ? (la ? s[S_TK] : s[S_ORGKA]) : (la ? s[S_TM] : s[S_ORGM]);
  asc_value *acols = x->ta ? (la ? s[S_TM] : s[S_ORGM]) : (la ? s[S_TK] : s[S_ORGKA]);
  asc_value *brows = x->tb ? (lb ? s[S_TN] : s[S_ORGN]) : (lb ? s[S_TK] : s[S_ORGKB]);
  asc_value *bcols = x->tb ? (lb ? s[S_TK] : s[S_ORGKB]) : (lb ? s[S_TN] : s[S_ORGN]);
  x->lda = x->anz ? asc_b_up(g, arows, 16) : acols;
  x->ldb = x->bnz ? asc_b_up(g, brows, 16) : bcols;
}

/* The fractal index of element (r0, c0) (r0 a multiple of 16, c0 of C0) in an Nz matrix h16
 * fractals high. */
asc_value *asc_mm_l1frac(gen *g, mm *x, asc_value *r0, asc_value *c0, asc_value *h16) {
  return asc_b_add(g, asc_b_mul(g, asc_b_bin(g, ASC_OP_DIVSI, c0, asc_b_i32(g, x->c0)), h16),
                   asc_b_bin(g, ASC_OP_DIVSI, r0, asc_b_i32(g, 16)));
}

/* GM (Nz, h rows high) -> L1: the rc x cc block at (r0, c0) as an Nz tile up(rc, align) high (16;
 * 32 for the int8 transposing load's stacked fractals): one burst of up(rc, 16) rows (32 bytes
 * each) per column block of C0. */
void asc_mm_nzcopy(gen *g, mm *x, asc_value *l1, asc_value *gm, asc_value *r0, asc_value *c0, asc_value *rc,
                  asc_value *cc, asc_value *h, int align) {
  asc_value *r16 = asc_b_up(g, rc, 16);
  asc_value *off = asc_b_mulk(g, asc_b_add(g, asc_b_mul(g, asc_b_bin(g, ASC_OP_DIVSI, c0, asc_b_i32(g, x->c0)), h), r0),
                              x->c0);
  asc_DataCopyParams_fields f = {.block_count = asc_b_cdiv(g, cc, x->c0), .block_len = r16,
                                 .src_stride = asc_b_bin(g, ASC_OP_SUBI, h, r16),
                                 .dst_stride = asc_b_bin(g, ASC_OP_SUBI, asc_b_up(g, rc, align), r16)};
  asc_build_data_copy_params(g, l1, asc_b_gtsub(g, gm, off), asc_build_DataCopyParams(g, f));
}

/* GM (Nz, h rows high, K-major: f32 A K x M or B K x N) -> L1 in 16-row bands of K, the f32
 * transposing load's layout (as copy_k_bands): band r starts nblk 16 x 16 squares after band r - 1,
 * its column blocks (16 x 8) one after another - one burst of 16 rows per column block. */
void asc_mm_nzbands(gen *g, mm *x, asc_value *l1, asc_value *gm, asc_value *k0, asc_value *c0, asc_value *kc,
                   asc_value *cc, asc_value *nblk, asc_value *h) {
  loopctx bl;
  asc_value *r = asc_b_for(g, asc_b_cdiv(g, kc, 16), &bl);
  asc_value *col = asc_b_mul(g, asc_b_bin(g, ASC_OP_DIVSI, c0, asc_b_i32(g, x->c0)), h);
  asc_value *off = asc_b_mulk(g, asc_b_add(g, col, asc_b_add(g, k0, asc_b_mulk(g, r, 16))), x->c0);
  asc_DataCopyParams_fields f = {.block_count = asc_b_cdiv(g, cc, x->c0), .block_len = asc_b_i32(g, 16),
                                 .src_stride = asc_b_bin(g, ASC_OP_SUBI, h, asc_b_i32(g, 16)),
                                 .dst_stride = asc_b_i32(g, 0)};
  asc_build_data_copy_params(g, asc_b_ltsub(g, l1, asc_b_mulk(g, asc_b_mul(g, r, nblk), 256)),
      asc_b_gtsub(g, gm, off),
      asc_build_DataCopyParams(g, f));
  asc_b_end(g, &bl);
}

/* The elements of a local operand as stored (ND rows x ld; Nz ld x cols rounded up to C0). */
static asc_value *stored(gen *g, mm *x, bool isb) {
  bool t = isb ? x->tb : x->ta, nz = isb ? x->bnz : x->anz;
  asc_value *ld = isb ? x->ldb : x->lda;
  asc_value *rows = isb ? (t ? x->s[S_TN] : x->s[S_TK]) : (t ? x->s[S_TK] : x->s[S_TM]);
  asc_value *cols = isb ? (t ? x->s[S_TK] : x->s[S_TN]) : (t ? x->s[S_TM] : x->s[S_TK]);
  return nz ? asc_b_mul(g, ld, asc_b_up(g, cols, x->c0)) : asc_b_mul(g, rows, ld);
}


/* iterate(local_c_matrix=t) (Ascend C's Iterate(enPartialSum, localCmatrix), "the user manages
 * CO1"): the op's C is the kernel's CO1 tensor, and each tile goes there (baseM x baseN as the
 * mmads leave it: Nz, column fractals up(mc, 16) rows apart) instead of the Matmul's own L0C; the
 * kernel reads it (fixpipe).  CO1 is the AIC's: a cube-only kernel's, f32 / int32 as the
 * accumulator. */
bool asc_mm_isco1(const asc_value *v) {
  return v->type->kind == ASC_TY_LTENSOR && asc_hw_type_mem(v->type) == ASC_HW_MEM_L0C;
}

int asc_mm_user_co1(gen *g, mm *x) {
  asc_value *c = x->op->operands[OP_C]; /* without local_c_matrix: A (the front-end's filler) */
  if (x->op->code != ASC_OP_MATMUL_ITERATE || !asc_mm_isco1(c))
    return 0;
  const char *why = NULL;
  if (x->mix)
    why = "is the AIC's L0C: it needs a cube-only kernel (matmul_cube_only=True), the vector cores calling a MIX "
          "kernel's Matmul have no CO1";
  else if (c->type->elem != x->eacc)
    why = x->esz == 1 ? "must hold int32 (the accumulator of int8 A and B)" : "must hold float32 (the accumulator)";
  if (why) {
    asc_error(g->ctx, asc_op_diag_loc(x->op), "%s: local_c_matrix %s", asc_op_name(x->op), why);
    return -1;
  }
  x->co1 = c;
  return 0;
}

/* MIX, on the AIV: the UB operands of this call into the AIV's mirror of UB in the workspace
 * (matmul_workspace.h: past the message and tile slots; A, B, the bias one after the other, 32-byte
 * aligned), which then stand for them in the message. */
static asc_value *mirror(gen *g, asc_value *ws, asc_value *lt, asc_value *n, asc_value **at) {
  const asc_type *elem = lt->type->elem;
  asc_value *bytes = asc_b_mulk(g, n, asc_type_bytes(elem));
  asc_value *gm = asc_mm_wsview(g, ws, elem, *at);
  asc_value *z = asc_b_i32(g, 0), *one = asc_b_i32(g, 1);
  asc_DataCopyExtParams_fields f = {.block_count = one, .block_len = bytes, .src_stride = z, .dst_stride = z, .rsv = z};
  asc_mm_op3(g, ASC_OP_DATA_COPY_PAD, gm, lt, asc_build_DataCopyExtParams(g, f));
  *at = asc_b_add(g, *at, asc_b_up(g, bytes, 32));
  return gm;
}

void asc_mm_to_mirror(gen *g, mm *x, asc_value *ws, asc_value *aiv) {
  if (x->aloc != LOC_UB && x->bloc != LOC_UB && x->biasloc != LOC_UB)
    return;
  asc_mm_flag(g, ASC_EVENT_MTE2_MTE3); /* the operands' loads and vector work are done */
  asc_mm_flag(g, ASC_EVENT_V_MTE3);
  asc_value *at = asc_b_add(g, asc_mmws_tiles_end(g), asc_b_mulk(g, aiv, ASC_MMWS_MIRROR_BYTES));
  if (x->aloc == LOC_UB)
    x->va = mirror(g, ws, x->va, stored(g, x, false), &at), x->aloc = LOC_GM;
  if (x->bloc == LOC_UB)
    x->vb = mirror(g, ws, x->vb, stored(g, x, true), &at), x->bloc = LOC_GM;
  if (x->biasloc == LOC_UB)
    x->vbias = mirror(g, ws, x->vbias, x->s[S_TN], &at), x->biasloc = LOC_GM;
  /* the REQ flag that follows is set on MTE3: the AIC reads the copies after they have landed */
}
