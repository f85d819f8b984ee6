/* gen.h - random AIV kernels for synctest (docs/synctest.md): the program tree, the
 * generator and the printer of its IR text. */
#ifndef SYNCTEST_GEN_H
#define SYNCTEST_GEN_H

#include <stdint.h>

#include "ir/ir.h" /* asc_strbuf */

/* Offsets are drawn inside ST_GM_ELEMS; the arrays are ST_GM_ALLOC long so that a view
 * iv * 64 + off stays in bounds for a runtime trip count up to ST_A0_WIDE (the removal
 * check's third a0, which reaches GM ranges a0 <= 4 leaves apart). */
enum { ST_TILE = 64, ST_GM_ELEMS = 512, ST_A0_WIDE = 9, ST_GM_ALLOC = 1024, ST_MAX_ROOTS = 6, ST_MAX_GM = 3 };

/* Generator features; each can be turned off (--disable NAME) to exclude a known bug. */
enum {
  ST_F_IF = 1, ST_F_FOR = 2, ST_F_RTRIP = 4, ST_F_ROTATE = 8, ST_F_OVERLAP = 16,
  ST_F_SCALAR = 32, ST_F_UBCOPY = 64, ST_F_GMLOOP = 128, ST_F_STORE = 256, ST_F_NEST = 512,
  ST_F_ZEROTRIP = 1024, /* loops of trip count 0 (constant, or a0 = 0) */
  ST_F_MIXEDK = 2048,   /* k = 2 and k = 3 multi-buffering in one program (else k = 2 only) */
  ST_F_IVIF = 4096,     /* ifs on an enclosing loop's index (if i < 1: first iteration only) */
  ST_F_ALL = 8191
};
/* Feature by name ("if", "for", ...): its bit, or 0 if unknown.  Names in docs/synctest.md. */
unsigned st_feature(const char *name);
const char *st_feature_names(void);

enum { ST_LOAD, ST_STORE, ST_UBCOPY, ST_BIN, ST_SCAL, ST_DUP, ST_GET, ST_SET, ST_FOR, ST_IF };

/* A UB view: root + off elements, plus (iv(loop) % k) * ST_TILE when loop >= 0. */
typedef struct st_view {
  int root, off, loop, k;
} st_view;

/* A GM view: array + off elements, plus iv(loop) * ST_TILE when loop >= 0. */
typedef struct st_gref {
  int arr, off, loop;
} st_gref;

typedef struct st_node st_node;
typedef struct st_list {
  st_node *v;
  int n, cap;
} st_list;

struct st_node {
  int kind, op, n;   /* op: index into the binary/scalar op tables; n: element count */
  st_view d, s0, s1; /* destination and sources (UB) */
  st_gref g;         /* GM side of a load or store */
  int imm;           /* DUP/SCAL/SET value; GET/SET element index */
  int trip;          /* FOR: 0-4, or -1: the runtime argument a0 */
  int pred, cval;    /* IF: x <pred> cval, x = a1, or the index of loop civ - 1 if civ > 0 */
  int civ;
  int id;            /* FOR: loop id (views name it) */
  int init;          /* the first write of a root: shrinking keeps it whole */
  st_list body, els; /* FOR body; IF then/else */
};

typedef struct st_root {
  int addr, size, pos; /* byte address, elements, position (0 VECIN, 1 VECOUT, 2 VECCALC) */
  int rot_k;           /* k > 0: a multi-buffered root of k tiles, used as slot iv % k in loops */
} st_root;

typedef struct st_prog {
  int nroots, ngm, nloops;
  int a0_min; /* the runtime trip count a0 is drawn from a0_min..4 */
  st_root roots[ST_MAX_ROOTS];
  st_list body;
} st_prog;

void st_prog_gen(st_prog *p, uint64_t seed, unsigned features);
void st_prog_free(st_prog *p);
void st_prog_copy(st_prog *dst, const st_prog *src);
/* Memory ops (everything but for/if) in the tree. */
int st_prog_nops(const st_prog *p);
/* The kernel "k" as IR text; barriers: a PIPE_ALL barrier after every memory op (the
 * sequential reference).  Appends to sb. */
void st_prog_print(const st_prog *p, int barriers, asc_strbuf *sb);

/* Shrinking steps, numbered 0..st_shrink_count(p)-1: each gives a smaller program (drop one
 * node, inline a loop body or an if arm, lower a trip count unless keep_trips, halve a
 * count).  0 if step i does not apply. */
int st_shrink_count(const st_prog *p);
int st_shrink_apply(st_prog *p, int i, int keep_trips);

/* splitmix64 */
uint64_t st_rand(uint64_t *state);

#endif
