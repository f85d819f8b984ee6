// RUN: asc-opt %s | FileCheck %s
// RUN: asc-opt %s | asc-opt - | FileCheck %s
// Results of a multi-result op are named %N:k and used as %N#i.

"func.func"() ({
^bb0(%a: i32):
  %c0 = "arith.constant"() {value = 0 : index} : () -> index
  %c4 = "arith.constant"() {value = 4 : index} : () -> index
  %c1 = "arith.constant"() {value = 1 : index} : () -> index
  %r:2 = "scf.for"(%c0, %c4, %c1, %a, %a) ({
  ^bb0(%i: index, %x: i32, %y: i32):
    %s = "arith.addi"(%x, %y) : (i32, i32) -> i32
    "scf.yield"(%y, %s) : (i32, i32) -> ()
  }) : (index, index, index, i32, i32) -> (i32, i32)
  %z = "arith.muli"(%r#0, %r#1) : (i32, i32) -> i32
  "func.return"() : () -> ()
}) {function_type = (i32) -> (), sym_name = "fib"} : () -> ()

// CHECK:      %3:2 = "scf.for"(%0, %1, %2, %arg0, %arg0) ({
// CHECK-NEXT: ^bb0(%arg1: index, %arg2: i32, %arg3: i32):
// CHECK-NEXT:   %4 = "arith.addi"(%arg2, %arg3) : (i32, i32) -> i32
// CHECK-NEXT:   "scf.yield"(%arg3, %4) : (i32, i32) -> ()
// CHECK-NEXT: }) : (index, index, index, i32, i32) -> (i32, i32)
// CHECK-NEXT: %5 = "arith.muli"(%3#0, %3#1) : (i32, i32) -> i32
