// RUN: asc-opt --inline --canonicalize --cse %s | FileCheck %s
// RUN: asc-opt --pass-pipeline=inline,canonicalize,cse --print-after=canonicalize %s 2>&1 >/dev/null | FileCheck %s --check-prefix=DUMP
// RUN: asc-opt --inline --cse --print-ir-after-all %s 2>&1 >/dev/null | FileCheck %s --check-prefix=ALL
// pipeline-1: the three passes together, as the front-end runs them.  The helper
// is inlined with a constant argument; its branch on that argument folds away; 3 * 4
// and 4 + 8 both fold to 12, and cse merges the two constants.

// CHECK: ^bb0(%arg0: i32):
// CHECK-NEXT: %0 = "arith.constant"() {value = 12 : i32} : () -> i32
// CHECK-NEXT: %1 = "arith.addi"(%arg0, %0) : (i32, i32) -> i32
// CHECK-NEXT: %2 = "arith.muli"(%1, %0) : (i32, i32) -> i32
// CHECK-NEXT: "func.return"(%2) : (i32) -> ()
// CHECK-NEXT: }) {function_type = (i32) -> i32, sym_name = "kernel"} : () -> ()
// CHECK-NEXT: }) : () -> ()

// DUMP: // -----// IR Dump After canonicalize //----- //
// DUMP-NEXT: "builtin.module"() ({
// DUMP: %0 = "arith.constant"() {value = 12 : i32} : () -> i32
// DUMP-NEXT: %1 = "arith.constant"() {value = 12 : i32} : () -> i32
// DUMP-NEXT: %2 = "arith.addi"(%arg0, %0) : (i32, i32) -> i32
// DUMP-NEXT: %3 = "arith.muli"(%2, %1) : (i32, i32) -> i32
// DUMP-NOT: IR Dump After

// ALL: // -----// IR Dump After inline //----- //
// ALL: // -----// IR Dump After cse //----- //
// ALL-NOT: IR Dump After
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%arg0: i32, %arg1: i32, %arg2: i1):
    %0 = "scf.if"(%arg2) ({
      %1 = "arith.muli"(%arg1, %arg1) : (i32, i32) -> i32
      "scf.yield"(%1) : (i32) -> ()
    }, {
      "scf.yield"(%arg1) : (i32) -> ()
    }) : (i1) -> i32
    %2 = "arith.addi"(%arg0, %0) : (i32, i32) -> i32
    "func.return"(%2, %0) : (i32, i32) -> ()
  }) {function_type = (i32, i32, i1) -> (i32, i32), sym_name = "step", sym_visibility = "private"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: i32):
    %c3 = "arith.constant"() {value = 3 : i32} : () -> i32
    %c4 = "arith.constant"() {value = 4 : i32} : () -> i32
    %c8 = "arith.constant"() {value = 8 : i32} : () -> i32
    %t = "arith.constant"() {value = true} : () -> i1
    %f = "arith.constant"() {value = false} : () -> i1
    %a = "arith.muli"(%c3, %c4) : (i32, i32) -> i32
    %b = "arith.addi"(%c4, %c8) : (i32, i32) -> i32
    %0:2 = "func.call"(%arg0, %a, %f) {callee = @step} : (i32, i32, i1) -> (i32, i32)
    %1 = "arith.muli"(%0#0, %b) : (i32, i32) -> i32
    "func.return"(%1) : (i32) -> ()
  }) {function_type = (i32) -> i32, sym_name = "kernel"} : () -> ()
}) : () -> ()
