/* expand_matmul_atomic.c - en_atomic: the fixpipe stores C into GM with set_atomic_add / max / min
 * on (set_atomic_none after it), the kind fixed by the kernel or, on a MIX AIC's server, carried by
 * the AIV's message.  Private to src/passes/expand_matmul*.c. */
#include "passes/expand_matmul.h"

static void atomic_set(gen *g, int k, const asc_type *elem) {
  static const asc_opcode code[] = {ASC_OP_SET_ATOMIC_NONE, ASC_OP_SET_ATOMIC_ADD, ASC_OP_SET_ATOMIC_MAX,
                                    ASC_OP_SET_ATOMIC_MIN};
  asc_op *op = asc_b_op(g, code[k], NULL, 0, NULL);
  if (k)
    asc_op_set_attr(g->m, op, "dtype", asc_attr_type(g->m, elem));
}

/* Before the fixpipe's store of C into a GM tensor dst: the atomic mode en_atomic asks for (the
 * AIC server: the one its message carries). */
void asc_mm_atomic_begin(gen *g, mm *x, asc_value *dst) {
  if (dst->type->kind != ASC_TY_GTENSOR)
    return;
  if (x->watomic) { /* the AIC server: the kind the message carries */
    for (int k = 1; k <= 3; k++) {
      loopctx il;
      asc_b_if(g, asc_b_cmp(g, 0, x->watomic, asc_b_i32(g, k)), &il);
      atomic_set(g, k, dst->type->elem);
      asc_b_end(g, &il);
    }
  } else if (x->atomic) {
    atomic_set(g, x->atomic, dst->type->elem);
  }
}

/* After it: atomics off again. */
void asc_mm_atomic_end(gen *g, mm *x, asc_value *dst) {
  if (dst->type->kind == ASC_TY_GTENSOR && (x->watomic || x->atomic))
    atomic_set(g, 0, NULL);
}
