/* platform.c - the pyasc platforms and the cost model, both built from the hardware table
 * (src/hw/hw.def HW_PLATFORM and HW_MEM rows; hardware.md §1, §2, §13.4).  Where cores or
 * clock are not public the row uses the §1 default 24 AIC / 48 AIV / 1800 MHz and is marked
 * estimate; the launch warns once. */
#include <string.h>

#include "sim/sim_int.h"

enum {
#define HW_MEM(id, hw, cores, kib, align, doc) KIB_##id = kib,
#include "hw/hw.def"
};

static const asc_sim_platform platforms[] = {
#define HW_PLATFORM(name, aic, aiv, mhz, est, gc, gch, vi, vr, cm, doc) \
  {name, aic, aiv, mhz, est, KIB_UB * 1024, KIB_L1 * 1024, KIB_L0A * 1024, KIB_L0B * 1024, KIB_L0C * 1024},
#include "hw/hw.def"
};

enum { NPLATFORMS = sizeof platforms / sizeof platforms[0] };

/* Every figure is a hw.def row (HW_PLATFORM per platform, HW_COST for the architecture); docs/timing.md
 * gives each one's source (a document, or the one anchor of bench/anchors.py it is derived from). */
static const sim_costs costs[] = {
#define HW_PLATFORM(name, aic, aiv, mhz, est, gc, gch, vi, vr, cm, doc)                                   \
  {.scalar_op = ASC_HWC_scalar_op, .issue = ASC_HWC_issue, .get_value = ASC_HWC_get_value, .set_value = ASC_HWC_set_value,  \
   .vec_repeat = vr, .mte2_latency = ASC_HWC_mte2_latency, .mte3_latency = ASC_HWC_mte3_latency,                 \
   .ubcopy_latency = ASC_HWC_ubcopy_latency, .ub_bytes_per_cycle = ASC_HWC_ub_bytes_per_cycle, .flag = ASC_HWC_flag,  \
   .queue_depth = ASC_HWC_queue_depth, .gm_core_bytes_per_cycle = gc, .gm_chip_bytes_per_cycle = gch,          \
   .vec_issue = vi, .launch = ASC_HWC_launch, .cube_macs = cm, .xcore_flag = ASC_HWC_xcore_flag,                  \
   .counter_mhz = ASC_HWC_system_counter_mhz, .mte_instr = ASC_HWC_mte_instr,                             \
   .gm_write_pct = ASC_HWC_gm_write_pct, .gm_burst_min = ASC_HWC_gm_burst_min,                            \
   .l2_bytes_per_cycle = ASC_HWC_l2_read_gbps * 1000.0 / (mhz),                                         \
   .l2_lines = (int64_t)ASC_HWC_l2_mib * 1024 * 1024 / ASC_HWC_l2_line_bytes},
#include "hw/hw.def"
};

_Static_assert(sizeof costs / sizeof costs[0] == NPLATFORMS, "one cost row per platform");

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
    return asc_sim_platform_find("Ascend910B4-1");
  return NULL;
}

const sim_costs *asc_sim_costs_of(const asc_sim_platform *p) {
  return p >= platforms && p < platforms + NPLATFORMS ? &costs[p - platforms] : &costs[0];
}
