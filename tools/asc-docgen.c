/* asc-docgen - write docs/ops.md, the op reference, from the op tables.
 *
 *   asc-docgen [output.md]        (stdout when no file is given)
 *
 * Reads only src/ops/ops.def, enums.def, structs.def and src/emit/ascendc.def (X-macros), so the reference is
 * generated from the same lines the parser, verifier and simulator are built from.
 * The build runs it into build/docs/ops.md; `make docs` copies that into docs/ops.md.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ops/registry.h"

typedef struct DocOp {
  const char *name, *family, *pipe, *cost, *operands, *results;
  const char *reads, *writes; /* operand names, space-separated */
  int nregions;
  unsigned flags;
  const char *attrs, *dtypes, *doc;
} DocOp;

static const DocOp ops[] = {
#define OP(id, name, fam, pipe, cost, opnds, res, rd, wr, nreg, flags, attrs, dtypes, exec, doc) \
  {name, #fam, #pipe, #cost, opnds, res, rd, wr, nreg, flags, attrs, dtypes, doc},
#include "ops/ops.def"
#undef OP
};
_Static_assert(sizeof ops / sizeof ops[0] == ASC_OP_COUNT, "docgen sees every op of ops.def");

/* The Ascend C spelling of each op (src/emit/ascendc.def; docs/emit.md). */
typedef struct DocEmit {
  const char *kind, *name, *targs;
} DocEmit;
static const DocEmit emits[ASC_OP_COUNT] = {
#define ASCENDC(id, kind, name, targs, args) [ASC_OP_##id] = {#kind, name, targs},
#include "emit/ascendc.def"
#undef ASCENDC
};

typedef struct DocEnum {
  const char *kind, *mnemonic;
} DocEnum;
typedef struct DocEnumVal {
  const char *kind, *name;
  long value;
} DocEnumVal;

static const DocEnum enum_kinds[] = {
#define ENUM_KIND(id, mn) {#id, mn},
#define ENUM_VAL(kind, name, value)
#include "ops/enums.def"
#undef ENUM_KIND
#undef ENUM_VAL
};
static const DocEnumVal enum_vals[] = {
#define ENUM_KIND(id, mn)
#define ENUM_VAL(kind, name, value) {#kind, #name, value},
#include "ops/enums.def"
#undef ENUM_KIND
#undef ENUM_VAL
};

/* The struct rows and their field rows in one list: a field row has a struct name (st). */
typedef struct DocStruct {
  const char *st, *name, *dflt;
} DocStruct;
static const DocStruct structs[] = {
#define STRUCT(id, name) {NULL, #name, NULL},
#define FIELD(st, name, dflt) {#st, #name, #dflt},
#include "ops/structs.def"
#undef STRUCT
#undef FIELD
};

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

/* Family tokens of ops.def and the section titles they get. */
static const struct {
  const char *token, *title, *blurb;
} families[] = {
    {"FUNC", "Module and functions", "Containers, calls and returns."},
    {"SCF", "Structured control flow", "Loops and conditionals; each region holds one block."},
    {"ARITH", "Scalar arithmetic", "Scalar integer and float operations on the scalar unit."},
    {"RESOURCE", "Resources and tensors",
     "TPipe, TQue, TBuf, queue operations, global and local tensor views."},
    {"SCALAR", "Scalar access and core ids", "Single-element tensor access and block ids."},
    {"COPY", "Data movement", "Copies between GM and the on-chip buffers (MTE2 in, MTE3 out)."},
    {"VECTOR", "Vector compute", "Element-wise and reduction instructions of PIPE_V."},
    {"SYNC", "Synchronization", "Event flags and pipe barriers."},
    {"XCORE", "Cross-core synchronization and atomics",
     "Flags between cores, barriers over the launch, GM workspace handshakes, atomic GM stores."},
    {"CUBE", "The cube unit",
     "GM -> L1 (ND -> Nz), L1 -> L0A/L0B fractals (load_data), mmad into L0C, fixpipe L0C -> GM/L1, their registers."},
};

static const struct {
  const char *token, *text;
} pipes[] = {
    {"NONE", "-"}, /* a pipe token (S, V, MTE2, ...) is printed as it is */
    {"COPY", "from operands"},
    {"EVT_SRC", "event source"},
    {"EVT_DST", "event destination"},
    {"ATTR", "`pipe` attr"},
};

static const char *pipe_text(const char *token) {
  for (size_t i = 0; i < COUNT(pipes); i++)
    if (!strcmp(pipes[i].token, token))
      return pipes[i].text;
  return token;
}

/* Table cell text: '|' would end the cell, so escape it. */
static void cell(FILE *f, const char *s) {
  for (; *s; s++) {
    if (*s == '|')
      fputc('\\', f);
    fputc(*s, f);
  }
}

/* A cell in code style, or "-" when empty. */
static void code_cell(FILE *f, const char *s) {
  if (!*s) {
    fputs("-", f);
    return;
  }
  fputc('`', f);
  cell(f, s);
  fputc('`', f);
}

/* The operands named in `names` (ops.def's reads / writes column) as "`src0`, `src1`"; "-" for none. */
static void names_cell(FILE *f, const char *names) {
  int first = 1;
  for (const char *p = names + strspn(names, " "); *p; p += strspn(p, " ")) {
    size_t n = strcspn(p, " ");
    fprintf(f, first ? "`%.*s`" : ", `%.*s`", (int)n, p);
    first = 0;
    p += n;
  }
  if (first)
    fputs("-", f);
}

/* "ELEMENTWISE" as "elementwise". */
static void cost_cell(FILE *f, const char *cost) {
  for (const char *p = cost; *p; p++)
    fputc(*p >= 'A' && *p <= 'Z' ? *p + 32 : *p, f);
}

typedef struct DocForm {
  int base, form;
  const char *kind;
} DocForm;

static const DocForm forms[] = {
#define OP(id, name, fam, pipe, cost, opnds, res, rd, wr, nreg, flags, attrs, dtypes, exec, doc)
#define FORM(base, kind, form) {ASC_OP_##base, ASC_OP_##form, #kind},
#include "ops/ops.def"
#undef FORM
#undef OP
};

static void flags_cell(FILE *f, const DocOp *op) {
  static const struct {
    unsigned bit;
    const char *name;
  } names[] = {{ASC_F_PURE, "pure"}, {ASC_F_TERM, "terminator"}, {ASC_F_ISOLATED, "isolated"},
               {ASC_F_CONST, "constant"}, {ASC_F_FOLDED, "folded"}, {ASC_F_TRAPS, "traps"}};
  int n = 0;
  for (size_t i = 0; i < COUNT(names); i++)
    if (op->flags & names[i].bit)
      fprintf(f, n++ ? ", %s" : "%s", names[i].name);
  if (op->nregions)
    fprintf(f, n++ ? ", %d region%s" : "%d region%s", op->nregions, op->nregions > 1 ? "s" : "");
  if (!n)
    fputs("-", f);
}

/* `AscendC::Add<...>()`, `.EnQue()` (a member of operand 0), a declaration, an expression, or why none. */
static void emit_cell(FILE *f, const DocEmit *e) {
  if (!e->kind) {
    fputs("(no row)", f);
  } else if (!strcmp(e->kind, "NONE")) {
    fputs("none: ", f);
    cell(f, e->name);
  } else if (!strcmp(e->kind, "CUSTOM")) {
    fputs("(emitter: ", f);
    cell(f, e->name);
    fputc(')', f);
  } else {
    fputc('`', f);
    if (!strcmp(e->kind, "MEMBER"))
      fputc('.', f);
    cell(f, e->name);
    if (!strcmp(e->kind, "FREE") || !strcmp(e->kind, "MEMBER"))
      fputs(*e->targs ? "<...>()" : "()", f);
    else if (!strcmp(e->kind, "CTOR"))
      fputs(" v", f);
    fputc('`', f);
  }
}

static void op_row(FILE *f, const DocOp *op) {
  fprintf(f, "| `%s`", op->name);
  int nf = 0;
  for (size_t i = 0; i < COUNT(forms); i++)
    if (&ops[forms[i].base] == op)
      fprintf(f, "%s`%s`", nf++ ? ", " : " (forms: ", ops[forms[i].form].name);
  fprintf(f, "%s | %s | ", nf ? ")" : "", pipe_text(op->pipe));
  cost_cell(f, op->cost);
  fputs(" | ", f);
  code_cell(f, op->operands);
  fputs(" | ", f);
  code_cell(f, op->results);
  fputs(" | ", f);
  names_cell(f, op->reads);
  fputs(" | ", f);
  names_cell(f, op->writes);
  fputs(" | ", f);
  flags_cell(f, op);
  fputs(" | ", f);
  code_cell(f, op->attrs);
  fputs(" | ", f);
  cell(f, *op->dtypes ? op->dtypes : "any");
  fputs(" | ", f);
  emit_cell(f, &emits[op - ops]);
  fputs(" | ", f);
  cell(f, op->doc);
  fputs(" |\n", f);
}

static void family_section(FILE *f, size_t fam) {
  int n = 0;
  for (size_t i = 0; i < COUNT(ops); i++)
    n += !strcmp(ops[i].family, families[fam].token);
  if (!n)
    return;
  fprintf(f, "\n## %s (`%s`, %d ops)\n\n%s\n\n", families[fam].title, families[fam].token, n,
          families[fam].blurb);
  fputs("| op | pipe | cost | operands | results | reads | writes | flags | attrs | dtypes | Ascend C | semantics |\n"
        "|---|---|---|---|---|---|---|---|---|---|---|---|\n",
        f);
  for (size_t i = 0; i < COUNT(ops); i++)
    if (!strcmp(ops[i].family, families[fam].token))
      op_row(f, &ops[i]);
}

static void enums_section(FILE *f) {
  fputs("\n## Enumerations (`src/ops/enums.def`)\n\n"
        "Enum attributes print as `#asc.<kind><NAME>`, e.g. `#asc.event<MTE2_V>`; the values are "
        "pyasc's.\n",
        f);
  for (size_t k = 0; k < COUNT(enum_kinds); k++) {
    fprintf(f, "\n### `%s`\n\n", enum_kinds[k].mnemonic);
    int n = 0;
    for (size_t i = 0; i < COUNT(enum_vals); i++)
      if (!strcmp(enum_vals[i].kind, enum_kinds[k].kind))
        fprintf(f, "%s`%s` = %ld", n++ ? ", " : "", enum_vals[i].name, enum_vals[i].value);
    fputs("\n", f);
  }
}

static void structs_section(FILE *f) {
  fputs("\n## Parameter structs (`src/ops/structs.def`)\n\n"
        "Built in-kernel by `asc.struct`, fields in declaration order; the type is "
        "`!asc.struct<Name>`.\n\n"
        "| struct | fields (= default) |\n|---|---|\n",
        f);
  for (size_t i = 0; i < COUNT(structs); i++) {
    if (!structs[i].st) {
      fprintf(f, "%s| `%s` | ", i ? " |\n" : "", structs[i].name);
      continue;
    }
    fprintf(f, "%s%s=%s", structs[i - 1].st ? ", " : "", structs[i].name, structs[i].dflt);
  }
  fputs(" |\n", f);
}

/* ---- the hardware table (src/hw/hw.def) ---- */
#define HW_AIV 1u
#define HW_AIC 2u
enum { AIV = HW_AIV, AIC = HW_AIC };

static const char *cores_text(unsigned m) {
  return m == (AIV | AIC) ? "AIV, AIC" : m == AIV ? "AIV" : m == AIC ? "AIC" : "shared";
}

static void hardware_section(FILE *f) {
  fputs("\n## Hardware (`src/hw/hw.def`)\n\n"
        "The machine the simulator, auto-sync, verify-sync and the front-end read (arch 2201; "
        "hardware.md). Nothing else decodes an event, position or pipe name.\n\n"
        "### Core kinds\n\n| core | has |\n|---|---|\n", f);
#define HW_CORE(id, name, doc) fprintf(f, "| %s | %s |\n", name, doc);
#include "hw/hw.def"
  fputs("\n### Pipes\n\n| pipe | cores | trace row | runs |\n|---|---|---|---|\n", f);
#define HW_PIPE(arch, pipe, cores, row, col, doc) HW_IN_ARCH(arch, \
  fprintf(f, "| `PIPE_" #pipe "` | %s | %s | %s |\n", cores_text(cores), row, doc);)
#include "hw/hw.def"
  fputs("\n### Memories\n\n| memory | Hardware enum | cores | KiB | alignment (B) | notes |\n"
        "|---|---|---|---|---|---|\n", f);
#define HW_MEM(arch, id, hw, cores, kib, align, doc) HW_IN_ARCH(arch, \
  fprintf(f, "| %s | %d | %s | %s%.0d | %d | %s |\n", #id, hw, cores_text(cores), (kib) ? "" : "-", \
  kib, align, doc);)
#include "hw/hw.def"
  fputs("\n### HardEvents\n\n| event | source pipe | destination pipe | AIV slot | AIC slot |\n"
        "|---|---|---|---|---|\n", f);
#define HW_EVENT(arch, event, value, src, dst, aiv, aic) HW_IN_ARCH(arch, \
  fprintf(f, "| `" #event "` | `PIPE_" #src "` | `PIPE_" #dst "` | %s%.0d | %s%.0d |\n", \
  (aiv) < 0 ? "-" : (aiv) == 0 ? "0" : "", (aiv) > 0 ? (aiv) : 0, \
  (aic) < 0 ? "-" : (aic) == 0 ? "0" : "", (aic) > 0 ? (aic) : 0);)
#include "hw/hw.def"
  fputs("\n### TPositions\n\n| position | memory | queue producer | queue consumer |\n"
        "|---|---|---|---|\n", f);
#define HW_POS(arch, pos, value, mem, w, r) HW_IN_ARCH(arch, \
  fprintf(f, "| `%s` | %s | %s | %s |\n", #pos, #mem, #w, #r);)
#include "hw/hw.def"
  fputs("\n### Copy paths\n\n| from | to | pipe |\n|---|---|---|\n", f);
#define HW_COPY(arch, s, d, pipe) HW_IN_ARCH(arch, fprintf(f, "| %s | %s | %s |\n", #s, #d, #pipe);)
#include "hw/hw.def"
  fputs("\n### Platforms and costs\n\n| platform | AIC | AIV | MHz | GM B/cycle (AIV read / AIV write / AIC / chip) | "
        "vector cycles (instruction / repeat) | cube MACs/cycle | source |\n|---|---|---|---|---|---|---|---|\n", f);
#define HW_PLATFORM(arch, name, aic, aiv, mhz, est, gc, gw, ga, gch, vi, vr, cm, doc) HW_IN_ARCH(arch, \
  fprintf(f, "| %s | %d | %d | %d%s | %.0f / %.0f / %.0f / %.0f | %d / %d | %d | %s |\n", name, aic, aiv, mhz, \
  (est) ? " (est.)" : "", gc, gw, ga, gch, vi, vr, cm, doc);)
#include "hw/hw.def"
  fputs("\n### Vector cost classes\n\nA PIPE_V instruction occupies its pipe repeats x factor x beats x the "
        "platform's vector cycles per repeat; an op's class is its `cost` column.\n\n"
        "| class | factor | source |\n|---|---|---|\n", f);
#define HW_VCLASS(arch, cls, factor, doc) HW_IN_ARCH(arch, fprintf(f, "| `%s` | %d | %s |\n", #cls, factor, doc);)
#include "hw/hw.def"
  fputs("\n### Timing constants\n\nThe architecture's timing constants (docs/timing.md states the model).\n\n"
        "| constant | value | unit | source |\n|---|---|---|---|\n", f);
#define HW_COST(arch, name, value, unit, source) HW_IN_ARCH(arch, \
  fprintf(f, "| `%s` | %d | %s | %s |\n", #name, value, unit, source);)
#include "hw/hw.def"
}

static void header(FILE *f) {
  fprintf(f,
          "<!-- GENERATED by tools/asc-docgen from src/ops/ops.def, enums.def, structs.def and src/hw/hw.def.\n"
          "     Do not edit: change the tables and run `make docs`. -->\n"
          "# openasc op reference\n\n"
          "%d ops.  Every op is one line of `src/ops/ops.def`; this page is generated from it.\n"
          "The pyasc API functions that emit them, each with its status (implemented, not available\n"
          "on the platform and why, not implemented yet): [api-status.md](api-status.md), generated too.\n"
          "How to read the columns (see `docs/ir.md` for the IR text format):\n\n"
          "- **pipe**: the pipe the op is issued to. *from operands*: chosen by the memory\n"
          "  positions of the tensors (GM to local: MTE2, local to GM: MTE3, local to local: V);\n"
          "  *event source/destination*: from the `event` attribute; *`pipe` attr*: from the\n"
          "  `pipe` attribute; `-`: not issued to a pipe.\n"
          "- **op**: the op's name, and its level-0 forms (ops.def `FORM` rows).\n"
          "- **cost**: its cost class (`src/ops/costs.def`); a vector class's cycles per repeat\n"
          "  are `HW_VCLASS` rows of `src/hw/hw.def`.\n"
          "- **operands**: `name=constraint`, one per operand (the names are pyasc's parameter\n"
          "  names; messages name operands by them); **results**: constraints.  Constraints: `i1 i32 i64\n"
          "  index int intidx float num any gm gt lt tensor que tbuf pipe func struct:<Name> count`;\n"
          "  `count` is an i32 element count that bounds every tensor operand (auto-sync and\n"
          "  verify-sync take each tensor's extent from it; without one, whole tensors).\n"
          "  `$x` binds the whole type to variable x, `@x` binds the element type (a scalar's own\n"
          "  type); operands with the same variable must agree. A `?` prefix makes the\n"
          "  constraint optional, `*` makes it variadic.\n"
          "- **reads**, **writes**: the operands whose memory the op reads / writes.\n"
          "- **flags**: *pure* (no side effect: CSE and DCE may act), *terminator*, *isolated*\n"
          "  (regions see no outer values), *constant*, *folded* (no device instruction of its own: a cast\n"
          "  the device's compiler folds into its users; the timing model charges it nothing), *traps* (may\n"
          "  trap at run time: not hoisted out of a branch), and the number of regions.\n"
          "- **attrs**: `name:kind` required, `name?:kind` optional; kinds `int float bool str type\n"
          "  sym unit any` or an enum kind (`event pos pipe round`).\n"
          "- **dtypes**: element types allowed for the tensor operands.\n"
          "- **semantics**: register-transfer notation; `n` is the element count operand.\n",
          (int)COUNT(ops));
}

/* Every op must land in a section: a family added to ops.def needs a title here. */
static int check_families(void) {
  int bad = 0;
  for (size_t i = 0; i < COUNT(ops); i++) {
    size_t k = 0;
    while (k < COUNT(families) && strcmp(ops[i].family, families[k].token))
      k++;
    if (k == COUNT(families)) {
      fprintf(stderr, "asc-docgen: error: family %s of op %s has no section; add it to "
                      "families[] in tools/asc-docgen.c\n", ops[i].family, ops[i].name);
      bad = 1;
    }
  }
  return bad;
}

int main(int argc, char **argv) {
  FILE *f = stdout;
  if (check_families())
    return 1;
  if (argc > 2 || (argc == 2 && argv[1][0] == '-')) {
    fprintf(stderr, "usage: asc-docgen [output.md]\n");
    return 2;
  }
  if (argc == 2 && !(f = fopen(argv[1], "w"))) {
    fprintf(stderr, "asc-docgen: error: cannot write '%s': %s\n", argv[1], strerror(errno));
    return 1;
  }
  header(f);
  for (size_t i = 0; i < COUNT(families); i++)
    family_section(f, i);
  enums_section(f);
  structs_section(f);
  hardware_section(f);
  if (f != stdout ? fclose(f) != 0 : fflush(f) != 0) {
    fprintf(stderr, "asc-docgen: error: writing the output failed\n");
    return 1;
  }
  return 0;
}
