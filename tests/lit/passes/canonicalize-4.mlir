// RUN: asc-opt --split-input-file --canonicalize %s | FileCheck %s
// canonicalize-4: comparisons fold to i1 constants (true or false).

// Case 4.1: cmpi, all ten predicates on -1 and 1 (0xFFFFFFFF read unsigned):
// eq ne slt sle sgt sge ult ule ugt uge => F T T T F F F F T T.
// CHECK-LABEL: "builtin.module"
// CHECK-NEXT: "func.func"() ({
// CHECK-NEXT: %0 = "arith.constant"() {value = false} : () -> i1
// CHECK-NEXT: %1 = "arith.constant"() {value = true} : () -> i1
// CHECK-NEXT: %2 = "arith.constant"() {value = true} : () -> i1
// CHECK-NEXT: %3 = "arith.constant"() {value = true} : () -> i1
// CHECK-NEXT: %4 = "arith.constant"() {value = false} : () -> i1
// CHECK-NEXT: %5 = "arith.constant"() {value = false} : () -> i1
// CHECK-NEXT: %6 = "arith.constant"() {value = false} : () -> i1
// CHECK-NEXT: %7 = "arith.constant"() {value = false} : () -> i1
// CHECK-NEXT: %8 = "arith.constant"() {value = true} : () -> i1
// CHECK-NEXT: %9 = "arith.constant"() {value = true} : () -> i1
// CHECK-NEXT: "func.return"(%0, %1, %2, %3, %4, %5, %6, %7, %8, %9)
"builtin.module"() ({
  "func.func"() ({
    %a = "arith.constant"() {value = -1 : i32} : () -> i32
    %b = "arith.constant"() {value = 1 : i32} : () -> i32
    %0 = "arith.cmpi"(%a, %b) {predicate = 0 : i64} : (i32, i32) -> i1
    %1 = "arith.cmpi"(%a, %b) {predicate = 1 : i64} : (i32, i32) -> i1
    %2 = "arith.cmpi"(%a, %b) {predicate = 2 : i64} : (i32, i32) -> i1
    %3 = "arith.cmpi"(%a, %b) {predicate = 3 : i64} : (i32, i32) -> i1
    %4 = "arith.cmpi"(%a, %b) {predicate = 4 : i64} : (i32, i32) -> i1
    %5 = "arith.cmpi"(%a, %b) {predicate = 5 : i64} : (i32, i32) -> i1
    %6 = "arith.cmpi"(%a, %b) {predicate = 6 : i64} : (i32, i32) -> i1
    %7 = "arith.cmpi"(%a, %b) {predicate = 7 : i64} : (i32, i32) -> i1
    %8 = "arith.cmpi"(%a, %b) {predicate = 8 : i64} : (i32, i32) -> i1
    %9 = "arith.cmpi"(%a, %b) {predicate = 9 : i64} : (i32, i32) -> i1
    "func.return"(%0, %1, %2, %3, %4, %5, %6, %7, %8, %9) : (i1, i1, i1, i1, i1, i1, i1, i1, i1, i1) -> ()
  }) {function_type = () -> (i1, i1, i1, i1, i1, i1, i1, i1, i1, i1), sym_name = "cmpi"} : () -> ()
}) : () -> ()

// -----
// Case 4.2: cmpf, all sixteen predicates on 1.0 and 2.0 (ordered, less):
// false oeq ogt oge olt ole one ord ueq ugt uge ult ule une uno true
// => F F F F T T T T F F F T T T F T.
// CHECK-LABEL: "builtin.module"
// CHECK-NEXT: "func.func"() ({
// CHECK-NEXT: %0 = "arith.constant"() {value = false} : () -> i1
// CHECK-NEXT: %1 = "arith.constant"() {value = false} : () -> i1
// CHECK-NEXT: %2 = "arith.constant"() {value = false} : () -> i1
// CHECK-NEXT: %3 = "arith.constant"() {value = false} : () -> i1
// CHECK-NEXT: %4 = "arith.constant"() {value = true} : () -> i1
// CHECK-NEXT: %5 = "arith.constant"() {value = true} : () -> i1
// CHECK-NEXT: %6 = "arith.constant"() {value = true} : () -> i1
// CHECK-NEXT: %7 = "arith.constant"() {value = true} : () -> i1
// CHECK-NEXT: %8 = "arith.constant"() {value = false} : () -> i1
// CHECK-NEXT: %9 = "arith.constant"() {value = false} : () -> i1
// CHECK-NEXT: %10 = "arith.constant"() {value = false} : () -> i1
// CHECK-NEXT: %11 = "arith.constant"() {value = true} : () -> i1
// CHECK-NEXT: %12 = "arith.constant"() {value = true} : () -> i1
// CHECK-NEXT: %13 = "arith.constant"() {value = true} : () -> i1
// CHECK-NEXT: %14 = "arith.constant"() {value = false} : () -> i1
// CHECK-NEXT: %15 = "arith.constant"() {value = true} : () -> i1
// CHECK-NEXT: "func.return"(%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15)
"builtin.module"() ({
  "func.func"() ({
    %a = "arith.constant"() {value = 1.0 : f32} : () -> f32
    %b = "arith.constant"() {value = 2.0 : f32} : () -> f32
    %0 = "arith.cmpf"(%a, %b) {predicate = 0 : i64} : (f32, f32) -> i1
    %1 = "arith.cmpf"(%a, %b) {predicate = 1 : i64} : (f32, f32) -> i1
    %2 = "arith.cmpf"(%a, %b) {predicate = 2 : i64} : (f32, f32) -> i1
    %3 = "arith.cmpf"(%a, %b) {predicate = 3 : i64} : (f32, f32) -> i1
    %4 = "arith.cmpf"(%a, %b) {predicate = 4 : i64} : (f32, f32) -> i1
    %5 = "arith.cmpf"(%a, %b) {predicate = 5 : i64} : (f32, f32) -> i1
    %6 = "arith.cmpf"(%a, %b) {predicate = 6 : i64} : (f32, f32) -> i1
    %7 = "arith.cmpf"(%a, %b) {predicate = 7 : i64} : (f32, f32) -> i1
    %8 = "arith.cmpf"(%a, %b) {predicate = 8 : i64} : (f32, f32) -> i1
    %9 = "arith.cmpf"(%a, %b) {predicate = 9 : i64} : (f32, f32) -> i1
    %10 = "arith.cmpf"(%a, %b) {predicate = 10 : i64} : (f32, f32) -> i1
    %11 = "arith.cmpf"(%a, %b) {predicate = 11 : i64} : (f32, f32) -> i1
    %12 = "arith.cmpf"(%a, %b) {predicate = 12 : i64} : (f32, f32) -> i1
    %13 = "arith.cmpf"(%a, %b) {predicate = 13 : i64} : (f32, f32) -> i1
    %14 = "arith.cmpf"(%a, %b) {predicate = 14 : i64} : (f32, f32) -> i1
    %15 = "arith.cmpf"(%a, %b) {predicate = 15 : i64} : (f32, f32) -> i1
    "func.return"(%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15) : (i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1) -> ()
  }) {function_type = () -> (i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1), sym_name = "cmpf"} : () -> ()
}) : () -> ()

// -----
// Case 4.3: a NaN operand (written in hex, as the printer writes it) makes every
// comparison unordered: oeq ord => F F; ueq une uno ult => T T T T.
// CHECK-LABEL: "builtin.module"
// CHECK-NEXT: "func.func"() ({
// CHECK-NEXT: %0 = "arith.constant"() {value = false} : () -> i1
// CHECK-NEXT: %1 = "arith.constant"() {value = false} : () -> i1
// CHECK-NEXT: %2 = "arith.constant"() {value = true} : () -> i1
// CHECK-NEXT: %3 = "arith.constant"() {value = true} : () -> i1
// CHECK-NEXT: %4 = "arith.constant"() {value = true} : () -> i1
// CHECK-NEXT: %5 = "arith.constant"() {value = true} : () -> i1
// CHECK-NEXT: "func.return"(%0, %1, %2, %3, %4, %5)
"builtin.module"() ({
  "func.func"() ({
    %a = "arith.constant"() {value = 1.0 : f32} : () -> f32
    %n = "arith.constant"() {value = 0x7FC00000 : f32} : () -> f32
    %0 = "arith.cmpf"(%a, %n) {predicate = 1 : i64} : (f32, f32) -> i1
    %1 = "arith.cmpf"(%a, %n) {predicate = 7 : i64} : (f32, f32) -> i1
    %2 = "arith.cmpf"(%a, %n) {predicate = 8 : i64} : (f32, f32) -> i1
    %3 = "arith.cmpf"(%a, %n) {predicate = 13 : i64} : (f32, f32) -> i1
    %4 = "arith.cmpf"(%a, %n) {predicate = 14 : i64} : (f32, f32) -> i1
    %5 = "arith.cmpf"(%a, %n) {predicate = 11 : i64} : (f32, f32) -> i1
    "func.return"(%0, %1, %2, %3, %4, %5) : (i1, i1, i1, i1, i1, i1) -> ()
  }) {function_type = () -> (i1, i1, i1, i1, i1, i1), sym_name = "nan"} : () -> ()
}) : () -> ()

// -----
// Case 4.4: a value compared with itself, though unknown: eq sle uge hold, ne slt
// do not.
// CHECK-LABEL: "builtin.module"
// CHECK-NEXT: "func.func"() ({
// CHECK-NEXT: ^bb0(%arg0: i32):
// CHECK-NEXT: %0 = "arith.constant"() {value = true} : () -> i1
// CHECK-NEXT: %1 = "arith.constant"() {value = true} : () -> i1
// CHECK-NEXT: %2 = "arith.constant"() {value = true} : () -> i1
// CHECK-NEXT: %3 = "arith.constant"() {value = false} : () -> i1
// CHECK-NEXT: %4 = "arith.constant"() {value = false} : () -> i1
// CHECK-NEXT: "func.return"(%0, %1, %2, %3, %4)
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%arg0: i32):
    %0 = "arith.cmpi"(%arg0, %arg0) {predicate = 0 : i64} : (i32, i32) -> i1
    %1 = "arith.cmpi"(%arg0, %arg0) {predicate = 3 : i64} : (i32, i32) -> i1
    %2 = "arith.cmpi"(%arg0, %arg0) {predicate = 9 : i64} : (i32, i32) -> i1
    %3 = "arith.cmpi"(%arg0, %arg0) {predicate = 1 : i64} : (i32, i32) -> i1
    %4 = "arith.cmpi"(%arg0, %arg0) {predicate = 2 : i64} : (i32, i32) -> i1
    "func.return"(%0, %1, %2, %3, %4) : (i1, i1, i1, i1, i1) -> ()
  }) {function_type = (i32) -> (i1, i1, i1, i1, i1), sym_name = "self"} : () -> ()
}) : () -> ()
