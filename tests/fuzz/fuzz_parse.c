/* fuzz_parse - libFuzzer target for the IR parser, verifier and printer.
 *
 * For each input: parse it; if it parses, verify it, print it and parse the printed text
 * again.  The reprint must parse (abort() otherwise: the printer wrote something the parser
 * rejects), and printing the reparsed module must give the same text (round trip).
 * The sanitizers (address, undefined, leak) catch everything else.
 *
 *   build-asan/bin/fuzz_parse -dict=tests/fuzz/mlir.dict CORPUS_DIR tests/fuzz/corpus
 *   make fuzz FUZZ_SECONDS=300
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir/ir.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Deeply nested inputs only test the stack limit; keep inputs to a useful size. */
enum { MAX_INPUT = 1 << 16 };

static void fail(const char *what, const char *first, const char *second) {
  fprintf(stderr, "fuzz_parse: %s\n--- printed ---\n%s\n--- reprinted ---\n%s\n", what, first,
          second ? second : "(none)");
  abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size > MAX_INPUT)
    return 0;
  char *text = malloc(size + 1); /* NUL-terminated copy: the parser may look one past */
  memcpy(text, data, size);
  text[size] = '\0';

  asc_ctx *ctx = asc_ctx_new();
  asc_ctx_set_quiet(ctx, 1);
  asc_module *m = asc_parse(ctx, "fuzz.mlir", text, size);
  if (m) {
    asc_verify(m);
    asc_strbuf first, second;
    asc_sb_init(&first);
    asc_sb_init(&second);
    asc_print_module(m, &first);
    asc_module *again = asc_parse(ctx, "reprint.mlir", first.data, first.len);
    if (!again) {
      char *diags = asc_ctx_diagnostics(ctx);
      fail("the printed module does not parse", first.data, diags);
    }
    asc_print_module(again, &second);
    if (first.len != second.len || memcmp(first.data, second.data, first.len) != 0)
      fail("printing is not stable across a reparse", first.data, second.data);
    asc_module_free(again);
    asc_module_free(m);
    asc_sb_free(&first);
    asc_sb_free(&second);
  }
  asc_ctx_free(ctx);
  free(text);
  return 0;
}
