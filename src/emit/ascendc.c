/* ascendc.c - Ascend C source from openasc IR (docs/emit.md).
 *
 * The module becomes one C++ translation unit in pyasc's shape: `#include "kernel_operator.h"`,
 * each private function as an always-inline __aicore__ function, the kernel as
 * `extern "C" __global__ __aicore__ void name(params..., __gm__ uint64_t* ffts_addr)`.  Every SSA
 * value is a local variable v<N> declared where its op stands; scf.for / scf.if / scf.while become
 * C for / if / while with their carried values as variables declared before the statement.  The
 * spelling of every other op is a row of src/emit/ascendc.def; this file only interprets rows.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "emit/ascendc_int.h"
#include "ir/ir.h"

typedef enum row_kind { K_MISSING, K_FREE, K_MEMBER, K_CTOR, K_EXPR, K_CUSTOM, K_NONE } row_kind;

typedef struct op_row {
  row_kind kind;
  const char *name, *targs, *args;
} op_row;

#define FREE K_FREE
#define MEMBER K_MEMBER
#define CTOR K_CTOR
#define EXPR K_EXPR
#define CUSTOM K_CUSTOM
#define NONE K_NONE
static const op_row rows[ASC_OP_COUNT] = {
#define ASCENDC(id, kind, name, targs, args) [ASC_OP_##id] = {kind, name, targs, args},
#include "emit/ascendc.def"
#undef ASCENDC
};
#undef FREE
#undef MEMBER
#undef CTOR
#undef EXPR
#undef CUSTOM
#undef NONE

static const char *const enum_prefix[ASC_ENUM_COUNT] = {
#define ASCENDC(id, kind, name, targs, args)
#define ASCENDC_ENUM(kind, prefix) [ASC_ENUM_##kind] = prefix,
#include "emit/ascendc.def"
#undef ASCENDC_ENUM
#undef ASCENDC
};

static const char *const struct_spelling[ASC_STRUCT_COUNT] = {
#define ASCENDC(id, kind, name, targs, args)
#define ASCENDC_STRUCT(id, name) [ASC_STRUCT_##id] = name,
#include "emit/ascendc.def"
#undef ASCENDC_STRUCT
#undef ASCENDC
};

static const char *const struct_members[ASC_STRUCT_COUNT] = {
#define ASCENDC(id, kind, name, targs, args)
#define ASCENDC_STRUCT_MEMBERS(id, members) [ASC_STRUCT_##id] = members,
#include "emit/ascendc.def"
#undef ASCENDC_STRUCT_MEMBERS
#undef ASCENDC
};

static const char *const kind_names[] = {"missing", "free", "member", "ctor", "expr", "custom", "none"};

int asc_emit_row_check(char *buf, size_t size) {
  int missing = 0;
  size_t len = 0;
  if (size)
    buf[0] = '\0';
  for (int c = 0; c < ASC_OP_COUNT; c++) {
    int no_enum = c < ASC_ENUM_COUNT && !enum_prefix[c];
    int no_struct = c < ASC_STRUCT_COUNT && !struct_spelling[c];
    if (rows[c].kind != K_MISSING && !no_enum && !no_struct)
      continue;
    missing++;
    const char *what = rows[c].kind == K_MISSING ? asc_opinfos[c].name : no_enum ? asc_enum_kind_name(c)
                                                                                   : asc_struct_name(c);
    int n = snprintf(buf + len, len < size ? size - len : 0, "%s%s", missing > 1 ? " " : "", what);
    if (n > 0)
      len += (size_t)n;
  }
  return missing;
}

int asc_emit_row_info(int op, const char **kind, const char **name, const char **targs, const char **args) {
  if (op < 0 || op >= ASC_OP_COUNT)
    return -1;
  const op_row *r = &rows[op];
  *kind = kind_names[r->kind];
  *name = r->name ? r->name : "";
  *targs = r->targs ? r->targs : "";
  *args = r->args ? r->args : "";
  return 0;
}


void asc_em_ind(Emitter *e) {
  for (int i = 0; i < e->indent; i++)
    asc_sb_puts(e->out, "  ");
}

static const char *cname_of(Emitter *e, const asc_value *v, char *buf, size_t n) {
  uintptr_t id;
  if (!asc_ptrmap_get(&e->names, v, &id)) {
    id = (uintptr_t)++e->next;
    asc_ptrmap_put(&e->names, v, id);
  }
  snprintf(buf, n, "v%d", (int)id - 1);
  return buf;
}

void asc_em_put_name(Emitter *e, asc_strbuf *sb, const asc_value *v) {
  char b[32];
  asc_sb_puts(sb, cname_of(e, v, b, sizeof b));
}

/* ---- types ---------------------------------------------------------------------------------- */

static void put_scalar_type(asc_strbuf *sb, const asc_type *t) {
  switch (t->kind) {
  case ASC_TY_INDEX: asc_sb_puts(sb, "int64_t"); return;
  case ASC_TY_INT:
    if (t->width == 1)
      asc_sb_puts(sb, "bool");
    else
      asc_sb_printf(sb, "%sint%d_t", t->is_unsigned ? "u" : "", t->width < 8 ? 8 : t->width);
    return;
  case ASC_TY_FLOAT:
    asc_sb_puts(sb, t->width == 16 ? (t->is_bf16 ? "bfloat16_t" : "half") : t->width == 32 ? "float" : "double");
    return;
  default: asc_sb_puts(sb, "void"); return;
  }
}

const char *asc_em_pos_name(int pos) {
  const char *s = asc_enum_name(ASC_ENUM_POS, pos);
  return s ? s : "VECCALC";
}

/* The C++ type of t; the element type of a pointer or tensor when elem is set. */
void asc_em_put_type(asc_strbuf *sb, const asc_type *t, int elem) {
  if (elem && t->elem) {
    put_scalar_type(sb, t->elem);
    return;
  }
  switch (t->kind) {
  case ASC_TY_GM: asc_sb_puts(sb, "__gm__ "); put_scalar_type(sb, t->elem); asc_sb_puts(sb, "*"); return;
  case ASC_TY_GTENSOR: asc_sb_puts(sb, "AscendC::GlobalTensor<"); put_scalar_type(sb, t->elem); asc_sb_puts(sb, ">"); return;
  case ASC_TY_LTENSOR: asc_sb_puts(sb, "AscendC::LocalTensor<"); put_scalar_type(sb, t->elem); asc_sb_puts(sb, ">"); return;
  case ASC_TY_QUEUE:
    if (t->pos2 >= 0 && t->pos2 != t->pos)
      asc_sb_printf(sb, "AscendC::TQueBind<AscendC::TPosition::%s, AscendC::TPosition::%s, %d>", asc_em_pos_name(t->pos),
                    asc_em_pos_name(t->pos2), t->depth);
    else
      asc_sb_printf(sb, "AscendC::TQue<AscendC::TPosition::%s, %d>", asc_em_pos_name(t->pos), t->depth);
    return;
  case ASC_TY_TBUF: asc_sb_printf(sb, "AscendC::TBuf<AscendC::TPosition::%s>", asc_em_pos_name(t->pos)); return;
  case ASC_TY_PIPE: asc_sb_puts(sb, "AscendC::TPipe"); return;
  case ASC_TY_STRUCT: { /* a templated struct's argument is known only where emit_struct builds it */
    const char *sp = struct_spelling[t->struct_id], *tp = strstr(sp, "<%@>");
    if (tp) {
      asc_sb_put(sb, sp, (size_t)(tp - sp));
      asc_sb_puts(sb, tp + 4);
    } else
      asc_sb_puts(sb, sp);
    return;
  }
  default: put_scalar_type(sb, t); return;
  }
}

static void put_cstring(asc_strbuf *sb, const char *s, size_t n);

/* ---- locations ------------------------------------------------------------------------------ */

/* The line a C++ compiler gives the next output line: the last #line's, plus the lines written since.
 * __builtin_LINE() of a call (the header's running mode) is this line, so a statement gets a directive
 * whenever the line it would be given is not its op's. */
static int presumed_line(const Emitter *e) {
  int n = e->line;
  for (size_t i = e->mark; i < e->out->len; i++)
    n += e->out->data[i] == '\n';
  return n;
}

void asc_em_put_line(Emitter *e, const asc_op *op) {
  asc_loc l = op->loc;
  if (e->line_mode == ASC_EMIT_LINE_NONE || !l.file || l.line <= 0)
    return;
  if (e->file == l.file && (e->line_mode == ASC_EMIT_LINE_COMMENT ? e->line : presumed_line(e)) == l.line)
    return;
  e->file = l.file;
  e->line = l.line;
  if (e->line_mode == ASC_EMIT_LINE_COMMENT) {
    asc_em_ind(e);
    asc_sb_printf(e->out, "// %s:%d\n", l.file, l.line);
  } else {
    asc_sb_printf(e->out, "#line %d ", l.line);
    put_cstring(e->out, l.file, strlen(l.file));
    asc_sb_putc(e->out, '\n');
    e->mark = e->out->len;
  }
}

int asc_em_fail(Emitter *e, const asc_op *op, const char *fmt, const char *a, const char *b) {
  asc_error(e->ctx, asc_op_diag_loc(op), fmt, a, b);
  e->errors++;
  return -1;
}

/* `{` at op's line, the statements after it one level in; the number of its temporaries */
int asc_em_open_scope(Emitter *e, const asc_op *op) {
  asc_em_put_line(e, op);
  asc_em_ind(e);
  asc_sb_puts(e->out, "{\n");
  e->indent++;
  return e->ntemps++;
}

void asc_em_close_scope(Emitter *e) {
  e->indent--;
  asc_em_ind(e);
  asc_sb_puts(e->out, "}\n");
}

/* ---- templates (ascendc.def) --------------------------------------------------------------- */

/* The values operand name stands for: [*first, *first + *count). */
static int operand_span(const asc_op *op, const char *name, size_t len, int *first, int *count) {
  char nm[64];
  if (len >= sizeof nm)
    return -1;
  memcpy(nm, name, len);
  nm[len] = '\0';
  int i = asc_op_operand_index(op->code, nm);
  if (i < 0)
    return -1;
  const char *c;
  size_t clen;
  int nsig = asc_sig_count(asc_opinfos[op->code].operands);
  *first = i;
  int variadic = asc_sig_constraint(asc_opinfos[op->code].operands, i, &c, &clen) == 0 && clen && c[0] == '*';
  /* a variadic operand takes what the operands after it leave */
  *count = variadic ? op->noperands - (nsig - 1 - i) - i : (i < op->noperands ? 1 : 0);
  if (*count < 0)
    *count = 0;
  return 0;
}

/* A C++ string literal (octal escapes: a hex escape would swallow a following hex digit). */
static void put_cstring(asc_strbuf *sb, const char *s, size_t n) {
  asc_sb_putc(sb, '"');
  for (size_t i = 0; i < n; i++) {
    unsigned char c = (unsigned char)s[i];
    if (c == '"' || c == '\\')
      asc_sb_printf(sb, "\\%c", c);
    else if (c == '\n')
      asc_sb_puts(sb, "\\n");
    else if (c == '\t')
      asc_sb_puts(sb, "\\t");
    else if (c < 0x20 || c >= 0x7f)
      asc_sb_printf(sb, "\\%03o", c);
    else
      asc_sb_putc(sb, (char)c);
  }
  asc_sb_putc(sb, '"');
}

static void put_attr(Emitter *e, asc_strbuf *sb, const asc_attr *a) {
  switch (a->kind) {
  case ASC_ATTR_INT: asc_sb_printf(sb, "%lld", (long long)a->i); break;
  case ASC_ATTR_BOOL: asc_sb_puts(sb, a->i ? "true" : "false"); break;
  case ASC_ATTR_FLOAT: asc_sb_printf(sb, "%.9g", a->f); break;
  case ASC_ATTR_STR: put_cstring(sb, a->s, a->slen); break;
  case ASC_ATTR_TYPE: asc_em_put_type(sb, a->type, 0); break;
  case ASC_ATTR_ENUM: {
    const char *m = asc_enum_name(a->enum_kind, a->i);
    asc_sb_printf(sb, "%s%s", enum_prefix[a->enum_kind] ? enum_prefix[a->enum_kind] : "", m ? m : "?");
    break;
  }
  default: asc_sb_puts(sb, "0"); (void)e; break;
  }
}

static size_t ident_len(const char *s) {
  size_t n = 0;
  while (asc_isalnum(s[n]) || s[n] == '_')
    n++;
  return n;
}

static const asc_attr *attr_n(const asc_op *op, const char *s, size_t n) {
  char nm[64];
  if (n >= sizeof nm)
    return NULL;
  memcpy(nm, s, n);
  nm[n] = '\0';
  return asc_op_attr(op, nm);
}

static int expand(Emitter *e, const asc_op *op, const char *s, size_t n, asc_strbuf *sb, asc_strbuf *pre);

/* The words of a {a, b} mask, each converted to uint64_t (the IR's i64 would narrow in braces). */
static int expand_mask_words(Emitter *e, const asc_op *op, const char *s, size_t n, asc_strbuf *sb, asc_strbuf *pre) {
  size_t start = 0;
  for (size_t i = 0; i <= n; i++) {
    if (i < n && s[i] != ',')
      continue;
    while (start < i && s[start] == ' ')
      start++;
    asc_sb_puts(sb, start ? ", static_cast<uint64_t>(" : "static_cast<uint64_t>(");
    int r = expand(e, op, s + start, i - start, sb, pre);
    if (r)
      return r;
    asc_sb_putc(sb, ')');
    start = i + 1;
  }
  return 0;
}

/* `uint32_t sN[k] = {dims}; t.SetShapeInfo(AscendC::ShapeInfo(k, sN));` into pre for a shape attribute the
 * IR keeps where Python's set_shape_info gave the tensor one (SetShapeInfo's and ShapeInfo's pages); nothing
 * when the attribute is absent or the same statement is already there (src and dst the same tensor).
 * -1: not an array of ints. */
static int put_shape_info(Emitter *e, const asc_value *t, const asc_attr *a, asc_strbuf *pre) {
  if (!a)
    return 0;
  if (a->kind != ASC_ATTR_ARRAY || a->nelems < 1 || a->nelems > 8)
    return -1;
  asc_strbuf dims, name;
  asc_sb_init(&dims);
  asc_sb_init(&name);
  for (int k = 0; k < a->nelems; k++) {
    if (a->elems[k]->kind != ASC_ATTR_INT || a->elems[k]->i < 0) {
      asc_sb_free(&dims);
      return -1;
    }
    asc_sb_printf(&dims, "%s%lld", k ? ", " : "", (long long)a->elems[k]->i);
  }
  asc_em_put_name(e, &name, t);
  char key[64];
  snprintf(key, sizeof key, "%.40s.SetShapeInfo(", name.data);
  if (!pre->data || !strstr(pre->data, key)) { /* the dims of the same attribute: the same statement */
    int n = e->ntemps++;
    asc_sb_printf(pre, "uint32_t s%d[%d] = {%s};\n%sAscendC::ShapeInfo(%d, s%d));\n", n, a->nelems, dims.data, key,
                  a->nelems, n);
  }
  asc_sb_free(&dims);
  asc_sb_free(&name);
  return 0;
}

/* `Type pN;` and `pN.m = item;` per member into pre, pN into sb: a parameter struct whose fields the IR
 * passes one by one (CheckLocalMemoryIA's CheckLocalMemoryIAParam).  Assigned, not braced: an IR value
 * narrower or wider than the member compiles either way, and an aggregate and a class with a constructor
 * alike take it.  A member whose item is absent keeps its default. */
static int expand_members(Emitter *e, const asc_op *op, const char *s, size_t n, asc_strbuf *sb, asc_strbuf *pre) {
  const char *colon = s;
  while (colon < s + n && (*colon != ':' || colon[1] == ':' || (colon > s && colon[-1] == ':')))
    colon++; /* the first ':' not of a `::` */
  if (colon >= s + n)
    return -1;
  int t = e->ntemps++;
  asc_strbuf body;
  asc_sb_put(pre, s, (size_t)(colon - s));
  asc_sb_printf(pre, " p%d;\n", t);
  int rc = 0;
  for (const char *p = colon + 1, *end = s + n; p < end && rc >= 0;) {
    while (p < end && (*p == ' ' || *p == ','))
      p++;
    const char *eq = p;
    while (eq < end && *eq != '=' && *eq != ',')
      eq++;
    const char *stop = eq;
    while (stop < end && *stop != ',')
      stop++;
    if (eq >= stop || *eq != '=') {
      rc = -1;
      break;
    }
    asc_sb_init(&body);
    rc = expand(e, op, eq + 1, (size_t)(stop - eq - 1), &body, pre);
    if (rc == 0) {
      asc_sb_printf(pre, "p%d.", t);
      asc_sb_put(pre, p, (size_t)(eq - p));
      asc_sb_puts(pre, " = ");
      asc_sb_put(pre, body.data, body.len);
      asc_sb_puts(pre, ";\n");
    }
    asc_sb_free(&body);
    p = stop;
  }
  if (rc < 0)
    return -1;
  asc_sb_printf(sb, "p%d", t);
  return 0;
}

/* Expand one template item into sb.  0 ok, 1 the item names something absent (drop it), -1 error. */
static int expand(Emitter *e, const asc_op *op, const char *s, size_t n, asc_strbuf *sb, asc_strbuf *pre) {
  for (size_t i = 0; i < n;) {
    char c = s[i];
    if (c == '$' && i + 1 < n && s[i + 1] == '@') { /* $@, $@N, $@N:type (the type is the declaration's) */
      int k = 0;
      i += 2;
      if (i < n && s[i] >= '0' && s[i] <= '9')
        k = s[i++] - '0';
      if (k >= op->nresults)
        return -1;
      asc_em_put_name(e, sb, &op->results[k]);
      if (i < n && s[i] == ':')
        i += 1 + ident_len(s + i + 1);
    } else if (c == '$') {
      size_t l = ident_len(s + i + 1);
      int first, count;
      if (operand_span(op, s + i + 1, l, &first, &count))
        return -1;
      if (count == 0)
        return 1;
      for (int k = 0; k < count; k++) {
        if (k)
          asc_sb_puts(sb, ", ");
        asc_em_put_name(e, sb, op->operands[first + k]);
      }
      i += 1 + l;
      if (i + 1 < n && s[i] == '|' && s[i + 1] == '#') { /* $x|#a: x's ShapeInfo from attribute a */
        size_t al = ident_len(s + i + 2);
        if (put_shape_info(e, op->operands[first], attr_n(op, s + i + 2, al), pre))
          return -1;
        i += 2 + al;
      }
    } else if (c == '#') {
      size_t l = ident_len(s + i + 1);
      const asc_attr *a = attr_n(op, s + i + 1, l);
      if (!a)
        return 1;
      i += 1 + l;
      if (i < n && s[i] == ':') { /* #x:kind: an int attribute named as a member of enum kind */
        size_t kl = ident_len(s + i + 1);
        int kind = asc_enum_kind_lookup(s + i + 1, kl);
        const char *m = kind >= 0 && a->kind == ASC_ATTR_INT ? asc_enum_name(kind, a->i) : NULL;
        if (!m || !enum_prefix[kind])
          return -1;
        asc_sb_printf(sb, "%s%s", enum_prefix[kind], m);
        i += 1 + kl;
        continue;
      }
      put_attr(e, sb, a);
    } else if ((c == '%' || c == '^') && i + 1 < n && (s[i + 1] == '@' || s[i + 1] == '#')) {
      int is_attr = s[i + 1] == '#';
      size_t l = ident_len(s + i + 2);
      const asc_type *t = NULL;
      if (is_attr) {
        const asc_attr *a = attr_n(op, s + i + 2, l);
        if (!a)
          return 1;
        t = a->type;
      } else if (l == 0) {
        t = op->nresults ? op->results[0].type : NULL;
      } else {
        int first, count;
        if (operand_span(op, s + i + 2, l, &first, &count))
          return -1;
        if (count == 0)
          return 1;
        t = op->operands[first]->type;
      }
      if (!t)
        return -1;
      if (c == '^')
        asc_sb_printf(sb, "uint%d_t", asc_type_bytes(t) * 8);
      else
        asc_em_put_type(sb, t, 1);
      i += 2 + l;
    } else if (c == '[' && i == 0) { /* an item [Type: m=item, ...]: a Type temporary assigned member by member */
      size_t close = i;
      while (close < n && s[close] != ']')
        close++;
      int r = expand_members(e, op, s + i + 1, close - i - 1, sb, pre);
      if (r)
        return r;
      i = close + 1;
    } else if (c == '{') {
      /* a uint64_t[2] temporary declared before the statement */
      size_t close = i;
      while (close < n && s[close] != '}')
        close++;
      asc_strbuf inner;
      asc_sb_init(&inner);
      int r = expand_mask_words(e, op, s + i + 1, close - i - 1, &inner, pre);
      if (r == 0) {
        asc_sb_printf(pre, "uint64_t m%d[2] = {", e->ntemps);
        asc_sb_put(pre, inner.data, inner.len);
        asc_sb_puts(pre, "};\n");
        asc_sb_printf(sb, "m%d", e->ntemps++);
      }
      asc_sb_free(&inner);
      if (r)
        return r;
      i = close + 1;
    } else {
      asc_sb_putc(sb, c);
      i++;
    }
  }
  return 0;
}

/* Expand a comma-separated template (commas inside (), <>, {}, [] belong to their item). */
static int expand_list(Emitter *e, const asc_op *op, const char *tmpl, asc_strbuf *sb, asc_strbuf *pre) {
  const char *p = tmpl;
  int first = 1;
  while (*p) {
    while (*p == ' ')
      p++;
    const char *start = p;
    int depth = 0;
    while (*p && !(depth == 0 && *p == ',')) {
      depth += (*p == '(' || *p == '<' || *p == '{' || *p == '[') - (*p == ')' || *p == '>' || *p == '}' || *p == ']');
      p++;
    }
    asc_strbuf item;
    asc_sb_init(&item);
    int r = expand(e, op, start, (size_t)(p - start), &item, pre);
    if (r == 0) {
      if (!first)
        asc_sb_puts(sb, ", ");
      asc_sb_put(sb, item.data, item.len);
      first = 0;
    }
    asc_sb_free(&item);
    if (r < 0)
      return -1;
    if (*p == ',')
      p++;
  }
  return 0;
}

/* Whether a `?` template names an attribute the op has. */
static int template_wanted(const asc_op *op, const char *t) {
  if (t[0] != '?')
    return t[0] != '\0';
  for (const char *p = t; *p; p++)
    if (*p == '#' && p[-1] != '%' && attr_n(op, p + 1, ident_len(p + 1)))
      return 1;
  return 0;
}

static void all_operands(Emitter *e, const asc_op *op, int from, asc_strbuf *sb) {
  for (int i = from; i < op->noperands; i++) {
    if (i > from)
      asc_sb_puts(sb, ", ");
    asc_em_put_name(e, sb, op->operands[i]);
  }
}

/* `T vN = ` for an op whose result is used, else nothing. */
static int result_used(const Emitter *e, const asc_op *op);

static void put_decl_prefix(Emitter *e, const asc_op *op, asc_strbuf *sb) {
  if (op->nresults == 1 && result_used(e, op)) {
    asc_em_put_type(sb, op->results[0].type, 0);
    asc_sb_putc(sb, ' ');
    asc_em_put_name(e, sb, &op->results[0]);
    asc_sb_puts(sb, " = ");
  }
}

/* The results a row passes as out-parameters ($@N[:type] among its arguments), declared `= 0` before the
 * call: with the row's type, else the unsigned type of the result's width. */
static void out_params(Emitter *e, const asc_op *op, const char *args, asc_strbuf *decl) {
  for (int k = 0; k < op->nresults; k++) {
    const char *ty = NULL;
    size_t tl = 0;
    for (const char *p = strstr(args, "$@"); p; p = strstr(p + 2, "$@")) {
      int idx = p[2] >= '0' && p[2] <= '9' ? p[2] - '0' : 0;
      const char *after = p + 2 + (p[2] >= '0' && p[2] <= '9');
      if (idx != k)
        continue;
      if (*after == ':')
        ty = after + 1, tl = ident_len(after + 1);
      break;
    }
    if (decl->len)
      asc_sb_putc(decl, ' ');
    if (ty)
      asc_sb_put(decl, ty, tl);
    else
      asc_sb_printf(decl, "uint%d_t", asc_type_bytes(op->results[k].type) * 8);
    asc_sb_putc(decl, ' ');
    asc_em_put_name(e, decl, &op->results[k]);
    asc_sb_puts(decl, " = 0;");
  }
}

static int emit_by_row(Emitter *e, const asc_op *op) {
  const op_row *r = &rows[op->code];
  asc_strbuf pre, sb, decl;
  asc_sb_init(&pre);
  asc_sb_init(&sb);
  asc_sb_init(&decl);
  int rc = 0;
  switch (r->kind) {
  case K_FREE:
  case K_MEMBER: {
    /* `$@` among the arguments: Ascend C returns the result through an out-parameter (GatherMask's
     * rsvdCnt, a uint64_t&), declared before the call with the unsigned type of the result's width */
    if (strstr(r->args, "$@") && op->nresults >= 1) {
      out_params(e, op, r->args, &decl);
    } else {
      put_decl_prefix(e, op, &sb);
    }
    if (r->kind == K_MEMBER) {
      if (op->noperands < 1) {
        rc = asc_em_fail(e, op, "'%s' has no object to call %s on (src/emit/ascendc.def)", asc_op_name(op), r->name);
        break;
      }
      asc_em_put_name(e, &sb, op->operands[0]);
      asc_sb_putc(&sb, '.');
    }
    asc_sb_puts(&sb, r->name);
    if (template_wanted(op, r->targs)) {
      asc_sb_putc(&sb, '<');
      rc = expand_list(e, op, r->targs + (r->targs[0] == '?'), &sb, &pre);
      asc_sb_putc(&sb, '>');
    }
    asc_sb_putc(&sb, '(');
    if (r->args[0])
      rc |= expand_list(e, op, r->args, &sb, &pre);
    else
      all_operands(e, op, r->kind == K_MEMBER, &sb);
    asc_sb_puts(&sb, ");");
    break;
  }
  case K_CTOR:
    if (op->results[0].type->kind == ASC_TY_INT) /* a handle in the IR: the row names the object's type */
      asc_sb_puts(&sb, r->name);
    else
      asc_em_put_type(&sb, op->results[0].type, 0);
    asc_sb_putc(&sb, ' ');
    asc_em_put_name(e, &sb, &op->results[0]);
    if (r->args[0] || op->noperands) {
      asc_sb_putc(&sb, '(');
      if (r->args[0])
        rc = expand_list(e, op, r->args, &sb, &pre);
      else
        all_operands(e, op, 0, &sb);
      asc_sb_putc(&sb, ')');
    }
    asc_sb_putc(&sb, ';');
    break;
  case K_EXPR:
    put_decl_prefix(e, op, &sb);
    rc = expand(e, op, r->name, strlen(r->name), &sb, &pre);
    asc_sb_putc(&sb, ';');
    break;
  case K_NONE: rc = asc_em_fail(e, op, "'%s' has no Ascend C form: %s", asc_op_name(op), r->name); break;
  default:
    rc = asc_em_fail(e, op, "'%s' has no Ascend C spelling (no row in %s)", asc_op_name(op), "src/emit/ascendc.def");
    break;
  }
  if (rc > 0 || (rc < 0 && r->kind != K_NONE && r->kind != K_MISSING && !e->errors))
    rc = asc_em_fail(e, op, "bad Ascend C template for '%s' in %s", asc_op_name(op), "src/emit/ascendc.def");
  if (rc == 0 && sb.len) {
    asc_em_put_line(e, op);
    if (decl.len) {
      asc_em_ind(e);
      asc_sb_put(e->out, decl.data, decl.len);
      asc_sb_putc(e->out, '\n');
    }
    if (pre.len) {
      asc_em_ind(e);
      asc_sb_puts(e->out, "{\n");
      e->indent++;
      for (char *p = pre.data; *p;) {
        char *nl = strchr(p, '\n');
        asc_em_ind(e);
        asc_sb_put(e->out, p, (size_t)(nl - p + 1));
        p = nl + 1;
      }
    }
    asc_em_put_line(e, op); /* again: the declaration and the mask temporary moved the call's presumed line */
    asc_em_ind(e);
    asc_sb_put(e->out, sb.data, sb.len);
    asc_sb_putc(e->out, '\n');
    if (pre.len) {
      e->indent--;
      asc_em_ind(e);
      asc_sb_puts(e->out, "}\n");
    }
  }
  asc_sb_free(&pre);
  asc_sb_free(&decl);
  asc_sb_free(&sb);
  return rc ? -1 : 0;
}

/* ---- uses ----------------------------------------------------------------------------------- */

/* A pure value the emitter leaves out when nobody reads it (an EXPR row, a literal, a comparison). */
static int droppable(const asc_op *op) {
  return asc_em_matmul_internal(op) || (op->nresults == 1 &&
         (rows[op->code].kind == K_EXPR || op->code == ASC_OP_CONSTANT || op->code == ASC_OP_CMPI || op->code == ASC_OP_CMPF));
}

/* The operands of an op that is emitted are used; an op left out uses nothing (so its operands are left
 * out in turn: mark_uses runs until nothing changes). */

static void mark_uses(asc_op *op, void *user) {
  asc_ptrmap *used = user;
  uintptr_t v;
  if (droppable(op) && !asc_ptrmap_get(used, op, &v))
    return;
  for (int i = 0; i < op->noperands; i++)
    if (op->operands[i]->def && !asc_ptrmap_get(used, op->operands[i]->def, &v) && asc_em_matmul_prints(op, i))
      asc_ptrmap_put(used, op->operands[i]->def, 1);
}

/* Whether any result of op is an operand somewhere in its function (the set emit_func fills). */
static int result_used(const Emitter *e, const asc_op *op) {
  uintptr_t v;
  return asc_ptrmap_get(&e->used, op, &v);
}

/* ---- structure ------------------------------------------------------------------------------ */

static int emit_block(Emitter *e, const asc_block *b);

static void put_float(asc_strbuf *sb, double f, const asc_type *t) {
  if (isinf(f) || isnan(f)) {
    asc_sb_printf(sb, "%s__builtin_%s%s()", isinf(f) && f < 0 ? "-" : "", isnan(f) ? "nan" : "inf",
                  t->width == 64 ? "" : "f");
    if (isnan(f)) /* __builtin_nanf takes a string */
      sb->len -= 1, asc_sb_puts(sb, "\"\")");
    return;
  }
  char num[64];
  snprintf(num, sizeof num, t->width == 64 ? "%.17g" : "%.9g", f);
  asc_sb_puts(sb, num);
  if (!strpbrk(num, ".e"))
    asc_sb_puts(sb, ".0");
  if (t->width != 64)
    asc_sb_putc(sb, 'f');
}

static int emit_constant(Emitter *e, const asc_op *op) {
  const asc_attr *a = asc_op_attr(op, "value");
  if (!a)
    return asc_em_fail(e, op, "'%s' without a value%s", asc_op_name(op), "");
  if (!result_used(e, op))
    return 0;
  const asc_type *t = op->results[0].type;
  asc_em_put_line(e, op);
  asc_em_ind(e);
  asc_sb_puts(e->out, "const ");
  asc_em_put_type(e->out, t, 0);
  asc_sb_putc(e->out, ' ');
  asc_em_put_name(e, e->out, &op->results[0]);
  asc_sb_puts(e->out, " = ");
  int half = t->kind == ASC_TY_FLOAT && t->width == 16;
  if (half) {
    asc_em_put_type(e->out, t, 0);
    asc_sb_putc(e->out, '(');
  }
  if (a->kind == ASC_ATTR_FLOAT)
    put_float(e->out, a->f, half ? asc_type_float(e->ctx, 32, false) : t);
  else if (a->kind == ASC_ATTR_BOOL || (t->kind == ASC_TY_INT && t->width == 1))
    asc_sb_puts(e->out, a->i ? "true" : "false");
  else if (t->kind == ASC_TY_FLOAT)
    put_float(e->out, (double)a->i, half ? asc_type_float(e->ctx, 32, false) : t);
  else if (a->i == INT64_MIN)
    asc_sb_puts(e->out, "INT64_MIN");
  else
    asc_sb_printf(e->out, "%lld%s", (long long)a->i, t->width == 64 || t->kind == ASC_TY_INDEX ? "LL" : "");
  if (half)
    asc_sb_putc(e->out, ')');
  asc_sb_puts(e->out, ";\n");
  return 0;
}

static int emit_cmp(Emitter *e, const asc_op *op) {
  const asc_attr *a = asc_op_attr(op, "predicate");
  int p = a ? (int)a->i : -1;
  if (!result_used(e, op))
    return 0;
  asc_strbuf l, r, sb;
  asc_sb_init(&l);
  asc_sb_init(&r);
  asc_sb_init(&sb);
  asc_em_put_name(e, &l, op->operands[0]);
  asc_em_put_name(e, &r, op->operands[1]);
  static const char *const iops[] = {"==", "!=", "<", "<=", ">", ">=", "<", "<=", ">", ">="};
  int rc = 0;
  if (op->code == ASC_OP_CMPI && p >= 0 && p <= 9) {
    if (p >= 6) { /* unsigned: compare as the operands' width, unsigned */
      int w = asc_type_bytes(op->operands[0]->type) * 8;
      asc_sb_printf(&sb, "static_cast<uint%d_t>(%s) %s static_cast<uint%d_t>(%s)", w, l.data, iops[p], w, r.data);
    } else
      asc_sb_printf(&sb, "%s %s %s", l.data, iops[p], r.data);
  } else if (op->code == ASC_OP_CMPF && p >= 0 && p <= 15) {
    /* MLIR numbering: ordered (o*) are false on NaN, unordered (u*) true */
    static const char *const f[] = {
        "false", "%s == %s", "%s > %s", "%s >= %s", "%s < %s", "%s <= %s", "(%s < %s || %s > %s)",
        "(%s == %s && %s == %s)", "!(%s < %s || %s > %s)", "!(%s <= %s)", "!(%s < %s)", "!(%s >= %s)",
        "!(%s > %s)", "%s != %s", "(%s != %s || %s != %s)", "true"};
    const char *L = l.data, *R = r.data;
    if (p == 7 || p == 14)
      asc_sb_printf(&sb, f[p], L, L, R, R);
    else
      asc_sb_printf(&sb, f[p], L, R, L, R);
  } else
    rc = asc_em_fail(e, op, "'%s' with an unknown predicate%s", asc_op_name(op), "");
  if (!rc) {
    asc_em_put_line(e, op);
    asc_em_ind(e);
    asc_sb_puts(e->out, "bool ");
    asc_em_put_name(e, e->out, &op->results[0]);
    asc_sb_printf(e->out, " = %s;\n", sb.data);
  }
  asc_sb_free(&l);
  asc_sb_free(&r);
  asc_sb_free(&sb);
  return rc;
}

static int emit_struct(Emitter *e, const asc_op *op) {
  const asc_type *t = op->results[0].type;
  const char *sp = struct_spelling[t->struct_id];
  asc_em_put_line(e, op);
  asc_em_ind(e);
  const char *tp = strstr(sp, "%@");
  if (tp) { /* a templated struct takes the element type of its first user's operand 0 */
    asc_sb_put(e->out, sp, (size_t)(tp - sp));
    const asc_type *et = NULL;
    for (const asc_op *u = op->next; u && !et; u = u->next)
      for (int i = 0; i < u->noperands && !et; i++)
        if (u->operands[i] == &op->results[0]) {
          const asc_attr *dt = asc_op_attr(u, "dtype"); /* the output type a user names (SetAippFunctions) */
          et = dt && dt->kind == ASC_ATTR_TYPE ? dt->type : u->noperands > 0 ? u->operands[0]->type->elem : NULL;
        }
    if (et)
      put_scalar_type(e->out, et);
    else
      asc_sb_puts(e->out, "half");
    asc_sb_puts(e->out, tp + 2);
  } else
    asc_sb_puts(e->out, sp);
  asc_sb_putc(e->out, ' ');
  asc_em_put_name(e, e->out, &op->results[0]);
  const char *mem = struct_members[t->struct_id];
  if (op->noperands && !mem) {
    asc_sb_putc(e->out, '(');
    all_operands(e, op, 0, e->out);
    asc_sb_putc(e->out, ')');
  }
  asc_sb_puts(e->out, ";\n");
  for (int i = 0; mem && *mem && i < op->noperands; i++) { /* an aggregate: member by member */
    while (*mem == ' ' || *mem == ',')
      mem++;
    size_t n = strcspn(mem, ",");
    asc_em_ind(e);
    asc_em_put_name(e, e->out, &op->results[0]);
    asc_sb_putc(e->out, '.');
    asc_sb_put(e->out, mem, n);
    asc_sb_puts(e->out, " = ");
    asc_em_put_name(e, e->out, op->operands[i]);
    asc_sb_puts(e->out, ";\n");
    mem += n;
  }
  return 0;
}

static void declare(Emitter *e, const asc_value *v) {
  asc_em_ind(e);
  asc_em_put_type(e->out, v->type, 0);
  asc_sb_putc(e->out, ' ');
  asc_em_put_name(e, e->out, v);
  asc_sb_puts(e->out, ";\n");
}

static void assign(Emitter *e, const asc_value *to, const asc_value *from) {
  if (to == from)
    return;
  asc_em_ind(e);
  asc_em_put_name(e, e->out, to);
  asc_sb_puts(e->out, " = ");
  asc_em_put_name(e, e->out, from);
  asc_sb_puts(e->out, ";\n");
}

/* The values carried out of a region: its terminator's operands go to `to` (skipping `skip` first ones). */
static void assign_yield(Emitter *e, const asc_block *b, asc_value *to, int nto, int skip) {
  asc_op *t = b ? asc_block_terminator(b) : NULL;
  if (!t)
    return;
  for (int i = 0; i < nto && i + skip < t->noperands; i++)
    assign(e, &to[i], t->operands[i + skip]);
}

static int emit_body(Emitter *e, const asc_block *b) {
  e->indent++;
  int rc = emit_block(e, b);
  e->indent--;
  return rc;
}

static int emit_for(Emitter *e, const asc_op *op) {
  const asc_block *b = op->regions[0].block;
  asc_em_put_line(e, op);
  for (int i = 0; i < op->nresults; i++) { /* carried values */
    declare(e, &op->results[i]);
    assign(e, &op->results[i], op->operands[3 + i]);
  }
  asc_em_ind(e);
  char iv[32], lb[32], ub[32], st[32];
  cname_of(e, b->args[0], iv, sizeof iv);
  cname_of(e, op->operands[0], lb, sizeof lb);
  cname_of(e, op->operands[1], ub, sizeof ub);
  cname_of(e, op->operands[2], st, sizeof st);
  asc_sb_printf(e->out, "for (int64_t %s = %s; %s < %s; %s += %s) {\n", iv, lb, iv, ub, iv, st);
  /* the body's carried arguments are the result variables */
  for (int i = 1; i < b->nargs && i - 1 < op->nresults; i++) {
    uintptr_t id;
    if (asc_ptrmap_get(&e->names, &op->results[i - 1], &id))
      asc_ptrmap_put(&e->names, b->args[i], id);
  }
  int rc = emit_body(e, b);
  e->indent++;
  assign_yield(e, b, op->results, op->nresults, 0);
  e->indent--;
  asc_em_ind(e);
  asc_sb_puts(e->out, "}\n");
  return rc;
}

static int emit_if(Emitter *e, const asc_op *op) {
  asc_em_put_line(e, op);
  for (int i = 0; i < op->nresults; i++)
    declare(e, &op->results[i]);
  asc_em_ind(e);
  asc_sb_puts(e->out, "if (");
  asc_em_put_name(e, e->out, op->operands[0]);
  asc_sb_puts(e->out, ") {\n");
  int rc = 0;
  for (int r = 0; r < 2 && r < op->nregions; r++) {
    const asc_block *b = op->regions[r].block;
    if (r == 1) {
      if (!b || !b->first || (!b->first->next && op->nresults == 0))
        break; /* an empty else */
      asc_em_ind(e);
      asc_sb_puts(e->out, "} else {\n");
    }
    if (b) {
      rc |= emit_body(e, b);
      e->indent++;
      assign_yield(e, b, op->results, op->nresults, 0);
      e->indent--;
    }
  }
  asc_em_ind(e);
  asc_sb_puts(e->out, "}\n");
  return rc;
}

static int emit_while(Emitter *e, const asc_op *op) {
  const asc_block *before = op->regions[0].block, *after = op->regions[1].block;
  asc_em_put_line(e, op);
  /* the before region's arguments hold the loop state; the results are what scf.condition passes */
  for (int i = 0; i < before->nargs; i++) {
    declare(e, before->args[i]);
    if (i < op->noperands)
      assign(e, before->args[i], op->operands[i]);
  }
  for (int i = 0; i < op->nresults; i++)
    declare(e, &op->results[i]);
  asc_em_ind(e);
  asc_sb_puts(e->out, "while (true) {\n");
  int rc = emit_body(e, before);
  asc_op *cond = asc_block_terminator(before);
  e->indent++;
  if (cond) {
    assign_yield(e, before, op->results, op->nresults, 1);
    asc_em_ind(e);
    asc_sb_puts(e->out, "if (!");
    asc_em_put_name(e, e->out, cond->operands[0]);
    asc_sb_puts(e->out, ") break;\n");
  }
  if (after) {
    for (int i = 0; i < after->nargs && i < op->nresults; i++) {
      uintptr_t id;
      if (asc_ptrmap_get(&e->names, &op->results[i], &id))
        asc_ptrmap_put(&e->names, after->args[i], id);
    }
  }
  e->indent--;
  if (after) {
    rc |= emit_body(e, after);
    e->indent++;
    asc_value **to = before->args;
    asc_op *y = asc_block_terminator(after);
    for (int i = 0; y && i < before->nargs && i < y->noperands; i++)
      assign(e, to[i], y->operands[i]);
    e->indent--;
  }
  asc_em_ind(e);
  asc_sb_puts(e->out, "}\n");
  return rc;
}

static int emit_call(Emitter *e, const asc_op *op) {
  const asc_attr *c = asc_op_attr(op, "callee");
  asc_em_put_line(e, op);
  asc_em_ind(e);
  put_decl_prefix(e, op, e->out);
  asc_sb_printf(e->out, "%s(", c && c->s ? c->s : "?");
  all_operands(e, op, 0, e->out);
  asc_sb_puts(e->out, ");\n");
  return op->nresults > 1 ? asc_em_fail(e, op, "'%s' with %s results: not implemented yet", asc_op_name(op), "several") : 0;
}


static int emit_op(Emitter *e, const asc_op *op) {
  switch (op->code) {
  case ASC_OP_CONSTANT: return emit_constant(e, op);
  case ASC_OP_CMPI:
  case ASC_OP_CMPF: return emit_cmp(e, op);
  case ASC_OP_STRUCT: return emit_struct(e, op);
  case ASC_OP_FOR: return emit_for(e, op);
  case ASC_OP_IF: return emit_if(e, op);
  case ASC_OP_WHILE: return emit_while(e, op);
  case ASC_OP_CALL: return emit_call(e, op);
  case ASC_OP_SCALAR_ARRAY: return asc_em_scalar_array(e, op);
  case ASC_OP_TBUF: return asc_em_is_pool(e, &op->results[0]) ? asc_em_pool_op(e, op) : emit_by_row(e, op);
  case ASC_OP_INIT_TBUF:
  case ASC_OP_TBUFPOOL_INIT_TBUF: return asc_em_is_pool(e, op->operands[1]) ? asc_em_pool_op(e, op) : emit_by_row(e, op);
  case ASC_OP_TBUFPOOL_SHARE: return asc_em_pool_op(e, op);
  case ASC_OP_MRG_SORT: return asc_em_mrg_sort(e, op);
  case ASC_OP_SET_DEQ_SCALE_VDEQ: return asc_em_set_deq_vdeq(e, op);
  case ASC_OP_TRANS_DATA_TO_5HD:
  case ASC_OP_TRANS_DATA_TO_5HD_ADDR: return asc_em_trans_5hd_lists(e, op);
  case ASC_OP_MATMUL_ITERATE_ALL:
  case ASC_OP_MATMUL_ITERATE:
  case ASC_OP_MATMUL_GET_TENSOR_C:
  case ASC_OP_MATMUL_TILE_COUNT:
  case ASC_OP_MATMUL_ITERATE_BATCH: return asc_em_matmul(e, op);
  case ASC_OP_YIELD:
  case ASC_OP_CONDITION: return 0; /* their parents assign the values */
  case ASC_OP_RETURN:
    if (op->noperands) {
      asc_em_put_line(e, op);
      asc_em_ind(e);
      asc_sb_puts(e->out, "return ");
      asc_em_put_name(e, e->out, op->operands[0]);
      asc_sb_puts(e->out, ";\n");
    }
    return 0;
  case ASC_OP_MODULE:
  case ASC_OP_FUNC: return asc_em_fail(e, op, "'%s' here: not implemented yet%s", asc_op_name(op), "");
  default: return droppable(op) && !result_used(e, op) ? 0 : emit_by_row(e, op); /* unread values: none */
  }
}

static int emit_block(Emitter *e, const asc_block *b) {
  int rc = 0;
  for (const asc_op *op = b ? b->first : NULL; op; op = op->next)
    rc |= emit_op(e, op);
  return rc;
}

static int is_kernel(const asc_op *f) {
  const asc_attr *v = asc_op_attr(f, "sym_visibility");
  return !v || !v->s || strcmp(v->s, "private") != 0;
}

static int emit_func(Emitter *e, const asc_op *f) {
  const asc_attr *ft = asc_op_attr(f, "function_type");
  const asc_block *b = f->nregions ? f->regions[0].block : NULL;
  int kernel = is_kernel(f);
  const asc_type *fty = ft ? ft->type : NULL;
  if (!fty || fty->nouts > 1)
    return asc_em_fail(e, f, "function '%s': %s", asc_func_name(f), fty ? "several results: not implemented yet" : "no type");
  e->next = 0;
  asc_ptrmap_free(&e->used);
  for (size_t n = (size_t)-1; n != e->used.n;) {
    n = e->used.n;
    asc_walk((asc_op *)f, mark_uses, &e->used);
  }
  e->file = NULL;
  e->line = 0;
  asc_em_put_line(e, f);
  asc_sb_puts(e->out, kernel ? "extern \"C\" __global__ __aicore__ void " : "__aicore__ inline ");
  if (!kernel) {
    if (fty->nouts)
      asc_em_put_type(e->out, fty->outs[0], 0);
    else
      asc_sb_puts(e->out, "void");
    asc_sb_putc(e->out, ' ');
  }
  asc_sb_printf(e->out, "%s(", asc_func_name(f));
  for (int i = 0; b && i < b->nargs; i++) {
    if (i)
      asc_sb_puts(e->out, ", ");
    asc_em_put_type(e->out, b->args[i]->type, 0);
    asc_sb_putc(e->out, ' ');
    asc_em_put_name(e, e->out, b->args[i]);
  }
  if (kernel) /* pyasc appends the FFTS base address to every kernel and installs it first */
    asc_sb_printf(e->out, "%s__gm__ uint64_t* ffts_addr", b && b->nargs ? ", " : "");
  asc_sb_puts(e->out, ") {\n");
  e->indent = 1;
  if (kernel) { /* at the kernel's line: the header's running mode takes the kernel's location from it */
    asc_em_put_line(e, f);
    asc_sb_puts(e->out, "  set_ffts_base_addr(*ffts_addr);\n");
  }
  e->func = f;
  asc_em_find_pools(e, f);
  asc_em_find_matmul(e, f);
  if (e->mm)
    asc_em_declare_matmul(e);
  int rc = emit_block(e, b);
  e->indent = 0;
  asc_sb_puts(e->out, "}\n");
  return rc;
}

char *asc_module_emit_ascendc(asc_module *m, int line_mode) {
  asc_strbuf out;
  asc_sb_init(&out);
  Emitter e = {0};
  e.ctx = m->ctx;
  e.out = &out;
  e.line_mode = line_mode;
  asc_sb_puts(&out, "// Ascend C generated by openasc from its IR (docs/emit.md)\n");
  if (asc_em_matmul_cube_only(m))
    asc_sb_puts(&out, "#define ASCENDC_CUBE_ONLY\n");
  asc_sb_puts(&out, "#include \"kernel_operator.h\"\n");
  for (const asc_op *f = asc_module_body(m)->first; f; f = f->next) {
    asc_sb_putc(&out, '\n');
    if (f->code != ASC_OP_FUNC)
      asc_em_fail(&e, f, "'%s' at module level: %s", asc_op_name(f), "only functions have an Ascend C form");
    else if (emit_func(&e, f))
      e.errors++;
  }
  asc_ptrmap_free(&e.names);
  asc_ptrmap_free(&e.used);
  asc_ptrmap_free(&e.pools);
  if (e.errors) {
    asc_sb_free(&out);
    return NULL;
  }
  return out.data;
}
