/* matmul_operands.h - the operand layout of the asc.matmul_* ops (ops.def, "asc.adv.Matmul"), shared
 * by their expansion (src/passes/expand_matmul*.c) and the Ascend C emitter (src/emit/ascendc_matmul.c),
 * which prints the tiling scalars as the TCubeTiling fields named here. */
#ifndef ASC_OPS_MATMUL_OPERANDS_H
#define ASC_OPS_MATMUL_OPERANDS_H

/* The tiling's i32 scalars in operand order, each with its TCubeTiling field (Ascend C's TCubeTiling
 * page). */
#define ASC_MATMUL_TILING(X)                                                                                 \
  X(TM, singleCoreM) X(TN, singleCoreN) X(TK, singleCoreK) X(ORGM, M) X(ORGN, N) X(ORGKA, Ka) X(ORGKB, Kb) \
  X(BM, baseM) X(BN, baseN) X(BK, baseK) X(ORDER, iterateOrder) X(ISBIAS, isBias)

/* The i32 scalars after the tensors: the tiling's, then the quant scalar's low 32 bits
 * (set_quant_scalar), the scalar A and B (set_tensor_a/b(scalar)), whether the tiling's L1 depths
 * double-buffer A and B (depthA1 >= 2 stepM stepKa and depthB1 >= 2 stepN stepKb: 1, else 0; the
 * expansion's ping-pong L1, docs/timing.md "Cube, Matmul and MIX"; not a TCubeTiling field of its
 * own, never printed), then the tile (iterate / get_tensor_c). */
enum {
#define ASC_MATMUL_SCALAR(id, field) S_##id,
  ASC_MATMUL_TILING(ASC_MATMUL_SCALAR)
#undef ASC_MATMUL_SCALAR
  S_QUANT, S_ASCALAR, S_BSCALAR, S_DBUF, S_TILE, NS_MAX
};
enum { NS_TILING = S_QUANT }; /* the tiling's scalars: what asc.matmul_tile_count takes */
/* The tensor operands: C, A, B, bias, the workspace, the quant vector (set_quant_vector; A when
 * unused), then the scalars from OP_S0. */
enum { OP_C, OP_A, OP_B, OP_BIAS, OP_WS, OP_QV, OP_S0 };

/* asc.matmul_iterate_batch's last operands: the tiling's layout info of A, B and C
 * (python/asc/language/adv/_matmul_batch.py's _LAYOUT_FIELDS), each with its TCubeTiling field: the list of
 * openasc's Ascend C header, which declares TCubeTiling from it. */
#include "ascendc/kernel_operator_shared.h"
#define ASC_MATMUL_LAYOUT OPENASC_MATMUL_LAYOUT_FIELDS

#endif
