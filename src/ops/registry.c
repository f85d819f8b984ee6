/* registry.c - the op, enum and struct tables, generated from the .def files. */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "asc/asc.h"
#include "hw/hw.h"
#include "ops/registry.h"
#include "ops_access.h" /* generated: build/gen */

/* s[0:n] equals the NUL-terminated name (s may hold NULs; never read past name). */
static int sameword(const char *name, const char *s, size_t n) {
  return strlen(name) == n && memcmp(name, s, n) == 0;
}

/* reads / writes: ops.def names the operands; the build resolves the names to bit sets (ASC_ACC_*,
 * tools/ops-access-gen). */
const asc_opinfo asc_opinfos[ASC_OP_COUNT] = {
#define OP(id, name, fam, pipe, cost, opnds, res, rd, wr, nreg, flags, attrs, dtypes, exec, doc)                        \
  {name,  ASC_FAM_##fam, ASC_PR_##pipe, ASC_COST_##cost, opnds, res, ASC_ACC_RD_##id, ASC_ACC_WR_##id, nreg, flags, \
   attrs, dtypes, doc},
#include "ops/ops.def"
#undef OP
};

static const char *const costnames[ASC_COST_COUNT] = {
#define ASC_COST(id, name, vonly, doc) name,
#include "ops/costs.def"
#undef ASC_COST
};

/* The vector classes, which only PIPE_V ops may have (costs.def column vonly). */
static const bool cost_vonly[ASC_COST_COUNT] = {
#define ASC_COST(id, name, vonly, doc) vonly,
#include "ops/costs.def"
#undef ASC_COST
};

const char *asc_cost_class_name(asc_cost_class k) { return (int)k >= 0 && k < ASC_COST_COUNT ? costnames[k] : "?"; }

/* ---- operand signatures: "name=constraint,..." ---- */

/* Token i of sig: its start and length (NULL past the end). */
static const char *sigtok(const char *sig, int i, size_t *len) {
  const char *s = sig;
  for (int k = 0; *s; k++) {
    size_t n = strcspn(s, ",");
    if (k == i) {
      *len = n;
      return s;
    }
    s += n + (s[n] == ',');
  }
  return NULL;
}

/* Length of the `name=` prefix of a token (0 if it has none). */
static size_t namelen(const char *t, size_t n) {
  if (!t)
    return 0;
  const char *eq = memchr(t, '=', n);
  return eq ? (size_t)(eq - t) : 0;
}

int asc_sig_count(const char *sig) {
  size_t n;
  int i = 0;
  while (sigtok(sig, i, &n))
    i++;
  return i;
}

int asc_sig_constraint(const char *sig, int i, const char **start, size_t *len) {
  size_t n;
  const char *t = sigtok(sig, i, &n);
  if (!t)
    return -1;
  size_t k = namelen(t, n);
  if (k)
    k++;
  *start = t + k;
  *len = n - k;
  return 0;
}

int asc_sig_min(const char *sig) {
  const char *c;
  size_t len;
  int n = 0;
  for (int i = 0; asc_sig_constraint(sig, i, &c, &len) == 0; i++)
    if (len && *c != '?' && *c != '*')
      n++;
  return n;
}

int asc_op_operand_name(asc_opcode code, int i, char *buf, size_t bufsize) {
  const char *sig = asc_opinfos[code].operands;
  int n = asc_sig_count(sig);
  if (i < 0 || n == 0 || bufsize == 0)
    return -1;
  size_t len = 0;
  const char *t = sigtok(sig, i < n ? i : n - 1, &len);
  const char *c;
  size_t clen;
  asc_sig_constraint(sig, i < n ? i : n - 1, &c, &clen);
  if (i >= n && !(clen && c[0] == '*')) /* past the end and the last one is not variadic */
    return -1;
  size_t k = namelen(t, len);
  if (!k) { /* an unnamed constraint (a row tools/ops_def_rows.py has not seen): argN */
    snprintf(buf, bufsize, "arg%d", i);
    return 0;
  }
  if (k >= bufsize)
    k = bufsize - 1;
  memcpy(buf, t, k);
  buf[k] = '\0';
  return 0;
}

const char *asc_op_operand_label(asc_opcode code, int i, char *buf, size_t bufsize) {
  char name[64];
  if ((unsigned)code < ASC_OP_COUNT && asc_op_operand_name(code, i, name, sizeof name) == 0)
    snprintf(buf, bufsize, "operand '%s'", name);
  else
    snprintf(buf, bufsize, "operand #%d", i);
  return buf;
}

int asc_op_operand_index(asc_opcode code, const char *name) {
  const char *sig = asc_opinfos[code].operands;
  size_t len = 0, want = strlen(name);
  const char *t;
  for (int i = 0; (t = sigtok(sig, i, &len)); i++)
    if (namelen(t, len) == want && !memcmp(t, name, want))
      return i;
  return -1;
}

/* ops.def's `count` operands, found by the build (tools/ops-access-gen: ASC_ACC_CNT_*). */
static const signed char countoperands[ASC_OP_COUNT] = {
#define OP(id, name, fam, pipe, cost, opnds, res, rd, wr, nreg, flags, attrs, dtypes, exec, doc) ASC_ACC_CNT_##id,
#include "ops/ops.def"
#undef OP
};

int asc_op_count_operand(asc_opcode code) { return (unsigned)code < ASC_OP_COUNT ? countoperands[code] : -1; }

/* ---- forms (ops.def FORM rows) ---- */
typedef struct formlink {
  asc_opcode base, form;
  asc_form_kind kind;
} formlink;

static const formlink forms[] = {
#define OP(id, name, fam, pipe, cost, opnds, res, rd, wr, nreg, flags, attrs, dtypes, exec, doc)
#define FORM(base, kind, form) {ASC_OP_##base, ASC_OP_##form, ASC_FORM_##kind},
#include "ops/ops.def"
#undef FORM
#undef OP
};

/* Per op: whether it is a form, of which op, of which kind (from the FORM rows, at compile time; an op
 * that two rows name as their form is an initializer given twice, which -Woverride-init rejects). */
static const struct {
  unsigned char isform, kind;
  unsigned short base;
} formbase[ASC_OP_COUNT] = {
#define OP(id, name, fam, pipe, cost, opnds, res, rd, wr, nreg, flags, attrs, dtypes, exec, doc)
#define FORM(base, kind, form) [ASC_OP_##form] = {1, ASC_FORM_##kind, ASC_OP_##base},
#include "ops/ops.def"
#undef FORM
#undef OP
};
_Static_assert(ASC_OP_COUNT <= 65535, "formbase holds opcodes in 16 bits");

/* ---- pyasc functions' struct-dispatched forms (ops.def API_FORM rows) ---- */
static const struct {
  const char *fn;
  asc_opcode op;
} apiforms[] = {
#define OP(id, name, fam, pipe, cost, opnds, res, rd, wr, nreg, flags, attrs, dtypes, exec, doc)
#define API_FORM(fn, op) {fn, ASC_OP_##op},
#include "ops/ops.def"
#undef API_FORM
#undef OP
};

asc_opcode asc_op_api_form(int i, const char **fn) {
  if (i < 0 || (size_t)i >= sizeof apiforms / sizeof apiforms[0])
    return ASC_OP_COUNT;
  *fn = apiforms[i].fn;
  return apiforms[i].op;
}

asc_opcode asc_op_form(asc_opcode code, asc_form_kind kind) {
  for (size_t i = 0; i < sizeof forms / sizeof forms[0]; i++)
    if (forms[i].base == code && forms[i].kind == kind)
      return forms[i].form;
  return ASC_OP_COUNT;
}

asc_opcode asc_op_form_base(asc_opcode code, asc_form_kind *kind) {
  if ((unsigned)code >= ASC_OP_COUNT || !formbase[code].isform)
    return ASC_OP_COUNT;
  if (kind)
    *kind = (asc_form_kind)formbase[code].kind;
  return (asc_opcode)formbase[code].base;
}

/* The registry's invariants (a unit test calls it): every operand has a name, no two operands of an
 * op share one, only PIPE_V ops have a vector cost class, a form's family is its base's. */
int asc_registry_check(void) {
  for (int i = 0; i < ASC_OP_COUNT; i++) {
    const asc_opinfo *o = &asc_opinfos[i];
    int n = asc_sig_count(o->operands);
    for (int a = 0; a < n; a++) {
      size_t la = 0, lb = 0;
      const char *ta = sigtok(o->operands, a, &la);
      size_t ka = namelen(ta, la);
      if (!ka)
        return i ? i : -1;
      for (int b = 0; b < a; b++) {
        const char *tb = sigtok(o->operands, b, &lb);
        if (namelen(tb, lb) == ka && !memcmp(ta, tb, ka))
          return i ? i : -1;
      }
    }
    bool vclass = cost_vonly[o->cost];
    if (vclass && o->pipe != ASC_PR_V)
      return i ? i : -1;
  }
  for (size_t f = 0; f < sizeof forms / sizeof forms[0]; f++)
    if (asc_opinfos[forms[f].base].family != asc_opinfos[forms[f].form].family)
      return forms[f].form;
  return 0;
}

asc_opcode asc_op_lookup(const char *name, size_t len) {
  for (int i = 0; i < ASC_OP_COUNT; i++)
    if (sameword(asc_opinfos[i].name, name, len))
      return (asc_opcode)i;
  return ASC_OP_COUNT;
}

/* ---- enums ---- */

typedef struct enumval {
  int kind;
  const char *name;
  int64_t value;
} enumval;

static const enumval enumvals[] = {
#define ENUM_KIND(id, mn)
#define ENUM_VAL(kind, name, value) {ASC_ENUM_##kind, #name, value},
#include "ops/enums.def"
#undef ENUM_KIND
#undef ENUM_VAL
};

static const char *const enumkinds[ASC_ENUM_COUNT] = {
#define ENUM_KIND(id, mn) mn,
#define ENUM_VAL(kind, name, value)
#include "ops/enums.def"
#undef ENUM_KIND
#undef ENUM_VAL
};

enum { NENUMVALS = sizeof enumvals / sizeof enumvals[0] };

const char *asc_enum_kind_name(int kind) {
  return kind >= 0 && kind < ASC_ENUM_COUNT ? enumkinds[kind] : "?";
}

int asc_enum_kind_lookup(const char *s, size_t n) {
  for (int k = 0; k < ASC_ENUM_COUNT; k++)
    if (sameword(enumkinds[k], s, n))
      return k;
  return -1;
}

const char *asc_enum_name(int kind, int64_t value) {
  for (int i = 0; i < NENUMVALS; i++)
    if (enumvals[i].kind == kind && enumvals[i].value == value)
      return enumvals[i].name;
  return NULL;
}

/* Member j of an enum, in declaration order (for bindings that build their enums). */
int asc_reg_enum_member(int kind, int j, const char **name, int64_t *value) {
  int seen = 0;
  for (int i = 0; i < NENUMVALS; i++) {
    if (enumvals[i].kind != kind || seen++ != j)
      continue;
    *name = enumvals[i].name;
    *value = enumvals[i].value;
    return 0;
  }
  return -1;
}

int asc_enum_lookup(int kind, const char *s, size_t n, int64_t *value) {
  for (int i = 0; i < NENUMVALS; i++) {
    const enumval *e = &enumvals[i];
    if (e->kind == kind && sameword(e->name, s, n)) {
      *value = e->value;
      return 0;
    }
  }
  return -1;
}

/* ---- parameter structs ---- */

const asc_sfieldinfo asc_sfields[ASC_SF_COUNT] = {
#define STRUCT(id, name) [ASC_SFB_##name] = {NULL, NULL, -1, 0},
#define FIELD(st, name, dflt) [ASC_SF_##st##_##name] = {#st "." #name, #name, ASC_SFI(st, name), dflt},
#include "ops/structs.def"
#undef STRUCT
#undef FIELD
};

/* The defaults as a struct's storage holds them: a struct's run starts at its first field. */
static const double sfdefaults[ASC_SF_COUNT] = {
#define STRUCT(id, name) 0,
#define FIELD(st, name, dflt) dflt,
#include "ops/structs.def"
#undef STRUCT
#undef FIELD
};

typedef struct structinfo {
  const char *name;
  int first; /* asc_sfield of field 0 */
} structinfo;

static const structinfo structs[ASC_STRUCT_COUNT] = {
#define STRUCT(id, name) {#name, ASC_SFB_##name + 1},
#define FIELD(st, name, dflt)
#include "ops/structs.def"
#undef STRUCT
#undef FIELD
};

const char *asc_struct_name(int id) { return id >= 0 && id < ASC_STRUCT_COUNT ? structs[id].name : "?"; }

int asc_struct_lookup(const char *s, size_t n) {
  for (int i = 0; i < ASC_STRUCT_COUNT; i++)
    if (sameword(structs[i].name, s, n))
      return i;
  return -1;
}

bool asc_op_dtype_ok(asc_opcode code, const char *dtype) {
  const char *list = asc_opinfos[code].dtypes;
  size_t n = strlen(dtype);
  if (!list || !*list)
    return true;
  for (const char *s = list; *s;) {
    while (*s == ' ')
      s++;
    const char *e = s;
    while (*e && *e != ' ')
      e++;
    if ((size_t)(e - s) == n && n && memcmp(s, dtype, n) == 0)
      return true;
    s = e;
  }
  return false;
}

/* The hardware ranges of the fields (field_ranges.def); has = 0: none. */
typedef struct sfrange {
  bool has;
  int64_t lo, hi;
} sfrange;

static const sfrange sfranges[ASC_SF_COUNT] = {
#define RANGE(st, name, lo, hi) [ASC_SF_##st##_##name] = {true, lo, hi},
#include "ops/field_ranges.def"
#undef RANGE
};

bool asc_sfield_range(asc_sfield f, int64_t *lo, int64_t *hi) {
  if ((int)f < 0 || f >= ASC_SF_COUNT || !sfranges[f].has)
    return false;
  *lo = sfranges[f].lo, *hi = sfranges[f].hi;
  return true;
}

/* The memories an operand may be in (operand_mems.def). */
typedef struct opndmem {
  asc_opcode op;
  int opnd;
  unsigned mems;
} opndmem;

static const opndmem opndmems[] = {
#define ASC_MB(m) (1u << ASC_HW_MEM_##m)
#define MEM(op, name, mems) {ASC_OP_##op, ASC_OPND_##op##_##name, mems},
#include "ops/operand_mems.def"
#undef MEM
#undef ASC_MB
};

unsigned asc_op_operand_mems(asc_opcode op, int i) {
  for (size_t k = 0; k < sizeof opndmems / sizeof *opndmems; k++)
    if (opndmems[k].op == op && opndmems[k].opnd == i)
      return opndmems[k].mems;
  return 0;
}

void asc_mems_text(unsigned mems, char *buf, size_t size) {
  int n = 0, left = __builtin_popcount(mems);
  buf[0] = 0;
  for (int m = 0; m < ASC_HW_NMEMS && n >= 0 && (size_t)n < size; m++) {
    if (!(mems >> m & 1))
      continue;
    left--;
    n += snprintf(buf + n, size - (size_t)n, "%s", asc_hw_mem_name(m));
    const char *sep = " ("; /* the on-chip memories' TPositions (GM's are GM and CO2, the output) */
    for (int64_t p = 0; m != ASC_HW_MEM_GM && p <= ASC_POS_VECCALC && (size_t)n < size; p++) {
      const char *pn = asc_enum_name(ASC_ENUM_POS, p);
      if (pn && asc_hw_pos_mem((int)p) == m && strcmp(pn, asc_hw_mem_name(m)) != 0) {
        n += snprintf(buf + n, size - (size_t)n, "%s%s", sep, pn);
        sep = "/";
      }
    }
    if ((size_t)n < size && sep[0] == '/')
      n += snprintf(buf + n, size - (size_t)n, ")");
    if ((size_t)n < size && left)
      n += snprintf(buf + n, size - (size_t)n, "%s", left == 1 ? " or " : ", ");
  }
}

int asc_struct_first_field(int id) { return id >= 0 && id < ASC_STRUCT_COUNT ? structs[id].first : -1; }

const double *asc_struct_defaults(int id) {
  return id >= 0 && id < ASC_STRUCT_COUNT ? &sfdefaults[structs[id].first] : NULL;
}

int asc_struct_nfields(int id) {
  if (id < 0 || id >= ASC_STRUCT_COUNT)
    return 0;
  int n = 0;
  while (structs[id].first + n < ASC_SF_COUNT && asc_sfields[structs[id].first + n].label)
    n++;
  return n;
}

int asc_struct_field(int id, int i, char *buf, size_t bufsize, int64_t *dflt) {
  if (i < 0 || i >= asc_struct_nfields(id) || bufsize == 0)
    return -1;
  const asc_sfieldinfo *f = &asc_sfields[structs[id].first + i];
  snprintf(buf, bufsize, "%s", f->name);
  *dflt = f->dflt;
  return 0;
}

int asc_struct_field_index(int id, const char *name) {
  int n = asc_struct_nfields(id);
  for (int i = 0; i < n; i++)
    if (strcmp(asc_sfields[structs[id].first + i].name, name) == 0)
      return i;
  return -1;
}
