/* registry.h - the op registry (ops.def), enums (enums.def) and parameter structs
 * (structs.def) as C declarations.  Everything here is generated from those tables. */
#ifndef ASC_OPS_REGISTRY_H
#define ASC_OPS_REGISTRY_H

#include <stddef.h>
#include <stdint.h>

#define ARG(i) (1u << (i))

typedef enum asc_family {
  ASC_FAM_FUNC, ASC_FAM_SCF, ASC_FAM_ARITH, ASC_FAM_RESOURCE, ASC_FAM_SCALAR,
  ASC_FAM_COPY, ASC_FAM_VECTOR, ASC_FAM_SYNC, ASC_FAM_XCORE, ASC_FAM_CUBE,
} asc_family;

/* How the pipe of an op is found (ops.def column `pipe`). */
typedef enum asc_pipe_rule {
  ASC_PR_NONE, ASC_PR_S, ASC_PR_V, ASC_PR_MTE1, ASC_PR_MTE2, ASC_PR_MTE3, ASC_PR_M, ASC_PR_FIX,
  ASC_PR_COPY, ASC_PR_EVT_SRC, ASC_PR_EVT_DST, ASC_PR_ATTR,
} asc_pipe_rule;

enum {
  ASC_F_PURE = 1u << 0,
  ASC_F_TERM = 1u << 1,
  ASC_F_ISOLATED = 1u << 2,
  ASC_F_CONST = 1u << 3,
};

typedef enum asc_opcode {
#define OP(id, name, fam, pipe, opnds, res, rd, wr, nreg, flags, attrs, dtypes, doc) ASC_OP_##id,
#include "ops/ops.def"
#undef OP
  ASC_OP_COUNT
} asc_opcode;

typedef struct asc_opinfo {
  const char *name;
  asc_family family;
  asc_pipe_rule pipe;
  const char *operands, *results; /* signature strings, see ops.def */
  uint32_t reads, writes;         /* operand bit sets */
  int nregions;
  unsigned flags;
  const char *attrs;  /* "name:kind name?:kind" */
  const char *dtypes; /* allowed tensor element types, space-separated; "" = any */
  const char *doc;
} asc_opinfo;

extern const asc_opinfo asc_opinfos[ASC_OP_COUNT];

static inline const asc_opinfo *asc_opinfo_of(asc_opcode c) { return &asc_opinfos[c]; }
/* 0 if the families of ops.def are contiguous, else the index of the first op out of order
 * (a unit test calls it). */
int asc_registry_check(void);
/* ASC_OP_COUNT when unknown. */
asc_opcode asc_op_lookup(const char *name, size_t len);
/* The index of the operand whose constraint is `count` (the element count that bounds every tensor
 * operand, ops.def), or -1. */
int asc_op_count_operand(asc_opcode code);

/* ---- enums ---- */
typedef enum asc_enum_kind {
#define ENUM_KIND(id, mn) ASC_ENUM_##id,
#define ENUM_VAL(kind, name, value)
#include "ops/enums.def"
#undef ENUM_KIND
#undef ENUM_VAL
  ASC_ENUM_COUNT
} asc_enum_kind;

enum {
#define ENUM_KIND(id, mn)
#define ENUM_VAL(kind, name, value) ASC_##kind##_##name = value,
#include "ops/enums.def"
#undef ENUM_KIND
#undef ENUM_VAL
};

const char *asc_enum_kind_name(int kind);                   /* "event" */
int asc_enum_kind_lookup(const char *s, size_t n);           /* -1 if unknown */
const char *asc_enum_name(int kind, int64_t value);          /* NULL if not a member */
int asc_enum_lookup(int kind, const char *s, size_t n, int64_t *value); /* 0 ok, -1 unknown */

/* ---- parameter structs ---- */
typedef enum asc_struct_id {
#define STRUCT(id, name, fields) ASC_STRUCT_##id,
#include "ops/structs.def"
#undef STRUCT
  ASC_STRUCT_COUNT
} asc_struct_id;

const char *asc_struct_name(int id);
int asc_struct_lookup(const char *s, size_t n); /* -1 if unknown */
int asc_struct_nfields(int id);
/* Name of field i written into buf (NUL-terminated), its default in *dflt; 0 ok. */
int asc_struct_field(int id, int i, char *buf, size_t bufsize, int64_t *dflt);
int asc_struct_field_index(int id, const char *name); /* -1 if unknown */

#endif
