/* platform.h - the pyasc platforms (hardware.md §1): the one platform record the simulator, the
 * host side (PlatformAscendC, the matmul tiling) and the bindings read, built from the machine
 * table (src/hw/hw.def HW_PLATFORM and HW_MEM rows). */
#ifndef ASC_PLATFORM_H
#define ASC_PLATFORM_H

typedef struct asc_platform {
  const char *name; /* pyasc Platform value, e.g. "Ascend910B1" */
  int aic, aiv;     /* cube and vector cores */
  double mhz;       /* AI Core clock */
  int estimate;     /* 1: core counts or clock are not public; defaults assumed */
  int ub_bytes, l1_bytes, l0a_bytes, l0b_bytes, l0c_bytes, bt_bytes; /* memories of one core */
  double gm_core_bytes_per_cycle, gm_chip_bytes_per_cycle;           /* GM: an AIV's read channel, the chip */
  int vec_issue, vec_repeat; /* vector cycles per instruction and per repeat */
  int cube_macs;             /* fp16 MACs per cycle */
  const char *source;        /* where the figures come from, how sure they are */
} asc_platform;

int asc_platform_count(void);
const asc_platform *asc_platform_at(int i); /* NULL out of range */
/* By pyasc value or enum member name (Ascend910B4_1); NULL name: the default (the first); NULL if
 * unknown. */
const asc_platform *asc_platform_find(const char *name);

#endif
