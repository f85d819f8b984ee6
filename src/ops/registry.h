/* registry.h - the op registry (ops.def), enums (enums.def) and parameter structs
 * (structs.def) as C declarations.  Everything here is generated from those tables. */
#ifndef ASC_OPS_REGISTRY_H
#define ASC_OPS_REGISTRY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "hw/hw.h"

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

/* What an op costs on its pipe (ops.def column `cost`; the vector classes' figures are HW_VCLASS
 * rows of src/hw/hw.def). */
typedef enum asc_cost_class {
#define ASC_COST(id, name, vonly, doc) ASC_COST_##id,
#include "ops/costs.def"
#undef ASC_COST
  ASC_COST_COUNT
} asc_cost_class;

/* The kinds of form link (ops.def FORM rows): MASK is the level-0 form with a lane-count mask, BITMASK
 * the one with a (hi, lo) bit mask. */
typedef enum asc_form_kind { ASC_FORM_MASK, ASC_FORM_BITMASK, ASC_FORM_COUNT } asc_form_kind;

enum {
  ASC_F_PURE = 1u << 0,
  ASC_F_TERM = 1u << 1,
  ASC_F_ISOLATED = 1u << 2,
  ASC_F_CONST = 1u << 3,
  ASC_F_FOLDED = 1u << 4, /* no device instruction of its own: a cast the device's compiler folds into its users */
  ASC_F_TRAPS = 1u << 5,  /* may trap at run time (an integer division by zero): not speculated out of a branch */
};

typedef enum asc_opcode {
#define OP(id, name, fam, pipe, cost, opnds, res, rd, wr, nreg, flags, attrs, dtypes, exec, doc) ASC_OP_##id,
#include "ops/ops.def"
#undef OP
  ASC_OP_COUNT
} asc_opcode;

typedef struct asc_opinfo {
  const char *name;
  asc_family family;
  asc_pipe_rule pipe;
  asc_cost_class cost;
  const char *operands, *results; /* signature strings, see ops.def: "name=constraint,..." */
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
/* The family of an op (a field lookup: ops.def need not keep families contiguous). */
static inline asc_family asc_op_family(asc_opcode c) { return asc_opinfos[c].family; }
const char *asc_cost_class_name(asc_cost_class k); /* "elementwise" */
/* Name of operand i of code into buf (a variadic operand's name for every index it covers); 0 ok,
 * -1 if the op has no operand i. */
int asc_op_operand_name(asc_opcode code, int i, char *buf, size_t bufsize);
/* Index of the operand called name (the first index of a variadic one), or -1. */
int asc_op_operand_index(asc_opcode code, const char *name);
/* "operand 'dst'" for messages, written into buf ("operand #i" if the op has no operand i); returns buf. */
const char *asc_op_operand_label(asc_opcode code, int i, char *buf, size_t bufsize);
/* Number of operand constraints in a signature string, and the constraint of token i without its name
 * (start and length); -1 past the end. */
int asc_sig_count(const char *sig);
/* The fewest values a signature needs: its constraints that are neither optional (?) nor variadic (*). */
int asc_sig_min(const char *sig);
int asc_sig_constraint(const char *sig, int i, const char **start, size_t *len);
/* API_FORM row i of ops.def: its op, and pyasc's function in *fn; ASC_OP_COUNT past the last row. */
asc_opcode asc_op_api_form(int i, const char **fn);
/* The op that is the `kind` form of count-form op code (ops.def FORM rows), or ASC_OP_COUNT. */
asc_opcode asc_op_form(asc_opcode code, asc_form_kind kind);
/* The count-form op whose form code is (and which kind, in *kind), or ASC_OP_COUNT. */
asc_opcode asc_op_form_base(asc_opcode code, asc_form_kind *kind);
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

enum { /* the machine table's kinds (ENUM_HW_VAL) have their constants in hw/hw.h */
#define ENUM_KIND(id, mn)
#define ENUM_VAL(kind, name, value) ASC_##kind##_##name = value,
#define ENUM_HW_VAL(kind, name, value)
#include "ops/enums.def"
#undef ENUM_KIND
#undef ENUM_VAL
#undef ENUM_HW_VAL
};

const char *asc_enum_kind_name(int kind);                   /* "event" */
int asc_enum_kind_lookup(const char *s, size_t n);           /* -1 if unknown */
const char *asc_enum_name(int kind, int64_t value);          /* NULL if not a member */
int asc_enum_lookup(int kind, const char *s, size_t n, int64_t *value); /* 0 ok, -1 unknown */

/* ---- parameter structs ---- */
typedef enum asc_struct_id {
#define STRUCT(id, name) ASC_STRUCT_##id,
#define FIELD(st, name, dflt)
#include "ops/structs.def"
#undef STRUCT
#undef FIELD
  ASC_STRUCT_COUNT
} asc_struct_id;

/* Every field of every struct, numbered in structs.def order: ASC_SF_<Struct>_<field>.  Before a
 * struct's fields stands its marker ASC_SFB_<Struct>, so a field's index in its struct is a constant. */
typedef enum asc_sfield {
#define STRUCT(id, name) ASC_SFB_##name,
#define FIELD(st, name, dflt) ASC_SF_##st##_##name,
#include "ops/structs.def"
#undef STRUCT
#undef FIELD
  ASC_SF_COUNT
} asc_sfield;

/* The index of field f of struct S in the struct's storage (declaration order), e.g.
 * ASC_SFI(DataCopyParams, block_len) == 1: a field name the struct lacks does not compile. */
#define ASC_SFI(S, f) ((int)(ASC_SF_##S##_##f - ASC_SFB_##S - 1))

typedef struct asc_sfieldinfo {
  const char *label; /* "DataCopyParams.block_len"; NULL for a struct's marker */
  const char *name;  /* "block_len" */
  int index;         /* in the struct's storage */
  int64_t dflt;      /* pyasc's default */
} asc_sfieldinfo;

extern const asc_sfieldinfo asc_sfields[ASC_SF_COUNT];

const char *asc_struct_name(int id);
int asc_struct_lookup(const char *s, size_t n); /* -1 if unknown */
int asc_struct_nfields(int id);
/* Name of field i written into buf (NUL-terminated), its default in *dflt; 0 ok. */
int asc_struct_field(int id, int i, char *buf, size_t bufsize, int64_t *dflt);
int asc_struct_field_index(int id, const char *name); /* -1 if unknown */
/* Whether the dtypes column of op's row admits the element type named dtype ("f16"; an empty column
 * admits any): the verifier's rule for tensor operands, and the vector executors'. */
bool asc_op_dtype_ok(asc_opcode code, const char *dtype);
/* The memories (hw.def ids, bit m = memory m) operand i of op may be in (src/ops/operand_mems.def);
 * 0: the table does not limit it.  asc_mems_text: such a set as "L0A (A2), L0B (B2) or L1 (A1/B1/C1)". */
unsigned asc_op_operand_mems(asc_opcode op, int i);
void asc_mems_text(unsigned mems, char *buf, size_t size);
/* The range of field f's values (src/ops/field_ranges.def): true and *lo..*hi, or false when the
 * table gives it none. */
bool asc_sfield_range(asc_sfield f, int64_t *lo, int64_t *hi);
/* The asc_sfield of field 0 of struct id (its fields follow in order), or -1 if id is no struct. */
int asc_struct_first_field(int id);
/* The defaults of struct id's fields in declaration order, as doubles (a struct's storage holds its
 * fields as doubles); NULL if id is no struct. */
const double *asc_struct_defaults(int id);

#endif
