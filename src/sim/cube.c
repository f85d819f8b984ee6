/* cube.c - the cube unit of the AIC (hardware.md §12.2): data_copy GM -> L1 with ND -> Nz,
 * load_data (L1/GM -> L0A/L0B fractals), mmad (L0A x L0B -> L0C), fixpipe (L0C -> GM/L1) and
 * the cube's registers.
 *
 * Layouts (docs/hardware.md, "The cube unit"): a fractal is 512 B = 16 rows of 32 B, so
 * c0 = 32 / sizeof(T) elements wide (16 for 16-bit types, 8 for f32, 32 for int8).
 *   L1 Nz    (r, c) at element (c / c0) * R + r) * c0 + c % c0, R = rows padded to 16
 *   L0A Zz   A (m x k): fractal (m / 16, k / c0) at index (m / 16) * K1 + k / c0, row-major inside
 *   L0B Zn   B (k x n): fractal (k / c0, n / 16) at index (k / c0) * N1 + n / 16, column-major inside
 *   L0C Nz   C (m x n) f32 / s32: fractal (m / 16, n / 16) at index (n / 16) * M1 + m / 16, 16 x 16 row-major
 * Every access goes through asc_sim_mem (bounds, races, uninitialised reads); each op checks
 * that its operands lie in the memories the hardware reads them from.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "sim/cube_kernels.h"
#include "sim/half.h"
#include "sim/sim_int.h"

/* The cube's registers (set_load_data_*, set_fix_pipe_pre_quant_flag, set_hf32_*). */
typedef struct sim_cube {
  int64_t boundary;
  double padv;
  int64_t rep[3];   /* LoadDataRepeatParam: repeat_time, repeat_stride, repeat_mode */
  int64_t fmat[6];  /* FMATRIX (set by each LoadData3DParamsV2 load): l1_h, l1_w, pad left/right/top/bottom */
  bool fmset;
  uint64_t quant;
  bool hf32, hf32_trans;
  /* load_data_with_sparse: the 2-bit index of each int8 of L0B (by byte address), which
   * mmad_with_sparse reads with the dense B; NULL (all 0) until the first such load */
  int64_t l0b_bytes;
  uint8_t *sidx;
} sim_cube;

static sim_cube *cubeof(sim_core *c) {
  if (!c->cube) {
    if (!(c->cube = calloc(1, sizeof *c->cube)))
      asc_die("out of memory");
    c->cube->rep[0] = 1; /* never set: one iteration (asc_load3d_v2_config.md: default 0x10000) */
    c->cube->l0b_bytes = c->lmb[ASC_HW_MEM_L0B] > 0 ? c->lmb[ASC_HW_MEM_L0B] : 0;
  }
  return c->cube;
}

void asc_sim_cube_free(sim_cube *k) {
  if (k)
    free(k->sidx);
  free(k);
}

/* At least n bytes of scratch for mmad, 64-byte aligned: the core's sim_scratch keeps it for later
 * mmads and blocks. */
static void *cubescratch(sim_core *c, size_t n) {
  sim_scratch *s = c->scr;
  if (n > s->mmcap) {
    free(s->mm);
    s->mmcap = n + n / 2;
    if (!(s->mm = aligned_alloc(64, (s->mmcap + 63) & ~(size_t)63)))
      asc_die("out of memory");
  }
  return s->mm;
}

static void scost(sim_core *c) { asc_sim_scalar(c, c->L->cost->scalar_op); }
static int esz(const sim_inst *in, int i) { return asc_type_bytes(sim_intype(in, i)->elem); }
static int edt(const sim_inst *in, int i) { return asc_sim_elem_dtype(sim_intype(in, i)); }
static int memof(sim_core *c, const sim_inst *in, int i) { return sim_hwmem(sim_in(c, in, i)->mem); }
#define MB(m) (1u << ASC_HW_MEM_##m)

/* Operand i must lie in one of the memories of mask (hw.def ids); want names them. */
static int wantmem(sim_core *c, const sim_inst *in, int i, unsigned mask, const char *arg, const char *want) {
  const sim_val *r = sim_in(c, in, i);
  int m = sim_hwmem(r->mem);
  if (r->mem != SIM_MEM_NONE && m >= 0 && (mask >> m & 1))
    return 0;
  sim_finding f = {ASC_SIM_CHK_WRONG_MEMORY, ASC_SEV_ERROR, 0, in->op, NULL, in->pipe, -1, r->mem, 0, 0};
  return asc_sim_found(c, &f, "%s: %s is in %s, but must be in %s", asc_op_name(in->op), arg,
                       r->mem == SIM_MEM_NONE ? "no memory" : m == ASC_HW_MEM_GM ? "GM" : asc_sim_mem_name(c, r->mem),
                       want);
}

/* Operand i against its row of src/ops/operand_mems.def (the verifier checks the same row where the
 * operand's type has a position). */
static int opndmem(sim_core *c, const sim_inst *in, int i) {
  unsigned mask = asc_op_operand_mems(in->op->code, i);
  const sim_val *r = sim_in(c, in, i);
  int m = sim_hwmem(r->mem);
  if (!mask || (r->mem != SIM_MEM_NONE && m >= 0 && (mask >> m & 1)))
    return 0;
  char arg[64], want[160];
  asc_op_operand_name(in->op->code, i, arg, sizeof arg);
  asc_mems_text(mask, want, sizeof want);
  return wantmem(c, in, i, mask, arg, want);
}

/* Operand i's start (plus off bytes) must be align-byte aligned (hardware.md §4). */
static int wantalign(sim_core *c, const sim_inst *in, int i, int64_t off, int align, const char *arg) {
  const sim_val *r = sim_in(c, in, i);
  int64_t a = r->off + off;
  if (r->mem >= 0 || a % align == 0)
    return 0;
  sim_finding f = {ASC_SIM_CHK_MISALIGNED, ASC_SEV_ERROR, 0, in->op, NULL, in->pipe, -1, r->mem, a, a};
  return asc_sim_found(c, &f, "%s: %s address %lld in %s is not %d-byte aligned", asc_op_name(in->op), arg,
                       (long long)a, asc_sim_mem_name(c, r->mem), align);
}

/* The alignment of an operand in memory m (hw.def HW_MEM: 512 B in L0A/L0B, a fractal; 32 B in L1). */
static int l0align(int m) { return asc_hw_mem_align(m); }

/* Mmad's destination: a whole 16 x 16 f32 fractal (Mmad.md: 256 elements), stricter than L0C's 64 B. */
enum { MMAD_DST_ALIGN = 1024 };

static int notavail(sim_core *c, const sim_inst *in, const char *what) {
  return asc_sim_err(c, in->op, "%s: %s is not available on %s (arch 2201, Atlas A2/A3)", asc_op_name(in->op), what,
                     c->L->plat->name);
}

/* Field f of the struct storage p, range-checked against src/ops/field_ranges.def (the verifier
 * checks a constant field against the same row). */
static int field(sim_core *c, const sim_inst *in, const double *p, asc_sfield f, int64_t *r) {
  return asc_sim_sfield_ranged(c, in->op, p, f, r);
}

/* Timing of a cube-side transfer of `bytes` from memory s to d on the instruction's pipe: the
 * hw.def HW_RATE of the path; GM sources and destinations go through the GM port model. */
static int xfer_unit(sim_core *c, const sim_inst *in, int s, int d, int64_t bytes, int unit);
static int xfer(sim_core *c, const sim_inst *in, int s, int d, int64_t bytes) { return xfer_unit(c, in, s, d, bytes, 0); }

/* unit: SIM_UF_FIX for a fixpipe with unit_flag 2 or 3 (timing.c asc_sim_issue_unit), else 0 */
static int xfer_unit(sim_core *c, const sim_inst *in, int s, int d, int64_t bytes, int unit) {
  int dt = 0;
  double rate = asc_hw_copy_rate(s, d, &dt);
  if (in->pipe == ASC_PIPEID_PIPE_MTE2 || in->pipe == ASC_PIPEID_PIPE_MTE3 || rate <= 0)
    return asc_sim_issue_copy(c, in, bytes);
  int64_t wb = 0; /* the fixpipe writes GM into the L2 (write-back) at the core's L2 share and AIC port at
                   * most; the dirty lines its writes evict go to HBM at the core's write share */
  if (d == ASC_HW_MEM_GM) {
    double aic = c->L->cost->aic_gm_bytes_per_cycle, in_l2 = c->l2_rate < aic ? c->l2_rate : aic;
    rate = rate < in_l2 ? rate : in_l2;
    wb = asc_sim_l2_take_wb(c);
    asc_sim_l2_take_hits(c); /* bytes written past the L2 (CACHE_MODE_DISABLE): in wb, still charged at
                              * the L2 rate here too (not a later copy's hits) */
  }
  /* the cube appendix's cycles = bytes / bandwidth + dT: the pipe is busy all of it.  An MTE1 load's dT
   * is the latency of its last bytes (docs/timing.md, MTE1): the next load moves its bytes once this
   * one's have left, as MTE2's GM reads do, so back-to-back loads pay one dT (a flag or barrier after
   * them waits for all of it) */
  int64_t occ = (int64_t)((double)bytes / rate + (double)wb / c->gm_wrate + 0.999999) + dt;
  if (d == ASC_HW_MEM_GM)
    return asc_sim_issue_gm_write(c, in, occ, bytes, wb, unit);
  if (in->pipe == ASC_PIPEID_PIPE_MTE1)
    return asc_sim_issue_unit(c, in, occ - dt, occ, unit);
  return asc_sim_issue_unit(c, in, occ, occ, unit);
}

/* ---- data_copy GM -> L1 with ND -> Nz (Nd2NzParams) ---------------------------------------- */
/* Matrix t of an nd2nz whose Nz rows are adjacent (dst_nz_n_stride 1) and whose every column
 * block lies inside its L1 tensor: each column block is taken from asc_sim_mem as one range
 * (the union of its rows' 32-byte blocks), then the rows are copied a 32-byte block at a time.
 * The bytes, the accesses the sanitizers see and the findings are those of the block-by-block
 * copy, without its per-block calls.  p: n_value, d_value, src_nd_matrix_stride, src_d_value,
 * dst_nz_c0_stride, dst_nz_n_stride, dst_nz_matrix_stride.  1: done; 0: not this case; -1: error. */
enum { ND2NZ_MAXBLK = 64, ND2NZ_AHEAD = 2 };

/* A hint to the host CPU's cache: the n bytes at address a will be read soon (no access is made;
 * an address outside any array is harmless). */
static void prefetch_bytes(uintptr_t a, int64_t n) {
  for (int64_t i = 0; i < n; i += 64)
    __builtin_prefetch((const void *)(a + (uintptr_t)i));
}
static int nd2nz_columns(sim_core *c, const sim_inst *in, const sim_val *dst, const sim_val *src, int64_t t,
                         const int64_t *p) {
  int64_t nv = p[0], dv = p[1], sms = p[2], sdv = p[3], c0s = p[4], ns = p[5], dms = p[6];
  int e = esz(in, 0), c0 = 32 / e;
  int64_t nblk = (dv + c0 - 1) / c0;
  if (ns != 1 || nv <= 0 || dv <= 0 || nblk > ND2NZ_MAXBLK)
    return 0;
  for (int64_t b = 0; b < nblk; b++)
    if (!asc_sim_mem_plain(c, dst, (t * dms + b * c0s * c0) * e, nv * 32))
      return 0;
  /* all nv source rows inside the GM tensor and array (their hull checked once): each row is then
   * only the L2 model's and the sanitizers' access, as asc_sim_mem would make it */
  int64_t first, span;
  bool plain = sdv >= 0 && !__builtin_mul_overflow(t * sms, (int64_t)e, &first) &&
               !__builtin_mul_overflow(nv - 1, sdv * e, &span) && !__builtin_add_overflow(span, dv * e, &span) &&
               asc_sim_mem_plain(c, src, first, span);
  uint8_t *col[ND2NZ_MAXBLK];
  const uint8_t *row1 = NULL; /* plain: the rows after the first, taken in one step after the destination */
  for (int64_t r = 0; r < nv; r++) {
    const uint8_t *s = plain && r   ? row1 + (r - 1) * sdv * e
                       : plain      ? asc_sim_mem_piece(c, src, t * sms * e, dv * e, false)
                                    : asc_sim_mem(c, in->op, src, (t * sms + r * sdv) * e, dv * e, "read");
    if (!s)
      return -1;
    if (r + ND2NZ_AHEAD < nv) /* GM rows lie a stride apart: fetch a later one while this one is copied */
      prefetch_bytes((uintptr_t)s + (uintptr_t)(ND2NZ_AHEAD * sdv * e), dv * e);
    if (r == 0) { /* the destination after the first source row, as the block-by-block copy has it */
      for (int64_t b = 0; b < nblk; b++)
        if (!(col[b] = asc_sim_mem(c, in->op, dst, (t * dms + b * c0s * c0) * e, nv * 32, "write")))
          return -1;
      if (plain && nv > 1)
        row1 = asc_sim_mem_rows(c, src, (t * sms + sdv) * e, dv * e, sdv * e, nv - 1, false);
    }
    int64_t full = dv / c0;
    for (int64_t b = 0; b < full; b++)
      memcpy(col[b] + r * 32, s + b * 32, 32);
    if (full < nblk) { /* the last block's tail past d_value: zeros */
      uint8_t *d = col[full] + r * 32;
      int64_t n = (dv - full * c0) * e;
      memcpy(d, s + full * 32, (size_t)n);
      memset(d + n, 0, (size_t)(32 - n));
    }
  }
  return 1;
}

int asc_exec_nd2nz(sim_core *c, const sim_inst *in) {
  const double *f = sim_in(c, in, ASC_OPND_DATA_COPY_ND2NZ_params)->fld;
  int64_t nd, nv, dv, sms, sdv, c0s, ns, dms;
  if (opndmem(c, in, 0) || opndmem(c, in, 1) ||
      field(c, in, f, ASC_SF_Nd2NzParams_nd_num, &nd) ||
      field(c, in, f, ASC_SF_Nd2NzParams_n_value, &nv) ||
      field(c, in, f, ASC_SF_Nd2NzParams_d_value, &dv) ||
      field(c, in, f, ASC_SF_Nd2NzParams_src_nd_matrix_stride, &sms) ||
      field(c, in, f, ASC_SF_Nd2NzParams_src_d_value, &sdv) ||
      field(c, in, f, ASC_SF_Nd2NzParams_dst_nz_c0_stride, &c0s) ||
      field(c, in, f, ASC_SF_Nd2NzParams_dst_nz_n_stride, &ns) ||
      field(c, in, f, ASC_SF_Nd2NzParams_dst_nz_matrix_stride, &dms) ||
      wantalign(c, in, 0, 0, l0align(ASC_HW_MEM_L1), "destination"))
    return -1;
  int e = esz(in, 0), c0 = 32 / e;
  int64_t nblk = (dv + c0 - 1) / c0, moved = 0;
  /* every 32-byte block written is a distinct block of L1 in a meaningful copy: more than L1
   * holds is a bad stride (and would only burn time) */
  if (nd * nv * nblk * 32 > c->lmb[ASC_HW_MEM_L1])
    return asc_sim_err(c, in->op, "asc.data_copy_nd2nz: %lld matrices x %lld rows x %lld blocks of 32 bytes are more "
                       "than L1 holds (%lld bytes)", (long long)nd, (long long)nv, (long long)nblk,
                       (long long)c->lmb[ASC_HW_MEM_L1]);
  const sim_val *dst = sim_in(c, in, ASC_OPND_DATA_COPY_ND2NZ_dst), *src = sim_in(c, in, ASC_OPND_DATA_COPY_ND2NZ_src);
  for (int64_t t = 0; t < nd; t++) {
    int done = nd2nz_columns(c, in, dst, src, t, (int64_t[]){nv, dv, sms, sdv, c0s, ns, dms});
    if (done < 0)
      return -1;
    if (done > 0) {
      moved += nv * dv * e;
      continue;
    }
    for (int64_t r = 0; r < nv; r++) {
      /* one source row: d_value elements, read once */
      int64_t soff = (t * sms + r * sdv) * e;
      const uint8_t *s = dv ? asc_sim_mem(c, in->op, src, soff, dv * e, "read") : NULL;
      if (dv && !s)
        return -1;
      for (int64_t b = 0; b < nblk; b++) {
        int64_t doff = (t * dms + b * c0s * c0 + r * ns * c0) * e;
        uint8_t *d = asc_sim_mem(c, in->op, dst, doff, 32, "write");
        if (!d)
          return -1;
        int64_t n = dv - b * c0 < c0 ? dv - b * c0 : c0;
        memcpy(d, s + b * c0 * e, (size_t)(n * e));
        memset(d + n * e, 0, (size_t)(32 - n * e)); /* the block's tail past d_value: zeros */
      }
      moved += dv * e;
    }
  }
  /* MTE2: the GM port, one burst per row; the gm_unit units its unaligned rows span beyond their lengths
   * (several rows: datacopy.c copycost_rows) */
  const sim_costs *k = c->L->cost;
  int64_t x = 0;
  if (in->pipe == ASC_PIPEID_PIPE_MTE2 && src->mem >= 0 && dv > 0 && nd * nv > 1)
    for (int64_t t = 0; t < nd; t++) /* matrix t's nv rows */
      x += asc_sim_gm_rows_xunits(src->off + t * sms * e, dv * e, nv, sdv * e, k->gm_unit, k->gm_block);
  return asc_sim_issue_copy_rows(c, in, moved, nd * nv, x);
}

/* ---- data_copy UB -> GM with Nz -> ND (Nz2NdParamsFull) ---------------------------------------
 * Column blocks of 16 elements: element (r, c) of matrix t at src element
 * t * src_nd_matrix_stride * 256 + (c / 16) * src_n_stride * 16 + r * 16 + c % 16; it goes to dst
 * element t * dst_nd_matrix_stride + r * dst_d_stride + c. */
int asc_exec_nz2nd(sim_core *c, const sim_inst *in) {
  const double *f = sim_in(c, in, ASC_OPND_DATA_COPY_NZ2ND_params)->fld;
  int64_t nd, nv, dv, sms, sns, dds, dms;
  if (opndmem(c, in, 0) || opndmem(c, in, 1) ||
      field(c, in, f, ASC_SF_Nz2NdParamsFull_nd_num, &nd) ||
      field(c, in, f, ASC_SF_Nz2NdParamsFull_n_value, &nv) ||
      field(c, in, f, ASC_SF_Nz2NdParamsFull_d_value, &dv) ||
      field(c, in, f, ASC_SF_Nz2NdParamsFull_src_nd_matrix_stride, &sms) ||
      field(c, in, f, ASC_SF_Nz2NdParamsFull_src_n_stride, &sns) ||
      field(c, in, f, ASC_SF_Nz2NdParamsFull_dst_d_stride, &dds) ||
      field(c, in, f, ASC_SF_Nz2NdParamsFull_dst_nd_matrix_stride, &dms) ||
      wantalign(c, in, 1, 0, l0align(ASC_HW_MEM_UB), "source"))
    return -1;
  if (dv % 16)
    return asc_sim_err(c, in->op, "asc.data_copy_nz2nd: Nz2NdParamsFull.d_value %lld is not a multiple of 16",
                       (long long)dv);
  if (nd * nv * dv * esz(in, 0) > c->lmb[ASC_HW_MEM_UB])
    return asc_sim_err(c, in->op, "asc.data_copy_nz2nd: %lld matrices of %lld x %lld elements are more than UB holds",
                       (long long)nd, (long long)nv, (long long)dv);
  int e = esz(in, 0);
  const sim_val *dst = sim_in(c, in, ASC_OPND_DATA_COPY_NZ2ND_dst), *src = sim_in(c, in, ASC_OPND_DATA_COPY_NZ2ND_src);
  for (int64_t t = 0; t < nd; t++)
    for (int64_t r = 0; r < nv; r++)
      for (int64_t cb = 0; cb < dv / 16; cb++) { /* source first: a GM write past the array is committed last */
        const uint8_t *s = asc_sim_mem(c, in->op, src, (t * sms * 256 + cb * sns * 16 + r * 16) * e, 16 * e, "read");
        uint8_t *d = s ? asc_sim_mem(c, in->op, dst, (t * dms + r * dds + cb * 16) * e, 16 * e, "write") : NULL;
        if (!d)
          return -1;
        memcpy(d, s, (size_t)(16 * e));
        asc_sim_mem_commit(c);
      }
  return asc_sim_issue_copy(c, in, nd * nv * dv * e);
}

/* ---- load_data 2D: 512-byte fractals, optionally transposed (16-bit types) ---------------- */
#if defined(__SSE2__)
/* The 8 x 8 16-bit matrix r (r[i] = row i) transposed in place: pairs, then quads, then halves
 * interleaved. */
static void tr8(__m128i r[8]) {
  __m128i t[8], u[8];
  for (int i = 0; i < 4; i++) {
    t[2 * i] = _mm_unpacklo_epi16(r[2 * i], r[2 * i + 1]);
    t[2 * i + 1] = _mm_unpackhi_epi16(r[2 * i], r[2 * i + 1]);
  }
  for (int h = 0; h < 2; h++) { /* u[4h + q]: columns 2q, 2q + 1 of rows 4h .. 4h + 3 */
    u[4 * h + 0] = _mm_unpacklo_epi32(t[4 * h], t[4 * h + 2]);
    u[4 * h + 1] = _mm_unpackhi_epi32(t[4 * h], t[4 * h + 2]);
    u[4 * h + 2] = _mm_unpacklo_epi32(t[4 * h + 1], t[4 * h + 3]);
    u[4 * h + 3] = _mm_unpackhi_epi32(t[4 * h + 1], t[4 * h + 3]);
  }
  for (int q = 0; q < 4; q++) {
    r[2 * q] = _mm_unpacklo_epi64(u[q], u[4 + q]);
    r[2 * q + 1] = _mm_unpackhi_epi64(u[q], u[4 + q]);
  }
}

/* The 16 x 16 16-bit fractal at s transposed into d (d may be s): as four 8 x 8 blocks, block
 * (i, j) to (j, i); everything is read before anything is written. */
static void transpose16(uint8_t *d, const uint8_t *s) {
  __m128i b[2][2][8];
  for (int bi = 0; bi < 2; bi++)
    for (int bj = 0; bj < 2; bj++) {
      for (int i = 0; i < 8; i++)
        b[bi][bj][i] = _mm_loadu_si128((const __m128i *)(const void *)(s + ((bi * 8 + i) * 16 + bj * 8) * 2));
      tr8(b[bi][bj]);
    }
  for (int bi = 0; bi < 2; bi++)
    for (int bj = 0; bj < 2; bj++)
      for (int j = 0; j < 8; j++)
        _mm_storeu_si128((__m128i *)(void *)(d + ((bj * 8 + j) * 16 + bi * 8) * 2), b[bi][bj][j]);
}
#else
static void transpose16(uint8_t *d, const uint8_t *s) {
  uint16_t a[256], t[256]; /* through aligned locals: one 512-byte copy each way, not 256 2-byte ones */
  memcpy(a, s, sizeof a);
  for (int i = 0; i < 16; i++)
    for (int j = 0; j < 16; j++)
      t[i * 16 + j] = a[j * 16 + i];
  memcpy(d, t, sizeof t);
}
#endif

static int fractals(sim_core *c, const sim_inst *in, int64_t start, int64_t reps, int64_t sstride, int64_t dgap,
                    bool tr) {
  const sim_val *dst = sim_in(c, in, ASC_OPND_LOAD_DATA_2D_dst), *src = sim_in(c, in, ASC_OPND_LOAD_DATA_2D_src);
  if (tr && esz(in, 0) != 2)
    return asc_sim_err(c, in->op, "%s: the transposing load is for 16-bit types (f16, bf16, i16), not %d-byte "
                       "elements", asc_op_name(in->op), esz(in, 0));
  /* every fractal inside its tensor and memory (the hulls checked once): each is then only the L2
   * model's and the sanitizers' access, as asc_sim_mem would make it */
  int64_t so, sn, dn;
  bool plain = reps > 0 && sstride >= 0 && dgap >= 0 && !__builtin_mul_overflow(start, 512, &so) &&
               !__builtin_mul_overflow(reps - 1, sstride * 512, &sn) && !__builtin_add_overflow(sn, 512, &sn) &&
               !__builtin_mul_overflow(reps - 1, (1 + dgap) * 512, &dn) && !__builtin_add_overflow(dn, 512, &dn) &&
               asc_sim_mem_plain(c, src, so, sn) && asc_sim_mem_plain(c, dst, 0, dn);
  for (int64_t r = 0; r < reps; r++) {
    c->padread = true; /* a fractal copy carries its padding rows along: copying them is no bug */
    const uint8_t *s = plain ? asc_sim_mem_piece(c, src, (start + r * sstride) * 512, 512, false)
                             : asc_sim_mem(c, in->op, src, (start + r * sstride) * 512, 512, "read");
    c->padread = false;
    uint8_t *d = plain ? asc_sim_mem_piece(c, dst, r * (1 + dgap) * 512, 512, true)
                 : s   ? asc_sim_mem(c, in->op, dst, r * (1 + dgap) * 512, 512, "write")
                       : NULL;
    if (!d)
      return -1;
    if (tr)
      transpose16(d, s);
    else
      memmove(d, s, 512);
  }
  return xfer(c, in, memof(c, in, 1), memof(c, in, 0), reps * 512);
}

static int loadcheck(sim_core *c, const sim_inst *in) {
  int dm = memof(c, in, 0);
  if (opndmem(c, in, 0) || opndmem(c, in, 1) ||
      (dm == ASC_HW_MEM_L1 && wantmem(c, in, 1, MB(GM), "src", "GM")) || /* into L1 only from GM */
      wantalign(c, in, 0, 0, l0align(dm), "destination") || wantalign(c, in, 1, 0, l0align(memof(c, in, 1)), "source"))
    return -1;
  return 0;
}

int asc_exec_load2d(sim_core *c, const sim_inst *in) {
  const double *f = sim_in(c, in, ASC_OPND_LOAD_DATA_2D_params)->fld;
  int64_t start, reps, ss, sid, gap, tr, mode;
  if (loadcheck(c, in) || field(c, in, f, ASC_SF_LoadData2DParams_start_index, &start) ||
      field(c, in, f, ASC_SF_LoadData2DParams_repeat_times, &reps) ||
      field(c, in, f, ASC_SF_LoadData2DParams_src_stride, &ss) ||
      field(c, in, f, ASC_SF_LoadData2DParams_sid, &sid) ||
      field(c, in, f, ASC_SF_LoadData2DParams_dst_gap, &gap) ||
      field(c, in, f, ASC_SF_LoadData2DParams_if_transpose, &tr) ||
      field(c, in, f, ASC_SF_LoadData2DParams_addr_mode, &mode))
    return -1;
  return fractals(c, in, start, reps, ss, gap, tr);
}

/* A field of LoadData2dTransposeParams (v1 field) or of its V2 (v2 field) in 0..hi, labelled by its name. */
static int trfield(sim_core *c, const sim_inst *in, const double *p, bool v2, const char *name, asc_sfield v1f,
                   asc_sfield v2f, int64_t hi, int64_t *r) {
  return asc_sim_field(c, in->op, name, p[asc_sfields[v2 ? v2f : v1f].index], 0, hi, r);
}

int asc_exec_loadtr(sim_core *c, const sim_inst *in) {
  const double *f = sim_in(c, in, ASC_OPND_LOAD_DATA_TRANSPOSE_params)->fld;
  bool v2 = in->op->code == ASC_OP_LOAD_DATA_TRANSPOSE_V2;
  int64_t start, reps, ss, gap, fgap, sfgap = 0, mode;
  if (opndmem(c, in, 0) || opndmem(c, in, 1) ||
      wantalign(c, in, 0, 0, l0align(memof(c, in, 0)), "destination") ||
      trfield(c, in, f, v2, "start_index", ASC_SF_LoadData2dTransposeParams_start_index,
              ASC_SF_LoadData2dTransposeParamsV2_start_index, 65535, &start) ||
      trfield(c, in, f, v2, "repeat_times", ASC_SF_LoadData2dTransposeParams_repeat_times,
              ASC_SF_LoadData2dTransposeParamsV2_repeat_times, 255, &reps) ||
      trfield(c, in, f, v2, "src_stride", ASC_SF_LoadData2dTransposeParams_src_stride,
              ASC_SF_LoadData2dTransposeParamsV2_src_stride, 65535, &ss) ||
      trfield(c, in, f, v2, "dst_gap", ASC_SF_LoadData2dTransposeParams_dst_gap,
              ASC_SF_LoadData2dTransposeParamsV2_dst_gap, 65535, &gap) ||
      trfield(c, in, f, v2, "dst_frac_gap", ASC_SF_LoadData2dTransposeParams_dst_frac_gap,
              ASC_SF_LoadData2dTransposeParamsV2_dst_frac_gap, 65535, &fgap) ||
      (v2 && asc_sim_field(c, in->op, "src_frac_gap", SFLD(f, LoadData2dTransposeParamsV2, src_frac_gap), 0, 65535,
                           &sfgap)) ||
      trfield(c, in, f, v2, "addr_mode", ASC_SF_LoadData2dTransposeParams_addr_mode,
              ASC_SF_LoadData2dTransposeParamsV2_addr_mode, v2 ? 255 : 1, &mode))
    return -1;
  if (esz(in, 0) == 2)
    return fractals(c, in, start, reps, ss, gap, true);
  /* LoadData2dTransposeParamsV2 is Ascend 950's form (asc-devkit LoadDataWithTranspose.md): there a
   * 32-bit iteration moves 4 fractals and src_frac_gap spaces the source fractals; arch 2201's
   * implementation (impl/basic_api/dav_c220) has no such form. */
  if (v2 && (esz(in, 0) == 4 || sfgap))
    return asc_sim_err(c, in->op, "%s: the %s of LoadData2dTransposeParamsV2 is not simulated: the sources define "
                       "it for Ascend 950 only (4 fractals per 32-bit iteration), not for %s; use "
                       "LoadData2dTransposeParams", asc_op_name(in->op),
                       esz(in, 0) == 4 ? "32-bit form" : "src_frac_gap", c->L->plat->name);
  /* int8: the square is 32 x 32, two consecutive 16 x 32 fractals stacked (1024 B); 32-bit: the
   * square is 16 x 16, two consecutive 16 x 8 fractals side by side (LoadDataWithTranspose.md: the
   * fp32 source must be Zz / Zn in L1).  Its transpose leaves as two fractals (int8: rows 0-15 and
   * 16-31; 32-bit: columns 0-7 and 8-15), dst_frac_gap fractals apart; start_index and src_stride
   * count squares, dst_gap is from the end of one iteration's first fractal to the next one's first. */
  if (esz(in, 0) != 1 && esz(in, 0) != 4)
    return asc_sim_err(c, in->op, "%s: the transposing load takes 8-, 16- or 32-bit elements, not %d-byte ones",
                       asc_op_name(in->op), esz(in, 0));
  bool b32 = esz(in, 0) == 4;
  const sim_val *dst = sim_in(c, in, ASC_OPND_LOAD_DATA_TRANSPOSE_dst),
      *src = sim_in(c, in, ASC_OPND_LOAD_DATA_TRANSPOSE_src);
  for (int64_t r = 0; r < reps; r++) {
    c->padread = true;
    const uint8_t *sq = asc_sim_mem(c, in->op, src, (start + r * ss) * 1024, 1024, "read");
    c->padread = false;
    if (!sq)
      return -1;
    uint8_t t[1024];
    if (b32) /* t: D0 then D1, D_h (i, j) = square (h * 8 + j, i) = fractal i / 8, (h * 8 + j, i % 8) */
      for (int h = 0; h < 2; h++)
        for (int i = 0; i < 16; i++)
          for (int j = 0; j < 8; j++)
            memcpy(t + h * 512 + (i * 8 + j) * 4, sq + (i / 8) * 512 + ((h * 8 + j) * 8 + i % 8) * 4, 4);
    else
      for (int i = 0; i < 32; i++)
        for (int j = 0; j < 32; j++)
          t[i * 32 + j] = sq[j * 32 + i];
    for (int h = 0; h < 2; h++) {
      uint8_t *d = asc_sim_mem(c, in->op, dst, (r * (1 + gap) + h * (1 + fgap)) * 512, 512, "write");
      if (!d)
        return -1;
      memcpy(d, t + h * 512, 512);
    }
  }
  return xfer(c, in, ASC_HW_MEM_L1, memof(c, in, 0), reps * 1024);
}

int asc_exec_load2dv2(sim_core *c, const sim_inst *in) { return notavail(c, in, "load_data with LoadData2DParamsV2"); }
int asc_exec_load3dv1(sim_core *c, const sim_inst *in) { return notavail(c, in, "load_data with LoadData3DParamsV1"); }

/* ---- load_data img2col (LoadData3DParamsV2 / V2Pro), L1 (NC1HWC0) -> L0A / L0B -----------------
 * Sources: asc-devkit's LoadData_3D.md and its pseudocode examples/.../load_data_l12l0/scripts/
 * load3d.py (docs/hardware.md, "img2col").  The feature map in L1 is C1 x H x W x C0 (C0 = 32 B of
 * channels), element (c1, h, w, c0) at ((c1 * H + h) * W + w) * C0 + c0.  Its img2col matrix X has a
 * row per output position m = ho * Wo + wo and a column per k = ((c1 * Fh + kh) * Fw + kw) * C0 + c0;
 * X (m, k) is the feature map at h = ho * stride_h - pad_top + kh * dilation_h, w likewise, or the
 * pad value outside it.  The load moves X [m_start_pt, + m_extension) x [k_start_pt, + k_extension):
 *   L0A            Zz of that block (m x k), fractals 16 x C0
 *   L0A transposed Zz of its transpose (k x m), fractals 16 x C0 (16- and 32-bit types)
 *   L0B            Zn of the block as B (kB = m, nB = k): fractal (m / C0) * N1 + k / 16, element
 *                  (k % 16) * C0 + m % C0 (always transposed; 16- and 32-bit types)
 * Elements of the last fractals past the extensions are not written. */
typedef struct img2col {
  int64_t l1h, l1w, pad[4]; /* the FMATRIX register: pad left, right, top, bottom */
  int64_t ch, kext, mext, kst, mst, sw, sh, fw, fh, dw, dh;
  bool tr, fsw, fsh;
  double padv;
} img2col;

static int img2colrun(sim_core *c, const sim_inst *in, img2col *g) {
  const char *on = asc_op_name(in->op);
  int dm = memof(c, in, 0), e = esz(in, 0), dt = edt(in, 0), c0 = 32 / e;
  sim_cube *cb = cubeof(c);
  if (dm == ASC_HW_MEM_L1)
    return asc_sim_err(c, in->op, "%s: img2col loads go from L1 to L0A (A2) or L0B (B2), not to L1", on);
  if (memof(c, in, 1) != ASC_HW_MEM_L1)
    return wantmem(c, in, 1, MB(L1), "src", "L1 (A1/B1)");
  bool l0b = dm == ASC_HW_MEM_L0B;
  if (e == 1 && (l0b || g->tr))
    return notavail(c, in, l0b ? "an 8-bit img2col load into L0B" : "a transposed 8-bit img2col load");
  if (l0b)
    g->tr = true; /* L1 -> L0B always transposes (LoadData_3D.md) */
  if (g->fsw)
    g->fw += 256;
  if (g->fsh)
    g->fh += 256;
  int64_t reps = cb->rep[0];
  /* the documented no-ops */
  if (!g->l1h || !g->l1w || !g->ch || !g->kext || !g->mext || !g->fw || !g->fh || !reps)
    return asc_sim_issue(c, in, 1, 1);
  if (reps > 1)
    return asc_sim_err(c, in->op, "%s: set_load_data_repeat with repeat_time %lld is not simulated: where the "
                       "iterations land in L0 is given only by figures of LoadData_3D.md (repeat_time 1 is)", on,
                       (long long)reps);
  if (g->ch % c0)
    return asc_sim_err(c, in->op, "%s: channel_size %lld is not a multiple of C0 = %d: the narrower last channel "
                       "block (e.g. N * %d + 4) is not simulated, as its L1 layout and K order are not given by the "
                       "sources; pad the channels to a multiple of %d in L1 (Nd2NzParams zero-fills the tail)",
                       on, (long long)g->ch, c0, c0, c0);
  if (!g->sw || !g->sh || !g->dw || !g->dh)
    return asc_sim_err(c, in->op, "%s: stride_w %lld, stride_h %lld, dilation_filter_w %lld, dilation_filter_h %lld: "
                       "each must be at least 1", on, (long long)g->sw, (long long)g->sh, (long long)g->dw,
                       (long long)g->dh);
  int64_t wo = (g->l1w + g->pad[0] + g->pad[1] - ((g->fw - 1) * g->dw + 1)), ho;
  ho = (g->l1h + g->pad[2] + g->pad[3] - ((g->fh - 1) * g->dh + 1));
  if (wo < 0 || ho < 0)
    return asc_sim_err(c, in->op, "%s: the dilated filter (%lld x %lld) is larger than the padded feature map "
                       "(%lld x %lld)", on, (long long)((g->fh - 1) * g->dh + 1), (long long)((g->fw - 1) * g->dw + 1),
                       (long long)(g->l1h + g->pad[2] + g->pad[3]), (long long)(g->l1w + g->pad[0] + g->pad[1]));
  wo = wo / g->sw + 1;
  ho = ho / g->sh + 1;
  int64_t ktot = g->ch * g->fh * g->fw, mtot = ho * wo;
  if (g->kst % c0 || g->kst + g->kext > ktot || g->mst + g->mext > mtot)
    return asc_sim_err(c, in->op, "%s: the block [m %lld, + %lld) x [k %lld, + %lld) is not inside the img2col "
                       "matrix of %lld x %lld (%lld x %lld output positions, channel_size %lld x a %lld x %lld "
                       "filter)%s", on, (long long)g->mst, (long long)g->mext, (long long)g->kst,
                       (long long)g->kext, (long long)mtot, (long long)ktot, (long long)ho, (long long)wo,
                       (long long)g->ch, (long long)g->fh, (long long)g->fw,
                       g->kst % c0 ? ", or k_start_pt is not a multiple of C0" : "");
  /* the destination's fractals: rows of 16 by columns of C0 (transposed: over k by m) */
  int64_t R = g->tr ? g->kext : g->mext, C = g->tr ? g->mext : g->kext;
  if (l0b) { R = g->mext; C = g->kext; }
  int64_t nfr = l0b ? (R + c0 - 1) / c0 * ((C + 15) / 16) : (R + 15) / 16 * ((C + c0 - 1) / c0);
  if (nfr * 512 > c->lmb[dm])
    return asc_sim_err(c, in->op, "%s: a %lld x %lld block is %lld fractals, more than %s holds", on,
                       (long long)g->mext, (long long)g->kext, (long long)nfr, asc_hw_mem_name(dm));
  int64_t bnd = cb->boundary;
  const sim_val *src = sim_in(c, in, ASC_OPND_LOAD_DATA_3D_V2_src), *dst = sim_in(c, in, ASC_OPND_LOAD_DATA_3D_V2_dst);
  sim_val ring;
  if (bnd) {
    if (bnd < 1024 || src->off >= bnd)
      return asc_sim_err(c, in->op, "%s: set_load_data_boundary(%lld): %s", on, (long long)bnd,
                         bnd < 1024 ? "a boundary of 1 to 1023 bytes is undefined (at least 1024, 0: none)"
                                    : "the source starts at or past the boundary");
    ring = *src; /* reads past the boundary continue at L1 address 0 (SetLoadDataBoundary.md) */
    ring.off = 0;
    ring.len = bnd;
  }
  uint8_t padblk[32];
  for (int i = 0; i < c0; i++) {
    if (asc_sim_dt_float(dt))
      asc_sim_storef(dt, padblk + i * e, g->padv);
    else
      asc_sim_storei(dt, padblk + i * e, asc_sim_fp_to_int(g->padv, dt, SIM_RM_TRUNC));
  }
  /* the whole feature map and the whole destination block in bounds: no piece can fail (asc_sim_mem_piece) */
  bool srcplain = asc_sim_mem_plain(c, src, 0, g->ch / c0 * g->l1h * g->l1w * 32),
       dstplain = asc_sim_mem_plain(c, dst, 0, nfr * 512);
  /* gather X's block (m-major, kext wide), 32 B of channels at a time */
  int64_t kb1 = (g->kext + c0 - 1) / c0;
  uint8_t *x = malloc((size_t)(g->mext * kb1 * 32));
  int64_t *kt = malloc(sizeof *kt * (size_t)(3 * kb1)); /* per 32-byte block of k: channel block, kh, kw */
  if (!x || !kt)
    asc_die("out of memory");
  for (int64_t kb = 0; kb < kb1; kb++) { /* once, not per row: three divisions each */
    int64_t kk = g->kst / c0 + kb;
    kt[3 * kb] = kk / (g->fh * g->fw);
    kt[3 * kb + 1] = kk / g->fw % g->fh;
    kt[3 * kb + 2] = kk % g->fw;
  }
  for (int64_t m = 0; m < g->mext; m++) {
    int64_t p = g->mst + m, oh = p / wo, ow = p % wo;
    for (int64_t kb = 0; kb < kb1; kb++) {
      int64_t c1 = kt[3 * kb], kh = kt[3 * kb + 1], kw = kt[3 * kb + 2];
      int64_t h = oh * g->sh - g->pad[2] + kh * g->dh, w = ow * g->sw - g->pad[0] + kw * g->dw;
      uint8_t *d = x + (m * kb1 + kb) * 32;
      if (h < 0 || h >= g->l1h || w < 0 || w >= g->l1w) {
        memcpy(d, padblk, 32);
        continue;
      }
      int64_t off = ((c1 * g->l1h + h) * g->l1w + w) * 32;
      const uint8_t *s = bnd       ? asc_sim_mem(c, in->op, &ring, (src->off + off) % bnd, 32, "read")
                         : srcplain ? asc_sim_mem_piece(c, src, off, 32, false)
                                    : asc_sim_mem(c, in->op, src, off, 32, "read");
      if (!s) {
        free(x);
        free(kt);
        return -1;
      }
      memcpy(d, s, 32);
    }
  }
  /* scatter: runs of up to C0 elements contiguous in the destination */
  int rc = 0;
  if (!g->tr) { /* Zz (m x k): row m of fractal (m / 16) * K1 + kb */
    for (int64_t m = 0; m < g->mext && !rc; m++)
      for (int64_t kb = 0; kb < kb1; kb++) {
        int64_t n = g->kext - kb * c0 < c0 ? g->kext - kb * c0 : c0;
        int64_t o = (((m / 16) * kb1 + kb) * 16 + m % 16) * 32;
        uint8_t *d = dstplain ? asc_sim_mem_piece(c, dst, o, n * e, true) : asc_sim_mem(c, in->op, dst, o, n * e, "write");
        if (!d) {
          rc = -1;
          break;
        }
        memcpy(d, x + (m * kb1 + kb) * 32, (size_t)(n * e));
      }
  } else { /* a run is C0 consecutive m at one k */
    int64_t mb1 = (g->mext + c0 - 1) / c0, n1 = (g->kext + 15) / 16;
    for (int64_t k = 0; k < g->kext && !rc; k++)
      for (int64_t mb = 0; mb < mb1; mb++) {
        int64_t n = g->mext - mb * c0 < c0 ? g->mext - mb * c0 : c0;
        /* L0A: Zz of (k x m), fractal (k / 16) * MB1 + mb, row k % 16; L0B: Zn, fractal mb * N1 + k / 16 */
        int64_t fr = l0b ? mb * n1 + k / 16 : (k / 16) * mb1 + mb;
        int64_t o = (fr * 16 + k % 16) * 32;
        uint8_t *d = dstplain ? asc_sim_mem_piece(c, dst, o, n * e, true) : asc_sim_mem(c, in->op, dst, o, n * e, "write");
        if (!d) {
          rc = -1;
          break;
        }
        for (int64_t j = 0; j < n; j++)
          memcpy(d + j * e, x + ((mb * c0 + j) * kb1 + k / c0) * 32 + (k % c0) * e, (size_t)e);
      }
  }
  free(x);
  free(kt);
  if (rc)
    return -1;
  return xfer(c, in, ASC_HW_MEM_L1, dm, g->mext * g->kext * e);
}

int asc_exec_load3d(sim_core *c, const sim_inst *in) {
  const double *f = sim_in(c, in, ASC_OPND_LOAD_DATA_3D_V2_params)->fld;
  sim_cube *cb = cubeof(c);
  img2col g = {0};
  int64_t tr, fsw, fsh, fmc;
  if (loadcheck(c, in))
    return -1;
  if (in->op->code == ASC_OP_LOAD_DATA_3D_V2) {
    int64_t fm[6];
    static const char *const nm[6] = {"pad_list[0]", "pad_list[1]", "pad_list[2]", "pad_list[3]", "l1_h", "l1_w"};
    static const asc_sfield fmf[6] = {ASC_SF_LoadData3DParamsV2_pad_list0, ASC_SF_LoadData3DParamsV2_pad_list1,
                                      ASC_SF_LoadData3DParamsV2_pad_list2, ASC_SF_LoadData3DParamsV2_pad_list3,
                                      ASC_SF_LoadData3DParamsV2_l1_h, ASC_SF_LoadData3DParamsV2_l1_w};
    for (int i = 0; i < 6; i++)
      if (asc_sim_field(c, in->op, nm[i], f[asc_sfields[fmf[i]].index], 0, i < 4 ? 255 : 32767, &fm[i]))
        return -1;
    if (field(c, in, f, ASC_SF_LoadData3DParamsV2_channel_size, &g.ch) ||
        field(c, in, f, ASC_SF_LoadData3DParamsV2_k_extension, &g.kext) ||
        field(c, in, f, ASC_SF_LoadData3DParamsV2_m_extension, &g.mext) ||
        field(c, in, f, ASC_SF_LoadData3DParamsV2_k_start_pt, &g.kst) ||
        field(c, in, f, ASC_SF_LoadData3DParamsV2_m_start_pt, &g.mst) ||
        field(c, in, f, ASC_SF_LoadData3DParamsV2_stride_w, &g.sw) ||
        field(c, in, f, ASC_SF_LoadData3DParamsV2_stride_h, &g.sh) ||
        field(c, in, f, ASC_SF_LoadData3DParamsV2_filter_w, &g.fw) ||
        field(c, in, f, ASC_SF_LoadData3DParamsV2_filter_h, &g.fh) ||
        field(c, in, f, ASC_SF_LoadData3DParamsV2_dilation_filter_w, &g.dw) ||
        field(c, in, f, ASC_SF_LoadData3DParamsV2_dilation_filter_h, &g.dh) ||
        field(c, in, f, ASC_SF_LoadData3DParamsV2_en_transpose, &tr) ||
        field(c, in, f, ASC_SF_LoadData3DParamsV2_filter_size_w, &fsw) ||
        field(c, in, f, ASC_SF_LoadData3DParamsV2_filter_size_h, &fsh) ||
        field(c, in, f, ASC_SF_LoadData3DParamsV2_f_matrix_ctrl, &fmc))
      return -1;
    /* pyasc's load_data sets FMATRIX and the pad value from the struct first (Ascend C's default
     * IsResetLoad3dConfig {true, true}); a later V2Pro load reads them */
    memcpy(cb->fmat, fm, sizeof fm);
    cb->fmset = true;
    cb->padv = SFLD(f, LoadData3DParamsV2, pad_value);
  } else {
    int64_t ext, flt, smallk;
    if (field(c, in, f, ASC_SF_LoadData3DParamsV2Pro_channel_size, &g.ch) ||
        field(c, in, f, ASC_SF_LoadData3DParamsV2Pro_en_transpose, &tr) ||
        field(c, in, f, ASC_SF_LoadData3DParamsV2Pro_en_small_k, &smallk) ||
        field(c, in, f, ASC_SF_LoadData3DParamsV2Pro_filter_size_w, &fsw) ||
        field(c, in, f, ASC_SF_LoadData3DParamsV2Pro_filter_size_h, &fsh) ||
        field(c, in, f, ASC_SF_LoadData3DParamsV2Pro_f_matrix_ctrl, &fmc) ||
        field(c, in, f, ASC_SF_LoadData3DParamsV2Pro_ext_config, &ext) ||
        field(c, in, f, ASC_SF_LoadData3DParamsV2Pro_filter_config, &flt))
      return -1;
    if (smallk)
      return notavail(c, in, "LoadData3DParamsV2Pro.en_small_k");
    if (!cb->fmset)
      return asc_sim_err(c, in->op, "%s: LoadData3DParamsV2Pro reads the feature map (l1_h, l1_w, pad_list) from the "
                         "FMATRIX register, which no LoadData3DParamsV2 load has set on this core", asc_op_name(in->op));
    /* ext_config: k_extension bits 0-15, m_extension 16-31, k_start_pt 32-47, m_start_pt 48-63;
     * filter_config: stride_w 0-7, stride_h 8-15, filter_w 16-23, filter_h 24-31, dilation w 32-39, h 40-47 */
    uint64_t x = (uint64_t)ext, y = (uint64_t)flt;
    g.kext = x & 0xffff, g.mext = x >> 16 & 0xffff, g.kst = x >> 32 & 0xffff, g.mst = x >> 48 & 0xffff;
    g.sw = y & 0xff, g.sh = y >> 8 & 0xff, g.fw = y >> 16 & 0xff, g.fh = y >> 24 & 0xff;
    g.dw = y >> 32 & 0xff, g.dh = y >> 40 & 0xff;
  }
  if (fmc)
    return asc_sim_err(c, in->op, "%s: f_matrix_ctrl (the right-matrix FMATRIX_B) is not supported; only false is",
                       asc_op_name(in->op));
  g.l1h = cb->fmat[4], g.l1w = cb->fmat[5];
  memcpy(g.pad, cb->fmat, sizeof g.pad);
  g.tr = tr, g.fsw = fsw, g.fsh = fsh, g.padv = cb->padv;
  return img2colrun(c, in, &g);
}

/* ---- 4:2 structured sparsity (MmadWithSparse, LoadDataWithSparse; Atlas A2/A3) --------------
 * The original B (K x N) has at most 2 non-zeros in each group of 4 consecutive k of a column; its
 * dense form keeps those 2 (K/2 x N), and each kept element has a 2-bit index: the first of a
 * group is the position of its value among elements 0-2 of the group, the second among 1-3
 * (position 1 + index).  load_data_with_sparse moves dense int8 fractals (512 B) L1 -> L0B as
 * load_data_2d does (start_index, repeat_times, src_stride, dst_gap; no transpose) and with each the
 * fractal's 512 indices (128 B, four to a byte from the low bits: element 4b + i at bits 2i, 2i+1 of
 * byte b) from the index tensor, fractal f's at byte 128 f; the indices stay with the L0B bytes.
 * mmad_with_sparse: C[m x n] (+)= A[m x k] (L0A, Zz) * B (L0B: the dense K/2 x n, Zn), where the
 * dense element d of group g = d / 2 in column j multiplies A's column 4g + (d % 2) + index. */
int asc_exec_loadsparse(sim_core *c, const sim_inst *in) {
  const double *f = sim_in(c, in, ASC_OPND_LOAD_DATA_SPARSE_load_data_params)->fld;
  int64_t start, reps, ss, sid, gap, tr, mode;
  if (opndmem(c, in, 0) || opndmem(c, in, 1) || opndmem(c, in, 2) || wantalign(c, in, 0, 0, 512, "dst") ||
      wantalign(c, in, 1, 0, 32, "src") || wantalign(c, in, 2, 0, 32, "idx") ||
      field(c, in, f, ASC_SF_LoadData2DParams_start_index, &start) ||
      field(c, in, f, ASC_SF_LoadData2DParams_repeat_times, &reps) ||
      field(c, in, f, ASC_SF_LoadData2DParams_src_stride, &ss) ||
      field(c, in, f, ASC_SF_LoadData2DParams_sid, &sid) ||
      field(c, in, f, ASC_SF_LoadData2DParams_dst_gap, &gap) ||
      field(c, in, f, ASC_SF_LoadData2DParams_if_transpose, &tr) ||
      field(c, in, f, ASC_SF_LoadData2DParams_addr_mode, &mode))
    return -1;
  if (tr)
    return asc_sim_err(c, in->op, "asc.load_data_with_sparse: no transpose (LoadDataWithSparse has none)");
  if (edt(in, 0) != ASC_SIM_I8 || edt(in, 1) != ASC_SIM_I8 || esz(in, 2) != 1)
    return asc_sim_err(c, in->op, "asc.load_data_with_sparse: dst and src are int8, idx uint8");
  sim_cube *k = cubeof(c);
  if (!k->sidx && !(k->sidx = calloc((size_t)k->l0b_bytes + 1, 1)))
    asc_die("out of memory");
  const sim_val *dst = sim_in(c, in, ASC_OPND_LOAD_DATA_SPARSE_dst),
      *src = sim_in(c, in, ASC_OPND_LOAD_DATA_SPARSE_src), *idx = sim_in(c, in, ASC_OPND_LOAD_DATA_SPARSE_idx);
  for (int64_t r = 0; r < reps; r++) {
    int64_t sf = start + r * ss, doff = r * (1 + gap) * 512;
    c->padread = true;
    const uint8_t *s = asc_sim_mem(c, in->op, src, sf * 512, 512, "read");
    const uint8_t *x = s ? asc_sim_mem(c, in->op, idx, sf * 128, 128, "read") : NULL;
    c->padread = false;
    uint8_t *d = x ? asc_sim_mem(c, in->op, dst, doff, 512, "write") : NULL;
    if (!d)
      return -1;
    memmove(d, s, 512);
    int64_t at = dst->off + doff;
    for (int e = 0; e < 512 && at + e < k->l0b_bytes; e++) {
      int v = (x[e / 4] >> (2 * (e % 4))) & 3;
      if (v == 3)
        return asc_sim_err(c, in->op, "asc.load_data_with_sparse: index %d of fractal %lld is 3 (the indices are "
                           "0, 1 or 2)", e, (long long)sf);
      k->sidx[at + e] = (uint8_t)v;
    }
  }
  return xfer(c, in, ASC_HW_MEM_L1, ASC_HW_MEM_L0B, reps * (512 + 128));
}

/* Mmad's and MmadWithSparse's dst, fm and filter: in L0C, L0A and L0B, aligned. */
static int mmadops(sim_core *c, const sim_inst *in) {
  return opndmem(c, in, 0) || opndmem(c, in, 1) || opndmem(c, in, 2) || wantalign(c, in, 0, 0, MMAD_DST_ALIGN, "dst") ||
         wantalign(c, in, 1, 0, l0align(ASC_HW_MEM_L0A), "fm") ||
         wantalign(c, in, 2, 0, l0align(ASC_HW_MEM_L0B), "filter");
}

/* Mmad's parameters (MmadParams), range-checked. */
typedef struct mmadp {
  int64_t m, n, k, isbias, fmoff, sparse, wa, wb, unit, csrc, cinit, kalign;
} mmadp;

static int mmadparams(sim_core *c, const sim_inst *in, const double *f, mmadp *p) {
  return field(c, in, f, ASC_SF_MmadParams_m, &p->m) || field(c, in, f, ASC_SF_MmadParams_n, &p->n) ||
         field(c, in, f, ASC_SF_MmadParams_k, &p->k) ||
         field(c, in, f, ASC_SF_MmadParams_is_bias, &p->isbias) ||
         field(c, in, f, ASC_SF_MmadParams_fm_offset, &p->fmoff) ||
         field(c, in, f, ASC_SF_MmadParams_en_ssparse, &p->sparse) ||
         field(c, in, f, ASC_SF_MmadParams_en_winograd_a, &p->wa) ||
         field(c, in, f, ASC_SF_MmadParams_en_winograd_b, &p->wb) ||
         field(c, in, f, ASC_SF_MmadParams_unit_flag, &p->unit) ||
         field(c, in, f, ASC_SF_MmadParams_cmatrix_source, &p->csrc) ||
         field(c, in, f, ASC_SF_MmadParams_cmatrix_init_val, &p->cinit) ||
         field(c, in, f, ASC_SF_MmadParams_k_direction_align, &p->kalign);
}

int asc_exec_mmadsparse(sim_core *c, const sim_inst *in) {
  const double *f = sim_in(c, in, ASC_OPND_MMAD_SPARSE_mmad_params)->fld;
  mmadp mp;
  if (mmadops(c, in) || mmadparams(c, in, f, &mp))
    return -1;
  int64_t m = mp.m, n = mp.n, k = mp.k;
  if (edt(in, 0) != ASC_SIM_I32 || edt(in, 1) != ASC_SIM_I8 || edt(in, 2) != ASC_SIM_I8)
    return asc_sim_err(c, in->op, "asc.mmad_with_sparse: s8 x s8 -> s32 only (MmadWithSparse)");
  if (mp.wa || mp.wb)
    return notavail(c, in, "Winograd (MmadParams.en_winograd_a/b)");
  if (mp.csrc)
    return asc_sim_err(c, in->op, "asc.mmad_with_sparse: cmatrix_source (a bias table) is not an operand of "
                       "MmadWithSparse");
  if (!m || !n || !k)
    return asc_sim_issue(c, in, 1, 1);
  if (k % 4)
    return asc_sim_err(c, in->op, "asc.mmad_with_sparse: k = %lld is not a multiple of 4 (groups of 4 of the "
                       "original B)", (long long)k);
  int64_t kd = k / 2, M1 = (m + 15) / 16, N1 = (n + 15) / 16, K1 = (k + 31) / 32, KD1 = (kd + 31) / 32;
  const sim_val *C = sim_in(c, in, ASC_OPND_MMAD_SPARSE_dst), *Bv = sim_in(c, in, ASC_OPND_MMAD_SPARSE_filter);
  bool init = mp.isbias || !mp.cinit; /* accumulate onto L0C */
  c->padread = true;
  const uint8_t *A = asc_sim_mem(c, in->op, sim_in(c, in, ASC_OPND_MMAD_SPARSE_fm), 0, M1 * K1 * 512, "read");
  const uint8_t *B = A ? asc_sim_mem(c, in->op, Bv, 0, KD1 * N1 * 512, "read") : NULL;
  c->padread = false;
  const uint8_t *Cin = B && init ? asc_sim_mem(c, in->op, C, 0, M1 * N1 * 1024, "read") : NULL;
  if (!B || (init && !Cin))
    return -1;
  uint8_t *Cp = asc_sim_mem(c, in->op, C, 0, M1 * N1 * 1024, "write");
  if (!Cp)
    return -1;
  const sim_cube *ks = cubeof(c);
  for (int64_t i = 0; i < M1 * 16; i++)
    for (int64_t j = 0; j < N1 * 16; j++) {
      int64_t ci = ((j / 16) * M1 + i / 16) * 256 + (i % 16) * 16 + j % 16;
      uint32_t acc = init ? (uint32_t)asc_sim_loadi(ASC_SIM_I32, Cin + ci * 4) : 0u;
      for (int64_t d = 0; d < kd; d++) {
        int64_t bo = ((d / 32) * N1 + j / 16) * 512 + (j % 16) * 32 + d % 32;
        int64_t at = Bv->off + bo;
        int x = at < ks->l0b_bytes && ks->sidx ? ks->sidx[at] : 0;
        int64_t kk = (d / 2) * 4 + (d % 2) + x; /* the original column of A */
        int8_t av = (int8_t)A[((i / 16) * K1 + kk / 32) * 512 + (i % 16) * 32 + kk % 32];
        acc += (uint32_t)((int32_t)av * (int32_t)(int8_t)B[bo]); /* int32 sums wrap */
      }
      asc_sim_storei(ASC_SIM_I32, Cp + ci * 4, (int32_t)acc);
    }
  /* the cube does the dense half of K: int8 over k/2/32 */
  int64_t cyc = M1 * N1 * KD1;
  cyc = cyc * 4096 / (c->L->cost->cube_macs > 0 ? c->L->cost->cube_macs : 4096) + ASC_HWC_mmad_head;
  return asc_sim_issue(c, in, cyc, cyc);
}

/* ---- init_const_value: repeat_times x (block_num 32-byte blocks := value, dst_gap blocks skipped) ---- */
int asc_exec_initconst(sim_core *c, const sim_inst *in) {
  const double *f = sim_in(c, in, ASC_OPND_INIT_CONST_VALUE_init_const_value_params)->fld;
  int64_t reps, blocks, gap;
  if (opndmem(c, in, 0) ||
      wantalign(c, in, 0, 0, l0align(memof(c, in, 0)), "destination") ||
      field(c, in, f, ASC_SF_InitConstValueParams_repeat_times, &reps) ||
      field(c, in, f, ASC_SF_InitConstValueParams_block_num, &blocks) ||
      field(c, in, f, ASC_SF_InitConstValueParams_dst_gap, &gap))
    return -1;
  /* a block (and a dst_gap unit) is 32 bytes in L1 and one 512-byte fractal in L0A / L0B (the page) */
  int64_t bsz = memof(c, in, 0) == ASC_HW_MEM_L1 ? 32 : 512;
  int e = esz(in, 0), dt = edt(in, 0);
  uint8_t one[32];
  for (int i = 0; i < 32 / e; i++) {
    if (asc_sim_dt_float(dt))
      asc_sim_storef(dt, one + i * e, SFLD(f, InitConstValueParams, init_value));
    else
      asc_sim_storei(dt, one + i * e, asc_sim_fp_to_int(SFLD(f, InitConstValueParams, init_value), dt, SIM_RM_TRUNC));
  }
  for (int64_t r = 0; r < reps; r++) {
    int64_t off = r * (blocks + gap) * bsz;
    uint8_t *d = blocks
        ? asc_sim_mem(c, in->op, sim_in(c, in, ASC_OPND_INIT_CONST_VALUE_dst), off, blocks * bsz, "write") : NULL;
    if (blocks && !d)
      return -1;
    for (int64_t b = 0; b < blocks * bsz / 32; b++)
      memcpy(d + b * 32, one, 32);
  }
  return asc_sim_issue_copy(c, in, reps * blocks * bsz);
}

/* ---- the registers ---- */
void asc_sim_cube_soc_reset(sim_core *c) {
  if (c->cube)
    c->cube->boundary = 0, c->cube->padv = 0;
}

int asc_exec_setboundary(sim_core *c, const sim_inst *in) {
  cubeof(c)->boundary = sim_in(c, in, ASC_OPND_SET_LOAD_DATA_BOUNDARY_boundary)->i;
  scost(c);
  return 0;
}

int asc_exec_setpadv(sim_core *c, const sim_inst *in) {
  const sim_val *v = sim_in(c, in, ASC_OPND_SET_LOAD_DATA_PADDING_VALUE_padding_value);
  cubeof(c)->padv = asc_type_is_float(sim_intype(in, 0)) ? v->f : (double)v->i;
  scost(c);
  return 0;
}

int asc_exec_setrepeat(sim_core *c, const sim_inst *in) {
  const double *f = sim_in(c, in, ASC_OPND_SET_LOAD_DATA_REPEAT_param)->fld;
  sim_cube *k = cubeof(c);
  if (field(c, in, f, ASC_SF_LoadDataRepeatParam_repeat_time, &k->rep[0]) ||
      field(c, in, f, ASC_SF_LoadDataRepeatParam_repeat_stride, &k->rep[1]) ||
      field(c, in, f, ASC_SF_LoadDataRepeatParam_repeat_mode, &k->rep[2]))
    return -1;
  scost(c);
  return 0;
}

int asc_exec_setquant(sim_core *c, const sim_inst *in) {
  cubeof(c)->quant = (uint64_t)sim_in(c, in, ASC_OPND_SET_FIX_PIPE_PRE_QUANT_FLAG_config)->i;
  scost(c);
  return 0;
}

int asc_exec_sethf32(sim_core *c, const sim_inst *in) {
  if (in->op->code == ASC_OP_SET_HF32_MODE)
    cubeof(c)->hf32 = sim_in(c, in, ASC_OPND_SET_HF32_MODE_hf32_mode)->i != 0;
  else
    cubeof(c)->hf32_trans = sim_in(c, in, ASC_OPND_SET_HF32_TRANS_MODE_trans_mode)->i != 0;
  scost(c);
  return 0;
}

/* ---- mmad ------------------------------------------------------------------------------------- */
/* C (m x n, L0C Nz) := init + A (m x k, L0A Zz; ND when m = 1) * B (k x n, L0B Zn).
 * Padded rows and columns of the fractals are computed too (and written), padded k is not. */
/* The rows of mmad operand v's R1 x C1 fractals that carry data (of `used` rows, or of `used`
 * columns when byc: a fractal's first rows of 32 B each), read for the uninitialised-read check.
 * All rows used and the block plain (asc_sim_mem_plain): the fractals are one range, read at
 * once; the pieces one by one would merge into that same range, with the same watchdog work
 * (512-byte pieces). */
_Static_assert(512 % SIM_WORK_BYTES == 0, "a fractal's watchdog work must not depend on how it is read");
static void datarows(sim_core *c, const sim_inst *in, const sim_val *v, int64_t R1, int64_t C1, int64_t used,
                     bool byc) {
  if (used % 16 == 0 && asc_sim_mem_plain(c, v, 0, R1 * C1 * 512)) {
    asc_sim_mem(c, in->op, v, 0, R1 * C1 * 512, "read");
    return;
  }
  for (int64_t fr = 0; fr < R1; fr++)
    for (int64_t fc = 0; fc < C1; fc++) {
      int64_t u = byc ? used - fc * 16 : used - fr * 16;
      asc_sim_mem(c, in->op, v, (fr * C1 + fc) * 512, (u < 16 ? u : 16) * 32, "read");
    }
}

int asc_exec_mmad(sim_core *c, const sim_inst *in) {
  bool hasbias = in->op->code == ASC_OP_MMAD_BIAS;
  const double *f = sim_in(c, in, hasbias ? 4 : 3)->fld;
  mmadp mp;
  if (mmadops(c, in) ||
      (hasbias && (opndmem(c, in, 3) ||
                   wantalign(c, in, 3, 0, l0align(ASC_HW_MEM_BIAS), "bias"))) ||
      mmadparams(c, in, f, &mp))
    return -1;
  int64_t m = mp.m, n = mp.n, k = mp.k;
  if (mp.sparse || mp.wa || mp.wb)
    return notavail(c, in, mp.sparse ? "MmadParams.en_ssparse" : "Winograd (MmadParams.en_winograd_a/b)");
  if (mp.unit == 1)
    return asc_sim_err(c, in->op, "asc.mmad: MmadParams.unit_flag 1 is reserved (0 off, 2 or 3)");
  int urole = mp.unit >= 2 ? SIM_UF_MMAD : 0;
  if (urole)
    asc_sim_unit_sync(c, urole); /* L0C comes back from a UnitFlag fixpipe unit by unit */
  int cd = edt(in, 0), ad = edt(in, 1), bd = edt(in, 2);
  bool isint = ad == ASC_SIM_I8;
  if (ad != bd || !((cd == ASC_SIM_F32 && (ad == ASC_SIM_F16 || ad == ASC_SIM_BF16 || ad == ASC_SIM_F32)) ||
                    (cd == ASC_SIM_I32 && ad == ASC_SIM_I8)))
    return asc_sim_err(c, in->op, "asc.mmad: %s x %s -> %s is not a cube type (s8 x s8 -> s32, f16 x f16 -> f32, "
                       "bf16 x bf16 -> f32, f32 x f32 -> f32)", asc_sim_dtype_name(ad), asc_sim_dtype_name(bd),
                       asc_sim_dtype_name(cd));
  if (hasbias && edt(in, 3) != cd)
    return asc_sim_err(c, in->op, "asc.mmad: the bias is %s, the result %s (they must match)",
                       asc_sim_dtype_name(edt(in, 3)), asc_sim_dtype_name(cd));
  if (!m || !n || !k) { /* a no-op */
    return asc_sim_issue(c, in, 1, 1);
  }
  int e = esz(in, 1), k0 = 32 / e;
  int64_t M1 = (m + 15) / 16, N1 = (n + 15) / 16;
  c->steps += m * n * k / SIM_WORK_MACS; /* the watchdog counts work, not only instructions */
  int64_t K1 = mp.kalign && ad == ASC_SIM_F32 ? (k + 15) / 16 * 2 : (k + k0 - 1) / k0;
  int64_t NP = N1 * 16;
  bool gemv = m == 1;
  const sim_val *C = sim_in(c, in, ASC_OPND_MMAD_dst);
  /* the C matrix's start: 0 (cmatrix_init_val, unless the deprecated is_bias asks to accumulate),
   * the bias table (a bias operand, or cmatrix_source), or L0C itself */
  int init = (mp.isbias || !mp.cinit) ? (mp.csrc || hasbias ? 2 : 1) : hasbias ? 2 : 0; /* 0 zero, 1 L0C, 2 bias */
  if (init == 2 && !hasbias)
    return asc_sim_err(c, in->op, "asc.mmad: cmatrix_source takes the C matrix's start from the bias table: pass "
                       "the bias tensor (mmad(dst, fm, filter, bias, params))");
  c->padread = true; /* padded rows / columns of the fractals are computed and ignored */
  const uint8_t *A = asc_sim_mem(c, in->op, sim_in(c, in, ASC_OPND_MMAD_src0), 0, gemv ? K1 * 32 : M1 * K1 * 512,
                                 "read");
  const uint8_t *B = A ? asc_sim_mem(c, in->op, sim_in(c, in, ASC_OPND_MMAD_src1), 0, K1 * N1 * 512, "read") : NULL;
  c->padread = false;
  /* The rows that carry data (A: m rows, B: n columns, a fractal's first rows of 32 B each) must
   * have been written: an mmad of L0A / L0B no load_data filled is an uninitialised read. */
  if (A && B && c->L->sanitize && !gemv)
    datarows(c, in, sim_in(c, in, ASC_OPND_MMAD_src0), M1, K1, m, false);
  if (A && B && c->L->sanitize)
    datarows(c, in, sim_in(c, in, ASC_OPND_MMAD_src1), K1, N1, n, true);
  const uint8_t *bias =
      B && init == 2 ? asc_sim_mem(c, in->op, sim_in(c, in, ASC_OPND_MMAD_BIAS_src2), 0, NP * 4, "read") : NULL;
  const uint8_t *Cin = B && init == 1 ? asc_sim_mem(c, in->op, C, 0, M1 * N1 * 1024, "read") : NULL;
  if (!B || (init == 2 && !bias) || (init == 1 && !Cin))
    return -1;
  uint8_t *Cp = asc_sim_mem(c, in->op, C, 0, M1 * N1 * 1024, "write");
  if (!Cp)
    return -1;
  /* the arithmetic, in the model's order (cube_kernels.h, docs/hardware.md "mmad's arithmetic") */
  sim_cube *ks = cubeof(c);
  asc_mmad_job job = {ad, M1, N1, K1, k, gemv, ad == ASC_SIM_F32 && ks->hf32, ks->hf32_trans, init,
                      A, B, Cin, bias, Cp, NULL};
  job.scratch = cubescratch(c, asc_cube_scratch_bytes(&job));
  asc_cube_mmad(&job);
  /* hardware.md §13.1: ceil(m/16) ceil(n/16) ceil(k/16) cycles for 16-bit inputs, f32 at a
   * quarter of that, int8 over k/32; scaled by the platform's MACs per cycle (hw.def). */
  int64_t kk16 = isint ? (k + 31) / 32 : (k + 15) / 16;
  /* f32: 16 x 16 x 4 per cycle, with HF32 16 x 16 x 8 (the cube appendix, arch 2201) */
  int64_t cyc = M1 * N1 * kk16 * (ad == ASC_SIM_F32 ? (ks->hf32 ? 2 : 4) : 1);
  cyc = cyc * 4096 / (c->L->cost->cube_macs > 0 ? c->L->cost->cube_macs : 4096) + ASC_HWC_mmad_head;
  return asc_sim_issue_unit(c, in, cyc, cyc, urole);
}

/* ---- fixpipe / data_copy L0C -> GM or L1 ------------------------------------------------------ */
typedef struct fixgeom {
  int64_t n, m, sstride, dstride, quant, ndnum, sndstride, dndstride;
  bool relu, nz; /* nz: Nz destination, else row-major (ND) */
  bool split;    /* Nz f32 destination: 16 x 8 fractals (channel split) instead of 16 x 16 */
  uint64_t scalar; /* scalar quant word (f32 scale in bits 0-31) */
  const uint8_t *ws; /* per-channel quant words (u64), or NULL */
  int unit;          /* SIM_UF_FIX: unit_flag 2 or 3 (UnitFlag with the mmad), else 0 */
} fixgeom;

static float scaleof(uint64_t w) {
  uint32_t b = (uint32_t)w;
  float s;
  memcpy(&s, &b, 4);
  return s;
}

/* One element of the destination := v in type dd (de bytes), or combined with it (atomic). */
static void fixstore(sim_core *c, bool atomic, int dd, int de, uint8_t *o, double v) {
  uint8_t tmp[8];
  uint8_t *p = atomic ? tmp : o;
  if (asc_sim_dt_float(dd))
    asc_sim_storef(dd, p, v);
  else
    asc_sim_storei(dd, p, asc_sim_fp_to_int(v, dd, SIM_RM_RINT)); /* saturates */
  if (atomic)
    asc_sim_atomic_store(c, o, tmp, de);
}

/* Row r of an ND fixpipe with no quantisation or atomic store: n f32 (or s32) elements from
 * the column fractals blk to d, as the element-by-element path stores them: an f32 goes
 * through a double unchanged but for a signalling NaN, which comes out quiet; relu makes a
 * value below zero +0. */
static inline void fix16(bool f32, bool relu, uint32_t *u) {
  if (f32 && !relu) { /* the common case, branch-free so that the compiler vectorises it */
    for (int i = 0; i < 16; i++)
      u[i] |= (uint32_t)((u[i] & 0x7fffffffu) > 0x7f800000u) << 22;
    return;
  }
  for (int i = 0; i < 16; i++) {
    uint32_t x = u[i];
    bool nan = f32 && (x & 0x7fffffffu) > 0x7f800000u;
    bool neg = f32 ? !nan && (x >> 31) && (x & 0x7fffffffu) : (int32_t)x < 0;
    x = nan ? x | 0x00400000u : x;
    u[i] = relu && neg ? 0 : x;
  }
}

static void fixrow_same(bool f32, bool relu, const uint8_t *const *blk, int64_t r, int64_t n, uint8_t *d) {
  uint32_t u[16];
  int64_t c0 = 0;
  for (; c0 + 16 <= n; c0 += 16) { /* whole column fractals: fixed-size copies the compiler inlines */
    memcpy(u, blk[c0 / 16] + r * 64, sizeof u);
    fix16(f32, relu, u);
    memcpy(d + c0 * 4, u, sizeof u);
  }
  if (c0 < n) {
    size_t w = (size_t)(n - c0) * 4;
    memset(u, 0, sizeof u);
    memcpy(u, blk[c0 / 16] + r * 64, w);
    fix16(f32, relu, u);
    memcpy(d + c0 * 4, u, w);
  }
}

/* Row r of an ND fixpipe F322F16 (no atomic store): as the element-by-element path, which rounds the f32
 * (exact in a double) to f16 to nearest even, a NaN to 0x7e00; relu makes a value below zero +0. */
static void fixrow_f16(bool relu, const uint8_t *const *blk, int64_t r, int64_t n, uint8_t *d) {
  for (int64_t col = 0; col < n; col++) {
    float f;
    memcpy(&f, blk[col / 16] + (r * 16 + col % 16) * 4, 4);
    if (relu && f < 0)
      f = 0;
    uint16_t h = asc_sim_f2h(f);
    memcpy(d + col * 2, &h, 2);
  }
}

static int fixcore(sim_core *c, const sim_inst *in, const fixgeom *g) {
  const sim_val *dst = sim_in(c, in, ASC_OPND_DATA_COPY_CO12DST_dst),
      *src = sim_in(c, in, ASC_OPND_DATA_COPY_CO12DST_src);
  int sd = edt(in, 1), dd = edt(in, 0), de = esz(in, 0);
  static const char *const qn[] = {"NoQuant", "F322F16", "F322BF16", "DEQF16", "VDEQF16", "QF322B8_PRE",
                                   "VQF322B8_PRE", "REQ8", "VREQ8"};
  /* (source, destination) element types of each QuantModes value */
  static const int qsrc[] = {-1, ASC_SIM_F32, ASC_SIM_F32, ASC_SIM_I32, ASC_SIM_I32, ASC_SIM_F32, ASC_SIM_F32,
                             ASC_SIM_I32, ASC_SIM_I32};
  static const int qdst[] = {-1, ASC_SIM_F16, ASC_SIM_BF16, ASC_SIM_F16, ASC_SIM_F16, ASC_SIM_I8, ASC_SIM_I8,
                             ASC_SIM_I8, ASC_SIM_I8};
  if (sd != ASC_SIM_F32 && sd != ASC_SIM_I32)
    return asc_sim_err(c, in->op, "%s: the L0C source is %s; it holds f32 or s32", asc_op_name(in->op),
                       asc_sim_dtype_name(sd));
  int q = (int)g->quant;
  if (q == 0 ? dd != sd : (sd != qsrc[q] || (dd != qdst[q] && !(qdst[q] == ASC_SIM_I8 && dd == ASC_SIM_U8))))
    return asc_sim_err(c, in->op, "%s: quant_pre %s converts %s to %s, but the source is %s and the destination %s",
                       asc_op_name(in->op), qn[q], q ? asc_sim_dtype_name(qsrc[q]) : "the source type",
                       q ? asc_sim_dtype_name(qdst[q]) : "itself", asc_sim_dtype_name(sd), asc_sim_dtype_name(dd));
  bool vec = q == 4 || q == 6 || q == 8, scaled = q >= 3;
  if (vec && !g->ws)
    return asc_sim_err(c, in->op, "%s: quant_pre %s takes per-channel scales: pass cbuf_workspace", asc_op_name(in->op),
                       qn[q]);
  /* an Nz destination's fractal width: 16 elements, 8 for a split f32, 32 for int8 (channel merge) */
  int c0d = de == 4 ? (g->split ? 8 : 16) : 32 / de;
  if (g->split && dd != ASC_SIM_F32)
    return asc_sim_err(c, in->op, "%s: channel split is for an f32 destination, not %s", asc_op_name(in->op),
                       asc_sim_dtype_name(dd));
  bool atom = dst->mem >= 0 && c->atomic_dt >= 0; /* set_atomic_*: combine with GM */
  if (atom && c->atomic_dt != dd)
    return asc_sim_err(c, in->op, "%s: the atomic store is of %s, the destination holds %s", asc_op_name(in->op),
                       asc_sim_dtype_name(c->atomic_dt), asc_sim_dtype_name(dd));
  int64_t moved = 0, ncb = (g->n + 15) / 16;
  if (g->ndnum * g->m * ncb * 64 > c->lmb[ASC_HW_MEM_L0C]) /* more than L0C holds: a bad nd_num or size */
    return asc_sim_err(c, in->op, "%s: %lld matrices of %lld rows x %lld column fractals are more than L0C holds "
                       "(%lld bytes)", asc_op_name(in->op), (long long)g->ndnum, (long long)g->m, (long long)ncb,
                       (long long)c->lmb[ASC_HW_MEM_L0C]);
  const uint8_t **blk = malloc(sizeof *blk * (size_t)(ncb + 1));
  if (!blk)
    asc_die("out of memory");
  int rc = 0;
  for (int64_t t = 0; t < g->ndnum && !rc; t++) {
    /* each column fractal's m_size rows of 16 elements are contiguous in L0C: one read each */
    for (int64_t cb = 0; cb < ncb && !rc; cb++)
      if (!(blk[cb] = asc_sim_mem(c, in->op, src, (t * g->sndstride * 256 + cb * g->sstride * 16) * 4,
                                  g->m * 64, "read")))
        rc = -1;
    for (int64_t r = 0; r < g->m && !rc; r++) {
      uint8_t *d = NULL;
      if (!g->nz && g->n && !(d = asc_sim_mem(c, in->op, dst, (t * g->dndstride + r * g->dstride) * de, g->n * de,
                                              "write"))) {
        rc = -1;
        break;
      }
      if (d && !scaled && !atom && q == 0) { /* no conversion: one pass over the row */
        fixrow_same(sd == ASC_SIM_F32, g->relu, blk, r, g->n, d);
        asc_sim_mem_commit(c);
        moved += g->n * de;
        continue;
      }
      if (d && !atom && q == 1 && dd == ASC_SIM_F16) { /* F322F16 (the f16 matmuls' output): no double rounding */
        fixrow_f16(g->relu, blk, r, g->n, d);
        asc_sim_mem_commit(c);
        moved += g->n * de;
        continue;
      }
      for (int64_t col = 0; col < g->n; col++) {
        const uint8_t *s = blk[col / 16] + (r * 16 + col % 16) * 4;
        double v = sd == ASC_SIM_F32 ? asc_sim_loadf(ASC_SIM_F32, s) : (double)asc_sim_loadi(ASC_SIM_I32, s);
        if (scaled)
          v = (double)(float)((float)v *
                              scaleof(vec ? (uint64_t)asc_sim_loadi(ASC_SIM_U64, g->ws + col * 8) : g->scalar));
        if (g->relu && v < 0)
          v = 0;
        uint8_t *o = d ? d + col * de : NULL;
        if (g->nz && !(o = asc_sim_mem(c, in->op, dst, (t * g->dndstride) * de + (col / c0d) * g->dstride * 32 +
                                       r * c0d * de + (col % c0d) * de, de, "write"))) {
          rc = -1;
          break;
        }
        fixstore(c, atom, dd, de, o, v);
        if (g->nz)
          asc_sim_mem_commit(c); /* a GM write partly past its array (lenient GM) reaches the array */
      }
      if (d)
        asc_sim_mem_commit(c);
      moved += g->n * de;
    }
  }
  free(blk);
  if (rc)
    return -1;
  return xfer_unit(c, in, ASC_HW_MEM_L0C, memof(c, in, 0), moved, g->unit);
}

int asc_exec_fixpipe(sim_core *c, const sim_inst *in) {
  bool ws = in->op->code == ASC_OP_FIXPIPE_WS;
  const double *f = sim_in(c, in, ws ? 3 : 2)->fld, *cfg = sim_in(c, in, ws ? 4 : 3)->fld;
  fixgeom g = {0};
  int64_t relu, unit, split, layout;
  if (opndmem(c, in, 0) || opndmem(c, in, 1) || (ws && opndmem(c, in, 2)) ||
      field(c, in, f, ASC_SF_FixpipeParamsV220_n_size, &g.n) ||
      field(c, in, f, ASC_SF_FixpipeParamsV220_m_size, &g.m) ||
      field(c, in, f, ASC_SF_FixpipeParamsV220_src_stride, &g.sstride) ||
      field(c, in, f, ASC_SF_FixpipeParamsV220_dst_stride, &g.dstride) ||
      field(c, in, f, ASC_SF_FixpipeParamsV220_quant_pre, &g.quant) ||
      field(c, in, f, ASC_SF_FixpipeParamsV220_nd_num, &g.ndnum) ||
      field(c, in, f, ASC_SF_FixpipeParamsV220_src_nd_stride, &g.sndstride) ||
      field(c, in, f, ASC_SF_FixpipeParamsV220_dst_nd_stride, &g.dndstride) ||
      field(c, in, f, ASC_SF_FixpipeParamsV220_relu_en, &relu) ||
      field(c, in, f, ASC_SF_FixpipeParamsV220_unit_flag, &unit) ||
      field(c, in, f, ASC_SF_FixpipeParamsV220_is_channel_split, &split) ||
      field(c, in, cfg, ASC_SF_FixpipeConfig_layout, &layout) ||
      wantalign(c, in, 1, 0, l0align(ASC_HW_MEM_L0C), "src"))
    return -1;
  if (layout == 2)
    return notavail(c, in, "fixpipe to CO2Layout.COLUMN_MAJOR");
  if (g.m > 0 && g.n > 0 && g.sstride < g.m)
    return asc_sim_err(c, in->op, "asc.fixpipe: src_stride %lld (rows of 16 elements between column fractals) is "
                       "less than m_size %lld", (long long)g.sstride, (long long)g.m);
  g.relu = relu != 0;
  g.nz = layout == 0;
  g.split = split != 0;
  g.unit = unit >= 2 ? SIM_UF_FIX : 0;
  if (g.unit)
    asc_sim_unit_sync(c, g.unit); /* it reads L0C as a UnitFlag mmad writes it */
  g.scalar = (uint64_t)(int64_t)SFLD(f, FixpipeParamsV220, deq_scalar);
  if (ws) {
    int64_t need = g.n * 8;
    if (need && !(g.ws = asc_sim_mem(c, in->op, sim_in(c, in, ASC_OPND_FIXPIPE_WS_cbuf_workspace), 0, need, "read")))
      return -1;
  }
  return fixcore(c, in, &g);
}

int asc_exec_copyco12(sim_core *c, const sim_inst *in) {
  const double *f = sim_in(c, in, ASC_OPND_DATA_COPY_CO12DST_params)->fld;
  fixgeom g = {0};
  int64_t relu, split, nz;
  if (opndmem(c, in, 0) || opndmem(c, in, 1) ||
      field(c, in, f, ASC_SF_DataCopyCO12DstParams_n_size, &g.n) ||
      field(c, in, f, ASC_SF_DataCopyCO12DstParams_m_size, &g.m) ||
      field(c, in, f, ASC_SF_DataCopyCO12DstParams_dst_stride, &g.dstride) ||
      field(c, in, f, ASC_SF_DataCopyCO12DstParams_src_stride, &g.sstride) ||
      field(c, in, f, ASC_SF_DataCopyCO12DstParams_quant_pre, &g.quant) ||
      field(c, in, f, ASC_SF_DataCopyCO12DstParams_relu_pre, &relu) ||
      field(c, in, f, ASC_SF_DataCopyCO12DstParams_channel_split, &split) ||
      field(c, in, f, ASC_SF_DataCopyCO12DstParams_nz2nd_en, &nz) ||
      wantalign(c, in, 1, 0, l0align(ASC_HW_MEM_L0C), "src"))
    return -1;
  if (g.quant == 4 || g.quant == 6 || g.quant == 8)
    return asc_sim_err(c, in->op, "asc.data_copy: per-channel quant_pre needs fixpipe with a cbuf_workspace");
  g.relu = relu != 0;
  g.nz = !nz;
  g.split = split != 0;
  g.ndnum = 1;
  g.scalar = c->cube ? c->cube->quant : 0;
  return fixcore(c, in, &g);
}


int asc_sim_want_mem(sim_core *c, const sim_inst *in, int i, unsigned mask, const char *arg, const char *want) {
  return wantmem(c, in, i, mask, arg, want);
}

int asc_sim_want_align(sim_core *c, const sim_inst *in, int i, int64_t off, int align, const char *arg) {
  return wantalign(c, in, i, off, align, arg);
}
