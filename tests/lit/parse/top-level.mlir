// RUN: asc-opt %s | FileCheck %s
// Ops outside a builtin.module go into an implicit one; value numbers restart in every
// function.

"func.func"() ({
  %0 = "asc.get_block_idx"() : () -> i32
  "func.return"() : () -> ()
}) {function_type = () -> (), sym_name = "a"} : () -> ()
"func.func"() ({
  %x = "asc.get_block_num"() : () -> i32
  "func.return"() : () -> ()
}) {function_type = () -> (), sym_name = "b", sym_visibility = "private"} : () -> ()

// CHECK:      "builtin.module"() ({
// CHECK-NEXT:   "func.func"() ({
// CHECK-NEXT:     %0 = "asc.get_block_idx"() : () -> i32
// CHECK:        }) {function_type = () -> (), sym_name = "a"} : () -> ()
// CHECK-NEXT:   "func.func"() ({
// CHECK-NEXT:     %0 = "asc.get_block_num"() : () -> i32
// CHECK:        }) {function_type = () -> (), sym_name = "b", sym_visibility = "private"} : () -> ()
// CHECK-NEXT: }) : () -> ()
