/* aipp.c - the AI core pre-processing unit (AIPP) of the AIC, get_arch_version and data_copy_pad
 * UB -> L1 (issue 17 part 5).
 *
 * set_aipp_functions loads the AIPP registers: the source image (src0; for YUV420SP src1 is the
 * interleaved UV plane), its format and the AippParams.  On an AIV it has no effect (Ascend C on
 * arch 2201 returns at once there: the AIPP belongs to the AIC's MTE2).  load_image_to_local then
 * moves a window of that image from GM into L1 (A1/B1), pre-processing each pixel on the way, in
 * this order (docs/python.md, "AIPP"):
 *   1. read: RGB888 3 bytes (R, G, B), XRGB8888 4 bytes (X, R, G, B), YUV400 1 byte, YUV420SP the Y
 *      byte and the (U, V) pair of its 2 x 2 block from the UV plane;
 *   2. swap: is_swap_rb exchanges R and B (RGB888, XRGB8888), is_swap_uv U and V (YUV420SP),
 *      is_swap_ax moves X last (XRGB -> RGBX); an XRGB8888 pixel keeps its first 3 channels;
 *   3. colour space conversion (is_enable_csc; not for YUV400), the matrix M and biases of aclmdl's
 *      CSC: YUV420SP in (YUV -> RGB) o_i = (sum_j M_ij (p_j - bias_in_j)) >> 8, RGB in (RGB -> YUV)
 *      o_i = ((sum_j M_ij p_j) >> 8) + bias_out_i, the shift rounding down, o_i clamped to [0, 255];
 *   4. data type conversion to the output type U: int8 o = p - mean (saturated), half
 *      o = (p - mean - min) * var (one rounding to half);
 *   5. padding of the H and W borders (load params' top/bot/left/right sizes), padding_mode
 *      0 constant padding_value_chK (left and right only), 1 the nearest image pixel of the row or
 *      column, 2 the block of the image next to the border (image column j for left column j),
 *      3 that block mirrored (image column 0 next to the border);
 *   6. channel padding to 32 bytes of U (c_padding_mode 0: 32 int8 / 16 half channels) or to 4
 *      channels (mode 1) with c_padding_value.
 * The output is H x W x C (HWC) in dst: H = rows + top + bot (rows = vert_size, or 1 with
 * is_single_line_copy), W = left + horiz_size + right.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "sim/sim_int.h"

enum { FMT_YUV420SP = 0, FMT_XRGB8888 = 1, FMT_RGB888 = 4, FMT_YUV400 = 9 };

/* Runs of AippParams fields read in loops (first field + k): each run is consecutive in structs.def. */
#define AF(f) ASC_SF_AippParams_##f
_Static_assert(AF(padding_value_ch3) == AF(padding_value_ch0) + 3 && AF(dtc_mean_ch2) == AF(dtc_mean_ch0) + 2 &&
               AF(dtc_min_ch2) == AF(dtc_min_ch0) + 2 && AF(dtc_var_ch2) == AF(dtc_var_ch0) + 2 &&
               AF(csc_bias_in_2) == AF(csc_bias_in_0) + 2 && AF(csc_bias_out_2) == AF(csc_bias_out_0) + 2 &&
               AF(csc_matrix_r2_c2) == AF(csc_matrix_r0_c0) + 8,
               "AippParams' channel and matrix fields are runs in structs.def");

typedef struct sim_aipp {
  sim_val src0, src1;
  bool has_src1;
  int format, dt; /* AippInputFormat, output asc_sim_dtype */
  int64_t pad_mode, swap_rb, swap_uv, swap_ax, single, cpad_mode, csc;
  int64_t mean[3], m[9], bias_in[3], bias_out[3];
  double vmin[3], var[3], padv[4], cpadv;
} sim_aipp;

static void scost(sim_core *c) { asc_sim_scalar(c, c->L->cost->scalar_op); }
#define MB(m) (1u << ASC_HW_MEM_##m)

static const char *fmtname(int f) {
  return f == FMT_YUV420SP ? "YUV420SP_U8" : f == FMT_XRGB8888 ? "XRGB8888_U8" : f == FMT_RGB888 ? "RGB888_U8"
                                                                                                   : "YUV400_U8";
}

/* A value of output type dt from a field: int8 in [-128, 127] (or its uint8 bit pattern), half rounded. */
static int outval(sim_core *c, const sim_inst *in, const char *name, double v, int dt, double *r) {
  if (dt == ASC_SIM_F16) {
    if (isnan(v))
      return asc_sim_err(c, in->op, "asc.set_aipp_functions: AippParams.%s is NaN", name);
    *r = asc_sim_round_fp(v, ASC_SIM_F16, 0);
    return 0;
  }
  int64_t i;
  if (asc_sim_field(c, in->op, name, v, -128, 255, &i))
    return -1;
  *r = (double)(int8_t)(uint8_t)i;
  return 0;
}

int asc_exec_setaipp(sim_core *c, const sim_inst *in) {
  scost(c);
  const asc_attr *fa = asc_op_attr(in->op, "format"), *ta = asc_op_attr(in->op, "dtype");
  int fmt = fa ? (int)fa->i : -1, dt = ta && ta->type ? asc_sim_dtype_of(ta->type) : -1;
  if (fmt != FMT_YUV420SP && fmt != FMT_XRGB8888 && fmt != FMT_RGB888 && fmt != FMT_YUV400)
    return asc_sim_err(c, in->op, "asc.set_aipp_functions: input format %d is not an AippInputFormat (YUV420SP_U8 0, "
                       "XRGB8888_U8 1, RGB888_U8 4, YUV400_U8 9)", fmt);
  if (dt != ASC_SIM_I8 && dt != ASC_SIM_F16)
    return asc_sim_err(c, in->op, "asc.set_aipp_functions: the output type of AippParams must be int8 or half");
  bool two = in->nin > 2;
  if (fmt == FMT_YUV420SP && !two)
    return asc_sim_err(c, in->op, "asc.set_aipp_functions: YUV420SP_U8 takes two sources: the Y plane and the UV "
                       "plane");
  if (fmt != FMT_YUV420SP && two)
    return asc_sim_err(c, in->op, "asc.set_aipp_functions: %s takes one source (src1 is the UV plane of "
                       "YUV420SP_U8)", fmtname(fmt));
  const double *f = sim_in(c, in, ASC_OPND_SET_AIPP_FUNCTIONS_config)->fld;
  sim_aipp a = {.src0 = *sim_in(c, in, ASC_OPND_SET_AIPP_FUNCTIONS_src0), .format = fmt, .dt = dt, .has_src1 = two};
  if (two)
    a.src1 = *sim_in(c, in, ASC_OPND_SET_AIPP_FUNCTIONS_src1);
  static const char *const chn[] = {"ch0", "ch1", "ch2"};
  if (asc_sim_sfield(c, in->op, f, AF(padding_mode), 0, 3, &a.pad_mode) ||
      asc_sim_sfield(c, in->op, f, AF(is_swap_rb), 0, 1, &a.swap_rb) ||
      asc_sim_sfield(c, in->op, f, AF(is_swap_uv), 0, 1, &a.swap_uv) ||
      asc_sim_sfield(c, in->op, f, AF(is_swap_ax), 0, 1, &a.swap_ax) ||
      asc_sim_sfield(c, in->op, f, AF(is_single_line_copy), 0, 1, &a.single) ||
      asc_sim_sfield(c, in->op, f, AF(c_padding_mode), 0, 1, &a.cpad_mode) ||
      asc_sim_sfield(c, in->op, f, AF(is_enable_csc), 0, 1, &a.csc) ||
      outval(c, in, "c_padding_value", SFLD(f, AippParams, c_padding_value), dt, &a.cpadv))
    return -1;
  int64_t rnd;
  if (asc_sim_sfield(c, in->op, f, AF(dtc_round_mode), 0, 1, &rnd))
    return -1;
  for (int k = 0; k < 4; k++) {
    const asc_sfieldinfo *fi = &asc_sfields[AF(padding_value_ch0) + k];
    if (outval(c, in, fi->name, f[fi->index], dt, &a.padv[k]))
      return -1;
  }
  for (int k = 0; k < 3; k++) {
    if (asc_sim_sfield(c, in->op, f, AF(dtc_mean_ch0) + k, 0, 255, &a.mean[k]) ||
        asc_sim_sfield(c, in->op, f, AF(csc_bias_in_0) + k, 0, 255, &a.bias_in[k]) ||
        asc_sim_sfield(c, in->op, f, AF(csc_bias_out_0) + k, 0, 255, &a.bias_out[k]))
      return -1;
    double vmin = f[asc_sfields[AF(dtc_min_ch0) + k].index], var = f[asc_sfields[AF(dtc_var_ch0) + k].index];
    if (isnan(vmin) || isnan(var))
      return asc_sim_err(c, in->op, "asc.set_aipp_functions: AippParams.dtc_min_%s / dtc_var_%s is NaN", chn[k],
                         chn[k]);
    a.vmin[k] = asc_sim_round_fp(vmin, ASC_SIM_F16, 0); /* the registers hold them as half */
    a.var[k] = asc_sim_round_fp(var, ASC_SIM_F16, 0);
  }
  for (int k = 0; k < 9; k++)
    if (asc_sim_sfield(c, in->op, f, AF(csc_matrix_r0_c0) + k, -32768, 32767, &a.m[k]))
      return -1;
  int align = fmt == FMT_XRGB8888 ? 4 : fmt == FMT_YUV420SP ? 2 : 1; /* SetAippFunctions' GM alignment */
  if (a.src0.off % align || (two && a.src1.off % align))
    return asc_sim_err(c, in->op, "asc.set_aipp_functions: %s sources must be %d-byte aligned in GM (src0 at byte "
                       "%lld%s)", fmtname(fmt), align, (long long)a.src0.off, two ? ", or src1" : "");
  if (a.csc && fmt == FMT_YUV400)
    return asc_sim_err(c, in->op, "asc.set_aipp_functions: colour space conversion is not available for YUV400_U8 "
                       "(one channel)");
  if (c->kind == ASC_HW_AIV)
    return 0; /* the AIPP is the AIC's: Ascend C's SetAippFunctions returns on an AIV */
  if (!c->aipp && !(c->aipp = calloc(1, sizeof *c->aipp)))
    asc_die("out of memory");
  *c->aipp = a;
  return 0;
}

/* The channels of source pixel (x, y) after read and swap (steps 1-2); returns their number. */
static int readpix(sim_core *c, const sim_inst *in, const sim_aipp *a, int64_t w, int64_t x, int64_t y,
                   int64_t p[4]) {
  const uint8_t *s;
  switch (a->format) {
  case FMT_RGB888:
    if (!(s = asc_sim_mem(c, in->op, &a->src0, (y * w + x) * 3, 3, "read")))
      return -1;
    p[0] = s[0], p[1] = s[1], p[2] = s[2];
    if (a->swap_rb)
      p[0] = s[2], p[2] = s[0];
    return 3;
  case FMT_XRGB8888: {
    if (!(s = asc_sim_mem(c, in->op, &a->src0, (y * w + x) * 4, 4, "read")))
      return -1;
    int64_t q[4] = {s[0], s[1], s[2], s[3]}; /* X R G B */
    if (a->swap_rb)
      q[1] = s[3], q[3] = s[1];
    for (int k = 0; k < 3; k++)
      p[k] = a->swap_ax ? q[k + 1] : q[k];
    return 3;
  }
  case FMT_YUV400:
    if (!(s = asc_sim_mem(c, in->op, &a->src0, y * w + x, 1, "read")))
      return -1;
    p[0] = s[0];
    return 1;
  default: /* YUV420SP */
    if (!(s = asc_sim_mem(c, in->op, &a->src0, y * w + x, 1, "read")))
      return -1;
    p[0] = s[0];
    if (!(s = asc_sim_mem(c, in->op, &a->src1, (y / 2) * w + (x / 2) * 2, 2, "read")))
      return -1;
    p[1] = a->swap_uv ? s[1] : s[0];
    p[2] = a->swap_uv ? s[0] : s[1];
    return 3;
  }
}

static int64_t floordiv256(int64_t v) { return v >= 0 ? v / 256 : -((-v + 255) / 256); }
static int64_t clamp(int64_t v, int64_t lo, int64_t hi) { return v < lo ? lo : v > hi ? hi : v; }

/* Steps 1-4 for image pixel (x, y): the output channel values o[0..n). */
static int pixel(sim_core *c, const sim_inst *in, const sim_aipp *a, int64_t w, int64_t x, int64_t y, double o[3]) {
  int64_t p[4] = {0}, q[3];
  int n = readpix(c, in, a, w, x, y, p);
  if (n < 0)
    return -1;
  if (a->csc) {
    bool yuv = a->format == FMT_YUV420SP;
    for (int i = 0; i < 3; i++) {
      int64_t s = 0;
      for (int j = 0; j < 3; j++)
        s += a->m[i * 3 + j] * (yuv ? p[j] - a->bias_in[j] : p[j]);
      q[i] = clamp(floordiv256(s) + (yuv ? 0 : a->bias_out[i]), 0, 255);
    }
    memcpy(p, q, sizeof q);
  }
  for (int k = 0; k < n; k++)
    o[k] = a->dt == ASC_SIM_I8 ? (double)clamp(p[k] - a->mean[k], -128, 127)
                               : asc_sim_round_fp(((double)p[k] - (double)a->mean[k] - a->vmin[k]) * a->var[k],
                                                  ASC_SIM_F16, 0);
  return n;
}

/* Image coordinate of padded coordinate i (relative to the image's start) under padding mode m; the
 * image is n long with pads lo and hi.  -1: the constant of mode 0. */
static int64_t padmap(int64_t i, int64_t n, int64_t m) {
  if (i >= 0 && i < n)
    return i;
  switch (m) {
  case 1: return i < 0 ? 0 : n - 1;
  case 2: return i < 0 ? i + n : i - n; /* with pad <= n: the block of pad width next to the border */
  case 3: return i < 0 ? -i - 1 : 2 * n - 1 - i;
  default: return -1;
  }
}

int asc_exec_loadimage(sim_core *c, const sim_inst *in) {
  const sim_aipp *a = c->aipp;
  if (asc_sim_want_mem(c, in, 0, MB(L1), "dst", "L1 (A1/B1)"))
    return -1;
  if (!a)
    return asc_sim_err(c, in->op, "asc.load_image_to_local: the AIPP is not configured: call set_aipp_functions "
                       "first (on this core)");
  int dt = asc_sim_elem_dtype(sim_intype(in, 0));
  if (dt != a->dt)
    return asc_sim_err(c, in->op, "asc.load_image_to_local: dst holds %s, but set_aipp_functions' AippParams "
                       "output %s", asc_sim_dtype_name(dt), asc_sim_dtype_name(a->dt));
  const double *f = sim_in(c, in, ASC_OPND_LOAD_IMAGE_TO_LOCAL_load_data_params)->fld;
  int64_t hs, vs, hp, vp, sw, tp, bp, lp, rp;
  if (asc_sim_sfield(c, in->op, f, ASC_SF_LoadImageToLocalParams_horiz_size, 2, 4095, &hs) ||
      asc_sim_sfield(c, in->op, f, ASC_SF_LoadImageToLocalParams_vert_size, 2, 4095, &vs) ||
      asc_sim_sfield(c, in->op, f, ASC_SF_LoadImageToLocalParams_horiz_start_pos, 0, 4095, &hp) ||
      asc_sim_sfield(c, in->op, f, ASC_SF_LoadImageToLocalParams_vert_start_pos, 0, 4095, &vp) ||
      asc_sim_sfield(c, in->op, f, ASC_SF_LoadImageToLocalParams_src_horiz_size, 2, 4095, &sw) ||
      asc_sim_sfield(c, in->op, f, ASC_SF_LoadImageToLocalParams_top_pad_size, 0, 32, &tp) ||
      asc_sim_sfield(c, in->op, f, ASC_SF_LoadImageToLocalParams_bot_pad_size, 0, 32, &bp) ||
      asc_sim_sfield(c, in->op, f, ASC_SF_LoadImageToLocalParams_left_pad_size, 0, 32, &lp) ||
      asc_sim_sfield(c, in->op, f, ASC_SF_LoadImageToLocalParams_right_pad_size, 0, 32, &rp) ||
      asc_sim_want_align(c, in, 0, 0, 32, "destination"))
    return -1;
  if (hp % 2)
    return asc_sim_err(c, in->op, "asc.load_image_to_local: horiz_start_pos %lld must be even", (long long)hp);
  if (a->format == FMT_YUV420SP && (vp % 2 || sw % 2))
    return asc_sim_err(c, in->op, "asc.load_image_to_local: with YUV420SP_U8 vert_start_pos (%lld) and "
                       "src_horiz_size (%lld) must be even", (long long)vp, (long long)sw);
  if (hp + hs > sw)
    return asc_sim_err(c, in->op, "asc.load_image_to_local: columns [%lld, %lld) are outside the %lld-pixel wide "
                       "source image", (long long)hp, (long long)(hp + hs), (long long)sw);
  int64_t rows = a->single ? 1 : vs;
  if (a->pad_mode == 0 && (tp || bp))
    return asc_sim_err(c, in->op, "asc.load_image_to_local: padding_mode 0 (constant) pads left and right only; "
                       "top_pad_size %lld, bot_pad_size %lld", (long long)tp, (long long)bp);
  if ((a->pad_mode == 2 || a->pad_mode == 3) && (tp > rows || bp > rows || lp > hs || rp > hs))
    return asc_sim_err(c, in->op, "asc.load_image_to_local: padding_mode %lld copies blocks of the image: a pad "
                       "(top %lld, bottom %lld, left %lld, right %lld) may not exceed the image (%lld x %lld)",
                       (long long)a->pad_mode, (long long)tp, (long long)bp, (long long)lp, (long long)rp,
                       (long long)rows, (long long)hs);
  int e = asc_sim_dtype_size(dt);
  int64_t ch = a->cpad_mode == 0 ? 32 / e : 4, H = tp + rows + bp, W = lp + hs + rp, bytes = H * W * ch * e;
  uint8_t *d = asc_sim_mem(c, in->op, sim_in(c, in, ASC_OPND_LOAD_IMAGE_TO_LOCAL_dst), 0, bytes, "write");
  if (!d)
    return -1;
  for (int64_t r = 0; r < H; r++)
    for (int64_t x = 0; x < W; x++) {
      int64_t ir = padmap(r - tp, rows, a->pad_mode), ic = padmap(x - lp, hs, a->pad_mode);
      double o[3] = {0};
      int n = a->format == FMT_YUV400 ? 1 : 3;
      uint8_t *px = d + (r * W + x) * ch * e;
      if (ir < 0 || ic < 0) { /* mode 0: the constant of each channel */
        for (int k = 0; k < n; k++)
          o[k] = a->padv[k];
      } else if ((n = pixel(c, in, a, sw, hp + ic, vp + ir, o)) < 0) {
        return -1;
      }
      for (int64_t k = 0; k < ch; k++) {
        double v = k < n ? o[k] : a->cpadv;
        if (dt == ASC_SIM_I8)
          asc_sim_storei(dt, px + k * e, (int64_t)v);
        else
          asc_sim_storef(dt, px + k * e, v);
      }
    }
  return asc_sim_issue_copy(c, in, bytes);
}

/* ---- get_arch_version ---------------------------------------------------------------------- */
int asc_exec_archversion(sim_core *c, const sim_inst *in) {
  sim_out(c, in, 0)->i = asc_hw_core_version();
  scost(c);
  return 0;
}

/* ---- pop_stack_buffer: the rest of a UB position past the TPipe's buffers (Ascend C PopStackBuffer) ---- */
enum { KFC_MSG_BYTES = 64 }; /* arch 2201 keeps the last 64 bytes of UB for Matmul (KFC) messages */

int asc_exec_popstack(sim_core *c, const sim_inst *in) {
  scost(c);
  const asc_attr *pa = asc_op_attr(in->op, "pos");
  int pos = pa ? (int)pa->i : -1;
  if (asc_hw_pos_mem(pos) != ASC_HW_MEM_UB)
    return asc_sim_err(c, in->op, "asc.pop_stack_buffer: the position must be in UB (VECIN, VECOUT, VECCALC)");
  if (!c->has_tpipe || c->tpipe_down)
    return asc_sim_err(c, in->op, "asc.pop_stack_buffer: there is no TPipe: the stack buffer is the UB past the "
                       "TPipe's buffers");
  int64_t lo = c->mtop[ASC_HW_MEM_UB], hi = c->lmb[ASC_HW_MEM_UB] - KFC_MSG_BYTES;
  lo = (lo + 31) / 32 * 32;
  sim_val *r = sim_out(c, in, 0);
  r->mem = SIM_MEM_UB;
  r->off = lo;
  r->len = hi > lo ? hi - lo : 0;
  return 0;
}

/* ---- ListTensorDesc / TensorDesc: a tensor list in GM (Ascend C ListTensorDesc's layout) ---- */
typedef struct tlist {
  int64_t ptroff; /* byte offset of the data pointers */
  int64_t dim, count, desc; /* dim, tensors, words per tensor descriptor */
} tlist;

/* Word w (8 bytes) of the list at *g, or -1 after the error. */
static int word(sim_core *c, const sim_inst *in, const sim_val *g, int64_t w, uint64_t *r) {
  const uint8_t *p = asc_sim_mem(c, in->op, g, w * 8, 8, "read");
  if (!p)
    return -1;
  memcpy(r, p, 8);
  asc_sim_scalar(c, c->L->cost->get_value);
  return 0;
}

static int decode(sim_core *c, const sim_inst *in, tlist *t) {
  const sim_val *g = sim_in(c, in, 0);
  uint64_t w0, w1, w;
  if (word(c, in, g, 0, &w0) || word(c, in, g, 1, &w1))
    return -1;
  if (w0 % 8 || w0 < 16 || w0 > ((uint64_t)1 << 40))
    return asc_sim_err(c, in->op, "%s: ptr_offset %llu (word 0) is not a multiple of 8 bytes past the header",
                       asc_op_name(in->op), (unsigned long long)w0);
  t->ptroff = (int64_t)w0;
  t->dim = (int64_t)(w1 & 0xffffffffu);
  t->desc = t->dim == 0 ? 2 : 1 + t->dim;
  uint64_t first = w1 >> 32;
  if (first) {
    t->count = (int64_t)first;
  } else {
    if (t->ptroff / 8 - t->desc < 1)
      return asc_sim_err(c, in->op, "%s: ptr_offset %lld leaves no room for a descriptor of %lld words",
                         asc_op_name(in->op), (long long)t->ptroff, (long long)t->desc);
    if (word(c, in, g, t->ptroff / 8 - t->desc, &w))
      return -1;
    t->count = (int64_t)(w >> 32) + 1;
  }
  bool ok;
  if (t->dim) {
    ok = t->count == (t->ptroff - 8) / (t->desc * 8) && (t->ptroff - 8) % (t->desc * 8) == 0;
  } else {
    if (word(c, in, g, 2, &w))
      return -1;
    ok = w == 0xffffffffu && t->ptroff == 24;
  }
  if (!ok)
    return asc_sim_err(c, in->op, "%s: the words are no tensor list: ptr_offset %lld, dim %lld, %lld tensors (a list "
                       "of n tensors of dim d > 0 has ptr_offset 8 + 8 n (d + 1); of pointers only, dim 0, "
                       "0xffffffff and ptr_offset 24)", asc_op_name(in->op), (long long)t->ptroff, (long long)t->dim,
                       (long long)t->count);
  return 0;
}

static int tindex(sim_core *c, const sim_inst *in, const tlist *t, int64_t *ix) {
  *ix = sim_in(c, in, ASC_OPND_LIST_TENSOR_SHAPE_index)->i;
  if (*ix < 0 || *ix >= t->count)
    return asc_sim_err(c, in->op, "%s: index %lld is outside the list's %lld tensors", asc_op_name(in->op),
                       (long long)*ix, (long long)t->count);
  return 0;
}

int asc_exec_ltcheck(sim_core *c, const sim_inst *in) {
  tlist t;
  if (decode(c, in, &t))
    return -1;
  int64_t len = sim_in(c, in, ASC_OPND_LIST_TENSOR_CHECK_length)->i,
      n = sim_in(c, in, ASC_OPND_LIST_TENSOR_CHECK_shape_size)->i;
  if (len != 0xffffffff && n != 0xffffffff && (n != t.count || len != t.ptroff + t.count * 8))
    return asc_sim_err(c, in->op, "asc.list_tensor_check: the list holds %lld pointers in %lld bytes, but length is "
                       "%lld and shape_size %lld", (long long)t.count, (long long)(t.ptroff + t.count * 8),
                       (long long)len, (long long)n);
  return 0;
}

int asc_exec_listsize(sim_core *c, const sim_inst *in) {
  tlist t;
  if (decode(c, in, &t))
    return -1;
  sim_out(c, in, 0)->i = asc_sim_wrap(t.count, ASC_SIM_I32);
  return 0;
}

int asc_exec_ltdim(sim_core *c, const sim_inst *in) {
  tlist t;
  if (decode(c, in, &t))
    return -1;
  sim_out(c, in, 0)->i = t.dim;
  return 0;
}

int asc_exec_ltshape(sim_core *c, const sim_inst *in) {
  tlist t;
  int64_t ix, k = sim_in(c, in, ASC_OPND_LIST_TENSOR_SHAPE_dim)->i;
  uint64_t w;
  if (decode(c, in, &t) || tindex(c, in, &t, &ix))
    return -1;
  if (k < 0 || k >= t.dim)
    return asc_sim_err(c, in->op, "asc.list_tensor_shape: offset %lld is outside the tensors' %lld dimensions",
                       (long long)k, (long long)t.dim);
  if (word(c, in, sim_in(c, in, ASC_OPND_LIST_TENSOR_SHAPE_list), 1 + ix * t.desc + 1 + k, &w))
    return -1;
  sim_out(c, in, 0)->i = (int64_t)w;
  return 0;
}

int asc_exec_ltnumel(sim_core *c, const sim_inst *in) {
  tlist t;
  int64_t ix, n = 1;
  uint64_t w;
  if (decode(c, in, &t) || tindex(c, in, &t, &ix))
    return -1;
  for (int64_t k = 0; k < t.dim; k++) {
    if (word(c, in, sim_in(c, in, ASC_OPND_LIST_TENSOR_NUMEL_list), 1 + ix * t.desc + 1 + k, &w))
      return -1;
    if (w > INT32_MAX || asc_sim_mul(c, in->op, "the tensor's element count", n, (int64_t)w, &n) || n > INT32_MAX)
      return asc_sim_err(c, in->op, "asc.list_tensor_numel: shape[%lld] = %llu of tensor %lld is too large",
                         (long long)k, (unsigned long long)w, (long long)ix);
  }
  sim_out(c, in, 0)->i = n;
  return 0;
}

enum { GM_OFFBITS = 40 }; /* openasc's GM address of a kernel array: (array + 1) << 40 | byte offset */

int asc_exec_ltptr(sim_core *c, const sim_inst *in) {
  tlist t;
  int64_t ix;
  uint64_t w;
  if (decode(c, in, &t) || tindex(c, in, &t, &ix) ||
      word(c, in, sim_in(c, in, ASC_OPND_LIST_TENSOR_PTR_list), t.ptroff / 8 + ix, &w))
    return -1;
  int64_t mem = (int64_t)(w >> GM_OFFBITS) - 1;
  if (mem < 0 || mem >= c->L->ngm)
    return asc_sim_err(c, in->op, "asc.list_tensor_ptr: data pointer %lld (0x%llx) names no kernel GM array (openasc's "
                       "GM address: (array + 1) << 40 | byte offset)", (long long)ix, (unsigned long long)w);
  sim_val *r = sim_out(c, in, 0);
  memset(r, 0, sizeof *r);
  r->mem = (int)mem;
  r->off = (int64_t)(w & (((uint64_t)1 << GM_OFFBITS) - 1));
  r->len = -1;
  return 0;
}

int asc_exec_descempty(sim_core *c, const sim_inst *in) {
  const asc_attr *a = asc_op_attr(in->op, "what");
  return asc_sim_err(c, in->op, "TensorDesc.%s: the TensorDesc describes no tensor: fill it with "
                     "ListTensorDesc.get_desc first", a && a->s ? a->s : "?");
}

/* ---- data_copy_pad UB -> L1 (TSCM) with Nd2NzParams ---------------------------------------- */
int asc_exec_padnd2nz(sim_core *c, const sim_inst *in) {
  return asc_sim_err(c, in->op, "asc.data_copy_pad with Nd2NzParams (VECIN/VECOUT -> TSCM) is not available on %s: "
                     "no core of arch 2201 holds both UB and L1 (Ascend C emulates it through the Matmul server's GM "
                     "workspace, REGISTER_MATMUL_OBJ); copy UB -> GM with data_copy_pad, then GM -> L1 with "
                     "data_copy and Nd2NzParams", c->L->plat->name);
}

