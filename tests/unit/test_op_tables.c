/* test_op_tables.c - the op table's sibling columns (issue 28): the hardware field ranges
 * (src/ops/field_ranges.def), the operand memories (operand_mems.def) and the dtypes column, as the
 * registry answers them to the verifier and the simulator. */
#include <string.h>

#include "hw/hw.h"
#include "ops_access.h" /* generated: ASC_OPND_<op>_<operand> */
#include "ops/registry.h"
#include "test.h"

/* The device kit's DataCopy ND2NZ page: nValue 0..16384; the Mmad page: m, n, k 12 bits. */
TEST(field_ranges_from_the_table) {
  int64_t lo = -1, hi = -1;
  CHECK(asc_sfield_range(ASC_SF_Nd2NzParams_n_value, &lo, &hi));
  CHECK_INT(lo, 0);
  CHECK_INT(hi, 16384);
  CHECK(asc_sfield_range(ASC_SF_MmadParams_m, &lo, &hi));
  CHECK_INT(hi, 4095);
  CHECK(!asc_sfield_range(ASC_SF_DataCopyParams_block_len, &lo, &hi)); /* no row: the executor's bounds */
  for (int f = 0; f < ASC_SF_COUNT; f++)
    if (asc_sfield_range((asc_sfield)f, &lo, &hi))
      CHECK(lo <= hi);
}

/* Every MEM row names a tensor operand of its op; the sets print as the messages say them. */
TEST(operand_memories_from_the_table) {
  CHECK_INT(asc_op_operand_mems(ASC_OP_MMAD, ASC_OPND_MMAD_src0), 1 << ASC_HW_MEM_L0A);
  CHECK_INT(asc_op_operand_mems(ASC_OP_MMAD, ASC_OPND_MMAD_params), 0);
  CHECK_INT(asc_op_operand_mems(ASC_OP_ADD, 0), 0);
  char buf[160];
  asc_mems_text(1u << ASC_HW_MEM_L0A, buf, sizeof buf);
  CHECK_STR(buf, "L0A (A2)");
  asc_mems_text(1u << ASC_HW_MEM_GM | 1u << ASC_HW_MEM_L1, buf, sizeof buf);
  CHECK_STR(buf, "GM or L1 (A1/B1/C1)");
  asc_mems_text(1u << ASC_HW_MEM_L1 | 1u << ASC_HW_MEM_L0A | 1u << ASC_HW_MEM_L0B, buf, sizeof buf);
  CHECK_STR(buf, "L1 (A1/B1/C1), L0A (A2) or L0B (B2)");
  asc_mems_text(1u << ASC_HW_MEM_L1 | 1u << ASC_HW_MEM_L0A, buf, 8); /* truncated, still terminated */
  CHECK(strlen(buf) < 8);
  for (int op = 0; op < ASC_OP_COUNT; op++)
    for (int i = 0; i < 8; i++) {
      if (!asc_op_operand_mems((asc_opcode)op, i))
        continue;
      char name[64];
      CHECK(asc_op_operand_name((asc_opcode)op, i, name, sizeof name) == 0);
    }
}

TEST(dtypes_column) {
  CHECK(asc_op_dtype_ok(ASC_OP_ADD, "f16") && asc_op_dtype_ok(ASC_OP_ADD, "i32"));
  CHECK(!asc_op_dtype_ok(ASC_OP_ADD, "i8") && !asc_op_dtype_ok(ASC_OP_ADD, "f1"));
  CHECK(asc_op_dtype_ok(ASC_OP_MMAD, "i8")); /* an empty column admits any */
}
