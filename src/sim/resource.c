/* resource.c - TPipe, TQue, TBuf and tensor references (hardware.md §3, §9).
 *
 * The TQue runtime is replayed as Ascend C does it: InitBuffer carves buffers in TPipe
 * order, and AllocTensor / EnQue / DeQue / FreeTensor become the wait_flag / set_flag of
 * the queue's backward and forward events with ids from AllocEventID, so double
 * buffering overlaps in the timing model and a misuse is reported, not papered over.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim/sim_int.h"

static void scost(sim_core *c) { asc_sim_scalar(c, c->L->cost->scalar_op); }

static const char *posname(int pos) {
  const char *s = asc_enum_name(ASC_ENUM_POS, pos);
  return s ? s : "?";
}

/* A position is usable on a core when its memory (hw.def HW_POS) is one of the core's own:
 * VECIN/VECOUT/VECCALC (UB) on an AIV, A1/B1/C1 (L1), A2 (L0A), B2 (L0B), C2 (BIAS) and
 * CO1 (L0C) on an AIC. */
static int posmem(int pos) { return asc_hw_pos_mem(pos); }

static bool posok(const sim_core *c, int pos) {
  int m = posmem(pos);
  return m > ASC_HW_MEM_GM && m < ASC_HW_NMEMS && c->lmb[m] > 0;
}

static int badpos(sim_core *c, const sim_inst *in, int pos) {
  int m = posmem(pos);
  if (m < 0)
    return asc_sim_err(c, in->op, "%s: unknown TPosition %d", asc_op_name(in->op), pos);
  if (m == ASC_HW_MEM_GM)
    return asc_sim_err(c, in->op, "%s: TPosition %s lives in GM: no local buffer can be carved there",
                       asc_op_name(in->op), posname(pos));
  return asc_sim_err(c, in->op, "%s: TPosition %s (%s) is not available on an %s core: %s belongs to the %s",
                     asc_op_name(in->op), posname(pos), asc_hw_mem_name(m), asc_hw_core_name(c->kind),
                     asc_hw_mem_name(m), c->kind == ASC_HW_AIC ? "AIVs" : "AIC");
}

/* Bytes a local tensor of type t covers in a buffer of `avail` bytes: its static shape if
 * it has one, else the whole buffer. */
static int64_t viewlen(const asc_type *t, int64_t avail) {
  if (!t || t->kind != ASC_TY_LTENSOR || t->rank == 0)
    return avail;
  int64_t n = asc_type_bytes(t->elem);
  for (int i = 0; i < t->rank; i++)
    n *= t->shape[i];
  return n;
}

static int setview(sim_core *c, const sim_inst *in, int mem, int64_t addr, int64_t avail) {
  sim_val *r = sim_out(c, in, 0);
  r->mem = mem;
  r->off = addr;
  r->len = viewlen(sim_outtype(in, 0), avail);
  if (r->len > avail)
    return asc_sim_err(c, in->op, "%s: the result type covers %lld bytes but the buffer has %lld",
                       asc_op_name(in->op), (long long)r->len, (long long)avail);
  return 0;
}

/* ---- TPipe ---- */
/* One TPipe at a time: a new one after the previous one's destroy() (pyasc's TPipe page:
 * "destroy the previous TPipe first"); destroy already freed its memory and event ids. */
int asc_exec_tpipe(sim_core *c, const sim_inst *in) {
  if (c->has_tpipe && !c->tpipe_down)
    return asc_sim_err(c, in->op, "TPipe instance is already created, use get_tpipe_ptr() to obtain it (or "
                       "destroy() it before creating another)");
  c->has_tpipe = true;
  c->tpipe_down = false;
  sim_out(c, in, 0)->i = 0;
  scost(c);
  return 0;
}

/* Carve n bytes of pos's memory (UB, L1, L0A, ...) in TPipe order; -1 after an overflow report. */
static int carve(sim_core *c, const sim_inst *in, int pos, int64_t n, int64_t *addr) {
  if (!c->has_tpipe)
    return asc_sim_err(c, in->op, "%s: no TPipe was created", asc_op_name(in->op));
  if (c->tpipe_down)
    return asc_sim_err(c, in->op, "%s: the TPipe was destroyed; call TPipe.init() before carving buffers again",
                       asc_op_name(in->op));
  int m = posmem(pos);
  if (n > c->lmb[m] - c->mtop[m]) {
    asc_strbuf sb;
    asc_sb_init(&sb);
    for (int p = 0; p < SIM_NPOS; p++)
      if (c->pos_bytes[p] && posmem(p) == m)
        asc_sb_printf(&sb, "%s %lld B, ", posname(p), (long long)c->pos_bytes[p]);
    asc_sim_found_at(c, ASC_SIM_CHK_UB_OVERFLOW, ASC_SEV_ERROR, in,
                     "%s: %s overflow: %lld more bytes for %s do not fit; already carved: %s"
                     "total %lld B of the %lld B limit", asc_op_name(in->op), asc_hw_mem_name(m), (long long)n,
                     posname(pos), sb.data ? sb.data : "", (long long)c->mtop[m], (long long)c->lmb[m]);
    asc_sb_free(&sb);
    return -1;
  }
  *addr = c->mtop[m];
  c->mtop[m] += n;
  c->pos_bytes[pos] += n;
  return 0;
}

/* ---- TQue ---- */
/* A queue's producer writes its buffers (MTE2 for data from GM), its consumer reads them
 * (MTE3 for data to GM); the forward event is PRODUCER_CONSUMER, the backward one the
 * reverse (hw.def HW_POS; hardware.md §3: VECIN MTE2_V / V_MTE2, VECOUT V_MTE3 / MTE3_V). */
static void queueevents(sim_queue *q, int src, int dst) {
  q->fwd = (int)asc_hw_queue_fwd(src, dst);
  q->bwd = (int)asc_hw_queue_bwd(src, dst);
}

int asc_exec_tque(sim_core *c, const sim_inst *in) {
  const asc_type *t = sim_outtype(in, 0);
  int bufpos = asc_hw_queue_pos(t->pos, t->pos2); /* a TQueBind's other end may be GM */
  if (!posok(c, bufpos))
    return badpos(c, in, bufpos);
  if (c->nqueues == c->qcap) {
    c->qcap = c->qcap ? 2 * c->qcap : 8;
    c->queues = realloc(c->queues, sizeof *c->queues * (size_t)c->qcap);
    if (!c->queues)
      asc_die("out of memory");
  }
  sim_queue *q = &c->queues[c->nqueues];
  memset(q, 0, sizeof *q);
  q->pos = bufpos;
  q->depth = t->depth;
  q->nbuf = -1;
  queueevents(q, t->pos, t->pos2);
  sim_out(c, in, 0)->i = c->nqueues++;
  scost(c);
  return 0;
}

static sim_queue *queueof(sim_core *c, const sim_inst *in, int i) {
  int64_t h = sim_in(c, in, i)->i;
  return h >= 0 && h < c->nqueues ? &c->queues[h] : NULL;
}

int asc_exec_initbuffer(sim_core *c, const sim_inst *in) {
  sim_queue *q = queueof(c, in, 1);
  int64_t num = sim_in(c, in, ASC_OPND_INIT_BUFFER_num)->i, len = sim_in(c, in, ASC_OPND_INIT_BUFFER_len)->i, addr;
  if (!q || q->nbuf >= 0)
    return asc_sim_err(c, in->op, "asc.init_buffer: the queue already has its buffers");
  if (num < 1 || len < 1)
    return asc_sim_err(c, in->op, "asc.init_buffer: %lld buffers of %lld bytes", (long long)num, (long long)len);
  if (num > SIM_MAXQBUF - c->nbufs)
    return asc_sim_err(c, in->op, "asc.init_buffer: more than %d queue buffers in one TPipe", SIM_MAXQBUF);
  int64_t total;
  if (asc_sim_add(c, in->op, "buffer length rounded up to 32 bytes", len, 31, &len))
    return -1;
  len = len / 32 * 32;
  if (asc_sim_mul(c, in->op, "buffers times buffer length", num, len, &total) ||
      carve(c, in, q->pos, total, &addr))
    return -1;
  q->first = c->nbufs;
  q->nbuf = (int)num;
  for (int i = 0; i < num; i++) { /* a generation survives destroy: older tensors stay stale */
    int gen = c->bufs[c->nbufs].gen;
    c->bufs[c->nbufs++] = (sim_qbuf){addr + i * len, len, SIM_QB_FREE, gen, -1, -1, sim_memid(posmem(q->pos)), 0};
  }
  scost(c);
  return 0;
}

/* The result of alloc_tensor / deque: a view of buffer b tagged with its generation, so a
 * use after free_tensor is caught (memory.c). */
static int settag(sim_core *c, const sim_inst *in, const sim_qbuf *b) {
  if (setview(c, in, b->mem, b->addr, b->len))
    return -1;
  sim_out(c, in, 0)->tag = (int64_t)(b - c->bufs + 1) | (int64_t)b->gen << 16;
  sim_out(c, in, 0)->utag = b->utag;
  return 0;
}

/* AllocEventID: lowest clear bit of the event's 8-bit mask. */
static int allocid(sim_core *c, const sim_inst *in, int evt) {
  for (int id = 0; id < SIM_NIDS; id++)
    if (!(c->idmask[evt] & (1u << id))) {
      c->idmask[evt] |= (uint8_t)(1u << id);
      return id;
    }
  return asc_sim_found_at(c, ASC_SIM_CHK_EVENT, ASC_SEV_ERROR, in,
                          "%s: all 8 event ids of %s are in use (too many buffers enqueued or "
                          "freed-but-not-reallocated across queues)", asc_op_name(in->op),
                          asc_sim_evt_name(evt));
}

static void releaseid(sim_core *c, int evt, int id) { c->idmask[evt] &= (uint8_t)~(1u << id); }

int asc_exec_allocq(sim_core *c, const sim_inst *in) {
  sim_queue *q = queueof(c, in, 0);
  if (!q || q->nbuf < 0)
    return asc_sim_found_at(c, ASC_SIM_CHK_QUEUE_MISUSE, ASC_SEV_ERROR, in,
                            "asc.alloc_tensor: the queue has no buffers (init_buffer missing)");
  for (int k = 0; k < q->nbuf; k++) {
    int bi = q->first + (q->cursor + k) % q->nbuf;
    sim_qbuf *b = &c->bufs[bi];
    if (b->state != SIM_QB_FREE)
      continue;
    q->cursor = (q->cursor + k + 1) % q->nbuf;
    b->state = SIM_QB_OCCUPIED;
    scost(c);
    if (b->free_id >= 0) {
      int id = b->free_id;
      b->free_id = -1;
      releaseid(c, q->bwd, id);
      if (asc_sim_issue_wait(c, in, q->bwd, id))
        return -1;
    }
    return settag(c, in, b);
  }
  return asc_sim_found_at(c, ASC_SIM_CHK_QUEUE_MISUSE, ASC_SEV_ERROR, in,
                          "asc.alloc_tensor: alloc on exhausted queue: all %d buffers are in use "
                          "(a free_tensor is missing; on hardware this spins forever)", q->nbuf);
}

/* The queue buffer t refers to, or NULL after an error. */
static sim_qbuf *bufof(sim_core *c, const sim_inst *in, sim_queue *q, const sim_val *t) {
  for (int k = 0; q && k < q->nbuf; k++) {
    sim_qbuf *b = &c->bufs[q->first + k];
    if (t->mem == b->mem && t->off == b->addr)
      return b;
  }
  asc_sim_found_at(c, ASC_SIM_CHK_QUEUE_MISUSE, ASC_SEV_ERROR, in,
                   "%s: the tensor is not a buffer of this queue", asc_op_name(in->op));
  return NULL;
}

int asc_exec_enque(sim_core *c, const sim_inst *in) {
  sim_queue *q = queueof(c, in, 0);
  sim_qbuf *b = bufof(c, in, q, sim_in(c, in, ASC_OPND_ENQUE_tensor));
  if (!b)
    return -1;
  if (b->state != SIM_QB_OCCUPIED && b->state != SIM_QB_DEQUE)
    return asc_sim_found_at(c, ASC_SIM_CHK_QUEUE_MISUSE, ASC_SEV_ERROR, in,
                            "asc.enque: the tensor is %s",
                            b->state == SIM_QB_FREE ? "not allocated" : "already enqueued");
  /* depth 0 (the in-place form, TQue.deque's page): as many tensors in flight as buffers */
  int cap = q->depth ? q->depth : q->nbuf;
  if (q->used >= cap)
    return asc_sim_found_at(c, ASC_SIM_CHK_QUEUE_MISUSE, ASC_SEV_ERROR, in,
                            "asc.enque: the queue already holds %d tensors (depth %d)", q->used, q->depth);
  scost(c);
  q->ring[(q->head + q->used++) % SIM_MAXQBUF] = (int)(b - c->bufs);
  b->state = SIM_QB_ENQUE;
  if (q->fwd < 0)
    return 0;
  int id = allocid(c, in, q->fwd);
  if (id < 0)
    return -1;
  b->enq_id = id;
  return asc_sim_issue_set(c, in, q->fwd, id);
}

int asc_exec_deque(sim_core *c, const sim_inst *in) {
  sim_queue *q = queueof(c, in, 0);
  if (!q || q->used == 0)
    return asc_sim_found_at(c, ASC_SIM_CHK_QUEUE_MISUSE, ASC_SEV_ERROR, in,
                            "asc.deque: nothing is enqueued (on hardware this reads a stale buffer)");
  sim_qbuf *b = &c->bufs[q->ring[q->head]];
  q->head = (q->head + 1) % SIM_MAXQBUF;
  q->used--;
  b->state = SIM_QB_DEQUE;
  scost(c);
  if (b->enq_id >= 0) {
    int id = b->enq_id;
    b->enq_id = -1;
    releaseid(c, q->fwd, id);
    if (asc_sim_issue_wait(c, in, q->fwd, id))
      return -1;
  }
  return settag(c, in, b);
}

int asc_exec_freeq(sim_core *c, const sim_inst *in) {
  sim_queue *q = queueof(c, in, 0);
  sim_qbuf *b = bufof(c, in, q, sim_in(c, in, ASC_OPND_FREE_TENSOR_tensor));
  if (!b)
    return -1;
  if (b->state == SIM_QB_FREE)
    return asc_sim_found_at(c, ASC_SIM_CHK_QUEUE_MISUSE, ASC_SEV_ERROR, in,
                            "asc.free_tensor: double free (the buffer is already free)");
  if (b->state == SIM_QB_ENQUE)
    return asc_sim_found_at(c, ASC_SIM_CHK_QUEUE_MISUSE, ASC_SEV_ERROR, in,
                            "asc.free_tensor: the tensor is still enqueued");
  b->state = SIM_QB_FREE;
  b->gen++; /* tensors handed out before are stale now */
  scost(c);
  if (q->bwd < 0)
    return 0;
  int id = allocid(c, in, q->bwd);
  if (id < 0)
    return -1;
  b->free_id = id;
  return asc_sim_issue_set(c, in, q->bwd, id);
}

/* Wait and release every pending backward event id of q's buffers (FreeAllEvent), so the
 * producer pipe is ordered after every free and the ids go back to the pool. */
static int waitfrees(sim_core *c, const sim_inst *in, sim_queue *q) {
  for (int k = 0; k < q->nbuf; k++) {
    sim_qbuf *b = &c->bufs[q->first + k];
    if (b->free_id < 0)
      continue;
    releaseid(c, q->bwd, b->free_id);
    if (asc_sim_issue_wait(c, in, q->bwd, b->free_id))
      return -1;
    b->free_id = -1;
  }
  return 0;
}

/* TPipe::Destroy: wait every pending backward event (then the caller drains PIPE_ALL). */
int asc_sim_tpipe_destroy(sim_core *c, const sim_inst *in) {
  for (int qi = 0; qi < c->nqueues; qi++)
    if (waitfrees(c, in, &c->queues[qi]))
      return -1;
  return 0;
}

/* ---- TPipe life cycle (TPipe::Init / Destroy / Reset) and event ids ---- */
static int pipeof(sim_core *c, const sim_inst *in) {
  if (!c->has_tpipe)
    return asc_sim_err(c, in->op, "%s: no TPipe was created", asc_op_name(in->op));
  scost(c);
  return 0;
}

/* Destroy: every queue buffer must be free (a tensor still allocated or enqueued would
 * point into UB a later init_buffer hands out again); pending frees are waited, every pipe
 * drains, and the TPipe forgets its buffers and event ids.  Tensors handed out before are
 * stale from here on (their buffers' generations move on). */
int asc_exec_pipedown(sim_core *c, const sim_inst *in) {
  if (pipeof(c, in))
    return -1;
  for (int k = 0; k < c->nbufs; k++)
    if (c->bufs[k].state != SIM_QB_FREE)
      return asc_sim_found_at(c, ASC_SIM_CHK_QUEUE_MISUSE, ASC_SEV_ERROR, in,
                              "%s: a tensor of a queue is still %s (free_tensor it first)", asc_op_name(in->op),
                              c->bufs[k].state == SIM_QB_ENQUE ? "enqueued" : "allocated");
  if (asc_sim_tpipe_destroy(c, in) || asc_sim_issue_barrier(c, in, ASC_PIPEID_PIPE_ALL))
    return -1;
  for (int qi = 0; qi < c->nqueues; qi++) {
    sim_queue *q = &c->queues[qi];
    q->nbuf = -1;
    q->first = q->used = q->head = q->cursor = 0;
  }
  for (int ti = 0; ti < c->ntbufs; ti++)
    c->tbufs[ti].len = -1;
  for (int k = 0; k < SIM_MAXQBUF; k++)
    c->bufs[k].gen++;
  c->nbufs = 0;
  memset(c->mtop, 0, sizeof c->mtop);
  memset(c->pos_bytes, 0, sizeof c->pos_bytes);
  memset(c->idmask, 0, sizeof c->idmask);
  c->tpipe_down = true;
  return 0;
}

int asc_exec_pipeinit(sim_core *c, const sim_inst *in) {
  if (pipeof(c, in))
    return -1;
  c->tpipe_down = false;
  return 0;
}

int asc_exec_pipereset(sim_core *c, const sim_inst *in) {
  return asc_exec_pipedown(c, in) ? -1 : asc_exec_pipeinit(c, in);
}

static int evtattr(const sim_inst *in) { return (int)asc_op_attr(in->op, "event")->i; }

int asc_exec_allocevent(sim_core *c, const sim_inst *in) {
  if (pipeof(c, in))
    return -1;
  int id = allocid(c, in, evtattr(in));
  if (id < 0)
    return -1;
  sim_out(c, in, 0)->i = id;
  return 0;
}

int asc_exec_releaseevent(sim_core *c, const sim_inst *in) {
  int evt = evtattr(in);
  int64_t id = sim_in(c, in, ASC_OPND_TPIPE_RELEASE_EVENT_ID_event_id)->i;
  if (pipeof(c, in))
    return -1;
  if (id < 0 || id >= SIM_NIDS || !(c->idmask[evt] & (1u << id)))
    return asc_sim_found_at(c, ASC_SIM_CHK_EVENT, ASC_SEV_ERROR, in,
                            "asc.tpipe_release_event_id: event id %lld of %s is not allocated", (long long)id,
                            asc_sim_evt_name(evt));
  releaseid(c, evt, (int)id);
  return 0;
}

int asc_exec_fetchevent(sim_core *c, const sim_inst *in) {
  int evt = evtattr(in);
  if (pipeof(c, in))
    return -1;
  for (int id = 0; id < SIM_NIDS; id++)
    if (!(c->idmask[evt] & (1u << id))) {
      sim_out(c, in, 0)->i = id;
      return 0;
    }
  return asc_sim_found_at(c, ASC_SIM_CHK_EVENT, ASC_SEV_ERROR, in,
                          "asc.tpipe_fetch_event_id: all 8 event ids of %s are in use", asc_sim_evt_name(evt));
}

int asc_exec_baseaddr(sim_core *c, const sim_inst *in) {
  int pos = (int)asc_op_attr(in->op, "pos")->i;
  if (pipeof(c, in))
    return -1;
  if (!posok(c, pos))
    return badpos(c, in, pos);
  sim_out(c, in, 0)->i = 0;
  return 0;
}

/* ---- queue queries (scalar reads of the queue's state, hardware.md §9) ---- */
static sim_queue *queryq(sim_core *c, const sim_inst *in) {
  sim_queue *q = queueof(c, in, 0);
  if (!q)
    asc_sim_err(c, in->op, "%s: not a queue", asc_op_name(in->op));
  else
    scost(c);
  return q;
}

int asc_exec_freeallevent(sim_core *c, const sim_inst *in) {
  sim_queue *q = queryq(c, in);
  return q ? waitfrees(c, in, q) : -1;
}

int asc_exec_tensorcount(sim_core *c, const sim_inst *in) {
  sim_queue *q = queryq(c, in);
  if (q)
    sim_out(c, in, 0)->i = q->used;
  return q ? 0 : -1;
}

/* No buffers yet (init_buffer missing) means no idle one, as alloc_tensor would fail. */
int asc_exec_hasidle(sim_core *c, const sim_inst *in) {
  sim_queue *q = queryq(c, in);
  if (!q)
    return -1;
  sim_out(c, in, 0)->i = 0;
  for (int k = 0; k < q->nbuf; k++)
    if (c->bufs[q->first + k].state == SIM_QB_FREE)
      sim_out(c, in, 0)->i = 1;
  return 0;
}

int asc_exec_hastensor(sim_core *c, const sim_inst *in) {
  sim_queue *q = queryq(c, in);
  if (q)
    sim_out(c, in, 0)->i = q->used > 0;
  return q ? 0 : -1;
}

int asc_exec_vacant(sim_core *c, const sim_inst *in) {
  sim_queue *q = queryq(c, in);
  if (q)
    sim_out(c, in, 0)->i = q->used < q->depth;
  return q ? 0 : -1;
}

/* ---- TBuf ---- */
int asc_exec_tbuf(sim_core *c, const sim_inst *in) {
  int pos = sim_outtype(in, 0)->pos;
  if (!posok(c, pos))
    return badpos(c, in, pos);
  if (c->ntbufs == c->tcap) {
    c->tcap = c->tcap ? 2 * c->tcap : 8;
    c->tbufs = realloc(c->tbufs, sizeof *c->tbufs * (size_t)c->tcap);
    if (!c->tbufs)
      asc_die("out of memory");
  }
  c->tbufs[c->ntbufs] = (sim_tbuf){pos, 0, -1, 0};
  sim_out(c, in, 0)->i = c->ntbufs++;
  scost(c);
  return 0;
}

static sim_tbuf *tbufof(sim_core *c, const sim_inst *in, int i) {
  int64_t h = sim_in(c, in, i)->i;
  return h >= 0 && h < c->ntbufs ? &c->tbufs[h] : NULL;
}

int asc_exec_inittbuf(sim_core *c, const sim_inst *in) {
  sim_tbuf *t = tbufof(c, in, 1);
  int64_t len = sim_in(c, in, ASC_OPND_INIT_TBUF_len)->i;
  if (!t || t->len >= 0)
    return asc_sim_err(c, in->op, "asc.init_tbuf: the TBuf already has its buffer");
  if (len < 1)
    return asc_sim_err(c, in->op, "asc.init_tbuf: %lld bytes", (long long)len);
  if (asc_sim_add(c, in->op, "buffer length rounded up to 32 bytes", len, 31, &len))
    return -1;
  len = len / 32 * 32;
  if (carve(c, in, t->pos, len, &t->addr))
    return -1;
  t->len = len;
  scost(c);
  return 0;
}

/* tbuf_get(len), tbuf_get_with_offset(size, byte offset) and tbuf_get_all (the whole buffer,
 * its length known only now): views of the TBuf's buffer. */
int asc_exec_tbufget(sim_core *c, const sim_inst *in) {
  sim_tbuf *t = tbufof(c, in, 0);
  int esz = asc_type_bytes(sim_outtype(in, 0)->elem);
  int64_t n, off = in->nin > 2 ? sim_in(c, in, ASC_OPND_TBUF_GET_WITH_OFFSET_buf_offset)->i : 0;
  if (!t || t->len < 0)
    return asc_sim_err(c, in->op, "%s: the TBuf has no buffer (init_tbuf missing)", asc_op_name(in->op));
  n = in->nin > 1 ? sim_in(c, in, ASC_OPND_TBUF_GET_len)->i : t->len / (esz > 0 ? esz : 1);
  if (off % 32 != 0 || off < 0)
    return asc_sim_err(c, in->op, "%s: buf_offset must be align to 32B. (got %lld)", asc_op_name(in->op),
                       (long long)off);
  int64_t bytes = 0;
  if (n >= 0 && asc_sim_mul(c, in->op, "count times element size", n, esz, &bytes))
    return -1;
  if (n < 0 || off > t->len || bytes > t->len - off)
    return asc_sim_err(c, in->op, "%s: %lld elements from byte %lld exceed the TBuf's %lld bytes",
                       asc_op_name(in->op), (long long)n, (long long)off, (long long)t->len);
  sim_val *r = sim_out(c, in, 0);
  r->mem = sim_memid(posmem(t->pos));
  r->off = t->addr + off;
  r->len = bytes;
  scost(c);
  return 0;
}

static int64_t esz_in(const sim_inst *in, int i) { return asc_type_bytes(sim_intype(in, i)->elem); }

/* ---- global tensors and GM pointers (unbounded views; the array bounds every access) ---- */
int asc_exec_globaltensor(sim_core *c, const sim_inst *in) {
  sim_val *r = sim_out(c, in, 0);
  r->mem = SIM_MEM_NONE;
  r->off = 0;
  r->len = -1;
  scost(c);
  return 0;
}

int asc_exec_setglobalbuffer(sim_core *c, const sim_inst *in) {
  sim_val *gt = sim_in(c, in, ASC_OPND_SET_GLOBAL_BUFFER_tensor);
  const sim_val *p = sim_in(c, in, ASC_OPND_SET_GLOBAL_BUFFER_buffer);
  gt->mem = p->mem;
  gt->off = p->off;
  gt->len = -1;
  if (in->nin > 2) { /* the size bounds accesses (a warning past it, as past an array) */
    int64_t n = sim_in(c, in, ASC_OPND_SET_GLOBAL_BUFFER_buffer_size)->i;
    if (n < 0)
      return asc_sim_err(c, in->op, "asc.set_global_buffer: buffer size %lld is negative", (long long)n);
    gt->len = n * esz_in(in, 0);
  }
  scost(c);
  return 0;
}

int asc_exec_gmoffset(sim_core *c, const sim_inst *in) {
  const sim_val *p = sim_in(c, in, 0);
  sim_val *r = sim_out(c, in, 0);
  int esz = asc_type_bytes(sim_intype(in, 0)->elem);
  int64_t delta, off, len = p->len;
  if (asc_sim_mul(c, in->op, "offset times element size", sim_in(c, in, ASC_OPND_GM_OFFSET_offset)->i, esz, &delta) ||
      asc_sim_add(c, in->op, "pointer byte offset plus offset", p->off, delta, &off) ||
      (len >= 0 && __builtin_sub_overflow(len, delta, &len) &&
       asc_sim_err(c, in->op, "%s: length %lld minus offset %lld bytes overflows", asc_op_name(in->op),
                   (long long)p->len, (long long)delta)))
    return -1;
  *r = *p;
  r->off = off;
  r->len = len;
  if (in->nin > 2) { /* gt[start:stop] */
    int64_t start = sim_in(c, in, ASC_OPND_GT_SUBVIEW_offset)->i, stop = sim_in(c, in, ASC_OPND_GT_SUBVIEW_size)->i, n;
    if (stop < start)
      return asc_sim_err(c, in->op, "asc.gt_subview: stop %lld is before start %lld", (long long)stop,
                         (long long)start);
    if (asc_sim_mul(c, in->op, "view length times element size", stop - start, esz, &n))
      return -1;
    if (r->len < 0 || n < r->len)
      r->len = n;
  }
  scost(c);
  return 0;
}

/* ---- local tensors ---- */
int asc_exec_localtensor(sim_core *c, const sim_inst *in) {
  const asc_attr *pa = asc_op_attr(in->op, "pos");
  int pos = pa ? (int)pa->i : -1;
  int64_t addr = sim_in(c, in, ASC_OPND_LOCAL_TENSOR_addr)->i, n = sim_in(c, in, ASC_OPND_LOCAL_TENSOR_size)->i;
  int esz = asc_type_bytes(sim_outtype(in, 0)->elem);
  if (!posok(c, pos))
    return badpos(c, in, pos);
  int m = posmem(pos);
  if (addr % 32 != 0)
    return asc_sim_found_at(c, ASC_SIM_CHK_MISALIGNED, ASC_SEV_ERROR, in,
                            "asc.local_tensor: address %lld is not 32-byte aligned", (long long)addr);
  int64_t bytes = 0;
  if (n >= 0 && asc_sim_mul(c, in->op, "tile size times element size", n, esz, &bytes))
    return -1;
  int64_t end;
  if (n < 0)
    return asc_sim_found_at(c, ASC_SIM_CHK_OOB, ASC_SEV_ERROR, in, "asc.local_tensor: negative tile size %lld",
                            (long long)n);
  if (__builtin_add_overflow(addr, bytes, &end))
    end = INT64_MAX;
  if (addr < 0 || end > c->lmb[m])
    return asc_sim_found_at(c, ASC_SIM_CHK_OOB, ASC_SEV_ERROR, in,
                            "asc.local_tensor: bytes [%lld, %lld) are outside %s (%lld bytes)",
                            (long long)addr, (long long)end, asc_hw_mem_name(m), (long long)c->lmb[m]);
  sim_val *r = sim_out(c, in, 0);
  r->mem = sim_memid(m);
  r->off = addr;
  r->len = bytes;
  scost(c);
  return 0;
}

int asc_exec_ltsubview(sim_core *c, const sim_inst *in) {
  const sim_val *t = sim_in(c, in, ASC_OPND_LT_SUBVIEW_tensor);
  int64_t off;
  if (asc_sim_mul(c, in->op, "offset times element size", sim_in(c, in, ASC_OPND_LT_SUBVIEW_offset)->i,
                  asc_type_bytes(sim_intype(in, 0)->elem), &off))
    return -1;
  if (off < 0 || (t->len >= 0 && off > t->len))
    return asc_sim_err(c, in->op, "asc.lt_subview: byte offset %lld is outside the tensor of %lld bytes",
                       (long long)off, (long long)t->len);
  sim_val *r = sim_out(c, in, 0);
  *r = *t;
  r->off += off;
  r->len -= off;
  if (in->nin > 2) { /* lt[start:stop]: the view ends at stop, which must lie in the tensor */
    int64_t start = sim_in(c, in, ASC_OPND_LT_SUBVIEW_offset)->i, stop = sim_in(c, in, ASC_OPND_LT_SUBVIEW_stop)->i, n;
    if (stop < start)
      return asc_sim_err(c, in->op, "asc.lt_subview: stop %lld is before start %lld", (long long)stop,
                         (long long)start);
    if (asc_sim_mul(c, in->op, "view length times element size", stop - start, asc_type_bytes(sim_intype(in, 0)->elem),
                    &n))
      return -1;
    if (t->len >= 0 && n > r->len)
      return asc_sim_err(c, in->op, "asc.lt_subview: stop %lld is past the end of the tensor (%lld elements)",
                         (long long)stop, (long long)(t->len / asc_type_bytes(sim_intype(in, 0)->elem)));
    r->len = n;
  }
  scost(c);
  return 0;
}

/* ---- tensor accessors ---- */
int asc_exec_ltphy(sim_core *c, const sim_inst *in) {
  sim_out(c, in, 0)->i = sim_in(c, in, ASC_OPND_LT_GET_PHY_ADDR_tensor)->off + sim_in(c, in,
      ASC_OPND_LT_GET_PHY_ADDR_offset)->i * esz_in(in, 0);
  scost(c);
  return 0;
}

int asc_exec_ltsize(sim_core *c, const sim_inst *in) {
  const sim_val *t = sim_in(c, in, ASC_OPND_LT_GET_SIZE_tensor);
  sim_out(c, in, 0)->i = t->len < 0 ? 0 : t->len / esz_in(in, 0);
  scost(c);
  return 0;
}

int asc_exec_ltlength(sim_core *c, const sim_inst *in) {
  const sim_val *t = sim_in(c, in, ASC_OPND_LT_GET_LENGTH_tensor);
  sim_out(c, in, 0)->i = t->len < 0 ? 0 : t->len;
  scost(c);
  return 0;
}

/* set_size (elements) / set_buffer_len (bytes): the extent later ops are checked against. */
int asc_exec_ltsetlen(sim_core *c, const sim_inst *in) {
  int64_t n = sim_in(c, in, ASC_OPND_LT_SET_SIZE_size)->i;
  int64_t bytes = in->op->code == ASC_OP_LT_SET_SIZE ? n * esz_in(in, 0) : n;
  sim_val *t = sim_in(c, in, ASC_OPND_LT_SET_SIZE_tensor);
  int m = sim_hwmem(t->mem);
  int64_t cap = m > 0 ? c->lmb[m] : 0;
  if (n < 0 || t->off + bytes > cap)
    return asc_sim_err(c, in->op, "%s: %lld %s from %s byte %lld do not fit in %s (%lld bytes)",
                       asc_op_name(in->op), (long long)n, in->op->code == ASC_OP_LT_SET_SIZE ? "elements" : "bytes",
                       m > 0 ? asc_hw_mem_name(m) : "?", (long long)t->off, m > 0 ? asc_hw_mem_name(m) : "?",
                       (long long)cap);
  t->len = bytes;
  scost(c);
  return 0;
}

int asc_exec_ltgettag(sim_core *c, const sim_inst *in) {
  sim_out(c, in, 0)->i = sim_in(c, in, ASC_OPND_LT_GET_USER_TAG_tensor)->utag;
  scost(c);
  return 0;
}

/* A queue tensor's tag is its buffer's (Ascend C keeps it in the buffer handle), so it survives
 * enque / deque: the buffer keeps it while the tensor is current. */
int asc_exec_ltsettag(sim_core *c, const sim_inst *in) {
  sim_val *t = sim_in(c, in, ASC_OPND_LT_SET_USER_TAG_tensor);
  int64_t bi = (t->tag & 0xffff) - 1;
  t->utag = sim_in(c, in, ASC_OPND_LT_SET_USER_TAG_tag)->i;
  if (t->tag && bi >= 0 && bi < c->nbufs && c->bufs[bi].gen == (int)(t->tag >> 16))
    c->bufs[bi].utag = t->utag;
  scost(c);
  return 0;
}

int asc_exec_ltreinterpret(sim_core *c, const sim_inst *in) {
  *sim_out(c, in, 0) = *sim_in(c, in, ASC_OPND_LT_REINTERPRET_CAST_tensor);
  return 0;
}

int asc_exec_ltsetaddr(sim_core *c, const sim_inst *in) {
  const sim_val *src = sim_in(c, in, ASC_OPND_LT_SET_ADDR_WITH_OFFSET_src);
  int64_t off = sim_in(c, in, ASC_OPND_LT_SET_ADDR_WITH_OFFSET_offset)->i * esz_in(in, 1);
  if (off < 0 || (src->len >= 0 && off > src->len))
    return asc_sim_err(c, in->op, "asc.lt_set_addr_with_offset: byte offset %lld is outside the source tensor "
                       "of %lld bytes", (long long)off, (long long)src->len);
  sim_val *t = sim_in(c, in, ASC_OPND_LT_SET_ADDR_WITH_OFFSET_tensor);
  int64_t utag = t->utag;
  *t = *src;
  t->utag = utag;
  t->off += off;
  t->len -= off;
  scost(c);
  return 0;
}

int asc_exec_gtsize(sim_core *c, const sim_inst *in) {
  const sim_val *t = sim_in(c, in, ASC_OPND_GT_GET_SIZE_tensor);
  sim_out(c, in, 0)->i = t->len < 0 ? 0 : t->len / esz_in(in, 0);
  scost(c);
  return 0;
}

/* The hint is the timing model's (l2.c): CACHE_MODE_DISABLE (1) makes the tensor's GM bytes bypass the
 * L2 on this core from now on; another mode gives them back to it. */
int asc_exec_gtl2hint(sim_core *c, const sim_inst *in) {
  int64_t mode = asc_op_attr(in->op, "mode")->i, rw = asc_op_attr(in->op, "rw")->i;
  if (mode < 0 || mode > 4 || mode == 3 || rw < 1 || rw > 3) /* pyasc's CacheMode: 0 normal, 1 disable, 2 last,
                                                             4 persistent (not on A2: as normal) */
    return asc_sim_err(c, in->op, "asc.gt_set_l2_cache_hint: mode %lld / rw_mode %lld is no CacheMode / CacheRwMode",
                       (long long)mode, (long long)rw);
  const sim_val *t = sim_in(c, in, ASC_OPND_GT_SET_L2_CACHE_HINT_tensor);
  asc_sim_l2_hint(c, t->mem, t->off, t->len < 0 ? INT64_MAX - t->off : t->len, mode == 1);
  scost(c);
  return 0;
}

int asc_exec_gtphy(sim_core *c, const sim_inst *in) {
  sim_val *r = sim_out(c, in, 0);
  *r = *sim_in(c, in, ASC_OPND_GT_GET_PHY_ADDR_tensor);
  int64_t off = sim_in(c, in, ASC_OPND_GT_GET_PHY_ADDR_offset)->i * esz_in(in, 0);
  r->off += off;
  if (r->len >= 0)
    r->len -= off;
  scost(c);
  return 0;
}

/* asc.adv.Matmul's messages (expand_matmul.c): a GM tensor as two i64 words and back.  The
 * handle is (array + 1) << 40 | byte offset; a word that names no kernel array is an error. */
enum { MM_OFFBITS = 40 };

int asc_exec_mmhandle(sim_core *c, const sim_inst *in) {
  const sim_val *t = sim_in(c, in, ASC_OPND_MATMUL_GT_HANDLE_tensor);
  if (t->mem < 0 || t->off < 0 || t->off >= (int64_t)1 << MM_OFFBITS)
    return asc_sim_err(c, in->op, "%s: the tensor is not in a kernel GM array", asc_op_name(in->op));
  sim_out(c, in, 0)->i = (int64_t)(t->mem + 1) << MM_OFFBITS | t->off;
  sim_out(c, in, 1)->i = t->len;
  scost(c);
  return 0;
}

/* A Matmul call that has nothing to compute (no tiling, no A or B): pyasc compiles it; running it is an
 * error at its line. */
int asc_exec_mmmisuse(sim_core *c, const sim_inst *in) {
  const asc_attr *r = asc_op_attr(in->op, "reason");
  return asc_sim_err(c, in->op, "%.*s", (int)r->slen, r->s);
}

/* Library work the expansion placed here (hw.def HW_LIBWORK): scalar cycles as measured on the part. */
int asc_exec_mmlibwork(sim_core *c, const sim_inst *in) {
  const asc_attr *w = asc_op_attr(in->op, "work");
  asc_sim_scalar_measured(c, asc_hw_libwork_cycles(w ? (int)w->i : -1));
  return 0;
}

int asc_exec_mmfromhandle(sim_core *c, const sim_inst *in) {
  int64_t h = sim_in(c, in, ASC_OPND_MATMUL_GT_FROM_HANDLE_handle)->i, mem = (h >> MM_OFFBITS) - 1;
  if (h < 0 || mem < 0 || mem >= c->L->ngm)
    return asc_sim_err(c, in->op, "%s: word %lld names no kernel GM array (a corrupted Matmul message)",
                       asc_op_name(in->op), (long long)h);
  sim_val *r = sim_out(c, in, 0);
  memset(r, 0, sizeof *r);
  r->mem = (int)mem;
  r->off = h & (((int64_t)1 << MM_OFFBITS) - 1);
  r->len = sim_in(c, in, ASC_OPND_MATMUL_GT_FROM_HANDLE_offset)->i;
  scost(c);
  return 0;
}

/* asc.struct: fields in declaration order; missing trailing ones take pyasc's defaults (read at
 * lowering: sim_inst.fdefault).  As many fields as the struct has: structs.def sets no cap. */
int asc_exec_structop(sim_core *c, const sim_inst *in) {
  int nf = in->nfields > in->nin ? in->nfields : in->nin;
  sim_val *r = sim_out(c, in, 0);
  if (!c->sfld && !(c->sfld = calloc((size_t)c->L->nslots + 1, sizeof *c->sfld)))
    asc_die("out of memory");
  double *f = c->sfld[in->out];
  if (!f && !(f = c->sfld[in->out] = calloc((size_t)nf + 1, sizeof *f)))
    asc_die("out of memory");
  if (in->nfields)
    memcpy(f, in->fdefault, sizeof *f * (size_t)in->nfields);
  for (int i = 0; i < in->nin; i++) {
    const sim_val *v = sim_in(c, in, i);
    f[i] = asc_type_is_float(sim_intype(in, i)) ? v->f : (double)v->i;
  }
  r->fld = f;
  scost(c);
  return 0;
}

/* ---- LocalMemAllocator: a bump allocator over UB (no TPipe) ---- */
int asc_exec_lmanew(sim_core *c, const sim_inst *in) {
  if (c->nlma == (int)(sizeof c->lma / sizeof c->lma[0]))
    return asc_sim_err(c, in->op, "asc.local_mem_allocator: more than %d allocators on one core",
                       (int)(sizeof c->lma / sizeof c->lma[0]));
  c->lma[c->nlma] = 0;
  sim_out(c, in, 0)->i = c->nlma++;
  scost(c);
  return 0;
}

static int64_t *lmaof(sim_core *c, const sim_inst *in) {
  int64_t h = sim_in(c, in, ASC_OPND_LMA_GET_CUR_ADDR_allocator)->i;
  if (h < 0 || h >= c->nlma)
    return asc_sim_err(c, in->op, "%s: not a LocalMemAllocator", asc_op_name(in->op)), NULL;
  return &c->lma[h];
}

int asc_exec_lmacur(sim_core *c, const sim_inst *in) {
  int64_t *a = lmaof(c, in);
  if (!a)
    return -1;
  sim_out(c, in, 0)->i = *a;
  scost(c);
  return 0;
}

int asc_exec_lmaalloc(sim_core *c, const sim_inst *in) {
  int64_t *a = lmaof(c, in), n = sim_in(c, in, ASC_OPND_LMA_ALLOC_tile_size)->i, bytes;
  int pos = (int)asc_op_attr(in->op, "pos")->i;
  int esz = asc_type_bytes(sim_outtype(in, 0)->elem);
  if (!a)
    return -1;
  if (!posok(c, pos))
    return badpos(c, in, pos);
  if (asc_hw_pos_mem(pos) != ASC_HW_MEM_UB)
    return asc_sim_err(c, in->op, "asc.local_mem_allocator.alloc: position %s is not in UB (only the UB allocator "
                       "is modelled)", posname(pos));
  if (n < 0 || asc_sim_mul(c, in->op, "tile size times element size", n, esz, &bytes))
    return n < 0 ? asc_sim_err(c, in->op, "asc.local_mem_allocator.alloc: negative tile size %lld", (long long)n)
                 : -1;
  if (bytes > c->ub_bytes - *a)
    return asc_sim_found_at(c, ASC_SIM_CHK_UB_OVERFLOW, ASC_SEV_ERROR, in,
                            "asc.local_mem_allocator.alloc: %lld bytes at UB byte %lld do not fit the %lld B of UB",
                            (long long)bytes, (long long)*a, (long long)c->ub_bytes);
  sim_val *r = sim_out(c, in, 0);
  r->mem = SIM_MEM_UB;
  r->off = *a;
  r->len = bytes;
  *a += (bytes + 31) / 32 * 32;
  scost(c);
  return 0;
}

/* ---- TBufPool: a TBuf region carved further ---- */
static int poolcarve(sim_core *c, const sim_inst *in, sim_tbuf *p, int64_t n, int64_t *addr) {
  if (!p || p->len < 0)
    return asc_sim_err(c, in->op, "%s: the TBufPool has no memory (init_buf_pool missing)", asc_op_name(in->op));
  if (n > p->len - p->top)
    return asc_sim_found_at(c, ASC_SIM_CHK_UB_OVERFLOW, ASC_SEV_ERROR, in,
                            "%s: %lld more bytes do not fit the TBufPool's %lld (%lld already carved)",
                            asc_op_name(in->op), (long long)n, (long long)p->len, (long long)p->top);
  *addr = p->addr + p->top;
  p->top += n;
  return 0;
}

static int64_t round32(sim_core *c, const sim_inst *in, int64_t len) {
  if (len < 1)
    return asc_sim_err(c, in->op, "%s: %lld bytes", asc_op_name(in->op), (long long)len);
  if (asc_sim_add(c, in->op, "buffer length rounded up to 32 bytes", len, 31, &len))
    return -1;
  return len / 32 * 32;
}

int asc_exec_poolinitbuffer(sim_core *c, const sim_inst *in) {
  sim_queue *q = queueof(c, in, 1);
  int64_t num = sim_in(c, in, ASC_OPND_TBUFPOOL_INIT_BUFFER_num)->i,
      len = round32(c, in, sim_in(c, in, ASC_OPND_TBUFPOOL_INIT_BUFFER_len)->i), total, addr;
  if (len < 0)
    return -1;
  if (!q || q->nbuf >= 0)
    return asc_sim_err(c, in->op, "asc.tbufpool_init_buffer: the queue already has its buffers");
  if (num < 1 || num > SIM_MAXQBUF - c->nbufs)
    return asc_sim_err(c, in->op, "asc.tbufpool_init_buffer: %lld buffers (1..%d queue buffers in all)",
                       (long long)num, SIM_MAXQBUF);
  if (asc_sim_mul(c, in->op, "buffers times buffer length", num, len, &total) ||
      poolcarve(c, in, tbufof(c, in, 0), total, &addr))
    return -1;
  q->first = c->nbufs;
  q->nbuf = (int)num;
  for (int i = 0; i < num; i++) {
    int gen = c->bufs[c->nbufs].gen;
    c->bufs[c->nbufs++] = (sim_qbuf){addr + i * len, len, SIM_QB_FREE, gen, -1, -1, sim_memid(posmem(q->pos)), 0};
  }
  scost(c);
  return 0;
}

int asc_exec_poolinittbuf(sim_core *c, const sim_inst *in) {
  sim_tbuf *t = tbufof(c, in, 1);
  int64_t len = round32(c, in, sim_in(c, in, ASC_OPND_TBUFPOOL_INIT_TBUF_len)->i);
  if (len < 0)
    return -1;
  if (!t || t->len >= 0)
    return asc_sim_err(c, in->op, "asc.tbufpool_init_tbuf: the TBuf already has its buffer");
  if (poolcarve(c, in, tbufof(c, in, 0), len, &t->addr))
    return -1;
  t->len = len;
  t->top = 0;
  scost(c);
  return 0;
}

int asc_exec_poolshare(sim_core *c, const sim_inst *in) {
  sim_tbuf *p = tbufof(c, in, 0), *s = tbufof(c, in, 1);
  int64_t len = round32(c, in, sim_in(c, in, ASC_OPND_TBUFPOOL_SHARE_len)->i);
  if (len < 0)
    return -1;
  if (!p || p->len >= 0)
    return asc_sim_err(c, in->op, "asc.tbufpool_share: the TBufPool already has its memory");
  if (!s || s->len < 0)
    return asc_sim_err(c, in->op, "asc.tbufpool_share: the shared TBufPool has no memory yet");
  if (len > s->len)
    return asc_sim_err(c, in->op, "asc.tbufpool_share: %lld bytes, the shared TBufPool has %lld", (long long)len,
                       (long long)s->len);
  p->addr = s->addr, p->len = len, p->top = 0;
  scost(c);
  return 0;
}

/* TBufPool::Reset: wait every pending free event of the queue buffers carved from the pool
 * (Ascend C waits each buffer's freeBufEvt), so whatever reuses the memory next (a pool that
 * shares it, or this one again) is ordered after the pipes that last read it; then the pool
 * can be carved again from its start. */
int asc_exec_poolreset(sim_core *c, const sim_inst *in) {
  sim_tbuf *p = tbufof(c, in, 0);
  if (!p || p->len < 0)
    return asc_sim_err(c, in->op, "asc.tbufpool_reset: the TBufPool has no memory");
  int mem = sim_memid(posmem(p->pos));
  for (int qi = 0; qi < c->nqueues; qi++) {
    sim_queue *q = &c->queues[qi];
    for (int k = 0; k < q->nbuf; k++) {
      sim_qbuf *b = &c->bufs[q->first + k];
      if (b->free_id < 0 || b->mem != mem || b->addr < p->addr || b->addr >= p->addr + p->len)
        continue;
      releaseid(c, q->bwd, b->free_id);
      if (asc_sim_issue_wait(c, in, q->bwd, b->free_id))
        return -1;
      b->free_id = -1;
    }
  }
  p->top = 0;
  scost(c);
  return 0;
}

