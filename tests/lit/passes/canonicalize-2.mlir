// RUN: asc-opt --canonicalize %s | FileCheck %s
// canonicalize-2: what is undefined at run time is not folded: division and
// remainder by zero, INT_MIN / -1 (also ceildivsi and remsi), shifts by the width
// or more.  The IR comes out unchanged.

// CHECK: %0 = "arith.constant"() {value = 7 : i32} : () -> i32
// CHECK-NEXT: %1 = "arith.constant"() {value = 0 : i32} : () -> i32
// CHECK-NEXT: %2 = "arith.constant"() {value = -2147483648 : i32} : () -> i32
// CHECK-NEXT: %3 = "arith.constant"() {value = -1 : i32} : () -> i32
// CHECK-NEXT: %4 = "arith.constant"() {value = 32 : i32} : () -> i32
// CHECK-NEXT: %5 = "arith.divsi"(%0, %1) : (i32, i32) -> i32
// CHECK-NEXT: %6 = "arith.divui"(%0, %1) : (i32, i32) -> i32
// CHECK-NEXT: %7 = "arith.remsi"(%0, %1) : (i32, i32) -> i32
// CHECK-NEXT: %8 = "arith.remui"(%0, %1) : (i32, i32) -> i32
// CHECK-NEXT: %9 = "arith.ceildivsi"(%0, %1) : (i32, i32) -> i32
// CHECK-NEXT: %10 = "arith.divsi"(%2, %3) : (i32, i32) -> i32
// CHECK-NEXT: %11 = "arith.remsi"(%2, %3) : (i32, i32) -> i32
// CHECK-NEXT: %12 = "arith.ceildivsi"(%2, %3) : (i32, i32) -> i32
// CHECK-NEXT: %13 = "arith.shli"(%0, %4) : (i32, i32) -> i32
// CHECK-NEXT: %14 = "arith.shrsi"(%0, %4) : (i32, i32) -> i32
// CHECK-NEXT: %15 = "arith.shrui"(%0, %3) : (i32, i32) -> i32
// CHECK-NEXT: %16 = "arith.constant"() {value = -9223372036854775808 : i64} : () -> i64
// CHECK-NEXT: %17 = "arith.constant"() {value = -1 : i64} : () -> i64
// CHECK-NEXT: %18 = "arith.divsi"(%16, %17) : (i64, i64) -> i64
// CHECK-NEXT: "func.return"(%5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %18)
"builtin.module"() ({
  "func.func"() ({
    %0 = "arith.constant"() {value = 7 : i32} : () -> i32
    %1 = "arith.constant"() {value = 0 : i32} : () -> i32
    %2 = "arith.constant"() {value = -2147483648 : i32} : () -> i32
    %3 = "arith.constant"() {value = -1 : i32} : () -> i32
    %4 = "arith.constant"() {value = 32 : i32} : () -> i32
    %5 = "arith.divsi"(%0, %1) : (i32, i32) -> i32
    %6 = "arith.divui"(%0, %1) : (i32, i32) -> i32
    %7 = "arith.remsi"(%0, %1) : (i32, i32) -> i32
    %8 = "arith.remui"(%0, %1) : (i32, i32) -> i32
    %9 = "arith.ceildivsi"(%0, %1) : (i32, i32) -> i32
    %10 = "arith.divsi"(%2, %3) : (i32, i32) -> i32
    %11 = "arith.remsi"(%2, %3) : (i32, i32) -> i32
    %12 = "arith.ceildivsi"(%2, %3) : (i32, i32) -> i32
    %13 = "arith.shli"(%0, %4) : (i32, i32) -> i32
    %14 = "arith.shrsi"(%0, %4) : (i32, i32) -> i32
    %15 = "arith.shrui"(%0, %3) : (i32, i32) -> i32
    %16 = "arith.constant"() {value = -9223372036854775808 : i64} : () -> i64
    %17 = "arith.constant"() {value = -1 : i64} : () -> i64
    %18 = "arith.divsi"(%16, %17) : (i64, i64) -> i64
    "func.return"(%5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %18) : (i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i64) -> ()
  }) {function_type = () -> (i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i64), sym_name = "undefined"} : () -> ()
}) : () -> ()
