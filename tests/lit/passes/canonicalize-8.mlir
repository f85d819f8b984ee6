// RUN: asc-opt --split-input-file --canonicalize %s | FileCheck %s
// canonicalize-8: dead code and algebraic identities.

// Case 8.1: unused constants and a chain of unused pure ops go; a call stays even
// with its result unused (it is not pure), and keeps what it uses alive.
// CHECK-LABEL: "builtin.module"
// CHECK: sym_name = "id"
// CHECK: ^bb0(%arg0: i32):
// CHECK-NEXT: %0 = "arith.muli"(%arg0, %arg0) : (i32, i32) -> i32
// CHECK-NEXT: %1 = "func.call"(%0) {callee = @id} : (i32) -> i32
// CHECK-NEXT: "func.return"() : () -> ()
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%arg0: i32):
    "func.return"(%arg0) : (i32) -> ()
  }) {function_type = (i32) -> i32, sym_name = "id"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: i32):
    %c1 = "arith.constant"() {value = 1 : i32} : () -> i32
    %c2 = "arith.constant"() {value = 2.0 : f32} : () -> f32
    %0 = "arith.addi"(%arg0, %c1) : (i32, i32) -> i32
    %1 = "arith.muli"(%0, %0) : (i32, i32) -> i32
    %2 = "arith.cmpi"(%1, %arg0) {predicate = 2 : i64} : (i32, i32) -> i1
    %3 = "arith.muli"(%arg0, %arg0) : (i32, i32) -> i32
    %4 = "func.call"(%3) {callee = @id} : (i32) -> i32
    "func.return"() : () -> ()
  }) {function_type = (i32) -> (), sym_name = "dce"} : () -> ()
}) : () -> ()

// -----
// Case 8.2: identities with one unknown operand: x + 0, x * 1, x & -1, x | 0,
// x << 0, x / 1 (signed) and 0 + x are x; x * 0, x - x, x ^ x, x % 1 (unsigned)
// are 0; select(c, x, x) and select(true, x, y) are x.
// CHECK-LABEL: "builtin.module"
// CHECK: ^bb0(%arg0: i32, %arg1: i1, %arg2: i32):
// CHECK-NEXT: %0 = "arith.constant"() {value = 0 : i32} : () -> i32
// CHECK-NEXT: %1 = "arith.constant"() {value = 0 : i32} : () -> i32
// CHECK-NEXT: %2 = "arith.constant"() {value = 0 : i32} : () -> i32
// CHECK-NEXT: %3 = "arith.constant"() {value = 0 : i32} : () -> i32
// CHECK-NEXT: "func.return"(%arg0, %arg0, %0, %1, %2, %arg0, %arg0, %arg0, %arg0, %3, %arg0, %arg0, %arg0)
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%arg0: i32, %arg1: i1, %arg2: i32):
    %c0 = "arith.constant"() {value = 0 : i32} : () -> i32
    %c1 = "arith.constant"() {value = 1 : i32} : () -> i32
    %m1 = "arith.constant"() {value = -1 : i32} : () -> i32
    %t = "arith.constant"() {value = true} : () -> i1
    %0 = "arith.addi"(%arg0, %c0) : (i32, i32) -> i32
    %1 = "arith.muli"(%arg0, %c1) : (i32, i32) -> i32
    %2 = "arith.muli"(%arg0, %c0) : (i32, i32) -> i32
    %3 = "arith.subi"(%arg0, %arg0) : (i32, i32) -> i32
    %4 = "arith.xori"(%arg0, %arg0) : (i32, i32) -> i32
    %5 = "arith.andi"(%arg0, %m1) : (i32, i32) -> i32
    %6 = "arith.ori"(%arg0, %c0) : (i32, i32) -> i32
    %7 = "arith.shli"(%arg0, %c0) : (i32, i32) -> i32
    %8 = "arith.divsi"(%arg0, %c1) : (i32, i32) -> i32
    %9 = "arith.remui"(%arg0, %c1) : (i32, i32) -> i32
    %10 = "arith.addi"(%c0, %arg0) : (i32, i32) -> i32
    %11 = "arith.select"(%arg1, %arg0, %arg0) : (i1, i32, i32) -> i32
    %12 = "arith.select"(%t, %arg0, %arg2) : (i1, i32, i32) -> i32
    "func.return"(%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12) : (i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32) -> ()
  }) {function_type = (i32, i1, i32) -> (i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32), sym_name = "identities"} : () -> ()
}) : () -> ()

// -----
// Case 8.3: what is not an identity stays: x / x (x may be 0), x - 0 on the left
// (0 - x), x * 2.
// CHECK-LABEL: "builtin.module"
// CHECK: ^bb0(%arg0: i32):
// CHECK-NEXT: %0 = "arith.constant"() {value = 0 : i32} : () -> i32
// CHECK-NEXT: %1 = "arith.constant"() {value = 2 : i32} : () -> i32
// CHECK-NEXT: %2 = "arith.divsi"(%arg0, %arg0) : (i32, i32) -> i32
// CHECK-NEXT: %3 = "arith.subi"(%0, %arg0) : (i32, i32) -> i32
// CHECK-NEXT: %4 = "arith.muli"(%arg0, %1) : (i32, i32) -> i32
// CHECK-NEXT: "func.return"(%2, %3, %4) : (i32, i32, i32) -> ()
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%arg0: i32):
    %c0 = "arith.constant"() {value = 0 : i32} : () -> i32
    %c2 = "arith.constant"() {value = 2 : i32} : () -> i32
    %0 = "arith.divsi"(%arg0, %arg0) : (i32, i32) -> i32
    %1 = "arith.subi"(%c0, %arg0) : (i32, i32) -> i32
    %2 = "arith.muli"(%arg0, %c2) : (i32, i32) -> i32
    "func.return"(%0, %1, %2) : (i32, i32, i32) -> ()
  }) {function_type = (i32) -> (i32, i32, i32), sym_name = "not_identities"} : () -> ()
}) : () -> ()
