/* profile.c - which instruction (and so which source line) a block's cycles belong to.
 *
 * A block's trace records are intervals on its pipes; several overlap at most times.  The
 * block's time [0, cycles) is cut at every record start and end, and each piece goes to one
 * record (docs/profile.md):
 *   - of the records running then, the one of the highest class: work on a pipe other than
 *     the scalar unit, then scalar work, then waits (wait_flag, barrier), then the scalar
 *     record of a structured op (scf.for, scf.if: it spans its body), then set_flag;
 *     within a class the one that runs longest from there (it is what the block waits for);
 *   - a gap nobody runs in goes to the record starting next (the scalar unit was issuing
 *     it), a gap at the end to the record that ended last.
 * So every cycle belongs to exactly one instruction, and the per-line cycles of a core add
 * up to the core's cycles. */
#include <stdlib.h>
#include <string.h>

#include "sim/sim_int.h"

static int rank(const sim_trec *r) {
  if (r->kind == SIM_Q_SET)
    return 0;
  if (r->kind != SIM_Q_EXEC)
    return 2; /* wait_flag, barrier */
  if (r->pipe != ASC_PIPEID_PIPE_S)
    return 4;
  return r->in->nregions ? 1 : 3; /* an scf.for / scf.if record spans its body's records */
}

/* a outranks b */
static bool above(const sim_trec *a, int ia, const sim_trec *b, int ib) {
  int ra = rank(a), rb = rank(b);
  if (ra != rb)
    return ra > rb;
  if (a->end != b->end)
    return a->end > b->end;
  return ia < ib;
}

typedef struct heap {
  int *v;
  int n;
  const sim_trec *r;
} heap;

static bool hgt(const heap *h, int i, int j) { return above(&h->r[h->v[i]], h->v[i], &h->r[h->v[j]], h->v[j]); }

static void hswap(heap *h, int i, int j) {
  int t = h->v[i];
  h->v[i] = h->v[j];
  h->v[j] = t;
}

static void hpush(heap *h, int x) {
  int i = h->n++;
  h->v[i] = x;
  while (i && hgt(h, i, (i - 1) / 2)) {
    hswap(h, i, (i - 1) / 2);
    i = (i - 1) / 2;
  }
}

static void hpop(heap *h) {
  h->v[0] = h->v[--h->n];
  for (int i = 0;;) {
    int l = 2 * i + 1, r = l + 1, m = i;
    if (l < h->n && hgt(h, l, m))
      m = l;
    if (r < h->n && hgt(h, r, m))
      m = r;
    if (m == i)
      break;
    hswap(h, i, m);
    i = m;
  }
}

static int bystart(const void *a, const void *b, const sim_trec *r) {
  int i = *(const int *)a, j = *(const int *)b;
  if (r[i].start != r[j].start)
    return r[i].start < r[j].start ? -1 : 1;
  return i < j ? -1 : i > j;
}

/* Merge sort of idx by record start (stable; qsort would need a global for the records,
 * and blocks run on several threads). */
static void msort(int *idx, int *tmp, int n, const sim_trec *r) {
  if (n < 2)
    return;
  int h = n / 2;
  msort(idx, tmp, h, r);
  msort(idx + h, tmp, n - h, r);
  int i = 0, j = h, k = 0;
  while (i < h && j < n)
    tmp[k++] = bystart(&idx[i], &idx[j], r) <= 0 ? idx[i++] : idx[j++];
  while (i < h)
    tmp[k++] = idx[i++];
  while (j < n)
    tmp[k++] = idx[j++];
  memcpy(idx, tmp, sizeof *idx * (size_t)n);
}

static int byinst(const void *a, const void *b) {
  int x = ((const sim_icost *)a)->in->id, y = ((const sim_icost *)b)->in->id;
  return (x > y) - (x < y);
}

/* A scalar record of an instruction that runs on another pipe is the issue of that
 * instruction, not a call of its own. */
static bool iscall(const sim_trec *r) {
  return !(r->kind == SIM_Q_EXEC && r->pipe == ASC_PIPEID_PIPE_S && r->in->pipe >= 0 &&
           r->in->pipe != ASC_PIPEID_PIPE_S);
}

sim_icost *asc_sim_attrib(const sim_trec *r, int n, int64_t cycles, const sim_inst *end, int *nout) {
  int64_t *own = calloc((size_t)n + 1, sizeof *own);
  int *idx = malloc(sizeof *idx * ((size_t)n + 1)), *tmp = malloc(sizeof *tmp * ((size_t)n + 1));
  heap h = {malloc(sizeof(int) * ((size_t)n + 1)), 0, r};
  if (!own || !idx || !tmp || !h.v)
    asc_die("out of memory");
  for (int i = 0; i < n; i++)
    idx[i] = i;
  msort(idx, tmp, n, r);
  int64_t t = 0, endless = 0; /* cycles nobody can take (no records at all) */
  int i = 0, last = -1;       /* last: the record that ended last so far */
  while (t < cycles) {
    for (; i < n && r[idx[i]].start <= t; i++) {
      if (r[idx[i]].end > t)
        hpush(&h, idx[i]);
      if (last < 0 || r[idx[i]].end >= r[last].end)
        last = idx[i];
    }
    while (h.n && r[h.v[0]].end <= t)
      hpop(&h);
    int64_t next = i < n && r[idx[i]].start < cycles ? r[idx[i]].start : cycles, tn;
    int owner;
    if (h.n) {
      owner = h.v[0];
      tn = r[owner].end < next ? r[owner].end : next;
    } else {
      owner = i < n ? idx[i] : last;
      tn = next;
    }
    if (owner >= 0)
      own[owner] += tn - t;
    else
      endless += tn - t;
    t = tn;
  }
  /* gather per instruction */
  sim_icost *out = malloc(sizeof *out * ((size_t)n + 1));
  if (!out)
    asc_die("out of memory");
  int m = 0;
  for (int k = 0; k < n; k++)
    out[m++] = (sim_icost){r[k].in, iscall(&r[k]), own[k], r[k].end - r[k].start, r[k].amount};
  if (endless || !n)
    out[m++] = (sim_icost){end, 0, endless, 0, 0};
  qsort(out, (size_t)m, sizeof *out, byinst);
  int w = 0;
  for (int k = 0; k < m; k++) {
    if (w && out[w - 1].in == out[k].in) {
      out[w - 1].calls += out[k].calls;
      out[w - 1].cycles += out[k].cycles;
      out[w - 1].busy += out[k].busy;
      out[w - 1].amount += out[k].amount;
    } else {
      out[w++] = out[k];
    }
  }
  free(own);
  free(idx);
  free(tmp);
  free(h.v);
  *nout = w;
  return out;
}

void asc_sim_icost_add(sim_icost *dst, const sim_icost *src, int n) {
  for (int k = 0; k < n; k++) {
    sim_icost *d = &dst[src[k].in->id];
    d->in = src[k].in;
    d->calls += src[k].calls;
    d->cycles += src[k].cycles;
    d->busy += src[k].busy;
    d->amount += src[k].amount;
  }
}

static int bycycles(const void *a, const void *b) {
  const asc_sim_line_cost *x = a, *y = b;
  if (x->cycles != y->cycles)
    return x->cycles > y->cycles ? -1 : 1;
  return x->line - y->line;
}

void asc_sim_report_lines(asc_sim_report *rep, const sim_icost *all, int ninsts) {
  asc_sim_line_cost *v = calloc((size_t)ninsts + 1, sizeof *v);
  if (!v)
    asc_die("out of memory");
  int n = 0;
  for (int k = 0; k < ninsts; k++) {
    if (!all[k].in || (!all[k].calls && !all[k].cycles))
      continue;
    asc_loc loc = asc_op_diag_loc(all[k].in->op);
    int j = 0;
    while (j < n && !(v[j].line == loc.line && v[j].file == loc.file)) /* interned: pointers compare */
      j++;
    if (j == n)
      v[n++] = (asc_sim_line_cost){loc.file, loc.line, 0, 0};
    v[j].calls += all[k].calls;
    v[j].cycles += all[k].cycles;
  }
  qsort(v, (size_t)n, sizeof *v, bycycles);
  for (int j = 0; j < n; j++)
    if (v[j].file && !(v[j].file = strdup(v[j].file)))
      asc_die("out of memory");
  rep->lines = v;
  rep->nlines = n;
}
