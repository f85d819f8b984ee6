/* test_hw.c - the hardware table (src/hw/hw.def) against hardware.md §1-§6, written out by
 * hand here: a wrong row in the table fails a check. */
#include <stdio.h>
#include <string.h>

#include "asc/platform.h"
#include "hw/hw.h"
#include "ops/registry.h"
#include "test.h"

enum { S = ASC_PIPEID_PIPE_S, V = ASC_PIPEID_PIPE_V, M = ASC_PIPEID_PIPE_M, MTE1 = ASC_PIPEID_PIPE_MTE1,
       MTE2 = ASC_PIPEID_PIPE_MTE2, MTE3 = ASC_PIPEID_PIPE_MTE3, FIX = ASC_PIPEID_PIPE_FIX };

TEST(event_pipes_and_slots) {
  CHECK_INT(asc_hw_event_src(ASC_EVENT_MTE2_V), MTE2);
  CHECK_INT(asc_hw_event_dst(ASC_EVENT_MTE2_V), V);
  CHECK_INT(asc_hw_event_src(ASC_EVENT_FIX_MTE1), FIX);
  CHECK_INT(asc_hw_event_dst(ASC_EVENT_FIX_MTE1), MTE1);
  CHECK_INT(asc_hw_event_slot(ASC_EVENT_MTE2_V, ASC_HW_AIV), 0);
  CHECK_INT(asc_hw_event_slot(ASC_EVENT_MTE3_S, ASC_HW_AIV), 12);
  CHECK_INT(asc_hw_event_slot(ASC_EVENT_MTE3_S, ASC_HW_AIC), 15);
  CHECK_INT(asc_hw_event_slot(ASC_EVENT_FIX_FIX, ASC_HW_AIC), 23);
  CHECK_INT(asc_hw_event_slot(ASC_EVENT_MTE2_V, ASC_HW_AIC), -1);
  CHECK_INT((int)asc_hw_event_of(V, MTE3), ASC_EVENT_V_MTE3);
  CHECK_INT((int)asc_hw_event_of(S, S), -1);
  CHECK_INT(asc_hw_event_src(35), ASC_HW_NOPIPE); /* MAX is no event */
  /* hardware.md §6: 13 events on the AIV, 24 on the AIC, 6 on both, 4 on neither */
  int aiv = 0, aic = 0, both = 0, none = 0;
  for (int e = 0; e < 35; e++) {
    unsigned m = asc_hw_event_cores(e);
    aiv += (m & ASC_HW_MASK(ASC_HW_AIV)) != 0;
    aic += (m & ASC_HW_MASK(ASC_HW_AIC)) != 0;
    both += m == (ASC_HW_MASK(ASC_HW_AIV) | ASC_HW_MASK(ASC_HW_AIC));
    none += m == 0;
  }
  CHECK_INT(aiv, 13);
  CHECK_INT(aic, 24);
  CHECK_INT(both, 6);
  CHECK_INT(none, 4);
}

/* The table's pipes agree with the event names (SRC_DST), checked here by spelling them. */
TEST(event_pipes_match_their_names) {
  for (int e = 0; e < 35; e++) {
    char want[32], *us;
    snprintf(want, sizeof want, "%s", asc_enum_name(ASC_ENUM_EVENT, e));
    REQUIRE((us = strchr(want, '_')) != NULL);
    *us = 0;
    char src[48], dst[48];
    snprintf(src, sizeof src, "PIPE_%s", want);
    snprintf(dst, sizeof dst, "PIPE_%s", us + 1);
    CHECK_STR(asc_enum_name(ASC_ENUM_PIPEID, asc_hw_event_src(e)), src);
    CHECK_STR(asc_enum_name(ASC_ENUM_PIPEID, asc_hw_event_dst(e)), dst);
  }
}

TEST(core_pipes) {
  char buf[128];
  CHECK_STR(asc_hw_core_pipes(ASC_HW_AIV, buf, sizeof buf), "PIPE_S, PIPE_V, PIPE_MTE2 and PIPE_MTE3");
  CHECK_STR(asc_hw_core_pipes(ASC_HW_AIC, buf, sizeof buf),
            "PIPE_S, PIPE_M, PIPE_MTE1, PIPE_MTE2, PIPE_MTE3 and PIPE_FIX");
  CHECK(!asc_hw_pipe_exists(ASC_PIPEID_PIPE_MTE4));
  CHECK(!asc_hw_pipe_exists(ASC_PIPEID_PIPE_V2));
  CHECK(!asc_hw_pipe_exists(ASC_PIPEID_PIPE_ALL));
  CHECK(asc_hw_core_has_pipe(ASC_HW_AIC, FIX) && !asc_hw_core_has_pipe(ASC_HW_AIV, FIX));
  CHECK_STR(asc_hw_pipe_row(FIX), "FIXP");
}

TEST(memories) {
  CHECK_INT((int)asc_hw_mem_bytes(ASC_HW_MEM_UB), 196608);
  CHECK_INT(asc_hw_mem_align(ASC_HW_MEM_UB), 32);
  CHECK_INT((int)asc_hw_mem_bytes(ASC_HW_MEM_L1), 524288);
  CHECK_INT(asc_hw_mem_align(ASC_HW_MEM_L0A), 512);
  CHECK_INT((int)asc_hw_mem_bytes(ASC_HW_MEM_L0C), 131072);
  CHECK_INT(asc_hw_mem_align(ASC_HW_MEM_L0C), 64);
  CHECK_INT((int)asc_hw_mem_bytes(ASC_HW_MEM_BIAS), 1024);
  CHECK_INT(asc_hw_mem_hardware(ASC_HW_MEM_FIXBUF), 7);
  CHECK_INT((int)asc_hw_mem_cores(ASC_HW_MEM_UB), (int)ASC_HW_MASK(ASC_HW_AIV));
  CHECK_INT((int)asc_hw_mem_cores(ASC_HW_MEM_L1), (int)ASC_HW_MASK(ASC_HW_AIC));
}

TEST(positions_and_queue_events) {
  CHECK_INT(asc_hw_pos_mem(ASC_POS_VECCALC), ASC_HW_MEM_UB);
  CHECK_INT(asc_hw_pos_mem(ASC_POS_A2), ASC_HW_MEM_L0A);
  CHECK_INT(asc_hw_pos_mem(ASC_POS_CO1), ASC_HW_MEM_L0C);
  CHECK_INT((int)asc_hw_queue_fwd(ASC_POS_VECIN, ASC_POS_VECIN), ASC_EVENT_MTE2_V);
  CHECK_INT((int)asc_hw_queue_bwd(ASC_POS_VECIN, ASC_POS_VECIN), ASC_EVENT_V_MTE2);
  CHECK_INT((int)asc_hw_queue_fwd(ASC_POS_VECOUT, ASC_POS_VECOUT), ASC_EVENT_V_MTE3);
  CHECK_INT((int)asc_hw_queue_bwd(ASC_POS_VECOUT, ASC_POS_VECOUT), ASC_EVENT_MTE3_V);
  CHECK_INT((int)asc_hw_queue_fwd(ASC_POS_VECIN, ASC_POS_VECOUT), ASC_EVENT_MTE2_MTE3);
  CHECK_INT((int)asc_hw_queue_fwd(ASC_POS_VECCALC, ASC_POS_VECCALC), -1);
  CHECK_INT((int)asc_hw_queue_fwd(ASC_POS_A1, ASC_POS_A1), ASC_EVENT_MTE2_MTE1);
  CHECK_INT((int)asc_hw_queue_fwd(ASC_POS_A2, ASC_POS_A2), ASC_EVENT_MTE1_M);
  CHECK_INT((int)asc_hw_queue_bwd(ASC_POS_A2, ASC_POS_A2), ASC_EVENT_M_MTE1);
  CHECK_INT((int)asc_hw_queue_fwd(ASC_POS_CO1, ASC_POS_CO1), ASC_EVENT_M_FIX);
}

TEST(copy_paths) {
  CHECK_INT(asc_hw_copy_pipe(ASC_HW_MEM_GM, ASC_HW_MEM_UB), MTE2);
  CHECK_INT(asc_hw_copy_pipe(ASC_HW_MEM_UB, ASC_HW_MEM_GM), MTE3);
  CHECK_INT(asc_hw_copy_pipe(ASC_HW_MEM_UB, ASC_HW_MEM_UB), V);
  CHECK_INT(asc_hw_copy_pipe(ASC_HW_MEM_GM, ASC_HW_MEM_L1), MTE2);
  CHECK_INT(asc_hw_copy_pipe(ASC_HW_MEM_L1, ASC_HW_MEM_L0B), MTE1);
  CHECK_INT(asc_hw_copy_pipe(ASC_HW_MEM_L0C, ASC_HW_MEM_GM), FIX);
  CHECK_INT(asc_hw_copy_pipe(ASC_HW_MEM_GM, ASC_HW_MEM_GM), ASC_HW_NOPIPE);
  CHECK_INT(asc_hw_copy_pipe(ASC_HW_MEM_L0C, ASC_HW_MEM_UB), ASC_HW_NOPIPE); /* no L0C->UB on 2201 */
  CHECK_INT(asc_hw_copy_pipe(ASC_HW_MEM_UB, ASC_HW_MEM_L0A), ASC_HW_NOPIPE);
}

/* The machine table is keyed by architecture: the code keeps the rows of ASC_HW_ARCH (2201) and a
 * row of another architecture (here a made-up 3510 row) compiles away. */
#define HW_IN_ARCH_3510(...)
TEST(rows_keyed_by_architecture) {
  CHECK_INT(ASC_HW_ARCH, 2201);
  int kept = 0 HW_IN_ARCH(2201, + 1) HW_IN_ARCH(3510, + 100);
  CHECK_INT(kept, 1);
  int mems = 0, platforms = 0;
#define HW_MEM(arch, id, hw, cores, kib, align, doc) HW_IN_ARCH(arch, mems++;)
#define HW_PLATFORM(arch, name, aic, aiv, mhz, est, gc, gw, ga, gch, vi, vr, cm, doc) HW_IN_ARCH(arch, platforms++;)
#include "hw/hw.def"
  CHECK_INT(mems, ASC_HW_NMEMS);
  CHECK_INT(platforms, asc_platform_count());
}

TEST(platforms) {
  CHECK_INT(asc_platform_count(), 12);
  const asc_platform *b1 = asc_platform_at(0), *b4 = asc_platform_at(4);
  REQUIRE(b1 && b4);
  CHECK_STR(b1->name, "Ascend910B1");
  CHECK_INT(b1->aic, 24);
  CHECK_INT(b1->aiv, 48);
  CHECK_INT((int)b1->mhz, 1850);
  CHECK_STR(b4->name, "Ascend910B4");
  CHECK_INT(b4->aic, 20);
  CHECK_INT((int)b4->mhz, 1500);
  CHECK_INT(b1->vec_issue, 24); /* from anchor V1.1, the device kit bank_conflict_ub baseline (docs/timing.md) */
  CHECK_INT(b1->cube_macs, 4096);
  CHECK(asc_platform_at(12) == NULL);
}

/* issue 17 part 5: GetArchVersion's value on arch 2201 (Ascend C's page: 220, printed with %x). */
TEST(arch_version) { CHECK_INT(asc_hw_core_version(), 0x220); }
