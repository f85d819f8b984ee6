/* platform.c - the twelve pyasc platforms (hardware.md §1) and the cost model constants
 * (hardware.md §13.4).  Where cores or clock are not public the row uses the §1 default
 * 24 AIC / 48 AIV / 1800 MHz and is marked estimate; the launch warns once. */
#include <string.h>

#include "sim/sim_int.h"

#define BUFS 192 * 1024, 512 * 1024, 64 * 1024, 64 * 1024, 128 * 1024

static const asc_sim_platform platforms[] = {
  {"Ascend910B1", 24, 48, 1850, 0, BUFS},
  {"Ascend910B2", 24, 48, 1800, 0, BUFS},
  {"Ascend910B2C", 24, 48, 1800, 0, BUFS},
  {"Ascend910B3", 20, 40, 1800, 0, BUFS},
  {"Ascend910B4", 20, 40, 1500, 0, BUFS},
  {"Ascend910B4-1", 20, 40, 1500, 1, BUFS}, /* clock from third-party notes only */
  {"Ascend910_9362", 20, 40, 1500, 0, BUFS},
  {"Ascend910_9372", 24, 48, 1800, 1, BUFS},
  {"Ascend910_9381", 24, 48, 1800, 1, BUFS},
  {"Ascend910_9382", 24, 48, 1800, 0, BUFS},
  {"Ascend910_9391", 24, 48, 1850, 0, BUFS},
  {"Ascend910_9392", 24, 48, 1800, 1, BUFS},
};

enum { NPLATFORMS = sizeof platforms / sizeof platforms[0] };

int asc_sim_platform_count(void) { return NPLATFORMS; }

const asc_sim_platform *asc_sim_platform_at(int i) {
  return i >= 0 && i < NPLATFORMS ? &platforms[i] : NULL;
}

/* Accepts the value string and the enum member name (Ascend910B4_1). */
const asc_sim_platform *asc_sim_platform_find(const char *name) {
  if (!name)
    return &platforms[0];
  for (int i = 0; i < NPLATFORMS; i++)
    if (!strcmp(platforms[i].name, name))
      return &platforms[i];
  if (!strcmp(name, "Ascend910B4_1"))
    return &platforms[5];
  return NULL;
}

/* Calibrated against hardware.md §13.2 (ADDPERF anchor A, cases 1-4) and §13.3 (pyasc
 * test_vadd); bench/calibrate.py prints the fit and docs/timing.md derives each number:
 *  - vector: 22 cycles per instruction + 1 cycle per repeat and beat (ADDPERF cases 2/3:
 *    86 cycles for 32 conflicted repeats, 278 for 128);
 *  - GM: one port per core shared by MTE2 and MTE3, 56 B/cycle alone, and the chip's
 *    892 B/cycle (1.65 TB/s at 1.85 GHz) split evenly over a wave of cores;
 *  - launch: the fixed cost test_vadd leaves after its 8 dependent tiles. */
static const sim_costs default_costs = {
  .scalar_op = 1,
  .issue = 2,
  .get_value = 8,
  .set_value = 8,
  .vec_repeat = 1,
  .mte2_latency = 136,
  .mte3_latency = 100,
  .ubcopy_latency = 20,
  .ub_bytes_per_cycle = 128,
  .flag = 2,
  .queue_depth = 32,
  .gm_core_bytes_per_cycle = 56.0,
  .gm_chip_bytes_per_cycle = 892.0,
  .vec_issue = 22,
  .launch = 5050,
};

const sim_costs *asc_sim_default_costs(void) { return &default_costs; }
