/* runner.c - runner for the tests of one tests/unit/test_*.c file (see test.h).
 *
 *   unit_<area> [NAME...]     run all tests, or only those named
 *
 * Prints one line per test and a closing "N passed, N failed" line; exits 1 if any failed.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test.h"

enum { MAX_TESTS = 1024 };

static struct {
  const char *name, *file;
  asc_test_fn fn;
} tests[MAX_TESTS];
static int ntests;
static int current_failed;

void asc_test_register(const char *name, asc_test_fn fn, const char *file) {
  if (ntests == MAX_TESTS) {
    fprintf(stderr, "unit runner: more than %d tests in one file\n", MAX_TESTS);
    abort();
  }
  tests[ntests].name = name;
  tests[ntests].file = file;
  tests[ntests].fn = fn;
  ntests++;
}

int asc_test_fail(const char *file, int line, const char *fmt, ...) {
  va_list ap;
  fprintf(stderr, "%s:%d: ", file, line);
  va_start(ap, fmt);
  vfprintf(stderr, fmt, ap);
  va_end(ap);
  fputc('\n', stderr);
  current_failed = 1;
  return 0;
}

static int selected(const char *name, int argc, char **argv) {
  if (argc < 2)
    return 1;
  for (int i = 1; i < argc; i++)
    if (!strcmp(argv[i], name))
      return 1;
  return 0;
}

int main(int argc, char **argv) {
  int passed = 0, failed = 0;
  for (int i = 0; i < ntests; i++) {
    if (!selected(tests[i].name, argc, argv))
      continue;
    current_failed = 0;
    tests[i].fn();
    printf("%s %s\n", current_failed ? "FAIL" : "ok  ", tests[i].name);
    fflush(stdout);
    if (current_failed)
      failed++;
    else
      passed++;
  }
  printf("%d passed, %d failed\n", passed, failed);
  if (passed + failed == 0) {
    fprintf(stderr, "no test ran\n");
    return 1;
  }
  return failed ? 1 : 0;
}
