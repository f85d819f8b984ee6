/* strbuf.c - a growable NUL-terminated string. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir/ir.h"

void asc_sb_init(asc_strbuf *sb) {
  sb->data = NULL;
  sb->len = sb->cap = 0;
}

void asc_sb_free(asc_strbuf *sb) {
  free(sb->data);
  asc_sb_init(sb);
}

static void reserve(asc_strbuf *sb, size_t extra) {
  if (sb->len + extra + 1 <= sb->cap)
    return;
  size_t cap = sb->cap ? sb->cap * 2 : 128;
  while (cap < sb->len + extra + 1)
    cap *= 2;
  char *p = realloc(sb->data, cap);
  if (!p)
    asc_die("out of memory (%zu bytes)", cap);
  sb->data = p;
  sb->cap = cap;
}

void asc_sb_put(asc_strbuf *sb, const char *s, size_t n) {
  reserve(sb, n);
  if (n)
    memcpy(sb->data + sb->len, s, n);
  sb->len += n;
  sb->data[sb->len] = '\0';
}

void asc_sb_puts(asc_strbuf *sb, const char *s) { asc_sb_put(sb, s, strlen(s)); }

void asc_sb_putc(asc_strbuf *sb, char c) { asc_sb_put(sb, &c, 1); }

void asc_sb_vprintf(asc_strbuf *sb, const char *fmt, va_list ap) {
  va_list ap2;
  va_copy(ap2, ap);
  int n = vsnprintf(NULL, 0, fmt, ap2);
  va_end(ap2);
  if (n < 0)
    return;
  reserve(sb, (size_t)n);
  vsnprintf(sb->data + sb->len, (size_t)n + 1, fmt, ap);
  sb->len += (size_t)n;
}

void asc_sb_printf(asc_strbuf *sb, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  asc_sb_vprintf(sb, fmt, ap);
  va_end(ap);
}
