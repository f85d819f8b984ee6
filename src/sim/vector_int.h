/* vector_int.h - what vector.c and vmisc.c share: the element-function table entry and
 * the operand, mask and cost helpers of the vector family. */
#ifndef ASC_SIM_VECTOR_INT_H
#define ASC_SIM_VECTOR_INT_H

#include "sim/sim_int.h"

typedef struct sim_num {
  int64_t i;
  double f;
} sim_num;

enum { SIM_V_BIN, SIM_V_SCALAR, SIM_V_UNARY };

/* One vector op: f for float elements (in double, rounded once by the store), i for
 * integer ones (wrapped by the store; NULL: floats only).  b is src1, the scalar, or 0. */
typedef struct sim_vop {
  double (*f)(double a, double b);
  int64_t (*i)(int64_t a, int64_t b);
  int kind;
} sim_vop;

/* Operand i of in as a pointer to bytes [off, off+nbytes) of a UB tensor whose start is
 * 32-byte aligned; NULL after an error. */
uint8_t *asc_sim_vptr(sim_core *c, const sim_inst *in, int i, int64_t off, int64_t nbytes, const char *what);
sim_num asc_sim_vscalar(sim_core *c, const sim_inst *in, int i, int dt);
int asc_sim_vcost(sim_core *c, const sim_inst *in, int64_t repeats);
void asc_sim_setmask(sim_core *c, const sim_inst *in, int mi, bool bits, int lanes);
bool asc_sim_lane_on(const sim_core *c, int k);
int64_t asc_sim_laneoff(int64_t r, int k, int esz, int64_t blk, int64_t rep);
void asc_sim_reg_vmisc(sim_exec_fn *t);
/* vfast.c: d[i] := op(a[i], b[i] or s) for i < n when (op, dt) has a fast path (same
 * bits as the generic path); false if not. */
bool asc_sim_vfast(int code, int dt, uint8_t *d, const uint8_t *a, const uint8_t *b, sim_num s, int64_t n);

#endif
