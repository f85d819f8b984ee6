/* hw_ir.h - the machine table (src/hw) seen from the IR: the memory an IR value lives in, the pipe
 * an op is issued to, a cost class's vector cycles.  src/hw sits below the IR and the op registry
 * and knows neither; what joins them is here. */
#ifndef ASC_OPS_HW_IR_H
#define ASC_OPS_HW_IR_H

#include <stdbool.h>

#include "hw/hw.h"
#include "ir/ir.h"
#include "ops/registry.h"

/* The memory an IR value of type t lives in: GM pointers and global tensors GM, local
 * tensors / queues / TBufs their position's memory (a local tensor with no position: UB). */
int asc_hw_type_mem(const asc_type *t);
/* The pipe op is issued to (ops.def pipe rule), ASC_HW_NOPIPE if none. */
int asc_hw_op_pipe(const asc_op *op);
/* Cycles per repeat of vector cost class cls (asc_cost_class) in units of vec_repeat (HW_VCLASS);
 * 1 for a class hw.def gives no figure (the non-vector classes). */
int asc_hw_vclass_factor(int cls);
/* Whether hw.def has an HW_VCLASS row for class cls. */
bool asc_hw_vclass_known(int cls);

#endif
