/* platform.c - the cost model of each pyasc platform (the platforms themselves: asc/platform.h,
 * src/hw), built from the hardware table (src/hw/hw.def HW_PLATFORM and HW_COST rows; hardware.md
 * §1, §13.4).  Where cores or clock are not public the row uses the §1 default 24 AIC / 48 AIV /
 * 1800 MHz and is marked estimate; the launch warns once. */
#include <string.h>

#include "sim/sim_int.h"

/* Every figure is a hw.def row (HW_PLATFORM per platform, HW_COST for the architecture); docs/timing.md
 * gives each one's source (a document, or the one anchor of bench/anchors.py it is derived from). */
static const sim_costs costs[] = {
#define HW_PLATFORM(arch, name, aic, aiv, mhz, est, gc, gw, ga, gch, vi, vr, cm, doc) HW_IN_ARCH(arch, \
  {.scalar_op = ASC_HWC_scalar_op, .issue = ASC_HWC_issue, .get_value = ASC_HWC_get_value, \
  .set_value = ASC_HWC_set_value, .vec_repeat = vr, .mte2_latency = ASC_HWC_mte2_latency, \
  .mte3_latency = ASC_HWC_mte3_latency, .ubcopy_latency = ASC_HWC_ubcopy_latency, \
  .ub_bytes_per_cycle = ASC_HWC_ub_bytes_per_cycle, .flag = ASC_HWC_flag, \
  .queue_depth = ASC_HWC_queue_depth, .gm_core_bytes_per_cycle = gc, .gm_core_write_bytes_per_cycle = gw, \
  .aic_gm_bytes_per_cycle = ga, .gm_chip_bytes_per_cycle = gch, \
  .vec_issue = vi, .launch = ASC_HWC_launch, .cube_macs = cm, .xcore_flag = ASC_HWC_xcore_flag, \
  .counter_mhz = ASC_HWC_system_counter_mhz, .mte_instr = ASC_HWC_mte_instr, \
  .gm_write_pct = ASC_HWC_gm_write_pct, .gm_burst_min = ASC_HWC_gm_burst_min, .gm_unit = ASC_HWC_gm_unit, \
  .gm_block = ASC_HWC_gm_block, \
  .l2_bytes_per_cycle = ASC_HWC_l2_read_gbps * 1000.0 / (mhz), \
  .l2_lines = (int64_t)ASC_HWC_l2_mib * 1024 * 1024 / ASC_HWC_l2_line_bytes},)
#include "hw/hw.def"
};


/* costs[i] is the cost row of asc_platform_at(i): both are the HW_PLATFORM rows in order. */
const sim_costs *asc_sim_costs_of(const asc_platform *p) {
  for (int i = 0; i < asc_platform_count(); i++)
    if (asc_platform_at(i) == p)
      return &costs[i];
  return &costs[0];
}
