/* registry_api.c - the op registry, enums and parameter structs through the public C API
 * (asc.h), so bindings (the Python front-end) build their API surface from the one table. */
#include <stddef.h>
#include <string.h>

#include "asc/asc.h"
#include "ops/registry.h"

int asc_reg_op_count(void) { return ASC_OP_COUNT; }

int asc_reg_op_find(const char *name) { return name ? (int)asc_op_lookup(name, strlen(name)) : ASC_OP_COUNT; }

static const char *famnames[] = {"func", "scf", "arith", "resource", "scalar", "copy", "vector", "sync", "xcore", "cube"};

int asc_reg_op_info(int i, asc_reg_opinfo *out) {
  if (i < 0 || i >= ASC_OP_COUNT || !out)
    return -1;
  const asc_opinfo *o = &asc_opinfos[i];
  out->name = o->name;
  out->family = famnames[o->family];
  out->operands = o->operands;
  out->results = o->results;
  out->attrs = o->attrs;
  out->dtypes = o->dtypes;
  out->doc = o->doc;
  out->reads = o->reads;
  out->writes = o->writes;
  out->nregions = o->nregions;
  out->flags = o->flags;
  out->cost = asc_cost_class_name(o->cost);
  return 0;
}

int asc_reg_op_form(int i, int kind) {
  if (i < 0 || i >= ASC_OP_COUNT || kind < 0 || kind >= ASC_FORM_COUNT)
    return ASC_OP_COUNT;
  return (int)asc_op_form((asc_opcode)i, (asc_form_kind)kind);
}

int asc_reg_api_form(int i, const char **fn) {
  const char *name = NULL;
  int op = (int)asc_op_api_form(i, &name);
  if (fn)
    *fn = name;
  return op;
}

int asc_reg_enum_count(void) { return ASC_ENUM_COUNT; }

const char *asc_reg_enum_kind(int kind) { return kind >= 0 && kind < ASC_ENUM_COUNT ? asc_enum_kind_name(kind) : NULL; }

int asc_reg_struct_count(void) { return ASC_STRUCT_COUNT; }

/* ---- the hardware table (src/hw/hw.def) ---- */
#include "ops/hw_ir.h"

int asc_reg_hw_mem(int i, const char **name, int64_t *value) {
  if (i < 0 || i >= ASC_HW_NMEMS || !name || !value)
    return -1;
  *name = asc_hw_mem_name(i);
  *value = asc_hw_mem_hardware(i);
  return 0;
}

int asc_reg_hw_pos_mem(int pos) {
  int mem = asc_hw_pos_mem(pos);
  return mem < 0 ? -1 : (int)asc_hw_mem_hardware(mem);
}

int asc_reg_vclass_factor(const char *cost) {
  for (int k = 0; cost && k < ASC_COST_COUNT; k++)
    if (!strcmp(asc_cost_class_name((asc_cost_class)k), cost))
      return asc_hw_vclass_known(k) ? asc_hw_vclass_factor(k) : -1;
  return -1;
}

unsigned asc_reg_hw_pipe_cores(int pipe) { return asc_hw_pipe_cores(pipe); }
const char *asc_reg_hw_core_name(int core) { return asc_hw_core_name(core); }
int asc_reg_hw_queue_tensor_pos(int src, int dst, int at_dst) { return asc_hw_queue_tensor_pos(src, dst, at_dst != 0); }

/* ---- launch structs for bindings ----
 * sim.h's structs grow as the simulator gains features; bindings allocate them with the size
 * this library was built with and reach their fields through these accessors, so a binding
 * never depends on a struct layout. */
#include "asc/sim.h"

static const struct {
  const char *name;
  size_t size;
} bound_structs[] = {
#define BOUND(T) {#T, sizeof(T)},
    BOUND(asc_sim_options) BOUND(asc_sim_args) BOUND(asc_sim_arg) BOUND(asc_sim_report) BOUND(asc_pass_options)
    BOUND(asc_bind_opts) BOUND(asc_bind_result) BOUND(asc_sim_core_report) BOUND(asc_sim_line_cost)
#undef BOUND
};

size_t asc_bind_sizeof(const char *what) {
  for (size_t i = 0; what && i < sizeof bound_structs / sizeof bound_structs[0]; i++)
    if (!strcmp(what, bound_structs[i].name))
      return bound_structs[i].size;
  return 0;
}

void asc_bind_pass_options(void *opts, int sync_log, void *cancel) {
  asc_pass_options *o = opts;
  asc_pass_options_init(o);
  o->sync_log = sync_log;
  o->cancel = cancel;
}

static asc_pipeline_opts pipeline_opts(int run_passes, int insert_sync, int auto_sync) {
  asc_pipeline_opts o;
  asc_pipeline_opts_init(&o);
  o.run_passes = run_passes;
  o.insert_sync = insert_sync;
  o.auto_sync = auto_sync;
  return o;
}

char *asc_bind_pipeline(const asc_module *m, int run_passes, int insert_sync, int auto_sync) {
  asc_pipeline_opts o = pipeline_opts(run_passes, insert_sync, auto_sync);
  return asc_pipeline_select(m, &o);
}

char *asc_bind_pipeline_emit_synced(const asc_module *m, int run_passes, int insert_sync, int auto_sync) {
  asc_pipeline_opts o = pipeline_opts(run_passes, insert_sync, auto_sync);
  return asc_pipeline_select_emit_synced(m, &o);
}

/* A platform's sizes and core counts by field name (bindings never mirror asc_platform);
 * -1 for an unknown platform or field. */
double asc_bind_platform(const char *platform, const char *field) {
  const asc_platform *p = asc_platform_find(platform);
  if (!p || !field)
    return -1;
  static const struct {
    const char *name;
    size_t off;
  } ints[] = {{"aic", offsetof(asc_platform, aic)},           {"aiv", offsetof(asc_platform, aiv)},
              {"ub_bytes", offsetof(asc_platform, ub_bytes)}, {"l1_bytes", offsetof(asc_platform, l1_bytes)},
              {"l0a_bytes", offsetof(asc_platform, l0a_bytes)},
              {"l0b_bytes", offsetof(asc_platform, l0b_bytes)},
              {"l0c_bytes", offsetof(asc_platform, l0c_bytes)}};
  for (size_t i = 0; i < sizeof ints / sizeof ints[0]; i++)
    if (!strcmp(field, ints[i].name))
      return *(const int *)(const void *)((const char *)p + ints[i].off);
  if (!strcmp(field, "mhz"))
    return p->mhz;
  return -1;
}

void *asc_bind_compile(asc_module *m, const char *kernel, int kernel_type) {
  asc_sim_options o;
  asc_sim_options_init(&o);
  o.kernel_type = kernel_type;
  return asc_sim_compile(m, kernel, &o);
}

int asc_bind_run(void *program, const void *args, const asc_bind_opts *b, void *rep, asc_bind_result *out) {
  asc_sim_options o;
  asc_sim_options_init(&o);
  o.platform = b->platform;
  o.blocks = (int)b->blocks;
  if (b->sanitize >= 0)
    o.sanitize = (int)b->sanitize;
  o.strict_gm = (int)b->strict_gm;
  o.race_warn = (int)b->race_warn;
  o.kernel_type = (int)b->kernel_type;
  o.threads = (int)b->threads;
  o.lines = (int)b->lines;
  if (b->max_instructions >= 0)
    o.max_instructions = b->max_instructions;
  o.profile_dir = b->profile_dir && *b->profile_dir ? b->profile_dir : NULL;
  o.cancel = b->cancel;
  o.live_fd = (int)b->live_fd;
  asc_sim_report *r = rep;
  int rc = asc_sim_run(program, args, &o, r);
  *out = (asc_bind_result){r->cycles, r->launch_cycles, r->us, r->mhz, r->platform, r->nerrors, r->nwarnings,
                           r->ncores, r->nlines, r->nkwarnings, r->core_cycles, r->cores, r->lines, r->kwarnings,
                           r->print};
  return rc;
}
