/* verify_sig.c - the table-driven half of the verifier: checks one op against its
 * ops.def row alone (operand and result signatures, attributes, tensor element
 * types, signless arith integers).  verify.c walks the module, checks dominance and
 * region structure, and calls asc_ir_verify_op_sig once per op.
 *
 * The signature language (see the header of ops.def):
 *   sig  := tok (',' tok)*
 *   tok  := [?*] base [('$' | '@') var]
 *   base := i1 i32 i64 index int intidx float num any gm gt lt tensor que tbuf pipe
 *           func struct count | struct:<Name>
 * The strings are parsed on every use: they are a few bytes long and a cache would
 * be state to keep in step with the table.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir/ir.h"

enum {
  SIG_MAX = 40, /* constraints in one signature string (trans_data_to_5hd has 33) */
  VAR_MAX = 8,  /* type variables in one op's signatures */
  NSLOT = 5,    /* type strings and operand labels one message may need */
};

/* One constraint of a signature string; the pointers point into the string. */
typedef struct sigtok {
  const char *name; /* the operand's name ("dst"; not NUL-terminated; NULL if the token has none) */
  int nlen;
  char rep;         /* 0, '?' optional, '*' variadic */
  const char *base; /* "lt", "struct:DataCopyParams" (not NUL-terminated) */
  int blen;
  char bind;        /* 0, '$' binds the type, '@' binds the element type */
  const char *var;
  int vlen;
} sigtok;

/* A type variable, bound by its first use. */
typedef struct sigvar {
  char bind;
  const char *name;
  int nlen;
  const asc_type *type;
  const char *who; /* where it was bound: "operand" or "result", its index and token */
  int idx;
  sigtok tok; /* a copy: the token array is a matchlist local */
} sigvar;

typedef struct sigck {
  asc_ctx *ctx;
  const asc_op *op;
  const asc_opinfo *info;
  int nerr;
  sigvar vars[VAR_MAX];
  int nvars;
  asc_strbuf tb[NSLOT];
} sigck;

/* ---- messages ------------------------------------------------------------------------ */

static void fail(sigck *c, const char *fmt, ...) ASC_PRINTF(2, 3);

/* Reports "'<op>' op <message>" at the op, as MLIR's emitOpError does (only counts it
 * without a ctx). */
static void fail(sigck *c, const char *fmt, ...) {
  asc_strbuf sb;
  c->nerr++;
  if (!c->ctx)
    return;
  asc_sb_init(&sb);
  asc_sb_printf(&sb, "'%s' op ", c->info->name);
  va_list ap;
  va_start(ap, fmt);
  asc_sb_vprintf(&sb, fmt, ap);
  va_end(ap);
  asc_error(c->ctx, asc_op_diag_loc(c->op), "%s", sb.data ? sb.data : "");
  asc_sb_free(&sb);
}

static void sbreset(asc_strbuf *sb) {
  sb->len = 0;
  if (sb->data)
    sb->data[0] = '\0';
}

/* The text of t in scratch slot `slot` (valid until that slot is reused). */
static const char *ty(sigck *c, int slot, const asc_type *t) {
  asc_strbuf *sb = &c->tb[slot];
  sbreset(sb);
  if (t)
    asc_type_print(t, sb);
  else
    asc_sb_puts(sb, "<<NULL TYPE>>");
  return sb->data ? sb->data : "";
}

/* ---- constraints --------------------------------------------------------------------- */

static bool signless(const asc_type *t, int width) {
  return t->kind == ASC_TY_INT && !t->is_unsigned && t->width == width;
}

static bool c_i1(const asc_type *t) { return signless(t, 1); }
static bool c_i32(const asc_type *t) { return signless(t, 32); }
static bool c_i64(const asc_type *t) { return signless(t, 64); }
static bool c_index(const asc_type *t) { return t->kind == ASC_TY_INDEX; }
static bool c_int(const asc_type *t) { return t->kind == ASC_TY_INT; }
static bool c_intidx(const asc_type *t) { return c_int(t) || c_index(t); }
static bool c_float(const asc_type *t) { return t->kind == ASC_TY_FLOAT; }
static bool c_num(const asc_type *t) { return c_intidx(t) || c_float(t); }
static bool c_any(const asc_type *t) { return t != NULL; }
static bool c_gm(const asc_type *t) { return t->kind == ASC_TY_GM; }
static bool c_gt(const asc_type *t) { return t->kind == ASC_TY_GTENSOR; }
static bool c_lt(const asc_type *t) { return t->kind == ASC_TY_LTENSOR; }
static bool c_tensor(const asc_type *t) { return c_gt(t) || c_lt(t); }
static bool c_que(const asc_type *t) { return t->kind == ASC_TY_QUEUE; }
static bool c_tbuf(const asc_type *t) { return t->kind == ASC_TY_TBUF; }
static bool c_pipe(const asc_type *t) { return t->kind == ASC_TY_PIPE; }
static bool c_func(const asc_type *t) { return t->kind == ASC_TY_FUNC; }
static bool c_struct(const asc_type *t) { return t->kind == ASC_TY_STRUCT; }

static const struct {
  const char *name;
  bool (*ok)(const asc_type *t);
} constraints[] = {
    {"i1", c_i1},       {"i32", c_i32},       {"i64", c_i64},     {"index", c_index},
    {"int", c_int},     {"intidx", c_intidx}, {"float", c_float}, {"num", c_num},
    {"any", c_any},     {"gm", c_gm},         {"gt", c_gt},       {"lt", c_lt},
    {"tensor", c_tensor}, {"que", c_que},     {"tbuf", c_tbuf},   {"pipe", c_pipe},
    {"func", c_func},   {"struct", c_struct},   {"count", c_i32},
};

static bool eqn(const char *s, int n, const char *lit) {
  return strlen(lit) == (size_t)n && memcmp(s, lit, (size_t)n) == 0;
}

/* Does t satisfy the constraint base[0..n)?  An unknown constraint is a bug in
 * ops.def, not in the user's IR. */
static bool basematch(const char *base, int n, const asc_type *t) {
  if (n > 7 && memcmp(base, "struct:", 7) == 0) {
    int id = asc_struct_lookup(base + 7, (size_t)n - 7);
    if (id < 0)
      asc_die("ops.def: unknown struct in constraint '%.*s'", n, base);
    return t->kind == ASC_TY_STRUCT && t->struct_id == id;
  }
  for (size_t i = 0; i < sizeof constraints / sizeof constraints[0]; i++)
    if (eqn(base, n, constraints[i].name))
      return constraints[i].ok(t);
  asc_die("ops.def: unknown constraint '%.*s'", n, base);
}

/* ---- signatures ---------------------------------------------------------------------- */

/* sig := tok (',' tok)* ; tok := [name '='] [?*] base [($|@) var].  Returns the token count. */
static int sigparse(const char *s, sigtok *toks) {
  int n = 0;
  while (*s) {
    if (n == SIG_MAX)
      asc_die("ops.def: signature has more than %d constraints", SIG_MAX);
    sigtok *t = &toks[n++];
    memset(t, 0, sizeof *t);
    size_t eq = strcspn(s, "=,");
    if (s[eq] == '=') {
      t->name = s;
      t->nlen = (int)eq;
      s += eq + 1;
    }
    if (*s == '?' || *s == '*')
      t->rep = *s++;
    t->base = s;
    while (*s && *s != ',' && *s != '$' && *s != '@')
      s++;
    t->blen = (int)(s - t->base);
    if (*s == '$' || *s == '@') {
      t->bind = *s++;
      t->var = s;
      while (*s && *s != ',')
        s++;
      t->vlen = (int)(s - t->var);
    }
    if (*s == ',')
      s++;
  }
  return n;
}

/* The type an '@' variable binds: a memory type's element, else the type itself. */
static const asc_type *elemof(const asc_type *t) {
  bool mem = t->kind == ASC_TY_GM || t->kind == ASC_TY_GTENSOR || t->kind == ASC_TY_LTENSOR;
  return mem && t->elem ? t->elem : t;
}

static sigvar *findvar(sigck *c, const sigtok *tok) {
  for (int i = 0; i < c->nvars; i++) {
    sigvar *v = &c->vars[i];
    if (v->bind == tok->bind && v->nlen == tok->vlen && memcmp(v->name, tok->var, (size_t)v->nlen) == 0)
      return v;
  }
  return NULL;
}

/* Binds tok's variable to t (element of t for '@') or checks it against the binding. */
/* "operand 'dst'" (a variadic operand: "operand 'args' #3"; a token with no name, or a result: "result #0")
 * in message slot `slot`. */
static const char *label(sigck *c, int slot, const char *who, int idx, const sigtok *tok) {
  asc_strbuf *sb = &c->tb[slot];
  sbreset(sb);
  if (tok && tok->name && tok->rep == '*')
    asc_sb_printf(sb, "%s '%.*s' #%d", who, tok->nlen, tok->name, idx);
  else if (tok && tok->name)
    asc_sb_printf(sb, "%s '%.*s'", who, tok->nlen, tok->name);
  else
    asc_sb_printf(sb, "%s #%d", who, idx);
  return sb->data ? sb->data : "";
}

static void bindvar(sigck *c, const sigtok *tok, const char *who, int idx, const asc_type *t) {
  const asc_type *bt = tok->bind == '@' ? elemof(t) : t;
  sigvar *v = findvar(c, tok);
  if (!v) {
    if (c->nvars == VAR_MAX)
      asc_die("ops.def: more than %d type variables", VAR_MAX);
    c->vars[c->nvars++] = (sigvar){tok->bind, tok->var, tok->vlen, bt, who, idx, *tok};
    return;
  }
  if (v->type == bt)
    return;
  if (tok->bind == '$')
    fail(c, "%s type '%s' must match %s type '%s'", label(c, 3, who, idx, tok), ty(c, 0, t),
         label(c, 4, v->who, v->idx, &v->tok), ty(c, 1, v->type));
  else
    fail(c, "%s element type '%s' must match '%s' of %s", label(c, 3, who, idx, tok), ty(c, 0, bt),
         ty(c, 1, v->type), label(c, 4, v->who, v->idx, &v->tok));
}

static bool checkone(sigck *c, const sigtok *tok, const char *who, int idx, const asc_type *t) {
  if (!basematch(tok->base, tok->blen, t)) {
    bool count = eqn(tok->base, tok->blen, "count"); /* an i32 with a meaning for the passes */
    fail(c, "%s must be %.*s, but got '%s'", label(c, 3, who, idx, tok), count ? 3 : tok->blen,
         count ? "i32" : tok->base, ty(c, 0, t));
    return false;
  }
  int before = c->nerr;
  if (tok->bind)
    bindvar(c, tok, who, idx, t);
  return c->nerr == before;
}

static const asc_type *operandtype(const asc_op *op, int i) { return op->operands[i]->type; }
static const asc_type *resulttype(const asc_op *op, int i) { return op->results[i].type; }

/* Is n a valid count for the tokens?  Reports if not. */
static bool checkcount(sigck *c, const sigtok *toks, int ntoks, const char *who, int n) {
  int fixed = 0, opt = 0, var = 0;
  for (int i = 0; i < ntoks; i++)
    *(toks[i].rep == '?' ? &opt : toks[i].rep == '*' ? &var : &fixed) += 1;
  if (var && n < fixed)
    fail(c, "expects at least %d %ss but got %d", fixed, who, n);
  else if (!var && opt && (n < fixed || n > fixed + opt))
    fail(c, "expects %d to %d %ss but got %d", fixed, fixed + opt, who, n);
  else if (!var && !opt && n != fixed)
    fail(c, "expects %d %ss but got %d", fixed, who, n);
  else
    return true;
  return false;
}

/* Matches n values against sig: optional tokens take a value while there are more
 * values than fixed tokens, the first variadic token takes all the rest.  Stops at
 * the first mismatch, as MLIR does: later ones are mostly its echoes.  True if all
 * match. */
static bool matchlist(sigck *c, const char *sig, const char *who, int n,
                      const asc_type *(*typeat)(const asc_op *op, int i)) {
  sigtok toks[SIG_MAX];
  int ntoks = sigparse(sig, toks);
  if (!checkcount(c, toks, ntoks, who, n))
    return false;
  int extra = n, k = 0;
  for (int i = 0; i < ntoks; i++)
    extra -= toks[i].rep == 0;
  for (int i = 0; i < ntoks; i++) {
    int take = toks[i].rep == 0 ? 1 : toks[i].rep == '?' ? (extra > 0) : extra;
    if (toks[i].rep)
      extra -= take;
    for (int j = 0; j < take; j++, k++)
      if (!checkone(c, &toks[i], who, k, typeat(c->op, k)))
        return false;
  }
  return true;
}

/* ---- attributes ------------------------------------------------------------------------- */

static const struct {
  const char *kind;
  asc_attr_kind ak;
  const char *desc;
} attrkinds[] = {
    {"int", ASC_ATTR_INT, "an integer"}, {"float", ASC_ATTR_FLOAT, "a float"},
    {"bool", ASC_ATTR_BOOL, "a bool"},   {"str", ASC_ATTR_STR, "a string"},
    {"type", ASC_ATTR_TYPE, "a type"},   {"sym", ASC_ATTR_SYM, "a symbol reference"},
    {"unit", ASC_ATTR_UNIT, "a unit attribute"},
};

/* The C++ names users know the enums by (hardware.md). */
static const char *enumtitle(int kind) {
  switch (kind) {
  case ASC_ENUM_EVENT: return "HardEvent";
  case ASC_ENUM_POS: return "TPosition";
  case ASC_ENUM_PIPEID: return "PipeID";
  case ASC_ENUM_ROUND: return "RoundMode";
  default: return asc_enum_kind_name(kind);
  }
}

static void wrongkind(sigck *c, const char *name, const char *desc, const asc_attr *a) {
  asc_strbuf *sb = &c->tb[0];
  sbreset(sb);
  asc_attr_print(a, sb);
  fail(c, "attribute '%s' must be %s, but got %s", name, desc, sb->data ? sb->data : "");
}

static void checkenum(sigck *c, const char *name, int ek, const asc_attr *a) {
  if (a->kind != ASC_ATTR_ENUM || a->enum_kind != ek) {
    char desc[64];
    snprintf(desc, sizeof desc, "a %s (#asc.%s<...>)", enumtitle(ek), asc_enum_kind_name(ek));
    wrongkind(c, name, desc, a);
  } else if (!asc_enum_name(ek, a->i)) {
    fail(c, "attribute '%s' value %lld is not a valid %s", name, (long long)a->i, enumtitle(ek));
  }
}

/* Checks attribute `name` (NUL-terminated) against kind[0..klen). */
static void checkattr(sigck *c, const char *name, bool opt, const char *kind, int klen) {
  const asc_attr *a = asc_op_attr(c->op, name);
  if (!a) {
    if (!opt)
      fail(c, "requires attribute '%s'", name);
    return;
  }
  if (eqn(kind, klen, "any"))
    return;
  for (size_t i = 0; i < sizeof attrkinds / sizeof attrkinds[0]; i++) {
    if (!eqn(kind, klen, attrkinds[i].kind))
      continue;
    if (a->kind != attrkinds[i].ak)
      wrongkind(c, name, attrkinds[i].desc, a);
    return;
  }
  int ek = asc_enum_kind_lookup(kind, (size_t)klen);
  if (ek < 0)
    asc_die("ops.def: op '%s': unknown attribute kind '%.*s'", c->info->name, klen, kind);
  checkenum(c, name, ek, a);
}

/* attrs := (name ['?'] ':' kind)* separated by spaces */
static void checkattrs(sigck *c) {
  const char *s = c->info->attrs;
  while (*s) {
    while (*s == ' ')
      s++;
    if (!*s)
      break;
    const char *name = s;
    while (*s && *s != ':' && *s != '?')
      s++;
    char buf[64];
    int nlen = (int)(s - name);
    if (nlen >= (int)sizeof buf || !*s)
      asc_die("ops.def: op '%s': bad attribute spec '%s'", c->info->name, c->info->attrs);
    memcpy(buf, name, (size_t)nlen);
    buf[nlen] = '\0';
    bool opt = *s == '?';
    s += opt ? 2 : 1; /* "?:" or ":" */
    const char *kind = s;
    while (*s && *s != ' ')
      s++;
    checkattr(c, buf, opt, kind, (int)(s - kind));
  }
}

/* ---- element types and signless integers ------------------------------------------------ */

/* The dtypes column restricts the element type of every tensor operand.  One report
 * per op: the operands usually share the type, and repeating it is noise. */
static void checkdtypes(sigck *c) {
  const char *dtypes = c->info->dtypes;
  if (!dtypes || !*dtypes)
    return;
  for (int i = 0; i < c->op->noperands; i++) {
    const asc_type *t = operandtype(c->op, i);
    if (!asc_type_is_tensor(t) || !t->elem)
      continue;
    const char *name = ty(c, 0, t->elem);
    if (!asc_op_dtype_ok(c->op->code, name)) {
      fail(c, "element type '%s' is not supported (supported: %s)", name, dtypes);
      return;
    }
  }
}

/* MLIR's arith dialect takes signless integers only (ui32 is rejected); arith.select
 * is the exception, its values may have any type.  One report per op. */
static void checksignless(sigck *c) {
  if (c->info->family != ASC_FAM_ARITH || c->op->code == ASC_OP_SELECT)
    return;
  for (int i = 0; i < c->op->noperands + c->op->nresults; i++) {
    bool isres = i >= c->op->noperands;
    int k = isres ? i - c->op->noperands : i;
    const asc_type *t = isres ? resulttype(c->op, k) : operandtype(c->op, k);
    if (t->kind == ASC_TY_INT && t->is_unsigned) {
      char lb[96];
      if (isres)
        snprintf(lb, sizeof lb, "result #%d", k);
      else
        asc_op_operand_label(c->op->code, k, lb, sizeof lb);
      fail(c, "%s must be a signless integer, but got '%s'", lb, ty(c, 0, t));
      return;
    }
  }
}

int asc_ir_verify_op_sig(asc_ctx *ctx, const asc_op *op) {
  sigck c;
  memset(&c, 0, sizeof c);
  c.ctx = ctx;
  c.op = op;
  c.info = asc_opinfo_of(op->code);
  for (int i = 0; i < NSLOT; i++)
    asc_sb_init(&c.tb[i]);
  /* Attributes are independent of the types; the type rules after the signature
   * would only repeat a signature error. */
  checkattrs(&c);
  if (matchlist(&c, c.info->operands, "operand", op->noperands, operandtype) &&
      matchlist(&c, c.info->results, "result", op->nresults, resulttype)) {
    checkdtypes(&c);
    checksignless(&c);
  }
  for (int i = 0; i < NSLOT; i++)
    asc_sb_free(&c.tb[i]);
  return c.nerr;
}
