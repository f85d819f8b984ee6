/* san_int.h - what the sanitizer files (sanitize.c, race.c, shadow.c) share: the
 * per-core happens-before state and the per-launch collection of findings. */
#ifndef ASC_SIM_SAN_INT_H
#define ASC_SIM_SAN_INT_H

#include "sim/sim_int.h"

enum { SAN_NP = ASC_SIM_NPIPES, SAN_MAXPEND = 512, SAN_MAXREC = 4096 };
enum { SAN_REP_UNINIT = 1 }; /* sim_san.reported bits */

typedef struct sim_san sim_san;

enum { SAN_TW = (SIM_NEVENTS * SIM_NIDS + 63) / 64 };
typedef struct san_taint {
  uint64_t w[SAN_TW];
} san_taint;
typedef struct sim_sanlaunch sim_sanlaunch;

/* The pending set of each id of one event: its clock and its stall bits. */
typedef struct san_evt {
  int64_t clk[SIM_NIDS][SAN_NP];
  san_taint taint[SIM_NIDS];
} san_evt;

/* A GM byte range one core read or wrote in one cross-core epoch, with the first op that
 * did it (cross-core checks, sanitize.c). */
typedef struct san_wrange {
  int64_t lo, hi;
  const asc_op *op;
  int pipe;
  int64_t epoch;      /* sim_core.xepoch */
  /* a copy of the access a cross-core flag set on another pipe did not wait for (NULL: the
   * access itself): it counts in the epoch after that flag's (asc_sim_san_xset) */
  const asc_op *xflag;
  int8_t write, atomic;
} san_wrange;

typedef struct san_wlist {
  san_wrange *v;
  int n, cap;
  int *set;  /* open-addressing set of the indices of the final ranges (all but the last, which may still
                grow): a range equal to one already there is dropped (a kernel reads the same rows for
                every tile; the cross-core check needs each distinct range once) */
  int setcap, nset;
  int hint; /* the entry after the one the last repeated range equalled: a tile's ranges repeat in order */
} san_wlist;

/* One access still able to race: instruction `in` on `pipe`, its epoch (the pipe's
 * instruction count when issued), and the bytes. */
typedef struct san_acc {
  int64_t lo, hi, epoch;
  int64_t seq; /* order of recording (reports name the latest conflicting access) */
  const sim_inst *in;
  int8_t pipe, write, atomic;
} san_acc;

typedef struct san_acclist {
  san_acc *v;
  int n, cap;
  int64_t hlo, hhi; /* the records' bytes lie in [hlo, hhi) (a hull, possibly wider): an access outside it
                       overlaps none of them, so checking it skips the list (streaming GM writes) */
  int prune; /* prune retired records when n reaches this (0: 64; race.c record) */
} san_acclist;

/* The hull of the pending accesses of one kind (memory, read / write, padding read): a new
 * access outside it cannot merge with any of them (asc_sim_san_access skips the search). */
typedef struct san_hull {
  int mem;
  bool write, pad;
  int64_t lo, hi;
  int last; /* its latest piece in pend */
  bool hasrun; /* one of its pieces is a run of rows (san_pend.count > 1) */
} san_hull;
enum { SAN_NHULL = 8 };

/* An access of the instruction being executed, merged with its neighbours; or a run of count
 * GM rows of one kind and length at a fixed stride (an nd2nz's source rows, a fixpipe's
 * destination rows), which stands for the count pieces the rows would be: row k is
 * [lo + k * stride, hi + k * stride), piece number ord for k = 0 and ord1 + k - 1 after. */
typedef struct san_pend {
  int mem;
  int64_t lo, hi;
  bool write;
  bool pad; /* a read that may cover fractal padding (sim_core.padread): no uninitialised-read check */
  int prevk; /* the previous piece of the same kind (memory, write, pad), -1: none */
  int ord, ord1; /* the piece's number in the instruction's order of pieces (of row 0, of row 1) */
  int count;     /* rows (1: a plain piece) */
  int64_t stride;
} san_pend;

/* Vector clocks per pipe (hardware.md §8): vc[p][q] = the instructions of pipe q that
 * every later instruction of p is ordered after.  A pipe's own entry vc[p][p] advances
 * only at barriers and flag round trips, because the hardware does not order two
 * instructions of one pipe for memory. */
struct sim_san {
  uint32_t corepipes; /* bit p: the core has pipe p (hw.def) */
  int64_t vc[SAN_NP][SAN_NP];
  int64_t cnt[SAN_NP];                      /* instructions issued per pipe (epochs) */
  /* The scalar unit's own instructions known complete: its writes are not ordered before
   * later issues by themselves, only once a flag round trip back to it (a wait on S whose
   * set carried them) or PIPE_ALL says so (sync.md B.4). */
  int64_t sknown;
  /* The scalar unit's writes a data_cache_clean_and_invalid wrote back to GM (SetValue's page:
   * a scalar store reaches GM only then): other cores see them after a cross-core flag. */
  int64_t sclean;
  san_evt *ev[SIM_NEVENTS]; /* per event, allocated when first set (a kernel uses a few) */
  uint8_t fset[SIM_NEVENTS][SIM_NIDS];      /* a set is pending (in program order) */
  int8_t fwait[SIM_NEVENTS][SIM_NIDS];      /* pipe + 1 of a wait issued before its set */
  /* Waits issued before their set (in program order) stall their pipe until the set comes,
   * and everything ordered after them stalls too: a bit per such flag, carried along the
   * same edges as the clocks.  A pipe with any bit set is not judged (a missing set is a
   * deadlock, reported by the timing model, not a race). */
  san_taint taint[SAN_NP];
  bool used[SAN_NP];
  uint32_t colmask; /* bit q: pipe q issued an instruction (cnt[q] > 0); every clock's entry q is 0 otherwise */
  int64_t floor[SAN_NP]; /* floor[p]: the instructions of p every pipe is ordered after */
  /* sver counts the changes of vc[S] (but its S entry) and sknown; jver[p] is its value when vc[p] last joined
   * them (an issue's join is a no-op while they stay the same: clocks only grow) */
  uint32_t sver, jver[SAN_NP];
  bool fstale;           /* a clock changed since floor was computed */
  int64_t seq;
  /* [m] the core's memory of hw.def id m (UB 1, L1 2, ...), [ASC_HW_NMEMS + g] GM array g: the
   * write records (mems) and the read records (rmems; a read never races with a read, so a read
   * access scans only mems) */
  san_acclist *mems, *rmems;
  /* Per memory, records every pipe but the scalar unit is ordered after: only a later
   * scalar access (get_value / set_value with no V_S-style flag) can still race with them. */
  san_acclist *sonly;
  int nmems;
  int ninsts; /* the program's instructions (reported has one more byte) */
  san_pend pend[SAN_MAXPEND];
  int npend;
  int nrows, nruns; /* pieces pend stands for (its runs' rows each), entries that are runs */
  san_pend merged[SAN_MAXPEND]; /* pend's pieces merged per memory and kind where they touch (race.c) */
  san_hull hull[SAN_NHULL]; /* of pend's kinds (nhull > SAN_NHULL: too many kinds, search always) */
  int nhull;
  const sim_inst *pin; /* the instruction pend belongs to */
  sim_shadow *lw[ASC_HW_NMEMS]; /* per core memory (UB, L1, L0A, ...): the bytes written (shadow.c) */
  /* The block keeps running after a race or an uninitialised read, so the findings that
   * follow are reported too; it reports one race, and one uninitialised read per instruction. */
  bool raced;
  uint8_t *reported; /* per instruction: SAN_REP_UNINIT */
  san_wlist *gmw;      /* GM bytes read and written, per array */
};

/* A GM byte range some core read or wrote (the cross-core checks after the run). */
typedef struct san_gmw { /* a san_wrange of core instance inst (the block in AIV_ONLY launches) */
  int64_t lo, hi, epoch;
  const asc_op *op;
  const asc_op *xflag; /* san_wrange.xflag */
  int inst;
  int8_t pipe, write, atomic; /* 48 bytes: one per committed block's access run, kept to the launch's end */
} san_gmw;

/* The findings and GM accesses of every core committed so far (launch.c commits blocks in
 * index order, one at a time), per GM array. */
struct sim_sanlaunch {
  asc_sim_record *recs;
  int nrecs, reccap;
  san_gmw **gmw; /* [ngm] */
  int *ngmw, *gmwcap;
  int *nwrites; /* [ngm]: how many of gmw[g] write */
  int ngm;
};

void asc_sim_san_wadd(san_wlist *l, san_wrange r);
void asc_sim_race_free(sim_san *s);
/* s all zero but the pending pieces (pend, merged: only read below npend). */
void asc_sim_race_zero(sim_san *s);
/* s as a new core's, keeping its arrays (records, shadows, `reported`). */
void asc_sim_race_reset(sim_san *s);

#endif
