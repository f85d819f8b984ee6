// RUN: asc-opt --split-input-file --canonicalize %s | FileCheck %s
// canonicalize-3: float folding in the type's own precision.

// Case 3.1: f32 rounds every result to float, f64 to double: 0.1 + 0.2 is 0.3 in
// f32 but 0.30000000000000004 in f64; 1 / 3 likewise.  maxf/minf order -0 below
// +0.
// CHECK-LABEL: "builtin.module"
// CHECK-NEXT: "func.func"() ({
// CHECK-NEXT: %0 = "arith.constant"() {value = 0.3 : f32} : () -> f32
// CHECK-NEXT: %1 = "arith.constant"() {value = 0.30000000000000004 : f64} : () -> f64
// CHECK-NEXT: %2 = "arith.constant"() {value = 0.33333334 : f32} : () -> f32
// CHECK-NEXT: %3 = "arith.constant"() {value = 0.3333333333333333 : f64} : () -> f64
// CHECK-NEXT: %4 = "arith.constant"() {value = -7.5 : f32} : () -> f32
// CHECK-NEXT: %5 = "arith.constant"() {value = -0.75 : f64} : () -> f64
// CHECK-NEXT: %6 = "arith.constant"() {value = 0.0 : f32} : () -> f32
// CHECK-NEXT: %7 = "arith.constant"() {value = -2.5 : f32} : () -> f32
// CHECK-NEXT: %8 = "arith.constant"() {value = 0.0 : f64} : () -> f64
// CHECK-NEXT: %9 = "arith.constant"() {value = -0.0 : f64} : () -> f64
// CHECK-NEXT: %10 = "arith.constant"() {value = 2.5 : f32} : () -> f32
// CHECK-NEXT: %11 = "arith.constant"() {value = -1.5 : f16} : () -> f16
// CHECK-NEXT: "func.return"(%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11)
"builtin.module"() ({
  "func.func"() ({
    %a = "arith.constant"() {value = 0.1 : f32} : () -> f32
    %b = "arith.constant"() {value = 0.2 : f32} : () -> f32
    %c = "arith.constant"() {value = 0.1 : f64} : () -> f64
    %d = "arith.constant"() {value = 0.2 : f64} : () -> f64
    %one = "arith.constant"() {value = 1.0 : f32} : () -> f32
    %three = "arith.constant"() {value = 3.0 : f32} : () -> f32
    %one64 = "arith.constant"() {value = 1.0 : f64} : () -> f64
    %three64 = "arith.constant"() {value = 3.0 : f64} : () -> f64
    %m = "arith.constant"() {value = -2.5 : f32} : () -> f32
    %z = "arith.constant"() {value = 0.0 : f32} : () -> f32
    %p = "arith.constant"() {value = 1.5 : f64} : () -> f64
    %q = "arith.constant"() {value = 2.25 : f64} : () -> f64
    %pz = "arith.constant"() {value = 0.0 : f64} : () -> f64
    %nz = "arith.constant"() {value = -0.0 : f64} : () -> f64
    %h = "arith.constant"() {value = 1.5 : f16} : () -> f16
    %0 = "arith.addf"(%a, %b) : (f32, f32) -> f32
    %1 = "arith.addf"(%c, %d) : (f64, f64) -> f64
    %2 = "arith.divf"(%one, %three) : (f32, f32) -> f32
    %3 = "arith.divf"(%one64, %three64) : (f64, f64) -> f64
    %4 = "arith.mulf"(%three, %m) : (f32, f32) -> f32
    %5 = "arith.subf"(%p, %q) : (f64, f64) -> f64
    %6 = "arith.maxf"(%m, %z) : (f32, f32) -> f32
    %7 = "arith.minf"(%m, %z) : (f32, f32) -> f32
    %8 = "arith.maxf"(%nz, %pz) : (f64, f64) -> f64
    %9 = "arith.minf"(%pz, %nz) : (f64, f64) -> f64
    %10 = "arith.negf"(%m) : (f32) -> f32
    %11 = "arith.negf"(%h) : (f16) -> f16
    "func.return"(%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11) : (f32, f64, f32, f64, f32, f64, f32, f32, f64, f64, f32, f16) -> ()
  }) {function_type = () -> (f32, f64, f32, f64, f32, f64, f32, f32, f64, f64, f32, f16), sym_name = "float_ops"} : () -> ()
}) : () -> ()

// -----
// Case 3.2: f16 and bf16 round to nearest even: f16 0.1 + 0.2 lands on a tie and
// gives 0.2998046875 (not f16 0.3 = 0.300048828125); bf16 1 + 2^-8 is a tie that
// goes down to 1.0, 1 + 3 * 2^-8 one that goes up to 1.015625.
// CHECK-LABEL: "builtin.module"
// CHECK-NEXT: "func.func"() ({
// CHECK-NEXT: %0 = "arith.constant"() {value = 0.2998046875 : f16} : () -> f16
// CHECK-NEXT: %1 = "arith.constant"() {value = 0.333251953125 : f16} : () -> f16
// CHECK-NEXT: %2 = "arith.constant"() {value = 1.0 : bf16} : () -> bf16
// CHECK-NEXT: %3 = "arith.constant"() {value = 1.015625 : bf16} : () -> bf16
// CHECK-NEXT: "func.return"(%0, %1, %2, %3) : (f16, f16, bf16, bf16) -> ()
"builtin.module"() ({
  "func.func"() ({
    %a = "arith.constant"() {value = 0.1 : f16} : () -> f16
    %b = "arith.constant"() {value = 0.2 : f16} : () -> f16
    %one = "arith.constant"() {value = 1.0 : f16} : () -> f16
    %three = "arith.constant"() {value = 3.0 : f16} : () -> f16
    %x = "arith.constant"() {value = 1.0 : bf16} : () -> bf16
    %y = "arith.constant"() {value = 0.00390625 : bf16} : () -> bf16
    %z = "arith.constant"() {value = 0.01171875 : bf16} : () -> bf16
    %0 = "arith.addf"(%a, %b) : (f16, f16) -> f16
    %1 = "arith.divf"(%one, %three) : (f16, f16) -> f16
    %2 = "arith.addf"(%x, %y) : (bf16, bf16) -> bf16
    %3 = "arith.addf"(%x, %z) : (bf16, bf16) -> bf16
    "func.return"(%0, %1, %2, %3) : (f16, f16, bf16, bf16) -> ()
  }) {function_type = () -> (f16, f16, bf16, bf16), sym_name = "halves"} : () -> ()
}) : () -> ()

// -----
// Case 3.3: not folded: results that are not finite (a division by zero, an f16
// sum past 65504).
// CHECK-LABEL: "builtin.module"
// CHECK-NEXT: "func.func"() ({
// CHECK-NEXT: %0 = "arith.constant"() {value = 1.0 : f32} : () -> f32
// CHECK-NEXT: %1 = "arith.constant"() {value = 0.0 : f32} : () -> f32
// CHECK-NEXT: %2 = "arith.divf"(%0, %1) : (f32, f32) -> f32
// CHECK-NEXT: %3 = "arith.constant"() {value = 65504.0 : f16} : () -> f16
// CHECK-NEXT: %4 = "arith.addf"(%3, %3) : (f16, f16) -> f16
// CHECK-NEXT: "func.return"(%2, %4) : (f32, f16) -> ()
"builtin.module"() ({
  "func.func"() ({
    %0 = "arith.constant"() {value = 1.0 : f32} : () -> f32
    %1 = "arith.constant"() {value = 0.0 : f32} : () -> f32
    %2 = "arith.divf"(%0, %1) : (f32, f32) -> f32
    %3 = "arith.constant"() {value = 65504.0 : f16} : () -> f16
    %4 = "arith.addf"(%3, %3) : (f16, f16) -> f16
    "func.return"(%2, %4) : (f32, f16) -> ()
  }) {function_type = () -> (f32, f16), sym_name = "kept"} : () -> ()
}) : () -> ()
