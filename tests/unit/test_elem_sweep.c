/* test_elem_sweep.c - the differential sweep of the vector element semantics (issue 28): for every
 * count-form elementwise op with an element function (src/sim/vector.c's table), in every element
 * type its ops.def row accepts, the fast path (src/sim/vfast.c) and the generic element loop
 * (asc_sim_velem) give the same bits for every pair of a set of operands: the edge values (+-0,
 * +-inf, NaN, the largest finite, subnormals, +-1, halves), then pseudo-random bit patterns.  The
 * fast path runs with dst apart from the sources and in place (dst == src0, dst == src1): its two
 * loops.  An op and type without a fast path compares nothing, and the test requires the pairs the
 * fast path does have to be many. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ops/elem.h"
#include "ops/registry.h"
#include "sim/vector_int.h"
#include "test.h"

enum { NSPECIAL = 22, NRAND = 90, NV = NSPECIAL + NRAND, NPAIR = NV * NV };

/* The operand values of type dt, as elements in v (NV of them). */
static void values(int dt, uint8_t *v) {
  static const double special[NSPECIAL] = {0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 1.5, -2.25, 3.0, 7.0, -7.0,
                                           100.0, 1e-3, 65504.0, -65504.0, 6.103515625e-05, 5.96e-08,
                                           INFINITY, -INFINITY, NAN, 3.4e38, 1.0e-40};
  int esz = asc_sim_dtype_size(dt);
  bool isf = asc_sim_dt_float(dt);
  for (int i = 0; i < NSPECIAL; i++) {
    double x = special[i];
    if (isf)
      asc_sim_storef(dt, v + i * esz, x);
    else
      asc_sim_storei(dt, v + i * esz, isnan(x) ? 0 : fabs(x) < 0x1p62 ? (int64_t)x : x < 0 ? INT64_MIN : INT64_MAX);
  }
  uint64_t r = 0x9e3779b97f4a7c15ull; /* a fixed LCG: the same operands every run */
  for (int i = NSPECIAL; i < NV; i++) {
    r = r * 6364136223846793005ull + 1442695040888963407ull;
    uint64_t bits = r >> 11;
    memcpy(v + i * esz, &bits, (size_t)esz); /* little-endian: the low bytes */
  }
}

typedef struct sweep {
  int code, dt, esz;
  const sim_vop *op;
  uint8_t *a, *b, *fast, *slow; /* NPAIR elements each */
  long compared, mismatches;
} sweep;

static sim_num scalar_of(int dt, const uint8_t *p) {
  sim_num s = {asc_sim_dt_float(dt) ? 0 : asc_sim_loadi(dt, p), asc_sim_loadf(dt, p)};
  return s;
}

/* Compare the fast path's n elements at d with the element loop's at w; a, b (NULL: scalar s) are
 * the operands the loop reads (before the fast path overwrote an in-place one). */
static void compare(sweep *w, const char *mode, const uint8_t *d, const uint8_t *ref, int64_t n) {
  for (int64_t i = 0; i < n; i++) {
    w->compared++;
    if (memcmp(d + i * w->esz, ref + i * w->esz, (size_t)w->esz) == 0)
      continue;
    if (w->mismatches++ < 5) {
      uint64_t x = 0, y = 0, a = 0, b = 0;
      memcpy(&x, d + i * w->esz, (size_t)w->esz);
      memcpy(&y, ref + i * w->esz, (size_t)w->esz);
      memcpy(&a, w->a + i * w->esz, (size_t)w->esz);
      memcpy(&b, w->b + i * w->esz, (size_t)w->esz);
      asc_test_fail(__FILE__, __LINE__, "%s %s (%s) [%lld]: a=%#llx b=%#llx: fast %#llx, element loop %#llx",
                    asc_opinfos[w->code].name, asc_sim_dtype_name(w->dt), mode, (long long)i,
                    (unsigned long long)a, (unsigned long long)b, (unsigned long long)x, (unsigned long long)y);
    }
  }
}

/* The generic loop into w->slow, over (a, b or s) n elements. */
static void slow(sweep *w, const uint8_t *b, sim_num s, int64_t n) {
  for (int64_t i = 0; i < n; i++)
    asc_sim_velem(w->op, w->dt, w->slow + i * w->esz, w->a + i * w->esz, b ? b + i * w->esz : NULL, s);
}

/* One run of n elements: dst apart, dst == src0, dst == src1 (binary ops). */
static void run3(sweep *w, const uint8_t *b, sim_num s, int64_t n) {
  size_t bytes = (size_t)(n * w->esz);
  slow(w, b, s, n);
  if (!asc_sim_vfast(w->code, w->dt, w->fast, w->a, b, s, n))
    return; /* no fast path for this op and type */
  compare(w, "dst apart", w->fast, w->slow, n);
  uint8_t *inplace = malloc(bytes);
  memcpy(inplace, w->a, bytes);
  if (asc_sim_vfast(w->code, w->dt, inplace, inplace, b, s, n))
    compare(w, "dst == src0", inplace, w->slow, n);
  if (b) {
    memcpy(inplace, b, bytes);
    if (asc_sim_vfast(w->code, w->dt, inplace, w->a, inplace, s, n))
      compare(w, "dst == src1", inplace, w->slow, n);
  }
  free(inplace);
}

static void sweep_op(sweep *w) {
  uint8_t v[NV * 8];
  values(w->dt, v);
  int esz = w->esz;
  if (w->op->kind == SIM_V_BIN) { /* every pair */
    for (int i = 0; i < NV; i++)
      for (int j = 0; j < NV; j++) {
        memcpy(w->a + (i * NV + j) * esz, v + i * esz, (size_t)esz);
        memcpy(w->b + (i * NV + j) * esz, v + j * esz, (size_t)esz);
      }
    run3(w, w->b, (sim_num){0, 0}, NPAIR);
    return;
  }
  memcpy(w->a, v, (size_t)(NV * esz));
  if (w->op->kind == SIM_V_UNARY) {
    run3(w, NULL, (sim_num){0, 0}, NV);
    return;
  }
  for (int j = 0; j < NV; j++) /* SIM_V_SCALAR: every scalar against every element */
    run3(w, NULL, scalar_of(w->dt, v + j * esz), NV);
}

TEST(vfast_equals_element_loop_for_every_op_and_dtype) {
  sweep w = {0};
  w.a = malloc(NPAIR * 8), w.b = malloc(NPAIR * 8), w.fast = malloc(NPAIR * 8), w.slow = malloc(NPAIR * 8);
  long pairs_total = 0, ops_fast = 0;
  for (int code = 0; code < ASC_OP_COUNT; code++) {
    const sim_vop *op = asc_sim_vop(code);
    if (!op || op->form != SIM_VF_COUNT || op->kind == SIM_V_MOVE || op->f3)
      continue;
    char types[128];
    snprintf(types, sizeof types, "%s", asc_opinfos[code].dtypes);
    for (char *save = NULL, *t = strtok_r(types, " ", &save); t; t = strtok_r(NULL, " ", &save)) {
      int dt = asc_sim_dtype_lookup(t);
      CHECK(dt >= 0);
      if (dt < 0 || (asc_sim_dt_float(dt) ? !op->f : !op->i))
        continue; /* the row accepts a type the element loop rejects: asc_sim_vcheckdt's error */
      w.code = code, w.dt = dt, w.esz = asc_sim_dtype_size(dt), w.op = op;
      long before = w.compared;
      sweep_op(&w);
      ops_fast += w.compared > before;
    }
  }
  pairs_total = w.compared;
  printf("elem sweep: %ld elements compared over %ld (op, type) rows with a fast path, %ld mismatches\n",
         pairs_total, ops_fast, w.mismatches);
  CHECK_INT(w.mismatches, 0);
  /* add sub mul div max min adds muls maxs mins relu, in f16 f32 and i32 (not div): ~30 rows */
  CHECK(ops_fast >= 25);
  CHECK(pairs_total > 900000);
  free(w.a), free(w.b), free(w.fast), free(w.slow);
}

/* The rules of src/ops/elem.h on the edge values the boundary-value appendix gives: max / min of
 * +-0 in either order, NaN propagating, relu of -0. */
TEST(elem_rules_at_the_edges) {
  CHECK(!signbit(asc_elem_f(ASC_OP_MAX, 0.0, -0.0)) && !signbit(asc_elem_f(ASC_OP_MAX, -0.0, 0.0)));
  CHECK(signbit(asc_elem_f(ASC_OP_MIN, 0.0, -0.0)) && signbit(asc_elem_f(ASC_OP_MIN, -0.0, 0.0)));
  CHECK(!signbit(asc_elem_f(ASC_OP_MAXF, 0.0, -0.0)) && signbit(asc_elem_f(ASC_OP_MINF, -0.0, 0.0)));
  CHECK(isnan(asc_elem_f(ASC_OP_MAX, NAN, 1.0)) && isnan(asc_elem_f(ASC_OP_MINF, 1.0, NAN)));
  CHECK(!signbit(asc_elem_f(ASC_OP_RELU, -0.0, 0)) && isnan(asc_elem_f(ASC_OP_RELU, NAN, 0)));
  CHECK_INT(asc_elem_i(ASC_OP_ADD, INT64_MAX, 1), INT64_MIN);
  CHECK_INT(asc_elem_i(ASC_OP_MAXSI, -3, 2), 2);
  CHECK_INT(asc_elem_i(ASC_OP_SUB_RELU, 2, 5), 0);
}
