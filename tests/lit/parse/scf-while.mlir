// RUN: asc-opt %s | FileCheck %s
// RUN: asc-opt %s | mlir-opt --allow-unregistered-dialect --mlir-print-op-generic | FileCheck %s --check-prefix=MLIR
// scf.while has a "before" region ending in scf.condition and an "after" region.

"func.func"() ({
^bb0(%n: i32):
  %one = "arith.constant"() {value = 1 : i32} : () -> i32
  %r = "scf.while"(%n) ({
  ^bb0(%x: i32):
    %c = "arith.cmpi"(%x, %one) {predicate = 4 : i64} : (i32, i32) -> i1
    "scf.condition"(%c, %x) : (i1, i32) -> ()
  }, {
  ^bb0(%y: i32):
    %h = "arith.shrsi"(%y, %one) : (i32, i32) -> i32
    "scf.yield"(%h) : (i32) -> ()
  }) : (i32) -> i32
  "func.return"() : () -> ()
}) {function_type = (i32) -> (), sym_name = "halve"} : () -> ()

// CHECK:      %1 = "scf.while"(%arg0) ({
// CHECK-NEXT: ^bb0(%arg1: i32):
// CHECK-NEXT:   %2 = "arith.cmpi"(%arg1, %0) {predicate = 4 : i64} : (i32, i32) -> i1
// CHECK-NEXT:   "scf.condition"(%2, %arg1) : (i1, i32) -> ()
// CHECK-NEXT: }, {
// CHECK-NEXT: ^bb0(%arg2: i32):
// CHECK-NEXT:   %3 = "arith.shrsi"(%arg2, %0) : (i32, i32) -> i32
// CHECK-NEXT:   "scf.yield"(%3) : (i32) -> ()
// CHECK-NEXT: }) : (i32) -> i32
// MLIR: "scf.while"
// MLIR: "scf.condition"
