/* fuzz_sim - libFuzzer target that runs parsed kernels in the simulator.
 *
 * For each input: parse it; if it parses and verifies, run its first func.func on the
 * simulator (sanitizers on, 2 blocks, one host thread) with small arguments: every GM
 * pointer gets its own 1 KB array, integers are 64, floats 1.5.  The simulator must give
 * a result or an error for any verified kernel; the sanitizers (address, undefined, leak)
 * catch a crash or an access outside the simulator's buffers and the caller's arrays,
 * which is the class of bug of 64-bit counts and sizes (issue 12, item 1).
 *
 * Kernels whose only verifier errors are integer count operands that are not i32 (an i64
 * count: the verifier's own defence since that issue) are run too, with the verifier off,
 * so the simulator's checked arithmetic stays under fuzzing behind it.
 *
 * Small limits keep each run short: inputs up to 16 KB, at most 16 kernel parameters, and
 * only loops the fuzzer cannot make long: scf.for with constant bounds, at most 4096
 * iterations counting the enclosing loops, and no scf.while.
 *
 *   build-asan/bin/fuzz_sim -dict=tests/fuzz/mlir.dict CORPUS_DIR tests/fuzz/corpus-sim
 *   make fuzz FUZZ_TARGET=sim FUZZ_SECONDS=300
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "asc/sim.h"
#include "ir/ir.h"
#include "sim/sim_int.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

enum { MAX_INPUT = 1 << 14, MAX_PARAMS = 16, GM_BYTES = 1024, MAX_TRIPS = 4096 };

/* The integer value of v if an arith.constant defines it. */
static bool constint(const asc_value *v, int64_t *out) {
  if (!v->def || v->def->code != ASC_OP_CONSTANT)
    return false;
  const asc_attr *a = asc_op_attr(v->def, "value");
  if (!a || a->kind != ASC_ATTR_INT)
    return false;
  *out = a->i;
  return true;
}

/* Iterations the ops in b run at most, given `outer` runs of b; false if too many or
 * unknown (a while loop, a for loop with runtime bounds). */
static bool bounded(const asc_block *b, int64_t outer) {
  for (const asc_op *op = b ? b->first : NULL; op; op = op->next) {
    int64_t runs = outer;
    if (op->code == ASC_OP_WHILE)
      return false;
    if (op->code == ASC_OP_FOR) {
      int64_t lb, ub, step;
      if (op->noperands < 3 || !constint(op->operands[0], &lb) || !constint(op->operands[1], &ub) ||
          !constint(op->operands[2], &step))
        return false;
      int64_t span;
      if (step > 0 && ub > lb) {
        if (__builtin_sub_overflow(ub, lb, &span))
          return false;
        int64_t trips = span / step + 1; /* outer <= MAX_TRIPS: the product fits */
        if (trips > MAX_TRIPS || outer * trips > MAX_TRIPS)
          return false;
        runs = outer * trips;
      }
    }
    for (int r = 0; r < op->nregions; r++)
      if (!bounded(op->regions[r].block, runs))
        return false;
  }
  return true;
}

/* Every error of ctx is an integer count, offset or index operand of the wrong width. */
static bool only_count_types(const asc_ctx *ctx) {
  int n = 0;
  for (const asc_diag_rec *d = ctx->diags; d; d = d->next) {
    if (d->sev != ASC_SEV_ERROR)
      continue;
    if (!strstr(d->msg, " must be i32, but got 'i") && !strstr(d->msg, " must be i32, but got 'index'"))
      return false;
    n++;
  }
  return n > 0;
}

static void run(asc_module *m, bool verify) {
  asc_op *func = NULL;
  for (asc_op *op = asc_module_body(m) ? asc_module_body(m)->first : NULL; op && !func; op = op->next)
    if (op->code == ASC_OP_FUNC)
      func = op;
  if (!func || !func->nregions || !func->regions[0].block || !asc_func_name(func))
    return;
  const asc_block *entry = func->regions[0].block;
  if (entry->nargs > MAX_PARAMS || !bounded(entry, 1))
    return;
  static uint8_t gm[MAX_PARAMS][GM_BYTES];
  asc_sim_args a;
  asc_sim_args_init(&a);
  for (int i = 0; i < entry->nargs; i++) {
    const asc_type *t = entry->args[i]->type;
    int dt = asc_sim_is_gm_type(t) ? asc_sim_elem_dtype(t) : asc_sim_dtype_of(t);
    if (dt < 0) { /* a parameter the simulator cannot bind: its own error path */
      asc_sim_args_add_int(&a, ASC_SIM_I32, 0, "p");
      continue;
    }
    if (asc_sim_is_gm_type(t)) {
      for (int k = 0; k < GM_BYTES; k++)
        gm[i][k] = (uint8_t)(k * 37 + i);
      asc_sim_args_add_gm(&a, gm[i], GM_BYTES, (asc_sim_dtype)dt, "gm");
    } else if (asc_sim_dt_float(dt)) {
      asc_sim_args_add_float(&a, (asc_sim_dtype)dt, 1.5, "f");
    } else {
      asc_sim_args_add_int(&a, (asc_sim_dtype)dt, 64, "n");
    }
  }
  asc_sim_options o;
  asc_sim_options_init(&o);
  o.blocks = 2;
  o.threads = 1;
  o.verify = verify;
  asc_sim_report rep;
  asc_sim_launch(m, asc_func_name(func), &a, &o, &rep);
  asc_sim_report_free(&rep);
  asc_sim_args_free(&a);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size > MAX_INPUT)
    return 0;
  char *text = malloc(size + 1);
  memcpy(text, data, size);
  text[size] = '\0';
  asc_ctx *ctx = asc_ctx_new();
  asc_ctx_set_quiet(ctx, 1);
  asc_module *m = asc_parse(ctx, "fuzz.mlir", text, size);
  if (m) {
    if (asc_verify(m) == 0)
      run(m, true);
    else if (only_count_types(ctx))
      run(m, false);
  }
  if (m)
    asc_module_free(m);
  asc_ctx_free(ctx);
  free(text);
  return 0;
}
