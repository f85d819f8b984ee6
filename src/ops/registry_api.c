/* registry_api.c - the op registry, enums and parameter structs through the public C API
 * (asc.h), so bindings (the Python front-end) build their API surface from the one table. */
#include <string.h>

#include "asc/asc.h"
#include "ops/registry.h"

int asc_reg_op_count(void) { return ASC_OP_COUNT; }

int asc_reg_op_find(const char *name) { return name ? (int)asc_op_lookup(name, strlen(name)) : ASC_OP_COUNT; }

static const char *famnames[] = {"func", "scf", "arith", "resource", "scalar", "copy", "vector", "sync"};

int asc_reg_op_info(int i, asc_reg_opinfo *out) {
  if (i < 0 || i >= ASC_OP_COUNT || !out)
    return -1;
  const asc_opinfo *o = &asc_opinfos[i];
  out->name = o->name;
  out->family = famnames[o->family];
  out->operands = o->operands;
  out->results = o->results;
  out->attrs = o->attrs;
  out->dtypes = o->dtypes;
  out->doc = o->doc;
  out->reads = o->reads;
  out->writes = o->writes;
  out->nregions = o->nregions;
  out->flags = o->flags;
  return 0;
}

int asc_reg_enum_count(void) { return ASC_ENUM_COUNT; }

const char *asc_reg_enum_kind(int kind) { return kind >= 0 && kind < ASC_ENUM_COUNT ? asc_enum_kind_name(kind) : NULL; }

typedef struct regenum {
  int kind;
  const char *name;
  int64_t value;
} regenum;

static const regenum regenums[] = {
#define ENUM_KIND(id, mn)
#define ENUM_VAL(kind, name, value) {ASC_ENUM_##kind, #name, value},
#include "ops/enums.def"
#undef ENUM_KIND
#undef ENUM_VAL
};

int asc_reg_enum_member(int kind, int j, const char **name, int64_t *value) {
  int seen = 0;
  for (size_t i = 0; i < sizeof regenums / sizeof regenums[0]; i++) {
    if (regenums[i].kind != kind)
      continue;
    if (seen++ == j) {
      *name = regenums[i].name;
      *value = regenums[i].value;
      return 0;
    }
  }
  return -1;
}

int asc_reg_struct_count(void) { return ASC_STRUCT_COUNT; }
