/* test_ir.c - the IR core: types, attributes, registry tables, builder, printer, diagnostics. */
#include <stdlib.h>
#include <string.h>

#include "ir/ir.h"
#include "ops/hw_ir.h"
#include "ops_access.h" /* generated: ASC_OPND_<op>_<operand> */
#include "ops/registry.h"
#include "test.h"

static char *typetext(const asc_type *t) {
  asc_strbuf sb;
  asc_sb_init(&sb);
  asc_type_print(t, &sb);
  return sb.data;
}

#define CHECK_TYPE(t, text)  \
  do {                       \
    char *s_ = typetext(t);  \
    CHECK_STR(s_, text);     \
    free(s_);                \
  } while (0)

TEST(types_are_interned) {
  asc_ctx *ctx = asc_ctx_new();
  const asc_type *f16 = asc_type_float(ctx, 16, false);
  CHECK(asc_type_int(ctx, 32, false) == asc_type_int(ctx, 32, false));
  CHECK(asc_type_int(ctx, 32, false) != asc_type_int(ctx, 32, true));
  CHECK(asc_type_float(ctx, 16, true) != f16);
  int64_t shape[2] = {16, 32};
  CHECK(asc_type_ltensor(ctx, f16, shape, 2, ASC_POS_VECIN) ==
        asc_type_ltensor(ctx, f16, shape, 2, ASC_POS_VECIN));
  CHECK(asc_type_ltensor(ctx, f16, shape, 2, ASC_POS_VECIN) !=
        asc_type_ltensor(ctx, f16, shape, 1, ASC_POS_VECIN));
  asc_ctx_free(ctx);
}

TEST(type_printing) {
  asc_ctx *ctx = asc_ctx_new();
  const asc_type *f16 = asc_type_float(ctx, 16, false), *i32 = asc_type_int(ctx, 32, false);
  int64_t shape[2] = {16, 32};
  CHECK_TYPE(asc_type_int(ctx, 8, true), "ui8");
  CHECK_TYPE(asc_type_float(ctx, 16, true), "bf16");
  CHECK_TYPE(asc_type_index(ctx), "index");
  CHECK_TYPE(asc_type_gm(ctx, f16), "!asc.gm_ptr<f16>");
  CHECK_TYPE(asc_type_ltensor(ctx, f16, NULL, 0, -1), "!asc.local_tensor<f16>");
  CHECK_TYPE(asc_type_ltensor(ctx, f16, shape, 2, ASC_POS_VECOUT), "!asc.local_tensor<16x32xf16, VECOUT>");
  CHECK_TYPE(asc_type_queue(ctx, ASC_POS_VECIN, ASC_POS_VECIN, 2), "!asc.queue<VECIN, 2>");
  CHECK_TYPE(asc_type_queue(ctx, ASC_POS_VECIN, ASC_POS_VECOUT, 0), "!asc.queue<VECIN, VECOUT, 0>");
  CHECK_TYPE(asc_type_tbuf(ctx, ASC_POS_VECCALC), "!asc.tbuf<VECCALC>");
  CHECK_TYPE(asc_type_struct(ctx, ASC_STRUCT_DATA_COPY), "!asc.struct<DataCopyParams>");
  const asc_type *ins[2] = {i32, f16};
  CHECK_TYPE(asc_type_func(ctx, ins, 2, NULL, 0), "(i32, f16) -> ()");
  CHECK_TYPE(asc_type_func(ctx, ins, 0, ins, 1), "() -> i32");
  CHECK_TYPE(asc_type_func(ctx, ins, 1, ins, 2), "(i32) -> (i32, f16)");
  asc_ctx_free(ctx);
}

static char *attrtext(const asc_attr *a) {
  asc_strbuf sb;
  asc_sb_init(&sb);
  asc_attr_print(a, &sb);
  return sb.data;
}

#define CHECK_ATTR(a, text)  \
  do {                       \
    char *s_ = attrtext(a);  \
    CHECK_STR(s_, text);     \
    free(s_);                \
  } while (0)

TEST(float_attrs_print_shortest_with_a_dot) {
  asc_ctx *ctx = asc_ctx_new();
  asc_module *m = asc_module_new(ctx);
  const asc_type *f32 = asc_type_float(ctx, 32, false), *f64 = asc_type_float(ctx, 64, false);
  CHECK_ATTR(asc_attr_float(m, f32, 1.0), "1.0 : f32");
  CHECK_ATTR(asc_attr_float(m, f32, 0.5), "0.5 : f32");
  CHECK_ATTR(asc_attr_float(m, f32, (float)0.1), "0.1 : f32");
  CHECK_ATTR(asc_attr_float(m, f64, 0.1), "0.1 : f64");
  CHECK_ATTR(asc_attr_float(m, f64, 1e20), "1.0e+20 : f64");
  CHECK_ATTR(asc_attr_float(m, f64, -0.0), "-0.0 : f64");
  CHECK_ATTR(asc_attr_float(m, f32, 1.0 / 0.0), "0x7F800000 : f32");
  CHECK_ATTR(asc_attr_float(m, asc_type_float(ctx, 16, false), -1.0 / 0.0), "0xFC00 : f16");
  asc_module_free(m);
  asc_ctx_free(ctx);
}

TEST(other_attrs) {
  asc_ctx *ctx = asc_ctx_new();
  asc_module *m = asc_module_new(ctx);
  CHECK_ATTR(asc_attr_int(m, asc_type_int(ctx, 32, false), -7), "-7 : i32");
  CHECK_ATTR(asc_attr_int(m, asc_type_int(ctx, 8, true), -1), "255 : ui8");
  CHECK_ATTR(asc_attr_enum(m, ASC_ENUM_EVENT, ASC_EVENT_MTE2_V), "#asc.event<MTE2_V>");
  CHECK_ATTR(asc_attr_enum(m, ASC_ENUM_PIPEID, 1), "#asc.pipe<PIPE_V>");
  CHECK_ATTR(asc_attr_enum(m, ASC_ENUM_EVENT, 99), "#asc.event<99>");
  CHECK_ATTR(asc_attr_str(m, "a\"b\n", 4), "\"a\\\"b\\0A\"");
  CHECK_ATTR(asc_attr_sym(m, "kernel"), "@kernel");
  CHECK_ATTR(asc_attr_sym(m, "has space"), "@\"has space\"");
  asc_attr *elems[2] = {asc_attr_bool(m, true), asc_attr_bool(m, false)};
  CHECK_ATTR(asc_attr_array(m, elems, 2), "[true, false]");
  CHECK(asc_attr_equal(asc_attr_float(m, NULL, 0.0), asc_attr_float(m, NULL, 0.0)));
  CHECK(!asc_attr_equal(asc_attr_float(m, NULL, 0.0), asc_attr_float(m, NULL, -0.0)));
  asc_module_free(m);
  asc_ctx_free(ctx);
}

/* Named operands (issue 14): names come from ops.def's name=constraint tokens; the expected values
 * are pyasc's parameter names (Add(dst, src0, src1, count), WholeReduceSum(dst, src, mask, repeat_time,
 * dst_rep_stride, src_blk_stride, src_rep_stride)), not read back from the table under test. */
TEST(registry_operand_names) {
  char buf[32];
  static const char *const add[] = {"dst", "src0", "src1", "count"};
  for (int i = 0; i < 4; i++) {
    CHECK_INT(asc_op_operand_name(ASC_OP_ADD, i, buf, sizeof buf), 0);
    CHECK_STR(buf, add[i]);
  }
  CHECK_INT(asc_op_operand_name(ASC_OP_ADD, 4, buf, sizeof buf), -1);
  static const char *const wr[] = {"dst", "src", "mask", "repeat_time", "dst_rep_stride", "src_blk_stride",
                                   "src_rep_stride"};
  for (int i = 0; i < 7; i++) {
    CHECK_INT(asc_op_operand_name(ASC_OP_WHOLE_REDUCE_SUM_MASK, i, buf, sizeof buf), 0);
    CHECK_STR(buf, wr[i]);
  }
  CHECK_INT(asc_op_operand_index(ASC_OP_ADD_MASK, "repeat_params"), 5);
  CHECK_INT(asc_op_operand_index(ASC_OP_ADD, "nope"), -1);
  /* a variadic operand names every index it covers */
  CHECK_INT(asc_op_operand_name(ASC_OP_RETURN, 3, buf, sizeof buf), 0);
  CHECK_INT(asc_op_operand_name(ASC_OP_RETURN, 0, buf + 16, 16), 0);
  CHECK_STR(buf, buf + 16);
  CHECK_STR(asc_op_operand_label(ASC_OP_DATA_COPY, 2, buf, sizeof buf), "operand 'count'");
  CHECK_INT(asc_op_count_operand(ASC_OP_ADD), 3);
  CHECK_INT(asc_op_count_operand(ASC_OP_ADD_MASK), -1);
  /* the constraint without its name, and the fewest operands */
  const char *c;
  size_t n;
  CHECK_INT(asc_sig_constraint(asc_opinfo_of(ASC_OP_ADD)->operands, 1, &c, &n), 0);
  CHECK(n == 4 && !memcmp(c, "lt@t", 4));
  CHECK_INT(asc_sig_min("a=i32,b=?i32,c=*any"), 1);
  CHECK_INT(asc_sig_min("i32,?i32"), 1); /* unnamed (a row the script has not seen) */
}

/* The generated operand indices (issue 28: ASC_OPND_<op>_<operand>, build/gen/ops_access.h) are the
 * positions of pyasc's parameters: Add(dst, src0, src1, count); for(lower_bound, upper_bound, step,
 * init_args...); WholeReduceSum(dst, src, mask, repeat_time, ...). */
TEST(registry_operand_constants) {
  CHECK_INT(ASC_OPND_ADD_dst, 0);
  CHECK_INT(ASC_OPND_ADD_src1, 2);
  CHECK_INT(ASC_OPND_ADD_count, 3);
  CHECK_INT(ASC_OPND_FOR_step, 2);
  CHECK_INT(ASC_OPND_FOR_init_args, 3); /* a variadic operand: its first value */
  CHECK_INT(ASC_OPND_WHOLE_REDUCE_SUM_MASK_repeat_time, 3);
  CHECK_INT(ASC_OPND_ADD_MASK_repeat_params, asc_op_operand_index(ASC_OP_ADD_MASK, "repeat_params"));
}

/* Cost classes and forms: classes from ops.def, figures from hw.def (hardware.md §13.1: WholeReduce
 * 2-5x an Add, BlockReduce cheaper than WholeReduce). */
TEST(registry_cost_classes_and_forms) {
  CHECK(asc_opinfo_of(ASC_OP_ADD)->cost == ASC_COST_ELEMENTWISE);
  CHECK(asc_opinfo_of(ASC_OP_REDUCE_SUM)->cost == ASC_COST_REDUCE);
  CHECK(asc_opinfo_of(ASC_OP_WHOLE_REDUCE_MAX_MASK)->cost == ASC_COST_REDUCE);
  CHECK(asc_opinfo_of(ASC_OP_BLOCK_REDUCE_SUM_MASK)->cost == ASC_COST_REDUCE_BLOCK);
  CHECK(asc_opinfo_of(ASC_OP_SORT32)->cost == ASC_COST_SORT);
  CHECK(asc_opinfo_of(ASC_OP_GATHER)->cost == ASC_COST_GATHER);
  CHECK(asc_opinfo_of(ASC_OP_TRANSPOSE)->cost == ASC_COST_LAYOUT);
  CHECK(asc_opinfo_of(ASC_OP_DATA_COPY)->cost == ASC_COST_COPY);
  CHECK_STR(asc_cost_class_name(ASC_COST_REDUCE_BLOCK), "reduce_block");
  CHECK_INT(asc_hw_vclass_factor(ASC_COST_ELEMENTWISE), 1);
  int red = asc_hw_vclass_factor(ASC_COST_REDUCE), blk = asc_hw_vclass_factor(ASC_COST_REDUCE_BLOCK);
  CHECK(red >= 2 && red <= 5);
  CHECK(blk < red);
  CHECK(asc_hw_vclass_known(ASC_COST_REDUCE));
  CHECK(!asc_hw_vclass_known(ASC_COST_SCALAR));
  /* every PIPE_V op with a vector class, none elsewhere (asc_registry_check) */
  for (int i = 0; i < ASC_OP_COUNT; i++)
    if (asc_opinfo_of((asc_opcode)i)->cost >= ASC_COST_ELEMENTWISE)
      CHECK(asc_opinfo_of((asc_opcode)i)->pipe == ASC_PR_V);
  CHECK(asc_op_form(ASC_OP_ADD, ASC_FORM_MASK) == ASC_OP_ADD_MASK);
  CHECK(asc_op_form(ASC_OP_ADD, ASC_FORM_BITMASK) == ASC_OP_ADD_BITMASK);
  CHECK(asc_op_form(ASC_OP_ADD_MASK, ASC_FORM_MASK) == ASC_OP_COUNT);
  asc_form_kind k = ASC_FORM_COUNT;
  CHECK(asc_op_form_base(ASC_OP_REDUCE_MAX_BITMASK, &k) == ASC_OP_REDUCE_MAX && k == ASC_FORM_BITMASK);
  CHECK(asc_op_form_base(ASC_OP_ADD, NULL) == ASC_OP_COUNT);
}

TEST(registry_tables) {
  CHECK_INT(asc_registry_check(), 0);
  CHECK(asc_op_lookup("asc.add", 7) == ASC_OP_ADD);
  CHECK(asc_op_lookup("asc.ad", 6) == ASC_OP_COUNT);
  CHECK_STR(asc_opinfo_of(ASC_OP_DATA_COPY)->name, "asc.data_copy");
  CHECK(asc_opinfo_of(ASC_OP_ADD)->writes == ARG(0));
  CHECK(asc_opinfo_of(ASC_OP_ADD)->reads == (ARG(1) | ARG(2)));
  int64_t v = -1;
  CHECK_INT(asc_enum_lookup(ASC_ENUM_EVENT, "V_MTE3", 6, &v), 0);
  CHECK_INT(v, 7);
  CHECK_INT(asc_enum_lookup(ASC_ENUM_POS, "VECCALC", 7, &v), 0);
  CHECK_INT(v, 11);
  CHECK_STR(asc_enum_name(ASC_ENUM_ROUND, 6), "CAST_ODD");
  CHECK(asc_enum_name(ASC_ENUM_POS, 12) == NULL);
  CHECK_INT(asc_enum_kind_lookup("round", 5), ASC_ENUM_ROUND);
  CHECK_INT(asc_struct_nfields(ASC_STRUCT_BINARY_REPEAT), 6);
  char name[32];
  int64_t d;
  CHECK_INT(asc_struct_field(ASC_STRUCT_BINARY_REPEAT, 3, name, sizeof name, &d), 0);
  CHECK_STR(name, "dst_rep_stride");
  CHECK_INT(d, 8);
  CHECK_INT(asc_struct_field_index(ASC_STRUCT_DATA_COPY_EXT, "rsv"), 4);
  CHECK_INT(asc_struct_lookup("DataCopyPadExtParams", 20), ASC_STRUCT_DATA_COPY_PAD_EXT);
  /* field numbers, constant indices and the field table (structs.def FIELD rows) */
  CHECK_INT(ASC_SFI(DataCopyParams, block_len), 1);
  CHECK_INT(ASC_SFI(DataCopyExtParams, rsv), asc_struct_field_index(ASC_STRUCT_DATA_COPY_EXT, "rsv"));
  CHECK_INT(ASC_SFI(AippParams, csc_bias_out_2), asc_struct_nfields(ASC_STRUCT_AIPP_PARAMS) - 1);
  CHECK_STR(asc_sfields[ASC_SF_LoadData3DParamsV2_pad_value].label, "LoadData3DParamsV2.pad_value");
  CHECK_STR(asc_sfields[ASC_SF_LoadData3DParamsV2_pad_value].name, "pad_value");
  CHECK_INT(asc_sfields[ASC_SF_LoadData3DParamsV2_pad_value].index, 18);
  CHECK_INT(asc_struct_first_field(ASC_STRUCT_UNARY_REPEAT), ASC_SF_UnaryRepeatParams_dst_blk_stride);
  CHECK(asc_struct_defaults(ASC_STRUCT_LOAD3D_V2PRO)[ASC_SFI(LoadData3DParamsV2Pro, filter_config)] ==
        1103823438081.0);
  CHECK(asc_struct_defaults(ASC_STRUCT_COUNT) == NULL);
  CHECK_INT(asc_struct_nfields(ASC_STRUCT_FIXPIPE_CFG), 1);
  int total = 0;
  for (int s = 0; s < ASC_STRUCT_COUNT; s++)
    total += asc_struct_nfields(s) + 1; /* + the struct's marker */
  CHECK_INT(total, ASC_SF_COUNT);
}

/* Builds func @k(%a: i32) { %0 = const 2; %1 = addi %a, %0; return } by hand. */
static asc_module *buildadd(asc_ctx *ctx, asc_op **addop) {
  asc_module *m = asc_module_new(ctx);
  const asc_type *i32 = asc_type_int(ctx, 32, false);
  asc_op *f = asc_op_create(m, ASC_OP_FUNC, NULL, 0, NULL, 0, ASC_LOC_UNKNOWN);
  asc_op_set_attr(m, f, "sym_name", asc_attr_str(m, "k", 1));
  asc_op_set_attr(m, f, "function_type", asc_attr_type(m, asc_type_func(ctx, &i32, 1, NULL, 0)));
  asc_block_append(asc_module_body(m), f);
  asc_block *b = asc_region_ensure_block(m, &f->regions[0]);
  asc_value *a = asc_block_add_arg(m, b, i32);
  asc_loc loc = {asc_intern(ctx, "k.py", 4), 3, 5};
  asc_op *c = asc_op_create(m, ASC_OP_CONSTANT, NULL, 0, &i32, 1, ASC_LOC_UNKNOWN);
  asc_op_set_attr(m, c, "value", asc_attr_int(m, i32, 2));
  asc_block_append(b, c);
  asc_value *ops[2] = {a, &c->results[0]};
  *addop = asc_op_create(m, ASC_OP_ADDI, ops, 2, &i32, 1, loc);
  asc_block_append(b, *addop);
  asc_block_append(b, asc_op_create(m, ASC_OP_RETURN, NULL, 0, NULL, 0, ASC_LOC_UNKNOWN));
  return m;
}

static const char *const ADD_TEXT =
    "\"builtin.module\"() ({\n"
    "  \"func.func\"() ({\n"
    "  ^bb0(%arg0: i32):\n"
    "    %0 = \"arith.constant\"() {value = 2 : i32} : () -> i32\n"
    "    %1 = \"arith.addi\"(%arg0, %0) : (i32, i32) -> i32 loc(\"k.py\":3:5)\n"
    "    \"func.return\"() : () -> ()\n"
    "  }) {function_type = (i32) -> (), sym_name = \"k\"} : () -> ()\n"
    "}) : () -> ()\n";

TEST(builder_and_printer) {
  asc_ctx *ctx = asc_ctx_new();
  asc_op *add;
  asc_module *m = buildadd(ctx, &add);
  char *text = asc_module_print(m);
  CHECK_STR(text, ADD_TEXT);
  free(text);
  CHECK(asc_op_parent_op(add)->code == ASC_OP_FUNC);
  CHECK(asc_block_terminator(add->parent) == add->next);
  CHECK(asc_module_lookup_func(m, "k") == asc_op_parent_op(add));
  asc_module_free(m);
  asc_ctx_free(ctx);
}

TEST(clone_and_replace_uses) {
  asc_ctx *ctx = asc_ctx_new();
  asc_op *add;
  asc_module *m = buildadd(ctx, &add);
  asc_valmap *map = asc_valmap_new();
  asc_op *copy = asc_op_clone(m, add, map);
  CHECK(asc_valmap_get(map, &add->results[0]) == &copy->results[0]);
  CHECK(copy->operands[0] == add->operands[0]);
  asc_op_insert_after(add, copy);
  asc_replace_uses(m->op, add->operands[1], add->operands[0]);
  CHECK(add->operands[1] == add->operands[0] && copy->operands[1] == add->operands[0]);
  asc_op_unlink(copy);
  CHECK(add->next->code == ASC_OP_RETURN);
  asc_valmap_free(map);
  asc_module_free(m);
  asc_ctx_free(ctx);
}

TEST(attrs_stay_sorted) {
  asc_ctx *ctx = asc_ctx_new();
  asc_module *m = asc_module_new(ctx);
  asc_op *op = asc_op_create(m, ASC_OP_PIPE_BARRIER, NULL, 0, NULL, 0, ASC_LOC_UNKNOWN);
  asc_op_set_attr(m, op, "zeta", asc_attr_unit(m));
  asc_op_set_attr(m, op, "alpha", asc_attr_bool(m, true));
  asc_op_set_attr(m, op, "pipe", asc_attr_enum(m, ASC_ENUM_PIPEID, 1));
  CHECK_STR(op->attrs[0].name, "alpha");
  CHECK_STR(op->attrs[2].name, "zeta");
  asc_op_remove_attr(op, "alpha");
  CHECK_INT(op->nattrs, 2);
  CHECK(asc_op_attr(op, "pipe")->i == 1);
  asc_module_free(m);
  asc_ctx_free(ctx);
}

TEST(diagnostic_has_location_source_line_and_caret) {
  asc_ctx *ctx = asc_ctx_new();
  asc_ctx_set_quiet(ctx, 1);
  const char *src = "line one\n\tx = bad(1)\n";
  asc_ctx_add_source(ctx, "a.py", src, strlen(src));
  asc_loc loc = {asc_intern(ctx, "a.py", 4), 2, 6};
  asc_diag(ctx, loc, ASC_SEV_ERROR, "'%s' is bad", "bad");
  asc_diag(ctx, ASC_LOC_UNKNOWN, ASC_SEV_WARNING, "no place");
  char *all = asc_ctx_diagnostics(ctx);
  CHECK_STR(all, "a.py:2:6: error: 'bad' is bad\n\tx = bad(1)\n\t    ^\nwarning: no place\n");
  free(all);
  CHECK_INT(asc_ctx_error_count(ctx), 1);
  CHECK_INT(asc_ctx_warning_count(ctx), 1);
  asc_ctx_clear_diagnostics(ctx);
  CHECK_INT(asc_ctx_error_count(ctx), 0);
  asc_ctx_free(ctx);
}

TEST(intern_and_strbuf) {
  asc_ctx *ctx = asc_ctx_new();
  char buf[16];
  for (int i = 0; i < 2000; i++) { /* forces the table to grow */
    snprintf(buf, sizeof buf, "s%d", i);
    asc_intern(ctx, buf, strlen(buf));
  }
  CHECK(asc_intern(ctx, "s77", 3) == asc_intern(ctx, "s77xyz", 3));
  asc_strbuf sb;
  asc_sb_init(&sb);
  for (int i = 0; i < 1000; i++)
    asc_sb_printf(&sb, "%d,", i % 10);
  CHECK_INT(sb.len, 2000);
  asc_sb_free(&sb);
  asc_ctx_free(ctx);
}

/* The value-name table grows past its initial 1024 buckets (issue 12, item 11): names
 * defined before and after each growth, in nested and isolated scopes, still resolve, a
 * redefinition of an early name is still caught, and names of a closed scope are gone. */
static char *chain(int n, const char *inner) {
  asc_strbuf sb;
  asc_sb_init(&sb);
  asc_sb_puts(&sb, "\"builtin.module\"() ({\n  \"func.func\"() ({\n  ^bb0(%a: i32):\n");
  for (int i = 0; i < n; i++)
    asc_sb_printf(&sb, "    %%v%d = \"arith.addi\"(%s, %%a) : (i32, i32) -> i32\n", i,
                  i ? "%v0" : "%a");
  asc_sb_printf(&sb, "    %%c = \"arith.constant\"() {value = 1 : i1} : () -> i1\n"
                     "    \"scf.if\"(%%c) ({\n%s      \"scf.yield\"() : () -> ()\n    }, {\n"
                     "      \"scf.yield\"() : () -> ()\n    }) : (i1) -> ()\n", inner);
  asc_sb_printf(&sb, "    %%last = \"arith.addi\"(%%v%d, %%v1) : (i32, i32) -> i32\n", n - 1);
  asc_sb_puts(&sb, "    \"func.return\"() : () -> ()\n  }) {function_type = (i32) -> (), sym_name = \"f\"} : "
                   "() -> ()\n}) : () -> ()\n");
  return sb.data;
}

TEST(value_names_beyond_the_initial_table) {
  asc_strbuf in;
  asc_sb_init(&in);
  for (int i = 0; i < 3000; i++) /* grows the table twice more inside the region */
    asc_sb_printf(&in, "      %%w%d = \"arith.addi\"(%%v%d, %%v2999) : (i32, i32) -> i32\n", i, i);
  char *ok = chain(3000, in.data);
  asc_ctx *ctx = asc_ctx_new();
  asc_ctx_set_quiet(ctx, 1);
  asc_module *m = asc_parse(ctx, "big.mlir", ok, strlen(ok));
  CHECK(m != NULL);
  if (m)
    asc_module_free(m);
  /* %v0 was defined before any growth: redefining it deep inside is an error */
  char *redef = chain(3000, "      %v0 = \"arith.addi\"(%v1, %v2) : (i32, i32) -> i32\n");
  m = asc_parse(ctx, "redef.mlir", redef, strlen(redef));
  CHECK(m == NULL);
  char *d = asc_ctx_diagnostics(ctx);
  CHECK_CONTAINS(d, "redefinition of SSA value '%v0'");
  free(d);
  /* a name of the closed region is not visible after it */
  char *gone = chain(3000, in.data);
  char *p = strstr(gone, "%last = \"arith.addi\"(%v2999, %v1)");
  REQUIRE(p != NULL);
  memcpy(p + strlen("%last = \"arith.addi\"("), "%w2999", 6); /* %v2999 -> %w2999 */
  m = asc_parse(ctx, "gone.mlir", gone, strlen(gone));
  CHECK(m == NULL);
  d = asc_ctx_diagnostics(ctx);
  CHECK_CONTAINS(d, "use of undeclared SSA value");
  free(d);
  asc_ctx_free(ctx);
  free(in.data);
  free(ok);
  free(redef);
  free(gone);
}
