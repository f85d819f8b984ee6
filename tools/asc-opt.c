/* asc-opt - parse, verify, transform and print openasc IR (the mlir-opt of openasc).
 *
 *   asc-opt [options] [input|-]
 *
 * Reads generic-syntax IR from a file or stdin, verifies it, runs the passes named on the
 * command line in order and prints the result.  Diagnostics go through the library
 * (stderr).  Exit status: 0 ok, 1 any error (or a --verify-diagnostics mismatch),
 * 2 bad command line.  Only this tool exits; the library never does.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "asc/asc.h"
#include "ir/ir.h"

enum { EXIT_USAGE = 2 };

typedef struct Options {
  const char *input;      /* path, or "-" for stdin */
  const char *output;     /* path, or "-" for stdout */
  asc_strbuf pipeline;    /* comma-separated pass names, in command-line order */
  int print_ir_after_all;
  const char *print_after;
  int no_verify;          /* no verifier run after each pass */
  int sync_log;           /* auto-sync notes each sync it inserts */
  int split_input;        /* --split-input-file */
  int verify_diags;       /* --verify-diagnostics */
  int kernel_pipeline;    /* --kernel-pipeline: libasc's named-pipeline table picks the passes */
  asc_pipeline_opts kp;   /* its options (--insert-sync=, --auto-sync=, ...) */
  int emit;               /* --emit-ascendc: print Ascend C instead of IR */
  int emit_pipeline;      /* --emit-pipeline: first run the passes emitting needs */
  int emit_line;          /* --emit-line=directive|comment|none */
} Options;

/* One piece of the input: the whole file, or a chunk between `// -----` lines. */
typedef struct Chunk {
  const char *text;
  size_t len;
  int first_line; /* line of the file the chunk starts at (1-based) */
} Chunk;

/* An `expected-<severity> {{text}}` comment, for --verify-diagnostics. */
typedef struct Expect {
  asc_severity sev;
  int line;    /* the line the diagnostic must be reported at */
  int at_line; /* the line the comment is on */
  char *text;
  int matched;
} Expect;

static const char *progname = "asc-opt";

/* ---- command line ------------------------------------------------------------------------ */

static void usage(FILE *f) {
  fprintf(f, "usage: %s [options] [input|-]\n", progname);
}

static int is_pass(const char *name, size_t len) {
  for (int i = 0; i < asc_pass_count(); i++) {
    const char *n, *summary;
    asc_pass_info(i, &n, &summary);
    if (strlen(n) == len && memcmp(n, name, len) == 0)
      return 1;
  }
  return 0;
}

static void help(void) {
  usage(stdout);
  printf("\nParse, verify, transform and print openasc IR (MLIR generic syntax).\n"
         "Reads the input file, or stdin when it is '-' or missing.\n\n"
         "Options:\n"
         "  -o <file>                 write the output to <file> ('-': stdout, the default)\n"
         "  --<pass>                  run <pass> (see the list below); passes run in the\n"
         "                            order they are given\n"
         "  --pass-pipeline=<a,b,..>  run the listed passes, in order\n"
         "  --kernel-pipeline         first run the passes @asc.jit runs (libasc's pipeline\n"
         "                            table: inline,canonicalize,cse, insert-sync iff the\n"
         "                            kernel has LocalTensorAuto, auto-sync, verify-sync);\n"
         "                            --insert-sync=auto|on|off|pyasc, --auto-sync=on|off|\n"
         "                            full|replace, --no-passes, --no-verify-sync choose\n"
         "  --emit-ascendc            print the module as Ascend C (docs/emit.md) instead of IR\n"
         "  --emit-pipeline           first run the passes before emitting (inline,\n"
         "                            canonicalize, cse; pyasc's insert-sync for LocalTensorAuto)\n"
         "  --emit-line=<mode>        the Python line in the C++: directive (#line, default),\n"
         "                            comment or none\n"
         "  --print-ir-after-all      print the IR after every pass (to stderr)\n"
         "  --print-after=<pass>      print the IR after <pass> (to stderr)\n"
         "  --sync-log                auto-sync passes: a note per inserted sync saying why\n"
         "  --no-verify               do not run the verifier after each pass\n"
         "                            (the input is always verified)\n"
         "  --split-input-file        split the input at lines '// -----' and process each\n"
         "                            piece on its own; outputs are joined by '// -----'\n"
         "  --verify-diagnostics      check the diagnostics against the\n"
         "                            '// expected-error {{text}}' comments of the input\n"
         "                            (also expected-warning, expected-note; @+N, @-N,\n"
         "                            @above, @below move the expected line)\n"
         "  --version                 print the version\n"
         "  -h, --help                print this help\n\n"
         "Passes:\n");
  for (int i = 0; i < asc_pass_count(); i++) {
    const char *name, *summary;
    asc_pass_info(i, &name, &summary);
    printf("  --%-22s  %s\n", name, summary ? summary : "");
  }
  printf("\nExit status: 0 success, 1 error, 2 bad command line.\n");
}

static int bad_usage(const char *fmt, const char *arg) {
  fprintf(stderr, "%s: error: ", progname);
  fprintf(stderr, fmt, arg);
  fputc('\n', stderr);
  usage(stderr);
  fprintf(stderr, "try '%s --help' for more information\n", progname);
  return EXIT_USAGE;
}

static void add_pass(Options *o, const char *name, size_t len) {
  if (o->pipeline.len)
    asc_sb_putc(&o->pipeline, ',');
  asc_sb_put(&o->pipeline, name, len);
}

/* --pass-pipeline=a,b,c: every name must be a known pass. */
static int add_pipeline(Options *o, const char *list) {
  const char *p = list;
  while (*p) {
    while (*p == ' ' || *p == ',')
      p++;
    const char *start = p;
    while (*p && *p != ',' && *p != ' ')
      p++;
    if (p == start)
      continue;
    if (!is_pass(start, (size_t)(p - start)))
      return bad_usage("unknown pass in --pass-pipeline: '%s'", list);
    add_pass(o, start, (size_t)(p - start));
  }
  return 0;
}

/* Strip one or two leading dashes: LLVM-style tools accept both -flag and --flag. */
static const char *flag_name(const char *arg) {
  return arg[1] == '-' ? arg + 2 : arg + 1;
}

/* Returns the value of "name=value" when arg is that flag, else NULL. */
static const char *flag_value(const char *flag, const char *name) {
  size_t n = strlen(name);
  return strncmp(flag, name, n) == 0 && flag[n] == '=' ? flag + n + 1 : NULL;
}

/* One option (argv[*i], possibly consuming argv[*i + 1]).  0 ok, 2 bad usage, -1 done
 * (help or version printed). */
static int parse_flag(Options *o, int argc, char **argv, int *i) {
  const char *f = flag_name(argv[*i]), *v;
  if (!strcmp(f, "h") || !strcmp(f, "help")) {
    help();
    return -1;
  }
  if (!strcmp(f, "version")) {
    printf("asc-opt (openasc) %s\n", ASC_VERSION);
    return -1;
  }
  if (!strcmp(f, "o")) {
    if (*i + 1 >= argc)
      return bad_usage("%s needs a file name", argv[*i]);
    o->output = argv[++*i];
  } else if ((v = flag_value(f, "o")))
    o->output = v;
  else if (!strcmp(f, "print-ir-after-all"))
    o->print_ir_after_all = 1;
  else if (!strcmp(f, "no-verify") || !strcmp(f, "verify-each=false") || !strcmp(f, "verify-each=0"))
    o->no_verify = 1;
  else if (!strcmp(f, "sync-log"))
    o->sync_log = 1;
  else if (!strcmp(f, "split-input-file"))
    o->split_input = 1;
  else if (!strcmp(f, "verify-diagnostics"))
    o->verify_diags = 1;
  else if ((v = flag_value(f, "print-after"))) {
    if (!is_pass(v, strlen(v)))
      return bad_usage("unknown pass in --print-after: '%s'", v);
    o->print_after = v;
  } else if ((v = flag_value(f, "pass-pipeline")))
    return add_pipeline(o, v);
  else if (!strcmp(f, "emit-ascendc"))
    o->emit = 1;
  else if (!strcmp(f, "emit-pipeline"))
    o->emit_pipeline = 1;
  else if ((v = flag_value(f, "emit-line"))) {
    if (!strcmp(v, "directive"))
      o->emit_line = ASC_EMIT_LINE_DIRECTIVE;
    else if (!strcmp(v, "comment"))
      o->emit_line = ASC_EMIT_LINE_COMMENT;
    else if (!strcmp(v, "none"))
      o->emit_line = ASC_EMIT_LINE_NONE;
    else
      return bad_usage("bad value in '%s' (directive, comment or none)", argv[*i]);
  } else if (!strcmp(f, "kernel-pipeline"))
    o->kernel_pipeline = 1;
  else if (asc_pipeline_parse_flag(&o->kp, f) > 0)
    o->kernel_pipeline = 1;
  else if (asc_pipeline_parse_flag(&o->kp, f) < 0)
    return bad_usage("bad value in '%s'", argv[*i]);
  else if (is_pass(f, strlen(f)))
    add_pass(o, f, strlen(f));
  else
    return bad_usage("unknown option '%s'", argv[*i]);
  return 0;
}

static int parse_args(Options *o, int argc, char **argv) {
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (a[0] == '-' && a[1] != '\0') {
      int r = parse_flag(o, argc, argv, &i);
      if (r)
        return r;
    } else if (o->input) {
      return bad_usage("more than one input file ('%s')", a);
    } else {
      o->input = a;
    }
  }
  if (!o->input)
    o->input = "-";
  if (!o->output)
    o->output = "-";
  return 0;
}

/* ---- input ------------------------------------------------------------------------------- */

/* The whole of `f` in a malloc'd, NUL-terminated buffer; NULL on a read error. */
static char *slurp(FILE *f, size_t *len) {
  size_t cap = 1 << 16, n = 0;
  char *buf = malloc(cap);
  while (buf) {
    n += fread(buf + n, 1, cap - n - 1, f);
    if (ferror(f)) {
      free(buf);
      return NULL;
    }
    if (feof(f))
      break;
    if (cap - n - 1 == 0) {
      char *nb = realloc(buf, cap * 2);
      if (!nb)
        free(buf);
      buf = nb;
      cap *= 2;
    }
  }
  if (!buf)
    return NULL;
  buf[n] = '\0';
  *len = n;
  return buf;
}

static char *read_input(const char *path, size_t *len) {
  if (!strcmp(path, "-"))
    return slurp(stdin, len);
  FILE *f = fopen(path, "rb");
  if (!f) {
    fprintf(stderr, "%s: error: cannot open '%s': %s\n", progname, path, strerror(errno));
    return NULL;
  }
  char *text = slurp(f, len);
  if (!text)
    fprintf(stderr, "%s: error: cannot read '%s': %s\n", progname, path, strerror(errno));
  fclose(f);
  return text;
}

/* Is [s, e) the separator line "// -----" (trailing blanks and CR allowed)? */
static int is_separator(const char *s, const char *e) {
  static const char sep[] = "// -----";
  size_t n = sizeof sep - 1;
  if ((size_t)(e - s) < n || memcmp(s, sep, n) != 0)
    return 0;
  for (s += n; s < e; s++)
    if (*s != ' ' && *s != '\t' && *s != '\r')
      return 0;
  return 1;
}

/* Split text at separator lines; returns the number of chunks (malloc'd array in *out). */
static int split_chunks(const char *text, size_t len, int split, Chunk **out) {
  int n = 0, cap = 8, line = 1;
  Chunk *c = malloc(sizeof *c * (size_t)cap);
  const char *start = text, *end = text + len;
  int start_line = 1;
  for (const char *p = text; split && p < end; line++) {
    const char *eol = memchr(p, '\n', (size_t)(end - p));
    const char *next = eol ? eol + 1 : end;
    if (is_separator(p, eol ? eol : end)) {
      if (n + 1 >= cap)
        c = realloc(c, sizeof *c * (size_t)(cap *= 2));
      c[n++] = (Chunk){start, (size_t)(p - start), start_line};
      start = next;
      start_line = line + 1;
    }
    p = next;
  }
  c[n++] = (Chunk){start, (size_t)(end - start), start_line};
  *out = c;
  return n;
}

/* ---- processing ------------------------------------------------------------------------- */

/* Parse, verify, transform and print one chunk into out.  0 ok, 1 failed. */
static int process(asc_ctx *ctx, const Options *o, const char *name, const Chunk *c,
                   asc_strbuf *out) {
  asc_module *m = asc_parse_at(ctx, name, c->text, c->len, c->first_line);
  if (!m)
    return 1;
  int failed = asc_verify(m) != 0;
  if (!failed && (o->pipeline.len || o->kernel_pipeline || o->emit_pipeline)) {
    asc_pass_options po;
    asc_pass_options_init(&po);
    po.verify_each = !o->no_verify;
    po.print_ir_after_all = o->print_ir_after_all;
    po.print_after = o->print_after;
    po.sync_log = o->sync_log;
    if (o->kernel_pipeline)
      failed = asc_run_kernel_pipeline(m, &o->kp, &po) != 0;
    if (!failed && o->pipeline.len)
      failed = asc_run_passes(m, o->pipeline.data, &po) != 0;
    if (!failed && o->emit_pipeline) {
      char *p = asc_pipeline_select_emit(m);
      failed = asc_run_passes(m, p, &po) != 0;
      asc_free(p);
    }
  }
  if (!failed && o->emit) {
    char *text = asc_module_emit_ascendc(m, o->emit_line);
    failed = text == NULL;
    if (text)
      asc_sb_puts(out, text);
    asc_free(text);
  } else if (!failed)
    asc_print_module(m, out);
  asc_module_free(m);
  return failed;
}

/* ---- --verify-diagnostics ---------------------------------------------------------------- */

static const struct {
  const char *word;
  asc_severity sev;
} expect_kinds[] = {
    {"expected-error", ASC_SEV_ERROR},
    {"expected-warning", ASC_SEV_WARNING},
    {"expected-note", ASC_SEV_NOTE},
};

static const char *sev_name(asc_severity s) {
  return s == ASC_SEV_ERROR ? "error" : s == ASC_SEV_WARNING ? "warning" : "note";
}

static const char *find_in_line(const char *s, const char *e, const char *word) {
  size_t n = strlen(word);
  for (; s + n <= e; s++)
    if (memcmp(s, word, n) == 0)
      return s;
  return NULL;
}

/* The designator of an expected-* comment, if any: expected-<kind> [@+N|@-N|@above|@below]
 * {{text}}.  Returns 1 and fills *x (x->line holds the offset form in *rel) when found. */
static int parse_expect(const char *s, const char *e, Expect *x, int *rel, char *dir) {
  for (size_t k = 0; k < sizeof expect_kinds / sizeof expect_kinds[0]; k++) {
    const char *p = find_in_line(s, e, expect_kinds[k].word);
    if (!p)
      continue;
    p += strlen(expect_kinds[k].word);
    if (p < e && *p != ' ' && *p != '@' && *p != '{')
      continue; /* e.g. expected-error-re: not supported */
    while (p < e && *p == ' ')
      p++;
    *rel = 0;
    *dir = 0;
    if (p < e && *p == '@') {
      if (e - p >= 6 && !memcmp(p, "@above", 6))
        *dir = 'a', p += 6;
      else if (e - p >= 6 && !memcmp(p, "@below", 6))
        *dir = 'b', p += 6;
      else
        *rel = (int)strtol(p + 1, (char **)&p, 10);
      while (p < e && *p == ' ')
        p++;
    }
    const char *close = NULL;
    if (e - p < 4 || memcmp(p, "{{", 2) != 0)
      return 0;
    for (const char *q = p + 2; q + 2 <= e; q++)
      if (!memcmp(q, "}}", 2))
        close = q;
    if (!close)
      return 0;
    x->sev = expect_kinds[k].sev;
    x->text = strndup(p + 2, (size_t)(close - p - 2));
    return 1;
  }
  return 0;
}

static int line_has_expect(const char *s, const char *e) {
  return find_in_line(s, e, "expected-") != NULL;
}

/* All expectations of the file, with the lines they refer to. */
static Expect *collect_expects(const char *text, size_t len, int *count) {
  int nlines = 1;
  for (size_t i = 0; i < len; i++)
    nlines += text[i] == '\n';
  const char **ls = malloc(sizeof *ls * (size_t)(nlines + 1));
  int n = 0;
  for (const char *p = text; n < nlines; n++) {
    ls[n] = p;
    const char *eol = memchr(p, '\n', (size_t)(text + len - p));
    p = eol ? eol + 1 : text + len;
  }
  ls[nlines] = text + len + 1;
  Expect *xs = calloc((size_t)nlines + 1, sizeof *xs);
  int nx = 0;
  for (int i = 0; i < nlines; i++) {
    const char *s = ls[i], *e = ls[i + 1] - 1;
    int rel;
    char dir;
    Expect x = {0};
    if (!parse_expect(s, e, &x, &rel, &dir))
      continue;
    x.at_line = i + 1;
    x.line = i + 1 + rel;
    if (dir == 'a')
      for (x.line = i; x.line > 1 && line_has_expect(ls[x.line - 1], ls[x.line] - 1); x.line--)
        ;
    if (dir == 'b')
      for (x.line = i + 2; x.line < nlines && line_has_expect(ls[x.line - 1], ls[x.line] - 1); x.line++)
        ;
    xs[nx++] = x;
  }
  free(ls);
  *count = nx;
  return xs;
}

/* The expectation a diagnostic satisfies: an unmatched one first, else an already matched one
 * (the same diagnostic may legitimately be reported twice). */
static Expect *match_diag(Expect *xs, int nx, const asc_diag_rec *d, const char *name) {
  Expect *again = NULL;
  if (!d->loc.file || strcmp(d->loc.file, name) != 0)
    return NULL;
  for (int i = 0; i < nx; i++) {
    Expect *x = &xs[i];
    if (x->sev != d->sev || x->line != d->loc.line || !strstr(d->msg, x->text))
      continue;
    if (!x->matched)
      return x;
    again = x;
  }
  return again;
}

/* Compare the diagnostics collected on ctx with the file's expectations.  0 all good. */
static int check_diagnostics(asc_ctx *ctx, const char *name, const char *text, size_t len) {
  int nx, bad = 0;
  Expect *xs = collect_expects(text, len, &nx);
  for (const asc_diag_rec *d = ctx->diags; d; d = d->next) {
    Expect *x = match_diag(xs, nx, d, name);
    if (x) {
      x->matched = 1;
    } else if (d->sev != ASC_SEV_NOTE) {
      fprintf(stderr, "%s:%d:%d: error: unexpected %s: %s\n", d->loc.file ? d->loc.file : "<unknown>",
              d->loc.line, d->loc.col, sev_name(d->sev), d->msg);
      bad = 1;
    }
  }
  for (int i = 0; i < nx; i++) {
    if (!xs[i].matched) {
      fprintf(stderr, "%s:%d: error: expected %s \"%s\" was not produced\n", name, xs[i].line,
              sev_name(xs[i].sev), xs[i].text);
      bad = 1;
    }
    free(xs[i].text);
  }
  free(xs);
  return bad;
}

/* ---- main ------------------------------------------------------------------------------- */

static int write_output(const char *path, const asc_strbuf *out) {
  FILE *f = strcmp(path, "-") ? fopen(path, "wb") : stdout;
  if (!f) {
    fprintf(stderr, "%s: error: cannot write '%s': %s\n", progname, path, strerror(errno));
    return 1;
  }
  int bad = out->len && fwrite(out->data, 1, out->len, f) != out->len;
  bad |= f == stdout ? fflush(f) != 0 : fclose(f) != 0;
  if (bad)
    fprintf(stderr, "%s: error: writing '%s' failed\n", progname, path);
  return bad;
}

/* Process every chunk of the input; returns the exit status. */
static int run(const Options *o, asc_ctx *ctx, const char *text, size_t len) {
  const char *name = strcmp(o->input, "-") ? o->input : "<stdin>";
  Chunk *chunks;
  int n = split_chunks(text, len, o->split_input, &chunks);
  int failed = 0;
  asc_strbuf out;
  asc_sb_init(&out);
  asc_ctx_add_source(ctx, name, text, len);
  if (o->verify_diags)
    asc_ctx_set_quiet(ctx, 1);
  for (int i = 0; i < n; i++) {
    if (i)
      asc_sb_puts(&out, "// -----\n");
    failed |= process(ctx, o, name, &chunks[i], &out);
  }
  if (o->verify_diags)
    failed = check_diagnostics(ctx, name, text, len);
  if (out.len || !failed)
    failed |= write_output(o->output, &out);
  asc_sb_free(&out);
  free(chunks);
  return failed ? 1 : 0;
}

int main(int argc, char **argv) {
  Options o = {0};
  asc_sb_init(&o.pipeline);
  asc_pipeline_opts_init(&o.kp);
  o.emit_line = ASC_EMIT_LINE_DIRECTIVE;
  int r = parse_args(&o, argc, argv);
  if (r) {
    asc_sb_free(&o.pipeline);
    return r < 0 ? 0 : r;
  }
  size_t len = 0;
  char *text = read_input(o.input, &len);
  if (!text) {
    asc_sb_free(&o.pipeline);
    return 1;
  }
  asc_ctx *ctx = asc_ctx_new();
  int status = run(&o, ctx, text, len);
  asc_ctx_free(ctx);
  free(text);
  asc_sb_free(&o.pipeline);
  return status;
}
