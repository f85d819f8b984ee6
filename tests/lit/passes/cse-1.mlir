// RUN: asc-opt --split-input-file --cse %s | FileCheck %s
// cse-1: merging within one block.

// Case 1.1: equal constants merge, and then the adds built on them, and then the
// products built on those; a different constant, a different operand order or a
// different result type keeps ops apart.
// CHECK-LABEL: "builtin.module"
// CHECK: ^bb0(%arg0: i32, %arg1: i32):
// CHECK-NEXT: %0 = "arith.constant"() {value = 1 : i32} : () -> i32
// CHECK-NEXT: %1 = "arith.constant"() {value = 2 : i32} : () -> i32
// CHECK-NEXT: %2 = "arith.constant"() {value = 1 : i64} : () -> i64
// CHECK-NEXT: %3 = "arith.addi"(%arg0, %0) : (i32, i32) -> i32
// CHECK-NEXT: %4 = "arith.addi"(%arg0, %1) : (i32, i32) -> i32
// CHECK-NEXT: %5 = "arith.muli"(%3, %arg1) : (i32, i32) -> i32
// CHECK-NEXT: %6 = "arith.addi"(%arg1, %arg0) : (i32, i32) -> i32
// CHECK-NEXT: "func.return"(%5, %5, %4, %6, %2) : (i32, i32, i32, i32, i64) -> ()
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%arg0: i32, %arg1: i32):
    %0 = "arith.constant"() {value = 1 : i32} : () -> i32
    %1 = "arith.constant"() {value = 1 : i32} : () -> i32
    %2 = "arith.constant"() {value = 2 : i32} : () -> i32
    %3 = "arith.constant"() {value = 1 : i64} : () -> i64
    %4 = "arith.addi"(%arg0, %0) : (i32, i32) -> i32
    %5 = "arith.addi"(%arg0, %1) : (i32, i32) -> i32
    %6 = "arith.addi"(%arg0, %2) : (i32, i32) -> i32
    %7 = "arith.muli"(%4, %arg1) : (i32, i32) -> i32
    %8 = "arith.muli"(%5, %arg1) : (i32, i32) -> i32
    %9 = "arith.addi"(%arg1, %arg0) : (i32, i32) -> i32
    "func.return"(%7, %8, %6, %9, %3) : (i32, i32, i32, i32, i64) -> ()
  }) {function_type = (i32, i32) -> (i32, i32, i32, i32, i64), sym_name = "basic"} : () -> ()
}) : () -> ()

// -----
// Case 1.2: attributes count: cmpi with the same predicate merge, with another
// predicate not.  Ops with side effects never merge (two equal calls stay).
// CHECK-LABEL: "builtin.module"
// CHECK: ^bb0(%arg0: i32, %arg1: i32):
// CHECK-NEXT: %0 = "arith.cmpi"(%arg0, %arg1) {predicate = 2 : i64} : (i32, i32) -> i1
// CHECK-NEXT: %1 = "arith.cmpi"(%arg0, %arg1) {predicate = 4 : i64} : (i32, i32) -> i1
// CHECK-NEXT: %2 = "func.call"(%arg0) {callee = @f} : (i32) -> i32
// CHECK-NEXT: %3 = "func.call"(%arg0) {callee = @f} : (i32) -> i32
// CHECK-NEXT: "func.return"(%0, %0, %1, %2, %3) : (i1, i1, i1, i32, i32) -> ()
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%arg0: i32):
    "func.return"(%arg0) : (i32) -> ()
  }) {function_type = (i32) -> i32, sym_name = "f"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: i32, %arg1: i32):
    %0 = "arith.cmpi"(%arg0, %arg1) {predicate = 2 : i64} : (i32, i32) -> i1
    %1 = "arith.cmpi"(%arg0, %arg1) {predicate = 2 : i64} : (i32, i32) -> i1
    %2 = "arith.cmpi"(%arg0, %arg1) {predicate = 4 : i64} : (i32, i32) -> i1
    %3 = "func.call"(%arg0) {callee = @f} : (i32) -> i32
    %4 = "func.call"(%arg0) {callee = @f} : (i32) -> i32
    "func.return"(%0, %1, %2, %3, %4) : (i1, i1, i1, i32, i32) -> ()
  }) {function_type = (i32, i32) -> (i1, i1, i1, i32, i32), sym_name = "attrs"} : () -> ()
}) : () -> ()
