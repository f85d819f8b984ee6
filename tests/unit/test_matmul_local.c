/* expand-matmul with Matmul operands in local memory (src/passes/expand_matmul.c, "operands in
 * local memory"): which memory each kernel type accepts, what the expansion emits for an L1
 * operand (no GM -> L1 copy of it), an NZ GM operand (whole-block copies) and a MIX UB operand
 * (MTE3 copy into the workspace), counted op by op. */
#include <stdio.h>
#include <stdlib.h>

#include "test.h"

#include "ir/ir.h"

/* One asc.matmul_iterate_all with A of type aty (%a), B and C in GM; mix / a_nz as given. */
static char *module(const char *aty, int mix, int anz) {
  static char buf[4096];
  const char *ga = strstr(aty, "local_tensor") ? "%a" : "%ga";
  const char *gaty = strstr(aty, "local_tensor") ? aty : "!asc.global_tensor<f16>";
  snprintf(buf, sizeof buf,
           "\"builtin.module\"() ({\n"
           "\"func.func\"() ({\n"
           "^bb0(%%a: %s, %%b: !asc.gm_ptr<f16>, %%c: !asc.gm_ptr<f32>, %%ws: !asc.gm_ptr<ui8>):\n"
           "  %%ga = \"asc.global_tensor\"() : () -> !asc.global_tensor<f16>\n"
           "  \"asc.set_global_buffer\"(%%ga, %%b) : (!asc.global_tensor<f16>, !asc.gm_ptr<f16>) -> ()\n"
           "  %%gc = \"asc.global_tensor\"() : () -> !asc.global_tensor<f32>\n"
           "  \"asc.set_global_buffer\"(%%gc, %%c) : (!asc.global_tensor<f32>, !asc.gm_ptr<f32>) -> ()\n"
           "  %%m = \"arith.constant\"() {value = 32 : i32} : () -> i32\n"
           "  %%z = \"arith.constant\"() {value = 0 : i32} : () -> i32\n"
           "  \"asc.matmul_iterate_all\"(%%gc, %s, %%ga, %%ga, %%ws, %%ga, %%m, %%m, %%m, %%m, %%m, %%m, %%m, %%m, "
           "%%m, %%m, %%z, %%z, %%z, %%z, %%z, %%z) {trans_a = 0 : i64, trans_b = 0 : i64, bias = 0 : i64, mix = %d : i64, "
           "a_nz = %d : i64} : (!asc.global_tensor<f32>, %s, !asc.global_tensor<f16>, !asc.global_tensor<f16>, "
           "!asc.gm_ptr<ui8>, !asc.global_tensor<f16>, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, "
           "i32, i32, i32, i32) -> ()\n"
           "  \"func.return\"() : () -> ()\n"
           "}) {function_type = (%s, !asc.gm_ptr<f16>, !asc.gm_ptr<f32>, !asc.gm_ptr<ui8>) -> (), sym_name = \"k\"} "
           ": () -> ()\n"
           "}) : () -> ()\n",
           aty, ga, mix, anz, gaty, aty);
  return buf;
}

static int count(const char *text, const char *what) {
  int n = 0;
  for (const char *p = strstr(text, what); p; p = strstr(p + 1, what))
    n++;
  return n;
}

/* Expand; the printed module (caller frees) or NULL with the diagnostics in *diag. */
static char *expand(asc_ctx *ctx, const char *src, char **diag) {
  asc_module *m = asc_module_parse(ctx, "t.mlir", src, strlen(src));
  if (!m)
    return NULL;
  char *text = NULL;
  if (asc_run_passes(m, "expand-matmul", NULL) == 0)
    text = asc_module_print(m);
  *diag = asc_ctx_diagnostics(ctx);
  asc_module_free(m);
  return text;
}

TEST(l1_a_is_read_in_place) {
  asc_ctx *ctx = asc_ctx_new();
  char *diag = NULL;
  char *t = expand(ctx, module("!asc.local_tensor<f16, A1>", 0, 1), &diag);
  REQUIRE(t);
  CHECK_INT(count(t, "\"asc.data_copy_nd2nz\""), 1); /* B's only */
  CHECK_INT(count(t, "\"asc.load_data_2d\"(%"), 2);
  CHECK_CONTAINS(t, "\"asc.load_data_2d\"(%"); /* A's load reads the kernel's L1 tensor ... */
  CHECK(strstr(t, ", %arg0, %") != NULL);      /* ... the function argument itself */
  CHECK(strstr(t, "matmul_iterate_all") == NULL);
  asc_free(t);
  asc_free(diag);
  asc_ctx_free(ctx);
}

TEST(gm_nz_a_is_copied_by_blocks) {
  asc_ctx *ctx = asc_ctx_new();
  char *diag = NULL;
  char *t = expand(ctx, module("!asc.gm_ptr<f16>", 0, 1), &diag);
  REQUIRE(t);
  CHECK_INT(count(t, "\"asc.data_copy_params\""), 1);
  CHECK_INT(count(t, "\"asc.data_copy_nd2nz\""), 1);
  asc_free(t);
  asc_free(diag);
  asc_ctx_free(ctx);
}

TEST(mix_ub_a_goes_through_the_workspace) {
  asc_ctx *ctx = asc_ctx_new();
  char *diag = NULL;
  char *t = expand(ctx, module("!asc.local_tensor<f16, VECIN>", 1, 0), &diag);
  REQUIRE(t);
  CHECK_INT(count(t, "\"asc.data_copy_pad\""), 1); /* UB -> the AIV's mirror in GM */
  CHECK_INT(count(t, "\"asc.get_block_num\""), 1);
  CHECK_INT(count(t, "\"asc.data_copy_nd2nz\""), 4); /* the AIC copies A and B from GM, per AIV */
  asc_free(t);
  asc_free(diag);
  asc_ctx_free(ctx);
}

/* The memory a caller core cannot use is refused, naming the operand, memory and kernel type. */
TEST(memory_the_caller_cannot_use) {
  static const struct {
    const char *ty;
    int mix, nz;
    const char *msg;
  } cases[] = {
      {"!asc.local_tensor<f16, VECIN>", 0, 0, "A is in UB, which the cube core running this cube-only Matmul"},
      {"!asc.local_tensor<f16, VECCALC>", 0, 0, "in a cube-only kernel a Matmul operand is in GM or L1"},
      {"!asc.local_tensor<f16, A1>", 1, 1, "A is in L1, which the vector cores calling this MIX kernel's Matmul"},
      {"!asc.local_tensor<f16, A2>", 0, 1, "A is in L0A"},
      {"!asc.local_tensor<f16, B1>", 0, 0, "A in L1 must have format NZ"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    asc_ctx *ctx = asc_ctx_new();
    asc_ctx_set_quiet(ctx, 1);
    char *diag = NULL;
    char *t = expand(ctx, module(cases[i].ty, cases[i].mix, cases[i].nz), &diag);
    CHECK(t == NULL);
    CHECK_CONTAINS(diag, cases[i].msg);
    asc_free(t);
    asc_free(diag);
    asc_ctx_free(ctx);
  }
}
