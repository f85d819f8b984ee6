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

/* Heap entries carry their keys, so comparisons touch no record. */
typedef struct hent {
  int64_t end;
  int rank, idx;
} hent;

/* a outranks b */
static inline bool above(const hent *a, const hent *b) {
  if (a->rank != b->rank)
    return a->rank > b->rank;
  if (a->end != b->end)
    return a->end > b->end;
  return a->idx < b->idx;
}

/* One max-heap per class: within a class the record ending last is on top, so when it ends
 * every other one of its class has ended too, and a heap holds only running records. */
enum { NRANKS = 5 };
typedef struct heap {
  hent *v;
  int n, cap;
} heap;

static void hpush(heap *h, hent x) {
  if (h->n == h->cap) {
    h->cap = h->cap ? 2 * h->cap : 16;
    if (!(h->v = realloc(h->v, sizeof *h->v * (size_t)h->cap)))
      asc_die("out of memory");
  }
  int i = h->n++;
  while (i && above(&x, &h->v[(i - 1) / 2])) {
    h->v[i] = h->v[(i - 1) / 2];
    i = (i - 1) / 2;
  }
  h->v[i] = x;
}

static void hpop(heap *h) {
  hent x = h->v[--h->n];
  int i = 0;
  for (;;) {
    int l = 2 * i + 1, r = l + 1, m = l;
    if (l >= h->n)
      break;
    if (r < h->n && above(&h->v[r], &h->v[l]))
      m = r;
    if (!above(&h->v[m], &x))
      break;
    h->v[i] = h->v[m];
    i = m;
  }
  if (h->n)
    h->v[i] = x;
}

/* Merge sort of idx by record start, stable (qsort has no user pointer, and blocks run on
 * several threads). */
static void msort(int *idx, int *tmp, int n, const sim_trec *r) {
  if (n < 2)
    return;
  int h = n / 2;
  msort(idx, tmp, h, r);
  msort(idx + h, tmp, n - h, r);
  if (r[idx[h - 1]].start <= r[idx[h]].start)
    return; /* already in order: records of one pipe mostly are */
  int i = 0, j = h, k = 0;
  while (i < h && j < n)
    tmp[k++] = r[idx[i]].start <= r[idx[j]].start ? idx[i++] : idx[j++];
  while (i < h)
    tmp[k++] = idx[i++];
  while (j < n)
    tmp[k++] = idx[j++];
  memcpy(idx, tmp, sizeof *idx * (size_t)n);
}

/* A scalar record of an instruction that runs on another pipe is the issue of that
 * instruction, not a call of its own. */
static bool iscall(const sim_trec *r) {
  return !(r->kind == SIM_Q_EXEC && r->pipe == ASC_PIPEID_PIPE_S && r->in->pipe >= 0 &&
           r->in->pipe != ASC_PIPEID_PIPE_S);
}

sim_icost *asc_sim_attrib(const sim_trec *r, int n, int64_t cycles, const sim_inst *end, int ninsts, int *nout) {
  sim_icost *d = calloc((size_t)ninsts + 1, sizeof *d); /* dense, by instruction id */
  int *idx = malloc(sizeof *idx * ((size_t)n + 1) * 2);
  heap hs[NRANKS] = {{0}};
  if (!d || !idx)
    asc_die("out of memory");
  int *tmp = idx + n + 1;
  for (int i = 0; i < n; i++) {
    idx[i] = i;
    sim_icost *c = &d[r[i].in->id];
    c->in = r[i].in;
    c->calls += iscall(&r[i]);
    c->busy += r[i].end - r[i].start;
    c->amount += r[i].amount;
  }
  msort(idx, tmp, n, r);
  int64_t t = 0, endless = 0; /* cycles nobody can take (no records at all) */
  int i = 0, last = -1;       /* last: the record that ended last so far */
  while (t < cycles) {
    /* drop what ended before pushing what starts: the top of a class is its latest end, so
     * once it ended every record of the class has */
    for (int k = 0; k < NRANKS; k++)
      while (hs[k].n && hs[k].v[0].end <= t)
        hpop(&hs[k]);
    for (; i < n && r[idx[i]].start <= t; i++) {
      const sim_trec *e = &r[idx[i]];
      if (e->end > t) {
        int rk = rank(e);
        hpush(&hs[rk], (hent){e->end, rk, idx[i]});
      }
      if (last < 0 || e->end >= r[last].end)
        last = idx[i];
    }
    heap *h = NULL; /* the highest class with a running record */
    for (int k = NRANKS - 1; k >= 0 && !h; k--)
      if (hs[k].n)
        h = &hs[k];
    int64_t next = i < n && r[idx[i]].start < cycles ? r[idx[i]].start : cycles, tn;
    int owner;
    if (h) {
      owner = h->v[0].idx;
      tn = h->v[0].end < next ? h->v[0].end : next;
    } else {
      owner = i < n ? idx[i] : last;
      tn = next;
    }
    if (owner >= 0)
      d[r[owner].in->id].cycles += tn - t;
    else
      endless += tn - t;
    t = tn;
  }
  if (endless || !n) {
    d[end->id].in = end;
    d[end->id].cycles += endless;
  }
  int w = 0;
  for (int k = 0; k < ninsts; k++)
    if (d[k].in)
      d[w++] = d[k];
  free(idx);
  for (int k = 0; k < NRANKS; k++)
    free(hs[k].v);
  *nout = w;
  return d;
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

const asc_op *asc_sim_inst_op(const sim_inst *in) { return in->op; }
int asc_sim_inst_id(const sim_inst *in) { return in->id; }
int asc_sim_inst_pipe(const sim_inst *in) { return in->pipe; }
bool asc_sim_inst_has_regions(const sim_inst *in) { return in->nregions > 0; }
