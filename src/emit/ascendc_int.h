/* ascendc_int.h - the Ascend C emitter's state and the helpers its files share (docs/emit.md).
 *
 * ascendc.c interprets the op rows of ascendc.def and prints structure; ascendc_matmul.c prints
 * asc.adv.Matmul as the library's object; ascendc_lists.c prints the ops whose Ascend C forms take
 * lists or pools (asc.array, TBufPool, MrgSort, TransDataTo5HD, VdeqInfo).
 */
#ifndef ASC_EMIT_ASCENDC_INT_H
#define ASC_EMIT_ASCENDC_INT_H

#include "ir/ir.h"

typedef struct Emitter {
  asc_ctx *ctx;
  asc_strbuf *out;
  asc_ptrmap names; /* value -> number + 1 */
  asc_ptrmap used;  /* ops of the current function whose results something reads */
  int next;         /* next value number */
  int ntemps;       /* mask temporaries */
  int indent;
  int line_mode;    /* ASC_EMIT_LINE_* */
  const char *file; /* the location the last #line named */
  int line;
  size_t mark;      /* where the output stood after that #line (directive mode) */
  int errors;
  const asc_op *mm; /* the op the function's Matmul object takes its types from (NULL: none) */
  int mm_async;     /* the function's get_tensor_c take the next tile (Iterate<false> / GetTensorC<false>) */
  const asc_op *func; /* the function being emitted */
  asc_ptrmap pools;   /* the asc.tbuf values used as a TBufPool */
} Emitter;

/* ascendc.c */
int asc_em_fail(Emitter *e, const asc_op *op, const char *fmt, const char *a, const char *b);
int asc_em_open_scope(Emitter *e, const asc_op *op); /* `{`: the number of its temporaries */
void asc_em_close_scope(Emitter *e);
void asc_em_ind(Emitter *e);
const char *asc_em_pos_name(int pos);
void asc_em_put_line(Emitter *e, const asc_op *op);
void asc_em_put_name(Emitter *e, asc_strbuf *sb, const asc_value *v);
void asc_em_put_type(asc_strbuf *sb, const asc_type *t, int elem);

/* ascendc_matmul.c */
void asc_em_find_matmul(Emitter *e, const asc_op *f);
void asc_em_declare_matmul(Emitter *e);
int asc_em_matmul(Emitter *e, const asc_op *op);
int asc_em_matmul_prints(const asc_op *op, int i);
int asc_em_matmul_internal(const asc_op *op);
int asc_em_matmul_cube_only(const asc_module *m);

/* ascendc_lists.c */
void asc_em_find_pools(Emitter *e, const asc_op *f);
int asc_em_mrg_sort(Emitter *e, const asc_op *op);
int asc_em_pool_op(Emitter *e, const asc_op *op);
int asc_em_scalar_array(Emitter *e, const asc_op *op);
int asc_em_set_deq_vdeq(Emitter *e, const asc_op *op);
int asc_em_trans_5hd_lists(Emitter *e, const asc_op *op);
int asc_em_is_pool(const Emitter *e, const asc_value *v);

#endif
