/* asc.h - the public C API of libasc (openasc).
 *
 * Every entry point takes the context first; the library keeps no global state,
 * never exits, and reports problems as diagnostics on the context plus a status.
 */
#ifndef ASC_ASC_H
#define ASC_ASC_H

#include <stddef.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

#define ASC_VERSION "0.1.0"

typedef struct asc_ctx asc_ctx;
typedef struct asc_module asc_module;
typedef struct asc_strbuf asc_strbuf;

typedef enum asc_severity { ASC_SEV_NOTE, ASC_SEV_WARNING, ASC_SEV_ERROR } asc_severity;

/* Receives each diagnostic as formatted text ("file:line:col: error: msg\n" plus the
 * source line and a caret when the source is known). */
typedef void (*asc_diag_handler)(void *user, asc_severity sev, const char *text);

/* ---- context ---- */
asc_ctx *asc_ctx_new(void);
void asc_ctx_free(asc_ctx *ctx);
/* handler NULL: diagnostics are printed to stderr.  quiet: only collected. */
void asc_ctx_set_diag_handler(asc_ctx *ctx, asc_diag_handler handler, void *user);
void asc_ctx_set_quiet(asc_ctx *ctx, int quiet);
/* Register the text of a source file so diagnostics can show its lines. */
void asc_ctx_add_source(asc_ctx *ctx, const char *name, const char *text, size_t len);
int asc_ctx_error_count(const asc_ctx *ctx);
int asc_ctx_warning_count(const asc_ctx *ctx);
/* All diagnostics so far, concatenated (malloc'd; free with asc_free). */
char *asc_ctx_diagnostics(const asc_ctx *ctx);
void asc_ctx_clear_diagnostics(asc_ctx *ctx);
void asc_free(void *p);

/* ---- modules ---- */
/* Parse generic-syntax IR; NULL on error (diagnostics on ctx). */
asc_module *asc_module_parse(asc_ctx *ctx, const char *name, const char *text, size_t len);
void asc_module_free(asc_module *m);
/* Number of errors found (0 = valid). */
int asc_module_verify(asc_module *m);
/* The module in generic syntax (malloc'd; free with asc_free). */
char *asc_module_print(const asc_module *m);

/* ---- passes ---- */
typedef struct asc_pass_options {
  int verify_each;        /* run the verifier after every pass (default on) */
  int print_ir_after_all; /* dump the IR after every pass to `dump` */
  const char *print_after;/* dump after this pass only (NULL: none) */
  FILE *dump;             /* where dumps go (NULL: stderr) */
} asc_pass_options;

void asc_pass_options_init(asc_pass_options *o);
/* Run a comma-separated pipeline of pass names, e.g. "inline,canonicalize,cse".
 * Returns 0 on success; on failure the diagnostics say which pass and why. */
int asc_run_passes(asc_module *m, const char *pipeline, const asc_pass_options *opts);
/* Pass names and one-line summaries, for --help: returns the count; i-th via out params. */
int asc_pass_count(void);
void asc_pass_info(int i, const char **name, const char **summary);

#ifdef __cplusplus
}
#endif
#endif
