/* vsort.c - sorting of the A2/A3 vector unit beyond sort32 (API MrgSort.md, GetMrgSortResult.md,
 * GetSortLen.md, GetSortOffset.md, Sort.md): records of 8 bytes, the score (half or float) at
 * byte 0 and a uint32 index at byte 4 (a half score has 2 reserved bytes after it).
 *
 *  mrg_sort   merges 2-4 lists sorted by score, descending, into dst; on equal scores the
 *             earlier list's record first (stable).  valid_bit 3 / 7 / 15 selects the first 2 /
 *             3 / 4 lists.  repeat > 1 needs 4 contiguous lists of one length, no suspension and
 *             valid_bit 15; repeat r merges the 4 lists starting 4 * len * r records on into dst
 *             4 * len * r records on.  With `exhausted`, the merge stops as soon as a list runs
 *             out.  VMS4_SR (get_mrg_sort_result) holds the records taken from each list.
 *             Sources need 8-byte, dst 32-byte alignment.
 *  sort       sort32 of each 32 (score, index) pairs, or with `full` one stable descending sort
 *             of all 32 * repeat pairs (the high-level Sort<T, isFullSort>).  NaN scores go last.
 *
 * Cost: a record per lane-slot, 2 repeats per 256 bytes written (hardware.md §13.1: sorts are
 * dearer than an add). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "sim/vector_int.h"

static int dtof(const sim_inst *in, int i) { return asc_sim_elem_dtype(sim_intype(in, i)); }

static bool before(double a, double b) { return !isnan(a) && (isnan(b) || a > b); }

/* Bytes [off, off + n) of UB tensor operand i, which must start 8-byte aligned. */
static uint8_t *ptr8(sim_core *c, const sim_inst *in, int i, int64_t off, int64_t n, const char *what) {
  const sim_val *r = sim_in(c, in, i);
  char lb[96];
  if (r->mem != SIM_MEM_UB || r->off % 8)
    asc_op_operand_label(in->op->code, i, lb, sizeof lb);
  if (r->mem != SIM_MEM_UB)
    return asc_sim_err(c, in->op, "%s: %s is not a local tensor in UB", asc_op_name(in->op), lb), NULL;
  if (r->off % 8)
    return asc_sim_err(c, in->op, "%s: %s starts at UB byte %lld, not 8-byte aligned", asc_op_name(in->op), lb,
                       (long long)r->off), NULL;
  return asc_sim_mem(c, in->op, r, off, n, what);
}

/* mrg_sort(dst, len0..len3, valid_bit, repeat, src1..src4) */
int asc_exec_mrgsort(sim_core *c, const sim_inst *in) {
  int dt = dtof(in, 0), nsrc = in->nin - 7;
  if (dt != ASC_SIM_F16 && dt != ASC_SIM_F32)
    return asc_sim_err(c, in->op, "asc.mrg_sort: element type must be half or float");
  if (nsrc < 2 || nsrc > 4)
    return asc_sim_err(c, in->op, "asc.mrg_sort: takes 2 to 4 source lists, got %d", nsrc);
  int64_t len[4], valid = sim_in(c, in, ASC_OPND_MRG_SORT_valid_bit)->i,
      repeat = sim_in(c, in, ASC_OPND_MRG_SORT_repeat_times)->i;
  for (int i = 0; i < 4; i++) {
    len[i] = sim_in(c, in, ASC_OPND_MRG_SORT_element_count0 + i)->i;
    if (len[i] < 0 || len[i] > 4095)
      return asc_sim_err(c, in->op, "asc.mrg_sort: element length %d is %lld, outside 0..4095", i, (long long)len[i]);
  }
  int nl = valid == 3 ? 2 : valid == 7 ? 3 : valid == 15 ? 4 : 0;
  if (!nl)
    return asc_sim_err(c, in->op, "asc.mrg_sort: valid_bit %lld is not 3, 7 or 15", (long long)valid);
  if (nl > nsrc)
    return asc_sim_err(c, in->op, "asc.mrg_sort: valid_bit %lld uses %d lists but the source list has %d",
                       (long long)valid, nl, nsrc);
  bool exhausted = asc_op_attr(in->op, "exhausted") && asc_op_attr(in->op, "exhausted")->i;
  if (repeat < 0 || repeat > 255)
    return asc_sim_err(c, in->op, "asc.mrg_sort: repeat %lld is outside 0..255", (long long)repeat);
  if (repeat > 1) {
    int64_t a0 = sim_in(c, in, ASC_OPND_MRG_SORT_src)->off;
    bool contiguous = nl == 4 && nsrc == 4 && !exhausted;
    for (int i = 1; contiguous && i < 4; i++)
      contiguous = len[i] == len[0] && sim_in(c, in, ASC_OPND_MRG_SORT_src + i)->off == a0 + 8 * len[0] * i &&
                   sim_in(c, in, ASC_OPND_MRG_SORT_src + i)->mem == sim_in(c, in, ASC_OPND_MRG_SORT_src)->mem;
    if (!contiguous)
      return asc_sim_err(c, in->op, "asc.mrg_sort: repeat %lld > 1 needs 4 contiguous lists of one length, "
                         "valid_bit 15 and no exhausted suspension", (long long)repeat);
  }
  int esz = asc_sim_dtype_size(dt);
  if (sim_in(c, in, ASC_OPND_MRG_SORT_dst)->off % 32)
    return asc_sim_err(c, in->op, "asc.mrg_sort: dst starts at UB byte %lld, not 32-byte aligned",
                       (long long)sim_in(c, in, ASC_OPND_MRG_SORT_dst)->off);
  int64_t total = len[0] + len[1] + (nl > 2 ? len[2] : 0) + (nl > 3 ? len[3] : 0), taken[4] = {0, 0, 0, 0};
  for (int64_t r = 0; r < repeat; r++) {
    const uint8_t *s[4] = {NULL, NULL, NULL, NULL};
    for (int i = 0; i < nl; i++) {
      int op = repeat > 1 ? 7 : 7 + i; /* repeats: the lists follow src1 */
      int64_t base = repeat > 1 ? 8 * (4 * len[0] * r + len[0] * i) : 0;
      if (len[i] && !(s[i] = ptr8(c, in, op, base, 8 * len[i], "read")))
        return -1;
    }
    uint8_t *d = asc_sim_vptr(c, in, 0, 8 * total * r, 8 * total, "write");
    if (!d)
      return -1;
    uint8_t *out = malloc((size_t)(8 * total + 8));
    if (!out)
      asc_die("out of memory");
    int64_t pos[4] = {0, 0, 0, 0}, n = 0;
    for (;;) {
      int best = -1;
      double bv = 0;
      bool done = false;
      for (int i = 0; i < nl; i++) {
        if (pos[i] >= len[i]) {
          done = done || exhausted;
          continue;
        }
        double v = asc_sim_loadf(dt, s[i] + 8 * pos[i]);
        if (best < 0 || before(v, bv))
          best = i, bv = v;
      }
      if (best < 0 || done)
        break;
      memcpy(out + 8 * n, s[best] + 8 * pos[best], 8);
      if (esz == 2)
        memset(out + 8 * n + 2, 0, 2);
      n++, pos[best]++;
    }
    memcpy(d, out, (size_t)(8 * n));
    free(out);
    for (int i = 0; i < 4; i++)
      taken[i] = pos[i];
  }
  c->vms4_sr = (uint64_t)(taken[0] & 0xFFFF) | (uint64_t)(taken[1] & 0xFFFF) << 16 |
               (uint64_t)(taken[2] & 0xFFFF) << 32 | (uint64_t)(taken[3] & 0xFFFF) << 48;
  return asc_sim_vcost(c, in, (8 * total * repeat + 255) / 256); /* class SORT */
}

int asc_exec_getmrgsortresult(sim_core *c, const sim_inst *in) {
  for (int i = 0; i < 4; i++)
    sim_out(c, in, i)->i = (int64_t)((c->vms4_sr >> (16 * i)) & 0xFFFF);
  asc_sim_scalar(c, c->L->cost->scalar_op);
  return 0;
}

/* get_sort_len / get_sort_offset: n records of 8 bytes in elements of dtype. */
int asc_exec_sortlen(sim_core *c, const sim_inst *in) {
  const asc_attr *a = asc_op_attr(in->op, "dtype");
  int dt = a && a->type ? asc_sim_dtype_of(a->type) : -1;
  if (dt != ASC_SIM_F16 && dt != ASC_SIM_F32)
    return asc_sim_err(c, in->op, "%s: dtype must be half or float", asc_op_name(in->op));
  sim_out(c, in,
          0)->i = asc_sim_wrap(sim_in(c, in, ASC_OPND_GET_SORT_LEN_element_count)->i * (8 / asc_sim_dtype_size(dt)),
                               ASC_SIM_I32);
  asc_sim_scalar(c, c->L->cost->scalar_op);
  return 0;
}

typedef struct rec {
  double key;
  int64_t pos;
  uint8_t b[8];
} rec;

static int reccmp(const void *pa, const void *pb) {
  const rec *a = pa, *b = pb;
  if (before(a->key, b->key))
    return -1;
  if (before(b->key, a->key))
    return 1;
  return a->pos < b->pos ? -1 : a->pos > b->pos;
}

/* sort(dst, concat, index, tmp, repeat) */
int asc_exec_sortop(sim_core *c, const sim_inst *in) {
  int dt = dtof(in, 0);
  if ((dt != ASC_SIM_F16 && dt != ASC_SIM_F32) || dtof(in, 1) != dt)
    return asc_sim_err(c, in->op, "asc.sort: dst and concat must both be half or both float");
  if (dtof(in, 2) != ASC_SIM_U32)
    return asc_sim_err(c, in->op, "asc.sort: index must be uint32");
  int64_t repeat = sim_in(c, in, ASC_OPND_SORT_repeat_times)->i;
  if (repeat < 0 || repeat > 255)
    return asc_sim_err(c, in->op, "asc.sort: repeat %lld is outside 0..255", (long long)repeat);
  bool full = asc_op_attr(in->op, "full") && asc_op_attr(in->op, "full")->i;
  int esz = asc_sim_dtype_size(dt);
  int64_t n = 32 * repeat;
  if (n == 0)
    return asc_sim_vcost(c, in, 0);
  const uint8_t *s = asc_sim_vptr(c, in, 1, 0, n * esz, "read");
  const uint8_t *ix = s ? asc_sim_vptr(c, in, 2, 0, 4 * n, "read") : NULL;
  uint8_t *t = ix && full ? asc_sim_vptr(c, in, 3, 0, 8 * n, "write") : NULL;
  uint8_t *d = ix && (t || !full) ? asc_sim_vptr(c, in, 0, 0, 8 * n, "write") : NULL;
  if (!d)
    return -1;
  rec *v = malloc(sizeof *v * (size_t)n);
  if (!v)
    asc_die("out of memory");
  for (int64_t i = 0; i < n; i++) {
    v[i].key = asc_sim_loadf(dt, s + esz * i);
    v[i].pos = i;
    memset(v[i].b, 0, 8);
    memcpy(v[i].b, s + esz * i, (size_t)esz);
    memcpy(v[i].b + 4, ix + 4 * i, 4);
  }
  for (int64_t g = 0; g < (full ? 1 : repeat); g++)
    qsort(v + 32 * g, (size_t)(full ? n : 32), sizeof *v, reccmp);
  for (int64_t i = 0; i < n; i++)
    memcpy(d + 8 * i, v[i].b, 8);
  if (t) /* the scratch ends up holding the sorted records too (its content is not specified) */
    memcpy(t, d, (size_t)(8 * n));
  free(v);
  int64_t reps = (8 * n + 255) / 256;
  return asc_sim_vcost(c, in, full ? 2 * reps : reps); /* class SORT; full: a second (merge) pass */
}

