/* test_sim_profile.c - the cycle attribution of src/sim/profile.c on hand-made records:
 * every cycle of a block goes to exactly one instruction, by the rules of docs/profile.md. */
#include <stdlib.h>

#include "sim/sim_int.h"
#include "test.h"

static sim_inst mk(int id, int pipe) {
  sim_inst in;
  memset(&in, 0, sizeof in);
  in.id = id;
  in.pipe = pipe;
  return in;
}

static const sim_icost *find(const sim_icost *v, int n, int id) {
  for (int i = 0; i < n; i++)
    if (v[i].in->id == id)
      return &v[i];
  return NULL;
}

/* V work A [0,10), MTE2 work B [5,20), scalar work C [0,30), block of 40 cycles:
 * [0,5) A (pipe work outranks scalar), [5,20) B (runs longer than A), [20,30) C,
 * the tail [30,40) the record that ended last, C.  A 5, B 15, C 20. */
TEST(attrib_overlap_and_tail) {
  sim_inst a = mk(0, ASC_PIPEID_PIPE_V), b = mk(1, ASC_PIPEID_PIPE_MTE2), c = mk(2, ASC_PIPEID_PIPE_S),
           end = mk(3, -1);
  sim_trec r[] = {{&c, ASC_PIPEID_PIPE_S, SIM_Q_EXEC, 0, 30, 0, 0},
                  {&a, ASC_PIPEID_PIPE_V, SIM_Q_EXEC, 0, 10, 4, 0},
                  {&b, ASC_PIPEID_PIPE_MTE2, SIM_Q_EXEC, 5, 20, 512, 0}};
  int n = 0;
  sim_icost *v = asc_sim_attrib(r, 3, 40, &end, 8, &n);
  REQUIRE(n == 3);
  CHECK_INT(find(v, n, 0)->cycles, 5);
  CHECK_INT(find(v, n, 1)->cycles, 15);
  CHECK_INT(find(v, n, 2)->cycles, 20);
  CHECK_INT(find(v, n, 1)->amount, 512);
  CHECK_INT(find(v, n, 1)->busy, 15);
  free(v);
}

/* A gap before a record goes to it (the scalar unit was issuing it); a wait loses to work;
 * the scalar issue record of a pipe instruction is not a call of its own. */
TEST(attrib_gap_wait_calls) {
  sim_inst a = mk(0, ASC_PIPEID_PIPE_V), w = mk(1, ASC_PIPEID_PIPE_V), end = mk(2, -1);
  sim_trec r[] = {{&a, ASC_PIPEID_PIPE_S, SIM_Q_EXEC, 2, 4, 0, 0},     /* issue of a */
                  {&a, ASC_PIPEID_PIPE_V, SIM_Q_EXEC, 10, 20, 8, 0},   /* a on V */
                  {&w, ASC_PIPEID_PIPE_MTE2, SIM_Q_WAIT, 4, 15, 0, 1}}; /* a wait, overlapping a */
  int n = 0;
  sim_icost *v = asc_sim_attrib(r, 3, 20, &end, 8, &n);
  REQUIRE(n == 2);
  /* [0,2) gap -> next starting (a's issue), [2,4) a, [4,10) wait, [10,20) a */
  CHECK_INT(find(v, n, 0)->cycles, 14);
  CHECK_INT(find(v, n, 1)->cycles, 6);
  CHECK_INT(find(v, n, 0)->calls, 1);
  CHECK_INT(find(v, n, 1)->calls, 1);
  free(v);
}

/* A loop's scalar record spans its body: body scalar work and waits go first, the loop keeps
 * only what nothing else covers.  Loop L [0,30) on S; body op B [5,10) on S; a wait W [12,20)
 * on V.  L: [0,5) + [10,12) + [20,30) = 17, B 5, W 8. */
TEST(attrib_loop_record_last) {
  sim_inst l = mk(0, -1), b = mk(1, -1), w = mk(2, ASC_PIPEID_PIPE_V), end = mk(3, -1);
  l.nregions = 1;
  sim_trec r[] = {{&b, ASC_PIPEID_PIPE_S, SIM_Q_EXEC, 5, 10, 0, 0},
                  {&w, ASC_PIPEID_PIPE_V, SIM_Q_WAIT, 12, 20, 0, 1},
                  {&l, ASC_PIPEID_PIPE_S, SIM_Q_EXEC, 0, 30, 0, 0}};
  int n = 0;
  sim_icost *v = asc_sim_attrib(r, 3, 30, &end, 8, &n);
  REQUIRE(n == 3);
  CHECK_INT(find(v, n, 0)->cycles, 17);
  CHECK_INT(find(v, n, 1)->cycles, 5);
  CHECK_INT(find(v, n, 2)->cycles, 8);
  free(v);
}

/* No records: the block's cycles go to the kernel end. */
TEST(attrib_empty) {
  sim_inst end = mk(7, -1);
  int n = 0;
  sim_icost *v = asc_sim_attrib(NULL, 0, 12, &end, 8, &n);
  REQUIRE(n == 1);
  CHECK_INT(v[0].in->id, 7);
  CHECK_INT(v[0].cycles, 12);
  free(v);
}
