/* lower.c - turn a func.func into the simulator's program (sim_int.h).
 *
 * Every value (block argument or result) gets a slot index; every op a sim_inst with its
 * operand slots, the semantics function of its opcode and its pipe, so execution never
 * searches the IR.  Unsupported ops are rejected here, before anything runs.
 */
#include <stdlib.h>
#include <string.h>

#include "sim/sim_int.h"

/* value -> slot, open addressing on the pointer */
typedef struct lowerer {
  sim_launch *L;
  const asc_value **keys;
  int *vals;
  size_t cap, n;
} lowerer;

static size_t hashptr(const void *p) {
  uint64_t x = (uint64_t)(uintptr_t)p;
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdull;
  x ^= x >> 33;
  return (size_t)x;
}

static void mapput(lowerer *lw, const asc_value *v, int slot);

static void mapgrow(lowerer *lw) {
  const asc_value **ok = lw->keys;
  int *ov = lw->vals;
  size_t ocap = lw->cap;
  lw->cap = ocap ? 2 * ocap : 256;
  lw->keys = calloc(lw->cap, sizeof *lw->keys);
  lw->vals = calloc(lw->cap, sizeof *lw->vals);
  if (!lw->keys || !lw->vals)
    asc_die("out of memory");
  lw->n = 0;
  for (size_t i = 0; i < ocap; i++)
    if (ok[i])
      mapput(lw, ok[i], ov[i]);
  free(ok);
  free(ov);
}

static void mapput(lowerer *lw, const asc_value *v, int slot) {
  if (2 * (lw->n + 1) > lw->cap)
    mapgrow(lw);
  size_t i = hashptr(v) & (lw->cap - 1);
  while (lw->keys[i] && lw->keys[i] != v)
    i = (i + 1) & (lw->cap - 1);
  if (!lw->keys[i])
    lw->n++;
  lw->keys[i] = v;
  lw->vals[i] = slot;
}

static int mapget(const lowerer *lw, const asc_value *v) {
  if (!lw->cap)
    return -1;
  size_t i = hashptr(v) & (lw->cap - 1);
  while (lw->keys[i]) {
    if (lw->keys[i] == v)
      return lw->vals[i];
    i = (i + 1) & (lw->cap - 1);
  }
  return -1;
}

/* The dispatch table, generated from ops.def's exec column at compile time: EXPANDED rows (a
 * pass must remove the op) and STRUCTURAL ones (module, func, terminators: their parent reads
 * them) run no function.  A row whose exec column is empty fails the build here. */
#define asc_exec_EXPANDED NULL
#define asc_exec_STRUCTURAL NULL
#define OP(id, name, fam, pipe, cost, opnds, res, rd, wr, nreg, flags, attrs, dtypes, exec, doc) \
  _Static_assert(sizeof #exec > 1, "ops.def: " name " has no exec column (a function, EXPANDED or STRUCTURAL)");
#include "ops/ops.def"
#undef OP
static const sim_exec_fn exec_table[ASC_OP_COUNT] = {
#define OP(id, name, fam, pipe, cost, opnds, res, rd, wr, nreg, flags, attrs, dtypes, exec, doc) \
  [ASC_OP_##id] = asc_exec_##exec,
#include "ops/ops.def"
#undef OP
};

static int newslot(lowerer *lw, const asc_value *v) {
  int s = lw->L->nslots++;
  mapput(lw, v, s);
  return s;
}

/* Operands an op must have: its signature's constraints that are neither optional (?)
 * nor variadic (*). */
static int minoperands(asc_opcode code) { return asc_sig_min(asc_opinfo_of(code)->operands); }

static int lowerblock(lowerer *lw, const asc_block *b, sim_block *out);

/* term: op ends its block (terminators run no function: the parent reads them). */
static int lowerop(lowerer *lw, const asc_op *op, sim_inst *in, bool term) {
  sim_launch *L = lw->L;
  in->op = op;
  in->fn = exec_table[op->code];
  if (!in->fn && !term) {
    bool isterm = asc_opinfo_of(op->code)->flags & ASC_F_TERM;
    asc_error(L->ctx, asc_op_diag_loc(op), "%s %s", asc_op_name(op),
              isterm ? "must be the last op of its block" : op->code == ASC_OP_CALL ?
              "is not supported by the simulator (run the inline pass first)" :
              op->code == ASC_OP_LOCAL_TENSOR_AUTO ?
              "is not supported by the simulator: local_tensor_auto needs materialize-tensor "
              "(run input-output-tensor,hoist-ub-allocation,materialize-tensor first)" :
              "is not supported by the simulator");
    return -1;
  }
  if (op->noperands < minoperands(op->code)) {
    asc_error(L->ctx, asc_op_diag_loc(op), "%s: expected at least %d operands, got %d (run the verifier)",
              asc_op_name(op), minoperands(op->code), op->noperands);
    return -1;
  }
  in->id = L->ninsts++;
  in->nin = op->noperands;
  in->in = ASC_NEW_N(&L->arena, int, op->noperands + 1);
  for (int i = 0; i < op->noperands; i++)
    if ((in->in[i] = mapget(lw, op->operands[i])) < 0) {
      char lb[96];
      asc_error(L->ctx, asc_op_diag_loc(op), "%s: %s is not defined before its use in the kernel", asc_op_name(op),
                asc_op_operand_label(op->code, i, lb, sizeof lb));
      return -1;
    }
  in->out = L->nslots;
  for (int i = 0; i < op->nresults; i++)
    newslot(lw, &op->results[i]);
  in->pipe = asc_hw_op_pipe(op);
  if (op->code == ASC_OP_STRUCT && op->nresults == 1 && op->results[0].type) {
    /* the struct's defaults are looked up here, once, not on every execution (structs.def's table) */
    int id = op->results[0].type->struct_id;
    in->fdefault = asc_struct_defaults(id);
    in->nfields = asc_struct_nfields(id);
  }
  in->nregions = op->nregions;
  in->regions = ASC_NEW_N(&L->arena, sim_block, op->nregions + 1);
  for (int r = 0; r < op->nregions; r++)
    if (op->regions[r].block && lowerblock(lw, op->regions[r].block, &in->regions[r]))
      return -1;
  return 0;
}

static int lowerblock(lowerer *lw, const asc_block *b, sim_block *out) {
  sim_launch *L = lw->L;
  out->nargs = b->nargs;
  out->args = ASC_NEW_N(&L->arena, int, b->nargs + 1);
  for (int i = 0; i < b->nargs; i++)
    out->args[i] = newslot(lw, b->args[i]);
  int n = 0;
  for (const asc_op *op = b->first; op; op = op->next)
    n++;
  out->insts = ASC_NEW_N(&L->arena, sim_inst, n + 1);
  for (const asc_op *op = b->first; op; op = op->next) {
    bool term = !op->next && (asc_opinfo_of(op->code)->flags & ASC_F_TERM);
    sim_inst *in = term ? ASC_NEW(&L->arena, sim_inst) : &out->insts[out->ninsts++];
    if (lowerop(lw, op, in, term))
      return -1;
    if (term)
      out->term = in;
  }
  return 0;
}

int asc_sim_lower(sim_launch *L, const asc_op *func) {
  lowerer lw = {.L = L};
  int rc = -1;
  if (func->nregions < 1 || !func->regions[0].block)
    asc_error(L->ctx, asc_op_diag_loc(func), "kernel '%s' has no body", asc_func_name(func));
  else
    rc = lowerblock(&lw, func->regions[0].block, &L->entry);
  free(lw.keys);
  free(lw.vals);
  if (rc == 0 && !L->entry.term) { /* a body without func.return: end-of-kernel diagnostics
                                      point at the function */
    sim_inst *end = ASC_NEW(&L->arena, sim_inst);
    end->op = func;
    end->id = L->ninsts++;
    L->entry.term = end;
  }
  L->end = L->entry.term;
  if (rc == 0)
    asc_sim_charge(L);
  return rc;
}
