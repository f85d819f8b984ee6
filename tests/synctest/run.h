/* run.h - synctest's checks: auto-sync, simulator runs against the sequential reference,
 * and the removal check of every inserted sync (docs/synctest.md). */
#ifndef SYNCTEST_RUN_H
#define SYNCTEST_RUN_H

#include "gen.h"

/* Outcome of a check, worst first after OK. */
typedef enum st_class {
  ST_OK, ST_GENBUG, ST_PASSFAIL, ST_RACE, ST_DEADLOCK, ST_FLAG, ST_OTHER, ST_WRONG, ST_NCLASS
} st_class;
const char *st_class_name(st_class c);

typedef struct st_result {
  st_class cls;
  char msg[600];
  int a0, a1;      /* the arguments of the failing run */
  uint64_t jitter; /* its schedule */
  char *synced;    /* the auto-synced IR (malloc'd; NULL on parse/pass failure) */
  int sets, waits, barriers, pipe_all; /* syncs in `synced` */
} st_result;

/* Parse, auto-sync-full, verify, then `schedules` runs (random arguments and pipe timing)
 * against the PIPE_ALL reference.  r->synced must be freed with asc_free. */
void st_check(const st_prog *p, uint64_t seed, int schedules, st_result *r);

/* The same checks on saved kernel text (synctest's signature: GM arrays, then a0, a1), for
 * every a0, a1 in 0..4: first with the calibrated timing, then schedules - 1 more rounds jittered. */
void st_check_file(const char *text, uint64_t seed, int schedules, st_result *r);

/* Removal results per sync kind (an event such as "MTE2_V", or a barrier's pipe). */
enum { ST_MAX_KINDS = 40 };
typedef struct st_kinds {
  char name[ST_MAX_KINDS][24];
  long fired[ST_MAX_KINDS], not_fired[ST_MAX_KINDS], unreached[ST_MAX_KINDS];
  int n;
} st_kinds;
/* Add counts to kind `name` of k. */
void st_kinds_add(st_kinds *k, const char *name, long fired, long not_fired, long unreached);

/* Removal check on auto-synced text: one unit per inserted sync (a set/wait pair, a
 * loop-carried edge with its priming sets and draining waits, or a barrier). */
typedef struct st_removal {
  int units, fired, fired_race, not_fired; /* not_fired: executed, yet nothing reported */
  int unreached;                            /* its lines never ran on the arguments tried */
  int verbose;           /* print each non-firing unit */
  st_kinds kinds;
  char *first_text;      /* the first non-firing unit's lines, S_* edges aside (malloc'd) or NULL */
} st_removal;
void st_removal_check(const char *synced, int ngm, uint64_t seed, int verbose, st_removal *out);
/* The a0 values each removal runs with (a1 takes 0..4 for each). */
enum { ST_REMOVAL_NA0 = ST_A0_WIDE + 1 };
extern const int st_removal_a0[ST_REMOVAL_NA0];
void st_removal_free(st_removal *r);

/* asc_sim_options.jitter_seed: 0 is reproducible, a seed gives one reproducible schedule,
 * different seeds give other timings, results never change.  0 if all holds. */
int st_jitter_selftest(void);

#endif
