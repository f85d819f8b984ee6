/* test_emit.c - every op, enum kind and parameter struct has an Ascend C row (src/emit/ascendc.def). */
#include <stdio.h>

#include "asc/asc.h"
#include "test.h"

TEST(every_op_has_an_ascendc_row) {
  char missing[4096];
  int n = asc_emit_row_check(missing, sizeof missing);
  if (n)
    fprintf(stderr, "without an Ascend C row in src/emit/ascendc.def: %s\n", missing);
  CHECK_INT(n, 0);
}

TEST(row_info_reads_the_table) {
  const char *kind, *name, *targs, *args;
  CHECK_INT(asc_emit_row_info(asc_reg_op_find("asc.add"), &kind, &name, &targs, &args), 0);
  CHECK_STR(kind, "free");
  CHECK_STR(name, "AscendC::Add");
  CHECK_INT(asc_emit_row_info(asc_reg_op_find("asc.enque"), &kind, &name, &targs, &args), 0);
  CHECK_STR(kind, "member");
  CHECK_STR(name, "EnQue");
  CHECK_INT(asc_emit_row_info(asc_reg_op_count(), &kind, &name, &targs, &args), -1);
}
