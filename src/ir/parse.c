/* parse.c - the parser of generic-syntax IR (docs/ir.md has the format).
 *
 * Recursive descent, one function per grammar rule, stopping at the first error.  An
 * op's regions come before its signature, so they are parsed before the op exists: their
 * blocks are kept aside and attached when the op is created.  Value names live in a
 * scoped hash table of malloc'd scratch that points into the text; everything the module
 * keeps comes from its arena.  The table grows with the names in scope (at most one name
 * per bucket on average), so parsing is linear in the number of ops.  Nesting of regions,
 * types and attributes is limited, so no input can exhaust the stack.
 */
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "ir/ir.h"
#include "ir/lex.h"

_Static_assert(sizeof(float) == 4 && sizeof(double) == 8, "IEEE float and double expected");

enum {
  MAX_DEPTH = 256,  /* nesting of regions, types and attribute values together */
  MIN_BUCKETS = 1024, /* value-name hash table: initial size (a power of two) */
  MAX_SPELL = 64,   /* longest token spelling quoted in a message */
};

/* A name in scope: "%x" bound to `count` consecutive values (op results) or to one
 * block argument. */
typedef struct symbol {
  const char *s; /* in the text */
  size_t n;
  unsigned hash;
  asc_value *first;
  int count;
  int next; /* older symbol in the same bucket, -1 at the end */
} symbol;

typedef struct parser {
  asc_ctx *ctx;
  asc_module *m;
  const char *file; /* interned */
  asc_lexer lx;
  bool failed;      /* an error was reported: only the first one is */
  int depth;
  symbol *syms;     /* a stack: inner scopes on top */
  int nsyms, symcap;
  int floor;        /* symbols below this index are hidden by an isolated region */
  int *buckets;     /* newest symbol of each chain, -1 if none; nbuckets >= nsyms */
  int nbuckets;     /* a power of two */
} parser;

typedef struct scopemark {
  int nsyms, floor;
} scopemark;

/* The pieces of one op, gathered before the op can be created. */
typedef struct use {
  asc_value *v;
  asc_token t; /* where it was named */
} use;

typedef struct group { /* "%name" or "%name:count" on the left of "=" */
  asc_token t;
  int count;
} group;

typedef struct named {
  const char *name; /* interned */
  asc_attr *value;
} named;

typedef struct opparts {
  asc_opcode code;
  asc_loc pos;    /* the first result name, else the op name */
  asc_loc sigpos; /* the function type */
  group *groups;
  int ngroups, groupcap;
  use *uses;
  int nuses, usecap;
  asc_block **blocks; /* one per region; NULL for an empty region */
  int nblocks, blockcap;
  named *attrs;
  int nattrs, attrcap;
  const asc_type *sig; /* ASC_TY_FUNC */
  asc_loc loc;
} opparts;

typedef struct typevec {
  const asc_type **v;
  int n, cap;
} typevec;

typedef struct attrvec {
  asc_attr **v;
  int n, cap;
} attrvec;

static const asc_type *type(parser *p);
static asc_attr *attrvalue(parser *p);
static asc_op *operation(parser *p);

/* ---- tokens and errors ------------------------------------------------------------------ */

static const asc_token *tok(const parser *p) { return &p->lx.tok; }
static void next(parser *p) { asc_ir_lex_next(&p->lx); }
static bool is(const parser *p, asc_tokkind k) { return tok(p)->kind == k; }
static bool ispunct_(const parser *p, char c) { return is(p, ASC_TK_PUNCT) && tok(p)->punct == c; }

static bool isword(const parser *p, const char *w) {
  size_t n = strlen(w);
  return is(p, ASC_TK_IDENT) && tok(p)->n == n && memcmp(tok(p)->s, w, n) == 0;
}

/* How much of a spelling of n bytes a message quotes ("%.*s"). */
static int clip(size_t n) { return n > MAX_SPELL ? MAX_SPELL : (int)n; }
static int spell(const asc_token *t) { return clip(t->n); }
static asc_loc locof(const parser *p, const asc_token *t) {
  return (asc_loc){p->file, t->line, t->col};
}
static asc_loc here(const parser *p) { return locof(p, tok(p)); }

static bool verror(parser *p, asc_loc loc, const char *fmt, va_list ap) {
  if (!p->failed)
    asc_vdiag(p->ctx, loc, ASC_SEV_ERROR, fmt, ap);
  p->failed = true;
  return false;
}

static bool errorat(parser *p, asc_loc loc, const char *fmt, ...) ASC_PRINTF(3, 4);
static bool errortok(parser *p, const char *fmt, ...) ASC_PRINTF(2, 3);

/* Reports the first error only; always false, so callers can `return errorat(...)`. */
static bool errorat(parser *p, asc_loc loc, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  verror(p, loc, fmt, ap);
  va_end(ap);
  return false;
}

/* An error at the current token.  If that token is a lexical error, its message wins:
 * it is what is really wrong there. */
static bool errortok(parser *p, const char *fmt, ...) {
  if (is(p, ASC_TK_ERROR))
    return errorat(p, here(p), "%s", p->lx.msg);
  va_list ap;
  va_start(ap, fmt);
  verror(p, here(p), fmt, ap);
  va_end(ap);
  return false;
}

static bool accept(parser *p, char c) {
  if (!ispunct_(p, c))
    return false;
  next(p);
  return true;
}

static bool expect(parser *p, char c) { return accept(p, c) || errortok(p, "expected '%c'", c); }

static bool enter(parser *p) {
  if (p->depth >= MAX_DEPTH)
    return errortok(p, "nesting too deep");
  p->depth++;
  return true;
}

/* Room for one more element in a malloc'd vector of n used and *cap allocated
 * elements; the (possibly moved) vector, or NULL after reporting. */
static void *reserve(parser *p, void *vec, int n, int *cap, size_t elemsize) {
  if (n < *cap)
    return vec;
  if (*cap > INT_MAX / 4) {
    errortok(p, "too many items");
    return NULL;
  }
  int ncap = *cap ? *cap * 2 : 8;
  void *nvec = realloc(vec, (size_t)ncap * elemsize);
  if (!nvec) {
    errortok(p, "out of memory");
    return NULL;
  }
  *cap = ncap;
  return nvec;
}

/* The decoded contents of a string token (from its opening quote), NUL-terminated, in
 * the module arena; *len may count embedded NULs. */
static char *unquote(parser *p, const char *s, size_t n, size_t *len) {
  char *buf = asc_arena_alloc(&p->m->arena, n + 1);
  *len = asc_ir_unquote(s, n, buf);
  buf[*len] = '\0';
  return buf;
}

/* ---- value scopes --------------------------------------------------------------------------- */

static unsigned hashname(const char *s, size_t n) {
  unsigned h = 2166136261u; /* FNV-1a */
  for (size_t i = 0; i < n; i++)
    h = (h ^ (unsigned char)s[i]) * 16777619u;
  return h;
}

/* A region's scope.  An isolated region (func.func, builtin.module) sees no outer name. */
static scopemark pushscope(parser *p, bool isolated) {
  scopemark mark = {p->nsyms, p->floor};
  if (isolated)
    p->floor = p->nsyms;
  return mark;
}

static void popscope(parser *p, scopemark mark) {
  while (p->nsyms > mark.nsyms) {
    symbol *y = &p->syms[--p->nsyms];
    p->buckets[y->hash & (unsigned)(p->nbuckets - 1)] = y->next;
  }
  p->floor = mark.floor;
}

/* Chains run from newer to older symbols, so the walk stops at the floor. */
static symbol *lookup(parser *p, const char *s, size_t n) {
  unsigned h = hashname(s, n);
  for (int i = p->buckets[h & (unsigned)(p->nbuckets - 1)]; i >= p->floor; i = p->syms[i].next)
    if (p->syms[i].n == n && memcmp(p->syms[i].s, s, n) == 0)
      return &p->syms[i];
  return NULL;
}

/* A bucket array of n (a power of two) chains over the symbols in scope, rebuilt oldest
 * first so that every chain runs from newer to older symbols; false after reporting. */
static bool rehash(parser *p, int n) {
  int *b = malloc((size_t)n * sizeof *b);
  if (!b)
    return errortok(p, "out of memory");
  for (int i = 0; i < n; i++)
    b[i] = -1;
  for (int i = 0; i < p->nsyms; i++) {
    unsigned k = p->syms[i].hash & (unsigned)(n - 1);
    p->syms[i].next = b[k];
    b[k] = i;
  }
  free(p->buckets);
  p->buckets = b;
  p->nbuckets = n;
  return true;
}

/* Binds the name token t; like MLIR, a name visible from an enclosing region may not
 * be defined again. */
static bool define(parser *p, const asc_token *t, asc_value *first, int count) {
  if (lookup(p, t->s, t->n))
    return errorat(p, locof(p, t), "redefinition of SSA value '%.*s'", spell(t), t->s);
  symbol *syms = reserve(p, p->syms, p->nsyms, &p->symcap, sizeof *syms);
  if (!syms)
    return false;
  p->syms = syms;
  if (p->nsyms >= p->nbuckets && (p->nbuckets > INT_MAX / 2 || !rehash(p, 2 * p->nbuckets)))
    return p->failed ? false : errortok(p, "too many names");
  symbol *y = &syms[p->nsyms];
  *y = (symbol){t->s, t->n, hashname(t->s, t->n), first, count, 0};
  unsigned k = y->hash & (unsigned)(p->nbuckets - 1);
  y->next = p->buckets[k];
  p->buckets[k] = p->nsyms++;
  return true;
}

/* ---- integers and floats ----------------------------------------------------------------- */

/* int-literal := integer   (a non-negative int, at least min) */
static bool intlit(parser *p, int *out, int min, const char *what) {
  const asc_token *t = tok(p);
  if (!is(p, ASC_TK_INT))
    return errortok(p, "expected %s", what);
  if (t->overflow || t->ival > INT_MAX)
    return errortok(p, "integer literal out of range");
  if ((int)t->ival < min)
    return errortok(p, "%s must be at least %d", what, min);
  *out = (int)t->ival;
  next(p);
  return true;
}

static bool ishex(const asc_token *t) { return t->n > 1 && (t->s[1] == 'x' || t->s[1] == 'X'); }

/* Two's complement reading of x, without implementation-defined conversions. */
static int64_t fromu64(uint64_t x) {
  return x <= (uint64_t)INT64_MAX ? (int64_t)x : -(int64_t)(UINT64_MAX - x) - 1;
}

/* The type's text for a message (cut to fit buf). */
static void typename_(const asc_type *t, char *buf, size_t size) {
  asc_strbuf sb;
  asc_sb_init(&sb);
  asc_type_print(t, &sb);
  snprintf(buf, size, "%s", sb.data ? sb.data : "?");
  asc_sb_free(&sb);
}

/* The value of "-"? u as an attribute of type t.  Signless types take either reading
 * (255 : i8 is -1, as in MLIR) and store it sign-extended; i1 stores 0 or 1. */
static bool intvalue(parser *p, asc_loc at, uint64_t u, bool neg, const asc_type *t, int64_t *v) {
  int w = t->kind == ASC_TY_INDEX ? 64 : t->width;
  bool uns = t->kind == ASC_TY_INT && t->is_unsigned;
  uint64_t umax = w >= 64 ? UINT64_MAX : (UINT64_C(1) << w) - 1;
  uint64_t max = uns || w < 64 ? umax : (uint64_t)INT64_MAX;
  uint64_t negmax = uns ? 0 : w <= 1 ? 1 : UINT64_C(1) << (w - 1);
  char name[32];
  if (neg && uns && u != 0)
    return errorat(p, at, "negative integer literal not valid for unsigned integer type");
  if (!neg && u > max && w == 64)
    return errorat(p, at, "integer literal out of range");
  if ((!neg && u > max) || (neg && u > negmax)) {
    typename_(t, name, sizeof name);
    return errorat(p, at, "integer value too %s for %s", neg ? "small" : "large", name);
  }
  uint64_t x = neg ? 0 - u : u;
  if (!uns && w == 1)
    x &= 1;
  else if (!uns && w < 64)
    x = ((x & umax) ^ (UINT64_C(1) << (w - 1))) - (UINT64_C(1) << (w - 1));
  *v = fromu64(x);
  return true;
}

/* f16 bits: 1 sign, 5 exponent (bias 15), 10 fraction bits. */
static double halfbits(uint64_t h) {
  int e = (int)(h >> 10) & 0x1f, frac = (int)(h & 0x3ff);
  double v;
  if (e == 0)
    v = ldexp(frac, -24);
  else if (e == 31)
    v = frac ? NAN : INFINITY;
  else
    v = ldexp(frac | 0x400, e - 25);
  return (h & 0x8000) ? -v : v;
}

/* The float of type t whose bits are u (u fits t's width). */
static double floatbits(uint64_t u, const asc_type *t) {
  if (t->width == 64) {
    double d;
    memcpy(&d, &u, sizeof d);
    return d;
  }
  if (t->width == 16 && !t->is_bf16)
    return halfbits(u);
  uint32_t b = t->width == 32 ? (uint32_t)u : (uint32_t)u << 16; /* bf16: high half of f32 */
  float f;
  memcpy(&f, &b, sizeof f);
  return f;
}

/* The smallest magnitude that rounds to infinity in t. */
static double floatlimit(const asc_type *t) {
  if (t->width == 64)
    return INFINITY;
  int precision = t->width == 32 ? 24 : t->is_bf16 ? 8 : 11;
  int emax = t->width == 32 || t->is_bf16 ? 127 : 15;
  return ldexp(2.0 - ldexp(1.0, -precision), emax);
}

/* hex-float := hex-int   (the bits of a float of type t: the only way to write inf/nan) */
static bool hexfloat(parser *p, asc_loc at, const asc_token *lit, bool neg, const asc_type *t,
                     double *d) {
  if (neg)
    return errorat(p, at, "hexadecimal float literal should not have a leading minus");
  if (lit->overflow || (t->width < 64 && lit->ival >> t->width))
    return errorat(p, at, "hexadecimal float constant out of range for type");
  *d = floatbits(lit->ival, t);
  return true;
}

/* decimal-float := float | integer   (kept as written, as a double; must be finite in t) */
static bool decfloat(parser *p, asc_loc at, const asc_token *lit, bool neg, const asc_type *t,
                     double *d) {
  if (lit->kind == ASC_TK_INT && lit->overflow)
    return errorat(p, at, "integer literal out of range");
  if (lit->kind == ASC_TK_INT) {
    *d = (double)lit->ival;
  } else {
    char *s = asc_arena_strndup(&p->m->arena, lit->s, lit->n);
    *d = strtod(s, NULL);
  }
  if (neg)
    *d = -*d;
  char name[32];
  if (!(fabs(*d) < floatlimit(t))) {
    typename_(t, name, sizeof name);
    return errorat(p, at, "floating point value too large for %s", name);
  }
  return true;
}

/* ---- types -------------------------------------------------------------------------------- */

static const struct {
  const char *name;
  asc_type_kind kind;
  int width;
  bool flag; /* INT: unsigned; FLOAT: bf16 */
} builtins[] = {
    {"i1", ASC_TY_INT, 1, false},      {"i8", ASC_TY_INT, 8, false},
    {"i16", ASC_TY_INT, 16, false},    {"i32", ASC_TY_INT, 32, false},
    {"i64", ASC_TY_INT, 64, false},    {"ui8", ASC_TY_INT, 8, true},
    {"ui16", ASC_TY_INT, 16, true},    {"ui32", ASC_TY_INT, 32, true},
    {"ui64", ASC_TY_INT, 64, true},    {"f16", ASC_TY_FLOAT, 16, false},
    {"bf16", ASC_TY_FLOAT, 16, true},  {"f32", ASC_TY_FLOAT, 32, false},
    {"f64", ASC_TY_FLOAT, 64, false},  {"index", ASC_TY_INDEX, 64, false},
};

/* Index into builtins of the current identifier, or -1. */
static int findbuiltin(const parser *p) {
  for (size_t i = 0; i < sizeof builtins / sizeof builtins[0]; i++)
    if (isword(p, builtins[i].name))
      return (int)i;
  return -1;
}

/* builtin-type := "i1" | "i8" | ... | "ui64" | "f16" | "bf16" | "f32" | "f64" | "index" */
static const asc_type *builtintype(parser *p) {
  int i = findbuiltin(p);
  if (i < 0) {
    errortok(p, "unknown type '%.*s'", spell(tok(p)), tok(p)->s);
    return NULL;
  }
  next(p);
  if (builtins[i].kind == ASC_TY_INDEX)
    return asc_type_index(p->ctx);
  if (builtins[i].kind == ASC_TY_INT)
    return asc_type_int(p->ctx, builtins[i].width, builtins[i].flag);
  return asc_type_float(p->ctx, builtins[i].width, builtins[i].flag);
}

/* element-type := int-type | float-type */
static const asc_type *elemtype(parser *p) {
  asc_loc at = here(p);
  const asc_type *t = type(p);
  if (t && !asc_type_is_int(t) && !asc_type_is_float(t)) {
    errorat(p, at, "element type must be an integer or float type");
    return NULL;
  }
  return t;
}

/* angle-elem := "<" element-type ">" */
static const asc_type *angleelem(parser *p) {
  const asc_type *t = NULL;
  if (!expect(p, '<') || !(t = elemtype(p)) || !expect(p, '>'))
    return NULL;
  return t;
}

/* enum-name := bare-id   (a member of enum `kind`) */
static bool enumname(parser *p, int kind, int64_t *v) {
  const asc_token *t = tok(p);
  if (!is(p, ASC_TK_IDENT))
    return errortok(p, "expected %s name", asc_enum_kind_name(kind));
  if (asc_enum_lookup(kind, t->s, t->n, v) != 0)
    return errortok(p, "unknown %s '%.*s'", asc_enum_kind_name(kind), spell(t), t->s);
  next(p);
  return true;
}

/* enum-value := enum-name | integer */
static bool enumvalue(parser *p, int kind, int64_t *v) {
  const asc_token *t = tok(p);
  if (!is(p, ASC_TK_INT))
    return enumname(p, kind, v);
  if (t->overflow || t->ival > INT_MAX || !asc_enum_name(kind, (int64_t)t->ival))
    return errortok(p, "unknown %s value %.*s", asc_enum_kind_name(kind), spell(t), t->s);
  *v = (int64_t)t->ival;
  next(p);
  return true;
}

static bool position(parser *p, int *pos) {
  int64_t v = 0;
  if (!enumname(p, ASC_ENUM_POS, &v))
    return false;
  *pos = (int)v;
  return true;
}

/* gm-ptr-type := "!asc.gm_ptr" angle-elem */
static const asc_type *gmptrtype(parser *p) {
  const asc_type *e = angleelem(p);
  return e ? asc_type_gm(p->ctx, e) : NULL;
}

/* global-tensor-type := "!asc.global_tensor" angle-elem */
static const asc_type *gtensortype(parser *p) {
  const asc_type *e = angleelem(p);
  return e ? asc_type_gtensor(p->ctx, e) : NULL;
}

/* The shape may hold at most this many elements, so that size arithmetic downstream
 * cannot overflow. */
#define MAX_ELEMS (INT64_C(1) << 40)

/* dim := integer   (positive; "0x..." is a 0 followed by 'x', as in MLIR) */
static bool dim(parser *p, int64_t *shape, int *rank, int64_t *total) {
  const asc_token *t = tok(p);
  if (*rank == ASC_MAX_RANK)
    return errortok(p, "tensor rank exceeds %d", ASC_MAX_RANK);
  if (ishex(t) || t->ival == 0)
    return errortok(p, "dimension must be positive");
  if (t->overflow || t->ival > (uint64_t)(MAX_ELEMS / *total))
    return errortok(p, "tensor shape too large");
  *total *= (int64_t)t->ival;
  shape[(*rank)++] = (int64_t)t->ival;
  next(p);
  return true;
}

/* dim-list := (dim "x")*   "1024xf16" lexes as 1024 and "xf16": lex again after the x */
static bool dimlist(parser *p, int64_t *shape, int *rank) {
  int64_t total = 1;
  while (is(p, ASC_TK_INT)) {
    if (!dim(p, shape, rank, &total))
      return false;
    if (!is(p, ASC_TK_IDENT) || tok(p)->s[0] != 'x')
      return errortok(p, "expected 'x' in dimension list");
    asc_ir_lex_from(&p->lx, tok(p)->s + 1);
  }
  return true;
}

/* local-tensor-type := "!asc.local_tensor" "<" dim-list element-type ("," position)? ">" */
static const asc_type *ltensortype(parser *p) {
  int64_t shape[ASC_MAX_RANK];
  int rank = 0, pos = -1;
  const asc_type *e = NULL;
  if (!expect(p, '<') || !dimlist(p, shape, &rank) || !(e = elemtype(p)))
    return NULL;
  if (accept(p, ',') && !position(p, &pos))
    return NULL;
  if (!expect(p, '>'))
    return NULL;
  return asc_type_ltensor(p->ctx, e, shape, rank, pos);
}

/* queue-type := "!asc.queue" "<" position ("," position)? "," integer ">" */
static const asc_type *queuetype(parser *p) {
  int src = 0, dst = 0, depth = 0;
  if (!expect(p, '<') || !position(p, &src) || !expect(p, ','))
    return NULL;
  dst = src;
  if (is(p, ASC_TK_IDENT) && (!position(p, &dst) || !expect(p, ',')))
    return NULL;
  if (!intlit(p, &depth, 0, "queue depth") || !expect(p, '>'))
    return NULL;
  return asc_type_queue(p->ctx, src, dst, depth);
}

/* tbuf-type := "!asc.tbuf" "<" position ">" */
static const asc_type *tbuftype(parser *p) {
  int pos = 0;
  if (!expect(p, '<') || !position(p, &pos) || !expect(p, '>'))
    return NULL;
  return asc_type_tbuf(p->ctx, pos);
}

/* pipe-type := "!asc.pipe" */
static const asc_type *pipetype(parser *p) { return asc_type_pipe(p->ctx); }

/* struct-type := "!asc.struct" "<" bare-id ">" */
static const asc_type *structtype(parser *p) {
  if (!expect(p, '<'))
    return NULL;
  const asc_token *t = tok(p);
  int id = is(p, ASC_TK_IDENT) ? asc_struct_lookup(t->s, t->n) : -1;
  if (!is(p, ASC_TK_IDENT)) {
    errortok(p, "expected struct name");
    return NULL;
  }
  if (id < 0) {
    errortok(p, "unknown struct '%.*s'", spell(t), t->s);
    return NULL;
  }
  next(p);
  return expect(p, '>') ? asc_type_struct(p->ctx, id) : NULL;
}

static const struct {
  const char *name;
  const asc_type *(*parse)(parser *p); /* called after the name */
} dialecttypes[] = {
    {"!asc.gm_ptr", gmptrtype}, {"!asc.global_tensor", gtensortype},
    {"!asc.local_tensor", ltensortype}, {"!asc.queue", queuetype},
    {"!asc.tbuf", tbuftype}, {"!asc.pipe", pipetype},
    {"!asc.struct", structtype},
};

/* dialect-type := "!asc." name params */
static const asc_type *dialecttype(parser *p) {
  const asc_token *t = tok(p);
  for (size_t i = 0; i < sizeof dialecttypes / sizeof dialecttypes[0]; i++) {
    const char *name = dialecttypes[i].name;
    if (t->n == strlen(name) && memcmp(t->s, name, t->n) == 0) {
      next(p);
      return dialecttypes[i].parse(p);
    }
  }
  errortok(p, "unknown type '%.*s'", spell(t), t->s);
  return NULL;
}

static bool pushtype(parser *p, typevec *v, const asc_type *t) {
  const asc_type **ts = reserve(p, v->v, v->n, &v->cap, sizeof *ts);
  if (!ts)
    return false;
  v->v = ts;
  ts[v->n++] = t;
  return true;
}

/* type-list := "(" (type ("," type)*)? ")" */
static bool typelist(parser *p, typevec *v) {
  if (!expect(p, '('))
    return false;
  if (accept(p, ')'))
    return true;
  do {
    const asc_type *t = type(p);
    if (!t || !pushtype(p, v, t))
      return false;
  } while (accept(p, ','));
  return expect(p, ')');
}

/* result-types := type-list | type */
static bool resulttypes(parser *p, typevec *v) {
  if (ispunct_(p, '('))
    return typelist(p, v);
  const asc_type *t = type(p);
  return t && pushtype(p, v, t);
}

static bool arrow(parser *p) {
  if (!is(p, ASC_TK_ARROW))
    return errortok(p, "expected '->'");
  next(p);
  return true;
}

/* function-type := type-list "->" result-types */
static const asc_type *functype(parser *p) {
  typevec ins = {0}, outs = {0};
  const asc_type *t = NULL;
  if (typelist(p, &ins) && arrow(p) && resulttypes(p, &outs))
    t = asc_type_func(p->ctx, ins.v, ins.n, outs.v, outs.n);
  free(ins.v);
  free(outs.v);
  return t;
}

/* type := builtin-type | dialect-type | function-type */
static const asc_type *type(parser *p) {
  const asc_type *t = NULL;
  if (!enter(p))
    return NULL;
  if (is(p, ASC_TK_IDENT))
    t = builtintype(p);
  else if (is(p, ASC_TK_BANG))
    t = dialecttype(p);
  else if (ispunct_(p, '('))
    t = functype(p);
  else
    errortok(p, "expected type");
  p->depth--;
  return t;
}

/* ---- attributes ----------------------------------------------------------------------------- */

/* int-attr := "-"? integer   (of an int or index type) */
static asc_attr *intattr(parser *p, asc_loc at, const asc_token *lit, bool neg, const asc_type *t) {
  int64_t v = 0;
  if (lit->overflow) {
    errorat(p, at, "integer literal out of range");
    return NULL;
  }
  return intvalue(p, at, lit->ival, neg, t, &v) ? asc_attr_int(p->m, t, v) : NULL;
}

/* float-attr := "-"? (float | integer) | hex-float */
static asc_attr *floatattr(parser *p, asc_loc at, const asc_token *lit, bool neg,
                           const asc_type *t) {
  double d = 0;
  bool ok = lit->kind == ASC_TK_INT && ishex(lit) ? hexfloat(p, at, lit, neg, t, &d)
                                                   : decfloat(p, at, lit, neg, t, &d);
  return ok ? asc_attr_float(p->m, t, d) : NULL;
}

/* number-attr := "-"? (integer | float) (":" type)?   (default type i64 or f64) */
static asc_attr *numberattr(parser *p) {
  asc_loc at = here(p);
  bool neg = accept(p, '-');
  asc_token lit = *tok(p);
  if (!is(p, ASC_TK_INT) && !is(p, ASC_TK_FLOAT)) {
    errortok(p, "expected integer or float literal");
    return NULL;
  }
  next(p);
  bool isint = lit.kind == ASC_TK_INT;
  const asc_type *t = isint ? asc_type_int(p->ctx, 64, false) : asc_type_float(p->ctx, 64, false);
  if (accept(p, ':') && !(t = type(p)))
    return NULL;
  if (asc_type_is_float(t))
    return floatattr(p, at, &lit, neg, t);
  if (isint && (asc_type_is_int(t) || t->kind == ASC_TY_INDEX))
    return intattr(p, at, &lit, neg, t);
  errorat(p, at, isint ? "integer literal not valid for specified type"
                       : "floating point value not valid for specified type");
  return NULL;
}

/* string-attr := string */
static asc_attr *strattr(parser *p) {
  size_t n;
  char *s = unquote(p, tok(p)->s, tok(p)->n, &n);
  next(p);
  return asc_attr_str(p->m, s, n);
}

/* symbol-ref := "@" bare-id | "@" string */
static asc_attr *symattr(parser *p) {
  const asc_token *t = tok(p);
  size_t n;
  char *s = t->s[1] == '"' ? unquote(p, t->s + 1, t->n - 1, &n)
                           : asc_arena_strndup(&p->m->arena, t->s + 1, t->n - 1);
  next(p);
  return asc_attr_sym(p->m, s);
}

/* enum-attr := "#asc." enum-kind "<" enum-value ">" */
static asc_attr *enumattr(parser *p) {
  const asc_token *t = tok(p);
  bool asc = t->n > 5 && memcmp(t->s, "#asc.", 5) == 0;
  int kind = asc ? asc_enum_kind_lookup(t->s + 5, t->n - 5) : -1;
  int64_t v = 0;
  if (kind < 0) {
    errortok(p, "unknown attribute '%.*s'", spell(t), t->s);
    return NULL;
  }
  next(p);
  if (!expect(p, '<') || !enumvalue(p, kind, &v) || !expect(p, '>'))
    return NULL;
  return asc_attr_enum(p->m, kind, v);
}

static bool pushattr(parser *p, attrvec *v, asc_attr *a) {
  asc_attr **as = reserve(p, v->v, v->n, &v->cap, sizeof *as);
  if (!as)
    return false;
  v->v = as;
  as[v->n++] = a;
  return true;
}

/* array-elems := (attr-value ("," attr-value)*)? "]" */
static bool arrayelems(parser *p, attrvec *v) {
  if (accept(p, ']'))
    return true;
  do {
    asc_attr *a = attrvalue(p);
    if (!a || !pushattr(p, v, a))
      return false;
  } while (accept(p, ','));
  return expect(p, ']');
}

/* array-attr := "[" array-elems */
static asc_attr *arrayattr(parser *p) {
  attrvec v = {0};
  next(p);
  asc_attr *a = arrayelems(p, &v) ? asc_attr_array(p->m, v.v, v.n) : NULL;
  free(v.v);
  return a;
}

/* type-attr := type */
static asc_attr *typeattr(parser *p) {
  const asc_type *t = type(p);
  return t ? asc_attr_type(p->m, t) : NULL;
}

/* keyword-attr := "true" | "false" | "unit" | builtin-type */
static asc_attr *keywordattr(parser *p) {
  if (findbuiltin(p) >= 0)
    return typeattr(p);
  if (!isword(p, "true") && !isword(p, "false") && !isword(p, "unit")) {
    errortok(p, "expected attribute value");
    return NULL;
  }
  asc_attr *a = isword(p, "unit") ? asc_attr_unit(p->m) : asc_attr_bool(p->m, isword(p, "true"));
  next(p);
  return a;
}

/* attr-value, without the nesting count */
static asc_attr *attrvalue1(parser *p) {
  switch (tok(p)->kind) {
  case ASC_TK_INT:
  case ASC_TK_FLOAT: return numberattr(p);
  case ASC_TK_STRING: return strattr(p);
  case ASC_TK_AT: return symattr(p);
  case ASC_TK_HASH: return enumattr(p);
  case ASC_TK_IDENT: return keywordattr(p);
  case ASC_TK_BANG: return typeattr(p);
  default: break;
  }
  if (ispunct_(p, '-'))
    return numberattr(p);
  if (ispunct_(p, '['))
    return arrayattr(p);
  if (ispunct_(p, '('))
    return typeattr(p);
  errortok(p, "expected attribute value");
  return NULL;
}

/* attr-value := number-attr | keyword-attr | string-attr | symbol-ref | enum-attr
 *             | array-attr | type */
static asc_attr *attrvalue(parser *p) {
  if (!enter(p))
    return NULL;
  asc_attr *a = attrvalue1(p);
  p->depth--;
  return a;
}

/* attr-name := bare-id | string   (interned; NULL after an error) */
static const char *attrname(parser *p) {
  const asc_token *t = tok(p);
  const char *name = NULL;
  size_t n;
  if (is(p, ASC_TK_IDENT)) {
    name = asc_intern(p->ctx, t->s, t->n);
  } else if (is(p, ASC_TK_STRING)) {
    char *s = unquote(p, t->s, t->n, &n);
    name = asc_intern(p->ctx, s, n);
  }
  if (!name || !*name) {
    errortok(p, "expected attribute name");
    return NULL;
  }
  next(p);
  return name;
}

static bool pushnamed(parser *p, opparts *o, named a) {
  named *as = reserve(p, o->attrs, o->nattrs, &o->attrcap, sizeof *as);
  if (!as)
    return false;
  o->attrs = as;
  as[o->nattrs++] = a;
  return true;
}

/* attr-entry := attr-name ("=" attr-value)? */
static bool attrentry(parser *p, opparts *o) {
  asc_loc at = here(p);
  const char *name = attrname(p);
  if (!name)
    return false;
  for (int i = 0; i < o->nattrs; i++)
    if (o->attrs[i].name == name)
      return errorat(p, at, "duplicate key '%s' in dictionary attribute", name);
  asc_attr *a = accept(p, '=') ? attrvalue(p) : asc_attr_unit(p->m);
  return a && pushnamed(p, o, (named){name, a});
}

/* (item ("," item)*)? close, after the opening bracket */
static bool itemlist(parser *p, opparts *o, bool (*item)(parser *, opparts *), char close) {
  if (accept(p, close))
    return true;
  do {
    if (!item(p, o))
      return false;
  } while (accept(p, ','));
  return expect(p, close);
}

/* attr-dict := "{" (attr-entry ("," attr-entry)*)? "}" */
static bool attrdict(parser *p, opparts *o) {
  next(p);
  return itemlist(p, o, attrentry, '}');
}

/* ---- locations ------------------------------------------------------------------------------ */

/* file-loc := string ":" integer ":" integer */
static bool fileloc(parser *p, asc_loc *loc) {
  size_t n;
  char *file = unquote(p, tok(p)->s, tok(p)->n, &n);
  int line = 0, col = 0;
  next(p);
  if (!expect(p, ':') || !intlit(p, &line, 0, "line number") || !expect(p, ':') ||
      !intlit(p, &col, 0, "column number"))
    return false;
  *loc = (asc_loc){asc_intern(p->ctx, file, n), line, col};
  return true;
}

/* location := "loc" "(" ("unknown" | file-loc) ")" */
static bool location(parser *p, asc_loc *loc) {
  next(p);
  if (!expect(p, '('))
    return false;
  if (isword(p, "unknown")) {
    *loc = ASC_LOC_UNKNOWN;
    next(p);
  } else if (is(p, ASC_TK_STRING)) {
    if (!fileloc(p, loc))
      return false;
  } else {
    return errortok(p, "expected '\"file\":line:col' or 'unknown' in location");
  }
  return expect(p, ')');
}

/* ---- regions and blocks ------------------------------------------------------------------- */

/* value-name := "%" suffix-id   (a definition: no "#n") */
static bool valuename(parser *p) {
  if (!is(p, ASC_TK_VALUE))
    return errortok(p, "expected SSA value name");
  if (memchr(tok(p)->s, '#', tok(p)->n))
    return errortok(p, "result number not allowed in a definition");
  next(p);
  return true;
}

/* block-arg := value-name ":" type location? */
static bool blockarg(parser *p, asc_block *b) {
  asc_token name = *tok(p);
  const asc_type *t = NULL;
  asc_loc ignored;
  if (!valuename(p) || !expect(p, ':') || !(t = type(p)))
    return false;
  if (isword(p, "loc") && !location(p, &ignored))
    return false;
  return define(p, &name, asc_block_add_arg(p->m, b, t), 1);
}

/* block-label := caret-id ("(" (block-arg ("," block-arg)*)? ")")? ":" */
static bool blocklabel(parser *p, asc_block *b) {
  next(p);
  if (accept(p, '(') && !accept(p, ')')) {
    do {
      if (!blockarg(p, b))
        return false;
    } while (accept(p, ','));
    if (!expect(p, ')'))
      return false;
  }
  return expect(p, ':');
}

/* region-body := block-label? operation* "}" */
static bool regionbody(parser *p, asc_region *r) {
  if (is(p, ASC_TK_CARET) && !blocklabel(p, asc_region_ensure_block(p->m, r)))
    return false;
  while (!accept(p, '}')) {
    if (is(p, ASC_TK_CARET))
      return errortok(p, "multiple blocks per region are not supported");
    if (is(p, ASC_TK_EOF))
      return errortok(p, "expected '}'");
    asc_op *op = operation(p);
    if (!op)
      return false;
    asc_block_append(asc_region_ensure_block(p->m, r), op);
  }
  return true;
}

/* region := "{" region-body   (*out: its block, NULL if empty, parent not yet set) */
static bool region(parser *p, bool isolated, asc_block **out) {
  asc_region r = {0};
  *out = NULL;
  if (!ispunct_(p, '{'))
    return errortok(p, "expected '{'");
  if (!enter(p))
    return false;
  next(p);
  scopemark mark = pushscope(p, isolated);
  bool ok = regionbody(p, &r);
  popscope(p, mark);
  p->depth--;
  if (r.block)
    r.block->parent = NULL; /* r dies here; the op's region adopts the block */
  *out = r.block;
  return ok;
}

/* region-list := "(" region ("," region)* ")" */
static bool regionlist(parser *p, opparts *o) {
  bool isolated = (asc_opinfo_of(o->code)->flags & ASC_F_ISOLATED) != 0;
  next(p);
  do {
    asc_block **blocks = reserve(p, o->blocks, o->nblocks, &o->blockcap, sizeof *blocks);
    if (!blocks)
      return false;
    o->blocks = blocks;
    if (!region(p, isolated, &blocks[o->nblocks++]))
      return false;
  } while (accept(p, ','));
  return expect(p, ')');
}

/* ---- operations ----------------------------------------------------------------------------- */

static bool pushgroup(parser *p, opparts *o, group g) {
  group *gs = reserve(p, o->groups, o->ngroups, &o->groupcap, sizeof *gs);
  if (!gs)
    return false;
  o->groups = gs;
  gs[o->ngroups++] = g;
  return true;
}

/* result-list := result-group ("," result-group)* "="
 * result-group := value-name (":" integer)? */
static bool resultlist(parser *p, opparts *o) {
  do {
    group g = {*tok(p), 1};
    if (!valuename(p))
      return false;
    if (accept(p, ':') && !intlit(p, &g.count, 1, "result count"))
      return false;
    if (!pushgroup(p, o, g))
      return false;
  } while (accept(p, ','));
  return expect(p, '=');
}

/* op-name := string   (a registered op) */
static bool opname(parser *p, opparts *o) {
  const asc_token *t = tok(p);
  size_t n;
  if (!is(p, ASC_TK_STRING))
    return errortok(p, "expected operation name");
  char *name = unquote(p, t->s, t->n, &n);
  o->code = memchr(name, '\0', n) ? ASC_OP_COUNT : asc_op_lookup(name, n); /* registry: no NULs */
  if (o->code == ASC_OP_COUNT)
    return errortok(p, "unknown operation '%.*s'", clip(t->n - 2), t->s + 1);
  next(p);
  return true;
}

/* The n of "%x#n" (0 without "#"); more than INT_MAX counts as INT_MAX + 1. */
static uint64_t resultnumber(const char *hash, const char *end) {
  uint64_t i = 0;
  for (const char *c = hash ? hash + 1 : end; c < end && i <= INT_MAX; c++)
    i = i * 10 + (uint64_t)(*c - '0');
  return i;
}

/* value-use := "%" suffix-id ("#" integer)? */
static bool valueuse(parser *p, opparts *o) {
  const asc_token *t = tok(p);
  if (!is(p, ASC_TK_VALUE))
    return errortok(p, "expected SSA operand");
  const char *hash = memchr(t->s, '#', t->n);
  size_t n = hash ? (size_t)(hash - t->s) : t->n;
  symbol *y = lookup(p, t->s, n);
  if (!y)
    return errortok(p, "use of undeclared SSA value name '%.*s'", clip(n), t->s);
  uint64_t i = resultnumber(hash, t->s + t->n);
  if (i >= (uint64_t)y->count)
    return errortok(p, "reference to invalid result number in '%.*s'", spell(t), t->s);
  use *us = reserve(p, o->uses, o->nuses, &o->usecap, sizeof *us);
  if (!us)
    return false;
  o->uses = us;
  us[o->nuses++] = (use){&y->first[i], *t};
  next(p);
  return true;
}

/* operand-list := "(" (value-use ("," value-use)*)? ")" */
static bool operandlist(parser *p, opparts *o) {
  return expect(p, '(') && itemlist(p, o, valueuse, ')');
}

/* signature := ":" function-type location? */
static bool signature(parser *p, opparts *o) {
  if (!expect(p, ':'))
    return false;
  o->sigpos = here(p);
  if (!ispunct_(p, '('))
    return errortok(p, "expected function type");
  if (!(o->sig = functype(p)))
    return false;
  o->loc = ASC_LOC_UNKNOWN;
  return !isword(p, "loc") || location(p, &o->loc);
}

/* operation := result-list? op-name operand-list region-list? attr-dict? signature */
static bool opsyntax(parser *p, opparts *o) {
  o->pos = here(p);
  if (is(p, ASC_TK_VALUE) && !resultlist(p, o))
    return false;
  if (!opname(p, o) || !operandlist(p, o))
    return false;
  if (ispunct_(p, '(') && !regionlist(p, o))
    return false;
  if (ispunct_(p, '{') && !attrdict(p, o))
    return false;
  return signature(p, o);
}

static bool typemismatch(parser *p, const use *u, const asc_type *want) {
  char a[128], b[128];
  typename_(want, a, sizeof a);
  typename_(u->v->type, b, sizeof b);
  return errorat(p, locof(p, &u->t),
                 "use of value '%.*s' expects different type than prior uses: '%s' vs '%s'",
                 spell(&u->t), u->t.s, a, b);
}

/* The parts agree with the signature and the registry's region count. */
static bool checkop(parser *p, const opparts *o) {
  const asc_type *sig = o->sig;
  if (sig->nins != o->nuses)
    return errorat(p, o->sigpos, "expected %d operand type%s but got %d", o->nuses,
                   o->nuses == 1 ? "" : "s", sig->nins);
  for (int i = 0; i < o->nuses; i++)
    if (o->uses[i].v->type != sig->ins[i])
      return typemismatch(p, &o->uses[i], sig->ins[i]);
  int nregions = asc_opinfo_of(o->code)->nregions;
  if (o->nblocks != nregions)
    return errorat(p, o->pos, "'%s' op expects %d region(s) but got %d",
                   asc_opinfo_of(o->code)->name, nregions, o->nblocks);
  int64_t nbound = 0;
  for (int i = 0; i < o->ngroups; i++)
    nbound += o->groups[i].count;
  if (o->ngroups && nbound != sig->nouts)
    return errorat(p, o->pos, "operation defines %d result%s but was provided %lld to bind",
                   sig->nouts, sig->nouts == 1 ? "" : "s", (long long)nbound);
  return true;
}

static int cmpnamed(const void *a, const void *b) {
  return strcmp(((const named *)a)->name, ((const named *)b)->name);
}

/* Regions, attributes (sorted by name, as asc_op_set_attr keeps them) and result names. */
static bool finishop(parser *p, opparts *o, asc_op *op) {
  for (int i = 0; i < o->nblocks; i++) {
    op->regions[i].block = o->blocks[i];
    if (o->blocks[i])
      o->blocks[i]->parent = &op->regions[i];
  }
  if (o->nattrs > 0) {
    qsort(o->attrs, (size_t)o->nattrs, sizeof *o->attrs, cmpnamed);
    op->attrs = ASC_NEW_N(&p->m->arena, asc_named_attr, o->nattrs);
    for (int i = 0; i < o->nattrs; i++)
      op->attrs[i] = (asc_named_attr){o->attrs[i].name, o->attrs[i].value};
    op->nattrs = o->nattrs;
  }
  for (int i = 0, k = 0; i < o->ngroups; k += o->groups[i++].count)
    if (!define(p, &o->groups[i].t, &op->results[k], o->groups[i].count))
      return false;
  return true;
}

/* The op, once its parts check out; NULL after an error. */
static asc_op *buildop(parser *p, opparts *o) {
  if (!checkop(p, o))
    return NULL;
  asc_value **vals = malloc(sizeof *vals * (size_t)(o->nuses + 1));
  if (!vals) {
    errorat(p, o->pos, "out of memory");
    return NULL;
  }
  for (int i = 0; i < o->nuses; i++)
    vals[i] = o->uses[i].v;
  asc_op *op = asc_op_create(p->m, o->code, vals, o->nuses, o->sig->outs, o->sig->nouts, o->loc);
  free(vals);
  op->pos = o->pos;
  return finishop(p, o, op) ? op : NULL;
}

/* operation := result-list? op-name operand-list region-list? attr-dict? signature */
static asc_op *operation(parser *p) {
  opparts o = {0};
  asc_op *op = opsyntax(p, &o) ? buildop(p, &o) : NULL;
  free(o.groups);
  free(o.uses);
  free(o.blocks);
  free(o.attrs);
  return op;
}

/* module := operation*   (one "builtin.module" op is the module itself) */
static bool toplevel(parser *p) {
  asc_block *body = asc_module_body(p->m);
  asc_loc first = here(p);
  while (!is(p, ASC_TK_EOF)) {
    asc_op *op = operation(p);
    if (!op)
      return false;
    asc_block_append(body, op);
  }
  if (body->first && body->first == body->last && body->first->code == ASC_OP_MODULE) {
    asc_op *mod = body->first;
    const asc_block *mb = mod->nregions ? mod->regions[0].block : NULL;
    if (mb && mb->nargs) /* as MLIR: the module's block has no arguments (nothing could name them) */
      return errorat(p, first, "'builtin.module' op expects its region's block to have no arguments, got %d",
                     mb->nargs);
    asc_op_unlink(mod);
    p->m->op = mod;
  }
  return true;
}

asc_module *asc_parse_at(asc_ctx *ctx, const char *name, const char *text, size_t len,
                         int first_line) {
  parser *p = calloc(1, sizeof *p);
  if (!p)
    asc_die("out of memory");
  if (!name)
    name = "<input>";
  if (!text) {
    text = "";
    len = 0;
  }
  p->ctx = ctx;
  p->file = asc_intern(ctx, name, strlen(name));
  p->m = asc_module_new(ctx);
  asc_ir_lex_init(&p->lx, text, len, first_line);
  next(p);
  if (!rehash(p, MIN_BUCKETS))
    asc_die("out of memory");
  bool ok = toplevel(p) && !p->failed;
  if (!ok && !p->failed)
    asc_die("parser failed without a diagnostic");
  asc_module *m = p->m;
  free(p->syms);
  free(p->buckets);
  free(p);
  if (!ok) {
    asc_module_free(m);
    return NULL;
  }
  return m;
}

asc_module *asc_parse(asc_ctx *ctx, const char *name, const char *text, size_t len) {
  if (!name)
    name = "<input>";
  if (!asc_ctx_has_source(ctx, name))
    asc_ctx_add_source(ctx, name, text ? text : "", text ? len : 0);
  return asc_parse_at(ctx, name, text, len, 1);
}
