/* test_sim_vector.c - vector semantics on the simulator: exact f32/f16 rounding, integer
 * wrap-around, the mask/repeat addressing, cast round modes and reductions.  Each kernel
 * is the static-tensor template of test_sim_util.h with one op line. */
#include <math.h>
#include <stdio.h>

#include "test_sim_util.h"

#define BIN(op, ty) "\"asc." op "\"(%zl, %xl, %yl, %n) : ($LO, $LI, $LI, i32) -> ()"

/* z = x op y on 64 floats, checked against the host's IEEE float arithmetic. */
static void f32case(const char *op, char sym) {
  float x[64], y[64], z[64] = {0};
  for (int i = 0; i < 64; i++) {
    x[i] = 1.0f / (float)(i + 3) + (float)i;
    y[i] = (float)(i % 7) * 0.3f - 0.9f;
  }
  char line[128];
  snprintf(line, sizeof line, "\"asc.%s\"(%%zl, %%xl, %%yl, %%n) : ($LO, $LI, $LI, i32) -> ()", op);
  simrun r;
  sim_binary(&r, "f32", ASC_SIM_F32, 64, NULL, line, x, y, z);
  CHECK_INT(r.rc, 0);
  for (int i = 0; i < 64; i++) {
    float e = sym == '+' ? x[i] + y[i] : sym == '-' ? x[i] - y[i] : sym == '*' ? x[i] * y[i] : x[i] / y[i];
    if (memcmp(&e, &z[i], 4) != 0) {
      asc_test_fail(__FILE__, __LINE__, "%s[%d]: %a %c %a = %a, expected %a", op, i, x[i], sym, y[i], z[i], e);
      break;
    }
  }
  sim_done(&r);
}

TEST(f32_add_sub_mul_div) {
  f32case("add", '+');
  f32case("sub", '-');
  f32case("mul", '*');
  f32case("div", '/');
}

/* f16 results are rounded to nearest even: 1 + 2^-11 is a tie that stays at 1.0,
 * (1 + 2^-10) + 2^-11 a tie that goes up to 1 + 2^-9; 65504 + 65504 overflows. */
TEST(f16_add_rounding_ties) {
  uint16_t x[128] = {0x3C00, 0x3C01, 0x7BFF, 0x3C01}, y[128] = {0x1000, 0x1000, 0x7BFF, 0x3C01}, z[128];
  memset(z, 0, sizeof z);
  simrun r;
  sim_binary(&r, "f16", ASC_SIM_F16, 128, NULL, BIN("add", "f16"), x, y, z);
  CHECK_INT(r.rc, 0);
  CHECK_INT(z[0], 0x3C00); /* 1.0 */
  CHECK_INT(z[1], 0x3C02); /* 1 + 2^-9 */
  CHECK_INT(z[2], 0x7C00); /* +inf */
  CHECK_INT(z[3], 0x4001); /* 2 + 2^-9 */
  CHECK_INT(z[4], 0x0000);
  sim_done(&r);
  /* (1 + 2^-10)^2 = 1 + 2^-9 + 2^-20 -> 1 + 2^-9 */
  sim_binary(&r, "f16", ASC_SIM_F16, 128, NULL, BIN("mul", "f16"), x, y, z);
  CHECK_INT(r.rc, 0);
  CHECK_INT(z[3], 0x3C02);
  sim_done(&r);
}

TEST(i16_i32_wrap) {
  int16_t a[128] = {32767, -32768, 300}, b[128] = {1, -1, 300}, c[128] = {0};
  simrun r;
  sim_binary(&r, "i16", ASC_SIM_I16, 128, NULL, BIN("add", "i16"), a, b, c);
  CHECK_INT(r.rc, 0);
  CHECK_INT(c[0], -32768);
  CHECK_INT(c[1], 32767);
  sim_done(&r);
  sim_binary(&r, "i16", ASC_SIM_I16, 128, NULL, BIN("mul", "i16"), a, b, c);
  CHECK_INT(c[2], 24464); /* 90000 - 65536 */
  sim_done(&r);
  int32_t x[64] = {INT32_MAX, INT32_MIN, 65536}, y[64] = {1, 1, 65536}, z[64] = {0};
  sim_binary(&r, "i32", ASC_SIM_I32, 64, NULL, BIN("add", "i32"), x, y, z);
  CHECK_INT(z[0], INT32_MIN);
  sim_done(&r);
  sim_binary(&r, "i32", ASC_SIM_I32, 64, NULL, BIN("sub", "i32"), x, y, z);
  CHECK_INT(z[1], INT32_MAX);
  sim_done(&r);
  sim_binary(&r, "i32", ASC_SIM_I32, 64, NULL, BIN("mul", "i32"), x, y, z);
  CHECK_INT(z[2], 0);
  sim_done(&r);
}

static const char maskpre[] =
  "    %m = \"arith.constant\"() {value = 10 : i64} : () -> i64\n"
  "    %hi = \"arith.constant\"() {value = 0 : i64} : () -> i64\n"
  "    %lo = \"arith.constant\"() {value = 5 : i64} : () -> i64\n"
  "    %rep = \"arith.constant\"() {value = 2 : i32} : () -> i32\n"
  "    %b1 = \"arith.constant\"() {value = 1 : i32} : () -> i32\n"
  "    %b2 = \"arith.constant\"() {value = 2 : i32} : () -> i32\n"
  "    %r8 = \"arith.constant\"() {value = 8 : i32} : () -> i32\n"
  "    %r16 = \"arith.constant\"() {value = 16 : i32} : () -> i32\n"
  "    %p = \"asc.struct\"(%b1, %b2, %b1, %r8, %r16, %r8) : (i32, i32, i32, i32, i32, i32) -> "
  "!asc.struct<BinaryRepeatParams>\n";

/* Expected z for the masked add: lane k of repeat r at 32*(r*rep + blk*bs) + e*4. */
static void maskexpect(float *z, const float *x, const float *y, int nlanes, const int *lanes) {
  for (int r = 0; r < 2; r++)
    for (int j = 0; j < nlanes; j++) {
      int k = lanes[j], b = k / 8, e = k % 8;
      int d = (32 * (r * 8 + b) + e * 4) / 4, s0 = (32 * (r * 16 + b * 2) + e * 4) / 4;
      int s1 = (32 * (r * 8 + b) + e * 4) / 4;
      z[d] = x[s0] + y[s1];
    }
}

TEST(mask_repeat_strides) {
  float x[256], y[256], z[256], want[256];
  for (int i = 0; i < 256; i++) {
    x[i] = (float)i;
    y[i] = 1000.0f * (float)i;
    z[i] = want[i] = -1.0f; /* lanes switched off keep these */
  }
  int cont[10] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9};
  maskexpect(want, x, y, 10, cont);
  simrun r;
  sim_binary(&r, "f32", ASC_SIM_F32, 256, maskpre,
             "\"asc.add.mask\"(%zl, %xl, %yl, %m, %rep, %p) : ($LO, $LI, $LI, i64, i32, "
             "!asc.struct<BinaryRepeatParams>) -> ()", x, y, z);
  CHECK_INT(r.rc, 0);
  for (int i = 0; i < 256; i++)
    if (z[i] != want[i]) {
      asc_test_fail(__FILE__, __LINE__, "z[%d] = %g, expected %g", i, z[i], want[i]);
      break;
    }
  sim_done(&r);
  /* bitmask [hi, lo] = [0, 0b101]: lanes 0 and 2 */
  int bits[2] = {0, 2};
  for (int i = 0; i < 256; i++)
    z[i] = want[i] = -1.0f;
  maskexpect(want, x, y, 2, bits);
  sim_binary(&r, "f32", ASC_SIM_F32, 256, maskpre,
             "\"asc.add.bitmask\"(%zl, %xl, %yl, %hi, %lo, %rep, %p) : ($LO, $LI, $LI, i64, i64, i32, "
             "!asc.struct<BinaryRepeatParams>) -> ()", x, y, z);
  CHECK_INT(r.rc, 0);
  CHECK(memcmp(z, want, sizeof z) == 0);
  sim_done(&r);
}

/* Cast f32 -> i32 under each round mode (hardware.md §11.2); float -> int saturates. */
static const char castk[] =
  "\"builtin.module\"() ({\n"
  "  \"func.func\"() ({\n"
  "  ^bb0(%x: !asc.gm_ptr<f32>, %z: !asc.gm_ptr<$D>):\n"
  "    %n = \"arith.constant\"() {value = 64 : i32} : () -> i32\n"
  "    %a0 = \"arith.constant\"() {value = 0 : i32} : () -> i32\n"
  "    %a1 = \"arith.constant\"() {value = 1024 : i32} : () -> i32\n"
  "    %e = \"arith.constant\"() {value = 0 : i32} : () -> i32\n"
  "    %xg = \"asc.global_tensor\"() : () -> !asc.global_tensor<f32>\n"
  "    \"asc.set_global_buffer\"(%xg, %x) : (!asc.global_tensor<f32>, !asc.gm_ptr<f32>) -> ()\n"
  "    %zg = \"asc.global_tensor\"() : () -> !asc.global_tensor<$D>\n"
  "    \"asc.set_global_buffer\"(%zg, %z) : (!asc.global_tensor<$D>, !asc.gm_ptr<$D>) -> ()\n"
  "    %xl = \"asc.local_tensor\"(%a0, %n) {pos = #asc.pos<VECIN>} : (i32, i32) -> !asc.local_tensor<f32, VECIN>\n"
  "    %zl = \"asc.local_tensor\"(%a1, %n) {pos = #asc.pos<VECOUT>} : (i32, i32) -> !asc.local_tensor<$D, VECOUT>\n"
  "    \"asc.data_copy\"(%xl, %xg, %n) : (!asc.local_tensor<f32, VECIN>, !asc.global_tensor<f32>, i32) -> ()\n"
  "    \"asc.set_flag\"(%e) {event = #asc.event<MTE2_V>} : (i32) -> ()\n"
  "    \"asc.wait_flag\"(%e) {event = #asc.event<MTE2_V>} : (i32) -> ()\n"
  "    \"asc.cast\"(%zl, %xl, %n) {round = #asc.round<$R>} : (!asc.local_tensor<$D, VECOUT>, "
  "!asc.local_tensor<f32, VECIN>, i32) -> ()\n"
  "    \"asc.set_flag\"(%e) {event = #asc.event<V_MTE3>} : (i32) -> ()\n"
  "    \"asc.wait_flag\"(%e) {event = #asc.event<V_MTE3>} : (i32) -> ()\n"
  "    \"asc.data_copy\"(%zg, %zl, %n) : (!asc.global_tensor<$D>, !asc.local_tensor<$D, VECOUT>, i32) -> ()\n"
  "    \"func.return\"() : () -> ()\n"
  "  }) {function_type = (!asc.gm_ptr<f32>, !asc.gm_ptr<$D>) -> (), sym_name = \"k\"} : () -> ()\n"
  "}) : () -> ()\n";

static void runcast(const char *dst, int dt, const char *mode, float *x, void *z, size_t zbytes) {
  const char *kv[] = {"$D", dst, "$R", mode, NULL};
  char *ir = sim_expand(castk, kv);
  asc_sim_args a;
  asc_sim_args_init(&a);
  asc_sim_args_add_gm(&a, x, 64 * sizeof(float), ASC_SIM_F32, "x");
  asc_sim_args_add_gm(&a, z, zbytes, (asc_sim_dtype)dt, "z");
  simrun r;
  sim_go(&r, ir, &a, 1);
  CHECK_INT(r.rc, 0);
  if (r.rc)
    fprintf(stderr, "%s", r.diag);
  sim_done(&r);
  asc_sim_args_free(&a);
  free(ir);
}

TEST(cast_round_modes) {
  float x[64] = {2.5f, -2.5f, 1.5f, -0.5f, 3.7f, -3.7f, 1e10f, NAN, -1e10f};
  static const struct { const char *mode; int32_t want[9]; } cases[] = {
    {"CAST_RINT", {2, -2, 2, 0, 4, -4, INT32_MAX, 0, INT32_MIN}},
    {"CAST_FLOOR", {2, -3, 1, -1, 3, -4, INT32_MAX, 0, INT32_MIN}},
    {"CAST_CEIL", {3, -2, 2, 0, 4, -3, INT32_MAX, 0, INT32_MIN}},
    {"CAST_ROUND", {3, -3, 2, -1, 4, -4, INT32_MAX, 0, INT32_MIN}},
    {"CAST_TRUNC", {2, -2, 1, 0, 3, -3, INT32_MAX, 0, INT32_MIN}},
  };
  for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
    int32_t z[64] = {0};
    runcast("i32", ASC_SIM_I32, cases[c].mode, x, z, sizeof z);
    for (int i = 0; i < 9; i++)
      if (z[i] != cases[c].want[i])
        asc_test_fail(__FILE__, __LINE__, "%s(%g) = %d, expected %d", cases[c].mode, x[i], z[i], cases[c].want[i]);
  }
  /* f32 -> f16: 1 + 2^-11 + 2^-20 is just above a tie: RINT rounds up, TRUNC down, ODD
   * to the odd neighbour; 1 + 2^-11 exactly is a tie: RINT keeps the even 1.0. */
  float h[64] = {1.0f + 0x1p-11f + 0x1p-20f, 1.0f + 0x1p-11f, 1.0f + 0x1p-12f, 70000.0f};
  uint16_t zr[64], zt[64], zo[64];
  runcast("f16", ASC_SIM_F16, "CAST_RINT", h, zr, sizeof zr);
  runcast("f16", ASC_SIM_F16, "CAST_TRUNC", h, zt, sizeof zt);
  runcast("f16", ASC_SIM_F16, "CAST_ODD", h, zo, sizeof zo);
  CHECK_INT(zr[0], 0x3C01);
  CHECK_INT(zt[0], 0x3C00);
  CHECK_INT(zo[0], 0x3C01);
  CHECK_INT(zr[1], 0x3C00);
  CHECK_INT(zo[2], 0x3C01); /* inexact: odd neighbour */
  CHECK_INT(zr[3], 0x7C00); /* overflow: inf under RINT */
  CHECK_INT(zt[3], 0x7BFF); /* largest finite under TRUNC */
}

TEST(reduce_sum_and_max) {
  float x[256], y[256] = {0}, z[256] = {0};
  for (int i = 0; i < 256; i++)
    x[i] = (float)((i * 37) % 101) - 50.0f;
  float sum = 0;
  for (int i = 0; i < 200; i++)
    sum += x[i];
  simrun r;
  const char *pre = "    %c200 = \"arith.constant\"() {value = 200 : i32} : () -> i32\n";
  sim_binary(&r, "f32", ASC_SIM_F32, 256, pre,
             "\"asc.reduce_sum\"(%zl, %xl, %yl, %c200) : ($LO, $LI, $LI, i32) -> ()", x, y, z);
  CHECK_INT(r.rc, 0);
  CHECK(z[0] == sum);
  sim_done(&r);
  sim_binary(&r, "f32", ASC_SIM_F32, 256, pre,
             "\"asc.reduce_max\"(%zl, %xl, %yl, %c200) {cal_index = true} : ($LO, $LI, $LI, i32) -> ()", x, y, z);
  CHECK_INT(r.rc, 0);
  CHECK(z[0] == 50.0f);
  uint32_t idx;
  memcpy(&idx, &z[1], 4);
  int first = 0;
  for (int i = 0; i < 200; i++)
    if (x[i] > x[first])
      first = i;
  CHECK_INT(idx, first);
  sim_done(&r);
}

TEST(scalar_forms_and_unary) {
  float x[64], y[64] = {0}, z[64] = {0};
  for (int i = 0; i < 64; i++)
    x[i] = (float)i - 20.0f;
  const char *pre = "    %s = \"arith.constant\"() {value = 0.5 : f32} : () -> f32\n";
  simrun r;
  sim_binary(&r, "f32", ASC_SIM_F32, 64, pre, "\"asc.muls\"(%zl, %xl, %s, %n) : ($LO, $LI, f32, i32) -> ()", x, y, z);
  CHECK_INT(r.rc, 0);
  CHECK(z[3] == -8.5f);
  sim_done(&r);
  sim_binary(&r, "f32", ASC_SIM_F32, 64, NULL, "\"asc.relu\"(%zl, %xl, %n) : ($LO, $LI, i32) -> ()", x, y, z);
  CHECK(z[3] == 0.0f && !signbit(z[3]) && z[30] == 10.0f);
  sim_done(&r);
  sim_binary(&r, "f32", ASC_SIM_F32, 64, NULL, "\"asc.abs\"(%zl, %xl, %n) : ($LO, $LI, i32) -> ()", x, y, z);
  CHECK(z[0] == 20.0f);
  sim_done(&r);
}

/* bf16 keeps the top 16 bits of an f32, rounded to nearest even: 1 + 2^-8 is a tie
 * between 1.0 (0x3F80) and 1 + 2^-7 (0x3F81); a hair above it rounds up, TRUNC does not. */
TEST(cast_f32_to_bf16) {
  float x[64] = {1.0f + 0x1p-8f + 0x1p-20f, 1.0f + 0x1p-8f, 1.0f + 0x1p-7f + 0x1p-8f, -2.0f};
  uint16_t zr[64], zt[64];
  runcast("bf16", ASC_SIM_BF16, "CAST_RINT", x, zr, sizeof zr);
  runcast("bf16", ASC_SIM_BF16, "CAST_TRUNC", x, zt, sizeof zt);
  CHECK_INT(zr[0], 0x3F81);
  CHECK_INT(zt[0], 0x3F80);
  CHECK_INT(zr[1], 0x3F80); /* tie: stays even */
  CHECK_INT(zr[2], 0x3F82); /* tie: 0x3F81 is odd, goes up to even */
  CHECK_INT(zr[3], 0xC000);
}

/* duplicate converts the scalar to the tensor's type: f32 0.1 (0x3DCCCCCD) to bf16 rounds
 * up to 0x3DCD; integers wrap like a C conversion. */
TEST(duplicate_bf16_ui16_ui32) {
  uint16_t x16[64] = {0}, y16[64] = {0}, z16[64] = {0};
  uint32_t x32[64] = {0}, y32[64] = {0}, z32[64] = {0};
  simrun r;
  const char *pf = "    %s = \"arith.constant\"() {value = 0.1 : f32} : () -> f32\n";
  sim_binary(&r, "bf16", ASC_SIM_BF16, 64, pf, "\"asc.duplicate\"(%zl, %s, %n) : ($LO, f32, i32) -> ()", x16, y16, z16);
  CHECK_INT(r.rc, 0);
  CHECK_INT(z16[0], 0x3DCD);
  CHECK_INT(z16[63], 0x3DCD);
  sim_done(&r);
  const char *pi = "    %s = \"arith.constant\"() {value = 70000 : i32} : () -> i32\n";
  sim_binary(&r, "ui16", ASC_SIM_U16, 64, pi, "\"asc.duplicate\"(%zl, %s, %n) : ($LO, i32, i32) -> ()", x16, y16, z16);
  CHECK_INT(r.rc, 0);
  CHECK_INT(z16[5], 70000 - 65536);
  sim_done(&r);
  const char *pm = "    %s = \"arith.constant\"() {value = -1 : i32} : () -> i32\n";
  sim_binary(&r, "ui32", ASC_SIM_U32, 64, pm, "\"asc.duplicate\"(%zl, %s, %n) : ($LO, i32, i32) -> ()", x32, y32, z32);
  CHECK_INT(r.rc, 0);
  CHECK(z32[7] == 0xFFFFFFFFu);
  sim_done(&r);
}
