/* ops-access-gen - the reads / writes columns of src/ops/ops.def as operand bit sets.
 *
 *   ops-access-gen > ops_access.h
 *
 * In ops.def an op names the operands whose memory it reads and writes ("src0 src1", "dst"); the
 * registry, auto-sync and the sanitizers want bit sets (ARG(i) = operand i).  This program, built and
 * run by the build (CMakeLists.txt), resolves each name against the op's operand signature and prints
 * ASC_ACC_RD_<id> / ASC_ACC_WR_<id> for src/ops/registry.c, so the positions come from the names
 * (one source of truth).  ASC_ACC_CNT_<id> is the index of the operand whose constraint is `count`
 * (the extent of every tensor operand; -1: whole tensors).  A variadic operand's name covers every value it takes (bits from its index
 * up).  A name that is not an operand of the op fails the build, naming the op and the name.
 * ASC_OPND_<id>_<name> is the index of each named operand (a variadic one: its first value), so passes
 * and the simulator reach operands by name: op->operands[ASC_OPND_ADD_src0], sim_in(c, in, ASC_OPND_ADD_src0).
 *
 * With --builders it prints gen/ops_build.h instead (included by src/ir/build.h): one typed builder
 * per op, asc_build_<op>(b, operands by name[, result type]) for every op whose operands are neither
 * optional nor variadic and that has at most one result and no region, and per parameter struct
 * (structs.def) a struct of its fields by name, asc_<Name>_fields, and asc_build_<Name>(b, fields),
 * which puts them in declaration order (a field left NULL gets its default as an i32 constant).
 *
 * Reads only the table (like asc-docgen), not the library. */
#include <stdio.h>
#include <string.h>

typedef struct row {
  const char *id, *name, *operands, *reads, *writes, *results;
  int nregions;
} row;

static const row rows[] = {
#define OP(id, name, fam, pipe, cost, opnds, res, rd, wr, nreg, flags, attrs, dtypes, exec, doc) \
  {#id, name, opnds, rd, wr, res, nreg},
#include "ops/ops.def"
#undef OP
};

/* structs.def as rows: a STRUCT row has field NULL. */
typedef struct srow {
  const char *sid, *sname, *field;
  long long dflt;
} srow;

static const srow srows[] = {
#define STRUCT(id, name) {#id, #name, NULL, 0},
#define FIELD(st, name, dflt) {NULL, #st, #name, (long long)(dflt)},
#include "ops/structs.def"
#undef STRUCT
#undef FIELD
};

/* Index of operand `name` (n bytes) in signature sig, and in *variadic whether it is variadic; -1 if
 * the op has no such operand. */
static int operand(const char *sig, const char *name, size_t n, int *variadic) {
  int i = 0;
  for (const char *t = sig; *t; i++) {
    size_t len = strcspn(t, ","), eq = strcspn(t, "=,");
    if (eq == n && eq < len && !memcmp(t, name, n)) {
      *variadic = t[eq + 1] == '*';
      return i;
    }
    t += len;
    if (*t == ',')
      t++;
  }
  return -1;
}

/* Index of the operand whose constraint is exactly `count`, or -1. */
static int countoperand(const char *sig) {
  int i = 0;
  for (const char *t = sig; *t; i++) {
    size_t len = strcspn(t, ","), eq = strcspn(t, "=,");
    const char *c = eq < len ? t + eq + 1 : t;
    if (t + len - c == 5 && !memcmp(c, "count", 5))
      return i;
    t += len;
    if (*t == ',')
      t++;
  }
  return -1;
}

/* The bit set of the operands named in list (space-separated); -1 after a message. */
static long long bits(const row *r, const char *col, const char *list) {
  unsigned long long b = 0;
  for (const char *p = list; *p;) {
    p += strspn(p, " ");
    size_t n = strcspn(p, " ");
    if (!n)
      break;
    int variadic = 0, i = operand(r->operands, p, n, &variadic);
    if (i < 0 || i >= 32) {
      fprintf(stderr, "src/ops/ops.def: %s: %s names '%.*s', which is not one of its first 32 operands (%s)\n",
              r->name, col, (int)n, p, r->operands);
      return -1;
    }
    b |= variadic ? 0xFFFFFFFFull << i & 0xFFFFFFFFull : 1ull << i;
    p += n;
  }
  return (long long)b;
}

/* #define ASC_OPND_<id>_<name> <index> for every operand of r's signature. */
static void operandnames(const row *r) {
  int i = 0;
  for (const char *t = r->operands; *t; i++) {
    size_t len = strcspn(t, ","), eq = strcspn(t, "=,");
    if (eq < len)
      printf("#define ASC_OPND_%s_%.*s %d\n", r->id, (int)eq, t, i);
    t += len;
    if (*t == ',')
      t++;
  }
}

/* r's builder, or nothing when an operand is optional or variadic, or it has regions or several results. */
static void builder(const row *r) {
  if (strchr(r->operands, '?') || strchr(r->operands, '*') || strchr(r->results, ',') || r->nregions)
    return;
  char lower[64];
  size_t k = 0;
  for (; r->id[k] && k + 1 < sizeof lower; k++)
    lower[k] = (char)(r->id[k] >= 'A' && r->id[k] <= 'Z' ? r->id[k] - 'A' + 'a' : r->id[k]);
  lower[k] = 0;
  printf("/* %s */\nstatic inline asc_op *asc_build_%s(asc_builder *b", r->name, lower);
  int n = 0;
  for (const char *t = r->operands; *t; n++) {
    size_t len = strcspn(t, ","), eq = strcspn(t, "=,");
    printf(", asc_value *%.*s", (int)(eq < len ? eq : len), t);
    t += len;
    if (*t == ',')
      t++;
  }
  printf(*r->results ? ", const asc_type *rt) {\n" : ") {\n");
  if (n) {
    printf("  asc_value *ops[] = {");
    int i = 0;
    for (const char *t = r->operands; *t; i++) {
      size_t len = strcspn(t, ","), eq = strcspn(t, "=,");
      printf("%s%.*s", i ? ", " : "", (int)(eq < len ? eq : len), t);
      t += len;
      if (*t == ',')
        t++;
    }
    printf("};\n");
  }
  printf("  return asc_b_op(b, ASC_OP_%s, %s, %d, %s);\n}\n", r->id, n ? "ops" : "NULL", n, *r->results ? "rt" : "NULL");
}

/* The fields-by-name struct and builder of the struct whose STRUCT row is srows[i]. */
static void structbuilder(size_t i) {
  const srow *s = &srows[i];
  size_t n = 0;
  while (i + 1 + n < sizeof srows / sizeof srows[0] && srows[i + 1 + n].field)
    n++;
  printf("typedef struct asc_%s_fields {\n", s->sname);
  for (size_t f = 0; f < n; f++)
    printf("  asc_value *%s;\n", srows[i + 1 + f].field);
  printf("} asc_%s_fields;\n", s->sname);
  printf("static inline asc_value *asc_build_%s(asc_builder *b, asc_%s_fields f) {\n", s->sname, s->sname);
  printf("  asc_value *v[] = {");
  for (size_t f = 0; f < n; f++) {
    const srow *fr = &srows[i + 1 + f];
    printf("%s\n      f.%s ? f.%s : asc_b_i32(b, %lld)", f ? "," : "", fr->field, fr->field, fr->dflt);
  }
  printf("};\n  return asc_b_struct(b, ASC_STRUCT_%s, v, %zu);\n}\n", s->sid, n);
}

static int builders(void) {
  printf("/* GENERATED by tools/ops-access-gen --builders from src/ops/ops.def and structs.def: a typed\n"
         " * builder per op (operands by their ops.def names) and per parameter struct (fields by name).\n"
         " * Included by src/ir/build.h.  Do not edit. */\n");
  for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++)
    builder(&rows[i]);
  for (size_t i = 0; i < sizeof srows / sizeof srows[0]; i++)
    if (!srows[i].field)
      structbuilder(i);
  return 0;
}

int main(int argc, char **argv) {
  if (argc > 1 && !strcmp(argv[1], "--builders"))
    return builders();
  printf("/* GENERATED by tools/ops-access-gen from src/ops/ops.def: the reads / writes columns (operand\n"
         " * names) as bit sets, ARG(i) = operand i, and each named operand's index.  Do not edit. */\n");
  for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
    long long rd = bits(&rows[i], "reads", rows[i].reads), wr = bits(&rows[i], "writes", rows[i].writes);
    if (rd < 0 || wr < 0)
      return 1;
    printf("#define ASC_ACC_RD_%s 0x%08llxu\n#define ASC_ACC_WR_%s 0x%08llxu\n", rows[i].id, rd, rows[i].id, wr);
    printf("#define ASC_ACC_CNT_%s %d\n", rows[i].id, countoperand(rows[i].operands));
    operandnames(&rows[i]);
  }
  return 0;
}
