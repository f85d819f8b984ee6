/* expand_matmul.h - what the files of the expand-matmul pass share: the operand layout of the
 * asc.matmul_* ops, the expansion's state for one op (mm) and small i64 helpers.  Private to
 * src/passes/expand_matmul*.c. */
#ifndef ASC_PASSES_EXPAND_MATMUL_H
#define ASC_PASSES_EXPAND_MATMUL_H

#include <stdbool.h>
#include <stdint.h>

#include "ir/build.h"
#include "ops/matmul_operands.h"

/* attribute quant: how C is quantised in the FIX pipe */
enum { Q_NONE, Q_SCALAR, Q_VECTOR };
/* attribute next (iterate, get_tensor_c): 0 the tile operand; 1 get_tensor_c: the next tile of the
 * Matmul's counter (get_tensor_c outside `with iterate()`), iterate: reset the counter; 2 the tile
 * the last next-form call took (get_tensor_c(c, optional_tensor=...)) */
enum { N_TILE, N_NEXT, N_LAST };
/* L1 of the Matmul: A [0, 64 KiB), B [64, 128 KiB), bias [128, 129 KiB), the quant words of a tile
 * [129, 137 KiB) (baseN <= 1024) */
enum { QV_L1 = 129 * 1024, QV_BYTES = 8 * 1024 };
/* a sparse B's index tile in L1 (MatmulWithSparse): after the quant words, a quarter of B's 64 KiB */
enum { IDX_L1 = QV_L1 + QV_BYTES, IDX_BYTES = 16 * 1024 };
/* the MDL template's packets (kloop_mdl): A's two halves in [0, 128 KiB) (over the one-slice A and B
 * buffers, which an MDL Matmul does not use), B's in [160, 416 KiB), past the bias, quant words and index */
enum { MDL_A_BYTES = 128 * 1024, MDL_B_L1 = 160 * 1024, MDL_B_BYTES = 256 * 1024 };

/* The event ids of the Matmul's set_flag / wait_flag pairs: from the kernel's TPipe in a cube-only
 * kernel (pipe_buffers), so they are not the ids of the kernel's own queues; else id 0. */
enum { NEV = 8 };
typedef struct evtab {
  int event[NEV];
  asc_value *id[NEV];
  int n;
  asc_value *second[2]; /* a second MTE1_MTE2 and MTE2_MTE1 id: the ping-pong L1's other half (kloop_pp) */
} evtab;

/* aux: the evtab of the kernel's event ids (NULL: id 0) */
typedef asc_builder gen;
typedef asc_builder_save loopctx;

/* The matmul op being expanded, its operands and what they imply. */
typedef struct mm {
  asc_op *op;
  asc_value *s[NS_MAX];
  bool tileloop;         /* in iterate_all's tile loop: the next tile's MTE2 / MTE1 need not wait for this
                          * tile's fixpipe (only its mmad, FIX -> M); FIX -> MTE2 once after the loop */
  bool ta, tb, bias;
  bool ascalar, bscalar; /* A / B is the scalar S_ASCALAR / S_BSCALAR (set_tensor_a/b(scalar)) */
  int quant, next;       /* Q_*, N_* */
  bool seq;              /* get_tensor_c(en_sequential_write=True): the tile at C's start, row stride baseN;
                          * iterate_all: tile t at t x baseM x baseN, row stride baseN */
  int atomic;            /* en_atomic: 0 none, 1 add, 2 max, 3 min (the fixpipe's GM store of C) */
  asc_value *watomic;    /* the AIC server: en_atomic from the message (i32), else NULL */
  bool psum;             /* iterate(en_partial_sum=True): the first K slice accumulates onto L0C */
  asc_value *wpsum;      /* the AIC server of a kernel with partial sums: psum from the message (i32 0/1) */
  bool sparse;           /* set_sparse_index: B is the 4:2 dense N x K/2 (int8), OP_QV its index (Nz) */
  asc_value *idx1;       /* sparse: the index tile in L1 */
  bool mix;              /* the AIVs call, the AIC serves (expand_mix) */
  int aloc, bloc, biasloc; /* where A, B, the bias are: LOC_* (a LocalTensor: its position's memory) */
  bool anz, bnz;         /* A / B stored as Nz fractals (MatmulType format NZ) */
  asc_value *lda, *ldb;  /* A's / B's row stride as stored (ND), or its height rounded up to 16 (Nz) */
  asc_value *co1;        /* iterate(local_c_matrix=): the kernel's own CO1 tensor the tiles go to */
  asc_value *db;         /* i32 in iterate_all's tile loop: its tiles' L1 halves are in use (dbuf_of) */
  bool mdl;              /* the MDL template's packets (kloop_mdl): attribute mdl and a form they take */
  bool tmdl;             /* the MDL template (attribute mdl), whatever form: its library bookkeeping (MM_TILE_MDL) */
  bool a3d, b3d;         /* A (M x K) / B (K x N), f16 / bf16 ND in GM: a slice L1 -> L0 in one load_data_3d_v2 */
  asc_value *pk;         /* i32 in iterate_all's tile loop of an MDL Matmul: base slices a packet (mdl_step) */
  const asc_type *ein, *eacc;
  const asc_type *ec; /* C's element type (NULL: the op writes no C) */
  int qpre;           /* the fixpipe's QuantModes value for eacc -> ec */
  int esz, c0;
  /* the AIC tensors */
  asc_value *a1, *b1, *bias1, *a2, *b2, *c1, *bt, *qv1;
  asc_value *va, *vb, *vbias, *vc, *vqv; /* the GM tensors (the op's, or a message's on the AIC) */
} mm;

/* Where an operand is: GM, the vector core's UB, the cube core's L1. */
enum { LOC_GM, LOC_UB, LOC_L1 };

static inline asc_value *k64(gen *g, int64_t v) { return asc_b_int(g, asc_type_int(g->ctx, 64, false), v); }

static inline asc_value *ext64(gen *g, asc_value *v) {
  return asc_b_res(asc_b_op(g, ASC_OP_EXTSI, &v, 1, asc_type_int(g->ctx, 64, false)));
}

static inline asc_value *trunc32(gen *g, asc_value *v) { return asc_b_res(asc_b_op(g, ASC_OP_TRUNCI, &v, 1, g->i32)); }

/* The tiling's rules as runtime tests before x's cube work (expand_matmul_tiling.c). */
void asc_mm_check_tiling(gen *g, mm *x);

/* The matmul's set_flag / wait_flag pair for `event`, a 3-operand op, a view of the workspace at byte
 * off (expand_matmul.c). */
void asc_mm_flag(gen *g, int event);
void asc_mm_op3(gen *g, asc_opcode code, asc_value *a, asc_value *b, asc_value *c);
asc_value *asc_mm_wsview(gen *g, asc_value *ws, const asc_type *elem, asc_value *off);

/* Operands in local memory (expand_matmul_local.c). */
int asc_mm_locals(gen *g, mm *x);
void asc_mm_strides(gen *g, mm *x);
bool asc_mm_nzcopy_ok(const mm *x, bool isb);
asc_value *asc_mm_l1frac(gen *g, mm *x, asc_value *r0, asc_value *c0, asc_value *h16);
void asc_mm_nzcopy(gen *g, mm *x, asc_value *l1, asc_value *gm, asc_value *r0, asc_value *c0, asc_value *rc,
                   asc_value *cc, asc_value *h, int align);
void asc_mm_nzbands(gen *g, mm *x, asc_value *l1, asc_value *gm, asc_value *k0, asc_value *c0, asc_value *kc,
                    asc_value *cc, asc_value *nblk, asc_value *h);
bool asc_mm_isco1(const asc_value *v);
int asc_mm_user_co1(gen *g, mm *x);
void asc_mm_to_mirror(gen *g, mm *x, asc_value *ws, asc_value *aiv);

/* expand_matmul_msg.c: the workspace's message and tile slots, GM tensor handles, cross-core flags */
void asc_mm_handle(gen *g, asc_value *gt, asc_value **h, asc_value **len);
asc_value *asc_mm_fromhandle(gen *g, asc_value *h, asc_value *len, const asc_type *elem);
void asc_mm_xflag(gen *g, bool set, int id, int pipe);
void asc_mm_writeback(gen *g, asc_value *msg);
void asc_mm_setword(gen *g, asc_value *msg, int i, asc_value *v64);
asc_value *asc_mm_getword(gen *g, asc_value *msg, int i);
asc_value *asc_mm_aividx(gen *g);
asc_value *asc_mm_msgof(gen *g, asc_value *ws, asc_value *v);
asc_value *asc_mm_slotoff(gen *g, asc_value *v);
void asc_mm_ctr_reset(gen *g, asc_value *ws);
asc_value *asc_mm_ctr_take(gen *g, asc_value *ws, int next);
/* expand_matmul_atomic.c: en_atomic around the fixpipe's store of C */
void asc_mm_atomic_begin(gen *g, mm *x, asc_value *dst);
void asc_mm_atomic_end(gen *g, mm *x, asc_value *dst);

#endif
