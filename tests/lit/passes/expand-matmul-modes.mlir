// RUN: asc-opt --split-input-file --expand-matmul %s | FileCheck %s
// expand-matmul: the Matmul modes (docs/adv.md, "Matmul modes").  en_atomic brackets each tile's
// fixpipe with set_atomic_* of C's type and set_atomic_none; iterate_all's seq writes tile t at
// C + t x baseM x baseN (row stride baseN); asc.matmul_offset_c is scalar arithmetic.

// CHECK: "asc.mmad"
// CHECK: "asc.set_atomic_max"() {dtype = f32}
// CHECK-NEXT: "asc.fixpipe"
// CHECK-NEXT: "asc.set_atomic_none"
// CHECK: sym_name = "atomic_max"
"builtin.module"() ({
"func.func"() ({
^bb0(%a: !asc.gm_ptr<f16>, %b: !asc.gm_ptr<f16>, %c: !asc.gm_ptr<f32>):
  %ga = "asc.global_tensor"() : () -> !asc.global_tensor<f16>
  "asc.set_global_buffer"(%ga, %a) : (!asc.global_tensor<f16>, !asc.gm_ptr<f16>) -> ()
  %gb = "asc.global_tensor"() : () -> !asc.global_tensor<f16>
  "asc.set_global_buffer"(%gb, %b) : (!asc.global_tensor<f16>, !asc.gm_ptr<f16>) -> ()
  %gc = "asc.global_tensor"() : () -> !asc.global_tensor<f32>
  "asc.set_global_buffer"(%gc, %c) : (!asc.global_tensor<f32>, !asc.gm_ptr<f32>) -> ()
  %m = "arith.constant"() {value = 32 : i32} : () -> i32
  %z = "arith.constant"() {value = 0 : i32} : () -> i32
  "asc.matmul_iterate_all"(%gc, %ga, %gb, %ga, %a, %ga, %m, %m, %m, %m, %m, %m, %m, %m, %m, %m, %z, %z, %z, %z, %z, %z) {trans_a = 0 : i64, trans_b = 0 : i64, bias = 0 : i64, mix = 0 : i64, atomic = 2 : i64} : (!asc.global_tensor<f32>, !asc.global_tensor<f16>, !asc.global_tensor<f16>, !asc.global_tensor<f16>, !asc.gm_ptr<f16>, !asc.global_tensor<f16>, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32) -> ()
  "func.return"() : () -> ()
}) {function_type = (!asc.gm_ptr<f16>, !asc.gm_ptr<f16>, !asc.gm_ptr<f32>) -> (), sym_name = "atomic_max"} : () -> ()
}) : () -> ()

// -----

// CHECK: "asc.mmad"
// CHECK: %[[T:.*]] = "asc.gt_subview"(%2, %{{.*}}) : (!asc.global_tensor<f32>
// CHECK-NOT: "asc.set_atomic
// CHECK: "asc.fixpipe"(%[[T]],
// CHECK-NOT: "asc.set_atomic
// CHECK: sym_name = "sequential"
"builtin.module"() ({
"func.func"() ({
^bb0(%a: !asc.gm_ptr<f16>, %b: !asc.gm_ptr<f16>, %c: !asc.gm_ptr<f32>):
  %ga = "asc.global_tensor"() : () -> !asc.global_tensor<f16>
  "asc.set_global_buffer"(%ga, %a) : (!asc.global_tensor<f16>, !asc.gm_ptr<f16>) -> ()
  %gb = "asc.global_tensor"() : () -> !asc.global_tensor<f16>
  "asc.set_global_buffer"(%gb, %b) : (!asc.global_tensor<f16>, !asc.gm_ptr<f16>) -> ()
  %gc = "asc.global_tensor"() : () -> !asc.global_tensor<f32>
  "asc.set_global_buffer"(%gc, %c) : (!asc.global_tensor<f32>, !asc.gm_ptr<f32>) -> ()
  %m = "arith.constant"() {value = 32 : i32} : () -> i32
  %z = "arith.constant"() {value = 0 : i32} : () -> i32
  "asc.matmul_iterate_all"(%gc, %ga, %gb, %ga, %a, %ga, %m, %m, %m, %m, %m, %m, %m, %m, %m, %m, %z, %z, %z, %z, %z, %z) {trans_a = 0 : i64, trans_b = 0 : i64, bias = 0 : i64, mix = 0 : i64, seq = 1 : i64} : (!asc.global_tensor<f32>, !asc.global_tensor<f16>, !asc.global_tensor<f16>, !asc.global_tensor<f16>, !asc.gm_ptr<f16>, !asc.global_tensor<f16>, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32) -> ()
  "func.return"() : () -> ()
}) {function_type = (!asc.gm_ptr<f16>, !asc.gm_ptr<f16>, !asc.gm_ptr<f32>) -> (), sym_name = "sequential"} : () -> ()
}) : () -> ()

// -----

// CHECK-NOT: asc.matmul_offset_c
// CHECK: "arith.remsi"
// CHECK: "asc.set_value"
// CHECK-NOT: asc.matmul_offset_c
// CHECK: sym_name = "offset"
"builtin.module"() ({
"func.func"() ({
^bb0(%a: !asc.gm_ptr<i32>):
  %go = "asc.global_tensor"() : () -> !asc.global_tensor<i32>
  "asc.set_global_buffer"(%go, %a) : (!asc.global_tensor<i32>, !asc.gm_ptr<i32>) -> ()
  %m = "arith.constant"() {value = 40 : i32} : () -> i32
  %n = "arith.constant"() {value = 50 : i32} : () -> i32
  %bm = "arith.constant"() {value = 16 : i32} : () -> i32
  %bn = "arith.constant"() {value = 32 : i32} : () -> i32
  %z = "arith.constant"() {value = 0 : i32} : () -> i32
  %t = "arith.constant"() {value = 4 : i32} : () -> i32
  %o:5 = "asc.matmul_offset_c"(%a, %m, %n, %m, %m, %n, %m, %m, %bm, %bn, %bm, %z, %z, %z, %z, %z, %z, %t) {next = 0 : i64} : (!asc.gm_ptr<i32>, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32) -> (i32, i32, i32, i32, i32)
  "asc.set_value"(%go, %z, %o#0) : (!asc.global_tensor<i32>, i32, i32) -> ()
  "func.return"() : () -> ()
}) {function_type = (!asc.gm_ptr<i32>) -> (), sym_name = "offset"} : () -> ()
}) : () -> ()
