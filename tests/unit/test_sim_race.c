/* test_sim_race.c - the happens-before rules of the race detector (hardware.md §8) and
 * the records the sanitizers leave in asc_sim_report: same-pipe V hazards need
 * pipe_barrier(PIPE_V), MTE2 -> V needs a flag, TQue ops order what they lower to, MTE3
 * reading UB then MTE2 overwriting it needs MTE3_MTE2, and sanitize = 0 turns it off. */
#include <stdio.h>

#include "test_sim_util.h"

/* Static tensors x, y (VECIN) and z (VECOUT) of 256 floats at UB 0, 1024, 2048; $BODY is
 * the kernel body; every op of it carries loc("r.py":LINE:4). */
static const char racek[] =
  "\"builtin.module\"() ({\n"
  "  \"func.func\"() ({\n"
  "  ^bb0(%x: !asc.gm_ptr<f32>, %y: !asc.gm_ptr<f32>, %z: !asc.gm_ptr<f32>):\n"
  "    %n = \"arith.constant\"() {value = 256 : i32} : () -> i32\n"
  "    %a0 = \"arith.constant\"() {value = 0 : i32} : () -> i32\n"
  "    %a1 = \"arith.constant\"() {value = 1024 : i32} : () -> i32\n"
  "    %a2 = \"arith.constant\"() {value = 2048 : i32} : () -> i32\n"
  "    %e = \"arith.constant\"() {value = 0 : i32} : () -> i32\n"
  "    %two = \"arith.constant\"() {value = 2.0 : f32} : () -> f32\n"
  "    %xg = \"asc.global_tensor\"() : () -> !asc.global_tensor<f32>\n"
  "    \"asc.set_global_buffer\"(%xg, %x) : (!asc.global_tensor<f32>, !asc.gm_ptr<f32>) -> ()\n"
  "    %yg = \"asc.global_tensor\"() : () -> !asc.global_tensor<f32>\n"
  "    \"asc.set_global_buffer\"(%yg, %y) : (!asc.global_tensor<f32>, !asc.gm_ptr<f32>) -> ()\n"
  "    %zg = \"asc.global_tensor\"() : () -> !asc.global_tensor<f32>\n"
  "    \"asc.set_global_buffer\"(%zg, %z) : (!asc.global_tensor<f32>, !asc.gm_ptr<f32>) -> ()\n"
  "    %xl = \"asc.local_tensor\"(%a0, %n) {pos = #asc.pos<VECIN>} : (i32, i32) -> !asc.local_tensor<f32, VECIN>\n"
  "    %yl = \"asc.local_tensor\"(%a1, %n) {pos = #asc.pos<VECIN>} : (i32, i32) -> !asc.local_tensor<f32, VECIN>\n"
  "    %zl = \"asc.local_tensor\"(%a2, %n) {pos = #asc.pos<VECOUT>} : (i32, i32) -> !asc.local_tensor<f32, VECOUT>\n"
  "$BODY"
  "    \"func.return\"() : () -> () loc(\"r.py\":99:0)\n"
  "  }) {function_type = (!asc.gm_ptr<f32>, !asc.gm_ptr<f32>, !asc.gm_ptr<f32>) -> (), sym_name = \"k\"} : () -> ()\n"
  "}) : () -> ()\n";

#define LI "!asc.local_tensor<f32, VECIN>"
#define LO "!asc.local_tensor<f32, VECOUT>"
#define GT "!asc.global_tensor<f32>"
#define AT(line) " loc(\"r.py\":" #line ":4)\n"
#define COPYIN(line) "    \"asc.data_copy\"(%xl, %xg, %n) : (" LI ", " GT ", i32) -> ()" AT(line) \
                     "    \"asc.data_copy\"(%yl, %yg, %n) : (" LI ", " GT ", i32) -> ()" AT(line)
#define FLAG(evt, line) "    \"asc.set_flag\"(%e) {event = #asc.event<" evt ">} : (i32) -> ()" AT(line) \
                        "    \"asc.wait_flag\"(%e) {event = #asc.event<" evt ">} : (i32) -> ()" AT(line)
#define ADD(line) "    \"asc.add\"(%zl, %xl, %yl, %n) : (" LO ", " LI ", " LI ", i32) -> ()" AT(line)
#define MULS(line) "    \"asc.muls\"(%xl, %zl, %two, %n) : (" LI ", " LO ", f32, i32) -> ()" AT(line)
#define BARRIER_V(line) "    \"asc.pipe_barrier\"() {pipe = #asc.pipe<PIPE_V>} : () -> ()" AT(line)
#define COPYOUT(line) "    \"asc.data_copy\"(%zg, %zl, %n) : (" GT ", " LO ", i32) -> ()" AT(line)
#define COPYZIN(line) "    \"asc.data_copy\"(%zl, %xg, %n) : (" LO ", " GT ", i32) -> ()" AT(line)

static float gx[256], gy[256], gz[256];

static void racerun_n(simrun *r, const char *body, int sanitize, int blocks) {
  const char *kv[] = {"$BODY", body, NULL};
  char *ir = sim_expand(racek, kv);
  asc_sim_args a;
  asc_sim_args_init(&a);
  asc_sim_args_add_gm(&a, gx, sizeof gx, ASC_SIM_F32, "x");
  asc_sim_args_add_gm(&a, gy, sizeof gy, ASC_SIM_F32, "y");
  asc_sim_args_add_gm(&a, gz, sizeof gz, ASC_SIM_F32, "z");
  asc_sim_options o;
  asc_sim_options_init(&o);
  o.sanitize = sanitize;
  o.blocks = blocks;
  sim_go_opts(r, ir, &a, &o);
  asc_sim_args_free(&a);
  free(ir);
}

static void racerun(simrun *r, const char *body, int sanitize) { racerun_n(r, body, sanitize, 1); }

/* The run is clean: status 0, no record, no diagnostic. */
static void expect_clean(const char *body) {
  simrun r;
  racerun(&r, body, 1);
  CHECK_INT(r.rc, 0);
  CHECK_INT(r.rep.nrecords, 0);
  if (r.rep.nrecords)
    asc_test_fail(__FILE__, __LINE__, "unexpected report:\n%s", r.diag);
  sim_done(&r);
}

/* The run fails with exactly one race record of hazard h between lines a (reported) and b. */
static void expect_race(const char *body, int h, int a, int b, int pa, int pb, const char *fix) {
  simrun r;
  racerun(&r, body, 1);
  CHECK(r.rc != 0);
  CHECK_INT(r.rep.nrecords, 1);
  if (r.rep.nrecords == 1) {
    const asc_sim_record *x = &r.rep.records[0];
    CHECK_INT(x->kind, ASC_SIM_CHK_RACE);
    CHECK_INT(x->severity, ASC_SEV_ERROR);
    CHECK_INT(x->hazard, h);
    CHECK_INT(x->nsites, 2);
    CHECK_INT(x->site[0].line, a);
    CHECK_INT(x->site[1].line, b);
    CHECK_INT(x->site[0].pipe, pa);
    CHECK_INT(x->site[1].pipe, pb);
    CHECK_STR(x->buffer, "UB");
    CHECK(x->lo < x->hi);
  }
  CHECK_CONTAINS(r.diag, fix);
  sim_done(&r);
}

TEST(v_v_raw_without_barrier_is_a_race) {
  expect_race(COPYIN(10) FLAG("MTE2_V", 11) ADD(12) MULS(13), ASC_SIM_RAW, 13, 12, ASC_PIPEID_PIPE_V,
              ASC_PIPEID_PIPE_V, "add pipe_barrier(PIPE_V) between r.py:12 and r.py:13");
}

TEST(v_v_with_pipe_barrier_is_clean) {
  expect_clean(COPYIN(10) FLAG("MTE2_V", 11) ADD(12) BARRIER_V(13) MULS(14));
}

TEST(mte2_v_with_set_wait_is_clean) {
  expect_clean(COPYIN(10) FLAG("MTE2_V", 11) ADD(12) FLAG("V_MTE3", 13) COPYOUT(14));
}

TEST(mte2_v_without_flag_is_a_race) {
  expect_race(COPYIN(10) ADD(12), ASC_SIM_RAW, 12, 10, ASC_PIPEID_PIPE_V, ASC_PIPEID_PIPE_MTE2,
              "add set_flag(MTE2_V) after r.py:10 and wait_flag(MTE2_V) before r.py:12");
}

/* MTE3 reads z, then MTE2 overwrites z: WAR unless MTE3_MTE2 orders them. */
TEST(war_mte3_then_mte2_needs_mte3_mte2) {
  const char *pre = COPYIN(10) FLAG("MTE2_V", 11) ADD(12) FLAG("V_MTE3", 13) COPYOUT(14);
  char body[8192];
  snprintf(body, sizeof body, "%s%s", pre, COPYZIN(16));
  expect_race(body, ASC_SIM_WAR, 16, 14, ASC_PIPEID_PIPE_MTE2, ASC_PIPEID_PIPE_MTE3,
              "add set_flag(MTE3_MTE2) after r.py:14 and wait_flag(MTE3_MTE2) before r.py:16");
  snprintf(body, sizeof body, "%s%s%s", pre, FLAG("MTE3_MTE2", 15), COPYZIN(16));
  expect_clean(body);
}

/* Two MTE2 copies into the same bytes need a barrier on MTE2 (hardware.md §8). */
TEST(mte2_waw_same_pipe) {
  expect_race(COPYIN(10) COPYIN(11), ASC_SIM_WAW, 11, 10, ASC_PIPEID_PIPE_MTE2, ASC_PIPEID_PIPE_MTE2,
              "add pipe_barrier(PIPE_MTE2) between r.py:10 and r.py:11");
  expect_clean(COPYIN(10) "    \"asc.pipe_barrier\"() {pipe = #asc.pipe<PIPE_MTE2>} : () -> ()" AT(11) COPYIN(12));
}

/* PIPE_ALL orders everything before it. */
TEST(pipe_all_orders_every_pipe) {
  expect_clean(COPYIN(10) "    \"asc.pipe_barrier\"() {pipe = #asc.pipe<PIPE_ALL>} : () -> ()" AT(11) ADD(12)
               "    \"asc.pipe_barrier\"() {pipe = #asc.pipe<PIPE_ALL>} : () -> ()" AT(13) COPYOUT(14));
}

TEST(sanitize_off_reports_nothing) {
  simrun r;
  racerun(&r, COPYIN(10) ADD(12) MULS(13), 0);
  CHECK_INT(r.rc, 0);
  CHECK_INT(r.rep.nrecords, 0);
  sim_done(&r);
}

TEST(uninitialized_ub_read) {
  simrun r;
  racerun(&r, "    \"asc.data_copy\"(%xl, %xg, %n) : (" LI ", " GT ", i32) -> ()" AT(10) FLAG("MTE2_V", 11) ADD(12), 1);
  CHECK(r.rc != 0);
  CHECK_INT(r.rep.nrecords, 1);
  if (r.rep.nrecords == 1) {
    CHECK_INT(r.rep.records[0].kind, ASC_SIM_CHK_UNINIT);
    CHECK_INT(r.rep.records[0].lo, 1024);
    CHECK_INT(r.rep.records[0].hi, 2048);
    CHECK_INT(r.rep.records[0].site[0].line, 12);
    CHECK_STR(r.rep.records[0].site[0].op, "asc.add");
  }
  CHECK_CONTAINS(r.diag, "r.py:12:4: error: read of uninitialized UB bytes [1024, 2048) by asc.add");
  sim_done(&r);
}

/* A scalar set_value is ordered before every later instruction (issue order). */
TEST(scalar_writes_are_ordered_before_later_issues) {
  expect_clean("    \"asc.set_value\"(%zl, %e, %two) : (" LO ", i32, f32) -> ()" AT(10)
               "    \"asc.data_copy\"(%zg, %zl, %a0) : (" GT ", " LO ", i32) -> ()" AT(11));
}

/* TQue: the add_framework kernel of test_sim_sync's shape, ordered only by its queues. */
static const char tquek[] =
  "\"builtin.module\"() ({\n"
  "  \"func.func\"() ({\n"
  "  ^bb0(%x: !asc.gm_ptr<f32>, %z: !asc.gm_ptr<f32>):\n"
  "    %c0 = \"arith.constant\"() {value = 0 : index} : () -> index\n"
  "    %c1 = \"arith.constant\"() {value = 1 : index} : () -> index\n"
  "    %c4 = \"arith.constant\"() {value = 4 : index} : () -> index\n"
  "    %tile = \"arith.constant\"() {value = 64 : i32} : () -> i32\n"
  "    %nbuf = \"arith.constant\"() {value = 2 : i32} : () -> i32\n"
  "    %bytes = \"arith.constant\"() {value = 256 : i32} : () -> i32\n"
  "    %two = \"arith.constant\"() {value = 2.0 : f32} : () -> f32\n"
  "    %xg = \"asc.global_tensor\"() : () -> !asc.global_tensor<f32>\n"
  "    \"asc.set_global_buffer\"(%xg, %x) : (!asc.global_tensor<f32>, !asc.gm_ptr<f32>) -> ()\n"
  "    %zg = \"asc.global_tensor\"() : () -> !asc.global_tensor<f32>\n"
  "    \"asc.set_global_buffer\"(%zg, %z) : (!asc.global_tensor<f32>, !asc.gm_ptr<f32>) -> ()\n"
  "    %pipe = \"asc.tpipe\"() : () -> !asc.pipe\n"
  "    %qx = \"asc.tque\"() : () -> !asc.queue<VECIN, 2>\n"
  "    %qz = \"asc.tque\"() : () -> !asc.queue<VECOUT, 2>\n"
  "    \"asc.init_buffer\"(%pipe, %qx, %nbuf, %bytes) : (!asc.pipe, !asc.queue<VECIN, 2>, i32, i32) -> ()\n"
  "    \"asc.init_buffer\"(%pipe, %qz, %nbuf, %bytes) : (!asc.pipe, !asc.queue<VECOUT, 2>, i32, i32) -> ()\n"
  "    \"scf.for\"(%c0, %c4, %c1) ({\n"
  "    ^bb0(%i: index):\n"
  "      %i32 = \"arith.index_cast\"(%i) : (index) -> i32\n"
  "      %off = \"arith.muli\"(%i32, %tile) : (i32, i32) -> i32\n"
  "      %xs = \"asc.gt_subview\"(%xg, %off) : (!asc.global_tensor<f32>, i32) -> !asc.global_tensor<f32>\n"
  "      %xl = \"asc.alloc_tensor\"(%qx) : (!asc.queue<VECIN, 2>) -> !asc.local_tensor<64xf32, VECIN>\n"
  "      \"asc.data_copy\"(%xl, %xs, %tile) : (!asc.local_tensor<64xf32, VECIN>, !asc.global_tensor<f32>, i32) -> ()\n"
  "      $ENQX"
  "      %xd = \"asc.deque\"(%qx) : (!asc.queue<VECIN, 2>) -> !asc.local_tensor<64xf32, VECIN>\n"
  "      %zl = \"asc.alloc_tensor\"(%qz) : (!asc.queue<VECOUT, 2>) -> !asc.local_tensor<64xf32, VECOUT>\n"
  "      \"asc.muls\"(%zl, %xd, %two, %tile) : (!asc.local_tensor<64xf32, VECOUT>, !asc.local_tensor<64xf32, VECIN>,"
  " f32, i32) -> () loc(\"q.py\":20:4)\n"
  "      \"asc.enque\"(%qz, %zl) : (!asc.queue<VECOUT, 2>, !asc.local_tensor<64xf32, VECOUT>) -> ()\n"
  "      \"asc.free_tensor\"(%qx, %xd) : (!asc.queue<VECIN, 2>, !asc.local_tensor<64xf32, VECIN>) -> ()\n"
  "      %zd = \"asc.deque\"(%qz) : (!asc.queue<VECOUT, 2>) -> !asc.local_tensor<64xf32, VECOUT>\n"
  "      %zs = \"asc.gt_subview\"(%zg, %off) : (!asc.global_tensor<f32>, i32) -> !asc.global_tensor<f32>\n"
  "      \"asc.data_copy\"(%zs, %zd, %tile) : (!asc.global_tensor<f32>, !asc.local_tensor<64xf32, VECOUT>, i32) -> ()\n"
  "      \"asc.free_tensor\"(%qz, %zd) : (!asc.queue<VECOUT, 2>, !asc.local_tensor<64xf32, VECOUT>) -> ()\n"
  "      \"scf.yield\"() : () -> ()\n"
  "    }) : (index, index, index) -> ()\n"
  "    \"func.return\"() : () -> ()\n"
  "  }) {function_type = (!asc.gm_ptr<f32>, !asc.gm_ptr<f32>) -> (), sym_name = \"k\"} : () -> ()\n"
  "}) : () -> ()\n";

TEST(tque_ordered_is_clean) {
  static float x[256], z[256];
  const char *kv[] = {"$ENQX", "\"asc.enque\"(%qx, %xl) : (!asc.queue<VECIN, 2>, !asc.local_tensor<64xf32, VECIN>) -> ()\n",
                      NULL};
  char *ir = sim_expand(tquek, kv);
  for (int i = 0; i < 256; i++)
    x[i] = (float)i;
  asc_sim_args a;
  asc_sim_args_init(&a);
  asc_sim_args_add_gm(&a, x, sizeof x, ASC_SIM_F32, "x");
  asc_sim_args_add_gm(&a, z, sizeof z, ASC_SIM_F32, "z");
  simrun r;
  sim_go(&r, ir, &a, 1);
  CHECK_INT(r.rc, 0);
  CHECK_INT(r.rep.nrecords, 0);
  if (r.rep.nrecords)
    asc_test_fail(__FILE__, __LINE__, "unexpected report:\n%s", r.diag);
  CHECK(z[255] == 510.0f);
  CHECK_INT(r.rep.nerrors + r.rep.nwarnings, 0);
  sim_done(&r);
  asc_sim_args_free(&a);
  free(ir);
}

/* The sync findings are records too: kind, severity, sites. */
TEST(records_of_sync_findings) {
  simrun r;
  racerun(&r, COPYIN(9) "    \"asc.wait_flag\"(%e) {event = #asc.event<MTE3_V>} : (i32) -> ()" AT(10) ADD(12), 1);
  CHECK(r.rc != 0);
  CHECK_INT(r.rep.nrecords, 1);
  if (r.rep.nrecords == 1) {
    CHECK_INT(r.rep.records[0].kind, ASC_SIM_CHK_DEADLOCK);
    CHECK_INT(r.rep.records[0].site[0].line, 99);     /* the kernel end waits for every pipe */
    CHECK_INT(r.rep.records[0].site[1].line, 10);     /* the blocked wait_flag */
    CHECK_INT(r.rep.records[0].site[1].pipe, ASC_PIPEID_PIPE_V);
    CHECK_STR(asc_sim_check_name(r.rep.records[0].kind), "deadlock");
  }
  sim_done(&r);
  racerun(&r, COPYIN(10) "    \"asc.set_flag\"(%e) {event = #asc.event<MTE2_V>} : (i32) -> ()" AT(11) FLAG("MTE2_V", 12)
          ADD(13), 1);
  CHECK_INT(r.rc, 0);
  CHECK_INT(r.rep.nrecords, 1);
  if (r.rep.nrecords == 1) {
    CHECK_INT(r.rep.records[0].kind, ASC_SIM_CHK_UNPAIRED_SET);
    CHECK_INT(r.rep.records[0].severity, ASC_SEV_WARNING);
  }
  sim_done(&r);
}

/* Two blocks copying out to the same GM bytes: a launch-wide warning, not an error. */
TEST(gm_overlap_between_blocks) {
  simrun r;
  racerun_n(&r, COPYIN(10) FLAG("MTE2_V", 11) ADD(12) FLAG("V_MTE3", 13) COPYOUT(14), 1, 2);
  CHECK_INT(r.rc, 0);
  CHECK_INT(r.rep.nrecords, 1);
  if (r.rep.nrecords == 1) {
    const asc_sim_record *x = &r.rep.records[0];
    CHECK_INT(x->kind, ASC_SIM_CHK_GM_OVERLAP);
    CHECK_INT(x->severity, ASC_SEV_WARNING);
    CHECK_INT(x->core, -1);
    CHECK_STR(x->buffer, "z");
    CHECK_INT(x->lo, 0);
    CHECK_INT(x->hi, 1024);
    CHECK_INT(x->site[0].line, 14);
  }
  CHECK_CONTAINS(r.diag, "gm-overlap: blocks 0 and 1 both write bytes [0, 1024) of GM array 'z'");
  sim_done(&r);
}

/* Two MTE2 copies into interleaved 32-byte blocks of one tensor touch disjoint bytes: no
 * race although their covering ranges overlap.  Overlapping blocks are a race. */
#define STRIDED(dst, line)                                                                       \
  "    \"asc.data_copy_params\"(" dst ", %xg, %p) : (" LI ", " GT ", !asc.struct<DataCopyParams>) -> ()" AT(line)
#define STRIDED_PRE                                                                              \
  "    %i0 = \"arith.constant\"() {value = 0 : i32} : () -> i32\n"                               \
  "    %i1 = \"arith.constant\"() {value = 1 : i32} : () -> i32\n"                               \
  "    %i4 = \"arith.constant\"() {value = 4 : i32} : () -> i32\n"                               \
  "    %i8 = \"arith.constant\"() {value = 8 : i32} : () -> i32\n"                               \
  "    %i16 = \"arith.constant\"() {value = 16 : i32} : () -> i32\n"                             \
  "    %p = \"asc.struct\"(%i4, %i1, %i0, %i1) : (i32, i32, i32, i32) -> !asc.struct<DataCopyParams>\n" \
  "    %x8 = \"asc.lt_subview\"(%xl, %i8) : (" LI ", i32) -> " LI "\n"                           \
  "    %x16 = \"asc.lt_subview\"(%xl, %i16) : (" LI ", i32) -> " LI "\n"

TEST(disjoint_strided_blocks_do_not_race) {
  expect_clean(STRIDED_PRE STRIDED("%xl", 10) STRIDED("%x8", 11));
  expect_race(STRIDED_PRE STRIDED("%xl", 10) STRIDED("%x16", 11), ASC_SIM_WAW, 11, 10, ASC_PIPEID_PIPE_MTE2,
              ASC_PIPEID_PIPE_MTE2, "add pipe_barrier(PIPE_MTE2) between r.py:10 and r.py:11");
}

/* The initcheck shadow (shadow.c) against a byte-per-byte model: random marks and
 * queries, long ones that cover whole 4 KB summary chunks and short ones at word and
 * chunk edges, on sizes that do and do not end on a chunk boundary. */
#include "sim/sim_int.h"

TEST(shadow_matches_a_byte_model) {
  uint64_t seed = 12345;
#define RND() (seed = seed * 6364136223846793005ull + 1442695040888963407ull, (int64_t)(seed >> 33))
  int bad = 0;
  for (int trial = 0; trial < 60 && !bad; trial++) {
    int64_t n = trial % 3 == 0 ? 4096 * (1 + RND() % 6) : 1 + RND() % 30000;
    sim_shadow *s = asc_sim_shadow_new(n);
    unsigned char *ref = calloc((size_t)n, 1);
    REQUIRE(ref);
    for (int op = 0; op < 400 && !bad; op++) {
      int64_t lo = RND() % n, len = RND() % 3 == 0 ? RND() % (n - lo + 1) : RND() % 200;
      int64_t hi = lo + len > n ? n : lo + len;
      if (RND() % 2) {
        asc_sim_shadow_mark(s, lo, hi);
        memset(ref + lo, 1, (size_t)(hi - lo));
        continue;
      }
      int64_t end = 0, a = asc_sim_shadow_find(s, lo, hi, &end), ra = -1, re = 0;
      for (int64_t k = lo; k < hi && ra < 0; k++)
        if (!ref[k])
          ra = k;
      for (re = ra; ra >= 0 && re < hi && !ref[re]; re++)
        ;
      bad += a != ra || (a >= 0 && end != re);
    }
    free(s);
    free(ref);
  }
#undef RND
  CHECK_INT(bad, 0);
}

/* ---- the watchdog, cancelling, block counts (issue 12) ---- */
static const char endless_ir[] =
  "\"builtin.module\"() ({\n"
  "  \"func.func\"() ({\n"
  "  ^bb0(%n: i32):\n"
  "    %c0 = \"arith.constant\"() {value = 0 : i32} : () -> i32 loc(\"w.py\":4:5)\n"
  "    %c1 = \"arith.constant\"() {value = 1 : i32} : () -> i32 loc(\"w.py\":4:5)\n"
  "    %r = \"scf.while\"(%c0) ({\n"
  "    ^bb0(%i: i32):\n"
  "      %lt = \"arith.cmpi\"(%i, %n) {predicate = 2 : i64} : (i32, i32) -> i1 loc(\"w.py\":5:11)\n"
  "      \"scf.condition\"(%lt, %i) : (i1, i32) -> () loc(\"w.py\":5:5)\n"
  "    }, {\n"
  "    ^bb0(%j: i32):\n"
  "      %k = \"arith.muli\"(%j, %c1) : (i32, i32) -> i32 loc(\"w.py\":6:9)\n"
  "      \"scf.yield\"(%k) : (i32) -> () loc(\"w.py\":5:5)\n"
  "    }) : (i32) -> i32 loc(\"w.py\":5:5)\n"
  "    \"func.return\"() : () -> () loc(\"w.py\":3:1)\n"
  "  }) {function_type = (i32) -> (), sym_name = \"k\"} : () -> () loc(\"w.py\":3:1)\n"
  "}) : () -> ()\n";

/* An endless loop stops at max_instructions with a watchdog record at the loop. */
TEST(watchdog_stops_an_endless_loop) {
  asc_sim_args a;
  asc_sim_args_init(&a);
  asc_sim_args_add_int(&a, ASC_SIM_I32, 1, "n");
  asc_sim_options o;
  asc_sim_options_init(&o);
  CHECK(o.max_instructions == ASC_SIM_DEFAULT_MAX_INSTRUCTIONS);
  o.max_instructions = 10000;
  o.blocks = 3;
  simrun r;
  sim_go_opts(&r, endless_ir, &a, &o);
  CHECK(r.rc != 0);
  CHECK_INT(r.rep.nrecords, 1); /* block 0 only: the launch stops after the first failing block */
  if (r.rep.nrecords == 1) {
    CHECK_INT(r.rep.records[0].kind, ASC_SIM_CHK_WATCHDOG);
    CHECK_STR(asc_sim_check_name(r.rep.records[0].kind), "watchdog");
    CHECK_INT(r.rep.records[0].site[0].line, 5);
    CHECK_STR(r.rep.records[0].site[0].op, "scf.while");
  }
  CHECK_CONTAINS(r.diag, "w.py:5:5: error: watchdog: the block executed more than 10000 instructions");
  sim_done(&r);
  asc_sim_args_free(&a);
}

/* A cancel flag raised before the launch stops it before any block runs. */
TEST(cancelled_launch_stops) {
  asc_sim_args a;
  asc_sim_args_init(&a);
  asc_sim_args_add_int(&a, ASC_SIM_I32, 1, "n");
  asc_sim_options o;
  asc_sim_options_init(&o);
  o.max_instructions = 0; /* no watchdog: only the flag can stop it */
  o.blocks = 4;
  o.cancel = asc_sim_cancel_new();
  CHECK_INT(asc_sim_cancel_requested(o.cancel), 0);
  asc_sim_cancel_request(o.cancel);
  simrun r;
  sim_go_opts(&r, endless_ir, &a, &o);
  CHECK(r.rc != 0);
  CHECK_CONTAINS(r.diag, "launch interrupted (cancel requested) after 0 of 4 blocks");
  sim_done(&r);
  asc_sim_cancel_reset(o.cancel);
  CHECK_INT(asc_sim_cancel_requested(o.cancel), 0);
  asc_sim_cancel_free(o.cancel);
  asc_sim_args_free(&a);
}

/* Block counts: 1..65535. */
TEST(block_count_limits) {
  asc_sim_args a;
  asc_sim_args_init(&a);
  asc_sim_args_add_int(&a, ASC_SIM_I32, 0, "n"); /* the loop ends at once */
  simrun r;
  sim_go(&r, endless_ir, &a, ASC_SIM_MAX_BLOCKS + 1);
  CHECK(r.rc != 0);
  CHECK_CONTAINS(r.diag, "a launch has at most 65535 blocks (got 65536)");
  sim_done(&r);
  sim_go(&r, endless_ir, &a, ASC_SIM_MAX_BLOCKS);
  CHECK_INT(r.rc, 0);
  int blocks = 0;
  for (int i = 0; i < r.rep.ncores; i++)
    blocks += r.rep.cores[i].blocks;
  CHECK_INT(blocks, ASC_SIM_MAX_BLOCKS);
  sim_done(&r);
  asc_sim_args_free(&a);
}
