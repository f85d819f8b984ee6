/* test_sim_util.h - helpers shared by the simulator tests (tests/unit/test_sim_*.c):
 * template expansion of IR text and one-call parse + launch. */
#ifndef ASC_TEST_SIM_UTIL_H
#define ASC_TEST_SIM_UTIL_H

#include <stdlib.h>
#include <string.h>

#include "asc/sim.h"
#include "ir/ir.h"
#include "test.h"

/* t with every key of the NULL-terminated (key, value) list replaced, keys in list order
 * (so "$LI" can expand to text containing "$T").  malloc'd. */
static inline char *sim_expand(const char *t, const char *const *kv) {
  char *s = strdup(t);
  for (int k = 0; kv[k]; k += 2) {
    asc_strbuf sb;
    asc_sb_init(&sb);
    size_t kl = strlen(kv[k]);
    for (const char *p = s; *p;) {
      const char *q = strstr(p, kv[k]);
      if (!q) {
        asc_sb_puts(&sb, p);
        break;
      }
      asc_sb_put(&sb, p, (size_t)(q - p));
      asc_sb_puts(&sb, kv[k + 1]);
      p = q + kl;
    }
    free(s);
    s = sb.data ? sb.data : strdup("");
  }
  return s;
}

typedef struct simrun {
  asc_ctx *ctx;
  asc_module *m;
  asc_sim_report rep;
  int rc;
  char *diag; /* all diagnostics */
} simrun;

/* Parse ir and run kernel "k" with options o. */
static inline void sim_go_opts(simrun *r, const char *ir, const asc_sim_args *args, const asc_sim_options *o) {
  memset(r, 0, sizeof *r);
  r->ctx = asc_ctx_new();
  asc_ctx_set_quiet(r->ctx, 1);
  r->m = asc_parse(r->ctx, "k.mlir", ir, strlen(ir));
  r->rc = -1;
  if (r->m)
    r->rc = asc_sim_launch(r->m, "k", args, o, &r->rep);
  r->diag = asc_ctx_diagnostics(r->ctx);
  if (!r->m)
    asc_test_fail(__FILE__, __LINE__, "parse failed:\n%s", r->diag);
}

/* Parse ir and run kernel "k" on `blocks` blocks with the default options. */
static inline void sim_go(simrun *r, const char *ir, const asc_sim_args *args, int blocks) {
  asc_sim_options o;
  asc_sim_options_init(&o);
  o.blocks = blocks;
  sim_go_opts(r, ir, args, &o);
}

static inline void sim_done(simrun *r) {
  asc_sim_report_free(&r->rep);
  free(r->diag);
  if (r->m)
    asc_module_free(r->m);
  asc_ctx_free(r->ctx);
}

/* The static-tensor ("tutorial 01") kernel: z, x, y copied GM->UB (z too, so masked-off
 * lanes show), one set/wait MTE2_V, the op line $OP, set/wait V_MTE3, z copied back.
 * Keys: $T element type, $N elements per tensor, $PRE extra ops before $OP. */
static const char sim_tmpl_binary[] =
  "\"builtin.module\"() ({\n"
  "  \"func.func\"() ({\n"
  "  ^bb0(%x: !asc.gm_ptr<$T>, %y: !asc.gm_ptr<$T>, %z: !asc.gm_ptr<$T>):\n"
  "    %n = \"arith.constant\"() {value = $N : i32} : () -> i32 loc(\"t.py\":2:0)\n"
  "    %a0 = \"arith.constant\"() {value = 0 : i32} : () -> i32\n"
  "    %a1 = \"arith.constant\"() {value = 32768 : i32} : () -> i32\n"
  "    %a2 = \"arith.constant\"() {value = 65536 : i32} : () -> i32\n"
  "    %e = \"arith.constant\"() {value = 0 : i32} : () -> i32\n"
  "    %xg = \"asc.global_tensor\"() : () -> !asc.global_tensor<$T>\n"
  "    \"asc.set_global_buffer\"(%xg, %x) : (!asc.global_tensor<$T>, !asc.gm_ptr<$T>) -> ()\n"
  "    %yg = \"asc.global_tensor\"() : () -> !asc.global_tensor<$T>\n"
  "    \"asc.set_global_buffer\"(%yg, %y) : (!asc.global_tensor<$T>, !asc.gm_ptr<$T>) -> ()\n"
  "    %zg = \"asc.global_tensor\"() : () -> !asc.global_tensor<$T>\n"
  "    \"asc.set_global_buffer\"(%zg, %z) : (!asc.global_tensor<$T>, !asc.gm_ptr<$T>) -> ()\n"
  "    %xl = \"asc.local_tensor\"(%a0, %n) {pos = #asc.pos<VECIN>} : (i32, i32) -> $LI\n"
  "    %yl = \"asc.local_tensor\"(%a1, %n) {pos = #asc.pos<VECIN>} : (i32, i32) -> $LI\n"
  "    %zl = \"asc.local_tensor\"(%a2, %n) {pos = #asc.pos<VECOUT>} : (i32, i32) -> $LO\n"
  "    \"asc.data_copy\"(%xl, %xg, %n) : ($LI, !asc.global_tensor<$T>, i32) -> () loc(\"t.py\":10:4)\n"
  "    \"asc.data_copy\"(%yl, %yg, %n) : ($LI, !asc.global_tensor<$T>, i32) -> () loc(\"t.py\":11:4)\n"
  "    \"asc.data_copy\"(%zl, %zg, %n) : ($LO, !asc.global_tensor<$T>, i32) -> () loc(\"t.py\":12:4)\n"
  "    \"asc.set_flag\"(%e) {event = #asc.event<MTE2_V>} : (i32) -> () loc(\"t.py\":13:4)\n"
  "    \"asc.wait_flag\"(%e) {event = #asc.event<MTE2_V>} : (i32) -> () loc(\"t.py\":14:4)\n"
  "$PRE"
  "    $OP loc(\"t.py\":20:4)\n"
  "    \"asc.set_flag\"(%e) {event = #asc.event<V_MTE3>} : (i32) -> () loc(\"t.py\":21:4)\n"
  "    \"asc.wait_flag\"(%e) {event = #asc.event<V_MTE3>} : (i32) -> () loc(\"t.py\":22:4)\n"
  "    \"asc.data_copy\"(%zg, %zl, %n) : (!asc.global_tensor<$T>, $LO, i32) -> () loc(\"t.py\":23:4)\n"
  "    \"func.return\"() : () -> () loc(\"t.py\":24:0)\n"
  "  }) {function_type = (!asc.gm_ptr<$T>, !asc.gm_ptr<$T>, !asc.gm_ptr<$T>) -> (), sym_name = \"k\"} : () -> ()\n"
  "}) : () -> ()\n";

/* Run the binary template with op line `op` on arrays x, y, z of n elements of dt. */
static inline void sim_binary(simrun *r, const char *ty, int dt, int n, const char *pre, const char *op,
                              void *x, void *y, void *z) {
  char ns[32];
  snprintf(ns, sizeof ns, "%d", n);
  const char *kv[] = {"$OP", op, "$PRE", pre ? pre : "", "$LI", "!asc.local_tensor<$T, VECIN>",
                      "$LO", "!asc.local_tensor<$T, VECOUT>", "$T", ty, "$N", ns, NULL};
  char *ir = sim_expand(sim_tmpl_binary, kv);
  size_t bytes = (size_t)n * (size_t)asc_sim_dtype_size((asc_sim_dtype)dt);
  asc_sim_args a;
  asc_sim_args_init(&a);
  asc_sim_args_add_gm(&a, x, bytes, (asc_sim_dtype)dt, "x");
  asc_sim_args_add_gm(&a, y, bytes, (asc_sim_dtype)dt, "y");
  asc_sim_args_add_gm(&a, z, bytes, (asc_sim_dtype)dt, "z");
  sim_go(r, ir, &a, 1);
  asc_sim_args_free(&a);
  free(ir);
}

#endif
