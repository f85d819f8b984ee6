/* ir.h - the IR core of libasc: context, arenas, types, attributes, values, ops,
 * blocks, regions, modules, diagnostics.  Every other part of libasc includes this.
 *
 * Ownership: an asc_ctx owns interned types, interned strings and the diagnostics;
 * an asc_module owns its ops, blocks, values and attributes (one arena, freed with
 * the module).  Nothing is freed one by one.
 *
 * Structure: a module is a "builtin.module" op; every op has 0..n regions; every
 * region holds at most one block (regions are successor-free; an empty region has
 * block == NULL); a block has arguments and a doubly linked list of ops.
 */
#ifndef ASC_IR_H
#define ASC_IR_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "asc/asc.h"
#include "ops/registry.h"

#if defined(__GNUC__)
#define ASC_PRINTF(f, a) __attribute__((format(printf, f, a)))
#define ASC_NORETURN __attribute__((noreturn))
#else
#define ASC_PRINTF(f, a)
#define ASC_NORETURN
#endif

/* ---- internal errors (our bug, never the user's) --------------------------------------- */
ASC_NORETURN void asc_die_at(const char *file, int line, const char *fmt, ...) ASC_PRINTF(3, 4);
#define asc_die(...) asc_die_at(__FILE__, __LINE__, __VA_ARGS__)
#define ASC_UNREACHABLE() asc_die_at(__FILE__, __LINE__, "unreachable")
/* realloc / calloc of at least one byte that never return NULL: out of memory is fatal. */
void *asc_xrealloc(void *p, size_t n);
void *asc_xcalloc(size_t n, size_t size);

/* ---- arenas ----------------------------------------------------------------------------- */
typedef struct asc_arena_chunk asc_arena_chunk;
typedef struct asc_arena {
  asc_arena_chunk *head;
  size_t total; /* bytes handed out, for statistics */
} asc_arena;

void *asc_arena_alloc(asc_arena *a, size_t size); /* zeroed, 16-byte aligned */
char *asc_arena_strndup(asc_arena *a, const char *s, size_t n);
void asc_arena_free_all(asc_arena *a);
#define ASC_NEW(a, T) ((T *)asc_arena_alloc((a), sizeof(T)))
#define ASC_NEW_N(a, T, n) ((T *)asc_arena_alloc((a), sizeof(T) * (size_t)(n)))

/* ---- source locations -------------------------------------------------------------------- */
typedef struct asc_loc {
  const char *file; /* interned in the ctx; NULL = unknown */
  int line, col;    /* 1-based */
} asc_loc;

#define ASC_LOC_UNKNOWN ((asc_loc){NULL, 0, 0})

/* ---- context ------------------------------------------------------------------------------ */
typedef struct asc_type asc_type;
typedef struct asc_diag_rec asc_diag_rec;
typedef struct asc_source asc_source;

struct asc_diag_rec {
  asc_severity sev;
  asc_loc loc;
  char *msg;  /* the message alone */
  char *text; /* "file:line:col: error: msg\n<source line>\n<caret>\n" */
  asc_diag_rec *next;
};

struct asc_ctx {
  asc_arena arena;      /* types, interned strings, sources, diagnostics */
  asc_type **types;     /* interned types (hash set, open addressing) */
  size_t ntypes, types_cap;
  const char **strs;    /* interned strings (hash set) */
  size_t nstrs, strs_cap;
  asc_source *sources;  /* registered or loaded source texts, for carets */
  asc_diag_rec *diags, *diags_tail;
  int nerrors, nwarnings;
  asc_diag_handler handler; /* NULL: print to stderr */
  void *handler_user;
  bool quiet; /* collect only, print nothing */
};

const char *asc_intern(asc_ctx *ctx, const char *s, size_t n);

/* One function formats every diagnostic.  Appends a record to ctx->diags, calls the
 * handler (or prints to stderr), counts errors and warnings. */
void asc_diag(asc_ctx *ctx, asc_loc loc, asc_severity sev, const char *fmt, ...) ASC_PRINTF(4, 5);
/* A diagnostic's text as asc_diag formats it (location, severity, message, source line, caret),
 * not recorded: for a channel that shows a finding before the diagnostics are read (malloc'd). */
char *asc_diag_text(asc_ctx *ctx, asc_loc loc, asc_severity sev, const char *msg);
void asc_vdiag(asc_ctx *ctx, asc_loc loc, asc_severity sev, const char *fmt, va_list ap);
#define asc_error(ctx, loc, ...) asc_diag((ctx), (loc), ASC_SEV_ERROR, __VA_ARGS__)
/* The source line `line` of `file` (registered, else read from disk once); NULL if
 * unknown.  *len receives its length without the newline. */
const char *asc_source_line(asc_ctx *ctx, const char *file, int line, size_t *len);
int asc_ctx_has_source(asc_ctx *ctx, const char *name);

/* ---- types (interned: equal types are the same pointer) ----------------------------------- */
typedef enum asc_type_kind {
  ASC_TY_INT,     /* i1..i64 (signless), ui8..ui64 (is_unsigned) */
  ASC_TY_FLOAT,   /* f16 bf16 f32 f64 */
  ASC_TY_INDEX,
  ASC_TY_FUNC,    /* (inputs) -> (outputs), only as an attribute */
  ASC_TY_GM,      /* !asc.gm_ptr<T>            typed __gm__ pointer */
  ASC_TY_GTENSOR, /* !asc.global_tensor<T> */
  ASC_TY_LTENSOR, /* !asc.local_tensor<[NxM...x]T[, POS]> */
  ASC_TY_QUEUE,   /* !asc.queue<POS, depth> or !asc.queue<SRC, DST, depth> */
  ASC_TY_TBUF,    /* !asc.tbuf<POS> */
  ASC_TY_PIPE,    /* !asc.pipe */
  ASC_TY_STRUCT,  /* !asc.struct<Name> */
} asc_type_kind;

#define ASC_MAX_RANK 8

struct asc_type {
  asc_type_kind kind;
  int width;              /* INT 1..64, FLOAT 16/32/64 */
  bool is_unsigned;       /* INT */
  bool is_bf16;           /* FLOAT width 16 */
  const asc_type *elem;   /* GM, GTENSOR, LTENSOR */
  int rank;               /* LTENSOR static shape; 0 = none */
  int64_t shape[ASC_MAX_RANK];
  int pos;                /* LTENSOR (-1 = unspecified), QUEUE src, TBUF */
  int pos2;               /* QUEUE dst */
  int depth;              /* QUEUE */
  int struct_id;          /* STRUCT: asc_struct_id */
  const asc_type **ins, **outs; /* FUNC */
  int nins, nouts;
  uint64_t hash;
};

const asc_type *asc_type_int(asc_ctx *ctx, int width, bool is_unsigned);
const asc_type *asc_type_float(asc_ctx *ctx, int width, bool is_bf16);
const asc_type *asc_type_index(asc_ctx *ctx);
const asc_type *asc_type_func(asc_ctx *ctx, const asc_type **ins, int nins, const asc_type **outs, int nouts);
const asc_type *asc_type_gm(asc_ctx *ctx, const asc_type *elem);
const asc_type *asc_type_gtensor(asc_ctx *ctx, const asc_type *elem);
const asc_type *asc_type_ltensor(asc_ctx *ctx, const asc_type *elem, const int64_t *shape, int rank, int pos);
const asc_type *asc_type_queue(asc_ctx *ctx, int src, int dst, int depth);
const asc_type *asc_type_tbuf(asc_ctx *ctx, int pos);
const asc_type *asc_type_pipe(asc_ctx *ctx);
const asc_type *asc_type_struct(asc_ctx *ctx, int struct_id);

bool asc_type_is_int(const asc_type *t);    /* INT, any signedness */
bool asc_type_is_float(const asc_type *t);
bool asc_type_is_scalar(const asc_type *t); /* INT, FLOAT or INDEX */
bool asc_type_is_tensor(const asc_type *t); /* GTENSOR or LTENSOR */
int asc_type_bytes(const asc_type *t);      /* scalar element size; i1 = 1; index = 8 */
/* Append the type's text (e.g. "!asc.local_tensor<1024xf16, VECIN>") to buf. */
void asc_type_print(const asc_type *t, asc_strbuf *buf);

/* ---- attributes ----------------------------------------------------------------------------- */
typedef enum asc_attr_kind {
  ASC_ATTR_INT,   /* 5 : i32          (type: an INT or INDEX type) */
  ASC_ATTR_FLOAT, /* 1.5 : f32        (type: a FLOAT type)         */
  ASC_ATTR_BOOL,  /* true / false */
  ASC_ATTR_STR,   /* "text" */
  ASC_ATTR_TYPE,  /* i32, (i32) -> () */
  ASC_ATTR_ENUM,  /* #asc.event<MTE2_V> */
  ASC_ATTR_SYM,   /* @name */
  ASC_ATTR_ARRAY, /* [a, b] */
  ASC_ATTR_UNIT,  /* present without a value: {name} */
} asc_attr_kind;

typedef struct asc_attr asc_attr;
struct asc_attr {
  asc_attr_kind kind;
  const asc_type *type; /* INT, FLOAT: the value's type; TYPE: the type */
  int64_t i;            /* INT, BOOL (0/1), ENUM value */
  double f;             /* FLOAT */
  const char *s;        /* STR (may contain NUL: see slen), SYM */
  size_t slen;
  int enum_kind;        /* ENUM: asc_enum_kind */
  asc_attr **elems;     /* ARRAY */
  int nelems;
};

typedef struct asc_named_attr {
  const char *name; /* interned */
  asc_attr *value;
} asc_named_attr;

bool asc_attr_equal(const asc_attr *a, const asc_attr *b);
void asc_attr_print(const asc_attr *a, asc_strbuf *buf);
/* "text" with MLIR escapes (\\, \", \XX for other non-printables). */
void asc_print_string(const char *s, size_t n, asc_strbuf *buf);
/* A name that prints without quotes: [A-Za-z_][A-Za-z0-9_$.]* */
bool asc_is_bare_ident(const char *s);

/* ---- values, ops, blocks, regions, modules ---------------------------------------------------- */
typedef struct asc_op asc_op;
typedef struct asc_block asc_block;
typedef struct asc_region asc_region;
typedef struct asc_value asc_value;

struct asc_value {
  const asc_type *type;
  asc_op *def;      /* defining op, or NULL for a block argument */
  asc_block *block; /* owning block, for a block argument */
  int index;        /* result index or argument index */
};

struct asc_op {
  asc_opcode code;
  asc_value **operands;
  int noperands;
  asc_value *results; /* array of nresults values */
  int nresults;
  asc_named_attr *attrs; /* sorted by name */
  int nattrs;
  asc_region *regions; /* array of nregions */
  int nregions;
  asc_loc loc; /* explicit loc(...) from the text or the front-end; printed */
  asc_loc pos; /* where the op was parsed; used when loc is unknown; not printed */
  asc_block *parent;
  asc_op *prev, *next;
};

struct asc_block {
  asc_value **args;
  int nargs, args_cap;
  asc_op *first, *last;
  asc_region *parent;
};

struct asc_region {
  asc_block *block; /* NULL: empty region */
  asc_op *parent;
};

struct asc_module {
  asc_ctx *ctx;
  asc_arena arena;
  asc_op *op; /* the builtin.module op */
  int sync_log; /* auto-sync notes each sync it inserts (asc_pass_options.sync_log) */
  void *cancel; /* asc_pass_options.cancel while passes run (asc_pass_interrupted polls it) */
};

/* Builder.  All memory comes from m->arena. */
asc_op *asc_op_create(asc_module *m, asc_opcode code, asc_value *const *operands, int noperands,
                      const asc_type *const *result_types, int nresults, asc_loc loc);
void asc_op_set_operand(asc_module *m, asc_op *op, int i, asc_value *v);
void asc_op_set_operands(asc_module *m, asc_op *op, asc_value *const *vals, int n);
void asc_op_set_attr(asc_module *m, asc_op *op, const char *name, asc_attr *value); /* keeps order */
asc_attr *asc_op_attr(const asc_op *op, const char *name);
void asc_op_remove_attr(asc_op *op, const char *name);
asc_loc asc_op_diag_loc(const asc_op *op); /* loc if known, else pos */
const char *asc_op_name(const asc_op *op);

asc_block *asc_region_ensure_block(asc_module *m, asc_region *r);
asc_value *asc_block_add_arg(asc_module *m, asc_block *b, const asc_type *t);
void asc_block_append(asc_block *b, asc_op *op);
void asc_op_insert_before(asc_op *pos, asc_op *op);
void asc_op_insert_after(asc_op *pos, asc_op *op);
void asc_op_unlink(asc_op *op);
asc_op *asc_block_terminator(const asc_block *b); /* last op if it is a terminator */
asc_op *asc_op_parent_op(const asc_op *op);       /* the op whose region holds op */
asc_op *asc_value_scope(const asc_value *v);      /* the op whose region defines v (a block argument's: its block's) */

asc_attr *asc_attr_int(asc_module *m, const asc_type *t, int64_t v);
asc_attr *asc_attr_float(asc_module *m, const asc_type *t, double v);
asc_attr *asc_attr_bool(asc_module *m, bool v);
asc_attr *asc_attr_str(asc_module *m, const char *s, size_t n);
asc_attr *asc_attr_sym(asc_module *m, const char *s);
asc_attr *asc_attr_type(asc_module *m, const asc_type *t);
asc_attr *asc_attr_enum(asc_module *m, int kind, int64_t v);
asc_attr *asc_attr_unit(asc_module *m);
asc_attr *asc_attr_array(asc_module *m, asc_attr *const *elems, int n);

asc_module *asc_module_new(asc_ctx *ctx);
asc_block *asc_module_body(asc_module *m);
asc_op *asc_module_lookup_func(asc_module *m, const char *name);
const char *asc_func_name(const asc_op *func);

/* Deep copy of op (regions included) into m, inserted nowhere.  Operands found in
 * map are replaced by their images; results and block arguments of the copy are
 * added to map. */
typedef struct asc_ptrmap { /* pointer -> integer; zero-initialise, asc_ptrmap_free */
  const void **keys;
  uintptr_t *vals;
  size_t n, cap;
} asc_ptrmap;
void asc_ptrmap_put(asc_ptrmap *map, const void *key, uintptr_t val);
bool asc_ptrmap_get(const asc_ptrmap *map, const void *key, uintptr_t *val);
void asc_ptrmap_free(asc_ptrmap *map);

typedef struct asc_valmap asc_valmap;
asc_valmap *asc_valmap_new(void);
void asc_valmap_free(asc_valmap *map);
void asc_valmap_put(asc_valmap *map, const asc_value *from, asc_value *to);
asc_value *asc_valmap_get(const asc_valmap *map, const asc_value *from); /* NULL if absent */
asc_op *asc_op_clone(asc_module *m, const asc_op *op, asc_valmap *map);

/* Replace every use of `from` by `to` among the ops nested in `root` (root included). */
void asc_replace_uses(asc_op *root, const asc_value *from, asc_value *to);

/* Walk every op nested in root, pre-order (root first).  The callback may not unlink
 * ops; collect them and act after the walk. */
typedef void (*asc_walk_fn)(asc_op *op, void *user);
void asc_walk(asc_op *root, asc_walk_fn fn, void *user);

/* ---- text ---------------------------------------------------------------------------------- */
/* Parse generic-syntax IR.  `name` is used in diagnostics.  NULL on error (reported). */
asc_module *asc_parse(asc_ctx *ctx, const char *name, const char *text, size_t len);
/* Same, for a piece of a larger file (asc-opt --split-input-file): the text starts
 * at line first_line of file `name`, so diagnostics carry the file's line numbers. */
asc_module *asc_parse_at(asc_ctx *ctx, const char *name, const char *text, size_t len, int first_line);
void asc_print_module(const asc_module *m, asc_strbuf *out);
void asc_print_op(const asc_op *op, asc_strbuf *out); /* one op, generic form, no locals numbering */

/* ---- verifier ------------------------------------------------------------------------------ */
/* Reports every problem through asc_diag; returns the number of errors found. */
int asc_verify(asc_module *m);
/* op against its ops.def row alone (signatures, attributes, element types); reports each
 * problem into ctx, or none when ctx is NULL; returns how many.  Operands and results must
 * have types. */
int asc_ir_verify_op_sig(asc_ctx *ctx, const asc_op *op);

/* ASCII classification: the C library's depends on the locale of the host process. */
static inline bool asc_isalpha(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
static inline bool asc_isdigit(char c) { return c >= '0' && c <= '9'; }
static inline bool asc_isalnum(char c) { return asc_isalpha(c) || asc_isdigit(c); }

/* ---- string buffer ------------------------------------------------------------------------- */
struct asc_strbuf {
  char *data; /* NUL-terminated; malloc'd */
  size_t len, cap;
};
void asc_sb_init(asc_strbuf *sb);
void asc_sb_free(asc_strbuf *sb);
void asc_sb_put(asc_strbuf *sb, const char *s, size_t n);
void asc_sb_puts(asc_strbuf *sb, const char *s);
void asc_sb_putc(asc_strbuf *sb, char c);
void asc_sb_printf(asc_strbuf *sb, const char *fmt, ...) ASC_PRINTF(2, 3);
void asc_sb_vprintf(asc_strbuf *sb, const char *fmt, va_list ap);

#endif
