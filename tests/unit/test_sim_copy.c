/* test_sim_copy.c - data movement (DataCopyParams strides, DataCopyPad padding, the
 * 32-byte rounding of data_copy), GM bounds, argument matching, and the scalar unit
 * (exact integer semantics, scf.for with carried values, get_value/set_value on GM). */
#include <stdio.h>
#include <string.h>

#include "test_sim_util.h"

/* A kernel (x: f32 array, z: f32 array) whose body is $BODY after the common prologue. */
static const char copyk[] =
  "\"builtin.module\"() ({\n"
  "  \"func.func\"() ({\n"
  "  ^bb0(%x: !asc.gm_ptr<f32>, %z: !asc.gm_ptr<f32>):\n"
  "    %c0 = \"arith.constant\"() {value = 0 : i32} : () -> i32\n"
  "    %c1 = \"arith.constant\"() {value = 1 : i32} : () -> i32\n"
  "    %c2 = \"arith.constant\"() {value = 2 : i32} : () -> i32\n"
  "    %c3 = \"arith.constant\"() {value = 3 : i32} : () -> i32\n"
  "    %c4 = \"arith.constant\"() {value = 4 : i32} : () -> i32\n"
  "    %c12 = \"arith.constant\"() {value = 12 : i32} : () -> i32\n"
  "    %c16 = \"arith.constant\"() {value = 16 : i32} : () -> i32\n"
  "    %c24 = \"arith.constant\"() {value = 24 : i32} : () -> i32\n"
  "    %c64 = \"arith.constant\"() {value = 64 : i32} : () -> i32\n"
  "    %xg = \"asc.global_tensor\"() : () -> !asc.global_tensor<f32>\n"
  "    \"asc.set_global_buffer\"(%xg, %x) : (!asc.global_tensor<f32>, !asc.gm_ptr<f32>) -> ()\n"
  "    %zg = \"asc.global_tensor\"() : () -> !asc.global_tensor<f32>\n"
  "    \"asc.set_global_buffer\"(%zg, %z) : (!asc.global_tensor<f32>, !asc.gm_ptr<f32>) -> ()\n"
  "    %xl = \"asc.local_tensor\"(%c0, %c64) {pos = #asc.pos<VECIN>} : (i32, i32) -> !asc.local_tensor<f32, VECIN>\n"
  "$BODY"
  "    \"func.return\"() : () -> ()\n"
  "  }) {function_type = (!asc.gm_ptr<f32>, !asc.gm_ptr<f32>) -> (), sym_name = \"k\"} : () -> ()\n"
  "}) : () -> ()\n";

#define LT "!asc.local_tensor<f32, VECIN>"
#define GT "!asc.global_tensor<f32>"
#define MTE2_MTE3                                                                          \
  "    \"asc.set_flag\"(%c0) {event = #asc.event<MTE2_MTE3>} : (i32) -> ()\n"             \
  "    \"asc.wait_flag\"(%c0) {event = #asc.event<MTE2_MTE3>} : (i32) -> ()\n"

static void copyrun(simrun *r, const char *body, float *x, size_t xn, float *z, size_t zn) {
  const char *kv[] = {"$BODY", body, NULL};
  char *ir = sim_expand(copyk, kv);
  asc_sim_args a;
  asc_sim_args_init(&a);
  asc_sim_args_add_gm(&a, x, xn * sizeof *x, ASC_SIM_F32, "x");
  asc_sim_args_add_gm(&a, z, zn * sizeof *z, ASC_SIM_F32, "z");
  sim_go(r, ir, &a, 1);
  asc_sim_args_free(&a);
  free(ir);
}

static void iota(float *x, int n, float base) {
  for (int i = 0; i < n; i++)
    x[i] = base + (float)i;
}

/* 3 blocks of 1 x 32 B with a 1-block gap on the GM side: every other 8 floats. */
TEST(data_copy_params_strided) {
  float x[64], z[64];
  iota(x, 64, 0);
  iota(z, 64, 1000);
  simrun r;
  copyrun(&r,
          "    %p = \"asc.struct\"(%c3, %c1, %c1, %c0) : (i32, i32, i32, i32) -> !asc.struct<DataCopyParams>\n"
          "    \"asc.data_copy_params\"(%xl, %xg, %p) : (" LT ", " GT ", !asc.struct<DataCopyParams>) -> ()\n"
          MTE2_MTE3 "    \"asc.data_copy\"(%zg, %xl, %c24) : (" GT ", " LT ", i32) -> ()\n",
          x, 64, z, 64);
  CHECK_INT(r.rc, 0);
  for (int i = 0; i < 24; i++)
    if (z[i] != x[(i / 8) * 16 + i % 8])
      asc_test_fail(__FILE__, __LINE__, "z[%d] = %g", i, z[i]);
  CHECK(z[24] == 1024.0f);
  sim_done(&r);
}

/* GM->UB: 2 blocks of 12 bytes, 4 bytes apart in GM, each padded in UB with one 7.0 on
 * the right and filler to 32 B; UB->GM: the 12-byte blocks land back to back. */
TEST(data_copy_pad_both_ways) {
  float x[64], z[64];
  iota(x, 64, 0);
  iota(z, 64, 1000);
  simrun r;
  copyrun(&r,
          "    %f7 = \"arith.constant\"() {value = 7.0 : f32} : () -> f32\n"
          "    %e = \"asc.struct\"(%c2, %c12, %c4, %c0, %c0) : (i32, i32, i32, i32, i32) -> !asc.struct<DataCopyExtParams>\n"
          "    %pp = \"asc.struct\"(%c1, %c0, %c1, %f7) : (i32, i32, i32, f32) -> !asc.struct<DataCopyPadExtParams>\n"
          "    \"asc.data_copy_pad\"(%xl, %xg, %e, %pp) : (" LT ", " GT ", !asc.struct<DataCopyExtParams>, "
          "!asc.struct<DataCopyPadExtParams>) -> ()\n"
          MTE2_MTE3 "    \"asc.data_copy\"(%zg, %xl, %c16) : (" GT ", " LT ", i32) -> ()\n"
          "    %o = \"asc.struct\"(%c2, %c12, %c0, %c0, %c0) : (i32, i32, i32, i32, i32) -> !asc.struct<DataCopyExtParams>\n"
          "    %z2 = \"asc.gt_subview\"(%zg, %c16) : (" GT ", i32) -> " GT "\n"
          "    \"asc.data_copy_pad\"(%z2, %xl, %o) : (" GT ", " LT ", !asc.struct<DataCopyExtParams>) -> ()\n",
          x, 64, z, 64);
  CHECK_INT(r.rc, 0);
  const float want[] = {0, 1, 2, 7, 7, 7, 7, 7, 4, 5, 6, 7, 7, 7, 7, 7, 0, 1, 2, 4, 5, 6, 1022};
  for (size_t i = 0; i < sizeof want / sizeof want[0]; i++)
    if (z[i] != want[i])
      asc_test_fail(__FILE__, __LINE__, "z[%zu] = %g, expected %g\n%s", i, z[i], want[i], r.diag);
  sim_done(&r);
}

TEST(data_copy_rounds_down_to_32_bytes) {
  float x[64], z[64];
  iota(x, 64, 0);
  iota(z, 64, 1000);
  simrun r;
  copyrun(&r,
          "    %c11 = \"arith.constant\"() {value = 11 : i32} : () -> i32\n"
          "    \"asc.data_copy\"(%xl, %xg, %c64) : (" LT ", " GT ", i32) -> ()\n" MTE2_MTE3
          "    \"asc.data_copy\"(%zg, %xl, %c11) : (" GT ", " LT ", i32) -> () loc(\"t.py\":5:4)\n",
          x, 64, z, 64);
  CHECK_INT(r.rc, 0);
  CHECK_CONTAINS(r.diag, "t.py:5:4: warning: asc.data_copy: 11 elements are 44 bytes");
  CHECK(z[7] == 7.0f && z[8] == 1008.0f);
  sim_done(&r);
}

/* A UB->GM copy of 4 KiB or more into a GM array of 8 MiB or more takes the cache-bypassing
 * path of datacopy.c: the same bytes as memmove, here at a GM address 12 bytes past a
 * 16-byte boundary (the unaligned head) with a tail that is not a multiple of 64 bytes. */
TEST(data_copy_out_to_a_large_array) {
  enum { N = 1112, ZN = (8 << 20) / 4 + 64 };
  float x[N], *z = malloc(sizeof *z * ZN);
  REQUIRE(z);
  iota(x, N, 0.5f);
  iota(z, ZN, 1e6f);
  simrun r;
  copyrun(&r,
          "    %cn = \"arith.constant\"() {value = 1112 : i32} : () -> i32\n"
          "    %bl = \"asc.local_tensor\"(%c0, %cn) {pos = #asc.pos<VECIN>} : (i32, i32) -> " LT "\n"
          "    \"asc.data_copy\"(%bl, %xg, %cn) : (" LT ", " GT ", i32) -> ()\n" MTE2_MTE3
          "    %zs = \"asc.gt_subview\"(%zg, %c3) : (" GT ", i32) -> " GT "\n"
          "    \"asc.data_copy\"(%zs, %bl, %cn) : (" GT ", " LT ", i32) -> ()\n",
          x, N, z, ZN);
  CHECK_INT(r.rc, 0);
  CHECK_INT(r.rep.nerrors, 0);
  int bad = 0;
  for (int i = 0; i < ZN; i++)
    bad += z[i] != (i >= 3 && i < 3 + N ? x[i - 3] : 1e6f + (float)i);
  CHECK_INT(bad, 0);
  sim_done(&r);
  free(z);
}

TEST(gm_out_of_bounds_names_the_array) {
  float x[32], z[64];
  simrun r;
  copyrun(&r, "    \"asc.data_copy\"(%xl, %xg, %c64) : (" LT ", " GT ", i32) -> () loc(\"t.py\":7:8)\n", x, 32, z, 64);
  CHECK(r.rc != 0);
  CHECK_CONTAINS(r.diag, "t.py:7:8: error: asc.data_copy: out-of-bounds read of GM array 'x': bytes [0, 256), "
                 "but it has 128 bytes");
  sim_done(&r);
}

/* asc_sim_args_add_gm_readonly: reading works; a write (data_copy UB->GM, set_value) is an
 * error at the op naming the array, and not one byte is written. */
TEST(readonly_gm_is_never_written) {
  float x[64], z[64], zcopy[64];
  iota(x, 64, 0);
  iota(z, 64, 1000);
  memcpy(zcopy, z, sizeof z);
  const char *kv[] = {"$BODY",
                      "    \"asc.data_copy\"(%xl, %xg, %c16) : (" LT ", " GT ", i32) -> ()\n" MTE2_MTE3
                      "    \"asc.data_copy\"(%zg, %xl, %c16) : (" GT ", " LT ", i32) -> () loc(\"t.py\":9:4)\n",
                      NULL};
  char *ir = sim_expand(copyk, kv);
  for (int ro = 0; ro < 2; ro++) {
    asc_sim_args a;
    asc_sim_args_init(&a);
    asc_sim_args_add_gm_readonly(&a, x, sizeof x, ASC_SIM_F32, "x");
    if (ro)
      asc_sim_args_add_gm_readonly(&a, z, sizeof z, ASC_SIM_F32, "z");
    else
      asc_sim_args_add_gm(&a, z, sizeof z, ASC_SIM_F32, "z");
    simrun r;
    sim_go(&r, ir, &a, 1);
    if (!ro) {
      CHECK_INT(r.rc, 0);
      CHECK(z[0] == 0.0f && z[15] == 15.0f && z[16] == 1016.0f);
      memcpy(z, zcopy, sizeof z);
    } else {
      CHECK(r.rc != 0);
      CHECK_CONTAINS(r.diag, "t.py:9:4: error: asc.data_copy: write of bytes [0, 64) to GM array 'z', which is "
                     "read-only");
      CHECK(memcmp(z, zcopy, sizeof z) == 0);
    }
    sim_done(&r);
    asc_sim_args_free(&a);
  }
  free(ir);
}

TEST(ub_tensor_extent_and_alignment) {
  float x[128], z[64];
  iota(x, 128, 0);
  simrun r;
  copyrun(&r, "    %c128 = \"arith.constant\"() {value = 128 : i32} : () -> i32\n"
              "    \"asc.data_copy\"(%xl, %xg, %c128) : (" LT ", " GT ", i32) -> ()\n", x, 128, z, 64);
  CHECK_CONTAINS(r.diag, "outside the local tensor of 256 bytes");
  sim_done(&r);
  copyrun(&r, "    %bad = \"asc.local_tensor\"(%c16, %c16) {pos = #asc.pos<VECIN>} : (i32, i32) -> " LT "\n", x, 64, z, 64);
  CHECK_CONTAINS(r.diag, "address 16 is not 32-byte aligned");
  sim_done(&r);
}

TEST(argument_mismatch) {
  const char *kv[] = {"$BODY", "", NULL};
  char *ir = sim_expand(copyk, kv);
  uint16_t h[64];
  float f[64];
  asc_sim_args a;
  asc_sim_args_init(&a);
  asc_sim_args_add_gm(&a, h, sizeof h, ASC_SIM_F16, "xh");
  asc_sim_args_add_gm(&a, f, sizeof f, ASC_SIM_F32, "z");
  simrun r;
  sim_go(&r, ir, &a, 1);
  CHECK(r.rc != 0);
  CHECK_CONTAINS(r.diag, "argument 0 (xh): the kernel expects !asc.gm_ptr<f32>, got a GM array of f16");
  sim_done(&r);
  asc_sim_args_free(&a);
  asc_sim_args_init(&a);
  sim_go(&r, ir, &a, 1);
  CHECK_CONTAINS(r.diag, "kernel 'k' takes 2 arguments, 0 were given");
  sim_done(&r);
  asc_sim_args_free(&a);
  free(ir);
}

/* The scalar unit: exact C integer semantics and a loop with a carried value. */
static const char scalark[] =
  "\"builtin.module\"() ({\n"
  "  \"func.func\"() ({\n"
  "  ^bb0(%z: !asc.gm_ptr<i32>, %n: i32):\n"
  "    %zg = \"asc.global_tensor\"() : () -> !asc.global_tensor<i32>\n"
  "    \"asc.set_global_buffer\"(%zg, %z) : (!asc.global_tensor<i32>, !asc.gm_ptr<i32>) -> ()\n"
  "    %i0 = \"arith.constant\"() {value = 0 : index} : () -> index\n"
  "    %i1 = \"arith.constant\"() {value = 1 : index} : () -> index\n"
  "    %i10 = \"arith.constant\"() {value = 10 : index} : () -> index\n"
  "    %m8 = \"arith.constant\"() {value = -8 : i32} : () -> i32\n"
  "    %m7 = \"arith.constant\"() {value = -7 : i32} : () -> i32\n"
  "    %m1 = \"arith.constant\"() {value = -1 : i32} : () -> i32\n"
  "    %k0 = \"arith.constant\"() {value = 0 : i32} : () -> i32\n"
  "    %k1 = \"arith.constant\"() {value = 1 : i32} : () -> i32\n"
  "    %k2 = \"arith.constant\"() {value = 2 : i32} : () -> i32\n"
  "    %k7 = \"arith.constant\"() {value = 7 : i32} : () -> i32\n"
  "    %max = \"arith.constant\"() {value = 2147483647 : i32} : () -> i32\n"
  "    %sum = \"scf.for\"(%i0, %i10, %i1, %k0) ({\n"
  "    ^bb0(%i: index, %acc: i32):\n"
  "      %ii = \"arith.index_cast\"(%i) : (index) -> i32\n"
  "      %nacc = \"arith.addi\"(%acc, %ii) : (i32, i32) -> i32\n"
  "      \"scf.yield\"(%nacc) : (i32) -> ()\n"
  "    }) : (index, index, index, i32) -> i32\n"
  "    %d = \"arith.divsi\"(%m7, %k2) : (i32, i32) -> i32\n"
  "    %r = \"arith.remsi\"(%m7, %k2) : (i32, i32) -> i32\n"
  "    %cd = \"arith.ceildivsi\"(%k7, %k2) : (i32, i32) -> i32\n"
  "    %sh = \"arith.shrsi\"(%m8, %k1) : (i32, i32) -> i32\n"
  "    %w = \"arith.addi\"(%max, %k1) : (i32, i32) -> i32\n"
  "    %lt = \"arith.cmpi\"(%m1, %k1) {predicate = 2 : i64} : (i32, i32) -> i1\n"
  "    %sel = \"arith.select\"(%lt, %k7, %k2) : (i1, i32, i32) -> i32\n"
  "    %old = \"asc.get_value\"(%zg, %k7) : (!asc.global_tensor<i32>, i32) -> i32\n"
  "    %neg = \"arith.subi\"(%k0, %old) : (i32, i32) -> i32\n"
  "$SETS"
  "    \"func.return\"() : () -> ()\n"
  "  }) {function_type = (!asc.gm_ptr<i32>, i32) -> (), sym_name = \"k\"} : () -> ()\n"
  "}) : () -> ()\n";

TEST(scalar_unit_semantics) {
  static const char *vals[] = {"%sum", "%d", "%r", "%cd", "%sh", "%w", "%sel", "%neg", "%n"};
  asc_strbuf sb;
  asc_sb_init(&sb);
  for (int i = 0; i < 9; i++)
    asc_sb_printf(&sb, "    %%ix%d = \"arith.constant\"() {value = %d : i32} : () -> i32\n"
                  "    \"asc.set_value\"(%%zg, %%ix%d, %s) : (!asc.global_tensor<i32>, i32, i32) -> ()\n",
                  i, i, i, vals[i]);
  const char *kv[] = {"$SETS", sb.data, NULL};
  char *ir = sim_expand(scalark, kv);
  int32_t z[16] = {0, 0, 0, 0, 0, 0, 0, 42};
  asc_sim_args a;
  asc_sim_args_init(&a);
  asc_sim_args_add_gm(&a, z, sizeof z, ASC_SIM_I32, "z");
  asc_sim_args_add_int(&a, ASC_SIM_I32, 1234, "n");
  simrun r;
  sim_go(&r, ir, &a, 1);
  CHECK_INT(r.rc, 0);
  const int32_t want[] = {45, -3, -1, 4, -4, INT32_MIN, 7, -42, 1234};
  for (int i = 0; i < 9; i++)
    if (z[i] != want[i])
      asc_test_fail(__FILE__, __LINE__, "z[%d] = %d, expected %d\n%s", i, z[i], want[i], r.diag);
  sim_done(&r);
  asc_sim_args_free(&a);
  free(ir);
  asc_sb_free(&sb);
}

#define TBUFPRE                                                                              \
  "    %pipe = \"asc.tpipe\"() : () -> !asc.pipe\n"                                            \
  "    %tb = \"asc.tbuf\"() : () -> !asc.tbuf<VECCALC>\n"                                      \
  "    %c1024 = \"arith.constant\"() {value = 1024 : i32} : () -> i32\n"                       \
  "    \"asc.init_tbuf\"(%pipe, %tb, %c1024) : (!asc.pipe, !asc.tbuf<VECCALC>, i32) -> ()\n"
#define LC "!asc.local_tensor<f32, VECCALC>"

TEST(tbuf_views) {
  float x[64], z[64];
  iota(x, 64, 0);
  iota(z, 64, 1000);
  simrun r;
  copyrun(&r,
          TBUFPRE "    %t = \"asc.tbuf_get_with_offset\"(%tb, %c16, %c64) : (!asc.tbuf<VECCALC>, i32, i32) -> " LC "\n"
          "    \"asc.data_copy\"(%t, %xg, %c16) : (" LC ", " GT ", i32) -> ()\n" MTE2_MTE3
          "    \"asc.data_copy\"(%zg, %t, %c16) : (" GT ", " LC ", i32) -> ()\n",
          x, 64, z, 64);
  CHECK_INT(r.rc, 0);
  CHECK(z[15] == 15.0f && z[16] == 1016.0f);
  sim_done(&r);
  copyrun(&r, TBUFPRE "    %t = \"asc.tbuf_get_with_offset\"(%tb, %c16, %c12) : (!asc.tbuf<VECCALC>, i32, i32) -> " LC "\n",
          x, 64, z, 64);
  CHECK_CONTAINS(r.diag, "buf_offset must be align to 32B.");
  sim_done(&r);
}
