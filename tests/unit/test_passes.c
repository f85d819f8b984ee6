/* The pass manager (src/passes/passes.c): the pass table, pipelines, dumps and the
 * verifier between passes. */
#include <stdio.h>
#include <stdlib.h>

#include "test.h"

#include "ir/ir.h"

static const char inline_src[] =
    "\"builtin.module\"() ({\n"
    "  \"func.func\"() ({\n"
    "  ^bb0(%arg0: i32):\n"
    "    \"func.return\"(%arg0) : (i32) -> ()\n"
    "  }) {function_type = (i32) -> i32, sym_name = \"id\", sym_visibility = \"private\"} : () -> ()\n"
    "  \"func.func\"() ({\n"
    "  ^bb0(%arg0: i32):\n"
    "    %0 = \"func.call\"(%arg0) {callee = @id} : (i32) -> i32\n"
    "    \"func.return\"(%0) : (i32) -> ()\n"
    "  }) {function_type = (i32) -> i32, sym_name = \"k\"} : () -> ()\n"
    "}) : () -> ()\n";

static asc_module *parse(asc_ctx *ctx, const char *src) {
  return asc_module_parse(ctx, "t.mlir", src, strlen(src));
}

TEST(pass_table) {
  const char *name, *summary;
  CHECK(asc_pass_count() >= 3);
  for (int i = 0; i < asc_pass_count(); i++) {
    asc_pass_info(i, &name, &summary);
    CHECK(name && summary && *summary);
  }
  asc_pass_info(0, &name, &summary);
  CHECK_STR(name, "expand-matmul-batch"); /* the table is in pipeline order */
  asc_pass_info(-1, &name, &summary);
  CHECK(name == NULL);
}

TEST(unknown_pass_runs_nothing) {
  asc_ctx *ctx = asc_ctx_new();
  asc_ctx_set_quiet(ctx, 1);
  asc_module *m = parse(ctx, inline_src);
  REQUIRE(m);
  CHECK(asc_run_passes(m, "inline, bogus", NULL) != 0);
  char *d = asc_ctx_diagnostics(ctx);
  CHECK_CONTAINS(d, "unknown pass 'bogus'");
  asc_free(d);
  char *text = asc_module_print(m);
  CHECK_CONTAINS(text, "func.call"); /* inline did not run */
  asc_free(text);
  asc_module_free(m);
  asc_ctx_free(ctx);
}

TEST(pipeline_blanks_and_empty_items) {
  asc_ctx *ctx = asc_ctx_new();
  asc_module *m = parse(ctx, inline_src);
  REQUIRE(m);
  CHECK_INT(asc_run_passes(m, " inline , ,cse,", NULL), 0);
  CHECK_INT(asc_run_passes(m, "", NULL), 0);
  char *text = asc_module_print(m);
  CHECK(strstr(text, "func.call") == NULL);
  CHECK(strstr(text, "\"id\"") == NULL); /* the private callee is gone */
  asc_free(text);
  CHECK_INT(asc_ctx_error_count(ctx), 0);
  asc_module_free(m);
  asc_ctx_free(ctx);
}

TEST(print_after_one_pass) {
  asc_ctx *ctx = asc_ctx_new();
  asc_module *m = parse(ctx, inline_src);
  REQUIRE(m);
  FILE *f = tmpfile();
  REQUIRE(f);
  asc_pass_options o;
  asc_pass_options_init(&o);
  CHECK_INT(o.verify_each, 1);
  o.print_after = "inline";
  o.dump = f;
  CHECK_INT(asc_run_passes(m, "inline,canonicalize,cse", &o), 0);
  char buf[4096] = {0};
  rewind(f);
  size_t n = fread(buf, 1, sizeof buf - 1, f);
  buf[n] = '\0';
  const char *head = "// -----// IR Dump After inline //----- //\n\"builtin.module\"";
  CHECK(strncmp(buf, head, strlen(head)) == 0);
  CHECK(strstr(buf + strlen(head), "IR Dump After") == NULL); /* only after inline */
  fclose(f);
  asc_module_free(m);
  asc_ctx_free(ctx);
}

/* A module broken by hand (a function body without its func.return) is blamed on the
 * input, not on the first pass (issue 29: a bad trace named an unrelated pass). */
TEST(verify_each_blames_the_input) {
  asc_ctx *ctx = asc_ctx_new();
  asc_ctx_set_quiet(ctx, 1);
  asc_module *m = parse(ctx, inline_src);
  REQUIRE(m);
  asc_op *k = asc_module_lookup_func(m, "k");
  REQUIRE(k);
  asc_op_unlink(k->regions[0].block->last);
  CHECK(asc_run_passes(m, "cse", NULL) != 0);
  char *d = asc_ctx_diagnostics(ctx);
  CHECK_CONTAINS(d, "verification of the input failed (before pass 'cse')");
  CHECK(strstr(d, "after pass") == NULL);
  asc_free(d);
  asc_module_free(m);
  asc_ctx_free(ctx);
}
