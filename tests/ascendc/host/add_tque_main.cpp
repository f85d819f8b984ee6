// The host side of add_tque.cpp in the Ascend C samples' style (main.cpp: AscendCL calls around the kernel
// launch), run by openasc through include/ascendc/acl_shim.h: the kernel is traced once per block and the
// trace runs on the simulator.  Inputs from a fixed generator; z is checked against x + y computed here in
// float and rounded to half (both exact: the sum of two halves is exact in float).  Writes x, y and z to
// argv[1] if given (tests/emit_roundtrip.py compares them with the Python twin's).
#include <cstdio>
#include <vector>

#include "acl_shim.h"
#include "kernel_operator.h"

extern "C" void add_custom(GM_ADDR x, GM_ADDR y, GM_ADDR z);

int main(int argc, char **argv) {
  constexpr uint32_t blockDim = 8;
  constexpr size_t n = 8 * 2048, bytes = n * sizeof(half);
  std::vector<half> x(n), y(n), z(n);
  uint32_t s = 12345;
  for (size_t i = 0; i < n; i++) {
    s = s * 1103515245u + 12345u;
    x[i] = half((float)((s >> 16) % 2001) / 1000.0f - 1.0f);
    s = s * 1103515245u + 12345u;
    y[i] = half((float)((s >> 16) % 2001) / 1000.0f - 1.0f);
  }

  aclInit(nullptr);
  aclrtSetDevice(0);
  aclrtStream stream = nullptr;
  aclrtCreateStream(&stream);
  uint8_t *xDevice, *yDevice, *zDevice;
  aclrtMalloc((void **)&xDevice, bytes, ACL_MEM_MALLOC_HUGE_FIRST);
  aclrtMalloc((void **)&yDevice, bytes, ACL_MEM_MALLOC_HUGE_FIRST);
  aclrtMalloc((void **)&zDevice, bytes, ACL_MEM_MALLOC_HUGE_FIRST);
  aclrtMemcpy(xDevice, bytes, x.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE);
  aclrtMemcpy(yDevice, bytes, y.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE);

  int rc = ACLRT_LAUNCH_KERNEL(add_custom)(blockDim, stream, xDevice, yDevice, zDevice);
  aclrtSynchronizeStream(stream);
  aclrtMemcpy(z.data(), bytes, zDevice, bytes, ACL_MEMCPY_DEVICE_TO_HOST);

  aclrtFree(xDevice);
  aclrtFree(yDevice);
  aclrtFree(zDevice);
  aclrtDestroyStream(stream);
  aclrtResetDevice(0);
  aclFinalize();

  size_t bad = 0;
  for (size_t i = 0; i < n; i++)
    bad += half((float)x[i] + (float)y[i]).bits != z[i].bits;
  if (argc > 1) {
    FILE *f = std::fopen(argv[1], "wb");
    if (f) {
      std::fwrite(x.data(), sizeof(half), n, f);
      std::fwrite(y.data(), sizeof(half), n, f);
      std::fwrite(z.data(), sizeof(half), n, f);
      std::fclose(f);
    }
  }
  if (rc != 0 || bad) {
    std::printf("[Failed] launch %d, %zu of %zu elements differ from x + y\n", rc, bad, n);
    return 1;
  }
  std::printf("[Success] %zu elements equal x + y\n", n);
  return 0;
}
