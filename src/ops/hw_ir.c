/* hw_ir.c - the machine table's facts about IR types and ops (see hw_ir.h). */
#include "ops/hw_ir.h"

int asc_hw_type_mem(const asc_type *t) {
  switch (t->kind) {
  case ASC_TY_GM:
  case ASC_TY_GTENSOR: return ASC_HW_MEM_GM;
  case ASC_TY_QUEUE: return asc_hw_pos_mem(asc_hw_queue_pos(t->pos, t->pos2));
  case ASC_TY_LTENSOR:
  case ASC_TY_TBUF: return t->pos < 0 ? ASC_HW_MEM_UB : asc_hw_pos_mem(t->pos);
  default: return -1;
  }
}

int asc_hw_op_pipe(const asc_op *op) {
  const asc_attr *a;
  switch (asc_opinfo_of(op->code)->pipe) {
  case ASC_PR_NONE: return ASC_HW_NOPIPE;
  case ASC_PR_S: return ASC_PIPEID_PIPE_S;
  case ASC_PR_V: return ASC_PIPEID_PIPE_V;
  case ASC_PR_MTE1: return ASC_PIPEID_PIPE_MTE1;
  case ASC_PR_MTE2: return ASC_PIPEID_PIPE_MTE2;
  case ASC_PR_MTE3: return ASC_PIPEID_PIPE_MTE3;
  case ASC_PR_M: return ASC_PIPEID_PIPE_M;
  case ASC_PR_FIX: return ASC_PIPEID_PIPE_FIX;
  case ASC_PR_COPY: /* dst is operand 0, src operand 1 (ops.def) */
    if (op->noperands < 2)
      return ASC_HW_NOPIPE;
    return asc_hw_copy_pipe(asc_hw_type_mem(op->operands[1]->type), asc_hw_type_mem(op->operands[0]->type));
  case ASC_PR_EVT_SRC:
  case ASC_PR_EVT_DST:
    a = asc_op_attr(op, "event");
    if (!a)
      return ASC_HW_NOPIPE;
    return asc_opinfo_of(op->code)->pipe == ASC_PR_EVT_SRC ? asc_hw_event_src(a->i) : asc_hw_event_dst(a->i);
  case ASC_PR_ATTR:
    a = asc_op_attr(op, "pipe");
    return a ? (int)a->i : ASC_HW_NOPIPE;
  }
  return ASC_HW_NOPIPE;
}

/* By class id; 0 (no HW_VCLASS row) reads as 1. */
static const int vclass_factor[ASC_COST_COUNT] = {
#define HW_VCLASS(arch, cls, factor, doc) HW_IN_ARCH(arch, [ASC_COST_##cls] = factor,)
#include "hw/hw.def"
};

int asc_hw_vclass_factor(int cls) {
  return cls >= 0 && cls < ASC_COST_COUNT && vclass_factor[cls] > 0 ? vclass_factor[cls] : 1;
}

bool asc_hw_vclass_known(int cls) { return cls >= 0 && cls < ASC_COST_COUNT && vclass_factor[cls] > 0; }

