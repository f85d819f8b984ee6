/* passes.c - the pass manager and the table of passes.
 *
 * asc_run_passes runs a comma-separated pipeline of names from the table below.
 * Between passes it can verify the module and dump it, so a broken invariant is
 * blamed on the pass that broke it. */
#include <stdlib.h>
#include <string.h>

#include "asc/sim.h"
#include "passes/passes.h"
#include "passes/sync_internal.h"
#include "passes/verify_sync.h"

typedef struct pass_entry {
  const char *name;
  const char *summary; /* one line, for --help */
  asc_pass_fn run;
} pass_entry;

/* The pipeline's building blocks, in the order a full pipeline runs them. */
static const pass_entry pass_table[] = {
    /* requires: verified; preserves: verified, locations (the new ops carry the Matmul call's) */
    /* requires: verified; preserves: verified, locations (the new ops carry the batch call's) */
    {"expand-matmul-batch", "asc.adv.Matmul batch calls -> loops of single matmuls over views of A, B, C, bias",
     asc_pass_expand_matmul_batch},
    {"expand-matmul", "asc.adv.Matmul ops -> the cube instructions of their tiling (MTE2, MTE1, M, FIX)",
     asc_pass_expand_matmul},
    /* requires: verified; preserves: verified, locations; removes: private functions */
    {"inline", "inline calls to private functions, then delete the private functions left unused",
     asc_pass_inline},
    /* requires: verified; preserves: verified, locations (the new ops take the call's) */
    {"expand-adv", "expand each asc.adv library call into basic vector instructions over temp buffers",
     asc_pass_expand_adv},
    /* requires: verified; preserves: verified, op order, locations */
    {"canonicalize",
     "fold constants and identities, resolve constant scf.if/scf.for, remove dead pure ops",
     asc_pass_canonicalize},
    /* requires: verified; preserves: verified, op order, locations of the ops kept */
    {"cse", "merge identical pure ops where one dominates the other (common subexpressions)",
     asc_pass_cse},
    /* requires: verified; preserves: verified, every existing op (user sync is kept) */
    {"auto-sync",
     "add same-pipe barriers and scalar<->V/MTE flags (bisheng --cce-auto-sync; pyasc auto_sync)",
     asc_pass_auto_sync},
    /* requires: verified; preserves: verified, every existing op (user sync is kept) */
    {"auto-sync-full", "add every missing pipeline sync: cross-pipe flags, barriers, loop-carried edges",
     asc_pass_auto_sync_full},
    /* requires: verified; preserves: verified, every existing op */
    {"sync-final-barrier", "end each kernel with pipe_barrier(PIPE_ALL), as pyasc's insert-sync does",
     asc_pass_sync_final_barrier},
    /* requires: verified; preserves: verified */
    {"plan-auto-tensors",
     "lower local_tensor_auto to raw UB ranges, two slots (iv % 2) inside loops, for auto-sync-full",
     asc_pass_plan_auto_tensors},
    /* pyasc's LocalTensorAuto lowering and sync passes (docs/pyasc-passes.md), in pyasc's
     * order.  requires: verified; preserves: verified */
    {"input-output-tensor", "mark local_tensor_auto input (loaded from GM) / output (stored to GM)",
     asc_pass_input_output_tensor},
    {"hoist-ub-allocation", "hoist temporary local_tensor_auto (neither input nor output) out of loops",
     asc_pass_hoist_ub_allocation},
    {"materialize-tensor", "lower local_tensor_auto to a depth-1 TQue (input/output) or a VECCALC TBuf",
     asc_pass_materialize_tensor},
    {"unify-pipe", "merge a function's asc.tpipe ops into one at its entry", asc_pass_unify_pipe},
    {"hoist-que-bind", "hoist TQue/TBuf creation, init_buffer and tbuf_get out of loops",
     asc_pass_hoist_que_bind},
    {"strip-user-sync",
     "debugging: remove enque/set_flag/wait_flag/pipe_barrier, deques become their alloc (pyasc EraseSync)",
     asc_pass_strip_user_sync},
    {"insert-sync", "pyasc's insert-sync: enque/deque around queue tensors, PIPE_V barriers, V_S/S_V "
     "brackets around scalar access, final PIPE_ALL", asc_pass_insert_sync},
    /* requires: verified; preserves: everything (only reports warnings; docs/verify-sync.md) */
    {"verify-sync", "warn about sync misuse: deadlocks, double/unpaired sets, bad ids/events, TQue misuse",
     asc_pass_verify_sync},
};

enum { NPASSES = (int)(sizeof pass_table / sizeof pass_table[0]) };

void asc_pass_options_init(asc_pass_options *o) {
  memset(o, 0, sizeof *o);
  o->verify_each = 1;
}

int asc_pass_count(void) { return NPASSES; }

void asc_pass_info(int i, const char **name, const char **summary) {
  const pass_entry *p = i >= 0 && i < NPASSES ? &pass_table[i] : NULL;
  if (name)
    *name = p ? p->name : NULL;
  if (summary)
    *summary = p ? p->summary : NULL;
}

/* The table entry named s[0..n), or NULL. */
static const pass_entry *lookup(const char *s, size_t n) {
  for (int i = 0; i < NPASSES; i++)
    if (strlen(pass_table[i].name) == n && memcmp(pass_table[i].name, s, n) == 0)
      return &pass_table[i];
  return NULL;
}

/* Split the pipeline at commas, trimming blanks; empty names are skipped.  Returns the
 * number of passes stored in out (at most cap), or -1 after reporting an unknown name. */
static int parsepipeline(asc_ctx *ctx, const char *pipeline, const pass_entry **out, int cap) {
  int n = 0;
  for (const char *s = pipeline; *s;) {
    const char *end = s + strcspn(s, ","), *e = end;
    while (s < e && (*s == ' ' || *s == '\t'))
      s++;
    while (e > s && (e[-1] == ' ' || e[-1] == '\t'))
      e--;
    if (e > s) {
      const pass_entry *p = lookup(s, (size_t)(e - s));
      if (!p) {
        asc_error(ctx, ASC_LOC_UNKNOWN, "unknown pass '%.*s'", (int)(e - s), s);
        return -1;
      }
      if (n < cap)
        out[n] = p;
      n++;
    }
    s = *end ? end + 1 : end;
  }
  return n;
}

static void dump(const asc_module *m, const char *name, const asc_pass_options *opts) {
  FILE *f = opts->dump ? opts->dump : stderr;
  char *text = asc_module_print(m);
  fprintf(f, "// -----// IR Dump After %s //----- //\n", name);
  if (text)
    fputs(text, f);
  asc_free(text);
  fflush(f);
}

bool asc_pass_interrupted(const asc_module *m) { return m->cancel && asc_sim_cancel_poll(m->cancel); }

/* Run one pass, then dump and verify as the options ask; 0 on success.  The dump
 * comes before the verifier so that IR the verifier rejects can be seen. */
static int runone(asc_module *m, const pass_entry *p, const asc_pass_options *opts) {
  int rc = p->run(m);
  if (rc)
    return rc;
  if (opts->print_ir_after_all || (opts->print_after && strcmp(opts->print_after, p->name) == 0))
    dump(m, p->name, opts);
  if (opts->verify_each && asc_verify(m) != 0) {
    asc_error(m->ctx, ASC_LOC_UNKNOWN, "verification failed after pass '%s'", p->name);
    return 1;
  }
  return 0;
}

int asc_run_passes(asc_module *m, const char *pipeline, const asc_pass_options *opts) {
  asc_pass_options defaults;
  const pass_entry **passes;
  int n, rc = 0;
  if (!opts) {
    asc_pass_options_init(&defaults);
    opts = &defaults;
  }
  n = parsepipeline(m->ctx, pipeline ? pipeline : "", NULL, 0); /* validate, count */
  if (n <= 0)
    return n < 0;
  passes = malloc((size_t)n * sizeof *passes);
  if (!passes)
    asc_die("out of memory");
  parsepipeline(m->ctx, pipeline, passes, n);
  m->sync_log = opts->sync_log;
  /* invalid input is the input's fault, not the first pass's: say so before any pass runs */
  if (opts->verify_each && asc_verify(m) != 0) {
    asc_error(m->ctx, ASC_LOC_UNKNOWN, "verification of the input failed (before pass '%s')", passes[0]->name);
    rc = 1;
  }
  m->cancel = opts->cancel;
  for (int i = 0; i < n && !rc; i++) {
    if (asc_pass_interrupted(m)) {
      asc_error(m->ctx, ASC_LOC_UNKNOWN, "compile interrupted (cancel requested) before pass '%s'", passes[i]->name);
      rc = 1;
      break;
    }
    rc = runone(m, passes[i], opts);
    if (rc == 0 && asc_pass_interrupted(m)) { /* a pass that stopped early leaves half-done IR */
      asc_error(m->ctx, ASC_LOC_UNKNOWN, "compile interrupted (cancel requested) in pass '%s'", passes[i]->name);
      rc = 1;
    }
  }
  m->cancel = NULL;
  free(passes);
  return rc;
}
