/* pipelines.c - the named pipelines: which passes run for a kernel and its options.
 *
 * One table (below) names each stage; asc_pipeline_select composes the stages a kernel needs
 * from its options and from what the module contains (LocalTensorAuto turns insert-sync on when
 * the caller leaves it to the kernel, as pyasc does).  The Python front-end, asc-opt
 * (--kernel-pipeline) and asc-run (--pipeline) all choose their passes here. */
#include <stdlib.h>
#include <string.h>

#include "ir/ir.h"
#include "passes/passes.h"

static const struct {
  const char *name, *passes, *what;
} stages[] = {
  {"base", "expand-matmul-batch,expand-matmul,inline,expand-adv,canonicalize,cse",
   "asc.adv.Matmul into cube ops, inline jit callees, expand asc.adv library calls, fold, common subexpressions"},
  {"base-nopasses", "expand-matmul-batch,expand-matmul,inline,expand-adv",
   "run_passes=False: Matmul expansion, inline and asc.adv library expansion only"},
  {"auto-tensors", "input-output-tensor,plan-auto-tensors,canonicalize,cse",
   "insert_sync=True: LocalTensorAuto tensors become planned UB ranges (docs/sync.md)"},
  {"pyasc-insert-sync",
   "input-output-tensor,hoist-ub-allocation,materialize-tensor,unify-pipe,canonicalize,cse,hoist-que-bind,"
   "insert-sync,unify-pipe,canonicalize",
   "insert_sync=\"pyasc\": pyasc's own lowering and insert-sync (docs/pyasc-passes.md)"},
  {"auto-sync", "auto-sync", "auto_sync=True: the syncs the vendor compiler inserts"},
  {"auto-sync-full", "auto-sync-full", "auto_sync=\"full\": every missing sync"},
  {"auto-sync-replace", "strip-user-sync,auto-sync-full", "auto_sync=\"replace\": user syncs replaced"},
  {"verify", "verify-sync", "static sync checks (warnings), on every kernel"},
  {"emit", "inline,canonicalize,cse",
   "before emitting Ascend C (docs/emit.md): no Matmul or asc.adv expansion, the vendor compiler syncs"},
};

enum { NSTAGES = sizeof stages / sizeof stages[0] };

int asc_pipeline_count(void) { return NSTAGES; }

int asc_pipeline_info(int i, const char **name, const char **passes, const char **what) {
  if (i < 0 || i >= NSTAGES)
    return -1;
  if (name)
    *name = stages[i].name;
  if (passes)
    *passes = stages[i].passes;
  if (what)
    *what = stages[i].what;
  return 0;
}

const char *asc_pipeline_passes(const char *name) {
  for (int i = 0; name && i < NSTAGES; i++)
    if (!strcmp(stages[i].name, name))
      return stages[i].passes;
  return NULL;
}

void asc_pipeline_opts_init(asc_pipeline_opts *o) {
  o->run_passes = 1;
  o->insert_sync = ASC_INSERT_SYNC_AUTO;
  o->auto_sync = ASC_AUTO_SYNC_ON;
  o->verify_sync = 1;
}

static void has_auto(asc_op *op, void *user) {
  if (op->code == ASC_OP_LOCAL_TENSOR_AUTO)
    *(int *)user = 1;
}

static void add(asc_strbuf *sb, const char *stage) {
  asc_sb_printf(sb, "%s%s", sb->len ? "," : "", asc_pipeline_passes(stage));
}

/* The sync stages of m under o, after the base stage: the tensor planning or pyasc's insert-sync
 * and the auto-sync policy (shared by the simulator's pipeline and the synced emit pipeline). */
static void add_sync_stages(asc_strbuf *sb, const asc_module *m, const asc_pipeline_opts *o) {
  int ins = o->insert_sync, as = o->auto_sync;
  if (ins == ASC_INSERT_SYNC_AUTO) {
    int found = 0;
    if (m && m->op)
      asc_walk(m->op, has_auto, &found);
    ins = found ? ASC_INSERT_SYNC_ON : ASC_INSERT_SYNC_OFF;
  }
  if (o->run_passes && ins == ASC_INSERT_SYNC_PYASC) {
    add(sb, "pyasc-insert-sync"); /* user syncs are never erased */
  } else if (o->run_passes && ins == ASC_INSERT_SYNC_ON) {
    add(sb, "auto-tensors");
    if (as == ASC_AUTO_SYNC_ON)
      as = ASC_AUTO_SYNC_FULL; /* planned tensors need every sync */
  }
  if (as == ASC_AUTO_SYNC_ON)
    add(sb, "auto-sync");
  else if (as == ASC_AUTO_SYNC_FULL)
    add(sb, "auto-sync-full");
  else if (as == ASC_AUTO_SYNC_REPLACE)
    add(sb, "auto-sync-replace");
}

/* The stages a launch (first = NULL: base, then verify when asked) or the emitter (first = "emit")
 * runs, the module's sync stages between. */
static char *select_stages(const asc_module *m, const asc_pipeline_opts *o, const char *first) {
  asc_pipeline_opts d;
  if (!o) {
    asc_pipeline_opts_init(&d);
    o = &d;
  }
  asc_strbuf sb;
  asc_sb_init(&sb);
  add(&sb, first ? first : o->run_passes ? "base" : "base-nopasses");
  add_sync_stages(&sb, m, o);
  if (!first && o->verify_sync)
    add(&sb, "verify");
  return sb.data;
}

char *asc_pipeline_select(const asc_module *m, const asc_pipeline_opts *o) { return select_stages(m, o, NULL); }

char *asc_pipeline_select_emit_synced(const asc_module *m, const asc_pipeline_opts *o) {
  return select_stages(m, o, "emit");
}

char *asc_pipeline_select_emit(const asc_module *m) {
  int found = 0;
  if (m && m->op)
    asc_walk(m->op, has_auto, &found);
  asc_strbuf sb;
  asc_sb_init(&sb);
  add(&sb, "emit");
  if (found)
    add(&sb, "pyasc-insert-sync");
  return sb.data;
}

/* Command-line spelling of the options, shared by asc-opt and asc-run. */
int asc_pipeline_parse_flag(asc_pipeline_opts *o, const char *flag) {
  static const struct {
    const char *flag;
    int which, value;
  } flags[] = {
    {"insert-sync=auto", 0, ASC_INSERT_SYNC_AUTO}, {"insert-sync=on", 0, ASC_INSERT_SYNC_ON},
    {"insert-sync=off", 0, ASC_INSERT_SYNC_OFF},   {"insert-sync=pyasc", 0, ASC_INSERT_SYNC_PYASC},
    {"auto-sync=on", 1, ASC_AUTO_SYNC_ON},         {"auto-sync=off", 1, ASC_AUTO_SYNC_OFF},
    {"auto-sync=full", 1, ASC_AUTO_SYNC_FULL},     {"auto-sync=replace", 1, ASC_AUTO_SYNC_REPLACE},
    {"no-passes", 2, 0},                           {"no-verify-sync", 3, 0},
  };
  while (*flag == '-')
    flag++;
  for (size_t i = 0; i < sizeof flags / sizeof flags[0]; i++) {
    if (strcmp(flag, flags[i].flag))
      continue;
    int *f[] = {&o->insert_sync, &o->auto_sync, &o->run_passes, &o->verify_sync};
    *f[flags[i].which] = flags[i].value;
    return 1;
  }
  return !strncmp(flag, "insert-sync=", 12) || !strncmp(flag, "auto-sync=", 10) ? -1 : 0;
}

int asc_run_kernel_pipeline(asc_module *m, const asc_pipeline_opts *o, const asc_pass_options *po) {
  char *p = asc_pipeline_select(m, o);
  if (!p)
    asc_die("out of memory");
  int rc = asc_run_passes(m, p, po);
  free(p);
  return rc;
}
