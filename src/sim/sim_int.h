/* sim_int.h - internals of the simulator shared by the files of src/sim.
 *
 * A launch lowers the kernel's func.func into a program (lower.c): every asc_value gets
 * a slot index, every op becomes a sim_inst holding its operand slots, its semantics
 * function (looked up by opcode in a table the family files fill) and its pipe.  Each
 * block then runs on its own sim_core (all per-core state lives there, so blocks can run
 * on host threads later): the scalar unit interprets the program in order (control.c),
 * applies each instruction's functional effect immediately, and issues it to its pipe's
 * queue for the timing model (timing.c), a small discrete-event loop over the pipes and
 * the event flags.
 *
 * Sanitizers (sanitize.c, race.c, shadow.c; on unless asc_sim_options.sanitize = 0):
 * asc_sim_mem hands every byte range an instruction touches to race.c, which checks them
 * after the instruction ran (asc_sim_run_block) against a happens-before model fed by the
 * set / wait / barrier calls of timing.c; findings go through asc_sim_found, which prints
 * them and keeps a record for asc_sim_report.records.
 */
#ifndef ASC_SIM_INT_H
#define ASC_SIM_INT_H

#include <stdbool.h>
#include <stdint.h>

#include "asc/sim.h"
#include "ir/ir.h"
#include "ops/hw_ir.h"
#include "sim/trace.h"
#include "ops_access.h" /* generated (build/gen): ASC_OPND_<op>_<operand>, operand indices by name */

/* ---- values ---------------------------------------------------------------------------- */
/* Memory ids: >= 0 a GM array index; a core's own memories are minus their hw.def memory
 * (SIM_MEM_UB = -ASC_HW_MEM_UB, L1 -2, L0A -3, L0B -4, L0C -5, BIAS -6, FIXBUF -7). */
enum { SIM_MEM_NONE = -100, SIM_MEM_UB = -1 };
/* Bits set in x.  The build targets the baseline x86-64 (no POPCNT instruction), where
 * __builtin_popcountll is a call into libgcc; this is a dozen inline instructions, and the
 * instruction itself when the compiler may use it. */
static inline int asc_pop64(uint64_t x) {
#if defined(__POPCNT__) || !(defined(__x86_64__) || defined(__i386__))
  return __builtin_popcountll(x);
#else
  x -= (x >> 1) & 0x5555555555555555ull;
  x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
  x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0full;
  return (int)((x * 0x0101010101010101ull) >> 56);
#endif
}
static inline int sim_memid(int hwmem) { return -hwmem; }      /* a core memory's id (not GM) */
static inline int sim_hwmem(int mem) { return mem >= 0 ? 0 : mem > -ASC_HW_NMEMS ? -mem : -1; } /* hw.def memory */

/* One slot: a scalar, a memory reference or a handle; the value's IR type says which. */
typedef struct sim_val {
  int64_t i;  /* integers (normalised to the type's width), queue / tbuf handles */
  double f;   /* floats, exactly representable in their type */
  int mem;    /* tensors, GM pointers: memory id */
  int64_t off; /* byte offset into mem */
  int64_t len; /* bytes visible through the reference; -1 = unbounded (GM pointer) */
  const double *fld; /* structs: the fields in declaration order (the core's storage of the
                        asc.struct that built it, resource.c) */
  int64_t tag; /* queue tensors: (buffer index + 1) | generation << 16, for use-after-free */
  int64_t utag; /* local tensors: the user tag (set_user_tag) */
} sim_val;

enum { SIM_NEVENTS = 36, SIM_NIDS = 8, SIM_MAXQBUF = 64, SIM_NPOS = 12 };
enum { /* pyasc KernelType */
  SIM_KT_AIV_ONLY = 0, SIM_KT_AIC_ONLY = 1, SIM_KT_MIX_AIV_HARD_SYNC = 2, SIM_KT_MIX_AIC_HARD_SYNC = 3,
  SIM_KT_MIX_AIV_1_0 = 4, SIM_KT_MIX_AIC_1_0 = 5, SIM_KT_MIX_1_1 = 6, SIM_KT_MIX_1_2 = 7
};
/* Loops the watchdog keeps track of (deeper ones are counted but not named); instructions
 * between two polls of the watchdog and the cancel flag. */
enum { SIM_MAXLOOPS = 32, SIM_POLL = 4096 };

/* ---- the lowered program ------------------------------------------------------------------ */
typedef struct sim_core sim_core;

/* l2.c: the core's part of the L2 cache */
typedef struct sim_l2node {
  uint64_t key;      /* GM array << 48 ^ 16 KiB granule */
  uint64_t line[2];  /* the granule's lines present */
  uint64_t dirty[2]; /* ... of them written and not yet in HBM (the L2 is write-back) */
  int64_t prev, next; /* LRU list (free list: next) */
} sim_l2node;
typedef struct sim_l2 {
  int64_t lines;     /* capacity in lines (0: no L2) */
  int64_t held;      /* lines present */
  int64_t *slot;     /* hash table: node index or -1 */
  int64_t nslots, live;
  sim_l2node *node;  /* node pool */
  int64_t nnode, cap, free, head, tail;
  int64_t hit_bytes; /* read bytes that hit since the last copy was issued */
  int64_t wb_lines;  /* dirty lines evicted to HBM (or written past the L2) since then */
  struct sim_l2off { int mem; int64_t lo, hi; } off[8]; /* GM ranges that bypass it (CACHE_MODE_DISABLE) */
  int noff;
} sim_l2;
typedef struct sim_inst sim_inst;
typedef struct sim_block sim_block;

/* Semantics of one op: returns 0, or -1 after reporting an error. */
typedef int (*sim_exec_fn)(sim_core *c, const sim_inst *in);

struct sim_block {
  sim_inst *insts; /* the ops except the terminator */
  int ninsts;
  int *args; /* slots of the block arguments */
  int nargs;
  const sim_inst *term; /* scf.yield / scf.condition / func.return, or NULL */
};

struct sim_inst {
  const asc_op *op;
  sim_exec_fn fn;
  int id;    /* index among all instructions of the program */
  int pipe;  /* PIPEID value the op is issued to, or -1 (see lower.c) */
  int *in;   /* operand slots */
  int nin;
  int out;   /* slot of result 0; results are consecutive */
  sim_block *regions;
  int nregions;
  const double *fdefault; /* asc.struct: the struct's field defaults (structs.def), read once at lowering */
  int nfields;            /* asc.struct: how many fields the struct has (no cap) */
  bool nocharge; /* a pure op the device's compiler folds or hoists: no scalar_op where it runs (scharge.c) */
  int hoisted;   /* scf.for / scf.while: scalar_ops hoisted to the loop's entry, charged once per entry */
};

typedef struct sim_gm {
  uint8_t *p;
  size_t bytes;
  const char *name;
  asc_sim_dtype dt;
  bool readonly; /* asc_sim_args_add_gm_readonly: a write is an error, nothing is written */
} sim_gm;

/* Cycle costs of the timing model (hardware.md §13.4; calibrated in docs/timing.md). */
typedef struct sim_costs {
  int scalar_op;      /* arith, control flow, resource bookkeeping */
  int issue;          /* scalar cycles to issue one pipe instruction */
  int get_value, set_value;
  int vec_repeat;     /* cycles per repeat and beat (conflict-free: 1 beat) */
  int mte2_latency, mte3_latency, ubcopy_latency;
  int ub_bytes_per_cycle;
  int flag;           /* set_flag / wait_flag / barrier occupancy */
  int queue_depth;    /* instructions a pipe queue holds before the scalar unit stalls */
  /* GM traffic (MTE2 and MTE3 of one core share one GM port, docs/timing.md) */
  double gm_core_bytes_per_cycle;       /* an AIV's GM read channel (one core alone) */
  double gm_core_write_bytes_per_cycle; /* an AIV's GM write channel */
  double aic_gm_bytes_per_cycle;        /* an AIC's HBM bytes at most */
  double gm_chip_bytes_per_cycle; /* all cores together; shared evenly by a wave */
  int vec_issue;      /* vector cycles per instruction beyond the repeats */
  int launch;         /* kernel launch overhead, cycles */
  int cube_macs;      /* fp16 MACs per cycle of the cube unit */
  int xcore_flag;     /* cycles from a cross-core set to the waiting core seeing it */
  int counter_mhz;    /* GetSystemCycle's counter (hw.def system_counter_mhz) */
  int mte_instr;      /* port cycles of every GM transfer instruction (hw.def mte_instr) */
  double l2_bytes_per_cycle; /* the chip's L2 read rate (hw.def l2_read_gbps at the clock) */
  int64_t l2_lines;   /* the chip's L2 in lines (hw.def l2_mib, l2_line_bytes) */
  int gm_burst_min;   /* the GM port's cycles per burst at least (hw.def gm_burst_min) */
  int gm_write_pct;   /* the chip's GM write bandwidth, % of its read bandwidth (hw.def gm_write_pct) */
  int gm_unit;        /* GM reads move in units of this many aligned bytes (hw.def gm_unit) */
  int gm_block;       /* ... rows starting on this grid pay no extra unit (hw.def gm_block) */
} sim_costs;

/* The units of `unit` aligned bytes a GM row of len bytes at byte offset a of its array (arrays start
 * unit-aligned) spans beyond the ones its length needs: 1 for a row whose start is off the grid of `blk`-byte
 * blocks and whose end then crosses one more unit boundary, else 0 (hw.def gm_unit and gm_block,
 * docs/timing.md "GM read units"). */
static inline int64_t asc_sim_gm_xunits(int64_t a, int64_t len, int64_t unit, int64_t blk) {
  if (len <= 0 || unit <= 0 || blk <= 0 || a % blk == 0)
    return 0;
  int64_t o = a % unit;
  if (o < 0)
    o += unit;
  return (o + len + unit - 1) / unit - (len + unit - 1) / unit;
}

/* ... summed over cnt rows of len bytes whose starts are stride bytes apart from byte a (a stride of whole
 * units puts every row at the same place in its unit: one row's figure cnt times). */
static inline int64_t asc_sim_gm_rows_xunits(int64_t a, int64_t len, int64_t cnt, int64_t stride, int64_t unit,
                                             int64_t blk) {
  if (unit > 0 && stride % unit == 0)
    return cnt * asc_sim_gm_xunits(a, len, unit, blk);
  int64_t x = 0;
  for (int64_t r = 0; r < cnt; r++)
    x += asc_sim_gm_xunits(a + r * stride, len, unit, blk);
  return x;
}

typedef struct sim_launch {
  asc_ctx *ctx;
  const asc_platform *plat;
  const sim_costs *cost;
  int blocks;
  sim_gm *gm;
  int ngm;
  asc_arena arena; /* the program */
  int nslots, ninsts;
  sim_block entry;
  const sim_inst *end; /* the kernel's func.return: kernel-end diagnostics point here */
  int8_t evt_src[SIM_NEVENTS], evt_dst[SIM_NEVENTS]; /* PIPEIDs of each HardEvent; -1 unknown */
  sim_val *args; /* initial values of the entry block's arguments */
  bool sanitize;  /* race / uninit / use-after-free / GM-overlap tracking (asc_sim_options) */
  bool strict_gm; /* asc_sim_options.strict_gm: out-of-bounds accesses the NPU lets through are errors */
  bool race_warn; /* asc_sim_options.race_warn: races are warnings (once per op site) and the run goes on */
  struct sim_sanlaunch *san; /* each block's findings and GM writes (sanitize.c) */
  /* core groups (xcore.c): the kernel type and how its cores are grouped */
  int ktype;      /* pyasc KernelType (SIM_KT_*) */
  int naiv;       /* AIVs per block (0 for AIC_ONLY) */
  int naic;       /* AICs per block (0 or 1) */
  bool cosim_all; /* every core of the launch on one timeline (launch-wide sync or atomics) */
  bool blocking_all; /* ... and they wait for each other: every block must be resident */
  int ninst;      /* core instances: blocks * (naic + naiv) */
  struct sim_xinfo { /* per instance, for the cross-core race check (NULL: no groups) */
    int group, gidx;
    int64_t **hist; /* sim_core.xhist, handed over when the core ends */
    int nhist;
  } *xinfo;
  bool tracing;   /* collect sim_trec records (trace, profile, per-line costs) */
  bool keep_trace; /* hand the records to the trace / profile writers */
  const asc_op *func; /* the kernel */
  uint64_t jitter; /* asc_sim_options.jitter_seed: random pipe timing (timing.c); 0 off */
  struct sim_spares *tapes;     /* the program's spare timing tapes (launch.c), or NULL */
  struct sim_spares *replays;   /* its spare L2 replay arrays (launch.c), or NULL */
  struct sim_spares *scratches; /* its spare per-core arrays (coremem.c), or NULL */
  struct sim_spares *hosts;     /* its parked host threads (hostpool.c), or NULL */
  struct sim_spares *stacks;    /* its spare coroutine stacks of group cores (hostpool.c), or NULL */
  struct sim_spares *sanlaunch; /* its last launch's cross-core range arrays (sanitize.c), or NULL */
  struct sim_spares *sanwl;     /* its committed cores' per-GM-array range lists (sanitize.c), or NULL */
  struct sim_spares *sancore;   /* its ended cores' race-detector states, emptied (sanitize.c), or NULL */
  int retime;      /* > 0: blocks (every core of a MIX block) keep a timing tape and each wave of `retime`
                      blocks is timed again with one shared L2 (launch.c, docs/timing.md); 0: each
                      core's own part of it */
  int64_t max_insts; /* watchdog: asc_sim_options.max_instructions (<= 0: none) */
  const asc_sim_cancel *cancel; /* asc_sim_options.cancel, or NULL */
  const _Atomic bool *halt; /* set once a block failed: blocks still running are not needed */
  int live_fd;              /* asc_sim_options.live_fd */
  _Atomic bool *lived;      /* the first let-through finding went to live_fd (memory.c) */
  _Atomic int *livenext;    /* the first core instance not yet committed (memory.c's live order) */
} sim_launch;

/* What one block (core instance) leaves for the launch: its findings and the GM bytes it read and wrote. */
typedef struct sim_tofile { /* a LocalTensor.to_file snapshot (print.c) */
  const asc_op *op;
  char *name;
  uint8_t *data;
  size_t n;
} sim_tofile;

typedef struct sim_blockout {
  asc_sim_record *recs;
  int nrecs;
  struct san_wlist *gmw; /* per GM array, or NULL */
  char *pr;              /* printf / dump_tensor output (print.c), NUL-terminated, or NULL */
  size_t prn, prcap;
  int prblock, prkind, prsub; /* the core that printed */
  bool prfull;           /* the 1 MiB dump buffer overflowed */
  sim_tofile *files;     /* LocalTensor.to_file snapshots, written to their files when the block commits */
  int nfiles, capfiles;
} sim_blockout;

/* ---- per-core state --------------------------------------------------------------------- */
enum { SIM_QB_FREE, SIM_QB_OCCUPIED, SIM_QB_ENQUE, SIM_QB_DEQUE };

typedef struct sim_qbuf {
  int64_t addr, len; /* byte range in mem */
  int state;
  int gen; /* bumped by free_tensor: tensors of older generations are stale */
  int enq_id, free_id; /* pending forward / backward event ids; -1 = none */
  int mem;             /* the memory it lies in (sim_memid) */
  int64_t utag;        /* the user tag of its tensors (set_user_tag): it travels with the buffer */
} sim_qbuf;

typedef struct sim_queue {
  int pos, depth;
  int fwd, bwd;  /* forward (EnQue/DeQue) and backward (Free/Alloc) events */
  int first, nbuf; /* buffers first .. first+nbuf-1 of the core's TPipe */
  int ring[SIM_MAXQBUF];
  int head, used, cursor;
} sim_queue;

typedef struct sim_tbuf {
  int pos;
  int64_t addr, len; /* len < 0: not initialised */
  int64_t top;       /* a TBufPool: bytes carved from it so far */
} sim_tbuf;

/* Timing: one in-order queue per pipe. */

typedef struct sim_qent {
  int kind, evt, id;
  int64_t issue, occupy, latency;
  const sim_inst *in; /* for locations and once-only warnings */
  int64_t gm;     /* cycles on the core's GM port (MTE transfers), 0 if none */
  int64_t amount; /* bytes or repeats, for the trace */
  bool stream;    /* SET: a UnitFlag hand-over (set_flag unit = 1): fires one unit after the pipe's last
                   * instruction starts; the waiter's next instruction ends one unit after it at the earliest */
  int64_t copy;   /* a GM copy on the timing tape: its index + 1 (0: none) */
  int64_t chan;   /* cycles on the core's own read or write channel (an AIV's GM copies), 0 if none */
  int64_t tail;   /* the end of latency that is not pipe-busy: a posted write's acknowledgement (MTE3) */
  int unit;       /* UnitFlag (mmad / fixpipe unit_flag 2 or 3): SIM_UF_MMAD or SIM_UF_FIX; 0 none */
  int64_t udep;   /* the other side's UnitFlag instruction it hands L0C over with (1-based), 0 none */
} sim_qent;
enum { SIM_UF_MMAD = 1, SIM_UF_FIX = 2 };

/* timing.c: a block's timing tape, what its scalar unit asked of the timing model in order, so
 * that the block can be timed again once the wave's shared L2 is known (l2.c, launch.c;
 * docs/timing.md, "L2 shared between cores"). */
enum { SIM_XSRC = 4 }; /* the cores of a group whose cross-core signals a tape can replay (MIX: 3) */
typedef struct sim_top {
  int kind, pipe, evt, id; /* SIM_T_* */
  const sim_inst *in;
  int64_t n;  /* SIM_T_SCALAR: cycles in 1/1024 (timing.c tscalar) */
  union {
    sim_qent e;             /* SIM_T_ENQ */
    int64_t src[SIM_XSRC];  /* SIM_T_XWAIT: per core of the group, the cross-core set (its SIM_T_XSET,
                             * 1-based) whose signal the wait took (a barrier: each arrival's), 0 none */
  };
} sim_top;
typedef struct sim_tcopy { /* a GM copy (MTE2 / MTE3) */
  int64_t bytes, segs, hit; /* hit: its read bytes found in L2 (set by asc_sim_l2_shared); a write's:
                             * its bytes written past the L2 (CACHE_MODE_DISABLE, counted in wb too) */
  int64_t start, end;       /* when it ran the first time */
  int64_t r0, r1;           /* its GM accesses: tape l2[r0 .. r1) */
  int pipe;
  int64_t wb;               /* bytes its accesses wrote back to HBM (dirty lines evicted) */
  int64_t xunits;           /* a read's GM units beyond its rows' lengths (unaligned rows, hw.def gm_unit) */
} sim_tcopy;
/* A copy whose time the replay computes again from its hit and write-back bytes (MTE2 / MTE3; a
 * fixpipe's GM writes keep their first timing) */
static inline bool asc_sim_tcopy_retimed(const sim_tcopy *k) {
  return k->pipe == ASC_PIPEID_PIPE_MTE2 || k->pipe == ASC_PIPEID_PIPE_MTE3;
}
typedef struct sim_tl2 { int64_t lo, n; int mem; bool write, bypass; } sim_tl2;
typedef struct sim_tape {
  sim_top *op;
  int64_t nop, capop;
  sim_tcopy *copy;
  int64_t ncopy, capcopy;
  sim_tl2 *l2;
  int64_t nl2, capl2, l2pend; /* l2[l2pend ..): accesses of the copy being issued */
  int64_t sclk0;               /* the scalar clock at the start */
  int kind, block;
  int skq;                     /* sim_core.skq */
  double gm_rate, gm_wrate, l2_rate;
  bool bad; /* its timing depends on another core in a way the tape does not hold: kept as it is */
  bool moved; /* the wave's shared L2 changed one of its copies' figures (hit bytes; l2.c tape_set): it
                 is timed again (else the replay would give the first timing again: the tape is every
                 input of it) */
} sim_tape;
enum { SIM_T_SCALAR, SIM_T_ENQ, SIM_T_SETS, SIM_T_WAITS, SIM_T_DRAIN, SIM_T_MARK, SIM_T_TRACES,
       SIM_T_XSET,   /* a cross-core set left its pipe (after its SIM_T_ENQ): its time is the signal's */
       SIM_T_XWAIT }; /* a cross-core wait on the scalar unit took a signal: src, the sets it came from */

typedef struct sim_pipeq {
  sim_qent *q; /* ring buffer */
  int head, n, cap;
  int64_t ready;    /* next instruction may start */
  int64_t drain;    /* every started instruction has finished */
  int64_t busy, busy_end;
  int64_t busy_sum;   /* instruction durations summed (msprof's pipe time) */
  int64_t busy_start; /* start of the busy interval ending at busy_end */
  int64_t blocked;    /* cycles the head waited for a flag */
  int64_t last_start, last_end; /* the last instruction started (UnitFlag hand-overs) */
  int64_t floor;      /* the next instruction ends no earlier (a UnitFlag hand-over it waited for) */
} sim_pipeq;

typedef struct sim_flag {
  bool set;
  int64_t time;
  int64_t flow; /* trace flow id of the set_flag that set it */
  const sim_inst *by; /* that set_flag (unpaired-set reports) */
  int64_t floor;      /* UnitFlag: the producer's end + one unit (0: an ordinary flag) */
} sim_flag;


typedef struct sim_group sim_group;

struct sim_core {
  const sim_launch *L;
  asc_ctx *ctx;
  int block;
  int kind;   /* ASC_HW_AIV or ASC_HW_AIC (hw.h) */
  int sub;    /* AIV: index among its block's AIVs */
  int inst;   /* core instance: index of this (block, core) in the launch */
  uint32_t pipemask; /* bit p: this core has pipe p (hw.def) */
  /* cross-core (xcore.c) */
  sim_group *G;  /* cores co-simulated with this one, NULL if alone */
  int gidx;      /* index in G */
  int64_t xepoch; /* cross-core syncs this core took part in (GM access epochs) */
  int64_t *xvc;   /* per core of G: the epochs of that core ordered before this one */
  int64_t **xhist; /* xhist[e]: xvc when xepoch was e */
  int nxhist, xhcap;
  int atomic_dt;  /* asc_sim_dtype of atomic GM stores, -1: none */
  int atomic_op;  /* 0 sum, 1 max, 2 min */
  int64_t xset_issued, xset_done, xset_time; /* cross-core signals on the pipes (timing.c) */
  int64_t uf_issued[2], uf_started[2]; /* UnitFlag mmads [0] and fixpipes [1] issued, started (timing.c) */
  int64_t uf_start[2], uf_end[2];      /* the last started one's start and end */
  sim_val *slots;
  uint8_t *ub;
  int64_t ub_bytes;
  uint8_t *lm[ASC_HW_NMEMS];    /* the core's memories by hw.def id (UB: ub; AIC: L1, L0A/B/C, BIAS, FIXBUF) */
  int64_t lmb[ASC_HW_NMEMS];    /* their sizes (0: not on this core) */
  int64_t mtop[ASC_HW_NMEMS];   /* TPipe bump pointer per memory (mtop[UB] is ub_top) */
  double **sfld;                /* per slot: the fields of the struct an asc.struct built there */
  struct sim_cube *cube;        /* cube unit registers (cube.c), NULL until used */
  struct sim_scratch *scr;      /* where its per-core arrays come from (coremem.c) */
  struct sim_aipp *aipp;        /* AIPP registers (aipp.c), NULL until set_aipp_functions */
  bool padread;                 /* the reads being made may cover fractal padding: not "uninitialised" */
  bool overwrite;               /* the write being handed out is overwritten whole (asc_sim_mem_overwrite) */
  int64_t mlo[ASC_HW_NMEMS], mhi[ASC_HW_NMEMS]; /* per memory (UB and the AIC's): hull of the bytes
                           asc_sim_mem handed out, which the block may have changed (launch.c
                           clears only these before the memory's next block) */
  uint8_t *warned; /* per instruction: a once-only warning was given */
  uint64_t mask[2]; /* vector mask register: lo lanes 0-63, hi 64-127 */
  bool counter;     /* mask mode: counter (set_mask_count) or normal */
  uint64_t cmpmask[2]; /* CMPMASK register (compare to register, set/get_cmp_mask, select mode 0) */
  uint64_t deqscale;   /* DEQSCALE register (set_deq_scale; vdeq.c) */
  int deq_mode;        /* the set_deq_scale form that set it last (vdeq.c), 0: none */
  bool padval_set;     /* set_pad_value was called; padval: its value (datacopy.c) */
  double padval;
  uint64_t vms4_sr;    /* VMS4_SR: records the last mrg_sort took from each list, 16 bits each (vsort.c) */
  sim_val sys_workspace, hccl_ctx[2]; /* set_sys_workspace / set_hccl_context pointers */
  bool mm_layout;                     /* set_mm_layout_transform */
  struct { int64_t lo, hi; uint8_t kinds; } ia[4]; /* check_local_memory_ia registers (print.c) */
  uint8_t ia_on;          /* bit k: register k enabled */
  bool mprof_on;         /* metrics_prof_start .. stop (print.c) */
  int64_t mprof_t0, mprof_cycles;
  int64_t lma[16];      /* LocalMemAllocator next addresses (resource.c) */
  struct sim_sarray { int64_t len; sim_val *v; } *sarr; /* asc.array's indexed at run time (scalarx.c) */
  int nsarr, sarrcap;
  int nlma;
  int64_t gather_kept;  /* elements the last gather_mask kept (get_gather_mask_remain_count) */
  /* TPipe (hardware.md §9) */
  bool has_tpipe;
  bool tpipe_down;             /* destroyed and not initialised again */
  int64_t pos_bytes[SIM_NPOS]; /* bytes carved per TPosition, for messages */
  uint8_t idmask[SIM_NEVENTS]; /* AllocEventID occupancy */
  sim_qbuf bufs[SIM_MAXQBUF];
  int nbufs;
  sim_queue *queues;
  int nqueues, qcap;
  sim_tbuf *tbufs;
  int ntbufs, tcap;
  /* timing */
  int64_t sclk; /* the scalar unit's clock */
  int skq;      /* the scalar unit's cycles per cycle of work, in 1/1024 (launch.c scalar_load); 0: 1024 and no
                 * start-up counted (the cube side's group cores: their HW_LIBWORK fits hold both) */
  int64_t sacc; /* scalar work not yet a whole cycle, in 1/1024 cycle (timing.c scalarq) */
  int64_t fqrem; /* flag ops' work not yet a 1/1024 cycle, in 1/102400 cycle (timing.c flagq) */
  sim_pipeq pipes[ASC_SIM_NPIPES];
  uint32_t qmask; /* bit p: pipes[p] holds instructions (timing.c scans only these) */
  uint32_t htstale; /* bit p: pipes[p]'s head time (ht) must be computed again (timing.c) */
  uint32_t waitmask, gmmask; /* bit p: pipes[p]'s head is a wait_flag / uses the GM port (timing.c) */
  int64_t ht[ASC_SIM_NPIPES]; /* the earliest start of each non-empty pipe's head, as last computed */
  int pick; int64_t pickt; bool pickok; /* pickpipe's last answer, good while no head is stale */
  int8_t hrank[ASC_SIM_NPIPES]; /* each non-empty pipe's head's tie rank (timing.c kindrank) */
  sim_flag flags[SIM_NEVENTS][SIM_NIDS];
  /* sanitizers (sanitize.c, race.c, shadow.c) */
  const sim_inst *cur;   /* the instruction the scalar unit is executing */
  bool sfree;            /* it is cur->nocharge: its scalar work is not charged (scharge.c) */
  struct sim_san *san;   /* NULL when sanitizing is off */
  asc_sim_record *recs;  /* this block's findings */
  int nrecs, reccap;
  double gm_rate;     /* GM read bytes per cycle of this block's GM port (its wave's share) */
  double gm_wrate;    /* the same for GM writes */
  double l2_rate;     /* L2 read bytes per cycle of this block (its wave's share) */
  sim_l2 l2;          /* its part of the L2 cache */
  int64_t gm_free;    /* the core's share of the chip's GM bandwidth is free from this cycle on */
  int64_t chan_free[2]; /* the core's own GM read / write channel is free from this cycle on (AIV) */
  struct sim_gmhold {   /* the AIV copy that holds the core's share until gm_free (timing.c preempt) */
    int pipe;           /* its pipe + 1 (0: none) */
    int64_t issue, start; /* its issue time (its age) and start */
    int64_t end, busy_end, ready, chan; /* its end, busy end, pipe-ready and channel-free times */
    int64_t copy, trace; /* its tape copy (index + 1) and trace record (index + 1), 0 none */
  } hold;
  int64_t overlap;    /* cycles MTE2 and V were both busy */
  int64_t sblocked;   /* scalar cycles waiting for flags */
  int64_t nflow;
  uint64_t jrng;      /* jitter generator state (timing.c), seeded on first use */
  sim_trec *trace;    /* NULL unless tracing */
  sim_tape *tape;     /* NULL unless the launch times its waves again with a shared L2 (launch.c) */
  int ntrace, tcap_trace;
  sim_blockout *out;  /* where the block's findings go when it ends (launch.c) */
  /* watchdog and cancellation (control.c) */
  int64_t steps, poll_at; /* instructions and loop iterations so far; next poll */
  struct { const sim_inst *in; int64_t iters; } loops[SIM_MAXLOOPS]; /* running loops, outermost first */
  int nloops;
  /* out-of-bounds accesses let through (strict_gm off; memory.c) */
  struct sim_oobw *oobw; /* this block's warnings, one per op site */
  int noobw, oobwcap;
  uint8_t *gms[2];       /* read / write scratch standing for the bytes beyond a GM array */
  int64_t gmscap[2];
  uint8_t *pend_dst;     /* a write through scratch: its in-array part, copied by asc_sim_mem_commit */
  const uint8_t *pend_src;
  int64_t pend_n;
};

/* ---- numeric.c: dtypes and exact rounding ------------------------------------------------ */
enum { SIM_RM_NONE, SIM_RM_RINT, SIM_RM_FLOOR, SIM_RM_CEIL, SIM_RM_ROUND, SIM_RM_TRUNC, SIM_RM_ODD };

int asc_sim_dtype_of(const asc_type *t);      /* scalar type -> asc_sim_dtype, -1 if none */
int asc_sim_elem_dtype(const asc_type *t);    /* element type of a tensor / GM type, -1 if none */
bool asc_sim_dt_float(int dt);
bool asc_sim_dt_signed(int dt);
/* x rounded to the precision and range of float type dt by round mode rm. */
double asc_sim_round_fp(double x, int dt, int rm);
double asc_sim_round_int(double x, int rm); /* x rounded to an integral value by rm */
/* x rounded to an integer by rm, then saturated to integer type dt (NaN -> 0). */
int64_t asc_sim_fp_to_int(double x, int dt, int rm);
int64_t asc_sim_wrap(int64_t v, int dt); /* v truncated to dt's width and re-extended */
int64_t asc_sim_int_sat(int64_t v, int dt); /* v clamped to integer type dt's range */
double asc_sim_loadf(int dt, const uint8_t *p);   /* element as a double (ints too) */
int64_t asc_sim_loadi(int dt, const uint8_t *p);  /* integer element */
void asc_sim_storef(int dt, uint8_t *p, double v); /* rounds to nearest even for floats */
void asc_sim_storei(int dt, uint8_t *p, int64_t v); /* wraps */
uint16_t asc_sim_f16_bits(double v);
double asc_sim_f16_value(uint16_t bits);

/* ---- memory.c ------------------------------------------------------------------------------ */
/* Host pointer to bytes [off, off+nbytes) of the reference r, or NULL after reporting an
 * error naming op, `what` and the bounds (r's extent, then its memory's). */
uint8_t *asc_sim_mem(sim_core *c, const asc_op *op, const sim_val *r, int64_t off, int64_t nbytes,
                     const char *what);
/* asc_sim_mem(c, op, r, off, nbytes, ...) would hand out a pointer with no finding, warning or
 * exception check: a local memory or a GM array that is not read-only, the range inside r's tensor
 * and its memory.  Copies check a strided range's hull with it once where the per-piece calls
 * could only succeed. */
bool asc_sim_mem_plain(sim_core *c, const sim_val *r, int64_t off, int64_t nbytes);
/* asc_sim_mem(c, op, r, off, nbytes, "write") for a caller that writes every byte of the range before
 * it reads any of it (and reads nothing else of its memory after this call in the same
 * instruction): the block's first write to a local-memory chunk need not clear it first. */
static inline uint8_t *asc_sim_mem_overwrite(sim_core *c, const asc_op *op, const sim_val *r, int64_t off,
                                             int64_t nbytes) {
  c->overwrite = true;
  uint8_t *p = asc_sim_mem(c, op, r, off, nbytes, "write");
  c->overwrite = false;
  return p;
}
/* asc_sim_mem(c, op, r, off, nbytes, write ? "write" : "read") for a piece of a range asc_sim_mem_plain
 * accepted: the same effects (watchdog work, the L2 model's access for GM, sanitizer access, the
 * local memory's hull) without the checks that could only pass.  Loops that touch a range a piece at
 * a time (img2col's 32-byte pieces, nd2nz's GM rows, load_data's fractals) call it per piece. */
uint8_t *asc_sim_mem_piece(sim_core *c, const sim_val *r, int64_t off, int64_t nbytes, bool write);
/* asc_sim_mem_piece for count pieces of nbytes each, stride bytes apart (stride > nbytes), one after
 * the other: the same effects, the sanitizers' in one step where the rows extend a run (race.c);
 * the first piece's address. */
uint8_t *asc_sim_mem_rows(sim_core *c, const sim_val *r, int64_t off, int64_t nbytes, int64_t stride, int64_t count,
                          bool write);
/* After writing through a pointer asc_sim_mem returned: the in-array part of a write that
 * went partly beyond its GM array reaches the array (strict_gm off). */
void asc_sim_mem_commit(sim_core *c);
/* check_local_memory_ia (print.c): -1 after the error when the access [lo, hi) of UB by op hits an
 * enabled exception register for its kind (scalar / vector / MTE, read / write). */
int asc_sim_ia_check(sim_core *c, const asc_op *op, int64_t lo, int64_t hi, bool write);
void asc_sim_mem_free(sim_core *c);
typedef struct sim_oobw {
  const asc_op *op;
  char *msg;
} sim_oobw;
typedef struct sim_oobseen {
  const asc_op **ops;
  int n, cap;
} sim_oobseen;
/* a and b state one source site (the same op, or one kind of op at one known loc). */
bool asc_sim_same_site(const asc_op *a, const asc_op *b);
/* Give a block's out-of-bounds warnings of op sites not in seen, on L's context and in rep. */
void asc_sim_oob_replay(const sim_launch *L, const sim_oobw *w, int n, sim_oobseen *seen, asc_sim_report *rep);
/* A failed block's let-through findings, replayed before its errors: the first becomes the
 * launch's error (*cause set once it is made), the rest stay warnings. */
void asc_sim_oob_replay_cause(const sim_launch *L, const sim_oobw *w, int n, sim_oobseen *seen, asc_sim_report *rep,
                              bool *cause);
void asc_sim_oobw_free(sim_oobw *w, int n);
/* Core instance inst (its let-through findings w[0 .. n)) is committed: its first finding goes to
 * live_fd unless one went before (ctx: the core's own, for the source line); the next core may now
 * write its first as it happens. */
void asc_sim_live_commit(const sim_launch *L, asc_ctx *ctx, const sim_oobw *w, int n, int inst);
/* strict_gm off: a KernelWarning for what an NPU runs through (out-of-bounds, uninitialised reads). */
void asc_sim_lenient_warn(sim_core *c, const asc_op *op, const char *fmt, ...) ASC_PRINTF(3, 4);
const char *asc_sim_mem_name(const sim_core *c, int mem); /* "UB" or the GM array's name */
bool asc_sim_is_gm_type(const asc_type *t);
/* Checked size and offset arithmetic: *r := a * b (a + b), or -1 after an error naming op,
 * `what` (e.g. "count 9223372036854775807 of 4-byte elements") and the numbers: a 64-bit
 * count or offset never wraps into a small or negative byte count. */
int asc_sim_mul(sim_core *c, const asc_op *op, const char *what, int64_t a, int64_t b, int64_t *r);
int asc_sim_add(sim_core *c, const asc_op *op, const char *what, int64_t a, int64_t b, int64_t *r);
/* A parameter-struct field (a double) as an integer in [lo, hi], or -1 after an error naming
 * op and the field (NaN, fractions of the range and values outside it never reach a cast). */
int asc_sim_field(sim_core *c, const asc_op *op, const char *field, double v, int64_t lo, int64_t hi,
                  int64_t *r);
/* The same for field f (ASC_SF_<Struct>_<field>, structs.def) of the struct whose storage is p
 * (sim_val.fld): its index and its label "Struct.field" come from the field table. */
int asc_sim_sfield(sim_core *c, const asc_op *op, const double *p, asc_sfield f, int64_t lo, int64_t hi,
                   int64_t *r);
/* The same with the field's range from src/ops/field_ranges.def (the verifier's too). */
int asc_sim_sfield_ranged(sim_core *c, const asc_op *op, const double *p, asc_sfield f, int64_t *r);
/* Field f of struct S read from its storage p by name: SFLD(p, DataCopyParams, block_len).  The index
 * is a constant from structs.def; a field the struct lacks does not compile. */
#define SFLD(p, S, f) ((p)[ASC_SFI(S, f)])
/* Errors and once-per-instruction warnings at the op's source location. */
int asc_sim_err(sim_core *c, const asc_op *op, const char *fmt, ...) ASC_PRINTF(3, 4);
void asc_sim_warn_once(sim_core *c, const sim_inst *in, const char *fmt, ...) ASC_PRINTF(3, 4);

/* ---- timing.c ------------------------------------------------------------------------------ */
/* Issue in to pipe: it occupies the pipe `occupy` cycles and finishes `latency` cycles
 * after it starts.  PIPE_S instructions run on the scalar unit at once. */
int asc_sim_issue(sim_core *c, const sim_inst *in, int64_t occupy, int64_t latency);
/* An mmad (SIM_UF_MMAD) or fixpipe (SIM_UF_FIX) with unit_flag 2 or 3: L0C passes between them unit by
 * unit with no flag (docs/timing.md, "UnitFlag"); role 0 is asc_sim_issue. */
int asc_sim_issue_unit(sim_core *c, const sim_inst *in, int64_t occupy, int64_t latency, int role);
/* A cube-side instruction that wrote `bytes` of GM (the fixpipe; wb: the write-back bytes in occupy): its
 * accesses are a copy of the timing tape of their own (docs/timing.md, "L2 shared between cores"). */
int asc_sim_issue_gm_write(sim_core *c, const sim_inst *in, int64_t occupy, int64_t bytes, int64_t wb, int role);
/* Before a UnitFlag instruction's accesses: the race detector's order of the hand-over. */
void asc_sim_unit_sync(sim_core *c, int role);
int asc_sim_issue_set(sim_core *c, const sim_inst *in, int evt, int id);
int asc_sim_issue_wait(sim_core *c, const sim_inst *in, int evt, int id);
int asc_sim_issue_barrier(sim_core *c, const sim_inst *in, int pipe);
/* A cross-core signal on pipe: *t := when the pipe's earlier work has finished. */
int asc_sim_issue_xset(sim_core *c, const sim_inst *in, int pipe, int64_t *t);
void asc_sim_scalar(sim_core *c, int64_t cycles); /* scalar work of the current op */
void asc_sim_charge(sim_launch *L); /* scharge.c: the scalar code the device runs (nocharge, hoisted) */
void asc_sim_scalar_measured(sim_core *c, int64_t cycles); /* scalar time measured on the part (HW_LIBWORK) */
/* Wait for every pipe to drain (PIPE_ALL); -1 after a deadlock report. */
int asc_sim_drain(sim_core *c, const sim_inst *in);
/* Kernel end: warn about flags set and never waited. */
void asc_sim_check_unpaired(sim_core *c, const sim_inst *in);
void asc_sim_timing_free(sim_core *c);
/* The pipes' queues and the trace of a core (a re-timing core has nothing else of its own). */
void asc_sim_pipes_free(sim_core *c);
int64_t asc_sim_core_time(const sim_core *c);
/* The cost model: a vector instruction of `repeats` repeats of `beats` cycles each, and
 * a GM<->UB (or UB->UB on V) transfer of `bytes`. */
void asc_sim_l2_access(sim_core *c, int mem, int64_t lo, int64_t n, bool write);
/* set_l2_cache_hint: GM bytes [lo, lo + n) of mem bypass the L2 (off) or use it again. */
void asc_sim_l2_hint(sim_core *c, int mem, int64_t lo, int64_t n, bool off);
int64_t asc_sim_l2_take_hits(sim_core *c);
/* The bytes written back to HBM by the accesses since the last copy was issued, reset. */
int64_t asc_sim_l2_take_wb(sim_core *c);
void asc_sim_l2_free(sim_core *c);
/* The wave's copies through one L2 shared by its cores, in the order they first ran: sets every
 * copy's hit bytes (docs/timing.md, "L2 shared between cores"). */
typedef struct sim_l2replay sim_l2replay; /* the arrays of asc_sim_l2_shared, reused */
sim_l2replay *asc_sim_l2_replay_new(void);
void asc_sim_l2_replay_free(sim_l2replay *R);
int64_t asc_sim_l2_replay_bytes(const sim_l2replay *R);
void asc_sim_l2_shared(const sim_costs *k, sim_tape *const *t, int n, sim_l2replay *R);
int asc_sim_l2_shared_begin(const sim_costs *k, sim_tape *const *t, int n, sim_l2replay *R, int maxparts);
void asc_sim_l2_shared_part(const sim_costs *k, sim_l2replay *R, int part);
void asc_sim_l2_shared_end(sim_tape *const *t, sim_l2replay *R);
/* Time the cores of a group (one block: its AIC and AIVs, cross-core flags between them) again from
 * their tapes t[0 .. n) on c[0 .. n) (zeroed but for L, ctx, kind, block, pipemask, rates, warned),
 * together: a cross-core wait takes its signal's time from the sets' replays.  -1 after a deadlock. */
int asc_sim_tape_replay(sim_core **c, sim_tape *const *t, int n);
/* Core c (on a tape) took a cross-core signal whose sets were src[0 .. n) (per group core, 1-based, 0 none). */
void asc_sim_tape_xwait(sim_core *c, const int64_t *src, int n);
void asc_sim_tape_free(sim_tape *t);
/* The scalar clock at the start of an op (a mark on the tape when tracing). */
int64_t asc_sim_tmark(sim_core *c);
int asc_sim_issue_copy_segs(sim_core *c, const sim_inst *in, int64_t bytes, int64_t segs);
int asc_sim_issue_copy_rows(sim_core *c, const sim_inst *in, int64_t bytes, int64_t segs, int64_t xunits);
int asc_sim_issue_vec(sim_core *c, const sim_inst *in, int64_t repeats, int64_t bank_cycles);
int asc_sim_issue_copy(sim_core *c, const sim_inst *in, int64_t bytes);
/* Trace record of the scalar unit's cycles [s0, sclk) on in (when tracing). */
void asc_sim_trace_scalar(sim_core *c, const sim_inst *in, int64_t s0);

/* ---- profile.c: per-instruction costs (the records and costs themselves: sim/trace.h) ---------- */
/* The costs of the instructions with records in r[0..n) over a block of `cycles` cycles:
 * a malloc'd array sorted by instruction id (*nout entries; ids < ninsts; `end` takes the
 * cycles when there are no records). */
sim_icost *asc_sim_attrib(const sim_trec *r, int n, int64_t cycles, const sim_inst *end, int ninsts, int *nout);
/* Adds src[0..n) into the dense per-instruction array dst (ninsts entries). */
void asc_sim_icost_add(sim_icost *dst, const sim_icost *src, int n);
/* rep->lines from the dense per-instruction costs of the whole launch. */
void asc_sim_report_lines(asc_sim_report *rep, const sim_icost *all, int ninsts);

/* ---- sanitize.c, race.c, shadow.c: the sanitizers (hardware.md §14) -------------------------- */
/* A finding: printed through asc_diag at op a's location and kept as a report record. */
typedef struct sim_finding {
  asc_sim_check kind;
  asc_severity sev;
  int hazard;          /* races: ASC_SIM_RAW / WAR / WAW */
  const asc_op *a, *b; /* the op reported; the other op of a race (or NULL) */
  int pa, pb;          /* their pipes, -1 if none */
  int mem;             /* SIM_MEM_UB, a GM index, or SIM_MEM_NONE */
  int64_t lo, hi;      /* byte range in mem */
} sim_finding;

/* Print and record f; returns -1 for an error, 0 for a warning. */
int asc_sim_found(sim_core *c, const sim_finding *f, const char *fmt, ...) ASC_PRINTF(3, 4);
/* The same for a finding at instruction in (its pipe) with no byte range. */
int asc_sim_found_at(sim_core *c, asc_sim_check kind, asc_severity sev, const sim_inst *in, const char *fmt,
                     ...) ASC_PRINTF(5, 6);
/* The pipe an op of the current instruction runs on, -1 if unknown. */
int asc_sim_cur_pipe(const sim_core *c, const asc_op *op);
/* A program's spare cross-core range arrays (L->sanlaunch, L->sanwl): a launch and each core
 * take them and give them back emptied, so that the next ones write pages already mapped
 * instead of growing fresh arrays. */
void asc_sim_sanspares_new(sim_launch *P);
void asc_sim_sanspares_free(sim_launch *P);
void asc_sim_san_launch_begin(sim_launch *L);
/* GM-overlap check across blocks (unless a block failed); moves the records into rep;
 * frees L->san (its range arrays back to L->sanlaunch when there is one). */
void asc_sim_san_launch_end(sim_launch *L, asc_sim_report *rep, bool failed);
void asc_sim_san_core_begin(sim_core *c); /* allocates c->san when L->sanitize */
void asc_sim_san_core_end(sim_core *c);   /* hands the block's records to c->out; frees */
/* Append the findings and GM accesses of core instance b (the block in AIV_ONLY launches) to the
 * launch (in index order); empties out. */
void asc_sim_san_commit_block(const sim_launch *L, int b, sim_blockout *out);
void asc_sim_blockout_free(const sim_launch *L, sim_blockout *out);
/* print.c: a block's printf / dump_tensor output, with its dump header, onto the report (in commit order). */
void asc_sim_print_commit(const sim_launch *L, sim_blockout *out, asc_sim_report *rep);
void asc_sim_records_free(asc_sim_record *r, int n);
/* race.c: the happens-before model.  Accesses of the current instruction are collected by
 * asc_sim_mem and checked after it ran (commit).  A race or uninitialised read is reported
 * (an error) but does not stop the block: commit returns 0. */
void asc_sim_san_access(sim_core *c, int mem, int64_t lo, int64_t n, bool write);
/* asc_sim_san_access for count ranges of n bytes, stride bytes apart, in rising order. */
void asc_sim_san_rows(sim_core *c, int mem, int64_t lo, int64_t n, int64_t stride, int64_t count, bool write);
int asc_sim_san_commit(sim_core *c, const sim_inst *in);
void asc_sim_san_set(sim_core *c, int evt, int id);
void asc_sim_san_wait(sim_core *c, int evt, int id);
void asc_sim_san_barrier(sim_core *c, int pipe); /* PIPE_ALL joins every pipe */
void asc_sim_san_handover(sim_core *c, int from, int to); /* a flag set on `from` and waited on `to` at once */
/* A cross-core flag set on pipe p leaves once p's earlier instructions are done, not the other
 * pipes' (and a scalar store reaches GM at a data_cache_clean_and_invalid): the GM writes of
 * this core the flag does not wait for count in the next cross-core epoch, so the other core's
 * access after its wait races with them.  Called before the set's epoch ends.  (A read the flag
 * does not wait for, then the other core's write, is not judged yet.) */
void asc_sim_san_xset(sim_core *c, const sim_inst *set, int p);
void asc_sim_san_dcci(sim_core *c); /* the scalar unit's writes so far reached GM */
/* shadow.c: which UB bytes were ever written (byte granularity, word-wide range ops, a
 * summary bit per fully written 4 KB chunk).  One allocation: free() releases it. */
typedef struct sim_shadow {
  uint64_t *w;    /* a bit per byte */
  uint64_t *full; /* a bit per 64 words of w: all set */
  int64_t bytes;  /* of the memory it shadows */
  int64_t nfull;  /* words of full */
  int64_t wlo, whi; /* every set bit lies in words [wlo, whi) (reset clears only those) */
} sim_shadow;
sim_shadow *asc_sim_shadow_new(int64_t bytes);
/* s as asc_sim_shadow_new(s->bytes) made it: no byte written. */
void asc_sim_shadow_reset(sim_shadow *s);
/* *s for `bytes` of memory, made if there is none: one of another size (a spare's) is dropped first;
 * none for no bytes. */
sim_shadow *asc_sim_shadow_fit(sim_shadow **s, int64_t bytes);
void asc_sim_shadow_mark(sim_shadow *s, int64_t lo, int64_t hi);
/* First unwritten byte in [lo, hi) or -1; *end := the end of that unwritten run. */
int64_t asc_sim_shadow_find(const sim_shadow *s, int64_t lo, int64_t hi, int64_t *end);

/* ---- xcore.c: core groups, cross-core synchronization, atomics ---------------------------- */
void asc_sim_cube_free(struct sim_cube *k); /* a core's cube registers and scratch (NULL: none) */

/* ---- things a program keeps for reuse, shared by its host threads (spares.c); S NULL: none kept ---- */
typedef struct sim_spares sim_spares;
/* At most keep things of at most budget bytes in all. */
sim_spares *asc_sim_spares_new(int keep, int64_t budget);
void asc_sim_spares_free(sim_spares *S, void (*drop)(void *)); /* drop frees each thing kept */
/* The last thing given that fits(thing, want) (fits NULL: any), taken out of S; NULL if none. */
void *asc_sim_spares_take(sim_spares *S, bool (*fits)(const void *x, const void *want), const void *want);
/* x (of `bytes`) into S, or drop(x) if S keeps no more; x NULL: nothing. */
void asc_sim_spares_give(sim_spares *S, void *x, int64_t bytes, void (*drop)(void *));

/* ---- a block's per-core arrays, kept between blocks and launches (coremem.c) ---- */
/* vector.c's bank cycles of an instruction's repeats 0-2 for one placement of its (up to 4) operands */
typedef struct sim_vmemo1 {
  int64_t off[4], cyc[3];
  bool ub[4];
  int nsrc; /* operands + 1; 0: empty */
} sim_vmemo1;
typedef struct sim_vmemo {
  sim_vmemo1 e[2];
  int last; /* the entry found or made last */
} sim_vmemo;

typedef struct sim_scratch { /* (sim_core.scr) */
  int nslots, ninsts;     /* what it was made for (the program's) */
  int64_t ub_bytes;       /* the platform's UB */
  sim_val *slots;
  uint8_t *warned;
  uint8_t *lm[ASC_HW_NMEMS]; /* local memories by hw.def id (UB, the AIC's), NULL until a core needs one */
  int64_t lmb[ASC_HW_NMEMS];  /* their sizes */
  /* The chunks (SIM_ZCHUNK bytes) of lm[m] that may be non-zero: a block sees its memories all zero,
   * but a chunk an earlier block wrote is cleared only when this block first reaches it, and not at
   * all when that first access overwrites the whole chunk (asc_sim_mem_overwrite). */
  uint64_t *zmap[ASC_HW_NMEMS];
  int64_t zn[ASC_HW_NMEMS];   /* bits set in zmap[m] */
  sim_trec *trace;        /* the trace records' buffer, when the blocks' records are not kept */
  int tcap;
  int64_t tape_op, tape_copy, tape_l2; /* the last block's tape lengths: the next one's first capacity */
  uint8_t *mm;            /* mmad's packed operands (cube.c, cube_kernels.h), 64-byte aligned */
  size_t mmcap;
  sim_vmemo *vmemo;       /* per instruction (vector.c vbank_first3), NULL until a vector op needs it */
} sim_scratch;
sim_spares *asc_sim_scratchpool_new(void);
void asc_sim_scratchpool_free(sim_spares *P);
sim_scratch *asc_sim_scratch_take(const sim_launch *L);
void asc_sim_scratch_give(const sim_launch *L, sim_scratch *s);
/* Core c (kind and L set) gets s's slots, warning bits, trace buffer and its memories, all zero. */
void asc_sim_scratch_bind(sim_scratch *s, sim_core *c);
/* After c's block: which bytes of s's memories it may have changed. */
void asc_sim_scratch_keep(sim_scratch *s, const sim_core *c);
enum { SIM_ZSHIFT = 9, SIM_ZCHUNK = 1 << SIM_ZSHIFT };
/* Bytes [lo, hi) of local memory m are being handed out: clear the chunks of them an earlier block
 * left non-zero (whole chunks, so the rest of a chunk is zero too), or, with `over` (the caller
 * writes every byte of [lo, hi) before anything reads it), only mark those inside [lo, hi) clear. */
void asc_sim_scratch_zero(sim_scratch *s, int m, int64_t lo, int64_t hi, bool over);

/* ---- host threads kept between launches (hostpool.c); P NULL: a thread of its own ---- */
typedef struct sim_hostthread sim_hostthread;
sim_spares *asc_sim_hostpool_new(void);
void asc_sim_hostpool_free(sim_spares *P); /* every thread of it back (joined) first */
/* fn(arg) on a pool thread (signals blocked); NULL if no thread could be started. */
sim_hostthread *asc_sim_host_start(sim_spares *P, void *(*fn)(void *), void *arg);
/* Wait for fn to return; the thread goes back to P. */
void asc_sim_host_join(sim_spares *P, sim_hostthread *h);
/* ---- the stacks of a core group's coroutines (hostpool.c), kept between launches; P NULL: not kept ---- */
typedef struct sim_stack sim_stack;
sim_spares *asc_sim_stackpool_new(void);
void asc_sim_stackpool_free(sim_spares *P);
sim_stack *asc_sim_stack_take(sim_spares *P);
void asc_sim_stack_give(sim_spares *P, sim_stack *s);
void *asc_sim_stack_lo(const sim_stack *s); /* the usable stack: [lo, lo + bytes) */
size_t asc_sim_stack_bytes(const sim_stack *s);
/* cube.c's operand checks: operand i lies in one of the hw.def memories of mask (want names them);
 * its start plus off bytes is align-byte aligned.  0, or -1 after the error. */
int asc_sim_want_mem(sim_core *c, const sim_inst *in, int i, unsigned mask, const char *arg, const char *want);
int asc_sim_want_align(sim_core *c, const sim_inst *in, int i, int64_t off, int align, const char *arg);
/* Kernel type and grouping from the ops the kernel uses (and opts->kernel_type); 0 or -1. */
int asc_sim_classify(sim_launch *L, const asc_op *func, int kernel_type);
/* "block 3", "block 3 AIC", "block 3 AIV1": how reports name a core. */
void asc_sim_core_label(const sim_core *c, char *buf, size_t n);
/* init_soc_state's cube part: load3d boundary and padding value back to 0 (cube.c). */
void asc_sim_cube_soc_reset(sim_core *c);
/* Atomic store of n bytes from s into GM d (the core's atomic mode is set). */
void asc_sim_atomic_store(sim_core *c, uint8_t *d, const uint8_t *s, int64_t n);
/* Core instance i of the launch: its block, kind and AIV index. */
void asc_sim_inst_core(const sim_launch *L, int i, int *block, int *kind, int *sub);
/* Run cores[0..n) on one timeline (a core group); run(c, user) runs one core to the end. */
void asc_sim_run_group(const sim_launch *L, int n, sim_core **cores, void (*run)(sim_core *c, void *user),
                       void *user);
/* Whether GM access a (core instance ia, epoch ea) happens before b (ib, eb). */
bool asc_sim_xordered(const sim_launch *L, int ia, int64_t ea, int ib, int64_t eb);

/* ---- sync.c: events ------------------------------------------------------------------------ */
void asc_sim_init_events(sim_launch *L); /* fills evt_src / evt_dst from the event names */
const char *asc_sim_evt_name(int evt);
bool asc_sim_pipe_on_aiv(int pipe);
/* 0, or -1 after reporting an event or id the AIV core cannot use. */
int asc_sim_check_event(sim_core *c, const sim_inst *in, int evt, int64_t id);

/* ---- control.c ------------------------------------------------------------------------------ */
int asc_sim_run_block(sim_core *c, const sim_block *b);
/* The watchdog and the cancel flag, every SIM_POLL steps: -1 after reporting the stop. */
int asc_sim_poll(sim_core *c);
/* The watchdog's unit of work (max_instructions): one instruction, SIM_WORK_BYTES bytes an op
 * touches, or SIM_WORK_MACS multiply-adds of an mmad, each about as long on the host, so a runaway
 * cube or copy loop stops about as soon as a runaway scalar loop (seconds, not minutes). */
enum { SIM_WORK_BYTES = 64, SIM_WORK_MACS = 64 };
static inline int asc_sim_tick(sim_core *c, int64_t n) {
  c->steps += n;
  return c->steps >= c->poll_at ? asc_sim_poll(c) : 0;
}
/* Whether the launch's cancel flag is raised (launch.c). */
bool asc_sim_cancelled(const sim_launch *L);
/* Whether the running blocks can stop: cancelled, or an earlier block failed. */
bool asc_sim_halted(const sim_launch *L);
/* Copy the slots of vals[0..n) into dst[0..n) as one parallel assignment. */
void asc_sim_copy_slots(sim_core *c, const int *dst, const int *src, int n);

/* ---- resource.c ---------------------------------------------------------------------------- */
/* End of kernel (TPipe::Destroy): wait the pending backward events. */
int asc_sim_tpipe_destroy(sim_core *c, const sim_inst *in);
void asc_sim_sys_init(sim_core *c); /* system registers of a fresh core (scalarx.c) */

/* ---- semantics: one function per ops.def exec column entry ---------------------------------- */
/* Each family file defines the asc_exec_<exec> functions its ops.def rows name (EXPANDED and
 * STRUCTURAL rows name none); lower.c builds the dispatch table from the same column. */
#define OP(id, name, fam, pipe, cost, opnds, res, rd, wr, nreg, flags, attrs, dtypes, exec, doc) \
  int asc_exec_##exec(sim_core *c, const sim_inst *in);
#include "ops/ops.def"
#undef OP

/* ---- lower.c ------------------------------------------------------------------------------ */
/* Build L's program from func; -1 after reporting an unsupported or malformed op. */
int asc_sim_lower(sim_launch *L, const asc_op *func);

/* ---- platform.c ------------------------------------------------------------------------- */
const sim_costs *asc_sim_costs_of(const asc_platform *p); /* its hw.def row */

/* Shorthands for op functions. */
static inline sim_val *sim_in(sim_core *c, const sim_inst *in, int i) { return &c->slots[in->in[i]]; }
static inline sim_val *sim_out(sim_core *c, const sim_inst *in, int i) { return &c->slots[in->out + i]; }
static inline const asc_type *sim_intype(const sim_inst *in, int i) { return in->op->operands[i]->type; }
/* A level-0 form's facts from ops.def's FORM rows: its count-form op (ASC_OP_COUNT if it is no form) and
 * in *bits whether it takes the (hi, lo) bit mask (BITMASK) rather than a lane count (MASK). */
static inline asc_opcode sim_formof(const sim_inst *in, bool *bits) {
  asc_form_kind k = ASC_FORM_MASK;
  asc_opcode base = asc_op_form_base((asc_opcode)in->op->code, &k);
  *bits = k == ASC_FORM_BITMASK;
  return base;
}
static inline const asc_type *sim_outtype(const sim_inst *in, int i) { return in->op->results[i].type; }

#endif
