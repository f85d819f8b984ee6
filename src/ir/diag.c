/* diag.c - the one function that formats every diagnostic:
 *   file:line:col: error: message
 *   <source line>
 *   <caret under col>
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir/ir.h"

static const char *sevname(asc_severity sev) {
  switch (sev) {
  case ASC_SEV_NOTE: return "note";
  case ASC_SEV_WARNING: return "warning";
  case ASC_SEV_ERROR: return "error";
  }
  return "error";
}

/* Tabs are kept in the caret line so the caret lines up under the column. */
static void putcaret(asc_ctx *ctx, asc_loc loc, asc_strbuf *sb) {
  size_t len;
  const char *line = asc_source_line(ctx, loc.file, loc.line, &len);
  if (!line)
    return;
  for (size_t i = 0; i < len; i++)
    asc_sb_putc(sb, line[i] == '\0' ? ' ' : line[i]);
  asc_sb_putc(sb, '\n');
  size_t col = loc.col > 0 ? (size_t)loc.col - 1 : 0;
  for (size_t i = 0; i < col && i < len; i++)
    asc_sb_putc(sb, line[i] == '\t' ? '\t' : ' ');
  asc_sb_puts(sb, "^\n");
}

char *asc_diag_text(asc_ctx *ctx, asc_loc loc, asc_severity sev, const char *msg) {
  asc_strbuf sb;
  asc_sb_init(&sb);
  if (loc.file)
    asc_sb_printf(&sb, "%s:%d:%d: ", loc.file, loc.line, loc.col);
  asc_sb_printf(&sb, "%s: %s\n", sevname(sev), msg);
  if (loc.file)
    putcaret(ctx, loc, &sb);
  return sb.data;
}

void asc_vdiag(asc_ctx *ctx, asc_loc loc, asc_severity sev, const char *fmt, va_list ap) {
  asc_strbuf msg;
  asc_sb_init(&msg);
  asc_sb_vprintf(&msg, fmt, ap);
  asc_diag_rec *d = calloc(1, sizeof *d);
  if (!d)
    asc_die("out of memory");
  d->sev = sev;
  d->loc = loc;
  d->msg = msg.data ? msg.data : calloc(1, 1);
  d->text = asc_diag_text(ctx, loc, sev, d->msg);
  if (ctx->diags_tail)
    ctx->diags_tail->next = d;
  else
    ctx->diags = d;
  ctx->diags_tail = d;
  ctx->nerrors += sev == ASC_SEV_ERROR;
  ctx->nwarnings += sev == ASC_SEV_WARNING;
  if (ctx->handler)
    ctx->handler(ctx->handler_user, sev, d->text);
  else if (!ctx->quiet)
    fputs(d->text, stderr);
}

void asc_diag(asc_ctx *ctx, asc_loc loc, asc_severity sev, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  asc_vdiag(ctx, loc, sev, fmt, ap);
  va_end(ap);
}
