// RUN: asc-opt --split-input-file --canonicalize %s | FileCheck %s
// canonicalize-5: casts.

// Case 5.1: folded.  extsi/extui read i8 -5 signed/unsigned (251); trunci keeps the
// low bits (300 -> 44); uitofp reads -1 as 4294967295, which rounds to 2^32 in f32;
// fptosi truncates toward zero; fptoui's 3e9 is written as a signless i32
// (-1294967296); extf is exact (f32 0.1 is not f64 0.1), truncf rounds; bitcast
// keeps the bits.
// CHECK-LABEL: "builtin.module"
// CHECK-NEXT: "func.func"() ({
// CHECK-NEXT: %0 = "arith.constant"() {value = -5 : i32} : () -> i32
// CHECK-NEXT: %1 = "arith.constant"() {value = 251 : i32} : () -> i32
// CHECK-NEXT: %2 = "arith.constant"() {value = 44 : i8} : () -> i8
// CHECK-NEXT: %3 = "arith.constant"() {value = -3.0 : f32} : () -> f32
// CHECK-NEXT: %4 = "arith.constant"() {value = 4.2949673e+09 : f32} : () -> f32
// CHECK-NEXT: %5 = "arith.constant"() {value = -3 : i32} : () -> i32
// CHECK-NEXT: %6 = "arith.constant"() {value = -1294967296 : i32} : () -> i32
// CHECK-NEXT: %7 = "arith.constant"() {value = 0.10000000149011612 : f64} : () -> f64
// CHECK-NEXT: %8 = "arith.constant"() {value = 0.1 : f32} : () -> f32
// CHECK-NEXT: %9 = "arith.constant"() {value = 1.0 : f32} : () -> f32
// CHECK-NEXT: %10 = "arith.constant"() {value = -1073741824 : i32} : () -> i32
// CHECK-NEXT: "func.return"(%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10)
"builtin.module"() ({
  "func.func"() ({
    %m5 = "arith.constant"() {value = -5 : i8} : () -> i8
    %c300 = "arith.constant"() {value = 300 : i32} : () -> i32
    %m3 = "arith.constant"() {value = -3 : i32} : () -> i32
    %m1 = "arith.constant"() {value = -1 : i32} : () -> i32
    %f = "arith.constant"() {value = -3.75 : f32} : () -> f32
    %g = "arith.constant"() {value = 3.0e9 : f64} : () -> f64
    %tenth32 = "arith.constant"() {value = 0.1 : f32} : () -> f32
    %tenth64 = "arith.constant"() {value = 0.1 : f64} : () -> f64
    %bits = "arith.constant"() {value = 1065353216 : i32} : () -> i32
    %m2 = "arith.constant"() {value = -2.0 : f32} : () -> f32
    %0 = "arith.extsi"(%m5) : (i8) -> i32
    %1 = "arith.extui"(%m5) : (i8) -> i32
    %2 = "arith.trunci"(%c300) : (i32) -> i8
    %3 = "arith.sitofp"(%m3) : (i32) -> f32
    %4 = "arith.uitofp"(%m1) : (i32) -> f32
    %5 = "arith.fptosi"(%f) : (f32) -> i32
    %6 = "arith.fptoui"(%g) : (f64) -> i32
    %7 = "arith.extf"(%tenth32) : (f32) -> f64
    %8 = "arith.truncf"(%tenth64) : (f64) -> f32
    %9 = "arith.bitcast"(%bits) : (i32) -> f32
    %10 = "arith.bitcast"(%m2) : (f32) -> i32
    "func.return"(%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10) : (i32, i32, i8, f32, f32, i32, i32, f64, f32, f32, i32) -> ()
  }) {function_type = () -> (i32, i32, i8, f32, f32, i32, i32, f64, f32, f32, i32), sym_name = "casts"} : () -> ()
}) : () -> ()

// -----
// Case 5.2: not folded, the result does not fit: 3e9 into i32 (signed), -1.0 into
// an unsigned i32, 70000 into f16 (largest finite 65504).
// CHECK-LABEL: "builtin.module"
// CHECK-NEXT: "func.func"() ({
// CHECK-NEXT: %0 = "arith.constant"() {value = 3.0e+09 : f32} : () -> f32
// CHECK-NEXT: %1 = "arith.fptosi"(%0) : (f32) -> i32
// CHECK-NEXT: %2 = "arith.constant"() {value = -1.0 : f32} : () -> f32
// CHECK-NEXT: %3 = "arith.fptoui"(%2) : (f32) -> i32
// CHECK-NEXT: %4 = "arith.constant"() {value = 70000 : i32} : () -> i32
// CHECK-NEXT: %5 = "arith.sitofp"(%4) : (i32) -> f16
// CHECK-NEXT: "func.return"(%1, %3, %5) : (i32, i32, f16) -> ()
"builtin.module"() ({
  "func.func"() ({
    %0 = "arith.constant"() {value = 3.0e9 : f32} : () -> f32
    %1 = "arith.fptosi"(%0) : (f32) -> i32
    %2 = "arith.constant"() {value = -1.0 : f32} : () -> f32
    %3 = "arith.fptoui"(%2) : (f32) -> i32
    %4 = "arith.constant"() {value = 70000 : i32} : () -> i32
    %5 = "arith.sitofp"(%4) : (i32) -> f16
    "func.return"(%1, %3, %5) : (i32, i32, f16) -> ()
  }) {function_type = () -> (i32, i32, f16), sym_name = "kept"} : () -> ()
}) : () -> ()
