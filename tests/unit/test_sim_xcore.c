/* test_sim_xcore.c - core groups at the C API: a MIX producer/consumer through GM (the AIC's
 * scalar stores, a mode-2 flag, the AIVs' loads), its deadlock when the set is missing, and the
 * same results for any number of host threads.  Under build-asan this also checks the group
 * machinery for leaks and races of its own. */
#include <stdio.h>

#include "test_sim_util.h"

/* The AIC writes ws[b] = 7 * (b + 1) for its block b (1000 times: longer than the AIVs' later start in a
 * MIX launch, hw.def MIX_START, so they do wait), sets flag 3 (mode 2); each AIV
 * (index 2 b + s) waits, then copies ws[b] into out[2 b + s].  $SET: the set (or nothing). */
static const char mix[] =
  "\"builtin.module\"() ({\n"
  "  \"func.func\"() ({\n"
  "  ^bb0(%ws: !asc.gm_ptr<i32>, %out: !asc.gm_ptr<i32>):\n"
  "    %f = \"arith.constant\"() {value = 3 : i32} : () -> i32\n"
  "    %c1 = \"arith.constant\"() {value = 1 : i32} : () -> i32\n"
  "    %c7 = \"arith.constant\"() {value = 7 : i32} : () -> i32\n"
  "    %wg = \"asc.global_tensor\"() : () -> !asc.global_tensor<i32>\n"
  "    \"asc.set_global_buffer\"(%wg, %ws) : (!asc.global_tensor<i32>, !asc.gm_ptr<i32>) -> ()\n"
  "    %og = \"asc.global_tensor\"() : () -> !asc.global_tensor<i32>\n"
  "    \"asc.set_global_buffer\"(%og, %out) : (!asc.global_tensor<i32>, !asc.gm_ptr<i32>) -> ()\n"
  "    %aic = \"asc.ascend_is_aic\"() : () -> i1 loc(\"k.py\":10:4)\n"
  "    %b = \"asc.get_block_idx\"() : () -> i32\n"
  "    \"scf.if\"(%aic) ({\n"
  "      %b1 = \"arith.addi\"(%b, %c1) : (i32, i32) -> i32\n"
  "      %v = \"arith.muli\"(%b1, %c7) : (i32, i32) -> i32\n"
  "      %i0 = \"arith.constant\"() {value = 0 : index} : () -> index\n"
  "      %in = \"arith.constant\"() {value = 1000 : index} : () -> index\n"
  "      %i1 = \"arith.constant\"() {value = 1 : index} : () -> index\n"
  "      \"scf.for\"(%i0, %in, %i1) ({\n"
  "      ^bb0(%i: index):\n"
  "        \"asc.set_value\"(%wg, %b, %v) : (!asc.global_tensor<i32>, i32, i32) -> () loc(\"k.py\":12:8)\n"
  "        \"scf.yield\"() : () -> ()\n"
  "      }) : (index, index, index) -> ()\n"
  "      $SET\n"
  "      \"scf.yield\"() : () -> ()\n"
  "    }, {\n"
  "      \"asc.cross_core_wait_flag\"(%f) {mode = 2 : i32, pipe = #asc.pipe<PIPE_S>} : (i32) -> () loc(\"k.py\":15:8)\n"
  "      %two = \"arith.constant\"() {value = 2 : i32} : () -> i32\n"
  "      %blk = \"arith.divsi\"(%b, %two) : (i32, i32) -> i32\n"
  "      %v = \"asc.get_value\"(%wg, %blk) : (!asc.global_tensor<i32>, i32) -> i32 loc(\"k.py\":16:8)\n"
  "      \"asc.set_value\"(%og, %b, %v) : (!asc.global_tensor<i32>, i32, i32) -> ()\n"
  "      \"scf.yield\"() : () -> ()\n"
  "    }) : (i1) -> ()\n"
  "    \"func.return\"() : () -> ()\n"
  "  }) {sym_name = \"k\", function_type = (!asc.gm_ptr<i32>, !asc.gm_ptr<i32>) -> ()} : () -> ()\n"
  "}) : () -> ()\n";

/* the scalar stores reach GM at the write-back (Ascend C SetValue's page), then the flag */
#define SET "\"asc.data_cache_clean_and_invalid\"(%wg) {line = 1 : i64} : (!asc.global_tensor<i32>) -> ()\n" \
            "      \"asc.cross_core_set_flag\"(%f) {mode = 2 : i32, pipe = #asc.pipe<PIPE_MTE3>} : (i32) -> () loc(\"k.py\":13:8)"

static void run(simrun *r, const char *set, int blocks, int threads, int32_t *ws, int32_t *out) {
  const char *kv[] = {"$SET", set, NULL};
  char *ir = sim_expand(mix, kv);
  asc_sim_args a;
  asc_sim_args_init(&a);
  asc_sim_args_add_gm(&a, ws, sizeof(int32_t) * (size_t)blocks, ASC_SIM_I32, "ws");
  asc_sim_args_add_gm(&a, out, sizeof(int32_t) * 2 * (size_t)blocks, ASC_SIM_I32, "out");
  asc_sim_options o;
  asc_sim_options_init(&o);
  o.blocks = blocks;
  o.threads = threads;
  sim_go_opts(r, ir, &a, &o);
  asc_sim_args_free(&a);
  free(ir);
}

TEST(mix_producer_consumer) {
  int32_t ws[6] = {0}, out[12] = {0};
  simrun r;
  run(&r, SET, 6, 0, ws, out);
  CHECK_INT(r.rc, 0);
  CHECK_INT(r.rep.nrecords, 0);
  for (int i = 0; i < 12; i++)
    CHECK_INT(out[i], 7 * (i / 2 + 1));
  CHECK_INT(r.rep.ncores, 18); /* 6 blocks of one AIC and two AIVs */
  CHECK_INT(r.rep.cores[0].kind, 1);
  CHECK_INT(r.rep.cores[1].kind, 0);
  CHECK(r.rep.cores[1].blocked[ASC_PIPEID_PIPE_S] > 0); /* the AIV waited for the AIC */
  int64_t cycles = r.rep.cycles;
  sim_done(&r);
  for (int t = 1; t <= 4; t++) { /* the same for any number of host threads */
    memset(out, 0, sizeof out);
    run(&r, SET, 6, t, ws, out);
    CHECK_INT(r.rc, 0);
    CHECK_INT((int)r.rep.cycles, (int)cycles);
    CHECK_INT(out[11], 42);
    sim_done(&r);
  }
}

TEST(mix_missing_set_is_a_deadlock) {
  int32_t ws[2] = {0}, out[4] = {0};
  simrun r;
  run(&r, "", 2, 0, ws, out);
  CHECK(r.rc != 0);
  CHECK_CONTAINS(r.diag, "deadlock: a cross-core wait can never be satisfied");
  CHECK_CONTAINS(r.diag, "block 0 AIC has finished; block 0 AIV0: PIPE_S is blocked at asc.cross_core_wait_flag (k.py:15)");
  CHECK_INT(out[0], 0); /* nothing ran past the wait */
  sim_done(&r);
}
