// -o writes the output to a file; stdin is read when the input is '-'.
// RUN: asc-opt %s -o %t.out && FileCheck %s < %t.out
// RUN: asc-opt - -o %t.stdin < %s && FileCheck %s < %t.stdin
// RUN: cat %s | asc-opt | FileCheck %s

// CHECK: "builtin.module"() ({
// CHECK-NEXT: "func.func"() ({
// CHECK-NEXT: "func.return"() : () -> ()
// CHECK-NEXT: }) {function_type = () -> (), sym_name = "empty"} : () -> ()
// CHECK-NEXT: }) : () -> ()
"builtin.module"() ({
  "func.func"() ({
    "func.return"() : () -> ()
  }) {function_type = () -> (), sym_name = "empty"} : () -> ()
}) : () -> ()
