/* Context, string buffer, interning and diagnostics (src/ir). */
#include "test.h"

#include "ir/ir.h"

TEST(strbuf_append) {
  asc_strbuf sb;
  asc_sb_init(&sb);
  asc_sb_puts(&sb, "asc");
  asc_sb_putc(&sb, '.');
  asc_sb_put(&sb, "addXYZ", 3);
  CHECK_STR(sb.data, "asc.add");
  CHECK_INT(sb.len, 7);
  asc_sb_printf(&sb, "(%d, %s)", 42, "x");
  CHECK_STR(sb.data, "asc.add(42, x)");
  asc_sb_free(&sb);
}

TEST(strbuf_grows) {
  asc_strbuf sb;
  asc_sb_init(&sb);
  for (int i = 0; i < 10000; i++)
    asc_sb_printf(&sb, "%04d", i % 10000);
  CHECK_INT(sb.len, 40000);
  CHECK_INT(strlen(sb.data), 40000);
  CHECK(!memcmp(sb.data + 4 * 1234, "1234", 4));
  asc_sb_free(&sb);
}

TEST(intern_same_pointer) {
  asc_ctx *ctx = asc_ctx_new();
  const char *a = asc_intern(ctx, "asc.addXX", 7);
  const char *b = asc_intern(ctx, "asc.add", 7);
  CHECK(a == b);
  CHECK_STR(a, "asc.add");
  CHECK(asc_intern(ctx, "asc.sub", 7) != a);
  asc_ctx_free(ctx);
}

TEST(types_interned) {
  asc_ctx *ctx = asc_ctx_new();
  const asc_type *f16 = asc_type_float(ctx, 16, false);
  CHECK(f16 == asc_type_float(ctx, 16, false));
  CHECK(f16 != asc_type_float(ctx, 16, true)); /* bf16 */
  CHECK(asc_type_gm(ctx, f16) == asc_type_gm(ctx, f16));
  CHECK_INT(asc_type_bytes(f16), 2);
  asc_strbuf sb;
  asc_sb_init(&sb);
  asc_type_print(asc_type_gm(ctx, f16), &sb);
  CHECK_STR(sb.data, "!asc.gm_ptr<f16>");
  asc_sb_free(&sb);
  asc_ctx_free(ctx);
}

TEST(diag_quiet_collects) {
  asc_ctx *ctx = asc_ctx_new();
  asc_ctx_set_quiet(ctx, 1);
  asc_loc loc = {asc_intern(ctx, "k.py", 4), 3, 5};
  asc_diag(ctx, loc, ASC_SEV_ERROR, "bad %s %d", "thing", 7);
  asc_diag(ctx, loc, ASC_SEV_WARNING, "odd");
  CHECK_INT(asc_ctx_error_count(ctx), 1);
  CHECK_INT(asc_ctx_warning_count(ctx), 1);
  REQUIRE(ctx->diags != NULL);
  CHECK_STR(ctx->diags->msg, "bad thing 7");
  CHECK_INT(ctx->diags->loc.line, 3);
  CHECK_CONTAINS(ctx->diags->text, "k.py:3:5: error: bad thing 7");
  char *all = asc_ctx_diagnostics(ctx);
  CHECK_CONTAINS(all, "warning: odd");
  asc_free(all);
  asc_ctx_clear_diagnostics(ctx);
  CHECK_INT(asc_ctx_error_count(ctx), 0);
  CHECK(ctx->diags == NULL);
  asc_ctx_free(ctx);
}

struct seen {
  int n;
  asc_severity sev;
};

static void count_diag(void *user, asc_severity sev, const char *text) {
  struct seen *s = user;
  (void)text;
  s->n++;
  s->sev = sev;
}

TEST(diag_handler_called) {
  asc_ctx *ctx = asc_ctx_new();
  struct seen s = {0, ASC_SEV_NOTE};
  asc_ctx_set_diag_handler(ctx, count_diag, &s);
  asc_error(ctx, ASC_LOC_UNKNOWN, "boom");
  CHECK_INT(s.n, 1);
  CHECK_INT(s.sev, ASC_SEV_ERROR);
  asc_ctx_free(ctx);
}

TEST(diag_shows_source_line) {
  asc_ctx *ctx = asc_ctx_new();
  asc_ctx_set_quiet(ctx, 1);
  static const char src[] = "line one\n  line two\n";
  asc_ctx_add_source(ctx, "src.mlir", src, sizeof src - 1);
  size_t len = 0;
  const char *l2 = asc_source_line(ctx, asc_intern(ctx, "src.mlir", 8), 2, &len);
  REQUIRE(l2 != NULL);
  CHECK_INT(len, 10);
  CHECK(!memcmp(l2, "  line two", 10));
  asc_loc loc = {asc_intern(ctx, "src.mlir", 8), 2, 3};
  asc_error(ctx, loc, "here");
  REQUIRE(ctx->diags != NULL);
  CHECK_CONTAINS(ctx->diags->text, "  line two");
  CHECK_CONTAINS(ctx->diags->text, "^");
  asc_ctx_free(ctx);
}
