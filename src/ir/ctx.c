/* ctx.c - the context: interned strings, registered sources, public wrappers. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "ir/ir.h"

struct asc_source {
  const char *name; /* interned */
  char *text;       /* arena copy; NULL if the file could not be read */
  size_t len;
  asc_source *next;
};

ASC_NORETURN void asc_die_at(const char *file, int line, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fprintf(stderr, "%s:%d: internal error: ", file, line);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  va_end(ap);
  abort();
}

void *asc_xrealloc(void *p, size_t n) {
  if (!(p = realloc(p, n ? n : 1)))
    asc_die("out of memory (%zu bytes)", n);
  return p;
}

void *asc_xcalloc(size_t n, size_t size) {
  void *p = calloc(n ? n : 1, size ? size : 1);
  if (!p)
    asc_die("out of memory (%zu x %zu bytes)", n, size);
  return p;
}

asc_ctx *asc_ctx_new(void) {
  asc_ctx *ctx = calloc(1, sizeof *ctx);
  if (!ctx)
    asc_die("out of memory");
  return ctx;
}

void asc_ctx_free(asc_ctx *ctx) {
  if (!ctx)
    return;
  asc_ctx_clear_diagnostics(ctx);
  free(ctx->types);
  free(ctx->strs);
  asc_arena_free_all(&ctx->arena);
  free(ctx);
}

void asc_ctx_set_diag_handler(asc_ctx *ctx, asc_diag_handler handler, void *user) {
  ctx->handler = handler;
  ctx->handler_user = user;
}

void asc_ctx_set_quiet(asc_ctx *ctx, int quiet) { ctx->quiet = quiet != 0; }
int asc_ctx_error_count(const asc_ctx *ctx) { return ctx->nerrors; }
int asc_ctx_warning_count(const asc_ctx *ctx) { return ctx->nwarnings; }
void asc_free(void *p) { free(p); }

char *asc_ctx_diagnostics(const asc_ctx *ctx) {
  asc_strbuf sb;
  asc_sb_init(&sb);
  asc_sb_puts(&sb, "");
  for (asc_diag_rec *d = ctx->diags; d; d = d->next)
    asc_sb_puts(&sb, d->text);
  return sb.data;
}

int asc_ctx_diag_count(const asc_ctx *ctx) {
  int n = 0;
  for (const asc_diag_rec *d = ctx->diags; d; d = d->next)
    n++;
  return n;
}

const char *asc_ctx_diag_at(const asc_ctx *ctx, int i, int *severity) {
  const asc_diag_rec *d = ctx->diags;
  for (; d && i > 0; i--)
    d = d->next;
  if (!d || i < 0)
    return NULL;
  if (severity)
    *severity = (int)d->sev;
  return d->text;
}

void asc_ctx_clear_diagnostics(asc_ctx *ctx) {
  for (asc_diag_rec *d = ctx->diags, *next; d; d = next) {
    next = d->next;
    free(d->msg);
    free(d->text);
    free(d);
  }
  ctx->diags = ctx->diags_tail = NULL;
  ctx->nerrors = ctx->nwarnings = 0;
}

static uint64_t hashbytes(const char *s, size_t n) {
  uint64_t h = 1469598103934665603ull; /* FNV-1a */
  for (size_t i = 0; i < n; i++)
    h = (h ^ (unsigned char)s[i]) * 1099511628211ull;
  return h;
}

static void growstrs(asc_ctx *ctx) {
  size_t cap = ctx->strs_cap ? ctx->strs_cap * 2 : 256;
  const char **t = calloc(cap, sizeof *t);
  if (!t)
    asc_die("out of memory");
  for (size_t i = 0; i < ctx->strs_cap; i++) {
    const char *s = ctx->strs[i];
    if (!s)
      continue;
    size_t j = hashbytes(s, strlen(s)) & (cap - 1);
    while (t[j])
      j = (j + 1) & (cap - 1);
    t[j] = s;
  }
  free(ctx->strs);
  ctx->strs = t;
  ctx->strs_cap = cap;
}

/* Strings with an embedded NUL are interned up to the NUL: names never hold one. */
const char *asc_intern(asc_ctx *ctx, const char *s, size_t n) {
  const char *nul = memchr(s, '\0', n);
  if (nul)
    n = (size_t)(nul - s);
  if ((ctx->nstrs + 1) * 2 > ctx->strs_cap)
    growstrs(ctx);
  size_t j = hashbytes(s, n) & (ctx->strs_cap - 1);
  for (; ctx->strs[j]; j = (j + 1) & (ctx->strs_cap - 1))
    if (strncmp(ctx->strs[j], s, n) == 0 && ctx->strs[j][n] == '\0')
      return ctx->strs[j];
  ctx->strs[j] = asc_arena_strndup(&ctx->arena, s, n);
  ctx->nstrs++;
  return ctx->strs[j];
}

static asc_source *findsource(asc_ctx *ctx, const char *name) {
  for (asc_source *s = ctx->sources; s; s = s->next)
    if (s->name == name)
      return s;
  return NULL;
}

static asc_source *addsource(asc_ctx *ctx, const char *name, const char *text, size_t len) {
  asc_source *s = ASC_NEW(&ctx->arena, asc_source);
  s->name = name;
  s->text = text ? asc_arena_strndup(&ctx->arena, text, len) : NULL;
  s->len = text ? len : 0;
  s->next = ctx->sources;
  ctx->sources = s;
  return s;
}

void asc_ctx_add_source(asc_ctx *ctx, const char *name, const char *text, size_t len) {
  const char *iname = asc_intern(ctx, name, strlen(name));
  asc_source *s = findsource(ctx, iname);
  if (!s) {
    addsource(ctx, iname, text, len);
    return;
  }
  s->text = asc_arena_strndup(&ctx->arena, text, len);
  s->len = len;
}

int asc_ctx_has_source(asc_ctx *ctx, const char *name) {
  return findsource(ctx, asc_intern(ctx, name, strlen(name))) != NULL;
}

/* Files are read from disk at most once, on the first diagnostic that needs them. A loc in untrusted IR
   may name anything, so only a regular file is read (a FIFO or a device would block or never end), opened
   non-blocking, and at most 64 MiB of it. */
static asc_source *loadsource(asc_ctx *ctx, const char *name) {
  enum { MAX_SOURCE = 64 << 20 };
  int fd = open(name, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
  struct stat st;
  if (fd < 0)
    return addsource(ctx, name, NULL, 0);
  if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || st.st_size > MAX_SOURCE) {
    close(fd);
    return addsource(ctx, name, NULL, 0);
  }
  asc_strbuf sb;
  asc_sb_init(&sb);
  char buf[4096];
  ssize_t n;
  while (sb.len < MAX_SOURCE && (n = read(fd, buf, sizeof buf)) > 0)
    asc_sb_put(&sb, buf, (size_t)n);
  close(fd);
  asc_source *s = addsource(ctx, name, sb.data ? sb.data : "", sb.len);
  asc_sb_free(&sb);
  return s;
}

const char *asc_source_line(asc_ctx *ctx, const char *file, int line, size_t *len) {
  if (!file || line < 1)
    return NULL;
  file = asc_intern(ctx, file, strlen(file));
  asc_source *s = findsource(ctx, file);
  if (!s)
    s = loadsource(ctx, file);
  if (!s->text)
    return NULL;
  const char *p = s->text, *end = s->text + s->len;
  for (int l = 1; l < line; l++) {
    p = memchr(p, '\n', (size_t)(end - p));
    if (!p)
      return NULL;
    p++;
  }
  const char *e = memchr(p, '\n', (size_t)(end - p));
  *len = (size_t)((e ? e : end) - p);
  if (*len && p[*len - 1] == '\r')
    (*len)--;
  return p;
}
