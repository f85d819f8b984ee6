/* trace.h - what the simulator hands its readers after a launch: the per-instruction trace
 * records, each block's placement, the per-instruction costs and the launch's facts.  The one
 * interface from src/sim to src/emit (the trace and the profile writers), which never see the
 * simulator's internals (sim_int.h).  An instruction is opaque here; the accessors give what a
 * reader may know of it. */
#ifndef ASC_SIM_TRACE_H
#define ASC_SIM_TRACE_H

#include <stdbool.h>
#include <stdint.h>

#include "asc/sim.h"
#include "ir/ir.h"

typedef struct sim_inst sim_inst;

/* An instruction's op, its id (index among the program's instructions), the PIPEID value it is
 * issued to (-1: the scalar unit's own work) and whether it has regions (scf.for: its scalar
 * record spans its body's). */
const asc_op *asc_sim_inst_op(const sim_inst *in);
int asc_sim_inst_id(const sim_inst *in);
int asc_sim_inst_pipe(const sim_inst *in);
bool asc_sim_inst_has_regions(const sim_inst *in);

/* The kind of a record (and of a pipe queue's entry in the timing model). */
enum { SIM_Q_EXEC, SIM_Q_SET, SIM_Q_WAIT, SIM_Q_BARRIER, SIM_Q_XSET };

/* One trace record (style.md: core, pipe, op, line, start and end cycle). */
typedef struct sim_trec {
  const sim_inst *in;
  int pipe, kind; /* PIPEID; SIM_Q_EXEC / SET / WAIT */
  int64_t start, end, amount;
  int64_t flow; /* SET: the flow it starts; WAIT: the flow it ends; 0 none */
} sim_trec;

typedef struct sim_tblock { /* one block's records, placed on its core */
  const sim_trec *recs;
  int nrecs, core;
  int64_t start;   /* cycle the block started on its core */
  int kind;        /* ASC_HW_AIV or ASC_HW_AIC: the kind of that core */
  int64_t startup; /* the core's start-up, the cycles just before start (its first block only), or 0 */
} sim_tblock;

/* What one instruction cost: records issued (calls), cycles attributed to it (every cycle of
 * a block belongs to exactly one instruction, docs/profile.md), cycles its records lasted
 * (busy), bytes or repeats moved. */
typedef struct sim_icost {
  const sim_inst *in;
  int64_t calls, cycles, busy, amount;
} sim_icost;

/* A launch as the profile reads it. */
typedef struct sim_prof {
  asc_ctx *ctx;
  const asc_platform *plat;
  int64_t launch_cycles; /* the launch's own cost, added to the report's cycles */
  int blocks, naic, naiv, ninsts;
  const char *dir, *kernel;
  const sim_tblock *tb; /* every block's records, placed */
  int nblocks;
  const sim_icost *const *core; /* per core: dense per-instruction costs */
  const asc_sim_report *rep;    /* filled, launch cycles included */
} sim_prof;

/* Chrome trace-event JSON of every block (src/emit/trace.c); 0, or -1 after an error on ctx. */
int asc_sim_trace_write(asc_ctx *ctx, const char *path, const sim_tblock *b, int nblocks, double mhz);
/* Write the profile directory (src/emit/profile.c); 0, or -1 after an error on p->ctx. */
int asc_sim_profile_write(const sim_prof *p);

#endif
