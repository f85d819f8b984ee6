/* The verify-sync pass (src/passes/verify_sync.c) through the C API: ids outside 0-7, events
 * valid on no core and pipes arch 2201 lacks (legal IR, as in pyasc: the pass warns; also in
 * lit verify-sync/ids-events.mlir).  Also: the pass changes nothing and never fails. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test.h"

#include "ir/ir.h"

#define FUNC_BEGIN                                                                   \
  "\"builtin.module\"() ({\n"                                                        \
  "  \"func.func\"() ({\n"                                                           \
  "    %c0 = \"arith.constant\"() {value = 0 : i32} : () -> i32\n"                   \
  "    %c9 = \"arith.constant\"() {value = 9 : i32} : () -> i32\n"                   \
  "    %n = \"arith.constant\"() {value = 256 : i32} : () -> i32\n"                  \
  "    %t = \"asc.local_tensor\"(%c0, %n) {pos = #asc.pos<VECCALC>} : (i32, i32) -> " \
  "!asc.local_tensor<256xf16, VECCALC>\n"
#define FUNC_END                                                                     \
  "    \"func.return\"() : () -> ()\n"                                               \
  "  }) {function_type = () -> (), sym_name = \"k\"} : () -> ()\n"                   \
  "}) : () -> ()\n"

static const char bad_src[] =
    FUNC_BEGIN
    "    \"asc.set_flag\"(%c9) {event = #asc.event<MTE2_V>} : (i32) -> ()\n"
    "    \"asc.pipe_barrier\"() {pipe = #asc.pipe<PIPE_S>} : () -> ()\n"
    "    \"asc.set_flag\"(%c0) {event = #asc.event<M_V>} : (i32) -> ()\n"
    "    \"asc.wait_flag\"(%c0) {event = #asc.event<M_V>} : (i32) -> ()\n"
    "    \"asc.pipe_barrier\"() {pipe = #asc.pipe<PIPE_MTE4>} : () -> ()\n"
    FUNC_END;

/* Run verify-sync alone on src (parsed, not verified); the diagnostics (malloc'd). */
static char *run_verify_sync(const char *src, int *rc, int *nwarn) {
  asc_ctx *ctx = asc_ctx_new();
  asc_pass_options po;
  asc_ctx_set_quiet(ctx, 1);
  asc_module *m = asc_module_parse(ctx, "t.mlir", src, strlen(src));
  if (!m) {
    asc_ctx_free(ctx);
    return NULL;
  }
  char *before = asc_module_print(m);
  asc_pass_options_init(&po);
  po.verify_each = 0;
  *rc = asc_run_passes(m, "verify-sync", &po);
  char *after = asc_module_print(m);
  if (strcmp(before, after) != 0)
    *rc = -1; /* the pass changed the IR */
  asc_free(before);
  asc_free(after);
  *nwarn = asc_ctx_warning_count(ctx);
  char *d = asc_ctx_diagnostics(ctx);
  asc_module_free(m);
  asc_ctx_free(ctx);
  return d;
}

TEST(verify_sync_verifier_rejected_cases) {
  int rc = 1, nwarn = 0;
  char *d = run_verify_sync(bad_src, &rc, &nwarn);
  REQUIRE(d);
  CHECK_INT(rc, 0);
  CHECK_CONTAINS(d, "t.mlir:7:5: warning: S006 bad id: event id 9 is out of range: each event has ids 0-7");
  CHECK_CONTAINS(d, "t.mlir:8:5: warning: S007 bad event: pipe_barrier(PIPE_S) is illegal");
  CHECK_CONTAINS(d, "t.mlir:9:5: warning: S007 bad event: M_V is valid on no core");
  CHECK_CONTAINS(d, "t.mlir:10:5: warning: S007 bad event: M_V is valid on no core");
  CHECK_CONTAINS(d, "t.mlir:11:5: warning: S007 bad event: pipe PIPE_MTE4 does not exist on arch 2201");
  /* the set of id 9 is also never waited */
  CHECK_CONTAINS(d, "t.mlir:7:5: warning: S004 unpaired set: set_flag(MTE2_V, 9)");
  CHECK_INT(nwarn, 6);
  asc_free(d);
}

TEST(verify_sync_clean_kernel_has_no_findings) {
  static const char src[] =
      FUNC_BEGIN
      "    \"asc.set_flag\"(%c0) {event = #asc.event<V_MTE3>} : (i32) -> ()\n"
      "    \"asc.wait_flag\"(%c0) {event = #asc.event<V_MTE3>} : (i32) -> ()\n"
      "    \"asc.pipe_barrier\"() {pipe = #asc.pipe<PIPE_V>} : () -> ()\n"
      FUNC_END;
  int rc = 1, nwarn = -1;
  char *d = run_verify_sync(src, &rc, &nwarn);
  REQUIRE(d);
  CHECK_INT(rc, 0);
  CHECK_INT(nwarn, 0);
  asc_free(d);
}

/* Through the C API a pass may meet ops the verifier would reject for their shape:
 * they are skipped, not dereferenced. */
TEST(verify_sync_skips_malformed_ops) {
  static const char src[] =
      FUNC_BEGIN
      "    \"asc.set_flag\"(%c0) : (i32) -> ()\n"
      "    \"asc.wait_flag\"() {event = #asc.event<MTE2_V>} : () -> ()\n"
      "    \"asc.pipe_barrier\"() : () -> ()\n"
      "    %q = \"asc.tque\"() : () -> !asc.queue<VECIN, 1>\n"
      "    \"asc.enque\"(%q) : (!asc.queue<VECIN, 1>) -> ()\n"
      "    \"asc.free_tensor\"(%q) : (!asc.queue<VECIN, 1>) -> ()\n"
      "    \"asc.deque\"(%q) : (!asc.queue<VECIN, 1>) -> ()\n"
      FUNC_END;
  int rc = 1, nwarn = -1;
  char *d = run_verify_sync(src, &rc, &nwarn);
  REQUIRE(d);
  CHECK_INT(rc, 0);
  CHECK_INT(nwarn, 0);
  asc_free(d);
}
