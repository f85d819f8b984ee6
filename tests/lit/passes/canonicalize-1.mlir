// RUN: asc-opt --split-input-file --canonicalize %s | FileCheck %s
// canonicalize-1: integer folding.  Each folded op becomes a constant in its place
// and the operand constants, now unused, are removed.

// Case 1.1: every two-operand integer op on i32, with 7 and -3 (bits 0xFFFFFFFD
// when read unsigned).
// CHECK-LABEL: "builtin.module"
// CHECK-NEXT: "func.func"() ({
// CHECK-NEXT: %0 = "arith.constant"() {value = 4 : i32} : () -> i32
// CHECK-NEXT: %1 = "arith.constant"() {value = 10 : i32} : () -> i32
// CHECK-NEXT: %2 = "arith.constant"() {value = -21 : i32} : () -> i32
// CHECK-NEXT: %3 = "arith.constant"() {value = -2 : i32} : () -> i32
// CHECK-NEXT: %4 = "arith.constant"() {value = 0 : i32} : () -> i32
// CHECK-NEXT: %5 = "arith.constant"() {value = 1 : i32} : () -> i32
// CHECK-NEXT: %6 = "arith.constant"() {value = 7 : i32} : () -> i32
// CHECK-NEXT: %7 = "arith.constant"() {value = 4 : i32} : () -> i32
// CHECK-NEXT: %8 = "arith.constant"() {value = -1 : i32} : () -> i32
// CHECK-NEXT: %9 = "arith.constant"() {value = 7 : i32} : () -> i32
// CHECK-NEXT: %10 = "arith.constant"() {value = -3 : i32} : () -> i32
// CHECK-NEXT: %11 = "arith.constant"() {value = 5 : i32} : () -> i32
// CHECK-NEXT: %12 = "arith.constant"() {value = -1 : i32} : () -> i32
// CHECK-NEXT: %13 = "arith.constant"() {value = -6 : i32} : () -> i32
// CHECK-NEXT: %14 = "arith.constant"() {value = 28 : i32} : () -> i32
// CHECK-NEXT: %15 = "arith.constant"() {value = -2 : i32} : () -> i32
// CHECK-NEXT: %16 = "arith.constant"() {value = 15 : i32} : () -> i32
// CHECK-NEXT: "func.return"(%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16)
"builtin.module"() ({
  "func.func"() ({
    %a = "arith.constant"() {value = 7 : i32} : () -> i32
    %b = "arith.constant"() {value = -3 : i32} : () -> i32
    %c1 = "arith.constant"() {value = 1 : i32} : () -> i32
    %c2 = "arith.constant"() {value = 2 : i32} : () -> i32
    %c28 = "arith.constant"() {value = 28 : i32} : () -> i32
    %0 = "arith.addi"(%a, %b) : (i32, i32) -> i32
    %1 = "arith.subi"(%a, %b) : (i32, i32) -> i32
    %2 = "arith.muli"(%a, %b) : (i32, i32) -> i32
    %3 = "arith.divsi"(%a, %b) : (i32, i32) -> i32
    %4 = "arith.divui"(%a, %b) : (i32, i32) -> i32
    %5 = "arith.remsi"(%a, %b) : (i32, i32) -> i32
    %6 = "arith.remui"(%a, %b) : (i32, i32) -> i32
    %7 = "arith.ceildivsi"(%a, %c2) : (i32, i32) -> i32
    %8 = "arith.ceildivsi"(%b, %c2) : (i32, i32) -> i32
    %9 = "arith.maxsi"(%a, %b) : (i32, i32) -> i32
    %10 = "arith.minsi"(%a, %b) : (i32, i32) -> i32
    %11 = "arith.andi"(%a, %b) : (i32, i32) -> i32
    %12 = "arith.ori"(%a, %b) : (i32, i32) -> i32
    %13 = "arith.xori"(%a, %b) : (i32, i32) -> i32
    %14 = "arith.shli"(%a, %c2) : (i32, i32) -> i32
    %15 = "arith.shrsi"(%b, %c1) : (i32, i32) -> i32
    %16 = "arith.shrui"(%b, %c28) : (i32, i32) -> i32
    "func.return"(%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16) : (i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32) -> ()
  }) {function_type = () -> (i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32), sym_name = "int_ops"} : () -> ()
}) : () -> ()

// -----
// Case 1.2: results wrap at the type's width: i8 100 + 100 = -56, i8 16 * 16 = 0,
// i16 -32768 - 1 = 32767, i64 max + 1 = min, i1 1 + 1 = 0; a chain folds in one
// run ((100 + 100) * 16 on i8 = -56 * 16 = -896 = 128 mod 256 = -128).
// CHECK-LABEL: "builtin.module"
// CHECK-NEXT: "func.func"() ({
// CHECK-NEXT: %0 = "arith.constant"() {value = -56 : i8} : () -> i8
// CHECK-NEXT: %1 = "arith.constant"() {value = 0 : i8} : () -> i8
// CHECK-NEXT: %2 = "arith.constant"() {value = -128 : i8} : () -> i8
// CHECK-NEXT: %3 = "arith.constant"() {value = 32767 : i16} : () -> i16
// CHECK-NEXT: %4 = "arith.constant"() {value = -9223372036854775808 : i64} : () -> i64
// CHECK-NEXT: %5 = "arith.constant"() {value = false} : () -> i1
// CHECK-NEXT: "func.return"(%0, %1, %2, %3, %4, %5)
"builtin.module"() ({
  "func.func"() ({
    %a = "arith.constant"() {value = 100 : i8} : () -> i8
    %b = "arith.constant"() {value = 16 : i8} : () -> i8
    %0 = "arith.addi"(%a, %a) : (i8, i8) -> i8
    %1 = "arith.muli"(%b, %b) : (i8, i8) -> i8
    %2 = "arith.muli"(%0, %b) : (i8, i8) -> i8
    %c = "arith.constant"() {value = -32768 : i16} : () -> i16
    %d = "arith.constant"() {value = 1 : i16} : () -> i16
    %3 = "arith.subi"(%c, %d) : (i16, i16) -> i16
    %e = "arith.constant"() {value = 9223372036854775807 : i64} : () -> i64
    %f = "arith.constant"() {value = 1 : i64} : () -> i64
    %4 = "arith.addi"(%e, %f) : (i64, i64) -> i64
    %t = "arith.constant"() {value = true} : () -> i1
    %5 = "arith.addi"(%t, %t) : (i1, i1) -> i1
    "func.return"(%0, %1, %2, %3, %4, %5) : (i8, i8, i8, i16, i64, i1) -> ()
  }) {function_type = () -> (i8, i8, i8, i16, i64, i1), sym_name = "wrap"} : () -> ()
}) : () -> ()

// -----
// Case 1.3: i64 arithmetic folds at 64 bits; index_cast reads an integer signed
// and truncates an index.
// CHECK-LABEL: "builtin.module"
// CHECK-NEXT: "func.func"() ({
// CHECK-NEXT: %0 = "arith.constant"() {value = 4294967296 : i64} : () -> i64
// CHECK-NEXT: %1 = "arith.constant"() {value = -7 : index} : () -> index
// CHECK-NEXT: %2 = "arith.constant"() {value = 1 : i32} : () -> i32
// CHECK-NEXT: "func.return"(%0, %1, %2) : (i64, index, i32) -> ()
"builtin.module"() ({
  "func.func"() ({
    %a = "arith.constant"() {value = 65536 : i64} : () -> i64
    %0 = "arith.muli"(%a, %a) : (i64, i64) -> i64
    %b = "arith.constant"() {value = -7 : i32} : () -> i32
    %1 = "arith.index_cast"(%b) : (i32) -> index
    %c = "arith.constant"() {value = 4294967297 : index} : () -> index
    %2 = "arith.index_cast"(%c) : (index) -> i32
    "func.return"(%0, %1, %2) : (i64, index, i32) -> ()
  }) {function_type = () -> (i64, index, i32), sym_name = "idx"} : () -> ()
}) : () -> ()
