/* attr.c - attribute constructors, equality and printing. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir/ir.h"

static asc_attr *newattr(asc_module *m, asc_attr_kind kind) {
  asc_attr *a = ASC_NEW(&m->arena, asc_attr);
  a->kind = kind;
  return a;
}

asc_attr *asc_attr_int(asc_module *m, const asc_type *t, int64_t v) {
  asc_attr *a = newattr(m, ASC_ATTR_INT);
  a->type = t;
  a->i = v;
  return a;
}

asc_attr *asc_attr_float(asc_module *m, const asc_type *t, double v) {
  asc_attr *a = newattr(m, ASC_ATTR_FLOAT);
  a->type = t;
  a->f = v;
  return a;
}

asc_attr *asc_attr_bool(asc_module *m, bool v) {
  asc_attr *a = newattr(m, ASC_ATTR_BOOL);
  a->i = v;
  return a;
}

asc_attr *asc_attr_str(asc_module *m, const char *s, size_t n) {
  asc_attr *a = newattr(m, ASC_ATTR_STR);
  a->s = asc_arena_strndup(&m->arena, s, n);
  a->slen = n;
  return a;
}

asc_attr *asc_attr_sym(asc_module *m, const char *s) {
  asc_attr *a = newattr(m, ASC_ATTR_SYM);
  a->s = asc_intern(m->ctx, s, strlen(s));
  a->slen = strlen(a->s);
  return a;
}

asc_attr *asc_attr_type(asc_module *m, const asc_type *t) {
  asc_attr *a = newattr(m, ASC_ATTR_TYPE);
  a->type = t;
  return a;
}

asc_attr *asc_attr_enum(asc_module *m, int kind, int64_t v) {
  asc_attr *a = newattr(m, ASC_ATTR_ENUM);
  a->enum_kind = kind;
  a->i = v;
  return a;
}

asc_attr *asc_attr_unit(asc_module *m) { return newattr(m, ASC_ATTR_UNIT); }

asc_attr *asc_attr_array(asc_module *m, asc_attr *const *elems, int n) {
  asc_attr *a = newattr(m, ASC_ATTR_ARRAY);
  a->elems = ASC_NEW_N(&m->arena, asc_attr *, n > 0 ? n : 1);
  for (int i = 0; i < n; i++)
    a->elems[i] = elems[i];
  a->nelems = n;
  return a;
}

static bool samefloat(double a, double b) {
  return memcmp(&a, &b, sizeof a) == 0 || (a == b && signbit(a) == signbit(b));
}

bool asc_attr_equal(const asc_attr *a, const asc_attr *b) {
  if (a == b)
    return true;
  if (!a || !b || a->kind != b->kind || a->type != b->type)
    return false;
  switch (a->kind) {
  case ASC_ATTR_INT:
  case ASC_ATTR_BOOL: return a->i == b->i;
  case ASC_ATTR_FLOAT: return samefloat(a->f, b->f);
  case ASC_ATTR_STR:
  case ASC_ATTR_SYM: return a->slen == b->slen && memcmp(a->s, b->s, a->slen) == 0;
  case ASC_ATTR_TYPE:
  case ASC_ATTR_UNIT: return true;
  case ASC_ATTR_ENUM: return a->enum_kind == b->enum_kind && a->i == b->i;
  case ASC_ATTR_ARRAY:
    if (a->nelems != b->nelems)
      return false;
    for (int i = 0; i < a->nelems; i++)
      if (!asc_attr_equal(a->elems[i], b->elems[i]))
        return false;
    return true;
  }
  return false;
}

/* Bits of inf/nan for the type, printed in hex: MLIR has no decimal literal for them. */
static void printspecial(double f, const asc_type *t, asc_strbuf *buf) {
  int w = t ? t->width : 64;
  bool bf = t && t->is_bf16;
  uint64_t sign = signbit(f) ? 1 : 0;
  uint64_t bits;
  if (w == 16 && !bf)
    bits = (sign << 15) | (isnan(f) ? 0x7E00 : 0x7C00);
  else if (w == 16)
    bits = (sign << 15) | (isnan(f) ? 0x7FC0 : 0x7F80);
  else if (w == 32)
    bits = (sign << 31) | (isnan(f) ? 0x7FC00000u : 0x7F800000u);
  else
    bits = (sign << 63) | (isnan(f) ? 0x7FF8000000000000ull : 0x7FF0000000000000ull);
  asc_sb_printf(buf, "0x%llX", (unsigned long long)bits);
}

static bool roundtrips(const char *s, double f, const asc_type *t) {
  double g = strtod(s, NULL);
  if (t && t->width == 32)
    return (float)g == (float)f;
  return g == f;
}

/* Shortest decimal that reads back to the same value, always with a '.' (MLIR's float
 * literal needs one): 0.5, 1.0e+20, -0.0. */
static void printfloat(double f, const asc_type *t, asc_strbuf *buf) {
  if (isnan(f) || isinf(f)) {
    printspecial(f, t, buf);
    return;
  }
  char s[64];
  for (int prec = 1; prec <= 17; prec++) {
    snprintf(s, sizeof s, "%.*g", prec, f);
    if (roundtrips(s, f, t))
      break;
  }
  char *e = strpbrk(s, "eE");
  if (!strchr(s, '.')) {
    char tail[64];
    snprintf(tail, sizeof tail, "%s", e ? e : "");
    if (e)
      *e = '\0';
    asc_sb_printf(buf, "%s.0%s", s, tail);
    return;
  }
  asc_sb_puts(buf, s);
}

static void printint(const asc_attr *a, asc_strbuf *buf) {
  const asc_type *t = a->type;
  if (t && t->kind == ASC_TY_INT && t->is_unsigned) {
    uint64_t v = (uint64_t)a->i;
    if (t->width < 64)
      v &= (1ull << t->width) - 1;
    asc_sb_printf(buf, "%llu", (unsigned long long)v);
  } else {
    asc_sb_printf(buf, "%lld", (long long)a->i);
  }
}

void asc_print_string(const char *s, size_t n, asc_strbuf *buf) {
  asc_sb_putc(buf, '"');
  for (size_t i = 0; i < n; i++) {
    unsigned char c = (unsigned char)s[i];
    if (c == '"' || c == '\\')
      asc_sb_printf(buf, "\\%c", c);
    else if ((c >= 0x20 && c < 0x7f))
      asc_sb_putc(buf, (char)c);
    else
      asc_sb_printf(buf, "\\%02X", c);
  }
  asc_sb_putc(buf, '"');
}

bool asc_is_bare_ident(const char *s) {
  if (!*s || !(asc_isalpha(*s) || *s == '_'))
    return false;
  for (; *s; s++)
    if (!(asc_isalnum(*s) || *s == '_' || *s == '$' || *s == '.'))
      return false;
  return true;
}

static void printenum(const asc_attr *a, asc_strbuf *buf) {
  const char *name = asc_enum_name(a->enum_kind, a->i);
  asc_sb_printf(buf, "#asc.%s<", asc_enum_kind_name(a->enum_kind));
  if (name)
    asc_sb_puts(buf, name);
  else
    asc_sb_printf(buf, "%lld", (long long)a->i);
  asc_sb_putc(buf, '>');
}

void asc_attr_print(const asc_attr *a, asc_strbuf *buf) {
  switch (a->kind) {
  case ASC_ATTR_INT:
    printint(a, buf);
    asc_sb_puts(buf, " : ");
    asc_type_print(a->type, buf);
    break;
  case ASC_ATTR_FLOAT:
    printfloat(a->f, a->type, buf);
    asc_sb_puts(buf, " : ");
    asc_type_print(a->type, buf);
    break;
  case ASC_ATTR_BOOL: asc_sb_puts(buf, a->i ? "true" : "false"); break;
  case ASC_ATTR_STR: asc_print_string(a->s, a->slen, buf); break;
  case ASC_ATTR_TYPE: asc_type_print(a->type, buf); break;
  case ASC_ATTR_ENUM: printenum(a, buf); break;
  case ASC_ATTR_SYM:
    asc_sb_putc(buf, '@');
    if (asc_is_bare_ident(a->s))
      asc_sb_puts(buf, a->s);
    else
      asc_print_string(a->s, a->slen, buf);
    break;
  case ASC_ATTR_ARRAY:
    asc_sb_putc(buf, '[');
    for (int i = 0; i < a->nelems; i++) {
      if (i)
        asc_sb_puts(buf, ", ");
      asc_attr_print(a->elems[i], buf);
    }
    asc_sb_putc(buf, ']');
    break;
  case ASC_ATTR_UNIT: asc_sb_puts(buf, "unit"); break;
  }
}
