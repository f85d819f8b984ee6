/* datacopy.c - data_copy, data_copy_params and data_copy_pad (hardware.md §12.1).
 *
 * The pipe was chosen at lowering from the operand types: GM->UB on MTE2, UB->GM on
 * MTE3, UB->UB on V.  Every block of every copy goes through asc_sim_mem, so GM is
 * bounded by the caller's arrays and UB by the local tensor's extent.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "sim/sim_int.h"

static int esize(const sim_inst *in) { return asc_type_bytes(sim_intype(in, 0)->elem); }
static int edtype(const sim_inst *in) { return asc_sim_elem_dtype(sim_intype(in, 0)); }

/* Timing of one transfer of `bytes` (the cost model is in timing.c). */
static int copycost(sim_core *c, const sim_inst *in, int64_t bytes) { return asc_sim_issue_copy(c, in, bytes); }
/* ... of cnt blocks (GM rows) of a DataCopyParams / DataCopyExtParams copy, len bytes each, their
 * starts stride bytes apart from byte off of the GM side: a read of several rows pays the gm_unit units its
 * unaligned rows span beyond their lengths (hw.def gm_unit; one-row copies are not charged: docs/timing.md
 * "GM read units" says why) */
static int copycost_rows(sim_core *c, const sim_inst *in, int64_t cnt, int64_t len, const sim_val *gm, int64_t off,
                         int64_t stride) {
  const sim_costs *k = c->L->cost;
  int64_t x = in->pipe == ASC_PIPEID_PIPE_MTE2 && gm->mem >= 0 && cnt > 1
                  ? asc_sim_gm_rows_xunits(gm->off + off, len, cnt, stride, k->gm_unit, k->gm_block)
                  : 0;
  return asc_sim_issue_copy_rows(c, in, cnt * len, cnt, x);
}

/* UB addresses of DataCopy must be 32-byte aligned, GM ones element aligned (§4). */
static int checkalign(sim_core *c, const sim_inst *in, const sim_val *r, int64_t off, const char *side) {
  int64_t a = r->off + off;
  sim_finding f = {ASC_SIM_CHK_MISALIGNED, ASC_SEV_ERROR, 0, in->op, NULL, in->pipe, -1, r->mem, a, a};
  if (r->mem < 0 && a % 32 != 0)
    return asc_sim_found(c, &f, "%s: %s address %lld in %s is not 32-byte aligned", asc_op_name(in->op),
                         side, (long long)a, asc_sim_mem_name(c, r->mem));
  if (r->mem >= 0 && a % esize(in) != 0)
    return asc_sim_found(c, &f, "%s: %s address %lld in GM array '%s' is not aligned to the %d-byte "
                       "element", asc_op_name(in->op), side, (long long)a, asc_sim_mem_name(c, r->mem), esize(in));
  return 0;
}

/* UB -> GM copies of at least NT_MIN bytes into a GM array of at least NT_ARRAY bytes
 * (larger than a core's caches: its lines would be evicted before anything reads them
 * again) bypass the cache (below). */
enum { NT_MIN = 4096 };
#define NT_ARRAY ((size_t)8 << 20)

/* Copy n bytes from UB to GM with non-temporal stores: the kernel's output streams to
 * the caller's array, which a plain memcpy would first read into the cache (a read for
 * ownership per line: a quarter of the main-memory traffic of a copy-in, compute,
 * copy-out kernel) and then evict again.  The bytes written are those of memcpy; the
 * fence makes them visible in order like ordinary stores before anything else runs. */
static void copyout(uint8_t *d, const uint8_t *s, size_t n) {
#if defined(__SSE2__)
  size_t head = (16 - ((uintptr_t)d & 15)) & 15;
  if (head > n)
    head = n;
  memcpy(d, s, head);
  d += head, s += head, n -= head;
  for (; n >= 64; n -= 64, d += 64, s += 64) {
    __m128i a = _mm_loadu_si128((const __m128i *)(const void *)s);
    __m128i b = _mm_loadu_si128((const __m128i *)(const void *)(s + 16));
    __m128i e = _mm_loadu_si128((const __m128i *)(const void *)(s + 32));
    __m128i f = _mm_loadu_si128((const __m128i *)(const void *)(s + 48));
    _mm_stream_si128((__m128i *)(void *)d, a);
    _mm_stream_si128((__m128i *)(void *)(d + 16), b);
    _mm_stream_si128((__m128i *)(void *)(d + 32), e);
    _mm_stream_si128((__m128i *)(void *)(d + 48), f);
  }
  _mm_sfence();
#endif
  memcpy(d, s, n);
}

/* Copy n bytes from src+soff to dst+doff, both checked. */
static int move(sim_core *c, const sim_inst *in, int64_t doff, int64_t soff, int64_t n) {
  const sim_val *dst = sim_in(c, in, ASC_OPND_DATA_COPY_dst), *src = sim_in(c, in, ASC_OPND_DATA_COPY_src);
  /* GM -> UB: the UB side first, so n is bounded by UB before a GM access that goes past its
   * array (lenient GM) gets scratch memory of n bytes */
  bool ubfirst = src->mem >= 0 && dst->mem < 0;
  /* every byte of the destination is written below, after the source (which is GM, or was
   * handed out first) has been read: the destination need not be cleared of an earlier block's
   * bytes (asc_sim_mem_overwrite) */
  uint8_t *d = ubfirst ? asc_sim_mem_overwrite(c, in->op, dst, doff, n) : NULL;
  if (ubfirst && !d)
    return -1;
  const uint8_t *s = asc_sim_mem(c, in->op, src, soff, n, "read");
  if (!s)
    return -1;
  if (!ubfirst && !(d = asc_sim_mem_overwrite(c, in->op, dst, doff, n)))
    return -1;
  if (c->atomic_dt >= 0 && dst->mem >= 0 && src->mem == SIM_MEM_UB) /* set_atomic_*: combine with GM */
    asc_sim_atomic_store(c, d, s, n);
  else if (n >= NT_MIN && dst->mem >= 0 && src->mem == SIM_MEM_UB && c->L->gm[dst->mem].bytes >= NT_ARRAY)
    /* distinct memories: no overlap */
    copyout(d, s, (size_t)n);
  else
    memmove(d, s, (size_t)n);
  asc_sim_mem_commit(c);
  return 0;
}

/* data_copy(dst, src, count): count*sizeof(T) bytes, rounded down to 32 B like the NPU. */
int asc_exec_datacopy(sim_core *c, const sim_inst *in) {
  int64_t n = sim_in(c, in, ASC_OPND_DATA_COPY_count)->i, bytes;
  if (n < 0)
    return asc_sim_err(c, in->op, "asc.data_copy: negative count %lld", (long long)n);
  if (asc_sim_mul(c, in->op, "count times element size", n, esize(in), &bytes))
    return -1;
  if (bytes % 32) {
    if (!c->warned[in->id]) {
      c->warned[in->id] = 1;
      asc_sim_found_at(c, ASC_SIM_CHK_COPY_LEN, ASC_SEV_WARNING, in, "asc.data_copy: %lld elements are %lld "
                       "bytes, not a multiple of 32; the hardware copies only %lld bytes (use data_copy_pad)",
                       (long long)n, (long long)bytes, (long long)(bytes & ~31ll));
    }
    bytes &= ~31ll;
  }
  if (checkalign(c, in, sim_in(c, in, ASC_OPND_DATA_COPY_dst), 0, "destination") ||
      checkalign(c, in, sim_in(c, in, ASC_OPND_DATA_COPY_src), 0, "source"))
    return -1;
  if (move(c, in, 0, 0, bytes))
    return -1;
  return copycost(c, in, bytes); /* one contiguous run: no unit rule (see copycost_rows) */
}

/* DataCopyParams: block_count blocks of block_len 32-byte units; the strides are the gaps
 * between blocks, in 32-byte units, on each side. */
int asc_exec_datacopyparams(sim_core *c, const sim_inst *in) {
  const double *f = sim_in(c, in, ASC_OPND_DATA_COPY_PARAMS_params)->fld;
  int64_t cnt, len, ss, ds; /* hardware.md §12.1: uint16 fields, block_count <= 4095 */
  if (asc_sim_sfield(c, in->op, f, ASC_SF_DataCopyParams_block_count, 0, 4095, &cnt) ||
      asc_sim_sfield(c, in->op, f, ASC_SF_DataCopyParams_block_len, 0, 65535, &len) ||
      asc_sim_sfield(c, in->op, f, ASC_SF_DataCopyParams_src_stride, 0, 65535, &ss) ||
      asc_sim_sfield(c, in->op, f, ASC_SF_DataCopyParams_dst_stride, 0, 65535, &ds))
    return -1;
  len *= 32, ss *= 32, ds *= 32; /* 32-byte units: at most 2^21 bytes, no overflow below */
  if (checkalign(c, in, sim_in(c, in, ASC_OPND_DATA_COPY_PARAMS_dst), 0, "destination") ||
      checkalign(c, in, sim_in(c, in, ASC_OPND_DATA_COPY_PARAMS_src), 0, "source"))
    return -1;
  for (int64_t b = 0; b < cnt; b++)
    if (move(c, in, b * (len + ds), b * (len + ss), len))
      return -1;
  return copycost_rows(c, in, cnt, len, sim_in(c, in, ASC_OPND_DATA_COPY_PARAMS_src), 0, len + ss);
}

/* Fill n elements at p with the padding value. */
static void fill(int dt, int esz, uint8_t *p, int64_t n, double v) {
  for (int64_t i = 0; i < n; i++) {
    if (asc_sim_dt_float(dt))
      asc_sim_storef(dt, p + i * esz, v);
    else
      asc_sim_storei(dt, p + i * esz, asc_sim_fp_to_int(v, dt, SIM_RM_TRUNC)); /* saturates, no UB */
  }
}

/* The fields of data_copy_pad's structs: the DataCopyParams form (v1) and the Ext form. */
#define DCF(f) ASC_SF_DataCopyParams_##f
#define DCXF(f) ASC_SF_DataCopyExtParams_##f
#define PADF(f) ASC_SF_DataCopyPadParams_##f
#define PADXF(f) ASC_SF_DataCopyPadExtParams_##f

/* padblock reads either pad struct through the Ext form's names */
_Static_assert(ASC_SFI(DataCopyPadParams, is_pad) == ASC_SFI(DataCopyPadExtParams, is_pad) &&
               ASC_SFI(DataCopyPadParams, left_padding) == ASC_SFI(DataCopyPadExtParams, left_padding) &&
               ASC_SFI(DataCopyPadParams, right_padding) == ASC_SFI(DataCopyPadExtParams, right_padding) &&
               ASC_SFI(DataCopyPadParams, padding_value) == ASC_SFI(DataCopyPadExtParams, padding_value),
               "DataCopyPadParams and DataCopyPadExtParams have one layout");

/* One GM->UB block of data_copy_pad: left padding, the data, right padding, then filler
 * to the 32-byte boundary (padding value when is_pad; copies of the first element
 * without any padding; a poison pattern otherwise, as the hardware leaves it undefined). */
static int padblock(sim_core *c, const sim_inst *in, int64_t doff, int64_t soff, int64_t len,
                    const double *pad, int64_t ublk) {
  int esz = esize(in), dt = edtype(in);
  int64_t left = (int64_t)SFLD(pad, DataCopyPadExtParams, left_padding) * esz; /* checked by the caller */
  int64_t right = (int64_t)SFLD(pad, DataCopyPadExtParams, right_padding) * esz;
  double padv = SFLD(pad, DataCopyPadExtParams, padding_value);
  if (move(c, in, doff + left, soff, len))
    return -1;
  uint8_t *d = asc_sim_mem(c, in->op, sim_in(c, in, ASC_OPND_DATA_COPY_PAD_dst), doff, ublk, "write");
  if (!d)
    return -1;
  int64_t tail = ublk - left - len;
  if (SFLD(pad, DataCopyPadExtParams, is_pad) != 0) {
    fill(dt, esz, d, left / esz, padv);
    fill(dt, esz, d + left + len, tail / esz, padv);
  } else if ((left || right) && c->padval_set) { /* is_pad false: the set_pad_value value */
    fill(dt, esz, d, left / esz, c->padval);
    fill(dt, esz, d + left + len, tail / esz, c->padval);
  } else if (left == 0 && right == 0 && len > 0) {
    for (int64_t i = 0; i + esz <= tail; i += esz)
      memcpy(d + len + i, d, (size_t)esz);
  } else {
    memset(d, 0xff, (size_t)left);
    memset(d + left + len, 0xff, (size_t)tail);
  }
  return 0;
}

/* data_copy_pad(dst, src, DataCopyExtParams[, DataCopyPadExtParams]): block_len in bytes;
 * GM->UB: src_stride bytes (GM), dst_stride 32-byte blocks (UB); UB->GM the reverse. */
int asc_exec_datacopypad(sim_core *c, const sim_inst *in) {
  const double *f = sim_in(c, in, ASC_OPND_DATA_COPY_PAD_data_copy_params)->fld;
  const double *pad = in->nin > 3 ? sim_in(c, in, ASC_OPND_DATA_COPY_PAD_pad_params)->fld
      : asc_struct_defaults(ASC_STRUCT_DATA_COPY_PAD_EXT);
  int64_t cnt, len, ss, ds, lpad, rpad;
  int esz = esize(in);
  /* hardware.md §12.1: block_count <= 4095, block_len <= 2097151 bytes, uint32 strides,
   * left / right padding at most 32 bytes of elements each; the DataCopyParams form (v1): uint16
   * block_len and strides */
  bool v1 = in->op->code == ASC_OP_DATA_COPY_PAD_V1;
  if (asc_sim_sfield(c, in->op, f, v1 ? DCF(block_count) : DCXF(block_count), 0, 4095, &cnt) ||
      asc_sim_sfield(c, in->op, f, v1 ? DCF(block_len) : DCXF(block_len), 0, v1 ? 65535 : 2097151, &len) ||
      asc_sim_sfield(c, in->op, f, v1 ? DCF(src_stride) : DCXF(src_stride), 0, v1 ? 65535 : UINT32_MAX, &ss) ||
      asc_sim_sfield(c, in->op, f, v1 ? DCF(dst_stride) : DCXF(dst_stride), 0, v1 ? 65535 : UINT32_MAX, &ds) ||
      asc_sim_sfield(c, in->op, pad, v1 ? PADF(left_padding) : PADXF(left_padding), 0, 32 / esz, &lpad) ||
      asc_sim_sfield(c, in->op, pad, v1 ? PADF(right_padding) : PADXF(right_padding), 0, 32 / esz, &rpad))
    return -1;
  if (len % esz)
    return asc_sim_err(c, in->op, "asc.data_copy_pad: block_len %lld is not a multiple of the %d-byte element",
                       (long long)len, esz);
  if (in->pipe == ASC_PIPEID_PIPE_V)
    return asc_sim_err(c, in->op, "asc.data_copy_pad: UB to UB is not a DataCopyPad path");
  bool in2ub = in->pipe == ASC_PIPEID_PIPE_MTE2;
  if (checkalign(c, in, sim_in(c, in, in2ub ? 0 : 1), 0, in2ub ? "destination" : "source"))
    return -1;
  int64_t padb = in2ub ? (lpad + rpad) * esz : 0; /* ublk, strides: below 2^50, no overflow */
  int64_t ublk = (len + padb + 31) / 32 * 32;
  for (int64_t b = 0; b < cnt; b++) {
    int rc = in2ub ? padblock(c, in, b * (ublk + ds * 32), b * (len + ss), len, pad, ublk)
                   : move(c, in, b * (len + ds), b * (ublk + ss * 32), len);
    if (rc)
      return -1;
  }
  return copycost_rows(c, in, cnt, len, sim_in(c, in, 1), 0, len + ss); /* the GM side, if a read */
}

/* data_copy_enhanced(dst, src, DataCopyParams, DataCopyEnhancedParams): the enhanced fields belong to
 * the L0C (CO1) paths; a GM / UB copy takes their defaults and is then data_copy_params. */
int asc_exec_datacopyenhanced(sim_core *c, const sim_inst *in) {
  const double *e = sim_in(c, in, ASC_OPND_DATA_COPY_ENHANCED_enh)->fld;
  int f0 = asc_struct_first_field(ASC_STRUCT_DATA_COPY_ENHANCED), n = asc_struct_nfields(ASC_STRUCT_DATA_COPY_ENHANCED);
  for (int i = 0; i < n; i++) {
    const asc_sfieldinfo *fi = &asc_sfields[f0 + i];
    if (e[fi->index] != 0)
      return asc_sim_err(c, in->op, "asc.data_copy: %s = %g applies to the L0C (CO1) copy paths only; a GM / UB copy "
                         "takes its default 0", fi->label, e[fi->index]);
  }
  return asc_exec_datacopyparams(c, in);
}

/* The selected indices of one dimension of a SliceInfo (start, end, stride, burst_len, shape):
 * dimension 0 bursts of seg elements `stride` apart, higher dimensions every (stride + 1)-th
 * index.  Returns the count, or -1 after an error. */
static int64_t sliceidx(sim_core *c, const sim_inst *in, const char *side, int d, const int64_t *s, int esz,
                        int64_t **out) {
  int64_t start = s[0], end = s[1], stride = s[2], burst = s[3], shape = s[4];
  if (start < 0 || stride < 0 || burst < 1 || !(start < end && end <= shape))
    return asc_sim_err(c, in->op, "asc.data_copy: %s SliceInfo[%d] needs start < end <= shape_value, stride >= 0 "
                       "and burst_len >= 1 (got %lld, %lld, %lld, %lld, %lld)", side, d, (long long)start,
                       (long long)end, (long long)stride, (long long)burst, (long long)shape);
  if (d > 0 && burst != 1)
    return asc_sim_err(c, in->op, "asc.data_copy: %s SliceInfo[%d].burst_len must be 1 beyond dimension 0", side, d);
  int64_t seg = d ? 1 : burst * 32 / esz, span = end - start + 1;
  if ((span + stride) % (seg + stride))
    return asc_sim_err(c, in->op, "asc.data_copy: %s SliceInfo[%d]: end - start + 1 = %lld is not (N - 1) * stride"
                       " + N * %lld for a whole N", side, d, (long long)span, (long long)seg);
  int64_t n = (span + stride) / (seg + stride);
  int64_t *v = malloc(sizeof *v * (size_t)(n * seg));
  if (!v)
    asc_die("out of memory");
  for (int64_t k = 0; k < n; k++)
    for (int64_t e = 0; e < seg; e++)
      v[k * seg + e] = start + k * (seg + stride) + e;
  *out = v;
  return n * seg;
}

/* The element offsets a slice list selects, outer dimensions outermost; -1 after an error. */
static int64_t slicelist(sim_core *c, const sim_inst *in, const char *side, int dim, int first, int64_t **out) {
  int esz = esize(in);
  int64_t *idx[8] = {0}, cnt[8], total = 1, ok = 0;
  for (int d = 0; d < dim; d++) {
    int64_t s[5];
    for (int i = 0; i < 5; i++)
      s[i] = sim_in(c, in, first + 5 * d + i)->i;
    if ((cnt[d] = sliceidx(c, in, side, d, s, esz, &idx[d])) < 0)
      goto done;
    total *= cnt[d];
  }
  int64_t *v = malloc(sizeof *v * (size_t)total), pitch[8];
  if (!v)
    asc_die("out of memory");
  for (int d = 0; d < dim; d++)
    pitch[d] = d ? pitch[d - 1] * sim_in(c, in, first + 5 * (d - 1) + 4)->i : 1;
  for (int64_t i = 0; i < total; i++) {
    int64_t r = i, off = 0;
    for (int d = 0; d < dim; d++) {
      off += idx[d][r % cnt[d]] * pitch[d];
      r /= cnt[d];
    }
    v[i] = off;
  }
  *out = v;
  ok = 1;
done:
  for (int d = 0; d < dim; d++)
    free(idx[d]);
  return ok ? total : -1;
}

/* data_copy_slice(dst, src, dim, dst slices, src slices) */
int asc_exec_datacopyslice(sim_core *c, const sim_inst *in) {
  int64_t dim = sim_in(c, in, ASC_OPND_DATA_COPY_SLICE_ndim)->i;
  if (dim < 1 || dim > 8 || in->nin != 3 + 10 * dim)
    return asc_sim_err(c, in->op, "asc.data_copy: dim_value %lld needs that many SliceInfo per side (1..8)",
                       (long long)dim);
  if (in->pipe == ASC_PIPEID_PIPE_V)
    return asc_sim_err(c, in->op, "asc.data_copy: the slice form copies GM -> UB or UB -> GM");
  if (checkalign(c, in, sim_in(c, in, ASC_OPND_DATA_COPY_SLICE_dst), 0, "destination") ||
      checkalign(c, in, sim_in(c, in, ASC_OPND_DATA_COPY_SLICE_src), 0, "source"))
    return -1;
  int64_t *dv = NULL, *sv = NULL;
  int64_t nd = slicelist(c, in, "dst", (int)dim, 3, &dv);
  int64_t ns = nd < 0 ? -1 : slicelist(c, in, "src", (int)dim, 3 + 5 * (int)dim, &sv);
  int rc = nd < 0 || ns < 0 ? -1 : 0;
  if (!rc && nd != ns)
    rc = asc_sim_err(c, in->op, "asc.data_copy: the dst slices select %lld elements, the src slices %lld",
                     (long long)nd, (long long)ns);
  int esz = esize(in);
  for (int64_t i = 0; !rc && i < nd;) { /* runs contiguous on both sides go as one move */
    int64_t j = i + 1;
    while (j < nd && dv[j] == dv[j - 1] + 1 && sv[j] == sv[j - 1] + 1)
      j++;
    rc = move(c, in, dv[i] * esz, sv[i] * esz, (j - i) * esz);
    i = j;
  }
  free(dv);
  free(sv);
  return rc ? -1 : copycost(c, in, (nd > 0 ? nd : 0) * esz);
}

int asc_exec_setpadvalue(sim_core *c, const sim_inst *in) {
  const sim_val *v = sim_in(c, in, ASC_OPND_SET_PAD_VALUE_pad_value);
  c->padval = asc_type_is_float(sim_intype(in, 0)) ? v->f : (double)v->i;
  c->padval_set = true;
  asc_sim_scalar(c, c->L->cost->scalar_op);
  return 0;
}

