/* hw.c - lookups over hw.def (see hw.h).  The tables are built from the X-macro once, at
 * compile time; the few inverse maps are computed on the fly (a handful of rows). */
#include <stdio.h>
#include <string.h>

#include "asc/platform.h" /* the platforms, implemented here */
#include "hw/hw.h"

/* The `cores` column of hw.def. */
enum { AIV = ASC_HW_MASK(ASC_HW_AIV), AIC = ASC_HW_MASK(ASC_HW_AIC) };

enum {
#define HW_PIPE(arch, pipe, cores, row, col, doc) HW_IN_ARCH(arch, HWP_##pipe = ASC_PIPEID_PIPE_##pipe,)
#include "hw/hw.def"
  HWP_NONE = ASC_HW_NOPIPE
};

static const struct {
  int pipe;
  const char *name;
} pipe_names[] = {
#define HW_PIPEID(name, value) {ASC_PIPEID_PIPE_##name, "PIPE_" #name},
#include "hw/hw.def"
};

static const char *const core_names[] = {
#define HW_CORE(id, name, doc) name,
#include "hw/hw.def"
};

static const struct {
  int pipe;
  unsigned cores;
  const char *row, *col;
} pipes[] = {
#define HW_PIPE(arch, pipe, cores, row, col, doc) HW_IN_ARCH(arch, {ASC_PIPEID_PIPE_##pipe, cores, row, col},)
#include "hw/hw.def"
};
enum { NPIPEROWS = sizeof pipes / sizeof pipes[0] };

static const struct {
  const char *name;
  int hardware;
  unsigned cores;
  int64_t bytes;
  int align;
} mems[] = {
#define HW_MEM(arch, id, hw, cores, kib, align, doc) HW_IN_ARCH(arch, {#id, hw, cores, (int64_t)(kib) * 1024, align},)
#include "hw/hw.def"
};

typedef struct evrow {
  int64_t ev;
  int src, dst, slot[ASC_HW_NCORES];
} evrow;
static const evrow events[] = {
#define HW_EVENT(arch, event, value, s, d, aiv, aic) HW_IN_ARCH(arch, \
  {ASC_EVENT_##event, HWP_##s, HWP_##d, {[ASC_HW_AIV] = aiv, [ASC_HW_AIC] = aic}},)
#include "hw/hw.def"
};
enum { NEVROWS = sizeof events / sizeof events[0] };

typedef struct posrow {
  int pos, mem, writer, reader;
} posrow;
static const posrow positions[] = {
#define HW_POS(arch, pos, value, mem, w, r) HW_IN_ARCH(arch, {ASC_POS_##pos, ASC_HW_MEM_##mem, HWP_##w, HWP_##r},)
#include "hw/hw.def"
};
enum { NPOSROWS = sizeof positions / sizeof positions[0] };

static const struct {
  int src, dst, pipe;
} copies[] = {
#define HW_COPY(arch, s, d, pipe) HW_IN_ARCH(arch, {ASC_HW_MEM_##s, ASC_HW_MEM_##d, HWP_##pipe},)
#include "hw/hw.def"
};

static const struct {
  int src, dst;
  double rate;
  int latency;
} rates[] = {
#define HW_RATE(arch, s, d, r, l) HW_IN_ARCH(arch, {ASC_HW_MEM_##s, ASC_HW_MEM_##d, r, l},)
#include "hw/hw.def"
};

static const int libwork[] = {
#define HW_LIBWORK(arch, id, cycles, source) HW_IN_ARCH(arch, cycles,)
#include "hw/hw.def"
};

int asc_hw_libwork_cycles(int id) { return id >= 0 && id < ASC_HW_NLIBWORK ? libwork[id] : 0; }

bool asc_hw_pipe_in_order(int pipe) {
#define HW_INORDER(arch, p) HW_IN_ARCH(arch, if (pipe == HWP_##p) return true;)
#include "hw/hw.def"
  return false;
}

double asc_hw_copy_rate(int src, int dst, int *latency) {
  for (size_t i = 0; i < sizeof rates / sizeof rates[0]; i++)
    if (rates[i].src == src && rates[i].dst == dst) {
      if (latency)
        *latency = rates[i].latency;
      return rates[i].rate;
    }
  return 0;
}

enum {
#define HW_MEM(arch, id, hw, cores, kib, align, doc) HW_IN_ARCH(arch, KIB_##id = kib,)
#include "hw/hw.def"
};

static const asc_platform platforms[] = {
#define HW_PLATFORM(arch, name, aic, aiv, mhz, est, gc, gw, ga, gch, vi, vr, cm, doc) HW_IN_ARCH(arch, \
  {name, aic, aiv, mhz, est, KIB_UB * 1024, KIB_L1 * 1024, KIB_L0A * 1024, KIB_L0B * 1024, \
  KIB_L0C * 1024, KIB_BIAS * 1024, gc, gch, vi, vr, cm, doc},)
#include "hw/hw.def"
};

const char *asc_hw_core_name(int core) { return core >= 0 && core < ASC_HW_NCORES ? core_names[core] : NULL; }

const char *asc_hw_pipe_name(int pipe) {
  for (size_t i = 0; i < sizeof pipe_names / sizeof pipe_names[0]; i++)
    if (pipe_names[i].pipe == pipe)
      return pipe_names[i].name;
  return NULL;
}

unsigned asc_hw_pipe_cores(int pipe) {
  for (int i = 0; i < NPIPEROWS; i++)
    if (pipes[i].pipe == pipe)
      return pipes[i].cores;
  return 0;
}

const char *asc_hw_pipe_row(int pipe) {
  for (int i = 0; i < NPIPEROWS; i++)
    if (pipes[i].pipe == pipe)
      return pipes[i].row;
  return "?";
}

const char *asc_hw_pipe_col(int pipe) {
  for (int i = 0; i < NPIPEROWS; i++)
    if (pipes[i].pipe == pipe)
      return pipes[i].col;
  return "?";
}

bool asc_hw_pipe_exists(int pipe) { return asc_hw_pipe_cores(pipe) != 0; }

bool asc_hw_core_has_pipe(int core, int pipe) {
  return core >= 0 && core < ASC_HW_NCORES && (asc_hw_pipe_cores(pipe) >> core & 1);
}

char *asc_hw_core_pipes(int core, char *buf, size_t n) {
  int k = 0, total = 0;
  for (int i = 0; i < NPIPEROWS; i++)
    total += asc_hw_core_has_pipe(core, pipes[i].pipe);
  if (n)
    buf[0] = 0;
  for (int i = 0; i < NPIPEROWS; i++)
    if (asc_hw_core_has_pipe(core, pipes[i].pipe)) {
      size_t l = strlen(buf);
      snprintf(buf + l, n > l ? n - l : 0, "%s%s", k == 0 ? "" : k == total - 1 ? " and " : ", ",
               asc_hw_pipe_name(pipes[i].pipe));
      k++;
    }
  return buf;
}

static const evrow *evfind(int64_t ev) {
  for (int i = 0; i < NEVROWS; i++)
    if (events[i].ev == ev)
      return &events[i];
  return NULL;
}

int asc_hw_event_src(int64_t ev) {
  const evrow *r = evfind(ev);
  return r ? r->src : ASC_HW_NOPIPE;
}

int asc_hw_event_dst(int64_t ev) {
  const evrow *r = evfind(ev);
  return r ? r->dst : ASC_HW_NOPIPE;
}

int64_t asc_hw_event_of(int src, int dst) {
  for (int i = 0; i < NEVROWS; i++)
    if (events[i].src == src && events[i].dst == dst)
      return events[i].ev;
  return -1;
}

int asc_hw_event_slot(int64_t ev, int core) {
  const evrow *r = evfind(ev);
  return r && core >= 0 && core < ASC_HW_NCORES ? r->slot[core] : -1;
}

unsigned asc_hw_event_cores(int64_t ev) {
  unsigned m = 0;
  for (int k = 0; k < ASC_HW_NCORES; k++)
    if (asc_hw_event_slot(ev, k) >= 0)
      m |= 1u << k;
  return m;
}

static bool memok(int mem) { return mem >= 0 && mem < ASC_HW_NMEMS; }
const char *asc_hw_mem_name(int mem) { return memok(mem) ? mems[mem].name : NULL; }
int asc_hw_mem_hardware(int mem) { return memok(mem) ? mems[mem].hardware : -1; }
int64_t asc_hw_mem_bytes(int mem) { return memok(mem) ? mems[mem].bytes : 0; }
int asc_hw_mem_align(int mem) { return memok(mem) ? mems[mem].align : 1; }
unsigned asc_hw_mem_cores(int mem) { return memok(mem) ? mems[mem].cores : 0; }

static const posrow *posfind(int pos) {
  for (int i = 0; i < NPOSROWS; i++)
    if (positions[i].pos == pos)
      return &positions[i];
  return NULL;
}

int asc_hw_pos_mem(int pos) {
  const posrow *r = posfind(pos);
  return r ? r->mem : -1;
}
int asc_hw_pos_writer(int pos) {
  const posrow *r = posfind(pos);
  return r ? r->writer : ASC_HW_NOPIPE;
}
int asc_hw_pos_reader(int pos) {
  const posrow *r = posfind(pos);
  return r ? r->reader : ASC_HW_NOPIPE;
}
unsigned asc_hw_pos_cores(int pos) {
  const posrow *r = posfind(pos);
  if (!r)
    return 0;
  return r->mem == ASC_HW_MEM_GM ? AIV | AIC : asc_hw_mem_cores(r->mem);
}

int asc_hw_copy_pipe(int src, int dst) {
  for (size_t i = 0; i < sizeof copies / sizeof copies[0]; i++)
    if (copies[i].src == src && copies[i].dst == dst)
      return copies[i].pipe;
  return ASC_HW_NOPIPE;
}

/* The position of a TQueBind<src, dst>'s buffers on arch 2201 (Ascend C's GetBufferPos,
 * kernel_event.h): src when dst is GM or CO2, else dst.  TQueBind<VECOUT, GM> is TQue<VECOUT>,
 * TQueBind<GM, VECIN> TQue<VECIN>, TQueBind<A1, A2> TQue<A2>, TQueBind<CO1, CO2> TQue<CO1>
 * (the TQueBind overview page's table).  A TQue<pos> has dst unset (-1) or pos. */
int asc_hw_queue_pos(int src, int dst) {
  if (dst < 0 || dst == ASC_POS_GM || dst == ASC_POS_CO2)
    return src;
  return dst;
}

/* The position of a tensor a queue hands out: its logical end (src for alloc_tensor, dst for
 * deque) unless that end is in another memory than the buffers (GM, or L1 of TQueBind<A1, A2>):
 * then the buffers' position. */
int asc_hw_queue_tensor_pos(int src, int dst, bool at_dst) {
  int buf = asc_hw_queue_pos(src, dst), end = at_dst && dst >= 0 ? dst : src;
  return asc_hw_pos_mem(end) == asc_hw_pos_mem(buf) ? end : buf;
}

/* TQueBind<src, dst>: the producer writes at src, the consumer reads at dst; a TQue<pos>
 * binds pos to itself (VECIN: MTE2 -> V, VECOUT: V -> MTE3, hardware.md §3).  A GM end has
 * no pipe of its own: the buffers' position stands for it (TQueBind<VECOUT, GM> syncs V ->
 * MTE3 as TQue<VECOUT> does, TQueBind<GM, VECIN> MTE2 -> V). */
int asc_hw_queue_producer(int src, int dst) {
  return asc_hw_pos_writer(src == ASC_POS_GM ? asc_hw_queue_pos(src, dst) : src);
}
int asc_hw_queue_consumer(int src, int dst) {
  int end = dst >= 0 ? dst : src;
  return asc_hw_pos_reader(end == ASC_POS_GM ? asc_hw_queue_pos(src, dst) : end);
}

int64_t asc_hw_queue_fwd(int src, int dst) {
  int p = asc_hw_queue_producer(src, dst), c = asc_hw_queue_consumer(src, dst);
  return p == c ? -1 : asc_hw_event_of(p, c);
}
int64_t asc_hw_queue_bwd(int src, int dst) {
  int p = asc_hw_queue_producer(src, dst), c = asc_hw_queue_consumer(src, dst);
  return p == c ? -1 : asc_hw_event_of(c, p);
}

int asc_platform_count(void) { return (int)(sizeof platforms / sizeof platforms[0]); }

const asc_platform *asc_platform_at(int i) { return i >= 0 && i < asc_platform_count() ? &platforms[i] : NULL; }

const asc_platform *asc_platform_find(const char *name) {
  if (!name)
    return &platforms[0];
  for (int i = 0; i < asc_platform_count(); i++)
    if (!strcmp(platforms[i].name, name))
      return &platforms[i];
  if (!strcmp(name, "Ascend910B4_1")) /* the enum member's name of "Ascend910B4-1" */
    return asc_platform_find("Ascend910B4-1");
  return NULL;
}

/* GetArchVersion's value (HW_ARCH). */
int asc_hw_core_version(void) {
  static const int v[] = {
#define HW_ARCH(npu_arch, core_version, doc) HW_IN_ARCH(npu_arch, core_version,)
#include "hw/hw.def"
  };
  return v[0];
}
