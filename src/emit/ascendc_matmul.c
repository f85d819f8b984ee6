/* ascendc_matmul.c - asc.adv.Matmul as the Ascend C library's Matmul object (docs/emit.md, "Matmul"). */

#include <stdio.h>
#include <string.h>

#include "emit/ascendc_int.h"
#include "ops/matmul_operands.h"

/* The IR keeps no Matmul object: every call carries the object's state as operands (c, a, b, bias,
 * workspace, quant vector, then the tiling scalars; src/ops/ops.def).  The kernel gets one object,
 * `mm`, typed from its first call with A, B and C; each call sets it up again from its operands. */

static int is_matmul_call(const asc_op *op) {
  return op->code == ASC_OP_MATMUL_ITERATE_ALL || op->code == ASC_OP_MATMUL_ITERATE ||
         op->code == ASC_OP_MATMUL_GET_TENSOR_C || op->code == ASC_OP_MATMUL_ITERATE_BATCH;
}

/* iterate_batch's operands past the scalars: batchA, batchB, batchLoop, matrixStrideA/B/C, the layout info */
enum { B_A = OP_S0 + S_TILE, B_B, B_LOOP, B_SA, B_SB, B_SC, B_LAYOUT };

static int attr_int(const asc_op *op, const char *name) {
  const asc_attr *a = asc_op_attr(op, name);
  return a ? (int)a->i : 0;
}

static void find_matmul(asc_op *op, void *user) {
  const asc_op **mm = user;
  if (!*mm && is_matmul_call(op) && op->noperands > OP_S0 && op->operands[OP_C] != op->operands[OP_A])
    *mm = op;
}

/* A kernel whose Matmul calls never name C (iterate() alone): the object is typed from the first call, its C
 * MatmulType A's (nothing reads C) */
static void find_matmul_any(asc_op *op, void *user) {
  const asc_op **mm = user;
  if (!*mm && is_matmul_call(op) && op->noperands > OP_S0)
    *mm = op;
}

/* MatmulType<position, format, element type, transposed, layout> of operand i (the batch call's layout_a/b/c:
 * LayoutMode in its order, NONE left out) */
static void put_matmul_type(Emitter *e, const asc_op *op, int i, const char *nz_attr, const char *trans_attr,
                            const char *layout_attr) {
#define LAYOUT_NAME(m) #m,
  static const char *const layouts[] = {OPENASC_LAYOUT_MODES(LAYOUT_NAME)};
#undef LAYOUT_NAME
  const asc_type *t = op->operands[i]->type;
  int pos = t->kind == ASC_TY_LTENSOR ? (t->pos >= 0 ? t->pos : ASC_POS_VECCALC) : ASC_POS_GM;
  int trans = trans_attr && attr_int(op, trans_attr);
  int layout = layout_attr ? attr_int(op, layout_attr) : 0;
  asc_sb_printf(e->out, "AscendC::MatmulType<AscendC::TPosition::%s, AscendC::CubeFormat::%s, ", asc_em_pos_name(pos),
                nz_attr && attr_int(op, nz_attr) ? "NZ" : "ND");
  asc_em_put_type(e->out, t, 1);
  if (layout > 0 && layout < (int)(sizeof layouts / sizeof *layouts))
    asc_sb_printf(e->out, ", %s, AscendC::LayoutMode::%s>", trans ? "true" : "false", layouts[layout]);
  else
    asc_sb_puts(e->out, trans ? ", true>" : ">");
}

void asc_em_declare_matmul(Emitter *e) {
  const asc_op *op = e->mm;
  asc_em_ind(e);
  asc_sb_puts(e->out, "AscendC::Matmul<");
  put_matmul_type(e, op, OP_A, "a_nz", "trans_a", "layout_a");
  asc_sb_puts(e->out, ", ");
  put_matmul_type(e, op, OP_B, "b_nz", "trans_b", "layout_b");
  asc_sb_puts(e->out, ", ");
  put_matmul_type(e, op, OP_C, NULL, NULL, "layout_c");
  bool mdl = attr_int(op, "mdl"); /* get_mdl_config: MM_CFG, after BIAS_TYPE (which defaults to C_TYPE) */
  if (attr_int(op, "bias") || mdl) {
    asc_sb_puts(e->out, ", ");
    put_matmul_type(e, op, attr_int(op, "bias") ? OP_BIAS : OP_C, NULL, NULL, attr_int(op, "bias") ? NULL : "layout_c");
  }
  asc_sb_puts(e->out, mdl ? ", CFG_MDL> mm;\n" : "> mm;\n");
}

static void put_scalar(Emitter *e, const asc_op *op, int s) {
  asc_em_put_name(e, e->out, op->operands[OP_S0 + s]);
}

static const char *const layout_fields[] = {
#define ASC_MATMUL_LAYOUT_FIELD(field) #field,
    ASC_MATMUL_LAYOUT(ASC_MATMUL_LAYOUT_FIELD)
#undef ASC_MATMUL_LAYOUT_FIELD
};
enum { NL_LAYOUT = sizeof layout_fields / sizeof *layout_fields };

/* A batch call's tiling: the layout info of A, B and C (TCubeTiling's page) */
static void emit_layout_info(Emitter *e, const asc_op *op, int t) {
  for (int i = 0; i < NL_LAYOUT; i++) {
    asc_em_ind(e);
    asc_sb_printf(e->out, "t%d.%s = ", t, layout_fields[i]);
    asc_em_put_name(e, e->out, op->operands[B_LAYOUT + i]);
    asc_sb_puts(e->out, ";\n");
  }
}

/* The tiling of the call, REGIST_MATMUL_OBJ, and the shapes (Matmul's SetOrgShape / SetTail pages). */
static void emit_matmul_setup(Emitter *e, const asc_op *op, int scalars) {
  static const char *const fields[] = {
#define ASC_MATMUL_FIELD(id, field) #field,
      ASC_MATMUL_TILING(ASC_MATMUL_FIELD)
#undef ASC_MATMUL_FIELD
  };
  int t = e->ntemps++;
  asc_em_ind(e);
  asc_sb_printf(e->out, "TCubeTiling t%d;\n", t);
  for (int i = 0; i < (int)(sizeof fields / sizeof *fields); i++) {
    asc_em_ind(e);
    asc_sb_printf(e->out, "t%d.%s = ", t, fields[i]);
    asc_em_put_name(e, e->out, op->operands[scalars + i]);
    asc_sb_puts(e->out, ";\n");
  }
  if (op->code == ASC_OP_MATMUL_ITERATE_BATCH && op->noperands >= B_LAYOUT + NL_LAYOUT)
    emit_layout_info(e, op, t);
  asc_em_ind(e);
  if (op->code == ASC_OP_MATMUL_TILE_COUNT) { /* scalars only: the tiling, no workspace (Init's page) */
    asc_sb_printf(e->out, "mm.Init(&t%d);\n", t);
    return;
  }
  asc_sb_puts(e->out, "REGIST_MATMUL_OBJ(AscendC::GetTPipePtr(), ");
  /* the workspace is a GM_ADDR (REGIST_MATMUL_OBJ's page); pyasc takes any GM address */
  const asc_type *ws = op->operands[OP_WS]->type;
  int bytes = ws->kind == ASC_TY_GM && ws->elem && ws->elem->kind == ASC_TY_INT && ws->elem->width == 8 &&
              ws->elem->is_unsigned;
  asc_sb_puts(e->out, bytes ? "" : "reinterpret_cast<GM_ADDR>(");
  asc_em_put_name(e, e->out, op->operands[OP_WS]);
  asc_sb_printf(e->out, "%s, mm, &t%d);\n", bytes ? "" : ")", t);
}

static void emit_matmul_operands(Emitter *e, const asc_op *op) {
  static const char *const ab[] = {"SetTensorA", "SetTensorB"};
  for (int k = 0; k < 2; k++) {
    asc_em_ind(e);
    asc_sb_printf(e->out, "mm.%s(", ab[k]);
    if (attr_int(op, k ? "b_scalar" : "a_scalar")) {
      put_scalar(e, op, S_QUANT + 1 + k);
      asc_sb_puts(e->out, ");\n");
      continue;
    }
    asc_em_put_name(e, e->out, op->operands[k ? OP_B : OP_A]);
    asc_sb_printf(e->out, ", %s);\n", attr_int(op, k ? "trans_b" : "trans_a") ? "true" : "false");
  }
  if (attr_int(op, "bias")) {
    asc_em_ind(e);
    asc_sb_puts(e->out, "mm.SetBias(");
    asc_em_put_name(e, e->out, op->operands[OP_BIAS]);
    asc_sb_puts(e->out, ");\n");
  }
  if (attr_int(op, "quant") == 1 || attr_int(op, "quant") == 2) {
    asc_em_ind(e);
    asc_sb_puts(e->out, attr_int(op, "quant") == 1 ? "mm.SetQuantScalar(static_cast<uint64_t>(static_cast<uint32_t>("
                                                    : "mm.SetQuantVector((");
    if (attr_int(op, "quant") == 1)
      put_scalar(e, op, S_QUANT);
    else
      asc_em_put_name(e, e->out, op->operands[OP_QV]);
    asc_sb_puts(e->out, attr_int(op, "quant") == 1 ? ")));\n" : "));\n");
  }
}

/* C: (c, enAtomic, enSequentialWrite) */
static void put_matmul_c(Emitter *e, const asc_op *op) {
  asc_em_put_name(e, e->out, op->operands[OP_C]);
  asc_sb_printf(e->out, ", %d", attr_int(op, "atomic"));
  /* IterateAll into a LocalTensor takes no enSequentialWrite (its page) */
  if (op->code != ASC_OP_MATMUL_ITERATE_ALL || op->operands[OP_C]->type->kind != ASC_TY_LTENSOR)
    asc_sb_puts(e->out, attr_int(op, "seq") ? ", true" : ", false");
}

/* iterate_n_batch: its C is the workspace (register_matmul's, at this core's asc.matmul_nbatch_region, or
 * set_workspace's) retyped through a handle; Ascend C writes C to the workspace SetWorkspace names
 * (IterateNBatch's page).  That workspace, or NULL for an iterate_batch. */
static const asc_value *nbatch_workspace(const asc_op *op) {
  const asc_op *d = op->code == ASC_OP_MATMUL_ITERATE_BATCH ? op->operands[OP_C]->def : NULL;
  const asc_op *h = d && d->code == ASC_OP_MATMUL_GT_FROM_HANDLE ? d->operands[0]->def : NULL;
  if (!h || h->code != ASC_OP_MATMUL_GT_HANDLE)
    return NULL;
  const asc_op *v = h->operands[0]->def;
  if (v && v->code == ASC_OP_GT_SUBVIEW && v->operands[1]->def && v->operands[1]->def->code == ASC_OP_MATMUL_NBATCH_REGION)
    return v->operands[0];
  return h->operands[0];
}

/* The workspace plumbing the object does itself (iterate_n_batch's region and retyped C): left out when
 * nothing printed reads it */
int asc_em_matmul_internal(const asc_op *op) {
  return op->code == ASC_OP_MATMUL_NBATCH_REGION || op->code == ASC_OP_MATMUL_GT_HANDLE ||
         op->code == ASC_OP_MATMUL_GT_FROM_HANDLE;
}

/* Whether the Matmul emission prints operand i of op (any other op: every operand). */
int asc_em_matmul_prints(const asc_op *op, int i) {
  if (op->code == ASC_OP_MATMUL_TILE_COUNT)
    return i < S_ISBIAS + 1;
  if (!is_matmul_call(op) || op->noperands < OP_S0 + S_TILE)
    return 1;
  int quant = attr_int(op, "quant");
  if (i == OP_BIAS)
    return attr_int(op, "bias");
  if (i == OP_QV)
    return quant == 2;
  if (i == OP_C)
    return !nbatch_workspace(op);
  if (i < OP_S0)
    return 1;
  if (i - OP_S0 <= S_ISBIAS)
    return 1;
  if (op->code == ASC_OP_MATMUL_ITERATE_BATCH && nbatch_workspace(op)) /* the loop, not C */
    return i == B_LOOP || i == B_A || i == B_B || (i >= B_SA && i <= B_SC) || i >= B_LAYOUT;
  if (op->code == ASC_OP_MATMUL_ITERATE_BATCH) /* batchA, batchB, the strides and the layout info; not the loop */
    return i == B_A || i == B_B || (i >= B_SA && i <= B_SC) || i >= B_LAYOUT;
  if (i - OP_S0 == S_QUANT)
    return quant == 1;
  if (i - OP_S0 == S_DBUF) /* the expansion's reading of the tiling's depths: the library reads them itself */
    return 0;
  if (i - OP_S0 == S_QUANT + 1 || i - OP_S0 == S_QUANT + 2)
    return attr_int(op, i - OP_S0 == S_QUANT + 1 ? "a_scalar" : "b_scalar");
  return op->code == ASC_OP_MATMUL_ITERATE && !attr_int(op, "next"); /* the tile */
}

/* SetWorkspace(ws); IterateNBatch(batchLoop, batchA, batchB, enSequentialWrite, strides) (their pages) */
static int emit_iterate_n_batch(Emitter *e, const asc_op *op) {
  asc_em_ind(e);
  asc_sb_puts(e->out, "mm.SetWorkspace(");
  asc_em_put_name(e, e->out, nbatch_workspace(op));
  asc_sb_puts(e->out, ");\n");
  asc_em_ind(e);
  asc_sb_puts(e->out, "mm.IterateNBatch(");
  static const int order[] = {B_LOOP, B_A, B_B, -1, B_SA, B_SB, B_SC};
  for (int k = 0; k < (int)(sizeof order / sizeof *order); k++) {
    asc_sb_puts(e->out, k ? ", " : "");
    if (order[k] < 0)
      asc_sb_puts(e->out, "false"); /* enSequentialWrite: the batch op has none */
    else
      asc_em_put_name(e, e->out, op->operands[order[k]]);
  }
  asc_sb_puts(e->out, ");\n");
  asc_em_ind(e);
  asc_sb_puts(e->out, "mm.End();\n");
  return 0;
}

int asc_em_matmul(Emitter *e, const asc_op *op) {
  if (!e->mm)
    return asc_em_fail(e, op, "'%s' has no Ascend C form: %s", asc_op_name(op), "no Matmul call of the kernel has A, B and C");
  if ((op->code != ASC_OP_MATMUL_TILE_COUNT && op->noperands < OP_S0 + S_TILE) || attr_int(op, "psum") ||
      attr_int(op, "sparse") || op->nresults > (op->code == ASC_OP_MATMUL_TILE_COUNT))
    return asc_em_fail(e, op, "'%s' has no Ascend C form: %s", asc_op_name(op),
                "not implemented yet (a partial sum, a sparse B or a C returned in the workspace)");
  asc_em_put_line(e, op);
  int next = attr_int(op, "next");
  switch (op->code) {
  case ASC_OP_MATMUL_TILE_COUNT: { /* before `with iterate()`: the object set up, the tile count computed */
    if (op->noperands < NS_TILING)
      return asc_em_fail(e, op, "'%s' with %s", asc_op_name(op), "too few scalars");
    emit_matmul_setup(e, op, 0);
    asc_em_ind(e);
    asc_sb_puts(e->out, "const int32_t ");
    asc_em_put_name(e, e->out, &op->results[0]);
    asc_sb_puts(e->out, " = ((");
    asc_em_put_name(e, e->out, op->operands[S_TM]);
    asc_sb_puts(e->out, " + ");
    asc_em_put_name(e, e->out, op->operands[S_BM]);
    asc_sb_puts(e->out, " - 1) / ");
    asc_em_put_name(e, e->out, op->operands[S_BM]);
    asc_sb_puts(e->out, ") * ((");
    asc_em_put_name(e, e->out, op->operands[S_TN]);
    asc_sb_puts(e->out, " + ");
    asc_em_put_name(e, e->out, op->operands[S_BN]);
    asc_sb_puts(e->out, " - 1) / ");
    asc_em_put_name(e, e->out, op->operands[S_BN]);
    asc_sb_puts(e->out, ");\n");
    return 0;
  }
  case ASC_OP_MATMUL_ITERATE_BATCH: /* IterateBatch(c, batchA, batchB, enSequentialWrite, strides, psum, atomic) */
    if (op->noperands <= B_SC)
      return asc_em_fail(e, op, "'%s' with %s", asc_op_name(op), "too few operands");
    emit_matmul_setup(e, op, OP_S0);
    emit_matmul_operands(e, op);
    asc_em_put_line(e, op); /* again: the set-up moved the call's presumed line */
    if (nbatch_workspace(op))
      return emit_iterate_n_batch(e, op);
    asc_em_ind(e);
    asc_sb_puts(e->out, "mm.IterateBatch(");
    asc_em_put_name(e, e->out, op->operands[OP_C]);
    for (int k = B_A; k <= B_SC; k++) {
      if (k == B_LOOP) {
        asc_sb_puts(e->out, ", false"); /* enSequentialWrite: the batch op has none */
        continue;
      }
      asc_sb_puts(e->out, ", ");
      asc_em_put_name(e, e->out, op->operands[k]);
    }
    asc_sb_printf(e->out, ", false, %d);\n", attr_int(op, "atomic"));
    asc_em_ind(e);
    asc_sb_puts(e->out, "mm.End();\n");
    return 0;
  case ASC_OP_MATMUL_ITERATE_ALL:
    emit_matmul_setup(e, op, OP_S0);
    emit_matmul_operands(e, op);
    asc_em_put_line(e, op);
    asc_em_ind(e);
    asc_sb_puts(e->out, "mm.IterateAll(");
    put_matmul_c(e, op);
    asc_sb_puts(e->out, ");\n");
    asc_em_ind(e);
    asc_sb_puts(e->out, "mm.End();\n");
    return 0;
  case ASC_OP_MATMUL_ITERATE:
    if (next) { /* a bare iterate(): the get_tensor_c calls after it take the tiles in turn (Iterate's
                 * asynchronous form; without such calls it starts nothing) */
      emit_matmul_setup(e, op, OP_S0);
      emit_matmul_operands(e, op);
      if (e->mm_async) {
        asc_em_put_line(e, op);
        asc_em_ind(e);
        asc_sb_puts(e->out, "mm.Iterate<false>();\n");
      }
      return 0;
    }
    /* in `with iterate() as count`: A and B given at the first tile, then the next tile */
    asc_em_ind(e);
    asc_sb_puts(e->out, "if (");
    asc_em_put_name(e, e->out, op->operands[op->noperands - 1]);
    asc_sb_puts(e->out, " == 0) {\n");
    e->indent++;
    emit_matmul_operands(e, op);
    e->indent--;
    asc_em_ind(e);
    asc_sb_puts(e->out, "}\n");
    asc_em_put_line(e, op);
    asc_em_ind(e);
    asc_sb_puts(e->out, "mm.Iterate();\n");
    return 0;
  default: /* get_tensor_c: next 1 computes the next tile of the asynchronous iteration (GetTensorC<false>) */
    asc_em_ind(e);
    asc_sb_puts(e->out, next == 1 ? "mm.GetTensorC<false>(" : "mm.GetTensorC(");
    put_matmul_c(e, op);
    asc_sb_puts(e->out, ");\n");
    return 0;
  }
}

/* the op the function's Matmul object takes its types from: the first call naming C, else the first call */
static void find_async(asc_op *op, void *user) {
  int *async = user;
  *async |= op->code == ASC_OP_MATMUL_GET_TENSOR_C && attr_int(op, "next") == 1;
}

/* Whether a Matmul call of module m is cube-only (mix 0): the translation unit then defines ASCENDC_CUBE_ONLY
 * before the header, as pyasc's emitter and the Matmul usage page do. */
static void find_cube_only(asc_op *op, void *user) {
  int *cube = user;
  *cube |= is_matmul_call(op) && !attr_int(op, "mix");
}

int asc_em_matmul_cube_only(const asc_module *m) {
  int cube = 0;
  for (const asc_op *f = asc_module_body((asc_module *)m)->first; f; f = f->next)
    asc_walk((asc_op *)f, find_cube_only, &cube);
  return cube;
}

void asc_em_find_matmul(Emitter *e, const asc_op *f) {
  e->mm = NULL;
  e->mm_async = 0;
  asc_walk((asc_op *)f, find_async, &e->mm_async);
  asc_walk((asc_op *)f, find_matmul, &e->mm);
  if (!e->mm)
    asc_walk((asc_op *)f, find_matmul_any, &e->mm);
}

