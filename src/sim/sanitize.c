/* sanitize.c - findings of the sanitizers as diagnostics and report records.
 *
 * Every finding goes through asc_sim_found, which prints it with asc_diag at the op's
 * source location and keeps a structured copy (kind, severity, block, pipe, both sites,
 * buffer, byte range) on its core.  Cores hand their records to their block's slot of the
 * launch when they end, so blocks on host threads never share a list; the launch then
 * checks GM writes across blocks and moves everything into the report in block order.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim/san_int.h"

static const char *const checknames[ASC_SIM_CHK_COUNT] = {
  [ASC_SIM_CHK_RACE] = "race", [ASC_SIM_CHK_DEADLOCK] = "deadlock",
  [ASC_SIM_CHK_DOUBLE_SET] = "double-set", [ASC_SIM_CHK_UNPAIRED_SET] = "unpaired-set",
  [ASC_SIM_CHK_EVENT] = "event", [ASC_SIM_CHK_OOB] = "out-of-bounds",
  [ASC_SIM_CHK_MISALIGNED] = "misaligned", [ASC_SIM_CHK_UNINIT] = "uninit",
  [ASC_SIM_CHK_QUEUE_MISUSE] = "queue-misuse", [ASC_SIM_CHK_GM_OVERLAP] = "gm-overlap",
  [ASC_SIM_CHK_UB_OVERFLOW] = "ub-overflow", [ASC_SIM_CHK_COPY_LEN] = "copy-length",
  [ASC_SIM_CHK_WATCHDOG] = "watchdog", [ASC_SIM_CHK_WRONG_MEMORY] = "wrong-memory",
};

const char *asc_sim_check_name(int kind) {
  return kind >= 0 && kind < ASC_SIM_CHK_COUNT ? checknames[kind] : "?";
}

static char *dupstr(const char *s) {
  if (!s)
    return NULL;
  char *d = strdup(s);
  if (!d)
    asc_die("out of memory");
  return d;
}

/* A site owns copies of its strings: the report may outlive the module. */
static asc_sim_site mksite(const asc_op *op, int pipe) {
  asc_loc l = asc_op_diag_loc(op);
  return (asc_sim_site){dupstr(l.file), l.line, l.col, dupstr(asc_op_name(op)), pipe};
}

static void push(asc_sim_record **v, int *n, int *cap, asc_sim_record r) {
  if (*n == *cap) {
    *cap = *cap ? 2 * *cap : 8;
    *v = realloc(*v, sizeof **v * (size_t)*cap);
    if (!*v)
      asc_die("out of memory");
  }
  (*v)[(*n)++] = r;
}

static asc_sim_record mkrecord(const sim_launch *L, int core, const sim_finding *f, const char *msg) {
  asc_sim_record r;
  memset(&r, 0, sizeof r);
  r.kind = f->kind;
  r.severity = f->sev;
  r.hazard = f->hazard;
  r.core = core;
  r.pipe = f->pa;
  if (f->a)
    r.site[r.nsites++] = mksite(f->a, f->pa);
  if (f->b)
    r.site[r.nsites++] = mksite(f->b, f->pb);
  if (f->mem < 0 && sim_hwmem(f->mem) > 0)
    r.buffer = dupstr(asc_hw_mem_name(sim_hwmem(f->mem)));
  else if (f->mem >= 0 && f->mem < L->ngm)
    r.buffer = dupstr(L->gm[f->mem].name);
  r.lo = f->lo;
  r.hi = f->hi;
  r.message = dupstr(msg);
  return r;
}

static int vreport(sim_core *c, const sim_finding *f, const char *fmt, va_list ap) {
  asc_strbuf sb;
  asc_sb_init(&sb);
  asc_sb_vprintf(&sb, fmt, ap);
  const char *msg = sb.data ? sb.data : "";
  asc_loc loc = f->a ? asc_op_diag_loc(f->a) : ASC_LOC_UNKNOWN;
  if (c->L->naic) { /* a MIX or AIC_ONLY launch: which core of the block */
    char lab[48];
    asc_sim_core_label(c, lab, sizeof lab);
    asc_diag(c->ctx, loc, f->sev, "%s (%s)", msg, lab);
  } else if (c->L->blocks > 1)
    asc_diag(c->ctx, loc, f->sev, "%s (block %d)", msg, c->block);
  else
    asc_diag(c->ctx, loc, f->sev, "%s", msg);
  push(&c->recs, &c->nrecs, &c->reccap, mkrecord(c->L, c->block, f, msg));
  asc_sb_free(&sb);
  return f->sev == ASC_SEV_ERROR ? -1 : 0;
}

int asc_sim_found(sim_core *c, const sim_finding *f, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int rc = vreport(c, f, fmt, ap);
  va_end(ap);
  return rc;
}

int asc_sim_found_at(sim_core *c, asc_sim_check kind, asc_severity sev, const sim_inst *in, const char *fmt,
                     ...) {
  sim_finding f = {kind, sev, 0, in ? in->op : NULL, NULL, in ? in->pipe : -1, -1, SIM_MEM_NONE, 0, 0};
  va_list ap;
  va_start(ap, fmt);
  int rc = vreport(c, &f, fmt, ap);
  va_end(ap);
  return rc;
}

int asc_sim_cur_pipe(const sim_core *c, const asc_op *op) {
  return c->cur && c->cur->op == op ? c->cur->pipe : -1;
}

/* ---- launch and core life cycle ---- */
enum { SANWL_KEEP = 256 };

/* A core's per-GM-array range lists (san_wlist[ngm + 1]) with their count in front. */
typedef struct sanwl {
  int ngm;
  san_wlist w[];
} sanwl;

static sanwl *wlhead(san_wlist *w) { return (sanwl *)(void *)((char *)w - offsetof(sanwl, w)); }

static void wldrop(void *x) {
  sanwl *h = x;
  for (int i = 0; i < h->ngm; i++) {
    free(h->w[i].v);
    free(h->w[i].set);
  }
  free(h);
}

static bool wlfits(const void *x, const void *want) { return ((const sanwl *)x)->ngm == *(const int *)want; }

/* A core's range lists: spare ones of the program's for as many GM arrays, else new. */
static san_wlist *takewl(const sim_launch *L) {
  sanwl *h = asc_sim_spares_take(L->sanwl, wlfits, &L->ngm);
  if (!h) {
    h = calloc(1, sizeof *h + sizeof *h->w * ((size_t)L->ngm + 1));
    if (!h)
      asc_die("out of memory");
    h->ngm = L->ngm;
  }
  return h->w;
}

/* Give a committed core's range lists back, emptied: the next core refills the same arrays (the
 * lists' contents never depend on their capacity). */
static void givewl(const sim_launch *L, san_wlist *w) {
  if (!w)
    return;
  sanwl *h = wlhead(w);
  int64_t bytes = 0;
  for (int g = 0; g < h->ngm; g++) {
    w[g].n = w[g].nset = w[g].hint = 0;
    if (w[g].set)
      memset(w[g].set, 0xff, sizeof *w[g].set * (size_t)w[g].setcap);
    bytes += (int64_t)(sizeof *w[g].v * (size_t)w[g].cap + sizeof *w[g].set * (size_t)w[g].setcap);
  }
  asc_sim_spares_give(L->sanwl, h, bytes, wldrop);
}

static void sanlaunch_drop(void *x) {
  sim_sanlaunch *S = x;
  if (!S)
    return;
  for (int g = 0; g < S->ngm; g++)
    free(S->gmw[g]);
  free(S->gmw);
  free(S->ngmw);
  free(S->gmwcap);
  free(S->nwrites);
  free(S);
}

static bool sanlaunch_fits(const void *x, const void *want) {
  return ((const sim_sanlaunch *)x)->ngm == *(const int *)want;
}

/* An ended core's race-detector state (asc_sim_race_reset): a new core takes one made for as many
 * memories and instructions. */
static bool sanfits(const void *x, const void *want) {
  const sim_san *s = x;
  const int *w = want;
  return s->nmems == w[0] && s->ninsts == w[1];
}

static void sandrop(void *x) { asc_sim_race_free(x); }

static int64_t sanbytes(const sim_san *s) {
  int64_t b = (int64_t)sizeof *s + s->ninsts + 1;
  for (int m = 0; m < s->nmems; m++)
    b += (int64_t)sizeof *s->mems[m].v * (s->mems[m].cap + s->rmems[m].cap + s->sonly[m].cap);
  for (int m = 0; m < ASC_HW_NMEMS; m++)
    b += s->lw[m] ? s->lw[m]->bytes / 8 : 0;
  return b;
}

void asc_sim_sanspares_new(sim_launch *P) {
  P->sanlaunch = asc_sim_spares_new(1, INT64_MAX);
  P->sanwl = asc_sim_spares_new(SANWL_KEEP, (int64_t)256 << 20);
  P->sancore = asc_sim_spares_new(SANWL_KEEP, (int64_t)256 << 20);
}

void asc_sim_sanspares_free(sim_launch *P) {
  asc_sim_spares_free(P->sanlaunch, sanlaunch_drop);
  asc_sim_spares_free(P->sanwl, wldrop);
  asc_sim_spares_free(P->sancore, sandrop);
  P->sanlaunch = P->sanwl = P->sancore = NULL;
}

void asc_sim_san_launch_begin(sim_launch *L) {
  sim_sanlaunch *S = asc_sim_spares_take(L->sanlaunch, sanlaunch_fits, &L->ngm); /* the last launch's, emptied */
  if (S) {
    L->san = S;
    return;
  }
  S = calloc(1, sizeof *S);
  if (!S)
    asc_die("out of memory");
  S->ngm = L->ngm;
  S->gmw = calloc((size_t)L->ngm + 1, sizeof *S->gmw);
  S->ngmw = calloc((size_t)L->ngm + 1, sizeof *S->ngmw);
  S->gmwcap = calloc((size_t)L->ngm + 1, sizeof *S->gmwcap);
  S->nwrites = calloc((size_t)L->ngm + 1, sizeof *S->nwrites);
  if (!S->gmw || !S->ngmw || !S->gmwcap || !S->nwrites)
    asc_die("out of memory");
  L->san = S;
}

void asc_sim_san_core_begin(sim_core *c) {
  if (!c->L->sanitize || c->san)
    return;
  int want[2] = {ASC_HW_NMEMS + c->L->ngm, c->L->ninsts};
  sim_san *s = asc_sim_spares_take(c->L->sancore, sanfits, want); /* an ended core's, emptied */
  if (!s) {
    /* all zero but the pieces of the instruction being executed (pend, merged: 56 KiB, only
     * read below npend, which starts at 0) */
    if (!(s = malloc(sizeof *s)))
      asc_die("out of memory");
    asc_sim_race_zero(s);
    s->nmems = want[0];
    s->ninsts = want[1];
    s->mems = calloc((size_t)s->nmems, sizeof *s->mems);
    s->rmems = calloc((size_t)s->nmems, sizeof *s->rmems);
    s->sonly = calloc((size_t)s->nmems, sizeof *s->sonly);
    s->reported = calloc((size_t)c->L->ninsts + 1, 1);
    if (!s->mems || !s->rmems || !s->sonly || !s->reported)
      asc_die("out of memory");
  }
  s->gmw = takewl(c->L);
  if (!s->gmw)
    asc_die("out of memory");
  asc_sim_shadow_fit(&s->lw[ASC_HW_MEM_UB], c->ub_bytes); /* a spare's may be for another size */
  s->fstale = true;
  s->sver = 1; /* no pipe has joined vc[S] yet (jver 0) */
  for (int p = 0; p < SAN_NP; p++)
    if (asc_hw_core_has_pipe(c->kind, p))
      s->corepipes |= 1u << p;
  c->san = s;
}

void asc_sim_san_core_end(sim_core *c) {
  const sim_launch *L = c->L;
  sim_blockout *o = c->out;
  sim_san *s = c->san;
  if (o && !o->recs) {
    o->recs = c->recs;
    o->nrecs = c->nrecs;
    c->recs = NULL;
    c->nrecs = 0;
  }
  asc_sim_records_free(c->recs, c->nrecs);
  c->recs = NULL;
  c->nrecs = c->reccap = 0;
  if (!s)
    return;
  if (o && !o->gmw) {
    o->gmw = s->gmw;
    s->gmw = NULL;
  }
  givewl(L, s->gmw);
  s->gmw = NULL;
  asc_sim_race_reset(s); /* for the next core (its records' arrays and shadows kept) */
  asc_sim_spares_give(L->sancore, s, sanbytes(s), sandrop);
  c->san = NULL;
}

void asc_sim_blockout_free(const sim_launch *L, sim_blockout *out) {
  asc_sim_records_free(out->recs, out->nrecs);
  givewl(L, out->gmw);
  free(out->pr);
  for (int i = 0; i < out->nfiles; i++)
    free(out->files[i].name), free(out->files[i].data);
  free(out->files);
  memset(out, 0, sizeof *out);
}

void asc_sim_san_commit_block(const sim_launch *L, int b, sim_blockout *out) {
  sim_sanlaunch *S = L->san;
  if (!S) {
    asc_sim_blockout_free(L, out);
    return;
  }
  for (int i = 0; i < out->nrecs; i++)
    push(&S->recs, &S->nrecs, &S->reccap, out->recs[i]);
  free(out->recs);
  for (int g = 0; out->gmw && g < S->ngm; g++)
    for (int i = 0; i < out->gmw[g].n; i++) {
      const san_wrange *w = &out->gmw[g].v[i];
      if (S->ngmw[g] == S->gmwcap[g]) {
        S->gmwcap[g] = S->gmwcap[g] ? 2 * S->gmwcap[g] : 16;
        S->gmw[g] = realloc(S->gmw[g], sizeof *S->gmw[g] * (size_t)S->gmwcap[g]);
        if (!S->gmw[g])
          asc_die("out of memory");
      }
      S->gmw[g][S->ngmw[g]++] = (san_gmw){w->lo, w->hi, w->epoch, w->op, w->xflag, b, (int8_t)w->pipe, w->write, w->atomic};
      S->nwrites[g] += w->write;
    }
  givewl(L, out->gmw);
  memset(out, 0, sizeof *out);
}

void asc_sim_records_free(asc_sim_record *r, int n) {
  for (int i = 0; i < n; i++) {
    for (int k = 0; k < r[i].nsites; k++) {
      free((char *)r[i].site[k].file);
      free((char *)r[i].site[k].op);
    }
    free((char *)r[i].buffer);
    free((char *)r[i].message);
  }
  free(r);
}

/* ---- GM accesses across cores ----
 * Two accesses of different cores to the same GM bytes conflict when one writes and they are
 * not both atomic stores; they are ordered when a cross-core flag, sync_all or a workspace
 * handshake lies between them (asc_sim_xordered).  An unordered write/write pair is the
 * launch-wide gm-overlap warning (pyasc kernels may rewrite identical bytes); an unordered
 * read/write pair is a race: the value read depends on which core runs first. */
typedef san_gmw gmw;

static int cmpgmw(const void *a, const void *b) {
  const gmw *x = a, *y = b;
  if (x->lo != y->lo)
    return x->lo < y->lo ? -1 : 1;
  return x->inst - y->inst;
}

/* v sorted by cmpgmw, stably (equal ranges keep their order, as glibc's merge sort keeps them): the ranges
 * arrive in runs already in that order (a core's accesses of an array rise, its rows one after the
 * other), so the runs are found and merged pairwise instead of sorting all of them again. */
static void sortgmw(gmw *v, int n) {
  int *runs = malloc(sizeof *runs * ((size_t)n + 1)), nrun = 0;
  if (!runs)
    asc_die("out of memory");
  for (int i = 0; i < n; i++)
    if (i == 0 || cmpgmw(&v[i - 1], &v[i]) > 0)
      runs[nrun++] = i;
  runs[nrun] = n;
  gmw *a = v, *b = nrun > 1 ? malloc(sizeof *b * (size_t)n) : NULL;
  if (nrun > 1 && !b)
    asc_die("out of memory");
  while (nrun > 1) {
    int m = 0;
    for (int i = 0; i < nrun; i += 2) {
      int lo = runs[i], mid = runs[i + 1], hi = i + 1 < nrun ? runs[i + 2] : mid, x = lo, y = mid, o = lo;
      while (x < mid && y < hi)
        b[o++] = cmpgmw(&a[y], &a[x]) < 0 ? a[y++] : a[x++]; /* a tie: the earlier run's first */
      while (x < mid)
        b[o++] = a[x++];
      while (y < hi)
        b[o++] = a[y++];
      runs[m++] = lo;
    }
    runs[m] = n;
    nrun = m;
    gmw *t = a;
    a = b;
    b = t;
  }
  if (a != v) { /* the merged array is the buffer: back into v, the buffer freed */
    memcpy(v, a, sizeof *v * (size_t)n);
    b = a;
  }
  free(b);
  free(runs);
}

static bool conflict(const sim_launch *L, const gmw *a, const gmw *b) {
  if (a->inst == b->inst || !(a->write || b->write) || (a->atomic && b->atomic))
    return false;
  return !asc_sim_xordered(L, a->inst, a->epoch, b->inst, b->epoch) &&
         !asc_sim_xordered(L, b->inst, b->epoch, a->inst, a->epoch);
}

/* The first conflicting pair of kind `ww` (write/write) or not, sweeping by start: a is the
 * earlier-starting access. */
static bool findpair(const sim_launch *L, const gmw *v, int n, bool ww, gmw *a, gmw *b) {
  int *act = malloc(sizeof *act * ((size_t)n + 1)), na = 0;
  if (!act)
    asc_die("out of memory");
  bool found = false;
  for (int i = 0; i < n && !found; i++) {
    int k = 0;
    for (int j = 0; j < na; j++) /* drop the ones that end before v[i] starts */
      if (v[act[j]].hi > v[i].lo)
        act[k++] = act[j];
    na = k;
    for (int j = 0; j < na && !found; j++) {
      const gmw *x = &v[act[j]];
      if ((x->write && v[i].write) == ww && conflict(L, x, &v[i])) {
        *a = *x;
        *b = v[i];
        found = true;
      }
    }
    act[na++] = i;
  }
  free(act);
  return found;
}

static void instname(const sim_launch *L, int inst, char *buf, size_t n) {
  int block, kind, sub;
  asc_sim_inst_core(L, inst, &block, &kind, &sub);
  if (!L->naic)
    snprintf(buf, n, "block %d", block);
  else if (kind == ASC_HW_AIC)
    snprintf(buf, n, "block %d AIC", block);
  else
    snprintf(buf, n, "block %d AIV%d", block, sub);
}

/* Why a flag between the two did not order them: it was set on a pipe that does not wait for
 * the access (a's copy in the epoch after the flag, race.c asc_sim_san_xset). */
static void latehint(asc_strbuf *sb, const gmw *a) {
  if (!a)
    return;
  const asc_attr *pa = asc_op_attr(a->xflag, "pipe");
  const char *fp = pa ? asc_sim_pipe_name((int)pa->i) : NULL, *ap = asc_sim_pipe_name(a->pipe);
  asc_loc l = asc_op_diag_loc(a->xflag);
  asc_sb_printf(sb, "; the cross_core_set_flag at %s:%d is on %s, which does not wait for ", l.file ? l.file : "?",
                l.line, fp ? fp : "?");
  if (a->pipe == ASC_PIPEID_PIPE_S)
    asc_sb_puts(sb, "a scalar store: it reaches GM only at a data_cache_clean_and_invalid of the tensor (Ascend C "
                "SetValue), call it before the flag");
  else
    asc_sb_printf(sb, "%s's work: set the flag on %s, or order the access before it (set_flag/wait_flag to %s, "
                  "pipe_barrier(PIPE_ALL))", ap ? ap : "?", ap ? ap : "?", fp ? fp : "?");
}

static void gmcheck(sim_launch *L, asc_sim_record **recs, int *n, int *cap) {
  for (int g = 0; g < L->ngm; g++) {
    int cnt = L->san->ngmw[g];
    gmw *v = L->san->gmw[g], a, b;
    if (!L->san->nwrites[g]) /* only reads (an input array): no pair of them conflicts */
      continue;
    sortgmw(v, cnt);
    if (findpair(L, v, cnt, true, &a, &b)) {
      int64_t lo = b.lo, hi = a.hi < b.hi ? a.hi : b.hi;
      int ba, bb, k, s;
      asc_sim_inst_core(L, a.inst, &ba, &k, &s);
      asc_sim_inst_core(L, b.inst, &bb, &k, &s);
      sim_finding f = {ASC_SIM_CHK_GM_OVERLAP, ASC_SEV_WARNING, 0, b.op, a.op, b.pipe, a.pipe, g, lo, hi};
      asc_strbuf sb;
      asc_sb_init(&sb);
      asc_loc la = asc_op_diag_loc(a.op);
      asc_sb_printf(&sb, "gm-overlap: blocks %d and %d both write bytes [%lld, %lld) of GM array '%s' "
                    "(block %d at %s:%d:%d); the result depends on which block writes last", ba, bb,
                    (long long)lo, (long long)hi, L->gm[g].name, ba, la.file ? la.file : "?", la.line, la.col);
      asc_diag(L->ctx, asc_op_diag_loc(b.op), ASC_SEV_WARNING, "%s (block %d)", sb.data, bb);
      push(recs, n, cap, mkrecord(L, -1, &f, sb.data));
      asc_sb_free(&sb);
    }
    if (findpair(L, v, cnt, false, &a, &b)) {
      gmw w = a.write ? a : b, r = a.write ? b : a; /* the writer and the reader */
      int64_t lo = a.lo > b.lo ? a.lo : b.lo, hi = a.hi < b.hi ? a.hi : b.hi;
      char nw[48], nr[48];
      instname(L, w.inst, nw, sizeof nw);
      instname(L, r.inst, nr, sizeof nr);
      sim_finding f = {ASC_SIM_CHK_RACE, ASC_SEV_ERROR, ASC_SIM_RAW, r.op, w.op, r.pipe, w.pipe, g, lo, hi};
      asc_strbuf sb;
      asc_sb_init(&sb);
      asc_loc lw = asc_op_diag_loc(w.op), lr = asc_op_diag_loc(r.op);
      asc_sb_printf(&sb, "cross-core race on GM array '%s' bytes [%lld, %lld): %s writes them at %s:%d:%d (%s) "
                    "and %s reads them at %s:%d:%d (%s) with no cross-core flag, sync_all or workspace "
                    "handshake ordering the two; the value read depends on which core runs first",
                    L->gm[g].name, (long long)lo, (long long)hi, nw, lw.file ? lw.file : "?", lw.line, lw.col,
                    asc_sim_pipe_name(w.pipe) ? asc_sim_pipe_name(w.pipe) : "?", nr, lr.file ? lr.file : "?",
                    lr.line, lr.col, asc_sim_pipe_name(r.pipe) ? asc_sim_pipe_name(r.pipe) : "?");
      latehint(&sb, w.xflag ? &w : r.xflag ? &r : NULL);
      asc_diag(L->ctx, lr, ASC_SEV_ERROR, "%s", sb.data);
      asc_sim_record rec = mkrecord(L, -1, &f, sb.data);
      push(recs, n, cap, rec);
      asc_sb_free(&sb);
    }
  }
}

void asc_sim_san_launch_end(sim_launch *L, asc_sim_report *rep, bool failed) {
  sim_sanlaunch *S = L->san;
  if (!S)
    return;
  asc_sim_record *v = S->recs;
  int n = S->nrecs, cap = S->reccap;
  if (L->sanitize && !failed)
    gmcheck(L, &v, &n, &cap);
  L->san = NULL;
  S->recs = NULL; /* v's now */
  S->nrecs = S->reccap = 0;
  int64_t bytes = 0;
  for (int g = 0; g < S->ngm; g++) {
    S->ngmw[g] = S->nwrites[g] = 0;
    bytes += (int64_t)(sizeof *S->gmw[g] * (size_t)S->gmwcap[g]);
  }
  asc_sim_spares_give(L->sanlaunch, S, bytes, sanlaunch_drop);
  if (rep) {
    rep->records = v;
    rep->nrecords = n;
  } else {
    asc_sim_records_free(v, n);
  }
}
