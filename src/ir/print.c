/* print.c - the generic-syntax printer.  Values are numbered %0, %1, ... and block
 * arguments %arg0, ... in print order, restarting at every top-level op of the module
 * (each function), so printing then re-parsing gives identical text. */
#include <stdlib.h>
#include <string.h>

#include "ir/ir.h"

typedef struct numbering {
  asc_ptrmap ids; /* value -> id; block arguments negative (-1 = %arg0) */
  int nextval, nextarg;
} numbering;

typedef struct printer {
  asc_strbuf *out;
  numbering num;
} printer;

static void numput(numbering *nm, const asc_value *v, int id) {
  asc_ptrmap_put(&nm->ids, v, (uintptr_t)(intptr_t)id);
}

static bool numget(const numbering *nm, const asc_value *v, int *id) {
  uintptr_t u;
  if (!asc_ptrmap_get(&nm->ids, v, &u))
    return false;
  *id = (int)(intptr_t)u;
  return true;
}

static void indent(printer *p, int depth) {
  for (int i = 0; i < depth; i++)
    asc_sb_puts(p->out, "  ");
}

static void printvalue(printer *p, const asc_value *v) {
  int id;
  if (!numget(&p->num, v, &id)) {
    asc_sb_puts(p->out, "%<<unknown value>>");
    return;
  }
  if (id < 0) {
    asc_sb_printf(p->out, "%%arg%d", -id - 1);
    return;
  }
  asc_sb_printf(p->out, "%%%d", id);
  if (v->def && v->def->nresults > 1)
    asc_sb_printf(p->out, "#%d", v->index);
}

static void printtypes(printer *p, const asc_type *const *ts, int n, bool parens_for_one) {
  bool parens = n != 1 || parens_for_one || ts[0]->kind == ASC_TY_FUNC;
  if (parens)
    asc_sb_putc(p->out, '(');
  for (int i = 0; i < n; i++) {
    if (i)
      asc_sb_puts(p->out, ", ");
    asc_type_print(ts[i], p->out);
  }
  if (parens)
    asc_sb_putc(p->out, ')');
}

static void printattrs(printer *p, const asc_op *op) {
  if (!op->nattrs)
    return;
  asc_sb_puts(p->out, " {");
  for (int i = 0; i < op->nattrs; i++) {
    const asc_named_attr *a = &op->attrs[i];
    if (i)
      asc_sb_puts(p->out, ", ");
    if (asc_is_bare_ident(a->name))
      asc_sb_puts(p->out, a->name);
    else
      asc_print_string(a->name, strlen(a->name), p->out);
    if (a->value->kind == ASC_ATTR_UNIT)
      continue;
    asc_sb_puts(p->out, " = ");
    asc_attr_print(a->value, p->out);
  }
  asc_sb_putc(p->out, '}');
}

static void printop(printer *p, const asc_op *op, int depth);

static void printblock(printer *p, const asc_block *b, int depth) {
  if (b->nargs) {
    indent(p, depth - 1);
    asc_sb_puts(p->out, "^bb0(");
    for (int i = 0; i < b->nargs; i++) {
      if (i)
        asc_sb_puts(p->out, ", ");
      numput(&p->num, b->args[i], -(++p->num.nextarg));
      printvalue(p, b->args[i]);
      asc_sb_puts(p->out, ": ");
      asc_type_print(b->args[i]->type, p->out);
    }
    asc_sb_puts(p->out, "):\n");
  }
  for (const asc_op *op = b->first; op; op = op->next)
    printop(p, op, depth);
}

static void printregions(printer *p, const asc_op *op, int depth) {
  if (!op->nregions)
    return;
  asc_sb_puts(p->out, " (");
  for (int r = 0; r < op->nregions; r++) {
    if (r)
      asc_sb_puts(p->out, ", ");
    asc_sb_puts(p->out, "{\n");
    if (op->regions[r].block)
      printblock(p, op->regions[r].block, depth + 1);
    indent(p, depth);
    asc_sb_putc(p->out, '}');
  }
  asc_sb_putc(p->out, ')');
}

static void printresults(printer *p, const asc_op *op) {
  if (!op->nresults)
    return;
  int id = p->num.nextval++;
  for (int i = 0; i < op->nresults; i++)
    numput(&p->num, &op->results[i], id);
  asc_sb_printf(p->out, "%%%d", id);
  if (op->nresults > 1)
    asc_sb_printf(p->out, ":%d", op->nresults);
  asc_sb_puts(p->out, " = ");
}

static void printsignature(printer *p, const asc_op *op) {
  asc_sb_puts(p->out, " : (");
  for (int i = 0; i < op->noperands; i++) {
    if (i)
      asc_sb_puts(p->out, ", ");
    asc_type_print(op->operands[i]->type, p->out);
  }
  asc_sb_puts(p->out, ") -> ");
  const asc_type *rt[64];
  if (op->nresults <= 64) {
    for (int i = 0; i < op->nresults; i++)
      rt[i] = op->results[i].type;
    printtypes(p, rt, op->nresults, false);
    return;
  }
  asc_sb_putc(p->out, '(');
  for (int i = 0; i < op->nresults; i++) {
    if (i)
      asc_sb_puts(p->out, ", ");
    asc_type_print(op->results[i].type, p->out);
  }
  asc_sb_putc(p->out, ')');
}

static void printloc(printer *p, asc_loc loc) {
  if (!loc.file)
    return;
  asc_sb_puts(p->out, " loc(");
  asc_print_string(loc.file, strlen(loc.file), p->out);
  asc_sb_printf(p->out, ":%d:%d)", loc.line, loc.col);
}

static void printop(printer *p, const asc_op *op, int depth) {
  indent(p, depth);
  printresults(p, op);
  asc_sb_printf(p->out, "\"%s\"(", asc_op_name(op));
  for (int i = 0; i < op->noperands; i++) {
    if (i)
      asc_sb_puts(p->out, ", ");
    printvalue(p, op->operands[i]);
  }
  asc_sb_putc(p->out, ')');
  printregions(p, op, depth);
  printattrs(p, op);
  printsignature(p, op);
  printloc(p, op->loc);
  asc_sb_putc(p->out, '\n');
}

static void numfree(numbering *nm) { asc_ptrmap_free(&nm->ids); }

/* The module op is printed by hand so numbering restarts for each function: inside a
 * top-level op numbers continue from the count of module-level results before it, so
 * they never clash with a module-level name. */
void asc_print_module(const asc_module *m, asc_strbuf *out) {
  printer p = {.out = out};
  const asc_op *mod = m->op;
  asc_sb_puts(out, "\"builtin.module\"() ({\n");
  const asc_block *body = mod->nregions ? mod->regions[0].block : NULL;
  int modnext = 0;
  if (!body || !body->first) /* MLIR wants the module's one block even when empty */
    asc_sb_puts(out, "^bb0:\n");
  for (const asc_op *op = body ? body->first : NULL; op; op = op->next) {
    p.num.nextval = modnext;
    p.num.nextarg = 0;
    printop(&p, op, 1);
    modnext += op->nresults > 0;
  }
  asc_sb_puts(out, "})");
  printattrs(&p, mod);
  asc_sb_puts(out, " : () -> ()");
  printloc(&p, mod->loc);
  asc_sb_putc(out, '\n');
  numfree(&p.num);
}

void asc_print_op(const asc_op *op, asc_strbuf *out) {
  printer p = {.out = out};
  printop(&p, op, 0);
  numfree(&p.num);
}
