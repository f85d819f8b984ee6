/* acl_shim.h - a small host side for Ascend C kernels run by openasc's kernel_operator.h (-DASC_RUN).  C++17.
 *
 * Written from the public AscendCL documentation (the calls an Ascend C sample's main.cpp makes), not
 * from vendor code.  A sample's host program allocates device memory (aclrtMalloc), copies its inputs in
 * (aclrtMemcpy), launches the kernel on blockDim blocks (ACLRT_LAUNCH_KERNEL(kernel)(blockDim, stream,
 * args...), the form of the <<<blockDim, l2ctrl, stream>>> call that a host compiler parses), and copies
 * the outputs back.  Here "device memory" is host memory, and the launch
 *   1. traces the kernel once per block through the running mode (the kernel's translation unit is built
 *      with -DASC_RUN against kernel_operator.h: asc_run_*),
 *   2. runs the traced IR through libasc's pipeline for a kernel (auto-sync as bisheng --cce-auto-sync),
 *   3. launches it on the simulator with the GM arguments in place, sanitizers on: a finding is printed on
 *      stderr at the kernel's C++ file and line, and the launch returns nonzero after an error.
 * Link with libasc (-lasc; include/ for asc/asc.h).  One launch at a time; GetValue's flush runs the
 * block's trace so far on a copy of the arguments as they were before the launch (docs/emit.md).
 */
#ifndef OPENASC_ACL_SHIM_H
#define OPENASC_ACL_SHIM_H

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <string>
#include <type_traits>
#include <vector>

#include "asc/asc.h"
#include "asc/sim.h"

/* kernel_operator_run.h's host functions (defined by the kernel's translation unit). */
extern "C" {
void asc_run_begin(const char *kernel);
void asc_run_gm(const void *ptr, size_t bytes, const char *elem, size_t esize);
void asc_run_block(int idx, int nblocks);
char *asc_run_ir(void);
void asc_run_set_flush(int (*fn)(void *, const char *, void *, size_t), void *user);
const char *asc_run_error(void);
const char *asc_run_gm_elem(int k);
void asc_run_free(char *p);
int asc_run_ratio(void);
}

/* ---- AscendCL, as much as a sample's main uses ---- */
typedef int aclError;
typedef void *aclrtStream;
enum { ACL_SUCCESS = 0, ACL_ERROR_INVALID_PARAM = 100000, ACL_ERROR_BAD_ALLOC = 200000 };
typedef enum aclrtMemMallocPolicy { ACL_MEM_MALLOC_HUGE_FIRST, ACL_MEM_MALLOC_HUGE_ONLY, ACL_MEM_MALLOC_NORMAL_ONLY } aclrtMemMallocPolicy;
typedef enum aclrtMemcpyKind {
  ACL_MEMCPY_HOST_TO_HOST, ACL_MEMCPY_HOST_TO_DEVICE, ACL_MEMCPY_DEVICE_TO_HOST, ACL_MEMCPY_DEVICE_TO_DEVICE
} aclrtMemcpyKind;

namespace aclshim {
/* The device allocations: start -> size (the GM arguments of a launch are found here). */
inline std::map<uintptr_t, size_t> &device() {
  static std::map<uintptr_t, size_t> d;
  return d;
}
} // namespace aclshim

inline aclError aclInit(const char *) { return ACL_SUCCESS; }
inline aclError aclFinalize() { return ACL_SUCCESS; }
inline aclError aclrtSetDevice(int32_t) { return ACL_SUCCESS; }
inline aclError aclrtResetDevice(int32_t) { return ACL_SUCCESS; }
inline aclError aclrtCreateStream(aclrtStream *stream) {
  *stream = nullptr;
  return ACL_SUCCESS;
}
inline aclError aclrtDestroyStream(aclrtStream) { return ACL_SUCCESS; }
inline aclError aclrtSynchronizeStream(aclrtStream) { return ACL_SUCCESS; } /* a launch returns when done */
inline aclError aclrtMalloc(void **p, size_t size, aclrtMemMallocPolicy) {
  *p = std::calloc(size ? size : 1, 1);
  if (!*p)
    return ACL_ERROR_BAD_ALLOC;
  aclshim::device()[(uintptr_t)*p] = size;
  return ACL_SUCCESS;
}
inline aclError aclrtFree(void *p) {
  aclshim::device().erase((uintptr_t)p);
  std::free(p);
  return ACL_SUCCESS;
}
inline aclError aclrtMallocHost(void **p, size_t size) {
  *p = std::malloc(size ? size : 1);
  return *p ? ACL_SUCCESS : ACL_ERROR_BAD_ALLOC;
}
inline aclError aclrtFreeHost(void *p) {
  std::free(p);
  return ACL_SUCCESS;
}
inline aclError aclrtMemcpy(void *dst, size_t destMax, const void *src, size_t count, aclrtMemcpyKind) {
  if (count > destMax)
    return ACL_ERROR_INVALID_PARAM;
  std::memmove(dst, src, count);
  return ACL_SUCCESS;
}

namespace aclshim {
struct Gm {
  void *ptr;
  size_t bytes;
};

/* A pointer argument: the device allocation it points into, from it to the allocation's end. */
template <typename P> void add_arg(const P &arg, std::vector<Gm> &gms) {
  if constexpr (std::is_pointer_v<P>) {
    uintptr_t a = (uintptr_t)arg;
    auto &d = device();
    auto it = d.upper_bound(a);
    if (it == d.begin())
      return;
    --it;
    if (a < it->first + it->second) {
      gms.push_back({(void *)arg, it->first + it->second - a});
      asc_run_gm((const void *)arg, it->first + it->second - a, "", 0);
    }
  }
}

/* The simulator's dtype of an IR element type ("ui8" -> u8, "i1" -> bool). */
inline asc_sim_dtype dtype_of(const char *ir) {
  std::string n = ir ? ir : "ui8";
  if (n == "i1")
    n = "bool";
  else if (n.rfind("ui", 0) == 0)
    n = "u" + n.substr(2);
  return (asc_sim_dtype)asc_sim_dtype_lookup(n.c_str());
}

/* Parse ir, run the kernel pipeline, launch it on `blocks` blocks over gms (plus a scratch argument of
 * `scratch_bytes` if not NULL); diagnostics on stderr.  0 ok. */
inline int run_ir(const char *name, const char *ir, const std::vector<Gm> &gms, int blocks, int sanitize,
                  void *scratch, size_t scratch_bytes) {
  asc_ctx *ctx = asc_ctx_new();
  if (!sanitize)
    asc_ctx_set_quiet(ctx, 1);
  asc_module *m = asc_module_parse(ctx, name, ir, std::strlen(ir));
  int rc = 1;
  if (m) {
    asc_pipeline_opts po;
    asc_pipeline_opts_init(&po);
    asc_pass_options pass;
    asc_pass_options_init(&pass);
    rc = asc_run_kernel_pipeline(m, &po, &pass);
    if (rc == 0) {
      asc_sim_args args;
      asc_sim_args_init(&args);
      for (size_t k = 0; k < gms.size(); k++)
        asc_sim_args_add_gm(&args, gms[k].ptr, gms[k].bytes, dtype_of(asc_run_gm_elem((int)k)),
                            ("arg" + std::to_string(k)).c_str());
      if (scratch) {
        static const char *const by_size[] = {nullptr, "i8", "f16", nullptr, "f32", nullptr, nullptr, nullptr, "i64"};
        asc_sim_args_add_gm(&args, scratch, scratch_bytes, (asc_sim_dtype)asc_sim_dtype_lookup(by_size[scratch_bytes]),
                            "scratch");
      }
      asc_sim_options so;
      asc_sim_options_init(&so);
      so.blocks = blocks;
      so.sanitize = sanitize;
      so.race_warn = !sanitize;
      rc = asc_sim_launch(m, name, &args, &so, nullptr);
      asc_sim_args_free(&args);
    }
    asc_module_free(m);
  }
  asc_ctx_free(ctx);
  return rc;
}

struct FlushCtx {
  const char *name;
  std::vector<Gm> gms;
  std::vector<std::vector<unsigned char>> before; /* the arguments as the launch found them */
};

/* GetValue's flush (kernel_operator_run.h): the block's trace so far on a copy of the arguments. */
inline int flush(void *user, const char *ir, void *out, size_t bytes) {
  FlushCtx *f = (FlushCtx *)user;
  if (bytes != 1 && bytes != 2 && bytes != 4 && bytes != 8)
    return 1;
  std::vector<std::vector<unsigned char>> copy = f->before;
  std::vector<Gm> gms;
  for (auto &c : copy)
    gms.push_back({c.data(), c.size()});
  return run_ir(f->name, ir, gms, 1, 0, out, bytes);
}

template <typename... P> struct Launcher {
  void (*kernel)(P...);
  const char *name;
  /* ACLRT_LAUNCH_KERNEL(kernel)(blockDim, stream, args...): trace, run, report; 0 when the launch
   * reported no error. */
  template <typename... A> int operator()(uint32_t blockDim, aclrtStream, A... args) const {
    static_assert(sizeof...(A) == sizeof...(P), "ACLRT_LAUNCH_KERNEL: the kernel's arguments");
    asc_run_begin(name);
    FlushCtx fc{name, {}, {}};
    (add_arg((P)args, fc.gms), ...);
    for (const Gm &g : fc.gms)
      fc.before.emplace_back((unsigned char *)g.ptr, (unsigned char *)g.ptr + g.bytes);
    asc_run_set_flush(flush, &fc);
    /* a MIX kernel's body runs on each vector core: asc_run_ratio() bodies per block */
    for (uint32_t b = 0; b < blockDim * (uint32_t)asc_run_ratio(); b++) {
      asc_run_block((int)b, (int)blockDim);
      kernel((P)args...);
    }
    asc_run_set_flush(nullptr, nullptr); /* fc dies with this call: no GetValue may reach it after */
    char *ir = asc_run_ir();
    if (!ir) {
      std::fprintf(stderr, "%s\n", asc_run_error());
      return 1;
    }
    int rc = run_ir(name, ir, fc.gms, (int)blockDim, 1, nullptr, 0);
    asc_run_free(ir);
    return rc;
  }
};
template <typename... P> Launcher<P...> launcher(void (*kernel)(P...), const char *name) { return {kernel, name}; }
} // namespace aclshim

/* The launch of a kernel by name, as the sample's generated aclrtlaunch_<kernel>.h gives it. */
#define ACLRT_LAUNCH_KERNEL(kernel) aclshim::launcher(kernel, #kernel)

#endif
