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

#include "sim/sim_int.h"

#define NEVER INT64_MAX

static int64_t max64(int64_t a, int64_t b) { return a > b ? a : b; }

static sim_qent *head(sim_pipeq *q) { return &q->q[q->head]; }

static void push(sim_pipeq *q, sim_qent e) {
  if (q->n == q->cap) { /* grow the ring, unrolling it */
    int cap = q->cap ? 2 * q->cap : 16;
    sim_qent *nq = malloc(sizeof *nq * (size_t)cap);
    if (!nq)
      asc_die("out of memory");
    for (int i = 0; i < q->n; i++)
      nq[i] = q->q[(q->head + i) % q->cap];
    free(q->q);
    q->q = nq;
    q->cap = cap;
    q->head = 0;
  }
  q->q[(q->head + q->n) % q->cap] = e;
  q->n++;
}

static void pop(sim_pipeq *q) {
  q->head = (q->head + 1) % q->cap;
  q->n--;
}

void asc_sim_timing_free(sim_core *c) {
  for (int p = 0; p < ASC_SIM_NPIPES; p++)
    free(c->pipes[p].q);
}

/* Earliest start of pipe p's head, or NEVER if it waits for an unset flag. */
static int64_t headtime(const sim_core *c, int p) {
  const sim_pipeq *q = &c->pipes[p];
  const sim_qent *e = &q->q[q->head];
  int64_t t = max64(e->issue, q->ready);
  switch (e->kind) {
  case SIM_Q_WAIT: {
    const sim_flag *f = &c->flags[e->evt][e->id];
    return f->set ? max64(t, f->time) : NEVER;
  }
  case SIM_Q_SET:
  case SIM_Q_BARRIER: return max64(t, q->drain);
  default: return t;
  }
}

/* At equal times waits go first, so a wait and the next set of its flag in the same
 * cycle are not taken for a double set; then lower pipe id (determinism). */
static int kindrank(int kind) { return kind == SIM_Q_WAIT ? 0 : kind == SIM_Q_SET ? 2 : 1; }

static int pickpipe(const sim_core *c, int64_t *tout) {
  int best = -1;
  int64_t bt = NEVER;
  for (int p = 0; p < ASC_SIM_NPIPES; p++) {
    if (!c->pipes[p].n)
      continue;
    int64_t t = headtime(c, p);
    if (t == NEVER)
      continue;
    if (best < 0 || t < bt ||
        (t == bt && kindrank(head((sim_pipeq *)&c->pipes[p])->kind) <
                        kindrank(head((sim_pipeq *)&c->pipes[best])->kind))) {
      best = p;
      bt = t;
    }
  }
  *tout = bt;
  return best;
}

static void addbusy(sim_pipeq *q, int64_t start, int64_t end) {
  if (end > q->busy_end) {
    q->busy += end - max64(start, q->busy_end);
    q->busy_end = end;
  }
}

static void setflag(sim_core *c, const sim_inst *in, int evt, int id, int64_t t) {
  sim_flag *f = &c->flags[evt][id];
  if (f->set) { /* hardware.md §8: undefined on hardware; the flag stays 1 */
    asc_sim_warn_once(c, in, "double-set: flag %s id %d is set again before a wait_flag cleared it",
                      asc_sim_evt_name(evt), id);
    return;
  }
  f->set = true;
  f->time = t;
}

/* Start pipe p's head at time t. */
static void process(sim_core *c, int p, int64_t t) {
  sim_pipeq *q = &c->pipes[p];
  sim_qent e = *head(q);
  pop(q);
  int64_t fc = c->L->cost->flag;
  switch (e.kind) {
  case SIM_Q_EXEC:
    q->ready = t + e.occupy;
    q->drain = max64(q->drain, t + e.latency);
    addbusy(q, t, t + e.latency);
    break;
  case SIM_Q_SET: setflag(c, e.in, e.evt, e.id, t); break; /* does not hold back the pipe */
  case SIM_Q_WAIT:
    c->flags[e.evt][e.id].set = false;
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
  for (int p = 0; p < ASC_SIM_NPIPES; p++) {
    sim_pipeq *q = &c->pipes[p];
    if (!q->n)
      continue;
    const sim_qent *e = head(q);
    asc_loc loc = asc_op_diag_loc(e->in->op);
    asc_sb_printf(&sb, "; %s is blocked at %s waiting for flag %s id %d (%s:%d)", asc_sim_pipe_name(p),
                  asc_op_name(e->in->op), asc_sim_evt_name(e->evt), e->id, loc.file ? loc.file : "?",
                  loc.line);
  }
  asc_sim_err(c, in->op, "deadlock: %s, but no pipe can make progress and no queued instruction will "
              "set the flag it needs%s", who, sb.data ? sb.data : "");
  asc_sb_free(&sb);
  return -1;
}

void asc_sim_scalar(sim_core *c, int64_t cycles) {
  c->sclk += cycles;
  c->pipes[ASC_PIPEID_PIPE_S].busy += cycles;
}

/* Append e to pipe p; a full queue stalls the scalar unit until its head starts. */
static int enqueue(sim_core *c, int p, sim_qent e) {
  sim_pipeq *q = &c->pipes[p];
  int64_t t = c->sclk;
  while (q->n >= c->L->cost->queue_depth) {
    if (!step(c, NEVER, &t))
      return deadlock(c, e.in, "the scalar unit stalls on a full instruction queue");
  }
  c->sclk = max64(c->sclk, t);
  e.issue = c->sclk;
  push(q, e);
  asc_sim_scalar(c, c->L->cost->issue);
  advance(c);
  return 0;
}

int asc_sim_issue(sim_core *c, const sim_inst *in, int64_t occupy, int64_t latency) {
  if (in->pipe < 0 || in->pipe == ASC_PIPEID_PIPE_S) {
    asc_sim_scalar(c, occupy);
    return 0;
  }
  sim_qent e = {SIM_Q_EXEC, 0, 0, 0, occupy, latency, in};
  return enqueue(c, in->pipe, e);
}

int asc_sim_issue_set(sim_core *c, const sim_inst *in, int evt, int id) {
  int p = c->L->evt_src[evt];
  if (p == ASC_PIPEID_PIPE_S) { /* earlier scalar work is done by now */
    advance(c); /* waits that consume the flag before sclk happen first */
    setflag(c, in, evt, id, c->sclk);
    asc_sim_scalar(c, c->L->cost->flag);
    return 0;
  }
  sim_qent e = {SIM_Q_SET, evt, id, 0, 0, 0, in};
  return enqueue(c, p, e);
}

int asc_sim_issue_wait(sim_core *c, const sim_inst *in, int evt, int id) {
  int p = c->L->evt_dst[evt];
  if (p != ASC_PIPEID_PIPE_S) {
    sim_qent e = {SIM_Q_WAIT, evt, id, 0, 0, 0, in};
    return enqueue(c, p, e);
  }
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
  c->sclk = max64(c->sclk, f->time);
  f->set = false;
  asc_sim_scalar(c, c->L->cost->flag);
  return 0;
}

int asc_sim_issue_barrier(sim_core *c, const sim_inst *in, int pipe) {
  if (pipe == ASC_PIPEID_PIPE_ALL)
    return asc_sim_drain(c, in);
  sim_qent e = {SIM_Q_BARRIER, 0, 0, 0, 0, 0, in};
  return enqueue(c, pipe, e);
}

int asc_sim_drain(sim_core *c, const sim_inst *in) {
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
      if (c->flags[e][id].set)
        asc_diag(c->ctx, asc_op_diag_loc(in->op), ASC_SEV_WARNING,
                 "unpaired set: flag %s id %d is still set at the end of the kernel (block %d)",
                 asc_sim_evt_name(e), id, c->block);
}

int64_t asc_sim_core_time(const sim_core *c) {
  int64_t t = c->sclk;
  for (int p = 0; p < ASC_SIM_NPIPES; p++)
    t = max64(t, max64(c->pipes[p].drain, c->pipes[p].ready));
  return t;
}
