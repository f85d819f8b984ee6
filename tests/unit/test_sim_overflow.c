/* test_sim_overflow.c - 64-bit counts, sizes and offsets (issue 12, item 1) and the
 * shared_tmp_buffer of the reductions (item 8).
 *
 * The verifier accepts only i32 counts (what the Python API emits), so the simulator's own
 * checks are reached here with the verifier off: a count or offset whose byte size does not
 * fit in 64 bits must give an error at the op naming the numbers, never wrap into a small
 * byte count that passes the bounds check (before the fix: heap overflow / segfault, or a
 * silent offset 0). */
#include <stdint.h>
#include <stdio.h>

#include "test_sim_util.h"

/* Kernel k(x: f32 array, n: i64) running $BODY after a prologue of UB tensors and views. */
static const char ovk[] =
  "\"builtin.module\"() ({\n"
  "  \"func.func\"() ({\n"
  "  ^bb0(%x: !asc.gm_ptr<f32>, %n: i64):\n"
  "    %c0 = \"arith.constant\"() {value = 0 : i32} : () -> i32\n"
  "    %c64 = \"arith.constant\"() {value = 64 : i32} : () -> i32\n"
  "    %c256 = \"arith.constant\"() {value = 256 : i32} : () -> i32\n"
  "    %c512 = \"arith.constant\"() {value = 512 : i32} : () -> i32\n"
  "    %f0 = \"arith.constant\"() {value = 0.0 : f32} : () -> f32\n"
  "    %xg = \"asc.global_tensor\"() : () -> !asc.global_tensor<f32>\n"
  "    \"asc.set_global_buffer\"(%xg, %x) : (!asc.global_tensor<f32>, !asc.gm_ptr<f32>) -> ()\n"
  "    %a = \"asc.local_tensor\"(%c0, %c64) {pos = #asc.pos<VECIN>} : (i32, i32) -> !asc.local_tensor<f32, VECIN>\n"
  "    %b = \"asc.local_tensor\"(%c256, %c64) {pos = #asc.pos<VECIN>} : (i32, i32) -> !asc.local_tensor<f32, VECIN>\n"
  "    %h = \"asc.local_tensor\"(%c512, %c64) {pos = #asc.pos<VECIN>} : (i32, i32) -> !asc.local_tensor<f16, VECIN>\n"
  "    \"asc.duplicate\"(%a, %f0, %c64) : (!asc.local_tensor<f32, VECIN>, f32, i32) -> ()\n"
  "$BODY"
  "    \"func.return\"() : () -> ()\n"
  "  }) {function_type = (!asc.gm_ptr<f32>, i64) -> (), sym_name = \"k\"} : () -> ()\n"
  "}) : () -> ()\n";

#define LT "!asc.local_tensor<f32, VECIN>"
#define GT "!asc.global_tensor<f32>"

/* Run $BODY with n, the verifier on or off; x is a 64-float array. */
static void ovrun(simrun *r, const char *body, int64_t n, int verify) {
  static float x[64];
  const char *kv[] = {"$BODY", body, NULL};
  char *ir = sim_expand(ovk, kv);
  asc_sim_args a;
  asc_sim_args_init(&a);
  asc_sim_args_add_gm(&a, x, sizeof x, ASC_SIM_F32, "x");
  asc_sim_args_add_int(&a, ASC_SIM_I64, n, "n");
  asc_sim_options o;
  asc_sim_options_init(&o);
  o.verify = verify;
  sim_go_opts(r, ir, &a, &o);
  asc_sim_args_free(&a);
  free(ir);
}

/* 2^62 + 8 f32 elements are 2^64 + 32 bytes: 32 after wrapping, which fits every tensor. */
#define WRAPS INT64_C(4611686018427387912)

static void expect_overflow(const char *body, const char *opname, int64_t n) {
  simrun r;
  ovrun(&r, body, n, 0);
  CHECK(r.rc != 0);
  CHECK_CONTAINS(r.diag, opname);
  CHECK_CONTAINS(r.diag, "4611686018427387912");
  CHECK_CONTAINS(r.diag, "overflows a 64-bit");
  sim_done(&r);
}

TEST(i64_count_vector_ops) {
  expect_overflow("    \"asc.add\"(%b, %a, %a, %n) : (" LT ", " LT ", " LT ", i64) -> ()\n", "asc.add: count", WRAPS);
  expect_overflow("    \"asc.adds\"(%b, %a, %f0, %n) : (" LT ", " LT ", f32, i64) -> ()\n", "asc.adds: count", WRAPS);
  expect_overflow("    \"asc.exp\"(%b, %a, %n) : (" LT ", " LT ", i64) -> ()\n", "asc.exp: count", WRAPS);
  expect_overflow("    \"asc.duplicate\"(%b, %f0, %n) : (" LT ", f32, i64) -> ()\n", "asc.duplicate: count", WRAPS);
  expect_overflow("    \"asc.axpy\"(%b, %a, %f0, %n) : (" LT ", " LT ", f32, i64) -> ()\n", "asc.axpy: count", WRAPS);
  expect_overflow("    \"asc.cast\"(%b, %h, %n) {round = #asc.round<CAST_NONE>} : (" LT
                  ", !asc.local_tensor<f16, VECIN>, i64) -> ()\n", "asc.cast: count", WRAPS);
  expect_overflow("    \"asc.reduce_sum\"(%b, %a, %b, %n) : (" LT ", " LT ", " LT ", i64) -> ()\n",
                  "asc.reduce_sum: count", WRAPS);
}

TEST(i64_count_data_copy) {
  expect_overflow("    \"asc.data_copy\"(%a, %xg, %n) : (" LT ", " GT ", i64) -> ()\n", "asc.data_copy: count", WRAPS);
  expect_overflow("    \"asc.data_copy\"(%xg, %a, %n) : (" GT ", " LT ", i64) -> ()\n", "asc.data_copy: count", WRAPS);
}

/* 2^62 elements of f32 are 2^64 bytes: offset 0 after wrapping (the old silent result). */
TEST(i64_offsets_do_not_wrap_to_zero) {
  const int64_t z = INT64_C(4611686018427387904);
  simrun r;
  ovrun(&r, "    %p = \"asc.gm_offset\"(%x, %n) : (!asc.gm_ptr<f32>, i64) -> !asc.gm_ptr<f32>\n", z, 0);
  CHECK(r.rc != 0);
  CHECK_CONTAINS(r.diag, "asc.gm_offset: offset times element size: 4611686018427387904 * 4 overflows");
  sim_done(&r);
  ovrun(&r, "    %s = \"asc.gt_subview\"(%xg, %n) : (" GT ", i64) -> " GT "\n", z, 0);
  CHECK(r.rc != 0);
  CHECK_CONTAINS(r.diag, "asc.gt_subview: offset times element size: 4611686018427387904 * 4 overflows");
  sim_done(&r);
  ovrun(&r, "    %s = \"asc.lt_subview\"(%a, %n) : (" LT ", i64) -> " LT "\n", z, 0);
  CHECK(r.rc != 0);
  CHECK_CONTAINS(r.diag, "asc.lt_subview: offset times element size: 4611686018427387904 * 4 overflows");
  sim_done(&r);
  ovrun(&r, "    %v = \"asc.get_value\"(%a, %n) : (" LT ", i64) -> f32\n", z, 0);
  CHECK(r.rc != 0);
  CHECK_CONTAINS(r.diag, "asc.get_value: index times element size");
  sim_done(&r);
  ovrun(&r, "    \"asc.set_value\"(%a, %n, %f0) : (" LT ", i64, f32) -> ()\n", z, 0);
  CHECK(r.rc != 0);
  CHECK_CONTAINS(r.diag, "asc.set_value: index times element size");
  sim_done(&r);
  ovrun(&r, "    %t = \"asc.local_tensor\"(%c0, %n) {pos = #asc.pos<VECIN>} : (i32, i64) -> " LT "\n", z, 0);
  CHECK(r.rc != 0);
  CHECK_CONTAINS(r.diag, "asc.local_tensor: tile size times element size");
  sim_done(&r);
  /* a GM pointer moved to the largest offset and then past it */
  ovrun(&r, "    %p = \"asc.gm_offset\"(%x, %n) : (!asc.gm_ptr<f32>, i64) -> !asc.gm_ptr<f32>\n"
            "    %q = \"asc.gm_offset\"(%p, %n) : (!asc.gm_ptr<f32>, i64) -> !asc.gm_ptr<f32>\n",
        INT64_C(2000000000000000000), 0);
  CHECK(r.rc != 0);
  CHECK_CONTAINS(r.diag, "asc.gm_offset: pointer byte offset plus offset: 8000000000000000000 + "
                         "8000000000000000000 overflows");
  sim_done(&r);
}

/* Parameter-struct fields are doubles: huge or fractional values are errors, not casts. */
TEST(struct_fields_checked) {
  simrun r;
  ovrun(&r,
        "    %one = \"arith.constant\"() {value = 1 : i32} : () -> i32\n"
        "    %l = \"arith.constant\"() {value = 32 : i32} : () -> i32\n"
        "    %p = \"asc.struct\"(%one, %l, %n, %c0, %c0) : (i32, i32, i64, i32, i32) -> !asc.struct<DataCopyExtParams>\n"
        "    \"asc.data_copy_pad\"(%a, %xg, %p) : (" LT ", " GT ", !asc.struct<DataCopyExtParams>) -> ()\n",
        INT64_C(9223372036854775807), 1);
  CHECK(r.rc != 0);
  CHECK_CONTAINS(r.diag, "asc.data_copy_pad: DataCopyExtParams.src_stride 9.22337e+18 is not an integer in 0..4294967295");
  sim_done(&r);
  ovrun(&r,
        "    %m = \"arith.constant\"() {value = 64 : i64} : () -> i64\n"
        "    %r1 = \"arith.constant\"() {value = 1 : i32} : () -> i32\n"
        "    %d = \"arith.constant\"() {value = 1 : i32} : () -> i32\n"
        "    %p = \"asc.struct\"(%d, %d, %d, %n, %d, %d) : (i32, i32, i32, i64, i32, i32) -> "
        "!asc.struct<BinaryRepeatParams>\n"
        "    \"asc.add.mask\"(%b, %a, %a, %m, %r1, %p) : (" LT ", " LT ", " LT ", i64, i32, "
        "!asc.struct<BinaryRepeatParams>) -> ()\n",
        INT64_C(1) << 40, 1);
  CHECK(r.rc != 0);
  CHECK_CONTAINS(r.diag, "asc.add.mask: dst repeat stride 1.09951e+12 is not an integer in 0..255");
  sim_done(&r);
}

/* With the verifier on (the default), an i64 count never reaches the simulator. */
TEST(verifier_rejects_i64_counts) {
  simrun r;
  ovrun(&r, "    \"asc.add\"(%b, %a, %a, %n) : (" LT ", " LT ", " LT ", i64) -> ()\n", 64, 1);
  CHECK(r.rc != 0);
  CHECK_CONTAINS(r.diag, "'asc.add' op operand 'count' must be i32, but got 'i64'");
  sim_done(&r);
}

/* ---- item 8: reduce_sum's shared_tmp_buffer ---- */

/* Kernel r(x: f32[1024], z: f32[8]): x to UB, reduce_sum of 1024 elements with a
 * shared_tmp_buffer of $TMP elements at UB byte 8192, result to z. $PRE before the reduce. */
static const char redk[] =
  "\"builtin.module\"() ({\n"
  "  \"func.func\"() ({\n"
  "  ^bb0(%x: !asc.gm_ptr<f32>, %z: !asc.gm_ptr<f32>):\n"
  "    %c0 = \"arith.constant\"() {value = 0 : i32} : () -> i32\n"
  "    %c8 = \"arith.constant\"() {value = 8 : i32} : () -> i32\n"
  "    %n = \"arith.constant\"() {value = 1024 : i32} : () -> i32\n"
  "    %ta = \"arith.constant\"() {value = 8192 : i32} : () -> i32\n"
  "    %tn = \"arith.constant\"() {value = $TMP : i32} : () -> i32\n"
  "    %da = \"arith.constant\"() {value = 16384 : i32} : () -> i32\n"
  "    %f0 = \"arith.constant\"() {value = 0.0 : f32} : () -> f32\n"
  "    %xg = \"asc.global_tensor\"() : () -> !asc.global_tensor<f32>\n"
  "    \"asc.set_global_buffer\"(%xg, %x) : (!asc.global_tensor<f32>, !asc.gm_ptr<f32>) -> ()\n"
  "    %zg = \"asc.global_tensor\"() : () -> !asc.global_tensor<f32>\n"
  "    \"asc.set_global_buffer\"(%zg, %z) : (!asc.global_tensor<f32>, !asc.gm_ptr<f32>) -> ()\n"
  "    %xl = \"asc.local_tensor\"(%c0, %n) {pos = #asc.pos<VECIN>} : (i32, i32) -> " LT "\n"
  "    %tl = \"asc.local_tensor\"(%ta, %tn) {pos = #asc.pos<VECCALC>} : (i32, i32) -> "
  "!asc.local_tensor<f32, VECCALC>\n"
  "    %dl = \"asc.local_tensor\"(%da, %c8) {pos = #asc.pos<VECOUT>} : (i32, i32) -> "
  "!asc.local_tensor<f32, VECOUT>\n"
  "    \"asc.data_copy\"(%xl, %xg, %n) : (" LT ", " GT ", i32) -> () loc(\"r.py\":5:4)\n"
  "$PRE"
  "    \"asc.set_flag\"(%c0) {event = #asc.event<MTE2_V>} : (i32) -> ()\n"
  "    \"asc.wait_flag\"(%c0) {event = #asc.event<MTE2_V>} : (i32) -> ()\n"
  "    \"asc.duplicate\"(%dl, %f0, %c8) : (!asc.local_tensor<f32, VECOUT>, f32, i32) -> ()\n"
  "    \"asc.pipe_barrier\"() {pipe = #asc.pipe<PIPE_V>} : () -> ()\n"
  "    \"asc.reduce_sum\"(%dl, %xl, %tl, %n) : (!asc.local_tensor<f32, VECOUT>, " LT
  ", !asc.local_tensor<f32, VECCALC>, i32) -> () loc(\"r.py\":9:4)\n"
  "    \"asc.set_flag\"(%c0) {event = #asc.event<V_MTE3>} : (i32) -> ()\n"
  "    \"asc.wait_flag\"(%c0) {event = #asc.event<V_MTE3>} : (i32) -> ()\n"
  "    \"asc.data_copy\"(%zg, %dl, %c8) : (" GT ", !asc.local_tensor<f32, VECOUT>, i32) -> ()\n"
  "    \"func.return\"() : () -> ()\n"
  "  }) {function_type = (!asc.gm_ptr<f32>, !asc.gm_ptr<f32>) -> (), sym_name = \"k\"} : () -> ()\n"
  "}) : () -> ()\n";

static void redrun(simrun *r, const char *tmp, const char *pre, float *z) {
  static float x[1024];
  for (int i = 0; i < 1024; i++)
    x[i] = (float)(i % 7);
  const char *kv[] = {"$TMP", tmp, "$PRE", pre, NULL};
  char *ir = sim_expand(redk, kv);
  asc_sim_args a;
  asc_sim_args_init(&a);
  asc_sim_args_add_gm(&a, x, sizeof x, ASC_SIM_F32, "x");
  asc_sim_args_add_gm(&a, z, 8 * sizeof *z, ASC_SIM_F32, "z");
  sim_go(r, ir, &a, 1);
  asc_sim_args_free(&a);
  free(ir);
}

/* 1024 f32 elements are 16 repeats of 64: one partial sum per repeat, rounded up to the
 * 8 elements of a 32-byte block = 16 elements.  8 are too few; 16 are enough. */
TEST(reduce_sum_tmp_buffer_size) {
  float z[8] = {0};
  simrun r;
  redrun(&r, "8", "", z);
  CHECK(r.rc != 0);
  CHECK_CONTAINS(r.diag, "r.py:9:4: error: asc.reduce_sum: shared_tmp_buffer holds 8 elements, but a "
                         "reduction of 1024 elements needs at least 16");
  sim_done(&r);
  redrun(&r, "16", "", z);
  CHECK_INT(r.rc, 0);
  CHECK_STR(r.diag, "");
  double want = 0;
  for (int i = 0; i < 1024; i++)
    want += i % 7;
  CHECK(z[0] == (float)want);
  sim_done(&r);
}

/* The reduction writes its scratch results into shared_tmp_buffer on PIPE_V: a GM->UB copy
 * (MTE2) into that buffer with no flag between is a race the detector must name. */
TEST(reduce_sum_tmp_buffer_accesses_are_tracked) {
  float z[8] = {0};
  simrun r;
  redrun(&r, "16",
         "    \"asc.data_copy\"(%tl, %xg, %c8) : (!asc.local_tensor<f32, VECCALC>, " GT ", i32) -> () "
         "loc(\"r.py\":7:4)\n"
         "    \"asc.pipe_barrier\"() {pipe = #asc.pipe<PIPE_MTE2>} : () -> ()\n",
         z);
  CHECK_INT(r.rc, 0); /* the flag after both copies orders them: no race */
  sim_done(&r);
  /* the same copy after the flag: nothing orders it against the reduction */
  static const char late[] =
    "    \"asc.wait_flag\"(%c0) {event = #asc.event<MTE2_V>} : (i32) -> ()\n"
    "    \"asc.data_copy\"(%tl, %xg, %c8) : (!asc.local_tensor<f32, VECCALC>, " GT ", i32) -> () "
    "loc(\"r.py\":8:4)\n";
  char *ir1 = sim_expand(redk, (const char *[]){"$TMP", "16", "$PRE", "", NULL});
  const char *anchor = "    \"asc.wait_flag\"(%c0) {event = #asc.event<MTE2_V>} : (i32) -> ()\n";
  char *ir2 = sim_expand(ir1, (const char *[]){anchor, late, NULL});
  static float x[1024];
  asc_sim_args a;
  asc_sim_args_init(&a);
  asc_sim_args_add_gm(&a, x, sizeof x, ASC_SIM_F32, "x");
  asc_sim_args_add_gm(&a, z, 8 * sizeof *z, ASC_SIM_F32, "z");
  sim_go(&r, ir2, &a, 1);
  asc_sim_args_free(&a);
  CHECK(r.rc != 0);
  CHECK_CONTAINS(r.diag, "r.py:9:4");
  CHECK_CONTAINS(r.diag, "r.py:8:4");
  CHECK_CONTAINS(r.diag, "race");
  sim_done(&r);
  free(ir1);
  free(ir2);
}

/* A float scalar beyond the integer element type saturates, as the cast does (hardware.md
 * §11.2), instead of a C conversion with undefined behaviour (UBSan: float-cast-overflow). */
TEST(float_scalar_on_int_tensor_saturates) {
  static const char k[] =
    "\"builtin.module\"() ({\n"
    "  \"func.func\"() ({\n"
    "  ^bb0(%z: !asc.gm_ptr<i32>):\n"
    "    %c0 = \"arith.constant\"() {value = 0 : i32} : () -> i32\n"
    "    %c8 = \"arith.constant\"() {value = 8 : i32} : () -> i32\n"
    "    %c256 = \"arith.constant\"() {value = 256 : i32} : () -> i32\n"
    "    %s = \"arith.constant\"() {value = 1.0e30 : f32} : () -> f32\n"
    "    %m = \"arith.constant\"() {value = -1.0e30 : f32} : () -> f32\n"
    "    %zg = \"asc.global_tensor\"() : () -> !asc.global_tensor<i32>\n"
    "    \"asc.set_global_buffer\"(%zg, %z) : (!asc.global_tensor<i32>, !asc.gm_ptr<i32>) -> ()\n"
    "    %a = \"asc.local_tensor\"(%c0, %c8) {pos = #asc.pos<VECIN>} : (i32, i32) -> !asc.local_tensor<i32, VECIN>\n"
    "    %b = \"asc.local_tensor\"(%c256, %c8) {pos = #asc.pos<VECOUT>} : (i32, i32) -> !asc.local_tensor<i32, VECOUT>\n"
    "    \"asc.duplicate\"(%a, %c0, %c8) : (!asc.local_tensor<i32, VECIN>, i32, i32) -> ()\n"
    "    \"asc.pipe_barrier\"() {pipe = #asc.pipe<PIPE_V>} : () -> ()\n"
    "    \"asc.adds\"(%b, %a, %s, %c8) : (!asc.local_tensor<i32, VECOUT>, !asc.local_tensor<i32, VECIN>, f32, i32) -> ()\n"
    "    \"asc.pipe_barrier\"() {pipe = #asc.pipe<PIPE_V>} : () -> ()\n"
    "    \"asc.adds\"(%a, %a, %m, %c8) : (!asc.local_tensor<i32, VECIN>, !asc.local_tensor<i32, VECIN>, f32, i32) -> ()\n"
    "    \"asc.pipe_barrier\"() {pipe = #asc.pipe<PIPE_V>} : () -> ()\n"
    "    \"asc.add\"(%b, %b, %a, %c8) : (!asc.local_tensor<i32, VECOUT>, !asc.local_tensor<i32, VECOUT>, !asc.local_tensor<i32, VECIN>, i32) -> ()\n"
    "    \"asc.set_flag\"(%c0) {event = #asc.event<V_MTE3>} : (i32) -> ()\n"
    "    \"asc.wait_flag\"(%c0) {event = #asc.event<V_MTE3>} : (i32) -> ()\n"
    "    \"asc.data_copy\"(%zg, %b, %c8) : (!asc.global_tensor<i32>, !asc.local_tensor<i32, VECOUT>, i32) -> ()\n"
    "    \"func.return\"() : () -> ()\n"
    "  }) {function_type = (!asc.gm_ptr<i32>) -> (), sym_name = \"k\"} : () -> ()\n"
    "}) : () -> ()\n";
  int32_t z[8] = {0};
  asc_sim_args a;
  asc_sim_args_init(&a);
  asc_sim_args_add_gm(&a, z, sizeof z, ASC_SIM_I32, "z");
  simrun r;
  sim_go(&r, k, &a, 1);
  asc_sim_args_free(&a);
  CHECK_INT(r.rc, 0);
  CHECK_STR(r.diag, "");
  /* b = 0 + INT32_MAX, a = 0 + INT32_MIN, b + a = -1 */
  for (int i = 0; i < 8; i++)
    CHECK_INT(z[i], -1);
  sim_done(&r);
}

/* Lenient GM (strict_gm = 0, the Python default): a GM -> UB copy of 2^31 - 1 floats (8 GB)
 * is refused on its UB side before the GM side, which lets accesses past the array through
 * with scratch memory of the access's size, could ask for 8 GB. */
TEST(lenient_gm_copy_is_bounded_by_ub_first) {
  static float x[64];
  const char *kv[] = {"$BODY",
                      "    %big = \"arith.constant\"() {value = 2147483647 : i32} : () -> i32\n"
                      "    \"asc.data_copy\"(%a, %xg, %big) : (" LT ", " GT ", i32) -> () loc(\"b.py\":3:4)\n",
                      NULL};
  char *ir = sim_expand(ovk, kv);
  asc_sim_args a;
  asc_sim_args_init(&a);
  asc_sim_args_add_gm(&a, x, sizeof x, ASC_SIM_F32, "x");
  asc_sim_args_add_int(&a, ASC_SIM_I64, 0, "n");
  asc_sim_options o;
  asc_sim_options_init(&o);
  o.strict_gm = 0;
  simrun r;
  sim_go_opts(&r, ir, &a, &o);
  asc_sim_args_free(&a);
  free(ir);
  CHECK(r.rc != 0);
  CHECK_CONTAINS(r.diag, "b.py:3:4: error: asc.data_copy: write of bytes [0, 8589934560) is outside the local "
                         "tensor of 256 bytes");
  sim_done(&r);
}
