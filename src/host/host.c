/* host.c - the host side's facts: TCubeTiling's field table, the host enums with CANN's values
 * (matmul_tiling and platform_ascendc namespaces) and the platform facts PlatformAscendC reports,
 * read from the platform table through its accessor. */
#include <stddef.h>
#include <string.h>

#include "asc/host.h"
#include "asc/sim.h"
#include "hw/hw.h"

/* ---- TCubeTiling ---- */
static const struct {
  const char *c_name, *py_name;
  size_t offset;
} tcube_fields[] = {
#define ASC_TCUBE_ROW(c, py) {#c, #py, offsetof(asc_tcube_tiling, c)},
    ASC_TCUBE_FIELDS(ASC_TCUBE_ROW)
#undef ASC_TCUBE_ROW
};
enum { NTCUBE = sizeof tcube_fields / sizeof tcube_fields[0] };
_Static_assert(NTCUBE == 49, "TCubeTiling has CANN's 49 fields");
_Static_assert(sizeof(asc_tcube_tiling) == 49 * 4, "TCubeTiling is 49 packed int32");

int asc_tcube_field_count(void) { return NTCUBE; }

int asc_tcube_field(int i, const char **c_name, const char **py_name, size_t *offset) {
  if (i < 0 || i >= NTCUBE)
    return -1;
  if (c_name)
    *c_name = tcube_fields[i].c_name;
  if (py_name)
    *py_name = tcube_fields[i].py_name;
  if (offset)
    *offset = tcube_fields[i].offset;
  return 0;
}

/* ---- host enums: HOST_ENUM(kind) opens an enum, HOST_VAL(name, value) adds a member ---- */
#define HOST_ENUMS(E, V)                                                                                        \
  E(TPosition)                                                                                                  \
  V(GM, 0) V(A1, 1) V(A2, 2) V(B1, 3) V(B2, 4) V(C1, 5) V(C2, 6) V(CO1, 7) V(CO2, 8) V(VECIN, 9) V(VECOUT, 10)     \
  V(VECCALC, 11) V(LCM, 11) V(SPM, 12) V(SHM, 12) V(TSCM, 13) V(MAX, 14)                                          \
  E(CubeFormat)                                                                                                 \
  V(ND, 0) V(NZ, 1) V(ZN, 2) V(ZZ, 3) V(NN, 4) V(ND_ALIGN, 5) V(SCALAR, 6) V(VECTOR, 7) V(ROW_MAJOR, 0)           \
  V(COLUMN_MAJOR, 8)                                                                                            \
  E(DataType)                                                                                                   \
  V(DT_FLOAT, 0) V(DT_FLOAT16, 1) V(DT_INT8, 2) V(DT_INT32, 3) V(DT_UINT8, 4) V(DT_INT16, 6) V(DT_UINT16, 7)      \
  V(DT_UINT32, 8) V(DT_INT64, 9) V(DT_UINT64, 10) V(DT_DOUBLE, 11) V(DT_BOOL, 12) V(DT_STRING, 13)                \
  V(DT_DUAL_SUB_INT8, 14) V(DT_DUAL_SUB_UINT8, 15) V(DT_COMPLEX64, 16) V(DT_COMPLEX128, 17) V(DT_QINT8, 18)       \
  V(DT_QINT16, 19) V(DT_QINT32, 20) V(DT_QUINT8, 21) V(DT_QUINT16, 22) V(DT_RESOURCE, 23) V(DT_STRING_REF, 24)    \
  V(DT_DUAL, 25) V(DT_VARIANT, 26) V(DT_BF16, 27) V(DT_UNDEFINED, 28) V(DT_INT4, 29) V(DT_UINT1, 30)             \
  V(DT_INT2, 31) V(DT_UINT2, 32) V(DT_BFLOAT16, 33) V(DT_MAX, 40)                                               \
  E(MatrixTraverse) V(NOSET, 0) V(FIRSTM, 1) V(FIRSTN, 2)                                                       \
  E(MatrixMadType) V(NORMAL, 0) V(HF32, 1) V(MXMODE, 2)                                                         \
  E(DequantType) V(SCALAR, 0) V(TENSOR, 1)                                                                      \
  E(ScheduleType) V(INNER_PRODUCT, 0) V(OUTER_PRODUCT, 1) V(N_BUFFER_33, 2)                                     \
  E(CoreMemType) V(L0_A, 0) V(L0_B, 1) V(L0_C, 2) V(L1, 3) V(L2, 4) V(UB, 5) V(HBM, 6)                           \
  E(SocVersion) V(ASCEND910, 0) V(ASCEND910B, 1) V(ASCEND310P, 2) V(ASCEND310B, 3)

static const struct {
  int kind; /* -1: an enum's header row */
  const char *name;
  int64_t value;
} host_enums[] = {
#define E_ROW(k) {-1, #k, 0},
#define V_ROW(n, v) {0, #n, v},
    HOST_ENUMS(E_ROW, V_ROW)
#undef E_ROW
#undef V_ROW
};
enum { NENUM_ROWS = sizeof host_enums / sizeof host_enums[0] };

/* Row index of kind's header, or -1. */
static int enum_header(int kind) {
  int k = -1;
  for (int i = 0; i < NENUM_ROWS; i++)
    if (host_enums[i].kind < 0 && ++k == kind)
      return i;
  return -1;
}

int asc_host_enum_count(void) {
  int n = 0;
  for (int i = 0; i < NENUM_ROWS; i++)
    n += host_enums[i].kind < 0;
  return n;
}

const char *asc_host_enum_name(int kind) {
  int h = enum_header(kind);
  return h < 0 ? NULL : host_enums[h].name;
}

int asc_host_enum_member(int kind, int j, const char **name, int64_t *value) {
  int h = enum_header(kind);
  if (h < 0 || j < 0 || h + 1 + j >= NENUM_ROWS || host_enums[h + 1 + j].kind < 0)
    return -1;
  if (name)
    *name = host_enums[h + 1 + j].name;
  if (value)
    *value = host_enums[h + 1 + j].value;
  return 0;
}

