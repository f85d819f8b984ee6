/* timing.c - the pipe timing model of one core (hardware.md §5, §8, §13.4).
 *
 * The scalar unit runs ahead in program order with its own clock (sclk) and appends
 * instructions to the in-order queue of their pipe, stamped with the issue time.  The
 * queues drain in a discrete-event loop: the next event is the queue head that can
 * start earliest (a wait_flag head can start only once its flag is set).  Events earlier
 * than sclk are final: anything the scalar unit issues later starts at or after sclk.
 * When the scalar unit itself must wait (wait_flag on S, a full queue, PIPE_ALL, the end
 * of the kernel) it drives the loop until its condition holds; if no head can start,
 * nothing ever will: that is a deadlock, reported with every blocked instruction.
 *
 * Functional effects were applied at issue; this file only computes times, flags and
 * the diagnostics that depend on flag order (double-set, unpaired set, deadlock).
 */
#include <stdlib.h>
#include <string.h>

#include "sim/sim_int.h"

#define NEVER INT64_MAX

_Static_assert(ASC_SIM_NPIPES <= 32, "sim_core.qmask has a bit per pipe");

static int64_t max64(int64_t a, int64_t b) { return a > b ? a : b; }
static int wait_on_s(sim_core *c, const sim_inst *in, int evt, int id);
static int drain_(sim_core *c, const sim_inst *in);
static int xset_wait(sim_core *c, const sim_inst *in, int64_t want, int64_t *t);

static sim_qent *head(const sim_pipeq *q) { return &q->q[q->head]; }

/* The slot of a new entry at the tail (filled by the caller: one copy of the entry). */
static sim_qent *push(sim_pipeq *q) {
  if (q->n == q->cap) { /* grow the ring, unrolling it */
    int cap = q->cap ? 2 * q->cap : 16;
    sim_qent *nq = malloc(sizeof *nq * (size_t)cap);
    if (!nq)
      asc_die("out of memory");
    for (int i = 0; i < q->n; i++)
      nq[i] = q->q[(q->head + i) & (q->cap - 1)];
    free(q->q);
    q->q = nq;
    q->cap = cap;
    q->head = 0;
  }
  sim_qent *e = &q->q[(q->head + q->n) & (q->cap - 1)]; /* cap is a power of two */
  q->n++;
  return e;
}

static void pop(sim_pipeq *q) {
  q->head = (q->head + 1) & (q->cap - 1);
  q->n--;
}

/* ---- the timing tape (sim_tape): appended to while the block runs, replayed per wave ---- */
static void *grow(void *p, int64_t *cap, size_t size) {
  *cap = *cap ? 2 * *cap : 256;
  p = realloc(p, size * (size_t)*cap);
  if (!p)
    asc_die("out of memory");
  return p;
}

static inline sim_top *tput(sim_core *c, int kind, const sim_inst *in) {
  sim_tape *t = c->tape;
  if (t->nop == t->capop)
    t->op = grow(t->op, &t->capop, sizeof *t->op);
  sim_top *o = &t->op[t->nop++];
  o->kind = kind; /* the fields a kind does not use are never read (asc_sim_tape_replay): not cleared */
  o->in = in;
  o->pipe = o->evt = o->id = 0;
  o->n = 0;
  return o;
}

void asc_sim_tape_free(sim_tape *t) {
  if (!t)
    return;
  free(t->op);
  free(t->copy);
  free(t->l2);
  free(t);
}

void asc_sim_timing_free(sim_core *c) {
  asc_sim_san_core_end(c); /* the block's findings go to the launch */
  asc_sim_l2_free(c);
  asc_sim_pipes_free(c);
}

void asc_sim_pipes_free(sim_core *c) {
  for (int p = 0; p < ASC_SIM_NPIPES; p++)
    free(c->pipes[p].q);
  free(c->trace);
  c->trace = NULL;
}

/* Append a trace record (trec: only when tracing; the test is inlined, a queue entry is cheap without it). */
__attribute__((noinline)) static void trec_(sim_core *c, const sim_inst *in, int pipe, int kind, int64_t start,
                                            int64_t end, int64_t amount, int64_t flow) {
  if (c->ntrace == c->tcap_trace) {
    c->tcap_trace = c->tcap_trace ? 2 * c->tcap_trace : 256;
    c->trace = realloc(c->trace, sizeof *c->trace * (size_t)c->tcap_trace);
    if (!c->trace)
      asc_die("out of memory");
  }
  c->trace[c->ntrace++] = (sim_trec){in, pipe, kind, start, end, amount, flow};
}

static inline void trec(sim_core *c, const sim_inst *in, int pipe, int kind, int64_t start, int64_t end,
                        int64_t amount, int64_t flow) {
  if (c->L->tracing)
    trec_(c, in, pipe, kind, start, end, amount, flow);
}

/* At equal times waits go first, so a wait and the next set of its flag in the same
 * cycle are not taken for a double set; then lower pipe id (determinism). */
static int kindrank(int kind) { return kind == SIM_Q_WAIT ? 0 : kind == SIM_Q_SET ? 2 : 1; }

/* Pipe p's head changed (pushed into an empty queue, or popped): its start must be computed again, and
 * the masks say at once which heads a flag change or the GM port can move (flag_changed, process). */
static inline void newhead(sim_core *c, int p) {
  const sim_pipeq *q = &c->pipes[p];
  uint32_t b = 1u << p;
  c->htstale |= b;
  c->waitmask &= ~b;
  c->gmmask &= ~b;
  if (!q->n) {
    c->qmask &= ~b;
    return;
  }
  const sim_qent *e = head(q);
  c->qmask |= b;
  c->waitmask |= e->kind == SIM_Q_WAIT ? b : 0;
  c->gmmask |= e->gm ? b : 0;
  c->hrank[p] = (int8_t)kindrank(e->kind);
}

/* An AIV's port serves the older of its copies first (issue order: the scalar unit's program order).  A
 * copy (MTE2 or MTE3) that finds the core's share held by a younger copy of the other direction, one under
 * way since an earlier cycle, does not wait for its end: it starts (its pipe is busy), waits gm_drain
 * cycles for the reads the port has outstanding, then moves its bytes on the share, and the younger copy
 * resumes after it (process, stretch_hold): anchor ADDPERF A4, where a tile's copy-out arrives while the
 * next tile's copy-in is under way.  Copies that become ready in the same cycle (A3: the copy-out and the
 * next copy-in released by the same Add) take the port one after the other as before, the lower pipe
 * first: on the part A3's copies do not overlap. */
static inline bool aiv_duplex(int p) { return p == ASC_PIPEID_PIPE_MTE2 || p == ASC_PIPEID_PIPE_MTE3; }

static bool preempts(const sim_core *c, int p, const sim_qent *e, int64_t t) {
  return c->kind == ASC_HW_AIV && aiv_duplex(p) && c->hold.pipe && c->hold.pipe - 1 != p &&
         c->hold.issue > e->issue && c->hold.start < t && c->gm_free > t;
}

/* Earliest start of pipe p's head, or NEVER if it waits for an unset flag. */
static int64_t headtime(const sim_core *c, int p) {
  const sim_pipeq *q = &c->pipes[p];
  const sim_qent *e = &q->q[q->head];
  int64_t t = max64(e->issue, q->ready);
  switch (e->kind) {
  case SIM_Q_EXEC: /* MTE2 and MTE3 share the core's part of the chip's bandwidth, each has its channel */
    if (e->udep) { /* UnitFlag: the other side's instruction must have started (its times are known) */
      int o = e->unit == SIM_UF_MMAD; /* the fixpipes' index if this is an mmad */
      if (c->uf_started[o] < e->udep)
        return NEVER;
      /* an mmad writes a unit once the fixpipe has read it; a fixpipe is under way (busy) from
       * its start but is processed once its mmad's times are known */
      t = max64(t, c->uf_start[o] + (e->unit == SIM_UF_MMAD ? ASC_HWC_unit_chunk : 0));
    }
    if (!e->gm)
      return t;
    t = max64(t, c->chan_free[p == ASC_PIPEID_PIPE_MTE3]);
    return preempts(c, p, e, t) ? t : max64(t, c->gm_free);
  case SIM_Q_WAIT: {
    const sim_flag *f = &c->flags[e->evt][e->id];
    return f->set ? max64(t, f->time) : NEVER;
  }
  case SIM_Q_SET:
    if (e->stream) /* UnitFlag: the first unit of the last instruction is through */
      return max64(e->issue, q->last_start + ASC_HWC_unit_chunk);
    return max64(t, q->drain);
  case SIM_Q_XSET:
  case SIM_Q_BARRIER: return max64(t, q->drain);
  default: return t;
  }
}


/* The next event: the non-empty pipe whose head starts first.  A head's start changes only when its
 * pipe starts an instruction, the GM port frees, a flag is set or cleared, or it is new: those mark the
 * pipes concerned stale (sim_core.htstale), and only they are computed again. */
static int pickpipe(sim_core *c, int64_t *tout) {
  if (c->pickok && !c->htstale) { /* nothing moved since (a pipe's start or new head marks it stale) */
    *tout = c->pickt;
    return c->pick;
  }
  for (uint32_t m = c->htstale & c->qmask; m; m &= m - 1)
    c->ht[__builtin_ctz(m)] = headtime(c, __builtin_ctz(m));
  c->htstale = 0;
  int best = -1;
  int64_t bt = NEVER;
  for (uint32_t m = c->qmask; m; m &= m - 1) { /* non-empty pipes, in increasing order */
    int p = __builtin_ctz(m);
    int64_t t = c->ht[p];
    if (t == NEVER)
      continue;
    if (best < 0 || t < bt || (t == bt && c->hrank[p] < c->hrank[best])) {
      best = p;
      bt = t;
    }
  }
  c->pick = best;
  c->pickt = bt;
  c->pickok = true;
  *tout = bt;
  return best;
}

/* Pipes whose head waits on a flag: a flag set or cleared may move them. */
static void flag_changed(sim_core *c) { c->htstale |= c->waitmask; }

/* Extend pipe p's busy union by [start, end).  Starts arrive in time order, so only the
 * newly covered part [from, end) is new, and of the other pipe's busy union only its
 * current interval can overlap it: that gives the MTE2-and-V overlap incrementally. */
static void addbusy(sim_core *c, int p, int64_t start, int64_t end) {
  sim_pipeq *q = &c->pipes[p];
  q->busy_sum += end - start;
  if (end <= q->busy_end)
    return;
  int64_t from = max64(start, q->busy_end);
  if (start > q->busy_end)
    q->busy_start = start;
  q->busy += end - from;
  q->busy_end = end;
  int other = p == ASC_PIPEID_PIPE_V ? ASC_PIPEID_PIPE_MTE2 : p == ASC_PIPEID_PIPE_MTE2 ? ASC_PIPEID_PIPE_V : -1;
  if (other >= 0) {
    const sim_pipeq *o = &c->pipes[other];
    int64_t lo = max64(from, o->busy_start), hi = end < o->busy_end ? end : o->busy_end;
    if (hi > lo)
      c->overlap += hi - lo;
  }
}

static void setflag(sim_core *c, const sim_inst *in, int evt, int id, int64_t t) {
  sim_flag *f = &c->flags[evt][id];
  if (f->set) { /* hardware.md §8: undefined on hardware; the flag stays 1 */
    if (!c->warned[in->id]) {
      c->warned[in->id] = 1;
      asc_sim_found_at(c, ASC_SIM_CHK_DOUBLE_SET, ASC_SEV_WARNING, in, "double-set: flag %s id %d is set "
                        "again before a wait_flag cleared it", asc_sim_evt_name(evt), id);
    }
    return;
  }
  f->set = true;
  f->time = t;
  flag_changed(c);
  f->by = in;
  f->flow = ++c->nflow;
}

/* The copy holding the core's share (sim_core.hold) pauses for g cycles: its end, its pipe's and its
 * channel's free times, its busy interval, tape copy and trace record move g later (preempts). */
static void stretch_hold(sim_core *c, int64_t g) {
  struct sim_gmhold *h = &c->hold;
  int hp = h->pipe - 1;
  sim_pipeq *q = &c->pipes[hp];
  q->drain = max64(q->drain, h->end + g);
  q->ready = max64(q->ready, h->ready + g);
  if (q->last_end == h->end)
    q->last_end += g;
  int hd = hp == ASC_PIPEID_PIPE_MTE3;
  c->chan_free[hd] = max64(c->chan_free[hd], h->chan + g);
  addbusy(c, hp, h->busy_end, h->busy_end + g);
  if (h->copy && c->tape)
    c->tape->copy[h->copy - 1].end += g;
  if (h->trace && c->trace)
    c->trace[h->trace - 1].end += g;
  h->end += g;
  h->busy_end += g;
  h->ready += g;
  h->chan += g;
  c->gm_free += g;
  c->htstale |= 1u << hp;
}

/* Start pipe p's head at time t. */
static void process(sim_core *c, int p, int64_t t) {
  sim_pipeq *q = &c->pipes[p];
  const sim_qent *e = head(q); /* its slot stays as it is until the next push */
  pop(q);
  newhead(c, p);
  int64_t fc = c->L->cost->flag;
  switch (e->kind) {
  case SIM_Q_EXEC: {
    int dir = p == ASC_PIPEID_PIPE_MTE3;
    int64_t b0 = t; /* where its busy interval starts */
    int64_t occupy = e->occupy, latency = e->latency;
    if (e->udep) /* UnitFlag: not done before one unit after the other side's end */
      q->floor = max64(q->floor, c->uf_end[e->unit == SIM_UF_MMAD] + ASC_HWC_unit_chunk);
    if (e->unit == SIM_UF_FIX) /* the fixpipe starts at once and streams the units as the mmad makes them */
      b0 = max64(e->issue, q->ready);
    if (q->floor > t + latency) { /* streaming from a UnitFlag producer: not done before it */
      occupy += q->floor - t - latency;
      latency = q->floor - t;
    }
    q->floor = 0;
    if (e->unit) {
      int u = e->unit - 1;
      c->uf_started[u]++;
      c->uf_start[u] = t;
      c->uf_end[u] = t + latency;
      c->htstale |= c->qmask; /* the other side's head may wait for this one */
    }
    bool holds = e->gm != 0;
    int64_t s0 = t; /* when its bytes start to move */
    if (e->gm && preempts(c, p, e, t)) { /* the younger copy's outstanding reads first, then this one */
      int64_t s = t + ASC_HWC_gm_drain;
      if (s < c->gm_free) {
        stretch_hold(c, e->gm);
        holds = false;
      } else
        s = c->gm_free;
      occupy += s - t; /* busy from t (it has started), its bytes move from s */
      latency += s - t;
      s0 = s;
    }
    q->last_start = t;
    q->last_end = t + latency;
    if (e->gm) {
      if (holds)
        c->gm_free = s0 + e->gm;
      c->chan_free[dir] = s0 + e->chan;
      c->htstale |= c->gmmask; /* the heads that wait for the port */
    }
    if (e->copy && c->tape) {
      c->tape->copy[e->copy - 1].start = s0;
      c->tape->copy[e->copy - 1].end = t + latency;
    }
    q->ready = t + occupy;
    q->drain = max64(q->drain, t + latency);
    addbusy(c, p, b0, t + latency - e->tail);
    trec(c, e->in, p, SIM_Q_EXEC, b0, t + latency - e->tail, e->amount, 0);
    if (holds && c->kind == ASC_HW_AIV && aiv_duplex(p))
      c->hold = (struct sim_gmhold){p + 1, e->issue, t, t + latency, t + latency - e->tail, t + occupy,
                                    c->chan_free[dir], e->copy, c->L->tracing ? c->ntrace : 0};
    else if (holds)
      c->hold.pipe = 0;
    break;
  }
  case SIM_Q_SET: /* does not hold back the pipe */
    setflag(c, e->in, e->evt, e->id, t);
    c->flags[e->evt][e->id].floor = e->stream ? q->last_end + ASC_HWC_unit_chunk : 0;
    trec(c, e->in, p, SIM_Q_SET, t, t + 1, 0, c->flags[e->evt][e->id].flow);
    break;
  case SIM_Q_XSET: /* a cross-core signal: leaves once the pipe's earlier work is done */
    c->xset_time = t;
    c->xset_done++;
    trec(c, e->in, p, SIM_Q_SET, t, t + 1, 0, 0);
    break;
  case SIM_Q_WAIT:
    q->blocked += t - max64(e->issue, q->ready);
    c->flags[e->evt][e->id].set = false;
    flag_changed(c);
    q->floor = max64(q->floor, c->flags[e->evt][e->id].floor);
    trec(c, e->in, p, SIM_Q_WAIT, max64(e->issue, q->ready), t + fc, 0, c->flags[e->evt][e->id].flow);
    q->ready = t + fc;
    break;
  default: q->ready = t; break; /* barrier */
  }
}

/* Process the earliest event if it starts before limit; 1 if one was processed. */
static int step(sim_core *c, int64_t limit, int64_t *tout) {
  int64_t t;
  int p = pickpipe(c, &t);
  if (p < 0 || t >= limit)
    return 0;
  process(c, p, t);
  if (tout)
    *tout = t;
  return 1;
}

static void advance(sim_core *c) {
  while (step(c, c->sclk, NULL))
    ;
}

/* Report a deadlock: `who` cannot continue and no queue head can start. */
static int deadlock(sim_core *c, const sim_inst *in, const char *who) {
  asc_strbuf sb;
  asc_sb_init(&sb);
  sim_finding f = {ASC_SIM_CHK_DEADLOCK, ASC_SEV_ERROR, 0, in->op, NULL, in->pipe, -1, SIM_MEM_NONE, 0, 0};
  for (int p = 0; p < ASC_SIM_NPIPES; p++) {
    sim_pipeq *q = &c->pipes[p];
    if (!q->n)
      continue;
    const sim_qent *e = head(q);
    asc_loc loc = asc_op_diag_loc(e->in->op);
    if (e->kind == SIM_Q_EXEC) /* only a UnitFlag instruction waits without a flag */
      asc_sb_printf(&sb, "; %s is blocked at %s waiting for the %s it hands L0C over with (UnitFlag) (%s:%d)",
                    asc_sim_pipe_name(p), asc_op_name(e->in->op), e->unit == SIM_UF_MMAD ? "fixpipe" : "mmad",
                    loc.file ? loc.file : "?", loc.line);
    else
      asc_sb_printf(&sb, "; %s is blocked at %s waiting for flag %s id %d (%s:%d)", asc_sim_pipe_name(p),
                    asc_op_name(e->in->op), asc_sim_evt_name(e->evt), e->id, loc.file ? loc.file : "?",
                    loc.line);
    if (!f.b) { /* the record's second site: the first blocked instruction */
      f.b = e->in->op;
      f.pb = p;
    }
  }
  asc_sim_found(c, &f, "deadlock: %s, but no pipe can make progress and no queued instruction will "
                 "set the flag it needs%s", who, sb.data ? sb.data : "");
  asc_sb_free(&sb);
  return -1;
}

/* q / 1024 cycles of the scalar unit's time; the fractions carry over (sim_core.sacc), so a run of work
 * costs the same in one piece or several */
static void scalarq(sim_core *c, int64_t q) {
  c->sacc += q;
  int64_t cycles = c->sacc >> 10;
  c->sacc &= 1023;
  c->sclk += cycles;
  c->pipes[ASC_PIPEID_PIPE_S].busy += cycles;
  c->pipes[ASC_PIPEID_PIPE_S].busy_sum += cycles;
}

/* cycles of scalar work, stretched by the load of the launch (sim_core.skq, hw.def scalar_load_pct) */
static int64_t stretch(const sim_core *c, int64_t cycles) { return cycles * (c->skq ? c->skq : 1024); }

static void scalar_(sim_core *c, int64_t cycles) { scalarq(c, stretch(c, cycles)); }

/* a flag op's issue: flag_issue_pct % of a scalar cycle (hw.def), stretched; the rest carries over */
static void flagq(sim_core *c) {
  c->fqrem += stretch(c, ASC_HWC_flag_issue_pct);
  scalarq(c, c->fqrem / 100);
  c->fqrem %= 100;
}

/* q / 1024 cycles onto the tape (SIM_T_SCALAR's n: in 1/1024 cycle) and the scalar unit */
static void tscalar(sim_core *c, int64_t q) {
  if (c->tape) {
    sim_tape *t = c->tape;
    if (t->nop && t->op[t->nop - 1].kind == SIM_T_SCALAR)
      t->op[t->nop - 1].n += q;
    else
      tput(c, SIM_T_SCALAR, NULL)->n = q;
  }
  scalarq(c, q);
}

void asc_sim_scalar(sim_core *c, int64_t cycles) {
  if (!c->sfree)
    tscalar(c, stretch(c, cycles));
}

/* Scalar time measured on the part at its anchor's load (hw.def HW_LIBWORK): not stretched again. */
void asc_sim_scalar_measured(sim_core *c, int64_t cycles) { tscalar(c, cycles * 1024); }

/* asc_sim_options.jitter_seed: splitmix64 over per-core state, seeded from the seed and
 * the block on first use, so a schedule depends only on (seed, block). */
static uint64_t jrand(sim_core *c) {
  if (!c->jrng)
    c->jrng = c->L->jitter ^ (0x9E3779B97F4A7C15ull * (uint64_t)(c->block + 1));
  uint64_t z = (c->jrng += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

/* A random issue delay (the scalar unit stalls 0-63 cycles, sometimes x16) and, for
 * work, 0-1023 extra cycles of latency: the pipes' relative speeds change per entry. */
static void jitter(sim_core *c, sim_qent *e) {
  uint64_t r = jrand(c);
  c->sclk += (int64_t)(r & 63) * ((r >> 6) & 3 ? 1 : 16);
  if (e->kind == SIM_Q_EXEC)
    e->latency += (int64_t)((r >> 8) & 1023) >> ((r >> 18) & 7);
}

/* Append e to pipe p; a full queue stalls the scalar unit until its head starts. */
static int enqueue(sim_core *c, int p, sim_qent e) {
  sim_pipeq *q = &c->pipes[p];
  if (!(c->pipemask >> p & 1)) /* hw.def: e.g. PIPE_V on an AIC */
    return asc_sim_err(c, e.in->op, "%s runs on %s, which an %s core does not have", asc_op_name(e.in->op),
                       asc_sim_pipe_name(p) ? asc_sim_pipe_name(p) : "?", asc_hw_core_name(c->kind));
  if (c->tape) {
    sim_top *o = tput(c, SIM_T_ENQ, e.in);
    o->pipe = p;
    o->e = e;
  }
  if (e.unit) { /* UnitFlag: it hands L0C over with the other side's last one issued */
    e.udep = c->uf_issued[e.unit == SIM_UF_MMAD];
    c->uf_issued[e.unit - 1]++;
  }
  if (c->L->jitter)
    jitter(c, &e);
  int64_t t = c->sclk;
  while (q->n >= c->L->cost->queue_depth) {
    if (!step(c, NEVER, &t))
      return deadlock(c, e.in, "the scalar unit stalls on a full instruction queue");
  }
  c->sclk = max64(c->sclk, t);
  e.issue = c->sclk;
  *push(q) = e;
  if (q->n == 1)
    newhead(c, p);
  if (e.kind == SIM_Q_EXEC)
    scalar_(c, c->L->cost->issue);
  else
    flagq(c); /* a flag op is one word */
  advance(c);
  return 0;
}

/* k onto tape t with the GM accesses since the last copy (l2pend ..): its number (1-based, sim_qent.copy) */
static int64_t tape_copy(sim_tape *t, sim_tcopy k) {
  if (t->ncopy == t->capcopy)
    t->copy = grow(t->copy, &t->capcopy, sizeof *t->copy);
  k.r0 = t->l2pend;
  k.r1 = t->nl2;
  t->copy[t->ncopy++] = k;
  t->l2pend = t->nl2;
  return t->ncopy;
}

/* in on its pipe (UnitFlag role, 0: none; k: the tape copy of its GM accesses, NULL: none) */
static int issue(sim_core *c, const sim_inst *in, int64_t occupy, int64_t latency, int role, const sim_tcopy *k) {
  if (in->pipe < 0 || in->pipe == ASC_PIPEID_PIPE_S) {
    asc_sim_l2_take_hits(c); /* a scalar GM access: its hits (and write-backs) are no copy's */
    asc_sim_l2_take_wb(c);
    if (c->tape)
      c->tape->l2pend = c->tape->nl2;
    asc_sim_scalar(c, occupy);
    return 0;
  }
  sim_qent e = {.kind = SIM_Q_EXEC, .occupy = occupy, .latency = latency, .in = in, .unit = role};
  if (k && c->tape)
    e.copy = tape_copy(c->tape, *k);
  return enqueue(c, in->pipe, e);
}

int asc_sim_issue(sim_core *c, const sim_inst *in, int64_t occupy, int64_t latency) {
  return issue(c, in, occupy, latency, 0, NULL);
}

/* UnitFlag (the mmad's and the fixpipe's unit_flag 2 or 3, Mmad / Fixpipe pages): L0C passes between the
 * cube and the fixpipe in units with no set_flag / wait_flag.  The fixpipe is under way from its start (its
 * pipe free, no flag to wait for) and ends one unit after the mmad it streams from (the last UnitFlag mmad
 * issued before it); an mmad after a UnitFlag fixpipe writes a unit once the fixpipe has read it and ends
 * one unit after the fixpipe does (as set_flag unit = 1's hand-over). */
int asc_sim_issue_unit(sim_core *c, const sim_inst *in, int64_t occupy, int64_t latency, int role) {
  return issue(c, in, occupy, latency, role, NULL);
}

/* An instruction of a cube-side pipe that wrote GM (the fixpipe): its GM accesses are a copy of the tape of
 * their own (pipe FIX), so the wave's shared L2 replays them when it ran and charges the dirty lines they
 * evict to it, not to the next MTE copy.  Its time stays the first timing's, write-backs included
 * (occupy: asc_sim_l2_take_wb was taken into it). */
int asc_sim_issue_gm_write(sim_core *c, const sim_inst *in, int64_t occupy, int64_t bytes, int64_t wb, int role) {
  return issue(c, in, occupy, occupy, role, &(sim_tcopy){bytes, 1, 0, 0, 0, 0, 0, in->pipe, wb, 0});
}

void asc_sim_unit_sync(sim_core *c, int role) {
  if (!c->L->sanitize || !c->uf_issued[role == SIM_UF_MMAD])
    return;
  if (role == SIM_UF_FIX)
    asc_sim_san_handover(c, ASC_PIPEID_PIPE_M, ASC_PIPEID_PIPE_FIX);
  else
    asc_sim_san_handover(c, ASC_PIPEID_PIPE_FIX, ASC_PIPEID_PIPE_M);
}

int64_t asc_sim_tmark(sim_core *c) {
  if (c->tape && c->L->tracing)
    tput(c, SIM_T_MARK, NULL);
  return c->sclk;
}

void asc_sim_trace_scalar(sim_core *c, const sim_inst *in, int64_t s0) {
  if (c->tape)
    tput(c, SIM_T_TRACES, in);
  if (c->sclk > s0)
    trec(c, in, ASC_PIPEID_PIPE_S, SIM_Q_EXEC, s0, c->sclk, 0, 0);
}

/* hardware.md §13.4: issue overhead + the repeats' bank cycles (vector.c: one per repeat without
 * bank conflicts).  The vector unit takes one instruction at a time: anchor V1 (1000 back-to-back Adds of
 * 64 repeats, no barrier between them) takes vec_issue + 64 cycles per Add, not 64. */
int asc_sim_issue_vec(sim_core *c, const sim_inst *in, int64_t repeats, int64_t bank_cycles) {
  const sim_costs *k = c->L->cost;
  /* the op's cost class (ops.def) sets the cycles per repeat (hw.def HW_VCLASS) */
  int64_t occ = bank_cycles * asc_hw_vclass_factor(asc_opinfo_of(in->op->code)->cost) * k->vec_repeat;
  sim_qent e = {.kind = SIM_Q_EXEC, .occupy = k->vec_issue + occ, .latency = k->vec_issue + occ, .in = in,
                .amount = repeats};
  if (in->pipe < 0 || in->pipe == ASC_PIPEID_PIPE_S)
    return asc_sim_issue(c, in, occ + 1, e.latency);
  return enqueue(c, in->pipe, e);
}

/* GM transfers: a fixed cost per instruction plus the bytes at the core's rate (gmcopy).  MTE2 and MTE3
 * queue for the core's share of the chip's bandwidth (sim_core.gm_rate, gm_wrate), and on an AIV each
 * for its own channel of the core's port.  UB->UB copies on V use the UB rate. */
int asc_sim_issue_copy(sim_core *c, const sim_inst *in, int64_t bytes) { return asc_sim_issue_copy_segs(c, in, bytes, 1); }

/* The port time of a GM copy of `segs` contiguous GM segments (rows, blocks): a fixed cost per
 * instruction (anchor M1: 128-byte copies) + the bytes at the read or write share of the chip's
 * bandwidth, the read bytes found in L2 (hit) at the L2 rate; the port starts one GM burst every
 * gm_burst_min cycles at most (anchor M2 [64,64]: 128-byte rows).  An AIV's port is full duplex, each
 * direction at gm_core at most for HBM bytes (ADDPERF A1: one core's copy-out runs under the next
 * tile's copy-in; L2 hits are not held to it, their latency is shorter):
 * the copy holds its direction's channel that long and the chip share only for its share time.
 * Reads are done when their data is in (latency is pipe-busy); writes are posted: the pipe is free at
 * the end of the port time, the acknowledgement that set_flag and barriers wait for comes
 * mte3_latency later (ADDPERF A1-A3: ~27 B/cycle of MTE3 busy per core, 1 or 48 cores alike). */
static void gmcopy(const sim_core *c, sim_qent *e, int pipe, int64_t bytes, int64_t segs, int64_t hit, int64_t wb,
                   int64_t xunits) {
  const sim_costs *k = c->L->cost;
  bool rd = pipe == ASC_PIPEID_PIPE_MTE2;
  if (hit > bytes)
    hit = bytes;
  /* a read moves whole gm_unit units: each unit its unaligned rows span beyond their lengths' costs a
   * whole unit more, at the copy's own mix of HBM and L2 bytes (the data_copy README's unaligned rows) */
  double amp = rd && xunits > 0 && bytes > 0 ? (double)(bytes + xunits * k->gm_unit) / (double)bytes : 1.0;
  /* writes land in the L2 (write-back; HBM sees them when evicted), except the bytes written past it
   * (CACHE_MODE_DISABLE: a write's "hit"), which go to HBM at the write share only, as write-backs (wb) */
  int64_t l2b = rd ? hit : bytes - hit;
  double hbm = rd ? (double)(bytes - l2b) * amp : 0; /* read misses: the AIV channel holds these to gm_core */
  int64_t share = (int64_t)(hbm / c->gm_rate + (double)l2b * amp / c->l2_rate + 0.999999);
  if (share < segs * k->gm_burst_min)
    share = segs * k->gm_burst_min;
  /* the dirty lines its accesses evict go to HBM at the core's write share: a read waits for them
   * (its lines take their place), a posted write does not, but the core's share is spent either way */
  int64_t evict = (int64_t)((double)wb / c->gm_wrate + 0.999999);
  if (rd)
    share += evict;
  int64_t chan = share;
  if (c->kind == ASC_HW_AIV) { /* gm_core is a one-core HBM figure: L2 read hits move at the L2 share */
    double own = rd ? hbm / k->gm_core_bytes_per_cycle + (double)hit * amp / c->l2_rate
                    : (double)bytes / k->gm_core_write_bytes_per_cycle;
    if (chan < (int64_t)(own + 0.999999))
      chan = (int64_t)(own + 0.999999);
  }
  e->gm = share + (rd ? 0 : evict) + k->mte_instr;
  e->occupy = e->chan = chan + k->mte_instr;
  e->tail = rd ? 0 : k->mte3_latency;
  e->latency = (rd ? k->mte2_latency : k->mte3_latency) + e->chan;
}

int asc_sim_issue_copy_segs(sim_core *c, const sim_inst *in, int64_t bytes, int64_t segs) {
  return asc_sim_issue_copy_rows(c, in, bytes, segs, 0);
}

/* ... whose GM rows span xunits gm_unit units beyond their lengths (a read's unaligned rows) */
int asc_sim_issue_copy_rows(sim_core *c, const sim_inst *in, int64_t bytes, int64_t segs, int64_t xunits) {
  const sim_costs *k = c->L->cost;
  if (in->pipe != ASC_PIPEID_PIPE_MTE2 && in->pipe != ASC_PIPEID_PIPE_MTE3) {
    int64_t occ = (bytes + k->ub_bytes_per_cycle - 1) / k->ub_bytes_per_cycle + 1;
    if (in->pipe < 0 || in->pipe == ASC_PIPEID_PIPE_S)
      return asc_sim_issue(c, in, occ, k->ubcopy_latency + occ);
    sim_qent e = {.kind = SIM_Q_EXEC, .occupy = occ, .latency = k->ubcopy_latency + occ, .in = in, .amount = bytes};
    return enqueue(c, in->pipe, e);
  }
  int64_t hit = asc_sim_l2_take_hits(c); /* l2.c: read bytes found in L2 move at the L2 rate */
  int64_t wb = asc_sim_l2_take_wb(c);    /* dirty lines its accesses pushed out to HBM */
  sim_qent e = {.kind = SIM_Q_EXEC, .in = in, .amount = bytes};
  gmcopy(c, &e, in->pipe, bytes, segs, hit, wb, xunits);
  if (c->tape) /* the copy and its GM accesses, for the wave's shared L2 */
    e.copy = tape_copy(c->tape, (sim_tcopy){bytes, segs, hit, 0, 0, 0, 0, in->pipe, wb, xunits});
  return enqueue(c, in->pipe, e);
}

/* set_flag from the scalar unit: earlier scalar work is done by now */
static void set_on_s(sim_core *c, const sim_inst *in, int evt, int id) {
  advance(c); /* waits that consume the flag before sclk happen first */
  setflag(c, in, evt, id, c->sclk);
  c->flags[evt][id].floor = 0;
  trec(c, in, ASC_PIPEID_PIPE_S, SIM_Q_SET, c->sclk, c->sclk + 1, 0, c->flags[evt][id].flow);
  scalar_(c, c->L->cost->flag);
}

int asc_sim_issue_set(sim_core *c, const sim_inst *in, int evt, int id) {
  int p = c->L->evt_src[evt];
  if (c->L->sanitize)
    asc_sim_san_set(c, evt, id);
  if (p == ASC_PIPEID_PIPE_S) {
    if (c->tape) {
      sim_top *o = tput(c, SIM_T_SETS, in);
      o->evt = evt;
      o->id = id;
    }
    set_on_s(c, in, evt, id);
    return 0;
  }
  sim_qent e = {.kind = SIM_Q_SET, .evt = evt, .id = id, .in = in};
  if (evt == ASC_EVENT_M_FIX || evt == ASC_EVENT_FIX_M) { /* L0C between the cube and the fixpipe */
    const asc_attr *u = asc_op_attr(in->op, "unit");
    e.stream = u && u->i;
  }
  return enqueue(c, p, e);
}

int asc_sim_issue_xset(sim_core *c, const sim_inst *in, int pipe, int64_t *t) {
  sim_qent e = {.kind = SIM_Q_XSET, .in = in};
  int64_t want = ++c->xset_issued;
  if (enqueue(c, pipe, e))
    return -1;
  if (c->tape) /* another core waits on it: replayed with it (asc_sim_tape_replay) */
    tput(c, SIM_T_XSET, in);
  return xset_wait(c, in, want, t);
}

static int xset_wait(sim_core *c, const sim_inst *in, int64_t want, int64_t *t) {
  while (c->xset_done < want)
    if (!step(c, NEVER, NULL))
      return deadlock(c, in, "cross_core_set_flag waits for its pipe's earlier work");
  *t = c->xset_time;
  return 0;
}

void asc_sim_tape_xwait(sim_core *c, const int64_t *src, int n) {
  if (!c->tape)
    return;
  bool any = false;
  for (int i = 0; i < n; i++)
    any |= src[i] > 0;
  if (n > SIM_XSRC || !any) { /* not a signal of the group's sets (a launch-wide sync): kept as it is */
    c->tape->bad = true;
    return;
  }
  sim_top *o = tput(c, SIM_T_XWAIT, c->cur);
  for (int i = 0; i < SIM_XSRC; i++)
    o->src[i] = i < n ? src[i] : 0;
}

int asc_sim_issue_wait(sim_core *c, const sim_inst *in, int evt, int id) {
  int p = c->L->evt_dst[evt];
  if (c->L->sanitize)
    asc_sim_san_wait(c, evt, id);
  if (p != ASC_PIPEID_PIPE_S) {
    sim_qent e = {.kind = SIM_Q_WAIT, .evt = evt, .id = id, .in = in};
    return enqueue(c, p, e);
  }
  if (c->tape) {
    sim_top *o = tput(c, SIM_T_WAITS, in);
    o->evt = evt;
    o->id = id;
  }
  return wait_on_s(c, in, evt, id);
}

/* wait_flag on the scalar unit: it drives the pipes until the flag is set */
static int wait_on_s(sim_core *c, const sim_inst *in, int evt, int id) {
  sim_flag *f = &c->flags[evt][id];
  while (!f->set)
    if (!step(c, NEVER, NULL)) {
      asc_strbuf sb;
      asc_sb_init(&sb);
      asc_sb_printf(&sb, "the scalar unit waits for flag %s id %d", asc_sim_evt_name(evt), id);
      deadlock(c, in, sb.data);
      asc_sb_free(&sb);
      return -1;
    }
  int64_t t0 = c->sclk;
  c->sclk = max64(c->sclk, f->time);
  c->sblocked += c->sclk - t0;
  trec(c, in, ASC_PIPEID_PIPE_S, SIM_Q_WAIT, t0, c->sclk + c->L->cost->flag, 0, f->flow);
  f->set = false;
  flag_changed(c);
  scalar_(c, c->L->cost->flag);
  return 0;
}

int asc_sim_issue_barrier(sim_core *c, const sim_inst *in, int pipe) {
  if (c->L->sanitize)
    asc_sim_san_barrier(c, pipe);
  if (pipe == ASC_PIPEID_PIPE_ALL)
    return asc_sim_drain(c, in);
  sim_qent e = {.kind = SIM_Q_BARRIER, .in = in};
  return enqueue(c, pipe, e);
}

int asc_sim_drain(sim_core *c, const sim_inst *in) {
  if (c->tape)
    tput(c, SIM_T_DRAIN, in);
  return drain_(c, in);
}

static int drain_(sim_core *c, const sim_inst *in) {
  for (int p = 0; p < ASC_SIM_NPIPES; p++)
    while (c->pipes[p].n)
      if (!step(c, NEVER, NULL))
        return deadlock(c, in, "PIPE_ALL waits for every pipe to finish");
  for (int p = 0; p < ASC_SIM_NPIPES; p++)
    c->sclk = max64(c->sclk, max64(c->pipes[p].drain, c->pipes[p].ready));
  return 0;
}

void asc_sim_check_unpaired(sim_core *c, const sim_inst *in) {
  for (int e = 0; e < SIM_NEVENTS; e++)
    for (int id = 0; id < SIM_NIDS; id++)
      if (c->flags[e][id].set) { /* the record's second site: the set_flag that left it set */
        const sim_inst *by = c->flags[e][id].by ? c->flags[e][id].by : in;
        asc_loc l = asc_op_diag_loc(by->op);
        sim_finding f = {ASC_SIM_CHK_UNPAIRED_SET, ASC_SEV_WARNING, 0, in->op, by->op, -1, by->pipe,
                         SIM_MEM_NONE, 0, 0};
        asc_sim_found(c, &f, "unpaired set: flag %s id %d is still set at the end of the kernel (set at "
                      "%s:%d:%d, no wait_flag consumed it)", asc_sim_evt_name(e), id, l.file ? l.file : "?",
                      l.line, l.col);
      }
}

int64_t asc_sim_core_time(const sim_core *c) {
  int64_t t = c->sclk;
  for (int p = 0; p < ASC_SIM_NPIPES; p++)
    t = max64(t, max64(c->pipes[p].drain, c->pipes[p].ready));
  return t;
}

/* One core's replay (asc_sim_tape_replay): where it is on its tape, its open marks, its sets' times. */
typedef struct treplay {
  int64_t i, nmark;
  int64_t mark[SIM_MAXLOOPS * 4 + 8];
  int64_t *xt, nxt, capxt; /* xt[k]: when its set k + 1 left its pipe */
} treplay;

/* Replays core k's tape from where it stopped until its end (1), a cross-core wait whose sets have not
 * been replayed yet (0), or a deadlock (-1). */
static int replay_core(sim_core **cs, sim_tape *const *ts, treplay *rs, int n, int me) {
  sim_core *c = cs[me];
  const sim_tape *t = ts[me];
  treplay *r = &rs[me];
  int64_t *mark = r->mark, cap = (int64_t)(sizeof r->mark / sizeof r->mark[0]);
  for (; r->i < t->nop; r->i++) {
    const sim_top *o = &t->op[r->i];
    switch (o->kind) {
    case SIM_T_SCALAR: scalarq(c, o->n); break;
    case SIM_T_ENQ: {
      sim_qent e = o->e;
      const sim_tcopy *k = e.copy ? &t->copy[e.copy - 1] : NULL;
      if (k && asc_sim_tcopy_retimed(k))
        gmcopy(c, &e, o->pipe, k->bytes, k->segs, k->hit, k->wb, k->xunits);
      if (enqueue(c, o->pipe, e))
        return -1;
      break;
    }
    case SIM_T_SETS: set_on_s(c, o->in, o->evt, o->id); break;
    case SIM_T_WAITS:
      if (wait_on_s(c, o->in, o->evt, o->id))
        return -1;
      break;
    case SIM_T_DRAIN:
      if (drain_(c, o->in))
        return -1;
      break;
    case SIM_T_MARK:
      if (r->nmark < cap)
        mark[r->nmark] = c->sclk;
      r->nmark++;
      break;
    case SIM_T_XSET: {
      int64_t x = 0;
      if (xset_wait(c, o->in, ++c->xset_issued, &x))
        return -1;
      if (r->nxt == r->capxt)
        r->xt = grow(r->xt, &r->capxt, sizeof *r->xt);
      r->xt[r->nxt++] = x;
      break;
    }
    case SIM_T_XWAIT: { /* as xcore.c's take: the latest of the signal's sets, one hand-over later */
      int64_t when = 0;
      for (int j = 0; j < SIM_XSRC; j++) {
        if (!o->src[j])
          continue;
        if (j >= n)
          return -1;
        if (rs[j].nxt < o->src[j])
          return 0; /* that core has not got there yet */
        when = max64(when, rs[j].xt[o->src[j] - 1] + c->L->cost->xcore_flag);
      }
      int64_t t0 = c->sclk;
      c->sclk = max64(c->sclk, when);
      c->sblocked += c->sclk - t0;
      break;
    }
    default: /* SIM_T_TRACES */
      if (r->nmark > 0 && --r->nmark < cap && c->sclk > mark[r->nmark])
        trec(c, o->in, ASC_PIPEID_PIPE_S, SIM_Q_EXEC, mark[r->nmark], c->sclk, 0, 0);
      break;
    }
  }
  return 1;
}

/* The group's tapes again, each GM copy at the port time of its hit bytes as the wave's shared L2 gave
 * them (asc_sim_l2_shared); the cores take turns in index order, each until it waits on a set another
 * core has not replayed yet (xcore.c's baton, on the tapes). */
int asc_sim_tape_replay(sim_core **cs, sim_tape *const *ts, int n) {
  treplay *rs = calloc((size_t)n, sizeof *rs);
  int *done = calloc((size_t)n, sizeof *done);
  if (!rs || !done)
    asc_die("out of memory");
  for (int k = 0; k < n; k++)
    cs[k]->sclk = ts[k]->sclk0;
  int rc = 0, left = n;
  while (left && !rc) {
    bool moved = false;
    for (int k = 0; k < n && !rc; k++) {
      if (done[k])
        continue;
      int64_t at = rs[k].i;
      int q = replay_core(cs, ts, rs, n, k);
      if (q < 0)
        rc = -1;
      else if (q > 0)
        done[k] = 1, left--, moved = true;
      else
        moved |= rs[k].i != at;
    }
    if (!moved && left)
      rc = -1; /* every core waits on another: not what the first timing did */
  }
  for (int k = 0; k < n; k++)
    free(rs[k].xt);
  free(rs);
  free(done);
  return rc;
}
