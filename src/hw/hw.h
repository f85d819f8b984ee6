/* hw.h - the machine as data (src/hw/hw.def): core kinds, pipes, memories, HardEvents,
 * TPositions, copy paths, platforms and their costs.  Every consumer (simulator, auto-sync,
 * verify-sync, the IR verifier, the front-end through asc.h, docs) asks here; nothing else
 * decodes an event, position or pipe name (docs/hardware.md has the grep that checks it). */
#ifndef ASC_HW_HW_H
#define ASC_HW_HW_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The bottom layer: nothing here knows the IR or the op registry (src/ops/hw_ir.h maps IR types
 * and ops onto these facts). */

/* The architecture the simulator models (hw.def HW_ARCH).  The rows of every per-architecture kind
 * of hw.def start with their architecture, and HW_IN_ARCH(arch, x...) keeps x only for this one:
 * a second architecture is rows of hw.def and one HW_IN_ARCH_<arch> line here, not forks of the
 * code (choosing it per platform at run time would make the lookups take the platform's arch). */
#define ASC_HW_ARCH 2201
#define HW_IN_ARCH(arch, ...) HW_IN_ARCH_(arch, __VA_ARGS__)
#define HW_IN_ARCH_(arch, ...) HW_IN_ARCH_##arch(__VA_ARGS__)
#define HW_IN_ARCH_2201(...) __VA_ARGS__

/* PIPEID, HardEvent and TPosition members with pyasc's values (the IR's enums.def takes them from
 * hw.def). */
enum {
#define HW_PIPEID(name, value) ASC_PIPEID_PIPE_##name = (value),
#define HW_EVENT(arch, event, value, src, dst, aiv, aic) HW_IN_ARCH(arch, ASC_EVENT_##event = (value),)
#define HW_POS(arch, pos, value, mem, writer, reader) HW_IN_ARCH(arch, ASC_POS_##pos = (value),)
#include "hw/hw.def"
};

typedef enum asc_hw_core {
#define HW_CORE(id, name, doc) ASC_HW_##id,
#include "hw/hw.def"
  ASC_HW_NCORES
} asc_hw_core;

/* Core masks: bit k = core kind k. */
#define ASC_HW_MASK(core) (1u << (core))

typedef enum asc_hw_mem {
#define HW_MEM(arch, id, hw, cores, kib, align, doc) HW_IN_ARCH(arch, ASC_HW_MEM_##id,)
#include "hw/hw.def"
  ASC_HW_NMEMS
} asc_hw_mem;

enum { ASC_HW_NOPIPE = -1 };

/* The architecture's timing constants (hw.def HW_COST rows), each an integer in its row's unit. */
enum asc_hw_cost_const {
#define HW_COST(arch, name, value, unit, source) HW_IN_ARCH(arch, ASC_HWC_##name = (value),)
#include "hw/hw.def"
};

const char *asc_hw_core_name(int core);            /* "AIV", "AIC"; NULL */
const char *asc_hw_pipe_name(int pipe);            /* "PIPE_V" (any PIPEID member); NULL */
/* Pipes (PIPEID values). */
bool asc_hw_pipe_exists(int pipe);                 /* one of the 7 pipes of arch 2201 */
unsigned asc_hw_pipe_cores(int pipe);              /* mask of core kinds that have it; 0 */
bool asc_hw_core_has_pipe(int core, int pipe);
const char *asc_hw_pipe_row(int pipe);             /* msprof trace row ("VECTOR"); "?" */
const char *asc_hw_pipe_col(int pipe);             /* msprof PipeUtilization stem ("vec"); "?" */
/* "PIPE_S, PIPE_V, PIPE_MTE2 and PIPE_MTE3" into buf (n bytes); returns buf. */
char *asc_hw_core_pipes(int core, char *buf, size_t n);
/* HardEvents. */
int asc_hw_event_src(int64_t ev);                  /* PIPEID, or ASC_HW_NOPIPE if unknown */
int asc_hw_event_dst(int64_t ev);
int64_t asc_hw_event_of(int src, int dst);         /* the event SRC_DST, -1 if none */
int asc_hw_event_slot(int64_t ev, int core);       /* compacted index on that core, -1 invalid */
unsigned asc_hw_event_cores(int64_t ev);           /* mask of cores it is valid on */
/* Memories. */
const char *asc_hw_mem_name(int mem);              /* "UB"; NULL */
int asc_hw_mem_hardware(int mem);                  /* pyasc Hardware enum value */
int64_t asc_hw_mem_bytes(int mem);                 /* capacity on arch 2201 (0: GM) */
int asc_hw_mem_align(int mem);                     /* minimum start alignment */
unsigned asc_hw_mem_cores(int mem);                /* core kinds owning it (0: GM, shared) */
/* TPositions. */
int asc_hw_pos_mem(int pos);                       /* memory of a TPosition, -1 unknown */
int asc_hw_pos_writer(int pos);                    /* pipe that fills a queue buffer there */
int asc_hw_pos_reader(int pos);                    /* pipe that drains it */
unsigned asc_hw_pos_cores(int pos);                /* core kinds that can hold it */
/* Copies. */
int asc_hw_copy_pipe(int src_mem, int dst_mem);    /* pipe of the path, ASC_HW_NOPIPE if none */
/* Bytes per cycle of a cube-side path (HW_RATE), 0 if the table has none; *latency its fixed cycles. */
double asc_hw_copy_rate(int src_mem, int dst_mem, int *latency);
/* Library work (HW_LIBWORK rows): the ids and their scalar cycles (0 for an unknown id). */
enum asc_hw_libwork {
#define HW_LIBWORK(arch, id, cycles, source) HW_IN_ARCH(arch, ASC_HW_LIBWORK_##id,)
#include "hw/hw.def"
  ASC_HW_NLIBWORK
};
int asc_hw_libwork_cycles(int id);
/* Whether pipe's instructions access memory in program order (HW_INORDER: the cube, PIPE_M). */
bool asc_hw_pipe_in_order(int pipe);
/* Queue events: forward (producer -> consumer) and backward of TQueBind<src, dst>. */
int64_t asc_hw_queue_fwd(int src_pos, int dst_pos);
int64_t asc_hw_queue_bwd(int src_pos, int dst_pos);
/* The architecture version GetArchVersion gives (HW_ARCH: 0x220). */
int asc_hw_core_version(void);
/* TQueBind<src, dst>'s buffer position (dst -1: a TQue); the position of the tensor its
 * alloc_tensor (at_dst false) or deque (true) gives. */
int asc_hw_queue_pos(int src_pos, int dst_pos);
int asc_hw_queue_tensor_pos(int src_pos, int dst_pos, bool at_dst);
int asc_hw_queue_producer(int src_pos, int dst_pos);
int asc_hw_queue_consumer(int src_pos, int dst_pos);



#endif
