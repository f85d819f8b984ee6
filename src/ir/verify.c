/* verify.c - the verifier: walks a module and reports every problem it finds.
 *
 * Per op, in order: the op's shape (valid opcode, non-null typed operands and
 * results), dominance of its operands, its registry row (verify_sig.c: signatures,
 * attributes, dtypes), region count and terminator placement.  Only when all of that
 * holds do the rules that need it run: region terminators and the per-op structural
 * rules, which mirror MLIR's own verifiers so that what we accept `mlir-opt
 * --allow-unregistered-dialect` accepts too, plus the Ascend-specific rules of
 * hardware.md.  Then the op's regions are walked and its results become visible.
 *
 * Dominance: regions hold one block, so a value is visible at a use iff it was
 * defined earlier in the same block or in an enclosing block before the op that
 * contains the use, and no isolated op (func.func, builtin.module) lies in between.
 * The walk keeps a map value -> isolation scope of the live values: a value enters
 * when its op (or block) is reached and leaves when its block is left.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir/ir.h"
#include "ops/hw_ir.h"
#include "ops_access.h" /* generated: ASC_OPND_<op>_<operand> */


enum { NSLOT = 3 }; /* type strings one message may need */

/* Open-addressing map from live values to the isolation scope they were defined in
 * (0 = not live).  Entries are never removed, only set to 0. */
typedef struct vismap {
  const asc_value **keys;
  int *scope;
  size_t cap, n;
} vismap;

typedef struct verifier {
  asc_ctx *ctx;
  int nerr;
  vismap vis;
  int scope, nscopes;    /* the current isolation scope; scopes handed out so far */
  const asc_op *module;  /* innermost enclosing builtin.module: the symbol table */
  asc_strbuf tb[NSLOT];
} verifier;

/* ---- live-value map --------------------------------------------------------------------- */

static size_t slotof(const vismap *s, const asc_value *k) {
  size_t h = (size_t)(((uintptr_t)k >> 4) * 0x9E3779B97F4A7C15ull);
  size_t i = h & (s->cap - 1);
  while (s->keys[i] && s->keys[i] != k)
    i = (i + 1) & (s->cap - 1);
  return i;
}

static void visgrow(vismap *s) {
  vismap old = *s;
  s->cap = old.cap ? old.cap * 2 : 256;
  s->keys = calloc(s->cap, sizeof *s->keys);
  s->scope = calloc(s->cap, sizeof *s->scope);
  if (!s->keys || !s->scope)
    asc_die("out of memory (verifier value map of %zu entries)", s->cap);
  for (size_t i = 0; i < old.cap; i++) {
    if (!old.keys[i])
      continue;
    size_t j = slotof(s, old.keys[i]);
    s->keys[j] = old.keys[i];
    s->scope[j] = old.scope[i];
  }
  free(old.keys);
  free(old.scope);
}

static void visset(vismap *s, const asc_value *k, int scope) {
  if (!k)
    return;
  if (2 * (s->n + 1) > s->cap)
    visgrow(s);
  size_t i = slotof(s, k);
  if (!s->keys[i]) {
    s->keys[i] = k;
    s->n++;
  }
  s->scope[i] = scope;
}

static int visget(const vismap *s, const asc_value *k) {
  if (!s->cap)
    return 0;
  size_t i = slotof(s, k);
  return s->keys[i] ? s->scope[i] : 0;
}

/* ---- messages ------------------------------------------------------------------------------ */

/* The op's name; safe for a corrupt opcode, which the shape check reports. */
static const char *opname(const asc_op *op) {
  return (unsigned)op->code < ASC_OP_COUNT ? asc_opinfo_of(op->code)->name : "<invalid op>";
}

static void fail(verifier *vr, const asc_op *op, const char *fmt, ...) ASC_PRINTF(3, 4);

/* Reports "'<op>' op <message>" at the op, as MLIR's emitOpError does. */
static void fail(verifier *vr, const asc_op *op, const char *fmt, ...) {
  asc_strbuf sb;
  asc_sb_init(&sb);
  asc_sb_printf(&sb, "'%s' op ", opname(op));
  va_list ap;
  va_start(ap, fmt);
  asc_sb_vprintf(&sb, fmt, ap);
  va_end(ap);
  asc_error(vr->ctx, asc_op_diag_loc(op), "%s", sb.data ? sb.data : "");
  asc_sb_free(&sb);
  vr->nerr++;
}

/* The text of t in scratch slot `slot` (valid until that slot is reused). */
static const char *ty(verifier *vr, int slot, const asc_type *t) {
  asc_strbuf *sb = &vr->tb[slot];
  sb->len = 0;
  if (sb->data)
    sb->data[0] = '\0';
  if (t)
    asc_type_print(t, sb);
  else
    asc_sb_puts(sb, "<<NULL TYPE>>");
  return sb->data ? sb->data : "";
}

static bool isterm(const asc_op *op) {
  return (unsigned)op->code < ASC_OP_COUNT && (asc_opinfo_of(op->code)->flags & ASC_F_TERM);
}

/* ---- type lists ------------------------------------------------------------------------------ */

/* A slice of operands, results, block arguments or function-type inputs/outputs,
 * and what to call its elements in messages. */
typedef struct tylist {
  asc_value *const *ptrs;     /* operands or block arguments */
  const asc_value *vals;      /* results */
  const asc_type *const *tys; /* function type inputs or outputs */
  int first, n;               /* the slice [first, first + n) */
  const char *what;
} tylist;

static tylist operands_of(const asc_op *op, int first) {
  int n = op->noperands > first ? op->noperands - first : 0;
  return (tylist){op->operands, NULL, NULL, first, n, "operand"};
}

static tylist results_of(const asc_op *op) {
  return (tylist){NULL, op->results, NULL, 0, op->nresults, "result"};
}

static tylist args_of(const asc_block *b, int first) {
  int n = b->nargs > first ? b->nargs - first : 0;
  return (tylist){b->args, NULL, NULL, first, n, "region argument"};
}

static const asc_type *tl_type(const tylist *l, int i) {
  int k = l->first + i;
  if (l->ptrs)
    return l->ptrs[k] ? l->ptrs[k]->type : NULL;
  if (l->vals)
    return l->vals[k].type;
  return l->tys ? l->tys[k] : NULL;
}

/* Reports on `blame` where got differs from want in length or in a type; owner (or
 * NULL) is the op want belongs to, named in the message.  True if they match. */
static bool samelist(verifier *vr, const asc_op *blame, tylist got, tylist want, const asc_op *owner) {
  char of[64] = "";
  if (owner && owner != blame)
    snprintf(of, sizeof of, " of '%s'", opname(owner));
  if (got.n != want.n) {
    fail(vr, blame, "%s count %d does not match %s count %d%s", got.what, got.n, want.what, want.n, of);
    return false;
  }
  for (int i = 0; i < got.n; i++) {
    const asc_type *g = tl_type(&got, i), *w = tl_type(&want, i);
    if (g != w || !g) {
      fail(vr, blame, "%s #%d type '%s' does not match %s #%d type '%s'%s", got.what, got.first + i,
           ty(vr, 0, g), want.what, want.first + i, ty(vr, 1, w), of);
      return false;
    }
  }
  return true;
}

/* ---- generic structure -------------------------------------------------------------------------- */

/* Everything else assumes a valid opcode and typed operands and results. */
static bool checkshape(verifier *vr, const asc_op *op) {
  if ((unsigned)op->code >= ASC_OP_COUNT) {
    asc_error(vr->ctx, asc_op_diag_loc(op), "invalid op code %d", (int)op->code);
    vr->nerr++;
    return false;
  }
  for (int i = 0; i < op->noperands; i++)
    if (!op->operands || !op->operands[i] || !op->operands[i]->type) {
      char lb[96];
      fail(vr, op, "%s is null or has no type", asc_op_operand_label(op->code, i, lb, sizeof lb));
      return false;
    }
  for (int i = 0; i < op->nresults; i++)
    if (!op->results || !op->results[i].type) {
      fail(vr, op, "result #%d has no type", i);
      return false;
    }
  if (op->nregions > 0 && !op->regions) {
    fail(vr, op, "has %d regions but no region array", op->nregions);
    return false;
  }
  return true;
}

static void checkdominance(verifier *vr, const asc_op *op) {
  for (int i = 0; i < op->noperands; i++) {
    int s = visget(&vr->vis, op->operands[i]);
    if (s == vr->scope)
      continue;
    char lb[96];
    asc_op_operand_label(op->code, i, lb, sizeof lb);
    if (s != 0)
      fail(vr, op, "%s uses a value defined outside the enclosing isolated region", lb);
    else
      fail(vr, op, "%s does not dominate this use", lb);
  }
}

static bool checkregioncount(verifier *vr, const asc_op *op) {
  int want = asc_opinfo_of(op->code)->nregions;
  if (op->nregions == want)
    return true;
  fail(vr, op, "expects %d region(s) but got %d", want, op->nregions);
  return false;
}

enum { TERM_NONE = -1, TERM_ANY = -2 };

/* The terminator region ri of an op `code` must end with: an opcode, TERM_NONE
 * (builtin.module's body has none) or TERM_ANY (any ASC_F_TERM op). */
static int wantterm(asc_opcode code, int ri) {
  switch (code) {
  case ASC_OP_MODULE: return TERM_NONE;
  case ASC_OP_FUNC: return ASC_OP_RETURN;
  case ASC_OP_FOR:
  case ASC_OP_IF: return ASC_OP_YIELD;
  case ASC_OP_WHILE: return ri == 0 ? ASC_OP_CONDITION : ASC_OP_YIELD;
  default: return TERM_ANY;
  }
}

/* May terminator `term` sit directly in a region of an op `parent`?  Which region is
 * checked by the parent (scf.while's two regions want different terminators). */
static bool termparentok(asc_opcode term, asc_opcode parent) {
  switch (term) {
  case ASC_OP_RETURN: return parent == ASC_OP_FUNC;
  case ASC_OP_YIELD: return parent == ASC_OP_FOR || parent == ASC_OP_IF || parent == ASC_OP_WHILE;
  case ASC_OP_CONDITION: return parent == ASC_OP_WHILE;
  default: return parent != ASC_OP_MODULE;
  }
}

static const char *termparents(asc_opcode term) {
  switch (term) {
  case ASC_OP_RETURN: return "'func.func'";
  case ASC_OP_YIELD: return "to be one of 'scf.for, scf.if, scf.while'";
  case ASC_OP_CONDITION: return "'scf.while'";
  default: return "other than 'builtin.module'";
  }
}

/* A terminator ends its block, and only the ops that expect it may hold it. */
static void checkterm(verifier *vr, const asc_op *op, const asc_op *parent) {
  if (op->next)
    fail(vr, op, "must be the last operation in its block");
  if (!parent || !termparentok(op->code, parent->code))
    fail(vr, op, "expects parent op %s", termparents(op->code));
}

static void checkregionend(verifier *vr, const asc_op *op, int ri) {
  const asc_block *b = op->regions[ri].block;
  int want = wantterm(op->code, ri);
  if (!b || want == TERM_NONE)
    return; /* whether a region may be empty is a per-op rule */
  char wname[64] = "a terminator";
  if (want != TERM_ANY)
    snprintf(wname, sizeof wname, "'%s'", asc_opinfo_of((asc_opcode)want)->name);
  const asc_op *last = b->last;
  if (!last) {
    fail(vr, op, "region #%d has an empty block; it must end with %s", ri, wname);
    return;
  }
  if (want == TERM_ANY ? isterm(last) : (int)last->code == want)
    return;
  if (isterm(last) && !termparentok(last->code, op->code))
    return; /* the terminator itself reports "expects parent op" */
  fail(vr, op, "region #%d must end with %s, but ends with '%s'", ri, wname, opname(last));
}

/* ---- func ------------------------------------------------------------------------------------ */

/* The STR attribute `name` of op as a counted string; false if absent. */
static bool strattr(const asc_op *op, const char *name, const char **s, int *n) {
  const asc_attr *a = asc_op_attr(op, name);
  if (!a || a->kind != ASC_ATTR_STR || !a->s)
    return false;
  *s = a->s;
  *n = (int)a->slen;
  return true;
}

/* A func.func's function_type when it is a FUNC type, else NULL. */
static const asc_type *functype(const asc_op *func) {
  const asc_attr *a = asc_op_attr(func, "function_type");
  if (!a || a->kind != ASC_ATTR_TYPE || !a->type || a->type->kind != ASC_TY_FUNC)
    return NULL;
  return a->type;
}

/* Symbols are the func.func ops directly in the module body (MLIR's symbol table). */
static void checkmodule(verifier *vr, const asc_op *op) {
  const asc_block *b = op->regions[0].block;
  for (const asc_op *f = b ? b->first : NULL; f; f = f->next) {
    const char *name, *prev;
    int n, pn;
    if (f->code != ASC_OP_FUNC || !strattr(f, "sym_name", &name, &n))
      continue;
    for (const asc_op *g = b->first; g != f; g = g->next)
      if (g->code == ASC_OP_FUNC && strattr(g, "sym_name", &prev, &pn) && pn == n &&
          memcmp(prev, name, (size_t)n) == 0) {
        fail(vr, f, "redefinition of symbol '%.*s'", n, name);
        break;
      }
  }
}

static void checkfunc(verifier *vr, const asc_op *op) {
  const asc_type *ft = functype(op);
  if (!ft) {
    const asc_attr *a = asc_op_attr(op, "function_type");
    fail(vr, op, "attribute 'function_type' must be a function type, but got '%s'", ty(vr, 0, a->type));
    return;
  }
  const asc_block *b = op->regions[0].block;
  const char *vis;
  int vn;
  if (!b) { /* a declaration: MLIR only allows private ones */
    if (!strattr(op, "sym_visibility", &vis, &vn) || vn != 7 || memcmp(vis, "private", 7) != 0)
      fail(vr, op, "symbol declaration cannot have public visibility");
    return;
  }
  if (b->nargs != ft->nins || (b->nargs > 0 && !b->args)) {
    fail(vr, op, "entry block must have %d arguments to match function signature", ft->nins);
    return;
  }
  for (int i = 0; i < b->nargs; i++)
    if (!b->args[i] || b->args[i]->type != ft->ins[i])
      fail(vr, op,
           "type of entry block argument #%d('%s') must match the type of the corresponding "
           "argument in function signature('%s')",
           i, ty(vr, 0, b->args[i] ? b->args[i]->type : NULL), ty(vr, 1, ft->ins[i]));
}

/* Requires: parent is the func.func holding op (checkterm passed). */
static void checkreturn(verifier *vr, const asc_op *op, const asc_op *parent) {
  const asc_type *ft = functype(parent);
  const char *name = "";
  int n = 0;
  if (!ft)
    return; /* reported at the func.func */
  strattr(parent, "sym_name", &name, &n);
  if (op->noperands != ft->nouts) {
    fail(vr, op, "has %d operands, but enclosing function (@%.*s) returns %d", op->noperands, n, name,
         ft->nouts);
    return;
  }
  for (int i = 0; i < op->noperands; i++)
    if (op->operands[i]->type != ft->outs[i])
      fail(vr, op,
           "type of return operand %d ('%s') doesn't match function result type ('%s') "
           "in function @%.*s",
           i, ty(vr, 0, op->operands[i]->type), ty(vr, 1, ft->outs[i]), n, name);
}

/* The func.func named sym[0..n) in the innermost enclosing module, or NULL. */
static const asc_op *lookupfunc(const verifier *vr, const char *sym, size_t n) {
  const asc_block *b = vr->module && vr->module->nregions > 0 ? vr->module->regions[0].block : NULL;
  for (const asc_op *f = b ? b->first : NULL; f; f = f->next) {
    const char *name;
    int nn;
    if (f->code == ASC_OP_FUNC && strattr(f, "sym_name", &name, &nn) && (size_t)nn == n &&
        memcmp(name, sym, n) == 0)
      return f;
  }
  return NULL;
}

static void checkcall(verifier *vr, const asc_op *op) {
  const asc_attr *callee = asc_op_attr(op, "callee");
  const char *sym = callee->s ? callee->s : "";
  size_t n = callee->s ? callee->slen : 0;
  const asc_op *f = lookupfunc(vr, sym, n);
  if (!f) {
    fail(vr, op, "'%.*s' does not reference a valid function", (int)n, sym);
    return;
  }
  const asc_type *ft = functype(f);
  if (!ft)
    return; /* reported at the func.func */
  if (op->noperands != ft->nins) {
    fail(vr, op, "incorrect number of operands for callee");
    return;
  }
  for (int i = 0; i < op->noperands; i++)
    if (op->operands[i]->type != ft->ins[i])
      fail(vr, op,
           "operand type mismatch: expected operand type '%s', but provided '%s' for operand number %d",
           ty(vr, 0, ft->ins[i]), ty(vr, 1, op->operands[i]->type), i);
  if (op->nresults != ft->nouts) {
    fail(vr, op, "incorrect number of results for callee");
    return;
  }
  for (int i = 0; i < op->nresults; i++)
    if (op->results[i].type != ft->outs[i])
      fail(vr, op, "result type mismatch at index %d: expected '%s', but got '%s'", i,
           ty(vr, 0, ft->outs[i]), ty(vr, 1, op->results[i].type));
}

/* ---- scf ----------------------------------------------------------------------------------- */

/* The values region ri's scf.yield gives back must have the types of `want`. */
static void checkyield(verifier *vr, const asc_op *op, int ri, tylist want) {
  const asc_block *b = op->regions[ri].block;
  const asc_op *y = b ? b->last : NULL;
  if (y && y->code == ASC_OP_YIELD) /* else reported by checkregionend */
    samelist(vr, y, operands_of(y, 0), want, op);
}

/* scf.for: (lb, ub, step, inits...); body args (iv: index, iters...); results = iters. */
static void checkfor(verifier *vr, const asc_op *op) {
  const asc_block *b = op->regions[0].block;
  if (!b) {
    fail(vr, op, "region #0 must not be empty");
    return;
  }
  const asc_value *iv = b->nargs > 0 && b->args ? b->args[0] : NULL;
  if (!iv || !iv->type || iv->type->kind != ASC_TY_INDEX) {
    fail(vr, op, "expected body first argument to be an index argument for the induction variable");
    return;
  }
  tylist iters = operands_of(op, 3);
  if (samelist(vr, op, args_of(b, 1), iters, NULL) && samelist(vr, op, results_of(op), iters, NULL))
    checkyield(vr, op, 0, results_of(op));
}

/* scf.if: a then region always; an else region too when it has results. */
static void checkif(verifier *vr, const asc_op *op) {
  if (!op->regions[0].block) {
    fail(vr, op, "region #0 (then) must not be empty");
    return;
  }
  if (op->nresults > 0 && !op->regions[1].block) {
    fail(vr, op, "must have an else region when it has results");
    return;
  }
  checkyield(vr, op, 0, results_of(op));
  checkyield(vr, op, 1, results_of(op));
}

/* scf.while: before(args = inits) ends with scf.condition(c, results...);
 * after(args = results) yields the next inits. */
static void checkwhile(verifier *vr, const asc_op *op) {
  const asc_block *before = op->regions[0].block, *after = op->regions[1].block;
  if (!before || !after) {
    fail(vr, op, "region #%d must not be empty", before ? 1 : 0);
    return;
  }
  tylist inits = operands_of(op, 0);
  samelist(vr, op, args_of(before, 0), inits, NULL);
  samelist(vr, op, args_of(after, 0), results_of(op), NULL);
  const asc_op *cond = before->last;
  if (cond && cond->code == ASC_OP_CONDITION)
    samelist(vr, cond, operands_of(cond, 1), results_of(op), op);
  checkyield(vr, op, 1, inits);
}

/* ---- arith ------------------------------------------------------------------------------------ */

/* Does v fit in an integer of `width` bits, read as signed or unsigned (MLIR accepts
 * both -1 and 255 for i8)? */
static bool fitswidth(int64_t v, int width) {
  if (width >= 64)
    return true;
  int64_t lo = -((int64_t)1 << (width - 1 > 0 ? width - 1 : 0)), hi = ((int64_t)1 << width) - 1;
  if (width == 1)
    lo = -1;
  return v >= lo && v <= hi;
}

/* arith.constant: `value` has exactly the result type (i1 also takes true/false). */
static void checkconstant(verifier *vr, const asc_op *op) {
  const asc_type *rt = op->results[0].type;
  const asc_attr *a = asc_op_attr(op, "value");
  if (a->kind == ASC_ATTR_BOOL && rt->kind == ASC_TY_INT && rt->width == 1)
    return;
  bool isfloat = rt->kind == ASC_TY_FLOAT;
  if (a->kind != (isfloat ? ASC_ATTR_FLOAT : ASC_ATTR_INT)) {
    fail(vr, op, "value must be %s attribute for result type '%s'", isfloat ? "a float" : "an integer",
         ty(vr, 0, rt));
    return;
  }
  if (a->type != rt)
    fail(vr, op, "value attribute type '%s' must match result type '%s'", ty(vr, 0, a->type),
         ty(vr, 1, rt));
  else if (rt->kind == ASC_TY_INT && !fitswidth(a->i, rt->width))
    fail(vr, op, "value %lld does not fit in '%s'", (long long)a->i, ty(vr, 0, rt));
}

/* cmpi/cmpf: an i64 predicate in MLIR's numbering (0..9 resp. 0..15). */
static void checkpredicate(verifier *vr, const asc_op *op, int max) {
  const asc_attr *a = asc_op_attr(op, "predicate");
  if (a->type && !(a->type->kind == ASC_TY_INT && a->type->width == 64 && !a->type->is_unsigned))
    fail(vr, op, "attribute 'predicate' must be an i64 integer, but has type '%s'", ty(vr, 0, a->type));
  else if (a->i < 0 || a->i > max)
    fail(vr, op, "predicate %lld is out of range [0, %d]", (long long)a->i, max);
}

/* ext*: the result is strictly wider; trunc*: strictly narrower. */
static void checkwidth(verifier *vr, const asc_op *op, bool wider) {
  const asc_type *from = op->operands[ASC_OPND_EXTF_in]->type, *to = op->results[0].type;
  if (wider ? to->width > from->width : to->width < from->width)
    return;
  fail(vr, op, "result type '%s' must be %s than operand type '%s'", ty(vr, 0, to),
       wider ? "wider" : "narrower", ty(vr, 1, from));
}

/* index_cast: exactly one side is index (the other is a signless integer, checked
 * with the signature); bitcast: no index, same width. */
static void checkcast(verifier *vr, const asc_op *op) {
  const asc_type *from = op->operands[ASC_OPND_INDEX_CAST_int32]->type, *to = op->results[0].type;
  bool fi = from->kind == ASC_TY_INDEX, ti = to->kind == ASC_TY_INDEX;
  bool ok = op->code == ASC_OP_INDEX_CAST ? fi != ti : !fi && !ti && from->width == to->width;
  if (!ok)
    fail(vr, op, "operand type '%s' and result type '%s' are cast incompatible", ty(vr, 0, from),
         ty(vr, 1, to));
}

/* ---- asc ------------------------------------------------------------------------------------ */

/* set_flag / wait_flag / pipe_barrier: an event id outside 0-7, an event valid on no core and a
 * barrier of a pipe the core lacks (or PIPE_S) are legal IR, as in pyasc, whose front-end compiles
 * them: the hardware rejects them when they run (the simulator's error at the op's line), and
 * verify-sync warns at compile time where it is certain (S006, S007; docs/verify-sync.md). */

/* cross_core_set_flag / wait_flag: mode 0, 1 or 2; the set's pipe one that can signal (any
 * pipe of arch 2201 but S; hardware.md §10). */
static void checkxflag(verifier *vr, const asc_op *op) {
  int64_t mode = asc_op_attr(op, "mode")->i, p = asc_op_attr(op, "pipe")->i;
  if (mode < 0 || mode > 2)
    fail(vr, op, "mode %lld is not a cross-core mode (0: every core of a kind, 1: the AIVs of a block, "
         "2: AIC <-> AIVs of a block)", (long long)mode);
  else if (op->code == ASC_OP_CROSS_CORE_SET_FLAG && (p == ASC_PIPEID_PIPE_S || !asc_hw_pipe_exists((int)p)))
    fail(vr, op, "pipe %s cannot signal another core (V, M, MTE1, MTE2, MTE3 or FIX)",
         asc_enum_name(ASC_ENUM_PIPEID, p));
}

/* Copies (the registry's COPY pipe rule: dst operand 0, src operand 1) need a path of the
 * hardware table (hw.def: GM->UB on MTE2, UB->GM on MTE3, UB->UB on V, GM->L1, ...). */
static void checkcopypath(verifier *vr, const asc_op *op) {
  if (asc_opinfo_of(op->code)->pipe != ASC_PR_COPY || op->noperands < 2)
    return;
  int dst = asc_hw_type_mem(op->operands[0]->type), src = asc_hw_type_mem(op->operands[1]->type);
  if (src < 0 || dst < 0 || asc_hw_copy_pipe(src, dst) != ASC_HW_NOPIPE)
    return;
  if (src == ASC_HW_MEM_GM && dst == ASC_HW_MEM_GM)
    fail(vr, op, "there is no GM -> GM copy path: both dst and src are global tensors; copy through a local "
         "tensor (GM -> UB on MTE2, then UB -> GM on MTE3)");
  else
    fail(vr, op, "there is no %s -> %s copy path on arch 2201", asc_hw_mem_name(src), asc_hw_mem_name(dst));
}

/* The memories of the tensor operands whose row of src/ops/operand_mems.def limits them, as far as
 * the types tell (a TPosition, a GM type); the simulator checks the same rows at run time. */
static void checkmems(verifier *vr, const asc_op *op) {
  for (int i = 0; i < op->noperands; i++) {
    unsigned mask = asc_op_operand_mems(op->code, i);
    int m = mask ? asc_hw_type_mem(op->operands[i]->type) : -1;
    if (m < 0 || (mask >> m & 1))
      continue;
    char name[64], want[160];
    asc_op_operand_name(op->code, i, name, sizeof name);
    asc_mems_text(mask, want, sizeof want);
    fail(vr, op, "operand '%s' is in %s, but must be in %s", name, asc_hw_mem_name(m), want);
  }
}

/* A constant field of asc.struct against the hardware's range of the field (field_ranges.def; the
 * simulator checks a runtime value against the same row). */
static void checkfield(verifier *vr, const asc_op *op, int f, const asc_value *v) {
  int64_t lo, hi;
  const asc_attr *a = v->def && v->def->code == ASC_OP_CONSTANT ? asc_op_attr(v->def, "value") : NULL;
  if (!a || (a->kind != ASC_ATTR_INT && a->kind != ASC_ATTR_FLOAT) || !asc_sfield_range(f, &lo, &hi))
    return;
  double x = a->kind == ASC_ATTR_INT ? (double)a->i : a->f;
  if (!(x >= (double)lo && x <= (double)hi) || x != (double)(int64_t)x)
    fail(vr, op, "%s %g is not an integer in %lld..%lld (the hardware field's range)", asc_sfields[f].label, x,
         (long long)lo, (long long)hi);
}

/* asc.struct: one operand per field of the result's struct, in declaration order. */
static void checkstruct(verifier *vr, const asc_op *op) {
  int id = op->results[0].type->struct_id;
  if (id < 0 || id >= ASC_STRUCT_COUNT) {
    fail(vr, op, "result has unknown struct id %d", id);
    return;
  }
  int n = asc_struct_nfields(id);
  if (op->noperands != n) {
    fail(vr, op, "expects %d operands (the fields of %s) but got %d", n, asc_struct_name(id),
         op->noperands);
    return;
  }
  for (int i = 0; i < n; i++)
    checkfield(vr, op, asc_struct_first_field(id) + i, op->operands[i]);
}

/* A position a queue or TBuf may bind: any TPosition but GM (GM is no on-chip buffer). */
static bool localpos(int pos) { return pos != ASC_POS_GM && asc_enum_name(ASC_ENUM_POS, pos) != NULL; }

static bool checkpos(verifier *vr, const asc_op *op, int pos, bool gm_ok) {
  const char *name = asc_enum_name(ASC_ENUM_POS, pos);
  if (!name)
    fail(vr, op, "position %d is not a valid TPosition", pos);
  else if (!gm_ok && pos == ASC_POS_GM)
    fail(vr, op, "position %s is not an on-chip TPosition", name);
  else
    return true;
  return false;
}

/* asc.tque: depth 0..8 (8 event ids per event, hardware.md §7); TQue<pos> (pos2 =
 * pos or unset) binds an on-chip position, TQueBind<src, dst> may name GM on one side. */
static void checktque(verifier *vr, const asc_op *op) {
  const asc_type *t = op->results[0].type;
  if (t->depth < 0 || t->depth > 8)
    fail(vr, op, "queue depth %d is out of range [0, 8]", t->depth);
  if (t->pos2 < 0 || t->pos2 == t->pos) {
    checkpos(vr, op, t->pos, false);
    return;
  }
  if (checkpos(vr, op, t->pos, true) && checkpos(vr, op, t->pos2, true) && !localpos(t->pos) &&
      !localpos(t->pos2))
    fail(vr, op, "a queue binding needs an on-chip position on at least one side");
}

/* ---- dispatch and walk ------------------------------------------------------------------------- */

/* The per-op structural rules.  Requires: the generic checks of op passed. */
static void checkop(verifier *vr, const asc_op *op, const asc_op *parent) {
  checkcopypath(vr, op);
  checkmems(vr, op);
  switch (op->code) {
  case ASC_OP_MODULE: checkmodule(vr, op); break;
  case ASC_OP_FUNC: checkfunc(vr, op); break;
  case ASC_OP_RETURN: checkreturn(vr, op, parent); break;
  case ASC_OP_CALL: checkcall(vr, op); break;
  case ASC_OP_FOR: checkfor(vr, op); break;
  case ASC_OP_IF: checkif(vr, op); break;
  case ASC_OP_WHILE: checkwhile(vr, op); break;
  case ASC_OP_CONSTANT: checkconstant(vr, op); break;
  case ASC_OP_CMPI: checkpredicate(vr, op, 9); break;
  case ASC_OP_CMPF: checkpredicate(vr, op, 15); break;
  case ASC_OP_EXTSI:
  case ASC_OP_EXTUI:
  case ASC_OP_EXTF: checkwidth(vr, op, true); break;
  case ASC_OP_TRUNCI:
  case ASC_OP_TRUNCF: checkwidth(vr, op, false); break;
  case ASC_OP_INDEX_CAST:
  case ASC_OP_BITCAST: checkcast(vr, op); break;
  case ASC_OP_STRUCT: checkstruct(vr, op); break;
  case ASC_OP_TQUE: checktque(vr, op); break;
  case ASC_OP_TBUF: checkpos(vr, op, op->results[0].type->pos, false); break;
  case ASC_OP_CROSS_CORE_SET_FLAG:
  case ASC_OP_CROSS_CORE_WAIT_FLAG: checkxflag(vr, op); break;
  default: break;
  }
}

static void verifyop(verifier *vr, asc_op *op, const asc_op *parent);

/* Walks one block: its arguments and then each op's results become live in the
 * current scope, and all of them die when the block is left. */
static void walkblock(verifier *vr, asc_block *b, const asc_op *parent) {
  for (int i = 0; i < b->nargs; i++)
    visset(&vr->vis, b->args ? b->args[i] : NULL, vr->scope);
  for (asc_op *op = b->first; op; op = op->next)
    verifyop(vr, op, parent);
  for (int i = 0; i < b->nargs; i++)
    visset(&vr->vis, b->args ? b->args[i] : NULL, 0);
  for (asc_op *op = b->first; op; op = op->next)
    for (int i = 0; op->results && i < op->nresults; i++)
      visset(&vr->vis, &op->results[i], 0);
}

/* An isolated op's regions start a scope of their own: nothing outside is live. */
static void walkregions(verifier *vr, asc_op *op) {
  int saved = vr->scope;
  const asc_op *savedmod = vr->module;
  if (asc_opinfo_of(op->code)->flags & ASC_F_ISOLATED)
    vr->scope = ++vr->nscopes;
  if (op->code == ASC_OP_MODULE)
    vr->module = op;
  for (int i = 0; i < op->nregions; i++)
    if (op->regions[i].block)
      walkblock(vr, op->regions[i].block, op);
  vr->scope = saved;
  vr->module = savedmod;
}

/* Verifies op, held by a region of parent (NULL at the top), and all it contains. */
static void verifyop(verifier *vr, asc_op *op, const asc_op *parent) {
  if (!checkshape(vr, op))
    return;
  int before = vr->nerr;
  checkdominance(vr, op);
  vr->nerr += asc_ir_verify_op_sig(vr->ctx, op);
  checkregioncount(vr, op);
  if (isterm(op))
    checkterm(vr, op, parent);
  if (vr->nerr == before) {
    for (int i = 0; i < op->nregions; i++)
      checkregionend(vr, op, i);
    checkop(vr, op, parent);
  }
  walkregions(vr, op);
  for (int i = 0; i < op->nresults; i++)
    visset(&vr->vis, &op->results[i], vr->scope);
}

int asc_verify(asc_module *m) {
  if (!m || !m->op) {
    if (m)
      asc_error(m->ctx, ASC_LOC_UNKNOWN, "module has no builtin.module op");
    return 1;
  }
  verifier vr;
  memset(&vr, 0, sizeof vr);
  vr.ctx = m->ctx;
  vr.scope = vr.nscopes = 1;
  for (int i = 0; i < NSLOT; i++)
    asc_sb_init(&vr.tb[i]);
  verifyop(&vr, m->op, NULL);
  for (int i = 0; i < NSLOT; i++)
    asc_sb_free(&vr.tb[i]);
  free(vr.vis.keys);
  free(vr.vis.scope);
  return vr.nerr;
}
