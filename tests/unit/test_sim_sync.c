/* test_sim_sync.c - the TQue runtime, event flags and the timing model: double buffering
 * beats single buffering, waits issued before their set still work, deadlocks and flag
 * misuse are reported (never hang), queue misuse and UB overflow are errors. */
#include <stdio.h>

#include "test_sim_util.h"

/* pyasc's "add with the framework" kernel: per block 8 tiles of 256 floats through
 * VECIN queues x, y and a VECOUT queue z, $NBUF buffers each; block b works on
 * elements [2048 b, 2048 (b+1)). */
static const char tqueadd[] =
  "\"builtin.module\"() ({\n"
  "  \"func.func\"() ({\n"
  "  ^bb0(%x: !asc.gm_ptr<f32>, %y: !asc.gm_ptr<f32>, %z: !asc.gm_ptr<f32>):\n"
  "    %c0 = \"arith.constant\"() {value = 0 : index} : () -> index\n"
  "    %c1 = \"arith.constant\"() {value = 1 : index} : () -> index\n"
  "    %c8 = \"arith.constant\"() {value = 8 : index} : () -> index\n"
  "    %tile = \"arith.constant\"() {value = 256 : i32} : () -> i32\n"
  "    %blen = \"arith.constant\"() {value = 2048 : i32} : () -> i32\n"
  "    %nbuf = \"arith.constant\"() {value = $NBUF : i32} : () -> i32\n"
  "    %bytes = \"arith.constant\"() {value = $BYTES : i32} : () -> i32\n"
  "    %bi = \"asc.get_block_idx\"() : () -> i32\n"
  "    %boff = \"arith.muli\"(%bi, %blen) : (i32, i32) -> i32\n"
  "    %xb = \"asc.gm_offset\"(%x, %boff) : (!asc.gm_ptr<f32>, i32) -> !asc.gm_ptr<f32>\n"
  "    %yb = \"asc.gm_offset\"(%y, %boff) : (!asc.gm_ptr<f32>, i32) -> !asc.gm_ptr<f32>\n"
  "    %zb = \"asc.gm_offset\"(%z, %boff) : (!asc.gm_ptr<f32>, i32) -> !asc.gm_ptr<f32>\n"
  "    %xg = \"asc.global_tensor\"() : () -> !asc.global_tensor<f32>\n"
  "    \"asc.set_global_buffer\"(%xg, %xb) : (!asc.global_tensor<f32>, !asc.gm_ptr<f32>) -> ()\n"
  "    %yg = \"asc.global_tensor\"() : () -> !asc.global_tensor<f32>\n"
  "    \"asc.set_global_buffer\"(%yg, %yb) : (!asc.global_tensor<f32>, !asc.gm_ptr<f32>) -> ()\n"
  "    %zg = \"asc.global_tensor\"() : () -> !asc.global_tensor<f32>\n"
  "    \"asc.set_global_buffer\"(%zg, %zb) : (!asc.global_tensor<f32>, !asc.gm_ptr<f32>) -> ()\n"
  "    %pipe = \"asc.tpipe\"() : () -> !asc.pipe\n"
  "    %qx = \"asc.tque\"() : () -> !asc.queue<VECIN, 2>\n"
  "    %qy = \"asc.tque\"() : () -> !asc.queue<VECIN, 2>\n"
  "    %qz = \"asc.tque\"() : () -> !asc.queue<VECOUT, 2>\n"
  "    \"asc.init_buffer\"(%pipe, %qx, %nbuf, %bytes) : (!asc.pipe, !asc.queue<VECIN, 2>, i32, i32) -> ()\n"
  "    \"asc.init_buffer\"(%pipe, %qy, %nbuf, %bytes) : (!asc.pipe, !asc.queue<VECIN, 2>, i32, i32) -> ()"
  " loc(\"add.py\":9:4)\n"
  "    \"asc.init_buffer\"(%pipe, %qz, %nbuf, %bytes) : (!asc.pipe, !asc.queue<VECOUT, 2>, i32, i32) -> ()\n"
  "    \"scf.for\"(%c0, %c8, %c1) ({\n"
  "    ^bb0(%i: index):\n"
  "      %i32 = \"arith.index_cast\"(%i) : (index) -> i32\n"
  "      %off = \"arith.muli\"(%i32, %tile) : (i32, i32) -> i32\n"
  "      %xs = \"asc.gt_subview\"(%xg, %off) : (!asc.global_tensor<f32>, i32) -> !asc.global_tensor<f32>\n"
  "      %ys = \"asc.gt_subview\"(%yg, %off) : (!asc.global_tensor<f32>, i32) -> !asc.global_tensor<f32>\n"
  "      %xl = \"asc.alloc_tensor\"(%qx) : (!asc.queue<VECIN, 2>) -> !asc.local_tensor<256xf32, VECIN>\n"
  "      %yl = \"asc.alloc_tensor\"(%qy) : (!asc.queue<VECIN, 2>) -> !asc.local_tensor<256xf32, VECIN>\n"
  "      \"asc.data_copy\"(%xl, %xs, %tile) : (!asc.local_tensor<256xf32, VECIN>, !asc.global_tensor<f32>, i32) -> ()\n"
  "      \"asc.data_copy\"(%yl, %ys, %tile) : (!asc.local_tensor<256xf32, VECIN>, !asc.global_tensor<f32>, i32) -> ()\n"
  "      \"asc.enque\"(%qx, %xl) : (!asc.queue<VECIN, 2>, !asc.local_tensor<256xf32, VECIN>) -> ()\n"
  "      \"asc.enque\"(%qy, %yl) : (!asc.queue<VECIN, 2>, !asc.local_tensor<256xf32, VECIN>) -> ()\n"
  "      %xd = \"asc.deque\"(%qx) : (!asc.queue<VECIN, 2>) -> !asc.local_tensor<256xf32, VECIN>\n"
  "      %yd = \"asc.deque\"(%qy) : (!asc.queue<VECIN, 2>) -> !asc.local_tensor<256xf32, VECIN>\n"
  "      %zl = \"asc.alloc_tensor\"(%qz) : (!asc.queue<VECOUT, 2>) -> !asc.local_tensor<256xf32, VECOUT>\n"
  "      \"asc.add\"(%zl, %xd, %yd, %tile) : (!asc.local_tensor<256xf32, VECOUT>, !asc.local_tensor<256xf32, VECIN>,"
  " !asc.local_tensor<256xf32, VECIN>, i32) -> ()\n"
  "      \"asc.enque\"(%qz, %zl) : (!asc.queue<VECOUT, 2>, !asc.local_tensor<256xf32, VECOUT>) -> ()\n"
  "      $FREEX"
  "      \"asc.free_tensor\"(%qy, %yd) : (!asc.queue<VECIN, 2>, !asc.local_tensor<256xf32, VECIN>) -> ()\n"
  "      %zd = \"asc.deque\"(%qz) : (!asc.queue<VECOUT, 2>) -> !asc.local_tensor<256xf32, VECOUT>\n"
  "      %zs = \"asc.gt_subview\"(%zg, %off) : (!asc.global_tensor<f32>, i32) -> !asc.global_tensor<f32>\n"
  "      \"asc.data_copy\"(%zs, %zd, %tile) : (!asc.global_tensor<f32>, !asc.local_tensor<256xf32, VECOUT>, i32) -> ()\n"
  "      \"asc.free_tensor\"(%qz, %zd) : (!asc.queue<VECOUT, 2>, !asc.local_tensor<256xf32, VECOUT>) -> ()\n"
  "      \"scf.yield\"() : () -> ()\n"
  "    }) : (index, index, index) -> ()\n"
  "    \"func.return\"() : () -> ()\n"
  "  }) {function_type = (!asc.gm_ptr<f32>, !asc.gm_ptr<f32>, !asc.gm_ptr<f32>) -> (), sym_name = \"k\"} : () -> ()\n"
  "}) : () -> ()\n";

static const char freex[] =
  "\"asc.free_tensor\"(%qx, %xd) : (!asc.queue<VECIN, 2>, !asc.local_tensor<256xf32, VECIN>) -> ()"
  " loc(\"add.py\":30:8)\n";

enum { NB = 2, NE = 2048 * NB };

/* Runs the TQue add with nbuf buffers of `bytes` on NB blocks; returns the cycles (-1 on error). */
static int64_t tqueadd_run(const char *nbuf, const char *bytes, const char *freeline, int expect_ok,
                           char **diag) {
  static float x[NE], y[NE], z[NE];
  for (int i = 0; i < NE; i++) {
    x[i] = (float)i;
    y[i] = 0.5f * (float)(i % 13);
    z[i] = 0;
  }
  const char *kv[] = {"$NBUF", nbuf, "$BYTES", bytes, "$FREEX", freeline, NULL};
  char *ir = sim_expand(tqueadd, kv);
  asc_sim_args a;
  asc_sim_args_init(&a);
  asc_sim_args_add_gm(&a, x, sizeof x, ASC_SIM_F32, "x");
  asc_sim_args_add_gm(&a, y, sizeof y, ASC_SIM_F32, "y");
  asc_sim_args_add_gm(&a, z, sizeof z, ASC_SIM_F32, "z");
  simrun r;
  sim_go(&r, ir, &a, NB);
  int64_t cyc = r.rc ? -1 : r.rep.cycles;
  if (expect_ok) {
    CHECK_INT(r.rc, 0);
    CHECK_INT(r.rep.nwarnings, 0);
    CHECK_INT(r.rep.ncores, NB);
    for (int i = 0; i < NE; i++)
      if (z[i] != x[i] + y[i]) {
        asc_test_fail(__FILE__, __LINE__, "z[%d] = %g, expected %g\n%s", i, z[i], x[i] + y[i], r.diag);
        break;
      }
  }
  if (diag)
    *diag = strdup(r.diag);
  sim_done(&r);
  asc_sim_args_free(&a);
  free(ir);
  return cyc;
}

TEST(tque_double_buffering_is_faster) {
  int64_t one = tqueadd_run("1", "1024", freex, 1, NULL), two = tqueadd_run("2", "1024", freex, 1, NULL);
  CHECK(one > 0 && two > 0);
  if (!(two < one))
    asc_test_fail(__FILE__, __LINE__, "double buffering: %lld cycles, single: %lld", (long long)two, (long long)one);
}

/* Without free_tensor on x the second alloc of a 1-buffer queue finds no free buffer. */
TEST(tque_alloc_on_exhausted_queue) {
  char *d;
  CHECK_INT(tqueadd_run("1", "1024", "", 0, &d), -1);
  CHECK_CONTAINS(d, "alloc on exhausted queue");
  free(d);
}

TEST(tque_ub_overflow) {
  char *d;
  CHECK_INT(tqueadd_run("2", "65536", freex, 0, &d), -1);
  CHECK_CONTAINS(d, "add.py:9:4: error: asc.init_buffer: UB overflow");
  CHECK_CONTAINS(d, "VECIN");
  CHECK_CONTAINS(d, "196608");
  free(d);
}

TEST(tque_double_free) {
  char *d;
  char twice[512];
  snprintf(twice, sizeof twice, "%s      %s", freex, freex);
  CHECK_INT(tqueadd_run("2", "1024", twice, 0, &d), -1);
  CHECK_CONTAINS(d, "double free");
  free(d);
}

TEST(tque_deque_with_nothing_enqueued) {
  char *d, line[512];
  snprintf(line, sizeof line, "%s      %%bad = \"asc.deque\"(%%qx) : (!asc.queue<VECIN, 2>) -> "
           "!asc.local_tensor<256xf32, VECIN> loc(\"add.py\":31:8)\n", freex);
  CHECK_INT(tqueadd_run("2", "1024", line, 0, &d), -1);
  CHECK_CONTAINS(d, "add.py:31:8: error: asc.deque: nothing is enqueued");
  free(d);
}

/* ---- manual flags on the static-tensor template ---- */

/* The template's flags replaced: $OP runs between them, $PRE before. */
static void flagcase(const char *pre, const char *op, int want_rc, const char *want_diag) {
  float x[64], y[64], z[64];
  for (int i = 0; i < 64; i++)
    x[i] = y[i] = (float)i;
  simrun r;
  sim_binary(&r, "f32", ASC_SIM_F32, 64, pre, op, x, y, z);
  CHECK_INT(r.rc != 0, want_rc != 0);
  if (want_diag)
    CHECK_CONTAINS(r.diag, want_diag);
  else if (r.rep.nwarnings)
    asc_test_fail(__FILE__, __LINE__, "unexpected warnings:\n%s", r.diag);
  if (!want_rc && !want_diag)
    CHECK(z[5] == 10.0f);
  sim_done(&r);
}

#define ADDLINE "\"asc.add\"(%zl, %xl, %yl, %n) : ($LO, $LI, $LI, i32) -> ()"

TEST(manual_flags_add) { flagcase(NULL, ADDLINE, 0, NULL); }

/* MTE2 waits for V before V has run (program order): the pipe blocks, the scalar unit
 * goes on issuing, and the set after the add releases it. */
TEST(wait_issued_before_set) {
  flagcase("    \"asc.wait_flag\"(%e) {event = #asc.event<V_MTE2>} : (i32) -> ()\n",
           ADDLINE "\n    \"asc.set_flag\"(%e) {event = #asc.event<V_MTE2>} : (i32) -> ()", 0, NULL);
}

TEST(deadlock_wait_without_set) {
  flagcase("    \"asc.wait_flag\"(%e) {event = #asc.event<MTE3_V>} : (i32) -> () loc(\"t.py\":19:4)\n",
           ADDLINE, 1, "deadlock");
  flagcase("    \"asc.wait_flag\"(%e) {event = #asc.event<MTE3_V>} : (i32) -> () loc(\"t.py\":19:4)\n",
           ADDLINE, 1, "PIPE_V is blocked at asc.wait_flag waiting for flag MTE3_V id 0 (t.py:19)");
}

TEST(deadlock_scalar_wait) {
  flagcase("    \"asc.wait_flag\"(%e) {event = #asc.event<V_S>} : (i32) -> () loc(\"t.py\":19:4)\n",
           ADDLINE, 1, "t.py:19:4: error: deadlock: the scalar unit waits for flag V_S id 0");
}

TEST(double_set_and_unpaired_set) {
  flagcase("    \"asc.set_flag\"(%e) {event = #asc.event<MTE3_MTE2>} : (i32) -> () loc(\"t.py\":18:4)\n"
           "    \"asc.set_flag\"(%e) {event = #asc.event<MTE3_MTE2>} : (i32) -> () loc(\"t.py\":19:4)\n",
           ADDLINE, 0, "t.py:19:4: warning: double-set: flag MTE3_MTE2 id 0");
  flagcase("    \"asc.set_flag\"(%e) {event = #asc.event<S_V>} : (i32) -> ()\n", ADDLINE, 0,
           "t.py:24:0: warning: unpaired set: flag S_V id 0 is still set at the end of the kernel");
}

TEST(event_id_and_pipe_errors) {
  flagcase("    %c9 = \"arith.constant\"() {value = 9 : i32} : () -> i32\n"
           "    %e9 = \"arith.addi\"(%e, %c9) : (i32, i32) -> i32\n"
           "    \"asc.set_flag\"(%e9) {event = #asc.event<MTE2_V>} : (i32) -> () loc(\"t.py\":19:4)\n",
           ADDLINE, 1, "t.py:19:4: error: asc.set_flag: event id 9 of MTE2_V is out of range 0..7");
  flagcase("    \"asc.set_flag\"(%e) {event = #asc.event<MTE1_M>} : (i32) -> ()\n", ADDLINE, 1,
           "event MTE1_M is not valid on an AIV core");
  flagcase("    \"asc.pipe_barrier\"() {pipe = #asc.pipe<PIPE_S>} : () -> ()\n", ADDLINE, 1, "illegal");
}

TEST(v_v_and_barriers) {
  flagcase("    \"asc.pipe_barrier\"() {pipe = #asc.pipe<PIPE_V>} : () -> ()\n"
           "    \"asc.set_flag\"(%e) {event = #asc.event<V_V>} : (i32) -> ()\n"
           "    \"asc.wait_flag\"(%e) {event = #asc.event<V_V>} : (i32) -> ()\n"
           "    \"asc.pipe_barrier\"() {pipe = #asc.pipe<PIPE_ALL>} : () -> ()\n",
           ADDLINE, 0, NULL);
}
