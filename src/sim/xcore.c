/* xcore.c - blocks as core groups, cross-core synchronization and atomic GM stores
 * (hardware.md §1.1, §10, §12.1).
 *
 * Kernel type.  A kernel is AIV_ONLY unless it uses what only a MIX kernel has: code for an AIC
 * (an ascend_is_aic() test), cross-core flags of modes 1 and 2, or pipes of both core kinds;
 * then it is MIX_AIC_1_2 (pyasc's default MIX type), or AIC_ONLY when it uses cube pipes only
 * or the launch asks for it (kernel_type / matmul_cube_only).  (pyasc itself makes a kernel MIX
 * only when it registers a Matmul object; the rest of its kernels are AIV_ONLY.)  Every core runs
 * the whole kernel; ascend_is_aic() tells them apart.
 *
 * Core groups.  Cores that can wait for each other run on one timeline: the cores of a MIX
 * block, or every core of the launch when the kernel uses launch-wide synchronization (sync_all,
 * mode-0 flags, ib_set/ib_wait, notify_next_block/wait_pre_block) or atomic stores (whose
 * order decides the result bits).  The cores of a group run as coroutines on one host thread (each
 * on a stack of its own, ucontext), one at a time: a core runs until it must wait for another, then
 * hands the baton to the next core in index order that can make progress (a switch of stacks: as
 * threads, each hand-over was a futex wake-up and a context switch of the host, ~330 a launch of
 * tutorial 03).  Functional effects happen in that order, which respects every cross-core edge, so
 * results do not depend on host threads.  When no core can progress the wait can never be
 * satisfied: a deadlock report names each core's blocked op.
 *
 * Happens-before across cores (GM races, sanitize.c): each core counts the cross-core syncs it
 * took part in (its epoch; GM accesses carry it); a signal carries the sender's vector of
 * epochs, a wait joins it.  Access a of core i at epoch e is ordered before access b of core j
 * at epoch f iff core j's vector at f covers epoch e of core i.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <ucontext.h>

#include "sim/sim_int.h"

#if defined(__SANITIZE_ADDRESS__)
#define XCORE_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define XCORE_ASAN 1
#endif
#endif
#ifdef XCORE_ASAN /* AddressSanitizer is told of each switch of stacks (its fiber interface) */
#include <sanitizer/common_interface_defs.h>
#endif

enum { XFLAGS = 16, XMAXCNT = 15, XFIFO = 32 };
enum { XF_SYNCALL = XFLAGS, XNF = XFLAGS + 1 }; /* internal counters after the user flag ids */
enum { GS_READY, GS_BLOCKED, GS_DONE };

/* One pending increment of a counter: when it lands and what it orders. */
typedef struct xinc {
  int64_t time;
  int64_t *vc; /* group-sized, owned */
  int64_t src[SIM_XSRC]; /* per group core, the set (its cross-core set count) it came from, 0 none: the tape's */
} xinc;

typedef struct xcounter {
  xinc q[XFIFO];
  int head, n;
} xcounter;

/* A barrier: participants arrive in rounds; round r fires when all have arrived r+1 times. */
typedef struct xbarrier {
  int key;          /* (mode, flag, scope) */
  int *arrived;     /* per group core: arrivals so far */
  int fired;        /* rounds fired */
  int64_t rtime[XFIFO];
  int64_t rsrc[XFIFO][SIM_XSRC]; /* each arrival's set (xinc.src) */
  int64_t *rvc[XFIFO];
  int rcount[XFIFO];
  struct xbarrier *next;
} xbarrier;

/* A GM word a workspace op wrote: its time and the writer's clock (ib_set, sync_all_soft...). */
typedef struct xgmsig {
  int mem;
  int64_t off, time;
  int64_t *vc;
  struct xgmsig *next;
} xgmsig;

struct sim_group {
  const sim_launch *L;
  int n;
  sim_core **cores;
  ucontext_t main;    /* the host thread's own context: runs the core whose turn it is */
  ucontext_t *uc;     /* per core: where it stopped (its stack: stk) */
  sim_stack **stk;
  const void *mainlo; /* the host thread's stack (AddressSanitizer's fiber interface) */
  size_t mainsize;
  int turn;
  int *state;
  int64_t *bgen;
  int64_t gen; /* bumped by every signal: blocked cores may try again */
  bool dead;
  xcounter *cnt; /* [n][XNF] */
  xbarrier *bars;
  xgmsig *sigs;
};

static int64_t max64(int64_t a, int64_t b) { return a > b ? a : b; }

static void *xalloc(size_t n) {
  void *p = calloc(1, n ? n : 1);
  if (!p)
    asc_die("out of memory");
  return p;
}

/* ---- kernel type ---- */
typedef struct kscan {
  bool vec, cube, mix, launchwide, blocking, atomics;
} kscan;

static void scanop(asc_op *op, void *user) {
  kscan *k = user;
  unsigned cores = asc_hw_pipe_cores(asc_hw_op_pipe(op));
  if (cores == ASC_HW_MASK(ASC_HW_AIV))
    k->vec = true;
  else if (cores == ASC_HW_MASK(ASC_HW_AIC))
    k->cube = true;
  for (int i = 0; i < op->nresults; i++) { /* a tensor, queue or buffer in a memory of one core kind */
    const asc_type *t = op->results[i].type;
    if (t->kind != ASC_TY_LTENSOR && t->kind != ASC_TY_QUEUE && t->kind != ASC_TY_TBUF)
      continue;
    unsigned mc = asc_hw_mem_cores(asc_hw_type_mem(t));
    if (mc == ASC_HW_MASK(ASC_HW_AIV))
      k->vec = true;
    else if (mc == ASC_HW_MASK(ASC_HW_AIC))
      k->cube = true;
  }
  const asc_attr *mode;
  switch (op->code) {
  case ASC_OP_ASCEND_IS_AIC: k->mix = true; break; /* code for an AIC: a MIX kernel */
  case ASC_OP_CROSS_CORE_SET_FLAG:
  case ASC_OP_CROSS_CORE_WAIT_FLAG:
    mode = asc_op_attr(op, "mode");
    if (mode && mode->i == 0)
      k->launchwide = k->blocking = true;
    else
      k->mix = true;
    break;
  case ASC_OP_SYNC_ALL:
  case ASC_OP_SYNC_ALL_SOFT:
  case ASC_OP_IB_SET:
  case ASC_OP_IB_WAIT:
  case ASC_OP_NOTIFY_NEXT_BLOCK:
  case ASC_OP_WAIT_PRE_BLOCK: k->launchwide = k->blocking = true; break;
  case ASC_OP_SET_ATOMIC_ADD:
  case ASC_OP_SET_ATOMIC_MAX:
  case ASC_OP_SET_ATOMIC_MIN:
  case ASC_OP_SET_ATOMIC_TYPE:
  case ASC_OP_SET_STORE_ATOMIC_CONFIG: k->launchwide = k->atomics = true; break;
  default: break;
  }
}

static void walkops(const asc_block *b, kscan *k) {
  for (asc_op *op = b ? b->first : NULL; op; op = op->next) {
    scanop(op, k);
    for (int r = 0; r < op->nregions; r++)
      walkops(op->regions[r].block, k);
  }
}

int asc_sim_classify(sim_launch *L, const asc_op *func, int kernel_type) {
  kscan k = {0};
  walkops(func->regions[0].block, &k);
  int kt = kernel_type;
  if (kt < 0)
    kt = k.cube && !k.vec && !k.mix ? SIM_KT_AIC_ONLY : k.mix || (k.vec && k.cube) ? SIM_KT_MIX_1_2
                                                                                   : SIM_KT_AIV_ONLY;
  /* MIX_AIV_1_0 / MIX_AIV_HARD_SYNC run on vector cores only, MIX_AIC_1_0 / MIX_AIC_HARD_SYNC on
   * cube cores only (pyasc's compiler: the vec / cube target; get_task_ratio's page: 1 per block),
   * as AIV_ONLY / AIC_ONLY with the cross-core flags between cores of one kind that pyasc's
   * cross_core_set_flag page asks those types for. */
  switch (kt) {
  case SIM_KT_AIV_ONLY:
  case SIM_KT_MIX_AIV_1_0:
  case SIM_KT_MIX_AIV_HARD_SYNC: L->naiv = 1, L->naic = 0; break;
  case SIM_KT_AIC_ONLY:
  case SIM_KT_MIX_AIC_1_0:
  case SIM_KT_MIX_AIC_HARD_SYNC: L->naiv = 0, L->naic = 1; break;
  case SIM_KT_MIX_1_1: L->naiv = 1, L->naic = 1; break;
  case SIM_KT_MIX_1_2: L->naiv = 2, L->naic = 1; break;
  default:
    asc_error(L->ctx, asc_op_diag_loc(func), "kernel type %d is not a pyasc KernelType (0..7: AIV_ONLY, AIC_ONLY, "
              "MIX_AIV_HARD_SYNC, MIX_AIC_HARD_SYNC, MIX_AIV_1_0, MIX_AIC_1_0, MIX_AIC_1_1, MIX_AIC_1_2)", kt);
    return -1;
  }
  L->ktype = kt;
  L->cosim_all = k.launchwide;
  L->blocking_all = k.blocking;
  L->ninst = L->blocks * (L->naic + L->naiv);
  return 0;
}

/* Instance i: blocks in order, in each the AIC first, then its AIVs. */
void asc_sim_inst_core(const sim_launch *L, int i, int *block, int *kind, int *sub) {
  int per = L->naic + L->naiv, r = i % per;
  *block = i / per;
  *kind = r < L->naic ? ASC_HW_AIC : ASC_HW_AIV;
  *sub = r < L->naic ? 0 : r - L->naic;
}

void asc_sim_core_label(const sim_core *c, char *buf, size_t n) {
  if (!c->L->naic)
    snprintf(buf, n, "block %d", c->block);
  else if (c->kind == ASC_HW_AIC)
    snprintf(buf, n, "block %d AIC", c->block);
  else
    snprintf(buf, n, "block %d AIV%d", c->block, c->sub);
}

/* ---- block ids per core kind ---- */
static void scost(sim_core *c) { asc_sim_scalar(c, c->L->cost->scalar_op); }

int asc_exec_isaic(sim_core *c, const sim_inst *in) {
  sim_out(c, in, 0)->i = c->kind == ASC_HW_AIC;
  scost(c);
  return 0;
}

int asc_exec_isaiv(sim_core *c, const sim_inst *in) {
  sim_out(c, in, 0)->i = c->kind == ASC_HW_AIV;
  scost(c);
  return 0;
}

int asc_exec_subidx(sim_core *c, const sim_inst *in) {
  sim_out(c, in, 0)->i = c->kind == ASC_HW_AIV ? c->sub : 0;
  scost(c);
  return 0;
}

int asc_exec_subnum(sim_core *c, const sim_inst *in) {
  sim_out(c, in, 0)->i = c->kind == ASC_HW_AIV && c->L->naiv > 0 ? c->L->naiv : 1;
  scost(c);
  return 0;
}

int asc_exec_taskratio(sim_core *c, const sim_inst *in) {
  sim_out(c, in, 0)->i = c->kind == ASC_HW_AIV && c->L->naic ? c->L->naiv : 1;
  scost(c);
  return 0;
}

/* ---- the group's baton ---- */
static bool eligible(const sim_group *G, int i) {
  return G->state[i] == GS_READY || (G->state[i] == GS_BLOCKED && G->bgen[i] < G->gen);
}

/* With the lock held: give the baton to the next core after `from` that can progress; false
 * if there is none (every live core is blocked since the last signal). */
static bool pass(sim_group *G, int from) {
  for (int k = 1; k <= G->n; k++) {
    int i = (from + k) % G->n;
    if (eligible(G, i)) {
      G->turn = i;
      return true;
    }
  }
  return false;
}

static void deadlockreport(sim_core *c) {
  sim_group *G = c->G;
  asc_strbuf sb;
  asc_sb_init(&sb);
  for (int i = 0; i < G->n; i++) {
    const sim_core *o = G->cores[i];
    char lab[48];
    asc_sim_core_label(o, lab, sizeof lab);
    if (G->state[i] == GS_DONE) { /* a core an error stopped: the deadlock is its consequence */
      bool err = o->ctx != c->ctx && asc_ctx_error_count(o->ctx) > 0;
      asc_sb_printf(&sb, err ? "; %s was stopped by an error (reported with this one: the cause)" : "; %s has finished",
                    lab);
      continue;
    }
    asc_loc l = o->cur ? asc_op_diag_loc(o->cur->op) : ASC_LOC_UNKNOWN;
    asc_sb_printf(&sb, "; %s: PIPE_S is blocked at %s (%s:%d)", lab, o->cur ? asc_op_name(o->cur->op) : "?",
                  l.file ? l.file : "?", l.line);
  }
  sim_finding f = {ASC_SIM_CHK_DEADLOCK, ASC_SEV_ERROR, 0, c->cur ? c->cur->op : NULL, NULL,
                   ASC_PIPEID_PIPE_S, -1, SIM_MEM_NONE, 0, 0};
  asc_sim_found(c, &f, "deadlock: a cross-core wait can never be satisfied: no core can make progress%s",
                sb.data ? sb.data : "");
  asc_sb_free(&sb);
}

/* Core i's coroutine stops; the core whose turn it is now (pass) runs, straight on its own stack (each
 * switch is a system call: the signal mask), or the host thread's context (asc_sim_run_group) once the
 * group is dead. */
static void yield(sim_group *G, int i) {
  int j = G->turn;
  bool direct = !G->dead && j != i && G->state[j] != GS_DONE;
#ifdef XCORE_ASAN
  void *fake = NULL;
  if (direct)
    __sanitizer_start_switch_fiber(&fake, asc_sim_stack_lo(G->stk[j]), asc_sim_stack_bytes(G->stk[j]));
  else
    __sanitizer_start_switch_fiber(&fake, G->mainlo, G->mainsize);
#endif
  swapcontext(&G->uc[i], direct ? &G->uc[j] : &G->main);
#ifdef XCORE_ASAN
  __sanitizer_finish_switch_fiber(fake, NULL, NULL);
#endif
}

/* The running core c cannot continue until another core signals: hand over the baton and
 * wait for it.  0: try again; -1: deadlock (reported once, by the core that found it). */
static int block(sim_core *c) {
  sim_group *G = c->G;
  if (!G) { /* alone: nobody will ever signal */
    asc_sim_found_at(c, ASC_SIM_CHK_DEADLOCK, ASC_SEV_ERROR, c->cur,
                     "deadlock: a cross-core wait can never be satisfied: %s waits on PIPE_S and no other core "
                     "runs with it", asc_op_name(c->cur->op));
    return -1;
  }
  G->state[c->gidx] = GS_BLOCKED;
  G->bgen[c->gidx] = G->gen;
  if (!pass(G, c->gidx)) { /* report while every core still stands where it is blocked */
    G->dead = true;
    deadlockreport(c);
    return -1;
  }
  while (G->turn != c->gidx && !G->dead)
    yield(G, c->gidx);
  bool dead = G->dead;
  if (!dead)
    G->state[c->gidx] = GS_READY;
  return dead ? -1 : 0;
}

static void signal_all(sim_group *G) { G->gen++; }

/* ---- happens-before across cores ---- */
static void pushhist(sim_core *c) {
  int n = c->G ? c->G->n : 1;
  if (c->nxhist == c->xhcap) {
    c->xhcap = c->xhcap ? 2 * c->xhcap : 8;
    c->xhist = realloc(c->xhist, sizeof *c->xhist * (size_t)c->xhcap);
    if (!c->xhist)
      asc_die("out of memory");
  }
  int64_t *v = xalloc(sizeof *v * (size_t)n);
  if (c->xvc)
    memcpy(v, c->xvc, sizeof *v * (size_t)n);
  c->xhist[c->nxhist++] = v;
}

static void xinit(sim_core *c) {
  if (c->xvc)
    return;
  int n = c->G ? c->G->n : 1;
  c->xvc = xalloc(sizeof *c->xvc * (size_t)n);
  pushhist(c); /* epoch 0 */
}

/* What a signal of c carries: its vector, its own accesses so far included. */
static int64_t *snapshot(sim_core *c) {
  xinit(c);
  int n = c->G->n;
  int64_t *v = xalloc(sizeof *v * (size_t)n);
  memcpy(v, c->xvc, sizeof *v * (size_t)n);
  v[c->gidx] = c->xepoch + 1;
  return v;
}

static void joinvc(int64_t *dst, const int64_t *src, int n) {
  for (int i = 0; i < n; i++)
    dst[i] = max64(dst[i], src[i]);
}

/* c took part in a sync: later accesses are a new epoch; join what it received. */
static void newepoch(sim_core *c, const int64_t *recv) {
  xinit(c);
  if (recv && c->G)
    joinvc(c->xvc, recv, c->G->n);
  c->xepoch++;
  pushhist(c);
}

/* ---- counters and barriers ---- */
static xcounter *counter(sim_core *c, int core, int flag) { return &c->G->cnt[core * XNF + flag]; }

static int inc(sim_core *c, int core, int flag, int64_t time, int64_t *vc, const int64_t *src) {
  xcounter *k = counter(c, core, flag);
  if (k->n >= XMAXCNT && flag < XFLAGS) {
    char lab[48];
    asc_sim_core_label(c->G->cores[core], lab, sizeof lab);
    free(vc);
    return asc_sim_err(c, c->cur->op, "%s: the counter of flag %d on %s would pass %d: more than %d sets are "
                       "outstanding (the hardware hangs; add a reverse synchronization)", asc_op_name(c->cur->op),
                       flag, lab, XMAXCNT, XMAXCNT);
  }
  if (k->n == XFIFO) {
    free(vc);
    return asc_sim_err(c, c->cur->op, "%s: more than %d pending cross-core signals", asc_op_name(c->cur->op),
                       XFIFO);
  }
  xinc *x = &k->q[(k->head + k->n++) % XFIFO];
  *x = (xinc){time, vc, {0}};
  memcpy(x->src, src, sizeof x->src);
  signal_all(c->G);
  return 0;
}

static xbarrier *barrier(sim_group *G, int key) {
  for (xbarrier *b = G->bars; b; b = b->next)
    if (b->key == key)
      return b;
  xbarrier *b = xalloc(sizeof *b);
  b->key = key;
  b->arrived = xalloc(sizeof *b->arrived * (size_t)G->n);
  b->next = G->bars;
  G->bars = b;
  return b;
}

/* c arrives at barrier `key` whose participants are the cores with part[i]; when a round is
 * complete every target (tgt[i]) gets an increment of counter `flag`. */
static int arrive(sim_core *c, int key, const bool *part, const bool *tgt, int flag, int64_t t, int64_t set) {
  sim_group *G = c->G;
  xbarrier *b = barrier(G, key);
  int r = b->arrived[c->gidx]++;
  if (r - b->fired >= XFIFO)
    return asc_sim_err(c, c->cur->op, "%s: more than %d rounds outstanding", asc_op_name(c->cur->op), XFIFO);
  int slot = r % XFIFO;
  if (!b->rvc[slot])
    b->rvc[slot] = xalloc(sizeof(int64_t) * (size_t)G->n);
  int64_t *mine = snapshot(c);
  joinvc(b->rvc[slot], mine, G->n);
  free(mine);
  b->rtime[slot] = max64(b->rtime[slot], t);
  if (c->gidx < SIM_XSRC)
    b->rsrc[slot][c->gidx] = set;
  b->rcount[slot]++;
  int need = 0;
  for (int i = 0; i < G->n; i++)
    need += part[i];
  while (b->rcount[b->fired % XFIFO] == need) {
    int s = b->fired % XFIFO;
    for (int i = 0; i < G->n; i++)
      if (tgt[i]) {
        int64_t *v = xalloc(sizeof *v * (size_t)G->n);
        memcpy(v, b->rvc[s], sizeof *v * (size_t)G->n);
        if (inc(c, i, flag, b->rtime[s] + c->L->cost->xcore_flag, v, b->rsrc[s]))
          return -1;
      }
    memset(b->rvc[s], 0, sizeof(int64_t) * (size_t)G->n);
    b->rtime[s] = 0;
    memset(b->rsrc[s], 0, sizeof b->rsrc[s]);
    b->rcount[s] = 0;
    b->fired++;
  }
  return 0;
}

/* Wait until counter `flag` of c is positive, then take one. */
static int take(sim_core *c, int flag) {
  if (!c->G)
    return block(c);
  xcounter *k;
  while (!(k = counter(c, c->gidx, flag))->n)
    if (block(c))
      return -1;
  xinc x = k->q[k->head];
  k->head = (k->head + 1) % XFIFO;
  k->n--;
  asc_sim_tape_xwait(c, x.src, c->G->n);
  int64_t t0 = c->sclk;
  c->sclk = max64(c->sclk, x.time);
  c->sblocked += c->sclk - t0;
  newepoch(c, x.vc);
  free(x.vc);
  asc_sim_scalar(c, c->L->cost->flag);
  return 0;
}

/* The group cores of a kind, in c's block or in the launch. */
static void members(const sim_core *c, int kind, bool sameblock, bool *out) {
  const sim_group *G = c->G;
  for (int i = 0; i < G->n; i++)
    out[i] = G->cores[i]->kind == kind && (!sameblock || G->cores[i]->block == c->block);
}

static int64_t flagid(sim_core *c, const sim_inst *in, int64_t *id) {
  *id = sim_in(c, in, ASC_OPND_CROSS_CORE_SET_FLAG_flag_id)->i;
  if (*id < 0 || *id >= XFLAGS)
    return asc_sim_found_at(c, ASC_SIM_CHK_EVENT, ASC_SEV_ERROR, in, "%s: flag id %lld is out of range 0..15",
                            asc_op_name(in->op), (long long)*id);
  if (*id > 10 && !c->warned[in->id]) {
    c->warned[in->id] = 1;
    asc_sim_found_at(c, ASC_SIM_CHK_EVENT, ASC_SEV_WARNING, in, "%s: flag id %lld is above 10 (hardware.md §15: "
                     "some parts accept 0..10 only; SyncAll uses 11..14)", asc_op_name(in->op), (long long)*id);
  }
  return 0;
}

static int modecheck(sim_core *c, const sim_inst *in, int64_t mode) {
  if (mode < 0 || mode > 2)
    return asc_sim_err(c, in->op, "%s: mode %lld is not 0, 1 or 2", asc_op_name(in->op), (long long)mode);
  if (mode > 0 && !c->L->naic)
    return asc_sim_err(c, in->op, "%s: mode %lld needs a MIX kernel (MIX_AIC_1_1 or MIX_AIC_1_2); this one runs %s "
                       "cores only", asc_op_name(in->op), (long long)mode, c->L->naiv ? "vector" : "cube");
  if (mode == 1 && c->kind != ASC_HW_AIV)
    return asc_sim_err(c, in->op, "%s: mode 1 synchronizes the AIVs of a block; an AIC cannot take part",
                       asc_op_name(in->op));
  return 0;
}

int asc_exec_xset(sim_core *c, const sim_inst *in) {
  int64_t id, mode = asc_op_attr(in->op, "mode")->i;
  int pipe = in->pipe;
  if (flagid(c, in, &id) || modecheck(c, in, mode))
    return -1;
  if (pipe == ASC_PIPEID_PIPE_S || pipe == ASC_PIPEID_PIPE_ALL || !(c->pipemask >> pipe & 1))
    return asc_sim_err(c, in->op, "asc.cross_core_set_flag: pipe %s cannot signal on an %s core (one of its pipes "
                       "but PIPE_S)", asc_sim_pipe_name(pipe) ? asc_sim_pipe_name(pipe) : "?",
                       asc_hw_core_name(c->kind));
  asc_sim_san_xset(c, in, pipe);
  int64_t t;
  if (asc_sim_issue_xset(c, in, pipe, &t))
    return -1;
  if (!c->G) { /* alone: mode 0 over one core, or a MIX partner that does not exist */
    if (mode != 0)
      return asc_sim_err(c, in->op, "asc.cross_core_set_flag: no core of the block receives mode %lld",
                         (long long)mode);
    return 0;
  }
  sim_group *G = c->G;
  bool *part = xalloc((size_t)G->n), *tgt = xalloc((size_t)G->n);
  int rc = 0;
  if (mode == 0) { /* every core of this kind in the launch: a barrier */
    members(c, c->kind, false, part);
    rc = arrive(c, (int)(0 << 8 | id << 1 | c->kind), part, part, (int)id, t, c->xset_issued);
  } else if (mode == 1) { /* the AIVs of the block: a barrier */
    members(c, ASC_HW_AIV, true, part);
    rc = arrive(c, (int)((1 << 8 | id << 1) + (c->block << 12)), part, part, (int)id, t, c->xset_issued);
  } else if (c->kind == ASC_HW_AIC) { /* mode 2, AIC -> each AIV of the block */
    members(c, ASC_HW_AIV, true, tgt);
    int64_t src[SIM_XSRC] = {0};
    if (c->gidx < SIM_XSRC)
      src[c->gidx] = c->xset_issued;
    for (int i = 0; i < G->n && !rc; i++)
      if (tgt[i])
        rc = inc(c, i, (int)id, t + c->L->cost->xcore_flag, snapshot(c), src);
  } else { /* mode 2, all AIVs of the block -> the AIC */
    members(c, ASC_HW_AIV, true, part);
    members(c, ASC_HW_AIC, true, tgt);
    rc = arrive(c, (int)((2 << 8 | id << 1) + (c->block << 12)), part, tgt, (int)id, t, c->xset_issued);
  }
  free(part);
  free(tgt);
  if (!rc)
    newepoch(c, NULL);
  return rc;
}

int asc_exec_xwait(sim_core *c, const sim_inst *in) {
  int64_t id, mode = asc_op_attr(in->op, "mode")->i;
  if (flagid(c, in, &id) || modecheck(c, in, mode))
    return -1;
  return take(c, (int)id);
}

/* sync_all(): every AIV (every core when aiv_only is false) drains its pipes and waits
 * for the others. */
int asc_exec_syncall(sim_core *c, const sim_inst *in) {
  const asc_attr *a = asc_op_attr(in->op, "aiv_only");
  bool aivonly = !a || a->i;
  if (aivonly && c->kind != ASC_HW_AIV)
    return asc_sim_err(c, in->op, "asc.sync_all: the AIV-only form runs on AIV cores; use aiv_only=False in a "
                       "kernel whose AIC takes part");
  if (asc_sim_issue_barrier(c, in, ASC_PIPEID_PIPE_ALL)) /* SyncAll waits for every pipe */
    return -1;
  if (!c->G)
    return 0; /* a launch of one core */
  sim_group *G = c->G;
  bool *part = xalloc((size_t)G->n);
  for (int i = 0; i < G->n; i++)
    part[i] = !aivonly || G->cores[i]->kind == ASC_HW_AIV;
  int rc = arrive(c, aivonly ? 1 << 20 : 1 << 21, part, part, XF_SYNCALL, c->sclk, 0);
  free(part);
  if (!rc)
    newepoch(c, NULL);
  return rc ? rc : take(c, XF_SYNCALL);
}

/* ---- GM workspace protocols ---- */
static xgmsig *sigfind(sim_group *G, int mem, int64_t off, bool make) {
  for (xgmsig *s = G ? G->sigs : NULL; s; s = s->next)
    if (s->mem == mem && s->off == off)
      return s;
  if (!make || !G)
    return NULL;
  xgmsig *s = xalloc(sizeof *s);
  s->mem = mem;
  s->off = off;
  s->vc = xalloc(sizeof *s->vc * (size_t)G->n);
  s->next = G->sigs;
  G->sigs = s;
  return s;
}

/* The int32 word `word` of workspace r (a GM tensor), checked; NULL after an error.  The
 * access is the protocol's own: it is not handed to the race checks. */
static int32_t *wsword(sim_core *c, const sim_inst *in, const sim_val *r, int64_t word) {
  void *san = c->san;
  c->san = NULL;
  uint8_t *p = asc_sim_mem(c, in->op, r, word * 4, 4, "workspace");
  c->san = san;
  return (int32_t *)(void *)p;
}

/* c publishes word (value v) of workspace r: drains first (all earlier work is visible). */
static int wspublish(sim_core *c, const sim_inst *in, const sim_val *r, int64_t word, int32_t v) {
  if (asc_sim_issue_barrier(c, in, ASC_PIPEID_PIPE_ALL))
    return -1;
  int32_t *p = wsword(c, in, r, word);
  if (!p)
    return -1;
  memcpy(p, &v, sizeof v);
  if (c->G) {
    xgmsig *s = sigfind(c->G, r->mem, r->off + word * 4, true);
    int64_t *mine = snapshot(c);
    joinvc(s->vc, mine, c->G->n);
    free(mine);
    s->time = max64(s->time, c->sclk + c->L->cost->xcore_flag);
    signal_all(c->G);
    newepoch(c, NULL);
  }
  asc_sim_scalar(c, c->L->cost->set_value);
  return 0;
}

/* c waits until word of workspace r is at least v (v = 0: nonzero); clear: write 0 after. */
static int wswait(sim_core *c, const sim_inst *in, const sim_val *r, int64_t word, int32_t v, bool clear) {
  int32_t *p, x;
  for (;;) {
    if (!(p = wsword(c, in, r, word)))
      return -1;
    memcpy(&x, p, sizeof x);
    if (v ? x >= v : x != 0)
      break;
    if (block(c))
      return -1;
  }
  xgmsig *s = sigfind(c->G, r->mem, r->off + word * 4, false);
  int64_t t0 = c->sclk;
  if (s) {
    c->sclk = max64(c->sclk, s->time);
    newepoch(c, s->vc);
  }
  c->sblocked += c->sclk - t0;
  if (clear) {
    int32_t z = 0;
    memcpy(p, &z, sizeof z);
  }
  asc_sim_scalar(c, c->L->cost->get_value);
  return 0;
}

static int cores_of_launch(const sim_core *c) { return c->L->blocks * (c->L->naic ? c->L->naiv : 1); }

/* The index ib_set / ib_wait and sync_all_soft use for this core. */
static int wsindex(const sim_core *c) {
  return c->kind == ASC_HW_AIV && c->L->naic ? c->block * c->L->naiv + c->sub : c->block;
}

int asc_exec_ibset(sim_core *c, const sim_inst *in) {
  int64_t blk = sim_in(c, in, ASC_OPND_IB_SET_block_idx)->i, ev = sim_in(c, in, ASC_OPND_IB_SET_event_id)->i;
  if (blk < 0 || blk >= cores_of_launch(c) || ev < 0)
    return asc_sim_err(c, in->op, "asc.ib_set: block_idx %lld / event_id %lld out of range (%d cores)",
                       (long long)blk, (long long)ev, cores_of_launch(c));
  return wspublish(c, in, sim_in(c, in, ASC_OPND_IB_SET_gm_workspace), 8 * (ev * cores_of_launch(c) + blk), 1);
}

int asc_exec_ibwait(sim_core *c, const sim_inst *in) {
  int64_t blk = sim_in(c, in, ASC_OPND_IB_WAIT_block_idx)->i, ev = sim_in(c, in, ASC_OPND_IB_WAIT_event_id)->i;
  if (blk < 0 || blk >= cores_of_launch(c) || ev < 0)
    return asc_sim_err(c, in->op, "asc.ib_wait: block_idx %lld / event_id %lld out of range (%d cores)",
                       (long long)blk, (long long)ev, cores_of_launch(c));
  return wswait(c, in, sim_in(c, in, ASC_OPND_IB_WAIT_gm_workspace), 8 * (ev * cores_of_launch(c) + blk), 0, true);
}

int asc_exec_notifynext(sim_core *c, const sim_inst *in) {
  return wspublish(c, in, sim_in(c, in, ASC_OPND_NOTIFY_NEXT_BLOCK_gm_workspace), 8 * wsindex(c), 1);
}

int asc_exec_waitpre(sim_core *c, const sim_inst *in) {
  int k = wsindex(c);
  return k == 0 ? 0 : wswait(c, in, sim_in(c, in, ASC_OPND_WAIT_PRE_BLOCK_gm_workspace), 8 * (k - 1), 0, false);
}

/* sync_all(gm, ub, used_cores): each core bumps its own slot to its round, then waits until
 * every used core's slot has reached that round. */
int asc_exec_syncallsoft(sim_core *c, const sim_inst *in) {
  int64_t used = sim_in(c, in, ASC_OPND_SYNC_ALL_SOFT_used_cores)->i, all = cores_of_launch(c);
  if (used <= 0)
    used = all;
  if (used > all)
    return asc_sim_err(c, in->op, "asc.sync_all: used_cores %lld is more than the launch's %lld cores",
                       (long long)used, (long long)all);
  const sim_val *ws = sim_in(c, in, ASC_OPND_SYNC_ALL_SOFT_gm_workspace);
  int me = wsindex(c);
  int32_t *p = wsword(c, in, ws, 8 * me), round;
  if (!p)
    return -1;
  memcpy(&round, p, sizeof round);
  round++;
  if (wspublish(c, in, ws, 8 * me, round))
    return -1;
  for (int k = 0; k < used; k++)
    if (k != me && wswait(c, in, ws, 8 * k, round, false))
      return -1;
  return 0;
}

/* ---- atomic stores ---- */
static int dtype_attr(sim_core *c, const sim_inst *in) {
  const asc_attr *a = asc_op_attr(in->op, "dtype");
  int dt = a && a->kind == ASC_ATTR_TYPE ? asc_sim_dtype_of(a->type) : -1;
  if (dt != ASC_SIM_F32 && dt != ASC_SIM_F16 && dt != ASC_SIM_BF16 && dt != ASC_SIM_I16 && dt != ASC_SIM_I32 &&
      dt != ASC_SIM_I8)
    return asc_sim_err(c, in->op, "%s: atomic stores take f32, f16, bf16, i32, i16 or i8", asc_op_name(in->op));
  return dt;
}

int asc_exec_atomicset(sim_core *c, const sim_inst *in) {
  int dt = dtype_attr(c, in);
  if (dt < 0)
    return -1;
  c->atomic_dt = dt;
  c->atomic_op = in->op->code == ASC_OP_SET_ATOMIC_MAX ? 1 : in->op->code == ASC_OP_SET_ATOMIC_MIN ? 2 : 0;
  scost(c);
  return 0;
}

int asc_exec_atomictype(sim_core *c, const sim_inst *in) {
  int dt = dtype_attr(c, in);
  if (dt < 0)
    return -1;
  if (c->atomic_dt >= 0)
    c->atomic_dt = dt;
  scost(c);
  return 0;
}

int asc_exec_atomicnone(sim_core *c, const sim_inst *in) {
  (void)in;
  c->atomic_dt = -1;
  scost(c);
  return 0;
}

/* AtomicDtype (pyasc) <-> our dtypes. */
static const int atomic_dtypes[] = {-1, ASC_SIM_F32, ASC_SIM_F16, ASC_SIM_I16, ASC_SIM_I32, ASC_SIM_I8, ASC_SIM_BF16};

int asc_exec_storeconfig(sim_core *c, const sim_inst *in) {
  int64_t t = asc_op_attr(in->op, "atomic_type")->i, op = asc_op_attr(in->op, "atomic_op")->i;
  if (t < 0 || t > 6 || op < 0 || op > 2)
    return asc_sim_err(c, in->op, "asc.set_store_atomic_config: AtomicDtype %lld / AtomicOp %lld out of range",
                       (long long)t, (long long)op);
  c->atomic_dt = atomic_dtypes[t];
  c->atomic_op = (int)op;
  scost(c);
  return 0;
}

int asc_exec_getconfig(sim_core *c, const sim_inst *in) {
  int t = 0;
  for (int k = 1; k < 7; k++)
    if (atomic_dtypes[k] == c->atomic_dt)
      t = k;
  sim_out(c, in, 0)->i = t;
  sim_out(c, in, 1)->i = c->atomic_dt < 0 ? 0 : c->atomic_op;
  scost(c);
  return 0;
}

void asc_sim_atomic_store(sim_core *c, uint8_t *d, const uint8_t *s, int64_t n) {
  int dt = c->atomic_dt, sz = asc_sim_dtype_size(dt);
  bool fl = asc_sim_dt_float(dt);
  for (int64_t i = 0; i + sz <= n; i += sz) {
    if (fl) {
      double a = asc_sim_loadf(dt, d + i), b = asc_sim_loadf(dt, s + i);
      double r = c->atomic_op == 1 ? (a > b ? a : b) : c->atomic_op == 2 ? (a < b ? a : b) : a + b;
      asc_sim_storef(dt, d + i, asc_sim_round_fp(r, dt, SIM_RM_RINT));
    } else {
      int64_t a = asc_sim_loadi(dt, d + i), b = asc_sim_loadi(dt, s + i);
      int64_t r = c->atomic_op == 1 ? (a > b ? a : b) : c->atomic_op == 2 ? (a < b ? a : b) : a + b;
      asc_sim_storei(dt, d + i, r);
    }
  }
}

/* ---- running a group ---- */
typedef struct coreargs {
  sim_core *c;
  void (*run)(sim_core *, void *);
  void *user;
} coreargs;

/* Core a->c's coroutine (makecontext passes the pointer as two halves): it starts when the host thread's
 * context first hands it the baton, and returns to that context (uc_link) when the core has finished. */
static void coremain(unsigned lo, unsigned hi) {
  coreargs *a = (coreargs *)(uintptr_t)((uint64_t)hi << 32 | lo);
  sim_core *c = a->c;
  sim_group *G = c->G;
#ifdef XCORE_ASAN
  const void *from;
  size_t fromsize;
  __sanitizer_finish_switch_fiber(NULL, &from, &fromsize);
  if (!G->mainlo) { /* the first core starts from the host thread's context; later ones may from a core's */
    G->mainlo = from;
    G->mainsize = fromsize;
  }
#endif
  if (!G->dead)
    a->run(c, a->user);
  G->state[c->gidx] = GS_DONE;
  signal_all(G);
  if (!G->dead && !pass(G, c->gidx)) {
    /* nobody can progress: some are blocked for good; the next to look reports it */
    for (int i = 0; i < G->n; i++)
      if (G->state[i] == GS_BLOCKED) { /* the lowest blocked core looks once more and reports it */
        G->turn = i;
        G->bgen[i] = G->gen; /* not eligible: it will find nobody and report */
        G->gen++;            /* ... so let it look once more */
        break;
      }
  }
#ifdef XCORE_ASAN
  __sanitizer_start_switch_fiber(NULL, G->mainlo, G->mainsize); /* this stack is done with */
#endif
}

/* Core i's coroutine, to start at coremain(a) on its stack (a function of its own: getcontext returns
 * twice, which would leave the caller's locals to -Wclobbered). */
static void newcoro(sim_group *G, int i, coreargs *a) {
  if (getcontext(&G->uc[i]))
    asc_die("getcontext failed");
  G->uc[i].uc_stack.ss_sp = asc_sim_stack_lo(G->stk[i]);
  G->uc[i].uc_stack.ss_size = asc_sim_stack_bytes(G->stk[i]);
  G->uc[i].uc_link = &G->main;
  uint64_t p = (uint64_t)(uintptr_t)a;
  makecontext(&G->uc[i], (void (*)(void))coremain, 2, (unsigned)(p & 0xffffffffu), (unsigned)(p >> 32));
}

/* The core the host thread's context runs next: the one whose turn it is, or once the group is dead
 * every unfinished core in turn (each sees it and returns); -1 when none is left. */
static int nextcore(const sim_group *G) {
  if (G->dead) {
    for (int i = 0; i < G->n; i++)
      if (G->state[i] != GS_DONE)
        return i;
    return -1;
  }
  return G->state[G->turn] != GS_DONE ? G->turn : -1;
}

void asc_sim_run_group(const sim_launch *L, int n, sim_core **cores, void (*run)(sim_core *c, void *user),
                       void *user) {
  if (n == 1 && !L->cosim_all) {
    run(cores[0], user);
    return;
  }
  sim_group G;
  memset(&G, 0, sizeof G);
  G.L = L;
  G.n = n;
  G.cores = cores;
  G.state = xalloc(sizeof *G.state * (size_t)n);
  G.bgen = xalloc(sizeof *G.bgen * (size_t)n);
  G.cnt = xalloc(sizeof *G.cnt * (size_t)n * XNF);
  G.uc = xalloc(sizeof *G.uc * (size_t)n);
  G.stk = xalloc(sizeof *G.stk * (size_t)n);
  for (int i = 0; i < n; i++) {
    cores[i]->G = &G;
    cores[i]->gidx = i;
  }
  coreargs *args = xalloc(sizeof *args * (size_t)n);
  for (int i = 0; i < n; i++) {
    args[i] = (coreargs){cores[i], run, user};
    G.stk[i] = asc_sim_stack_take(L->stacks);
    newcoro(&G, i, &args[i]);
  }
  for (int i; (i = nextcore(&G)) >= 0;) {
#ifdef XCORE_ASAN
    void *fake = NULL;
    __sanitizer_start_switch_fiber(&fake, asc_sim_stack_lo(G.stk[i]), asc_sim_stack_bytes(G.stk[i]));
#endif
    swapcontext(&G.main, &G.uc[i]);
#ifdef XCORE_ASAN
    __sanitizer_finish_switch_fiber(fake, NULL, NULL);
#endif
  }
  for (int i = 0; i < n; i++) {
    cores[i]->G = NULL;
    asc_sim_stack_give(L->stacks, G.stk[i]);
  }
  for (int i = 0; i < n * XNF; i++)
    for (int k = 0; k < G.cnt[i].n; k++)
      free(G.cnt[i].q[(G.cnt[i].head + k) % XFIFO].vc);
  for (xbarrier *b = G.bars, *nb; b; b = nb) {
    nb = b->next;
    for (int k = 0; k < XFIFO; k++)
      free(b->rvc[k]);
    free(b->arrived);
    free(b);
  }
  for (xgmsig *s = G.sigs, *ns; s; s = ns) {
    ns = s->next;
    free(s->vc);
    free(s);
  }
  free(G.uc);
  free(G.stk);
  free(G.state);
  free(G.bgen);
  free(G.cnt);
  free(args);
}

bool asc_sim_xordered(const sim_launch *L, int ia, int64_t ea, int ib, int64_t eb) {
  if (!L->xinfo)
    return false;
  const struct sim_xinfo *a = &L->xinfo[ia], *b = &L->xinfo[ib];
  if (a->group != b->group || !b->hist || eb < 0 || eb >= b->nhist)
    return false;
  return b->hist[eb][a->gidx] > ea;
}

