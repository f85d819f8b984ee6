/* registry.c - the op, enum and struct tables, generated from the .def files. */
#include <stdio.h>
#include <string.h>

#include "asc/asc.h"
#include "ops/registry.h"

/* s[0:n] equals the NUL-terminated name (s may hold NULs; never read past name). */
static int sameword(const char *name, const char *s, size_t n) {
  return strlen(name) == n && memcmp(name, s, n) == 0;
}

const asc_opinfo asc_opinfos[ASC_OP_COUNT] = {
#define OP(id, name, fam, pipe, opnds, res, rd, wr, nreg, flags, attrs, dtypes, doc) \
  {name, ASC_FAM_##fam, ASC_PR_##pipe, opnds, res, rd, wr, nreg, flags, attrs, dtypes, doc},
#include "ops/ops.def"
#undef OP
};

/* Families must be contiguous so "is this a vector op" is a range check. */
static const asc_family family_order[ASC_OP_COUNT] = {
#define OP(id, name, fam, pipe, opnds, res, rd, wr, nreg, flags, attrs, dtypes, doc) ASC_FAM_##fam,
#include "ops/ops.def"
#undef OP
};

int asc_registry_check(void) {
  for (int i = 1; i < ASC_OP_COUNT; i++)
    if (family_order[i] < family_order[i - 1])
      return i;
  return 0;
}

asc_opcode asc_op_lookup(const char *name, size_t len) {
  for (int i = 0; i < ASC_OP_COUNT; i++)
    if (sameword(asc_opinfos[i].name, name, len))
      return (asc_opcode)i;
  return ASC_OP_COUNT;
}

int asc_op_count_operand(asc_opcode code) {
  const char *s = asc_opinfos[code].operands;
  for (int i = 0; *s; i++) {
    size_t n = strcspn(s, ",");
    if (n == 5 && !strncmp(s, "count", 5))
      return i;
    s += n + (s[n] == ',');
  }
  return -1;
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

typedef struct structinfo {
  const char *name;
  const char *fields; /* "name=default ..." */
} structinfo;

static const structinfo structs[ASC_STRUCT_COUNT] = {
#define STRUCT(id, name, fields) {name, fields},
#include "ops/structs.def"
#undef STRUCT
};

const char *asc_struct_name(int id) { return id >= 0 && id < ASC_STRUCT_COUNT ? structs[id].name : "?"; }

int asc_struct_lookup(const char *s, size_t n) {
  for (int i = 0; i < ASC_STRUCT_COUNT; i++)
    if (sameword(structs[i].name, s, n))
      return i;
  return -1;
}

/* Steps over field i of a field list; returns its start or NULL. */
static const char *fieldstart(int id, int i) {
  const char *p = structs[id].fields;
  for (int k = 0; k < i && p; k++) {
    p = strchr(p, ' ');
    if (p)
      p++;
  }
  return p && *p ? p : NULL;
}

int asc_struct_nfields(int id) {
  if (id < 0 || id >= ASC_STRUCT_COUNT)
    return 0;
  int n = 0;
  while (fieldstart(id, n))
    n++;
  return n;
}

int asc_struct_field(int id, int i, char *buf, size_t bufsize, int64_t *dflt) {
  if (id < 0 || id >= ASC_STRUCT_COUNT || i < 0 || bufsize == 0)
    return -1;
  const char *p = fieldstart(id, i);
  if (!p)
    return -1;
  const char *eq = strchr(p, '=');
  size_t n = (size_t)(eq - p);
  if (n >= bufsize)
    n = bufsize - 1;
  memcpy(buf, p, n);
  buf[n] = '\0';
  long long v = 0;
  sscanf(eq + 1, "%lld", &v);
  *dflt = v;
  return 0;
}

int asc_struct_field_index(int id, const char *name) {
  char buf[64];
  int64_t d;
  for (int i = 0; asc_struct_field(id, i, buf, sizeof buf, &d) == 0; i++)
    if (strcmp(buf, name) == 0)
      return i;
  return -1;
}
