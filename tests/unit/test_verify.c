/* test_verify.c - the verifier on IR that only passes can build: the parser already
 * rejects these (it enforces SSA scoping and enum names), so the IR is parsed valid
 * and then broken through the builder API.  The text-level negatives are in
 * tests/lit/verify/. */
#include <stdlib.h>

#include "ir/ir.h"
#include "test.h"

/* A func with one entry argument %a: i32 and the body text `body`, parsed and verified
 * clean.  Returns the module; *ctxp receives its quiet context. */
static asc_module *parsefunc(asc_ctx **ctxp, const char *body) {
  asc_ctx *ctx = asc_ctx_new();
  asc_ctx_set_quiet(ctx, 1);
  asc_strbuf sb;
  asc_sb_init(&sb);
  asc_sb_printf(&sb,
                "\"builtin.module\"() ({\n"
                "  \"func.func\"() ({\n"
                "  ^bb0(%%a: i32, %%c: index):\n%s"
                "    \"func.return\"() : () -> ()\n"
                "  }) {sym_name = \"k\", function_type = (i32, index) -> ()} : () -> ()\n"
                "}) : () -> ()\n",
                body);
  asc_module *m = asc_parse(ctx, "t.mlir", sb.data, sb.len);
  asc_sb_free(&sb);
  *ctxp = ctx;
  if (m)
    CHECK_INT(asc_verify(m), 0);
  return m;
}

/* The i-th op (0-based) of block b. */
static asc_op *nth(asc_block *b, int i) {
  asc_op *op = b->first;
  while (op && i-- > 0)
    op = op->next;
  return op;
}

static asc_block *funcbody(asc_module *m) { return asc_module_body(m)->first->regions[0].block; }

/* Verifies m expecting `nerr` errors, the first diagnostic containing `msg`. */
static void expect(asc_ctx *ctx, asc_module *m, int nerr, const char *msg) {
  asc_ctx_clear_diagnostics(ctx);
  CHECK_INT(asc_verify(m), nerr);
  char *d = asc_ctx_diagnostics(ctx);
  CHECK_CONTAINS(d, msg);
  free(d);
}

TEST(verify_use_before_def_in_block) {
  asc_ctx *ctx;
  asc_module *m = parsefunc(&ctx, "    %x = \"arith.addi\"(%a, %a) : (i32, i32) -> i32\n"
                                  "    %y = \"arith.addi\"(%x, %x) : (i32, i32) -> i32\n");
  REQUIRE(m);
  asc_op *x = nth(funcbody(m), 0), *y = nth(funcbody(m), 1);
  asc_op_unlink(y);
  asc_op_insert_before(x, y);
  expect(ctx, m, 2, "'arith.addi' op operand 'lhs' does not dominate this use");
  asc_module_free(m);
  asc_ctx_free(ctx);
}

TEST(verify_op_uses_its_own_result) {
  asc_ctx *ctx;
  asc_module *m = parsefunc(&ctx, "    %x = \"arith.addi\"(%a, %a) : (i32, i32) -> i32\n");
  REQUIRE(m);
  asc_op *x = nth(funcbody(m), 0);
  asc_op_set_operand(m, x, 1, &x->results[0]);
  expect(ctx, m, 1, "operand 'rhs' does not dominate this use");
  asc_module_free(m);
  asc_ctx_free(ctx);
}

TEST(verify_value_escapes_its_region) {
  asc_ctx *ctx;
  asc_module *m = parsefunc(&ctx, "    \"scf.for\"(%c, %c, %c) ({\n"
                                  "    ^bb0(%i: index):\n"
                                  "      %x = \"arith.addi\"(%a, %a) : (i32, i32) -> i32\n"
                                  "      \"scf.yield\"() : () -> ()\n"
                                  "    }) : (index, index, index) -> ()\n"
                                  "    %y = \"arith.addi\"(%a, %a) : (i32, i32) -> i32\n");
  REQUIRE(m);
  asc_op *loop = nth(funcbody(m), 0), *y = nth(funcbody(m), 1);
  asc_op *x = loop->regions[0].block->first;
  asc_op_set_operand(m, y, 0, &x->results[0]);
  expect(ctx, m, 1, "'arith.addi' op operand 'lhs' does not dominate this use");
  asc_module_free(m);
  asc_ctx_free(ctx);
}

TEST(verify_enclosing_values_are_visible_in_nested_regions) {
  asc_ctx *ctx;
  asc_module *m = parsefunc(&ctx, "    %x = \"arith.addi\"(%a, %a) : (i32, i32) -> i32\n"
                                  "    \"scf.for\"(%c, %c, %c) ({\n"
                                  "    ^bb0(%i: index):\n"
                                  "      %y = \"arith.addi\"(%x, %a) : (i32, i32) -> i32\n"
                                  "      \"scf.yield\"() : () -> ()\n"
                                  "    }) : (index, index, index) -> ()\n");
  REQUIRE(m);
  asc_module_free(m);
  asc_ctx_free(ctx);
}

TEST(verify_isolated_func_sees_nothing_outside) {
  asc_ctx *ctx = asc_ctx_new();
  asc_ctx_set_quiet(ctx, 1);
  const char *src = "\"builtin.module\"() ({\n"
                    "  \"func.func\"() ({\n"
                    "  ^bb0(%a: i32):\n"
                    "    \"func.return\"() : () -> ()\n"
                    "  }) {sym_name = \"f\", function_type = (i32) -> ()} : () -> ()\n"
                    "  \"func.func\"() ({\n"
                    "  ^bb0(%b: i32):\n"
                    "    %x = \"arith.addi\"(%b, %b) : (i32, i32) -> i32\n"
                    "    \"func.return\"() : () -> ()\n"
                    "  }) {sym_name = \"g\", function_type = (i32) -> ()} : () -> ()\n"
                    "}) : () -> ()\n";
  asc_module *m = asc_parse(ctx, "t.mlir", src, strlen(src));
  REQUIRE(m);
  CHECK_INT(asc_verify(m), 0);
  asc_block *body = asc_module_body(m);
  asc_value *a = body->first->regions[0].block->args[0];
  asc_op *x = body->first->next->regions[0].block->first;
  asc_op_set_operand(m, x, 0, a); /* %a of @f used in @g */
  expect(ctx, m, 1, "'arith.addi' op operand 'lhs' does not dominate this use");
  /* a module-level value is live but behind the func.func's isolation */
  const asc_type *i32 = asc_type_int(ctx, 32, false);
  asc_op *k = asc_op_create(m, ASC_OP_CONSTANT, NULL, 0, &i32, 1, ASC_LOC_UNKNOWN);
  asc_op_set_attr(m, k, "value", asc_attr_int(m, i32, 1));
  asc_op_insert_before(body->first, k);
  asc_op_set_operand(m, x, 0, &k->results[0]);
  expect(ctx, m, 1, "operand 'lhs' uses a value defined outside the enclosing isolated region");
  asc_module_free(m);
  asc_ctx_free(ctx);
}

TEST(verify_null_operand_and_bad_opcode) {
  asc_ctx *ctx;
  asc_module *m = parsefunc(&ctx, "    %x = \"arith.addi\"(%a, %a) : (i32, i32) -> i32\n");
  REQUIRE(m);
  asc_op *x = nth(funcbody(m), 0);
  x->operands[1] = NULL;
  expect(ctx, m, 1, "'arith.addi' op operand 'rhs' is null or has no type");
  x->code = ASC_OP_COUNT;
  expect(ctx, m, 1, "invalid op code");
  asc_module_free(m);
  asc_ctx_free(ctx);
}

TEST(verify_enum_value_out_of_range) {
  asc_ctx *ctx;
  asc_module *m =
      parsefunc(&ctx, "    \"asc.set_flag\"(%a) {event = #asc.event<MTE2_V>} : (i32) -> ()\n");
  REQUIRE(m);
  asc_op *f = nth(funcbody(m), 0);
  asc_op_set_attr(m, f, "event", asc_attr_enum(m, ASC_ENUM_EVENT, 99));
  expect(ctx, m, 1, "'asc.set_flag' op attribute 'event' value 99 is not a valid HardEvent");
  asc_module_free(m);
  asc_ctx_free(ctx);
}

/* Every opcode, built bare (no operands, results, attributes or region blocks) and
 * then with one i32 operand and result: the verifier reports and never crashes, and
 * every signature and attribute spec of ops.def parses (a bad one would asc_die). */
TEST(verify_every_opcode_malformed) {
  asc_ctx *ctx = asc_ctx_new();
  asc_ctx_set_quiet(ctx, 1);
  asc_module *m = asc_module_new(ctx);
  const asc_type *i32 = asc_type_int(ctx, 32, false);
  asc_block *body = asc_module_body(m);
  asc_op *seed = asc_op_create(m, ASC_OP_CONSTANT, NULL, 0, &i32, 1, ASC_LOC_UNKNOWN);
  asc_op_set_attr(m, seed, "value", asc_attr_int(m, i32, 0));
  asc_block_append(body, seed);
  asc_value *v = &seed->results[0];
  for (int c = 0; c < ASC_OP_COUNT; c++) {
    if (c == ASC_OP_CONSTANT)
      continue;
    asc_block_append(body, asc_op_create(m, (asc_opcode)c, NULL, 0, NULL, 0, ASC_LOC_UNKNOWN));
    asc_block_append(body, asc_op_create(m, (asc_opcode)c, &v, 1, &i32, 1, ASC_LOC_UNKNOWN));
  }
  CHECK(asc_verify(m) > ASC_OP_COUNT);
  asc_module_free(m);
  asc_ctx_free(ctx);
}
