/* test.h - a tiny unit-test framework for libasc's C tests.
 *
 * A test file is tests/unit/test_<area>.c; the build makes it the executable unit_<area>
 * (linked with runner.c and the static libasc) and the ctest test unit/<area>.
 *
 *   #include "test.h"
 *
 *   TEST(strbuf_grows) {
 *     asc_strbuf sb;
 *     asc_sb_init(&sb);
 *     asc_sb_printf(&sb, "%d", 42);
 *     CHECK_STR(sb.data, "42");
 *     asc_sb_free(&sb);
 *   }
 *
 * Checks report file:line and the values, mark the current test failed and go on; REQUIRE
 * variants also leave the test.  `unit_<area> NAME...` runs only the named tests.
 */
#ifndef ASC_TEST_H
#define ASC_TEST_H

#include <stdint.h>
#include <string.h>

typedef void (*asc_test_fn)(void);

void asc_test_register(const char *name, asc_test_fn fn, const char *file);
/* Report a failed check; returns 0 so checks can be used as expressions. */
int asc_test_fail(const char *file, int line, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

#define TEST(name)                                                  \
  static void test_##name(void);                                    \
  __attribute__((constructor)) static void register_##name(void) { \
    asc_test_register(#name, test_##name, __FILE__);                \
  }                                                                 \
  static void test_##name(void)

#define CHECK(cond) \
  ((cond) ? 1 : asc_test_fail(__FILE__, __LINE__, "CHECK(%s) failed", #cond))

#define CHECK_INT(a, b)                                                                         \
  do {                                                                                          \
    int64_t va_ = (int64_t)(a), vb_ = (int64_t)(b);                                             \
    if (va_ != vb_)                                                                             \
      asc_test_fail(__FILE__, __LINE__, "%s == %s: %lld != %lld", #a, #b, (long long)va_,        \
                    (long long)vb_);                                                            \
  } while (0)

#define CHECK_STR(a, b)                                                                    \
  do {                                                                                     \
    const char *sa_ = (a), *sb_ = (b);                                                     \
    if (!sa_ || !sb_ || strcmp(sa_, sb_) != 0)                                             \
      asc_test_fail(__FILE__, __LINE__, "%s == %s:\n  got:      \"%s\"\n  expected: \"%s\"", \
                    #a, #b, sa_ ? sa_ : "(null)", sb_ ? sb_ : "(null)");                   \
  } while (0)

/* Substring check, for diagnostics. */
#define CHECK_CONTAINS(hay, needle)                                                         \
  do {                                                                                      \
    const char *h_ = (hay), *n_ = (needle);                                                 \
    if (!h_ || !strstr(h_, n_))                                                             \
      asc_test_fail(__FILE__, __LINE__, "%s contains %s:\n  text: \"%s\"\n  missing: \"%s\"", \
                    #hay, #needle, h_ ? h_ : "(null)", n_);                                 \
  } while (0)

#define REQUIRE(cond)  \
  do {                 \
    if (!CHECK(cond))  \
      return;          \
  } while (0)

#endif
