/* kernel_operator_run.h - the running mode of openasc's kernel_operator.h (-DASC_RUN).  C++17.
 *
 * Written from the public Ascend C API documentation, not from vendor code.  The kernel runs natively
 * on the host, once per block: its C++ control flow and scalar arithmetic execute as written, and every
 * Ascend C call appends the openasc IR op it stands for (docs/ops.md, the same op the emitter printed
 * it from) to the trace of the block.  Scalars reach the IR as constants, GM pointers as
 * asc.gm_offset of the kernel argument they point into.  The blocks' traces become one IR kernel
 * (block i's trace under `scf.if get_block_idx == i`) that the caller parses, runs through the
 * simulator's pipeline and launches with the same GM buffers (tests/emit_roundtrip.py; docs/emit.md).
 * Locations come from __builtin_FILE()/__builtin_LINE() at the call: with the emitter's #line
 * directives they are the Python lines of the kernel.
 *
 * The host drives it through the C functions at the end (asc_run_*); exactly one translation unit of
 * a program includes this header in running mode.  An API the running mode does not trace yet does
 * not compile (it is not declared here), or raises "not implemented yet" naming the function.
 */
#ifndef OPENASC_KERNEL_OPERATOR_RUN_H
#define OPENASC_KERNEL_OPERATOR_RUN_H

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "kernel_operator_shared.h"
#include <initializer_list>
#include <string>
#include <type_traits>
#include <vector>

#define __gm__
#define __global__
#define __aicore__
#define GM_ADDR __gm__ uint8_t*

/* ---- 16-bit floats: IEEE binary16 and bfloat16 storage, round to nearest even from float ---------- */
namespace ascrun {
inline uint32_t f2u(float f) { uint32_t u; std::memcpy(&u, &f, 4); return u; }
inline float u2f(uint32_t u) { float f; std::memcpy(&f, &u, 4); return f; }
inline uint16_t f32_to_f16(float f) {
  uint32_t x = f2u(f), sign = (x >> 16) & 0x8000u;
  uint32_t ax = x & 0x7fffffffu;
  if (ax >= 0x7f800000u) /* inf, nan */
    return (uint16_t)(sign | 0x7c00u | (ax > 0x7f800000u ? 0x200u : 0));
  if (ax >= 0x477ff000u) /* rounds to >= 65520: inf */
    return (uint16_t)(sign | 0x7c00u);
  if (ax < 0x38800000u) { /* subnormal half: scale by 2^24 and round */
    float v = u2f(ax) * 16777216.0f;
    return (uint16_t)(sign | (uint32_t)std::nearbyint(v));
  }
  uint32_t mant = ax & 0x7fffffu, exp = (ax >> 23) - 112;
  uint32_t h = (exp << 10) | (mant >> 13), rest = mant & 0x1fffu;
  if (rest > 0x1000u || (rest == 0x1000u && (h & 1u)))
    h++;
  return (uint16_t)(sign | h);
}
inline float f16_to_f32(uint16_t h) {
  uint32_t sign = (uint32_t)(h & 0x8000u) << 16, exp = (h >> 10) & 0x1fu, mant = h & 0x3ffu;
  if (exp == 0)
    return u2f(sign) + (sign ? -1.0f : 1.0f) * (float)mant / 16777216.0f;
  if (exp == 31)
    return u2f(sign | 0x7f800000u | (mant << 13));
  return u2f(sign | ((exp + 112) << 23) | (mant << 13));
}
inline uint16_t f32_to_bf16(float f) {
  uint32_t x = f2u(f);
  if ((x & 0x7fffffffu) > 0x7f800000u)
    return (uint16_t)((x >> 16) | 0x40u);
  return (uint16_t)((x + 0x7fffu + ((x >> 16) & 1u)) >> 16);
}
} // namespace ascrun

struct half {
  half() = default;
  half(float v) : bits(ascrun::f32_to_f16(v)) {}
  operator float() const { return ascrun::f16_to_f32(bits); }
  uint16_t bits;
};
struct bfloat16_t {
  bfloat16_t() = default;
  bfloat16_t(float v) : bits(ascrun::f32_to_bf16(v)) {}
  operator float() const { return ascrun::u2f((uint32_t)bits << 16); }
  uint16_t bits;
};

enum pipe_t { PIPE_S, PIPE_V, PIPE_M, PIPE_MTE1, PIPE_MTE2, PIPE_MTE3, PIPE_ALL, PIPE_MTE4, PIPE_MTE5, PIPE_V2, PIPE_FIX };

namespace AscendC {
enum class TPosition { GM, A1, A2, B1, B2, C1, C2, CO1, CO2, VECIN, VECOUT, VECCALC, LCM = VECCALC, SPM, SHM, TSCM, MAX };
enum class HardEvent {
  MTE2_MTE1, MTE1_MTE2, MTE1_M, M_MTE1, MTE2_V, V_MTE2, MTE3_V, V_MTE3, M_V, V_M, V_V, MTE3_MTE1, MTE1_MTE3,
  MTE1_V, MTE2_M, M_MTE2, V_MTE1, M_FIX, FIX_M, MTE3_MTE2, MTE2_MTE3, S_V, V_S, S_MTE2, MTE2_S, S_MTE3, MTE3_S,
  MTE2_FIX, FIX_MTE2, FIX_S, M_S, FIX_MTE3, MTE1_FIX, FIX_MTE1, FIX_FIX, MAX
};
enum class RoundMode { CAST_NONE, CAST_RINT, CAST_FLOOR, CAST_CEIL, CAST_ROUND, CAST_TRUNC, CAST_ODD };
enum class MaskMode { NORMAL, COUNTER };
} // namespace AscendC

/* ---- the trace ----------------------------------------------------------------------------------- */
namespace ascrun {

/* Where a call stands in the kernel's source (the Python line, through the emitter's #line). */
struct Loc {
  const char *file;
  int line;
  Loc(const char *f = __builtin_FILE(), int l = __builtin_LINE()) : file(f), line(l) {}
};

/* An SSA value of the trace and its IR type. */
struct Val {
  std::string name, type;
};

struct GmArg {
  uintptr_t lo, hi;
  std::string elem;
  size_t esize;
};

/* The state of one traced launch: the host creates it (asc_run_begin) and the kernel's calls append
 * to it; the only mutable global of the running mode is the pointer to it (tracer()). */
struct Tracer {
  std::string kernel;
  std::vector<GmArg> gm;
  int block = 0, nblocks = 1;
  long next = 0;
  std::string body;                /* the running block's ops */
  bool in_block = false;
  std::vector<std::pair<int, std::string>> blocks; /* finished blocks: index, ops */
  const char *lastfile = "?";      /* the location of the last op, for operator[]'s subviews */
  int lastline = 0;
  const char *funcfile = "?";      /* the kernel's own location (set_ffts_base_addr stands at it) */
  int funcline = 0;
  std::string error;               /* the first error; the trace stops growing after it */
  /* runs a partial module and copies its scratch GM argument into out: 0 ok (asc_run_set_flush) */
  int (*flush)(void *user, const char *ir, void *out, size_t bytes) = nullptr;
  void *flush_user = nullptr;
  /* the Matmul object's (kernel_operator_matmul_run.h): the core kind the body runs on (-1 unknown, 0 AIV,
   * 1 AIC), the bodies per block, the last TPipe made, SetSysWorkspace's pointer */
  int corekind = -1, ratio = 1;
  void *pipe = nullptr, *sysws = nullptr;
};
inline Tracer *&tracer() {
  static Tracer *t = nullptr;
  return t;
}
inline Tracer &T_();
inline Tracer &T() { return T_(); }
inline Tracer &T_() {
  Tracer *t = tracer();
  if (!t) {
    std::fprintf(stderr, "kernel_operator.h (ASC_RUN): an Ascend C call outside a traced launch (asc_run_begin)\n");
    std::abort();
  }
  return *t;
}
inline void fail(const Loc &l, const std::string &msg) {
  Tracer &t = T();
  if (t.error.empty())
    t.error = std::string(l.file ? l.file : "?") + ":" + std::to_string(l.line) + ": error: " + msg;
}

inline std::string quote(const char *s) {
  std::string o = "\"";
  for (; s && *s; s++) {
    if (*s == '"' || *s == '\\')
      o += '\\';
    o += *s;
  }
  return o + "\"";
}
inline std::string locstr(const Loc &l) { return " loc(" + quote(l.file) + ":" + std::to_string(l.line) + ":0)"; }

/* Append `%r = "name"(operands) {attrs} : (types) -> rtype loc(...)`; returns %r (empty rtype: none). */
inline Val op(const char *name, const std::vector<Val> &operands, const std::string &attrs, const std::string &rtype,
              const Loc &l) {
  Tracer &t = T();
  Val r;
  std::string s = "    ";
  if (!rtype.empty()) {
    r.name = "%t" + std::to_string(t.next++);
    r.type = rtype;
    s += r.name + " = ";
  }
  s += std::string("\"") + name + "\"(";
  std::string types;
  bool first = true;
  for (const Val &v : operands) {
    s += (first ? "" : ", ") + v.name;
    types += (first ? "" : ", ") + v.type;
    first = false;
  }
  s += ")";
  if (!attrs.empty())
    s += " {" + attrs + "}";
  s += " : (" + types + ") -> " + (rtype.empty() ? "()" : rtype) + locstr(l) + "\n";
  t.body += s;
  t.lastfile = l.file ? l.file : "?";
  t.lastline = l.line;
  return r;
}

/* The IR type of a C++ scalar type. */
template <typename T> const char *irtype() {
  if constexpr (std::is_same_v<T, half>)
    return "f16";
  else if constexpr (std::is_same_v<T, bfloat16_t>)
    return "bf16";
  else if constexpr (std::is_same_v<T, float>)
    return "f32";
  else if constexpr (std::is_same_v<T, double>)
    return "f64";
  else if constexpr (std::is_same_v<T, bool>)
    return "i1";
  else if constexpr (std::is_integral_v<T> && std::is_signed_v<T>)
    return sizeof(T) == 1 ? "i8" : sizeof(T) == 2 ? "i16" : sizeof(T) == 4 ? "i32" : "i64";
  else if constexpr (std::is_integral_v<T>)
    return sizeof(T) == 1 ? "ui8" : sizeof(T) == 2 ? "ui16" : sizeof(T) == 4 ? "ui32" : "ui64";
  else
    static_assert(sizeof(T) == 0, "kernel_operator.h (ASC_RUN): no IR type for this C++ type");
}

/* An integer constant of IR type ty (the operand types the ops take: i32 counts, i64 masks). */
inline Val cint(int64_t v, const char *ty, const Loc &l) {
  return op("arith.constant", {}, "value = " + std::to_string(v) + " : " + ty, ty, l);
}
/* A float constant of IR type ty, printed so that it reads back as the same value. */
inline Val cfloat(double v, const char *ty, const Loc &l) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.17e", v);
  return op("arith.constant", {}, std::string("value = ") + buf + " : " + ty, ty, l);
}
/* A scalar operand of element type E (a Muls scalar, a Duplicate value). */
template <typename E, typename U> Val scalar(const U &v, const Loc &l) {
  if constexpr (std::is_floating_point_v<E> || std::is_same_v<E, half> || std::is_same_v<E, bfloat16_t>)
    return cfloat((double)(float)E(v), irtype<E>(), l);
  else
    return cint((int64_t)v, irtype<E>(), l);
}

inline const char *posname(AscendC::TPosition p) {
  static const char *const names[] = {"GM", "A1", "A2", "B1", "B2", "C1", "C2", "CO1", "CO2", "VECIN", "VECOUT",
                                      "VECCALC", "SPM", "SHM", "TSCM", "MAX"};
  return names[(int)p];
}
inline const char *eventname(AscendC::HardEvent e) {
  static const char *const names[] = {
      "MTE2_MTE1", "MTE1_MTE2", "MTE1_M", "M_MTE1", "MTE2_V", "V_MTE2", "MTE3_V", "V_MTE3", "M_V",
      "V_M", "V_V", "MTE3_MTE1", "MTE1_MTE3", "MTE1_V", "MTE2_M", "M_MTE2", "V_MTE1", "M_FIX",
      "FIX_M", "MTE3_MTE2", "MTE2_MTE3", "S_V", "V_S", "S_MTE2", "MTE2_S", "S_MTE3", "MTE3_S",
      "MTE2_FIX", "FIX_MTE2", "FIX_S", "M_S", "FIX_MTE3", "MTE1_FIX", "FIX_MTE1", "FIX_FIX", "MAX"};
  return names[(int)e];
}
inline const char *pipename(pipe_t p) {
  static const char *const names[] = {"PIPE_S",    "PIPE_V",    "PIPE_M",    "PIPE_MTE1", "PIPE_MTE2", "PIPE_MTE3",
                                      "PIPE_ALL",  "PIPE_MTE4", "PIPE_MTE5", "PIPE_V2",   "PIPE_FIX"};
  return names[(int)p];
}
inline const char *roundname(AscendC::RoundMode r) {
  static const char *const names[] = {"CAST_NONE",  "CAST_RINT",  "CAST_FLOOR", "CAST_CEIL",
                                      "CAST_ROUND", "CAST_TRUNC", "CAST_ODD"};
  return names[(int)r];
}

/* The attribute of an explicit `isSetMask = false` (the IR leaves the default, true, out). */
inline std::string setmask_attr(bool is_set_mask) { return is_set_mask ? "" : "is_set_mask = false"; }
inline Val i64(uint64_t v, const Loc &l) { return cint((int64_t)v, "i64", l); }

/* The GM argument a host pointer points into: the one holding it, else (one past its end, or further: a tail
 * block's offset, which the simulator reports out of bounds as it does the Python kernel's) the argument it
 * follows nearest, whose start lies below it (the host keeps some space after each argument: two adjacent
 * arguments' bytes leave the end of the first ambiguous). */
inline long gm_arg_of(const Tracer &t, uintptr_t a) {
  long best = -1;
  for (size_t k = 0; k < t.gm.size(); k++) {
    const GmArg &g = t.gm[k];
    if (a >= g.lo && a < g.hi)
      return (long)k;
    if (a >= g.lo && (best < 0 || g.lo > t.gm[(size_t)best].lo))
      best = (long)k;
  }
  return best;
}
/* %argK offset by whole elements of E. */
template <typename E> Val gmptr(const void *p, const Loc &l) {
  Tracer &t = T();
  uintptr_t a = (uintptr_t)p;
  long found = gm_arg_of(t, a);
  if (found >= 0) {
    size_t k = (size_t)found;
    const GmArg &g = t.gm[k];
    if (g.elem.empty()) { /* a GM_ADDR the host registered untyped: its first typed use types it */
      t.gm[k].elem = irtype<E>();
      t.gm[k].esize = sizeof(E);
    }
    if (t.gm[k].elem != irtype<E>()) {
      fail(l, "a GM pointer of " + std::string(irtype<E>()) + " into argument " + std::to_string(k) + " of " + g.elem +
                  ": GM pointer casts are not traced yet");
      return {"%arg" + std::to_string(k), "!asc.gm_ptr<" + g.elem + ">"};
    }
    Val base{"%arg" + std::to_string(k), "!asc.gm_ptr<" + g.elem + ">"};
    Val off = cint((int64_t)((a - g.lo) / sizeof(E)), "i32", l);
    return op("asc.gm_offset", {base, off}, "", base.type, l);
  }
  fail(l, "a GM pointer that points into no GM argument of the launch");
  return {"%arg0", "!asc.gm_ptr<i8>"};
}

} // namespace ascrun

/* pyasc's FFTS base address: nothing to install on the simulator.  The emitter puts the call at the
 * kernel's #line: the trace's own ops (the block dispatch, the return) take that location. */
inline void set_ffts_base_addr(uint64_t, ascrun::Loc l = ascrun::Loc()) {
  ascrun::T().funcfile = l.file;
  ascrun::T().funcline = l.line;
}

namespace AscendC {
using ascrun::Loc;
using ascrun::Val;

/* ---- system ---------------------------------------------------------------------------------- */
inline int64_t GetBlockIdx() { return ascrun::T().block; }
inline int64_t GetBlockNum() { return ascrun::T().nblocks; }

/* ShapeInfo's page: the shape (and original shape, format) SetShapeInfo gives a tensor; the library calls
 * that take their shape from it (SoftMax, RmsNorm) put it into the trace as the Python kernel's set_shape_info
 * does: the `shape` attributes of their asc.adv ops */
struct ShapeInfo {
  uint8_t shapeDim = 0;
  uint8_t originalShapeDim = 0;
  uint32_t shape[K_MAX_DIM] = {};
  uint32_t originalShape[K_MAX_DIM] = {};
  DataFormat dataFormat = DataFormat::ND;
  ShapeInfo() = default;
  ShapeInfo(const uint8_t inputShapeDim, const uint32_t inputShape[], const uint8_t inputOriginalShapeDim,
            const uint32_t inputOriginalShape[], const DataFormat inputFormat)
      : shapeDim(inputShapeDim < K_MAX_DIM ? inputShapeDim : K_MAX_DIM),
        originalShapeDim(inputOriginalShapeDim < K_MAX_DIM ? inputOriginalShapeDim : K_MAX_DIM), dataFormat(inputFormat) {
    if (inputShapeDim > K_MAX_DIM || inputOriginalShapeDim > K_MAX_DIM)
      ascrun::fail(ascrun::Loc(), "ShapeInfo(): more than K_MAX_DIM (8) dimensions");
    for (int i = 0; i < shapeDim; i++)
      shape[i] = inputShape[i];
    for (int i = 0; i < originalShapeDim; i++)
      originalShape[i] = inputOriginalShape[i];
  }
  ShapeInfo(const uint8_t inputShapeDim, const uint32_t inputShape[], const DataFormat inputFormat)
      : ShapeInfo(inputShapeDim, inputShape, inputShapeDim, inputShape, inputFormat) {}
  ShapeInfo(const uint8_t inputShapeDim, const uint32_t inputShape[])
      : ShapeInfo(inputShapeDim, inputShape, DataFormat::ND) {}
};
inline int GetShapeSize(const ShapeInfo &shapeInfo) {
  int n = 1;
  for (int i = 0; i < shapeInfo.shapeDim; i++)
    n *= (int)shapeInfo.shape[i];
  return n;
}
/* `name = [d0 : i32, ...]` (the IR's spelling, python/asc/language/adv/_base.py), "" for no shape */
inline std::string shape_attr(const char *name, const ShapeInfo &s) {
  if (s.shapeDim == 0)
    return "";
  std::string a = std::string(name) + " = [";
  for (int i = 0; i < s.shapeDim; i++)
    a += (i ? ", " : "") + std::to_string(s.shape[i]) + " : i32";
  return a + "]";
}
inline std::string join_attrs(const std::string &a, const std::string &b) {
  return a.empty() ? b : b.empty() ? a : a + ", " + b;
}

/* ---- tensors ------------------------------------------------------------------------------- */
template <typename T> class LocalTensor {
public:
  using PrimType = T;
  Val v;
  TPosition pos = TPosition::VECCALC;
  ShapeInfo shapeInfo; /* SetShapeInfo's (a subview or a cast starts without one) */
  void SetShapeInfo(const ShapeInfo &s) { shapeInfo = s; }
  ShapeInfo GetShapeInfo() const { return shapeInfo; }
  LocalTensor() = default;
  LocalTensor(Val val, TPosition p) : v(std::move(val)), pos(p) {}
  LocalTensor(TPosition p, uint32_t addr, uint32_t tileSize, Loc l = Loc()) : pos(p) {
    v = ascrun::op("asc.local_tensor", {ascrun::cint(addr, "i32", l), ascrun::cint(tileSize, "i32", l)},
                   std::string("pos = #asc.pos<") + ascrun::posname(p) + ">", type(p), l);
  }
  static std::string type(TPosition p) {
    return std::string("!asc.local_tensor<") + ascrun::irtype<T>() + ", " + ascrun::posname(p) + ">";
  }
  /* operator[] takes no location: the subview carries the line of the last traced call. */
  LocalTensor operator[](uint32_t offset) const {
    Loc l(ascrun::T().lastfile, ascrun::T().lastline);
    return LocalTensor(ascrun::op("asc.lt_subview", {v, ascrun::cint(offset, "i32", l)}, "", v.type, l), pos);
  }
  T GetValue(uint32_t index, Loc l = Loc()) const;
  void SetValue(uint32_t index, T value, Loc l = Loc()) const {
    ascrun::op("asc.set_value", {v, ascrun::cint(index, "i32", l), ascrun::scalar<T>(value, l)}, "", "", l);
  }
  template <typename U> LocalTensor<U> ReinterpretCast(Loc l = Loc()) const {
    return LocalTensor<U>(ascrun::op("asc.lt_reinterpret_cast", {v}, "", LocalTensor<U>::type(pos), l), pos);
  }
};

template <typename T> class GlobalTensor {
public:
  using PrimType = T;
  Val v;
  GlobalTensor(Loc l = Loc()) { v = ascrun::op("asc.global_tensor", {}, "", type(), l); }
  ShapeInfo shapeInfo;
  explicit GlobalTensor(Val val) : v(std::move(val)) {}
  void SetShapeInfo(const ShapeInfo &s) { shapeInfo = s; }
  ShapeInfo GetShapeInfo() const { return shapeInfo; }
  static std::string type() { return std::string("!asc.global_tensor<") + ascrun::irtype<T>() + ">"; }
  void SetGlobalBuffer(__gm__ T *buffer, uint64_t bufferSize, Loc l = Loc()) {
    Val p = ascrun::gmptr<T>(buffer, l);
    ascrun::op("asc.set_global_buffer", {v, p, ascrun::cint((int64_t)bufferSize, "i32", l)}, "", "", l);
  }
  void SetGlobalBuffer(__gm__ T *buffer, Loc l = Loc()) {
    Val p = ascrun::gmptr<T>(buffer, l);
    ascrun::op("asc.set_global_buffer", {v, p}, "", "", l);
  }
  T GetValue(uint64_t index, Loc l = Loc()) const;
  void SetValue(uint64_t index, T value, Loc l = Loc()) {
    ascrun::op("asc.set_value", {v, ascrun::cint((int64_t)index, "i32", l), ascrun::scalar<T>(value, l)}, "", "", l);
  }
  GlobalTensor operator[](uint64_t offset) const {
    Loc l(ascrun::T().lastfile, ascrun::T().lastline);
    return GlobalTensor(ascrun::op("asc.gt_subview", {v, ascrun::cint((int64_t)offset, "i32", l)}, "", v.type, l));
  }
};

} // namespace AscendC

/* ---- parameter structs: their fields in the documented order, as asc.struct of their fields (the IR's
 * spelling, src/ops/structs.def: i32, or the field's own type where it is a float, as RmsNormTiling's
 * reciprocalOfHLength) built where a call uses them ------------------------------------------------ */
namespace ascrun {
/* one field's value with its IR type */
struct Field {
  int64_t i = 0;
  double d = 0;
  bool isfloat = false;
};
template <typename T> Field field(T v) {
  Field x;
  if constexpr (std::is_floating_point_v<T>) {
    x.d = (double)v;
    x.isfloat = true;
  } else {
    x.i = (int64_t)v;
  }
  return x;
}
struct Params {
  const char *irname;
  std::vector<Field> f;
  Params(const char *n, std::vector<Field> v) : irname(n), f(std::move(v)) {}
  Val val(const Loc &l) const {
    std::vector<Val> ops;
    for (const Field &x : f)
      ops.push_back(x.isfloat ? cfloat(x.d, "f32", l) : cint(x.i, "i32", l));
    return op("asc.struct", ops, "", std::string("!asc.struct<") + irname + ">", l);
  }
};
} // namespace ascrun
#define OPENASC_RUN_STRUCT(Name, IrName, ...)                                                                   \
  struct Name : ascrun::Params {                                                                                 \
    template <typename... A> Name(A... a) : ascrun::Params(IrName, {ascrun::field((int64_t)a)...}) {                             \
      static_assert(sizeof...(A) == 0 || sizeof...(A) == (__VA_ARGS__),                                         \
                    "kernel_operator.h (ASC_RUN): " #Name " takes all its fields");                              \
      if (sizeof...(A) == 0)                                                                                     \
        ascrun::fail(ascrun::Loc(), #Name "(): the default fields are not traced yet");                         \
    }                                                                                                            \
  };
/* a struct with named members (kernel_operator_shared.h's fields): default-constructed, set member by member or
 * constructed from all its fields; traced from its members where a call uses it */
#define OPENASC_RUN_MEMBER(T, f, d) T f = d;
namespace ascrun {
struct ListEnd {
  explicit ListEnd() = default;
};
} // namespace ascrun
#define OPENASC_RUN_PARAM(T, f, d) T f##_,
#define OPENASC_RUN_INIT(T, f, d) f = f##_;
#define OPENASC_RUN_VALUE(T, f, d) ascrun::field(f),
#define OPENASC_RUN_NAMED_STRUCT(Name, IrName, FIELDS)                                                         \
  struct Name {                                                                                                \
    FIELDS(OPENASC_RUN_MEMBER)                                                                                 \
    Name() = default;                                                                                          \
    /* the last parameter only closes the list the fields open: no argument converts to it */                 \
    Name(FIELDS(OPENASC_RUN_PARAM) ascrun::ListEnd = ascrun::ListEnd()) { FIELDS(OPENASC_RUN_INIT) }           \
    ascrun::Val val(const ascrun::Loc &l) const { return ascrun::Params(IrName, {FIELDS(OPENASC_RUN_VALUE)}).val(l); } \
  };
namespace AscendC {
OPENASC_RUN_NAMED_STRUCT(BinaryRepeatParams, "BinaryRepeatParams", OPENASC_BINARY_REPEAT_FIELDS)
OPENASC_RUN_NAMED_STRUCT(UnaryRepeatParams, "UnaryRepeatParams", OPENASC_UNARY_REPEAT_FIELDS)
OPENASC_RUN_NAMED_STRUCT(DataCopyParams, "DataCopyParams", OPENASC_DATA_COPY_FIELDS)
OPENASC_RUN_STRUCT(Nd2NzParams, "Nd2NzParams", 8)
OPENASC_RUN_STRUCT(LoadData2DParams, "LoadData2DParams", 7)
OPENASC_RUN_STRUCT(MmadParams, "MmadParams", 12)
OPENASC_RUN_STRUCT(FixpipeParamsV220, "FixpipeParamsV220", 12)
OPENASC_RUN_STRUCT(FixpipeConfig, "FixpipeConfig", 1)
OPENASC_RUN_STRUCT(CopyRepeatParams, "CopyRepeatParams", 4)
OPENASC_RUN_STRUCT(TransposeParamsExt, "TransposeParamsExt", 5)
OPENASC_RUN_STRUCT(TransDataTo5HDParams, "TransDataTo5HDParams", 5)
} // namespace AscendC
#undef OPENASC_RUN_STRUCT
#undef OPENASC_RUN_NAMED_STRUCT
#undef OPENASC_RUN_MEMBER
#undef OPENASC_RUN_PARAM
#undef OPENASC_RUN_INIT
#undef OPENASC_RUN_VALUE
/* the tiling aggregates (their pages: fields defaulting to 0, set one by one), traced where a call uses them */
#define OPENASC_TILING_VALUE(T, f) ascrun::field<T>(f),
struct SoftMaxTiling {
  OPENASC_SOFTMAX_TILING_FIELDS(OPENASC_TILING_FIELD)
  ascrun::Val val(const ascrun::Loc &l) const {
    return ascrun::Params("SoftmaxTiling", {OPENASC_SOFTMAX_TILING_FIELDS(OPENASC_TILING_VALUE)}).val(l);
  }
};
struct RmsNormTiling {
  OPENASC_RMSNORM_TILING_FIELDS(OPENASC_TILING_FIELD)
  ascrun::Val val(const ascrun::Loc &l) const {
    return ascrun::Params("RmsNormTiling", {OPENASC_RMSNORM_TILING_FIELDS(OPENASC_TILING_VALUE)}).val(l);
  }
};
#undef OPENASC_TILING_VALUE


namespace AscendC {

/* ---- TPipe, TQue, TQueBind, TBuf ----------------------------------------------------------------- */
template <TPosition src, TPosition dst, int32_t depth> class TQueBind {
public:
  Val v;
  TQueBind(Loc l = Loc()) {
    v = ascrun::op("asc.tque", {}, "", type(), l);
  }
  static std::string type() {
    if (src == dst)
      return std::string("!asc.queue<") + ascrun::posname(src) + ", " + std::to_string(depth) + ">";
    return std::string("!asc.queue<") + ascrun::posname(src) + ", " + ascrun::posname(dst) + ", " +
           std::to_string(depth) + ">";
  }
  static constexpr TPosition tensorpos() { return src == TPosition::GM ? dst : src; }
  template <typename T> LocalTensor<T> AllocTensor(Loc l = Loc()) {
    return LocalTensor<T>(ascrun::op("asc.alloc_tensor", {v}, "", LocalTensor<T>::type(tensorpos()), l), tensorpos());
  }
  template <typename T> void FreeTensor(LocalTensor<T> &tensor, Loc l = Loc()) {
    ascrun::op("asc.free_tensor", {v, tensor.v}, "", "", l);
  }
  template <typename T> bool EnQue(const LocalTensor<T> &tensor, Loc l = Loc()) {
    ascrun::op("asc.enque", {v, tensor.v}, "", "", l);
    return true;
  }
  template <typename T> LocalTensor<T> DeQue(Loc l = Loc()) {
    return LocalTensor<T>(ascrun::op("asc.deque", {v}, "", LocalTensor<T>::type(tensorpos()), l), tensorpos());
  }
};
template <TPosition pos, int32_t depth> class TQue : public TQueBind<pos, pos, depth> {
public:
  TQue(Loc l = Loc()) : TQueBind<pos, pos, depth>(l) {}
};

template <TPosition pos = TPosition::VECCALC> class TBuf {
public:
  Val v;
  TBuf(Loc l = Loc()) {
    v = ascrun::op("asc.tbuf", {}, "", std::string("!asc.tbuf<") + ascrun::posname(pos) + ">", l);
  }
  template <typename T> LocalTensor<T> Get(Loc l = Loc()) {
    return LocalTensor<T>(ascrun::op("asc.tbuf_get_all", {v}, "", LocalTensor<T>::type(pos), l), pos);
  }
  template <typename T> LocalTensor<T> Get(uint32_t len, Loc l = Loc()) {
    return LocalTensor<T>(ascrun::op("asc.tbuf_get", {v, ascrun::cint(len, "i32", l)}, "", LocalTensor<T>::type(pos), l),
                          pos);
  }
};

class TPipe {
public:
  Val v;
  TPipe(Loc l = Loc()) {
    v = ascrun::op("asc.tpipe", {}, "", "!asc.pipe", l);
    ascrun::T().pipe = this;
  }
  template <TPosition src, TPosition dst, int32_t depth>
  bool InitBuffer(TQueBind<src, dst, depth> &que, uint8_t num, uint32_t len, Loc l = Loc()) {
    ascrun::op("asc.init_buffer", {v, que.v, ascrun::cint(num, "i32", l), ascrun::cint(len, "i32", l)}, "", "", l);
    return true;
  }
  template <TPosition pos> bool InitBuffer(TBuf<pos> &buf, uint32_t len, Loc l = Loc()) {
    ascrun::op("asc.init_tbuf", {v, buf.v, ascrun::cint(len, "i32", l)}, "", "", l);
    return true;
  }
};

/* ---- synchronisation --------------------------------------------------------------------------- */
template <HardEvent event> void SetFlag(int32_t eventID, Loc l = Loc()) {
  ascrun::op("asc.set_flag", {ascrun::cint(eventID, "i32", l)},
             std::string("event = #asc.event<") + ascrun::eventname(event) + ">", "", l);
}
template <HardEvent event> void WaitFlag(int32_t eventID, Loc l = Loc()) {
  ascrun::op("asc.wait_flag", {ascrun::cint(eventID, "i32", l)},
             std::string("event = #asc.event<") + ascrun::eventname(event) + ">", "", l);
}
template <pipe_t pipe> void PipeBarrier(Loc l = Loc()) {
  ascrun::op("asc.pipe_barrier", {}, std::string("pipe = #asc.pipe<") + ascrun::pipename(pipe) + ">", "", l);
}

/* ---- synchronisation across cores: traced as their ops; the simulator runs the blocks' traces as one launch,
 * so it orders them (a GetValue flush still runs one block: it does not see what other blocks wrote) ---------- */
inline std::string aiv_only_attr(bool isAIVOnly) { return isAIVOnly ? "" : "aiv_only = false"; }
template <bool isAIVOnly = true> void SyncAll(Loc l = Loc()) {
  ascrun::op("asc.sync_all", {}, aiv_only_attr(isAIVOnly), "", l);
}
template <bool isAIVOnly = true>
void SyncAll(const GlobalTensor<int32_t> &gmWorkspace, const LocalTensor<int32_t> &ubWorkspace, const int32_t usedCores = 0,
             Loc l = Loc()) {
  ascrun::op("asc.sync_all_soft", {gmWorkspace.v, ubWorkspace.v, ascrun::cint(usedCores, "i32", l)},
             aiv_only_attr(isAIVOnly), "", l);
}
template <bool isAIVOnly = true>
void IBSet(const GlobalTensor<int32_t> &gmWorkspace, const LocalTensor<int32_t> &ubWorkspace, int32_t blockIdx,
           int32_t eventID, Loc l = Loc()) {
  ascrun::op("asc.ib_set", {gmWorkspace.v, ubWorkspace.v, ascrun::cint(blockIdx, "i32", l), ascrun::cint(eventID, "i32", l)},
             aiv_only_attr(isAIVOnly), "", l);
}
template <bool isAIVOnly = true>
void IBWait(const GlobalTensor<int32_t> &gmWorkspace, const LocalTensor<int32_t> &ubWorkspace, int32_t blockIdx,
            int32_t eventID, Loc l = Loc()) {
  ascrun::op("asc.ib_wait", {gmWorkspace.v, ubWorkspace.v, ascrun::cint(blockIdx, "i32", l), ascrun::cint(eventID, "i32", l)},
             aiv_only_attr(isAIVOnly), "", l);
}
inline void NotifyNextBlock(GlobalTensor<int32_t> &gmWorkspace, LocalTensor<int32_t> &ubWorkspace, Loc l = Loc()) {
  ascrun::op("asc.notify_next_block", {gmWorkspace.v, ubWorkspace.v}, "", "", l);
}
inline void WaitPreBlock(GlobalTensor<int32_t> &gmWorkspace, LocalTensor<int32_t> &ubWorkspace, Loc l = Loc()) {
  ascrun::op("asc.wait_pre_block", {gmWorkspace.v, ubWorkspace.v}, "", "", l);
}
/* the atomic protocol: later UB -> GM copies accumulate as T */
template <typename T> void SetAtomicAdd(Loc l = Loc()) {
  ascrun::op("asc.set_atomic_add", {}, std::string("dtype = ") + ascrun::irtype<T>(), "", l);
}
template <typename T> void SetAtomicMax(Loc l = Loc()) {
  ascrun::op("asc.set_atomic_max", {}, std::string("dtype = ") + ascrun::irtype<T>(), "", l);
}
template <typename T> void SetAtomicMin(Loc l = Loc()) {
  ascrun::op("asc.set_atomic_min", {}, std::string("dtype = ") + ascrun::irtype<T>(), "", l);
}
inline void SetAtomicNone(Loc l = Loc()) { ascrun::op("asc.set_atomic_none", {}, "", "", l); }

/* ---- data movement ----------------------------------------------------------------------------- */
template <typename T> void DataCopy(const LocalTensor<T> &dst, const GlobalTensor<T> &src, const uint32_t count, Loc l = Loc()) {
  ascrun::op("asc.data_copy", {dst.v, src.v, ascrun::cint(count, "i32", l)}, "", "", l);
}
template <typename T> void DataCopy(const GlobalTensor<T> &dst, const LocalTensor<T> &src, const uint32_t count, Loc l = Loc()) {
  ascrun::op("asc.data_copy", {dst.v, src.v, ascrun::cint(count, "i32", l)}, "", "", l);
}
template <typename T> void DataCopy(const LocalTensor<T> &dst, const LocalTensor<T> &src, const uint32_t count, Loc l = Loc()) {
  ascrun::op("asc.data_copy", {dst.v, src.v, ascrun::cint(count, "i32", l)}, "", "", l);
}

/* ---- vector: count forms ------------------------------------------------------------------------ */
#define OPENASC_RUN_BINARY(Name, opname)                                                                         \
  template <typename T>                                                                                          \
  void Name(const LocalTensor<T> &dst, const LocalTensor<T> &src0, const LocalTensor<T> &src1, const int32_t &count, \
            Loc l = Loc()) {                                                                                     \
    ascrun::op(opname, {dst.v, src0.v, src1.v, ascrun::cint(count, "i32", l)}, "", "", l);                       \
  }                                                                                                              \
  template <typename T, bool isSetMask = true>                                                                   \
  void Name(const LocalTensor<T> &dst, const LocalTensor<T> &src0, const LocalTensor<T> &src1, uint64_t mask,       \
            const uint8_t repeatTimes, const BinaryRepeatParams &params, Loc l = Loc()) {                         \
    ascrun::op(opname ".mask", {dst.v, src0.v, src1.v, ascrun::i64(mask, l), ascrun::cint(repeatTimes, "i32", l),   \
                                params.val(l)}, ascrun::setmask_attr(isSetMask), "", l);                         \
  }                                                                                                              \
  template <typename T, bool isSetMask = true>                                                                   \
  void Name(const LocalTensor<T> &dst, const LocalTensor<T> &src0, const LocalTensor<T> &src1, const uint64_t mask[], \
            const uint8_t repeatTimes, const BinaryRepeatParams &params, Loc l = Loc()) {                         \
    ascrun::op(opname ".bitmask", {dst.v, src0.v, src1.v, ascrun::i64(mask[1], l), ascrun::i64(mask[0], l),        \
                                   ascrun::cint(repeatTimes, "i32", l), params.val(l)},                          \
               ascrun::setmask_attr(isSetMask), "", l);                                                         \
  }
OPENASC_RUN_BINARY(Add, "asc.add")
OPENASC_RUN_BINARY(Sub, "asc.sub")
OPENASC_RUN_BINARY(Mul, "asc.mul")
OPENASC_RUN_BINARY(Div, "asc.div")
OPENASC_RUN_BINARY(Max, "asc.max")
OPENASC_RUN_BINARY(Min, "asc.min")
#undef OPENASC_RUN_BINARY

#define OPENASC_RUN_UNARY(Name, opname)                                                                          \
  template <typename T>                                                                                          \
  void Name(const LocalTensor<T> &dst, const LocalTensor<T> &src, const int32_t &count, Loc l = Loc()) {          \
    ascrun::op(opname, {dst.v, src.v, ascrun::cint(count, "i32", l)}, "", "", l);                                \
  }                                                                                                              \
  template <typename T, bool isSetMask = true>                                                                   \
  void Name(const LocalTensor<T> &dst, const LocalTensor<T> &src, uint64_t mask, const uint8_t repeatTimes,        \
            const UnaryRepeatParams &params, Loc l = Loc()) {                                                    \
    ascrun::op(opname ".mask", {dst.v, src.v, ascrun::i64(mask, l), ascrun::cint(repeatTimes, "i32", l), params.val(l)}, \
               ascrun::setmask_attr(isSetMask), "", l);                                                         \
  }                                                                                                              \
  template <typename T, bool isSetMask = true>                                                                   \
  void Name(const LocalTensor<T> &dst, const LocalTensor<T> &src, const uint64_t mask[], const uint8_t repeatTimes, \
            const UnaryRepeatParams &params, Loc l = Loc()) {                                                    \
    ascrun::op(opname ".bitmask", {dst.v, src.v, ascrun::i64(mask[1], l), ascrun::i64(mask[0], l),                \
                                   ascrun::cint(repeatTimes, "i32", l), params.val(l)},                          \
               ascrun::setmask_attr(isSetMask), "", l);                                                         \
  }
OPENASC_RUN_UNARY(Exp, "asc.exp")
OPENASC_RUN_UNARY(Ln, "asc.ln")
OPENASC_RUN_UNARY(Abs, "asc.abs")
OPENASC_RUN_UNARY(Reciprocal, "asc.reciprocal")
OPENASC_RUN_UNARY(Sqrt, "asc.sqrt")
OPENASC_RUN_UNARY(Rsqrt, "asc.rsqrt")
OPENASC_RUN_UNARY(Relu, "asc.relu")
#undef OPENASC_RUN_UNARY

#define OPENASC_RUN_SCALAR(Name, opname)                                                                         \
  template <typename T, typename U>                                                                              \
  void Name(const LocalTensor<T> &dst, const LocalTensor<T> &src, const U &scalar, const int32_t &count,          \
            Loc l = Loc()) {                                                                                     \
    ascrun::op(opname, {dst.v, src.v, ascrun::scalar<T>(scalar, l), ascrun::cint(count, "i32", l)}, "", "", l);   \
  }                                                                                                              \
  template <typename T, bool isSetMask = true, typename U>                                                       \
  void Name(const LocalTensor<T> &dst, const LocalTensor<T> &src, const U &scalar, uint64_t mask,                  \
            const uint8_t repeatTimes, const UnaryRepeatParams &params, Loc l = Loc()) {                         \
    ascrun::op(opname ".mask", {dst.v, src.v, ascrun::scalar<T>(scalar, l), ascrun::i64(mask, l),                 \
                                ascrun::cint(repeatTimes, "i32", l), params.val(l)},                             \
               ascrun::setmask_attr(isSetMask), "", l);                                                         \
  }                                                                                                              \
  template <typename T, bool isSetMask = true, typename U>                                                       \
  void Name(const LocalTensor<T> &dst, const LocalTensor<T> &src, const U &scalar, const uint64_t mask[],          \
            const uint8_t repeatTimes, const UnaryRepeatParams &params, Loc l = Loc()) {                         \
    ascrun::op(opname ".bitmask", {dst.v, src.v, ascrun::scalar<T>(scalar, l), ascrun::i64(mask[1], l),           \
                                   ascrun::i64(mask[0], l), ascrun::cint(repeatTimes, "i32", l), params.val(l)}, \
               ascrun::setmask_attr(isSetMask), "", l);                                                         \
  }
OPENASC_RUN_SCALAR(Adds, "asc.adds")
OPENASC_RUN_SCALAR(Muls, "asc.muls")
OPENASC_RUN_SCALAR(Maxs, "asc.maxs")
OPENASC_RUN_SCALAR(Mins, "asc.mins")
OPENASC_RUN_SCALAR(LeakyRelu, "asc.leaky_relu")
#undef OPENASC_RUN_SCALAR

/* ---- AIPP (SetAippFunctions' page: AippParams nests its parts; aggregates, kernel_operator_shared.h; traced as
 * the IR's flat asc.struct<AippParams>: the parts in order, dtcMin/dtcVar as f32, the rest i32) ---- */
enum class AippInputFormat : uint8_t { YUV420SP_U8 = 0, XRGB8888_U8 = 1, RGB888_U8 = 4, YUV400_U8 = 9 };
/* the f32 members are half on the page; float here, as the IR keeps them, so no value is rounded on the way */
#define OPENASC_RUN_AIPP_TYPE_i32(type) type
#define OPENASC_RUN_AIPP_TYPE_f32(type) float
#define OPENASC_RUN_AIPP_FIELD_i32(v) ascrun::field((int64_t)(v))
#define OPENASC_RUN_AIPP_FIELD_f32(v) ascrun::field(v)
#define OPENASC_RUN_AIPP_MEMBER(part, type, member, ir) OPENASC_RUN_AIPP_TYPE_##ir(type) member = 0;
#define OPENASC_RUN_AIPP_PART(tmpl, S, targs, part, FIELDS) tmpl struct S { FIELDS(OPENASC_RUN_AIPP_MEMBER, part) };
#define OPENASC_RUN_AIPP_VALUE(part, type, member, ir) OPENASC_RUN_AIPP_FIELD_##ir(part.member),
#define OPENASC_RUN_AIPP_VALUES(tmpl, S, targs, part, FIELDS) FIELDS(OPENASC_RUN_AIPP_VALUE, part)
OPENASC_AIPP_PARTS(OPENASC_RUN_AIPP_PART)
template <typename T> struct AippParams {
  OPENASC_AIPP_PARTS(OPENASC_AIPP_PART_MEMBER)
  Val val(const Loc &l) const { return ascrun::Params("AippParams", {OPENASC_AIPP_PARTS(OPENASC_RUN_AIPP_VALUES)}).val(l); }
};
template <typename T, typename U>
void SetAippFunctions(const GlobalTensor<T> &src0, AippInputFormat format, AippParams<U> config, Loc l = Loc()) {
  ascrun::op("asc.set_aipp_functions", {src0.v, config.val(l)},
             std::string("dtype = ") + ascrun::irtype<U>() + ", format = " + std::to_string((int)format) + " : i64", "",
             l);
}
template <typename T, typename U>
void SetAippFunctions(const GlobalTensor<T> &src0, const GlobalTensor<T> &src1, AippInputFormat format,
                      AippParams<U> config, Loc l = Loc()) {
  ascrun::op("asc.set_aipp_functions", {src0.v, config.val(l), src1.v},
             std::string("dtype = ") + ascrun::irtype<U>() + ", format = " + std::to_string((int)format) + " : i64", "",
             l);
}

/* ---- Axpy (Axpy's page: dst += scalar * src, a half src may accumulate into a float dst; the scalar in the
 * source's type) ---- */
template <typename T, typename U, typename S>
void Axpy(const LocalTensor<T> &dst, const LocalTensor<U> &src, const S &scalar, const int32_t &count, Loc l = Loc()) {
  ascrun::op("asc.axpy", {dst.v, src.v, ascrun::scalar<U>(scalar, l), ascrun::cint(count, "i32", l)}, "", "", l);
}
template <typename T, typename U, bool isSetMask = true, typename S>
void Axpy(const LocalTensor<T> &dst, const LocalTensor<U> &src, const S &scalar, uint64_t mask, const uint8_t repeatTimes,
          const UnaryRepeatParams &params, Loc l = Loc()) {
  ascrun::op("asc.axpy.mask", {dst.v, src.v, ascrun::scalar<U>(scalar, l), ascrun::i64(mask, l),
                               ascrun::cint(repeatTimes, "i32", l), params.val(l)}, ascrun::setmask_attr(isSetMask), "", l);
}
template <typename T, typename U, bool isSetMask = true, typename S>
void Axpy(const LocalTensor<T> &dst, const LocalTensor<U> &src, const S &scalar, const uint64_t mask[],
          const uint8_t repeatTimes, const UnaryRepeatParams &params, Loc l = Loc()) {
  ascrun::op("asc.axpy.bitmask", {dst.v, src.v, ascrun::scalar<U>(scalar, l), ascrun::i64(mask[1], l),
                                  ascrun::i64(mask[0], l), ascrun::cint(repeatTimes, "i32", l), params.val(l)},
             ascrun::setmask_attr(isSetMask), "", l);
}

/* ---- Copy (VECIN/VECCALC/VECOUT to the same: mask and bit-mask forms, CopyRepeatParams strides) ---- */
template <typename T, bool isSetMask = true>
void Copy(const LocalTensor<T> &dst, const LocalTensor<T> &src, uint64_t mask, const uint8_t repeatTimes,
          const CopyRepeatParams &params, Loc l = Loc()) {
  ascrun::op("asc.copy.mask", {dst.v, src.v, ascrun::i64(mask, l), ascrun::cint(repeatTimes, "i32", l), params.val(l)},
             ascrun::setmask_attr(isSetMask), "", l);
}
template <typename T, bool isSetMask = true>
void Copy(const LocalTensor<T> &dst, const LocalTensor<T> &src, const uint64_t mask[], const uint8_t repeatTimes,
          const CopyRepeatParams &params, Loc l = Loc()) {
  ascrun::op("asc.copy.bitmask", {dst.v, src.v, ascrun::i64(mask[1], l), ascrun::i64(mask[0], l),
                                  ascrun::cint(repeatTimes, "i32", l), params.val(l)},
             ascrun::setmask_attr(isSetMask), "", l);
}

/* ---- Transpose: the 16 x 16 form and the one with TransposeParamsExt (a scratch buffer) ---- */
template <typename T> void Transpose(const LocalTensor<T> &dst, const LocalTensor<T> &src, Loc l = Loc()) {
  ascrun::op("asc.transpose", {dst.v, src.v}, "", "", l);
}
template <typename T>
void Transpose(const LocalTensor<T> &dst, const LocalTensor<T> &src, const LocalTensor<uint8_t> &sharedTmpBuffer,
               const TransposeParamsExt &transposeParams, Loc l = Loc()) {
  ascrun::op("asc.transpose.ext", {dst.v, src.v, sharedTmpBuffer.v, transposeParams.val(l)}, "", "", l);
}
/* TransDataTo5HD with its lists of 16 destination and 16 source tensors */
template <typename T>
void TransDataTo5HD(const LocalTensor<T> (&dstList)[16], const LocalTensor<T> (&srcList)[16],
                    const TransDataTo5HDParams &nchwconvParams, Loc l = Loc()) {
  std::vector<Val> ops;
  for (const LocalTensor<T> &t : dstList)
    ops.push_back(t.v);
  for (const LocalTensor<T> &t : srcList)
    ops.push_back(t.v);
  ops.push_back(nchwconvParams.val(l));
  ascrun::op("asc.trans_data_to_5hd", ops, "", "", l);
}

/* ---- BilinearInterpolation (mask and bit-mask forms) ---- */
template <typename T, typename O>
void BilinearInterpolation(const LocalTensor<T> &dst, const LocalTensor<T> &src0, const LocalTensor<O> &src0Offset,
                           const LocalTensor<T> &src1, uint64_t mask, uint8_t hRepeat, bool repeatMode,
                           uint16_t dstBlkStride, uint16_t vROffset, uint8_t vRepeat,
                           const LocalTensor<uint8_t> &sharedTmpBuffer, Loc l = Loc()) {
  ascrun::op("asc.bilinear_interpolation.mask",
             {dst.v, src0.v, src0Offset.v, src1.v, ascrun::i64(mask, l), ascrun::cint(hRepeat, "i32", l),
              ascrun::cint(repeatMode, "i1", l), ascrun::cint(dstBlkStride, "i32", l), ascrun::cint(vROffset, "i32", l),
              ascrun::cint(vRepeat, "i32", l), sharedTmpBuffer.v}, "", "", l);
}
template <typename T, typename O>
void BilinearInterpolation(const LocalTensor<T> &dst, const LocalTensor<T> &src0, const LocalTensor<O> &src0Offset,
                           const LocalTensor<T> &src1, const uint64_t mask[], uint8_t hRepeat, bool repeatMode,
                           uint16_t dstBlkStride, uint16_t vROffset, uint8_t vRepeat,
                           const LocalTensor<uint8_t> &sharedTmpBuffer, Loc l = Loc()) {
  ascrun::op("asc.bilinear_interpolation.bitmask",
             {dst.v, src0.v, src0Offset.v, src1.v, ascrun::i64(mask[1], l), ascrun::i64(mask[0], l),
              ascrun::cint(hRepeat, "i32", l), ascrun::cint(repeatMode, "i1", l), ascrun::cint(dstBlkStride, "i32", l),
              ascrun::cint(vROffset, "i32", l), ascrun::cint(vRepeat, "i32", l), sharedTmpBuffer.v}, "", "", l);
}

/* ---- the mask registers ---- */
template <typename T, MaskMode mode = MaskMode::NORMAL> void SetVectorMask(const uint64_t len, Loc l = Loc()) {
  ascrun::op("asc.set_vector_mask", {ascrun::i64(len, l)},
             std::string("dtype = ") + ascrun::irtype<T>() + ", mode = #asc.maskmode<" +
                 (mode == MaskMode::NORMAL ? "NORMAL" : "COUNTER") + ">", "", l);
}
template <typename T, MaskMode mode = MaskMode::NORMAL>
void SetVectorMask(const uint64_t maskHigh, const uint64_t maskLow, Loc l = Loc()) {
  ascrun::op("asc.set_vector_mask.bits", {ascrun::i64(maskHigh, l), ascrun::i64(maskLow, l)},
             std::string("dtype = ") + ascrun::irtype<T>() + ", mode = #asc.maskmode<" +
                 (mode == MaskMode::NORMAL ? "NORMAL" : "COUNTER") + ">", "", l);
}
inline void ResetMask(Loc l = Loc()) { ascrun::op("asc.reset_mask", {}, "", "", l); }
inline void SetMaskCount(Loc l = Loc()) { ascrun::op("asc.set_mask_count", {}, "", "", l); }
inline void SetMaskNorm(Loc l = Loc()) { ascrun::op("asc.set_mask_norm", {}, "", "", l); }

template <typename T, typename U> void Duplicate(const LocalTensor<T> &dst, const U &scalar, const int32_t &count, Loc l = Loc()) {
  ascrun::op("asc.duplicate", {dst.v, ascrun::scalar<T>(scalar, l), ascrun::cint(count, "i32", l)}, "", "", l);
}

template <typename T1, typename T2>
void Cast(const LocalTensor<T1> &dst, const LocalTensor<T2> &src, const RoundMode &round, const uint32_t count,
          Loc l = Loc()) {
  ascrun::op("asc.cast", {dst.v, src.v, ascrun::cint(count, "i32", l)},
             std::string("round = #asc.round<") + ascrun::roundname(round) + ">", "", l);
}

/* ---- the advanced API's vector functions (dst, src, sharedTmpBuffer, count): asc.adv.* takes the
 * buffer last ---------------------------------------------------------------------------------------- */
#define OPENASC_RUN_ADV_UNARY(Name, opname)                                                                      \
  template <typename T, bool isReuseSource = false>                                                              \
  void Name(const LocalTensor<T> &dst, const LocalTensor<T> &src, const LocalTensor<uint8_t> &sharedTmpBuffer,     \
            const uint32_t count, Loc l = Loc()) {                                                               \
    ascrun::op(opname, {dst.v, src.v, ascrun::cint(count, "i32", l), sharedTmpBuffer.v}, "", "", l);              \
  }
OPENASC_RUN_ADV_UNARY(Acos, "asc.adv.acos")
OPENASC_RUN_ADV_UNARY(Acosh, "asc.adv.acosh")
OPENASC_RUN_ADV_UNARY(Asin, "asc.adv.asin")
OPENASC_RUN_ADV_UNARY(Asinh, "asc.adv.asinh")
OPENASC_RUN_ADV_UNARY(Atan, "asc.adv.atan")
OPENASC_RUN_ADV_UNARY(Atanh, "asc.adv.atanh")
OPENASC_RUN_ADV_UNARY(Ceil, "asc.adv.ceil")
OPENASC_RUN_ADV_UNARY(Cos, "asc.adv.cos")
OPENASC_RUN_ADV_UNARY(Cosh, "asc.adv.cosh")
OPENASC_RUN_ADV_UNARY(Digamma, "asc.adv.digamma")
OPENASC_RUN_ADV_UNARY(Erf, "asc.adv.erf")
OPENASC_RUN_ADV_UNARY(Erfc, "asc.adv.erfc")
OPENASC_RUN_ADV_UNARY(Floor, "asc.adv.floor")
OPENASC_RUN_ADV_UNARY(Frac, "asc.adv.frac")
OPENASC_RUN_ADV_UNARY(Lgamma, "asc.adv.lgamma")
OPENASC_RUN_ADV_UNARY(Log, "asc.adv.log")
OPENASC_RUN_ADV_UNARY(Round, "asc.adv.round")
OPENASC_RUN_ADV_UNARY(Sign, "asc.adv.sign")
OPENASC_RUN_ADV_UNARY(Sin, "asc.adv.sin")
OPENASC_RUN_ADV_UNARY(Sinh, "asc.adv.sinh")
OPENASC_RUN_ADV_UNARY(Tan, "asc.adv.tan")
OPENASC_RUN_ADV_UNARY(Tanh, "asc.adv.tanh")
OPENASC_RUN_ADV_UNARY(Trunc, "asc.adv.trunc")
#undef OPENASC_RUN_ADV_UNARY

} // namespace AscendC



namespace AscendC {
/* ---- data movement and cube with parameter structs --------------------------------------------- */
template <typename T> void DataCopy(const LocalTensor<T> &dst, const GlobalTensor<T> &src, const Nd2NzParams &params, Loc l = Loc()) {
  ascrun::op("asc.data_copy_nd2nz", {dst.v, src.v, params.val(l)}, "", "", l);
}
/* DataCopy with DataCopyParams (blocks of 32 bytes, strides in blocks): GM <-> UB and UB -> UB */
template <typename T> void DataCopy(const GlobalTensor<T> &dst, const LocalTensor<T> &src, const DataCopyParams &params, Loc l = Loc()) {
  ascrun::op("asc.data_copy_params", {dst.v, src.v, params.val(l)}, "", "", l);
}
template <typename T> void DataCopy(const LocalTensor<T> &dst, const GlobalTensor<T> &src, const DataCopyParams &params, Loc l = Loc()) {
  ascrun::op("asc.data_copy_params", {dst.v, src.v, params.val(l)}, "", "", l);
}
template <typename T> void DataCopy(const LocalTensor<T> &dst, const LocalTensor<T> &src, const DataCopyParams &params, Loc l = Loc()) {
  ascrun::op("asc.data_copy_params", {dst.v, src.v, params.val(l)}, "", "", l);
}
template <typename T> void LoadData(const LocalTensor<T> &dst, const LocalTensor<T> &src, const LoadData2DParams &params, Loc l = Loc()) {
  ascrun::op("asc.load_data_2d", {dst.v, src.v, params.val(l)}, "", "", l);
}
template <typename T, typename U, typename S>
void Mmad(const LocalTensor<T> &dst, const LocalTensor<U> &fm, const LocalTensor<S> &filter, const MmadParams &params, Loc l = Loc()) {
  ascrun::op("asc.mmad", {dst.v, fm.v, filter.v, params.val(l)}, "", "", l);
}
template <typename T, typename U>
void Fixpipe(const GlobalTensor<T> &dst, const LocalTensor<U> &src, const FixpipeParamsV220 &params,
             const FixpipeConfig &config, Loc l = Loc()) {
  ascrun::op("asc.fixpipe", {dst.v, src.v, params.val(l), config.val(l)}, "", "", l);
}
/* The documented form: the layout as a template argument. */
inline const FixpipeConfig CFG_NZ{0};
inline const FixpipeConfig CFG_ROW_MAJOR{1};
inline const FixpipeConfig CFG_COLUMN_MAJOR{2};
template <typename T, typename U, const FixpipeConfig &config = CFG_ROW_MAJOR>
void Fixpipe(const GlobalTensor<T> &dst, const LocalTensor<U> &src, const FixpipeParamsV220 &params, Loc l = Loc()) {
  ascrun::op("asc.fixpipe", {dst.v, src.v, params.val(l), config.val(l)}, "", "", l);
}

/* ---- reductions with a work tensor ---------------------------------------------------------------- */
#define OPENASC_RUN_REDUCE(Name, opname)                                                                         \
  template <typename T>                                                                                          \
  void Name(const LocalTensor<T> &dst, const LocalTensor<T> &src, const LocalTensor<T> &tmp, const int32_t count,  \
            Loc l = Loc()) {                                                                                     \
    ascrun::op(opname, {dst.v, src.v, tmp.v, ascrun::cint(count, "i32", l)}, "", "", l);                         \
  }
OPENASC_RUN_REDUCE(ReduceSum, "asc.reduce_sum")
OPENASC_RUN_REDUCE(ReduceMax, "asc.reduce_max")
OPENASC_RUN_REDUCE(ReduceMin, "asc.reduce_min")
#undef OPENASC_RUN_REDUCE

/* ---- the advanced API: the tmp buffer is the last operand of asc.adv.* -------------------------------- */
template <typename T, bool isReuseSource = false, bool isBasicBlock = false, typename S>
void SoftMax(const LocalTensor<T> &dst, const LocalTensor<S> &sum, const LocalTensor<S> &max, const LocalTensor<T> &src,
             const LocalTensor<uint8_t> &sharedTmpBuffer, const SoftMaxTiling &tiling, Loc l = Loc()) {
  ascrun::op("asc.adv.softmax", {dst.v, sum.v, max.v, src.v, tiling.val(l), sharedTmpBuffer.v},
             join_attrs(shape_attr("shape", src.shapeInfo), shape_attr("reduce_shape", sum.shapeInfo)), "", l);
}
template <typename T, bool isReuseSource = false, bool isBasicBlock = false, typename S>
void SoftMax(const LocalTensor<T> &dst, const LocalTensor<S> &sum, const LocalTensor<S> &max, const LocalTensor<T> &src,
             const SoftMaxTiling &tiling, Loc l = Loc()) {
  ascrun::op("asc.adv.softmax", {dst.v, sum.v, max.v, src.v, tiling.val(l)},
             join_attrs(shape_attr("shape", src.shapeInfo), shape_attr("reduce_shape", sum.shapeInfo)), "", l);
}
/* AscendQuant: scale and offset in the source's element type (the IR's), the tmp buffer last there. */
template <typename T, bool isReuseSource = false, typename D, typename F>
void AscendQuant(const LocalTensor<D> &dst, const LocalTensor<T> &src, const LocalTensor<uint8_t> &sharedTmpBuffer,
                 const F &scale, const F &offset, const uint32_t count, Loc l = Loc()) {
  ascrun::op("asc.adv.quant", {dst.v, src.v, ascrun::scalar<T>(scale, l), ascrun::scalar<T>(offset, l),
                               ascrun::cint(count, "i32", l), sharedTmpBuffer.v}, "", "", l);
}
template <typename T, bool isReuseSource = false, typename D, typename F>
void AscendQuant(const LocalTensor<D> &dst, const LocalTensor<T> &src, const F &scale, const F &offset,
                 const uint32_t count, Loc l = Loc()) {
  ascrun::op("asc.adv.quant", {dst.v, src.v, ascrun::scalar<T>(scale, l), ascrun::scalar<T>(offset, l),
                               ascrun::cint(count, "i32", l)}, "", "", l);
}
template <typename T, bool isBasicBlock = false, typename E>
void RmsNorm(const LocalTensor<T> &dst, const LocalTensor<T> &src, const LocalTensor<T> &gamma,
             const LocalTensor<uint8_t> &sharedTmpBuffer, const E &epsilon, const RmsNormTiling &tiling, Loc l = Loc()) {
  ascrun::op("asc.adv.rmsnorm", {dst.v, src.v, gamma.v, ascrun::scalar<T>(epsilon, l), tiling.val(l), sharedTmpBuffer.v},
             shape_attr("shape", src.shapeInfo), "", l);
}
/* RmsNorm's page: the form without sharedTmpBuffer (the library takes its own temporary space) */
template <typename T, bool isBasicBlock = false, typename E>
void RmsNorm(const LocalTensor<T> &dst, const LocalTensor<T> &src, const LocalTensor<T> &gamma, const E &epsilon,
             const RmsNormTiling &tiling, Loc l = Loc()) {
  ascrun::op("asc.adv.rmsnorm", {dst.v, src.v, gamma.v, ascrun::scalar<T>(epsilon, l), tiling.val(l)},
             shape_attr("shape", src.shapeInfo), "", l);
}
} // namespace AscendC


namespace ascrun {
/* The module of a launch: the kernel over the GM arguments (and `scratch`, a last GM argument of that
 * element type, if not empty), block i's ops under `get_block_idx() == i` in a chain of scf.if whose else
 * arm holds the next block's: an analysis of block i's ops (auto-sync, verify-sync) sees no other block's
 * before them, as it would in the kernel's own code. */
inline std::string module_text(const std::vector<std::pair<int, std::string>> &blocks, const std::string &scratch) {
  Tracer &t = T();
  std::string args, types;
  size_t n = t.gm.size() + (scratch.empty() ? 0 : 1);
  for (size_t k = 0; k < n; k++) {
    std::string elem = k < t.gm.size() ? t.gm[k].elem : scratch;
    std::string ty = "!asc.gm_ptr<" + (elem.empty() ? std::string("ui8") : elem) + ">"; /* never typed: bytes */
    args += (k ? ", " : "") + std::string("%arg") + std::to_string(k) + ": " + ty;
    types += (k ? ", " : "") + ty;
  }
  std::string fl = locstr(Loc(t.funcfile, t.funcline));
  std::string s = "\"builtin.module\"() ({\n  \"func.func\"() ({\n  ^bb0(" + args + "):\n";
  s += "    %blk = \"asc.get_block_idx\"() : () -> i32" + fl + "\n";
  for (size_t b = 0; b < blocks.size(); b++) {
    std::string c = "%blkc" + std::to_string(b), p = "%blkp" + std::to_string(b);
    s += "    " + c + " = \"arith.constant\"() {value = " + std::to_string(blocks[b].first) + " : i32} : () -> i32" +
         fl + "\n";
    s += "    " + p + " = \"arith.cmpi\"(%blk, " + c + ") {predicate = 0 : i64} : (i32, i32) -> i1" + fl + "\n";
  }
  std::string chain;
  for (size_t b = blocks.size(); b-- > 0;) {
    std::string yield = "    \"scf.yield\"() : () -> ()" + fl + "\n";
    chain = "    \"scf.if\"(%blkp" + std::to_string(b) + ") ({\n" + blocks[b].second + yield + "    }, {\n" + chain + yield +
            "    }) : (i1) -> ()" + fl + "\n";
  }
  s += chain;
  s += "    \"func.return\"() : () -> ()" + fl + "\n  }) {function_type = (" + types + ") -> (), sym_name = " +
       quote(t.kernel.c_str()) + "} : () -> ()" + fl + "\n}) : () -> ()\n";
  return s;
}

/* The value of `v` (a scalar the trace computed so far): the running block's trace up to here, plus a
 * store of v into a scratch GM argument, run by the host's flush function (asc_run_set_flush) as block 0
 * of a one-block launch on a copy of the GM arguments. */
template <typename T> T flush(const Val &v, const Loc &l) {
  Tracer &t = T_();
  T out{};
  if (!t.flush) {
    fail(l, "GetValue: the host set no flush function (asc_run_set_flush)");
    return out;
  }
  std::string saved = t.body;
  Val g = op("asc.global_tensor", {}, "", std::string("!asc.global_tensor<") + irtype<T>() + ">", l);
  op("asc.set_global_buffer", {g, {"%arg" + std::to_string(t.gm.size()), std::string("!asc.gm_ptr<") + irtype<T>() + ">"}},
     "", "", l);
  op("asc.set_value", {g, cint(0, "i32", l), v}, "", "", l);
  std::string text = module_text({{0, t.body}}, irtype<T>());
  t.body = saved;
  if (t.flush(t.flush_user, text.c_str(), &out, sizeof(T)) != 0)
    fail(l, "GetValue: the flush run failed");
  return out;
}
} // namespace ascrun

namespace AscendC {
/* A scalar read of data on the device: the op in the trace, the value from a flush. */
template <typename T> T LocalTensor<T>::GetValue(uint32_t index, Loc l) const {
  return ascrun::flush<T>(ascrun::op("asc.get_value", {v, ascrun::cint(index, "i32", l)}, "", ascrun::irtype<T>(), l), l);
}
template <typename T> T GlobalTensor<T>::GetValue(uint64_t index, Loc l) const {
  return ascrun::flush<T>(ascrun::op("asc.get_value", {v, ascrun::cint((int64_t)index, "i32", l)}, "", ascrun::irtype<T>(), l),
                          l);
}
} // namespace AscendC

/* ---- the host's side: C functions a launcher (tests/emit_roundtrip.py through ctypes, a C++ main)
 * calls around the kernel --------------------------------------------------------------------------- */
#define OPENASC_RUN_API extern "C" __attribute__((used, visibility("default"))) inline

/* Start tracing a launch of `kernel`. */
OPENASC_RUN_API void asc_run_begin(const char *kernel) {
  delete ascrun::tracer();
  ascrun::tracer() = new ascrun::Tracer();
  ascrun::tracer()->kernel = kernel ? kernel : "kernel";
}
/* The next GM argument of the kernel: the host array the kernel receives a pointer into, of element
 * type `elem` (IR spelling: "f16", "i32", ...; "" and esize 0: the type of the kernel's first typed
 * use of it, as a GM_ADDR cast to `__gm__ half*`: asc_run_gm_elem). */
OPENASC_RUN_API void asc_run_gm(const void *ptr, size_t bytes, const char *elem, size_t esize) {
  ascrun::T().gm.push_back({(uintptr_t)ptr, (uintptr_t)ptr + bytes, elem, esize});
}
/* The host is about to run block `idx` of `nblocks`: the calls from here on are its trace. */
OPENASC_RUN_API void asc_run_block(int idx, int nblocks) {
  ascrun::Tracer &t = ascrun::T();
  if (t.in_block)
    t.blocks.push_back({t.block, t.body});
  t.body.clear();
  t.in_block = true;
  t.block = idx;
  t.nblocks = nblocks;
}
/* The traced kernel as IR text (malloc'd: asc_run_free), or NULL with the first error in
 * asc_run_error().  Ends the launch's trace. */
OPENASC_RUN_API char *asc_run_ir(void) {
  ascrun::Tracer &t = ascrun::T();
  if (!t.error.empty())
    return nullptr;
  if (t.in_block)
    t.blocks.push_back({t.block, t.body});
  t.body.clear();
  t.in_block = false;
  std::string s = ascrun::module_text(t.blocks, "");
  char *out = (char *)std::malloc(s.size() + 1);
  if (out)
    std::memcpy(out, s.c_str(), s.size() + 1);
  return out;
}
/* The function GetValue runs the trace so far with (ascrun::flush). */
OPENASC_RUN_API void asc_run_set_flush(int (*fn)(void *, const char *, void *, size_t), void *user) {
  ascrun::T().flush = fn;
  ascrun::T().flush_user = user;
}
OPENASC_RUN_API const char *asc_run_error(void) { return ascrun::T().error.c_str(); }
/* The element type (IR spelling) GM argument k has in the trace ("ui8" if the kernel never typed it);
 * NULL out of range. */
OPENASC_RUN_API const char *asc_run_gm_elem(int k) {
  ascrun::Tracer &t = ascrun::T();
  if (k < 0 || (size_t)k >= t.gm.size())
    return nullptr;
  return t.gm[k].elem.empty() ? "ui8" : t.gm[k].elem.c_str();
}
OPENASC_RUN_API void asc_run_free(char *p) { std::free(p); }

#include "kernel_operator_matmul_run.h"

#endif
