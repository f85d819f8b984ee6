// RUN: asc-opt --split-input-file --expand-matmul-batch %s | FileCheck %s
// expand-matmul-batch with C in a LocalTensor (iterate_batch into UB, MIX): batch j's C is the view
// at j x tm x tn of the tensor (lt_subview), and B keeps its own row stride, so there is no
// B-versus-C row-stride trap.
// CHECK-LABEL: ^bb0(%arg0: !asc.gm_ptr<f16>, %arg1: !asc.local_tensor<f32, VECOUT>
// CHECK-NOT: "asc.trap"
// CHECK: "scf.for"
// CHECK: "scf.for"
// CHECK: "asc.gt_subview"
// CHECK: "asc.gt_subview"
// CHECK: "asc.lt_subview"
// CHECK: "asc.matmul_iterate_all"(%{{[0-9]+}}
// CHECK-SAME: (!asc.local_tensor<f32, VECOUT>, !asc.global_tensor<f16>
// CHECK-NOT: asc.matmul_iterate_batch

"builtin.module"() ({
"func.func"() ({
^bb0(%a: !asc.gm_ptr<f16>, %lc: !asc.local_tensor<f32, VECOUT>):
  %ga = "asc.global_tensor"() : () -> !asc.global_tensor<f16>
  %m = "arith.constant"() {value = 32 : i32} : () -> i32
  %two = "arith.constant"() {value = 2 : i32} : () -> i32
  %one = "arith.constant"() {value = 1 : i32} : () -> i32
  %z = "arith.constant"() {value = 0 : i32} : () -> i32
  "asc.matmul_iterate_batch"(%lc, %ga, %ga, %ga, %a, %ga, %m, %m, %m, %m, %m, %m, %m, %m, %m, %m, %m, %m, %two, %two, %one, %one, %z, %z, %z, %m, %m, %m, %m, %m, %m, %m, %m, %m, %m, %m, %m, %m, %m, %m) {trans_a = 0 : i64, trans_b = 0 : i64, bias = 0 : i64, mix = 1 : i64, layout_a = 1 : i64, layout_b = 1 : i64, layout_c = 1 : i64} : (!asc.local_tensor<f32, VECOUT>, !asc.global_tensor<f16>, !asc.global_tensor<f16>, !asc.global_tensor<f16>, !asc.gm_ptr<f16>, !asc.global_tensor<f16>, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32) -> ()
  "func.return"() : () -> ()
}) {function_type = (!asc.gm_ptr<f16>, !asc.local_tensor<f32, VECOUT>) -> (), sym_name = "bmm"} : () -> ()
}) : () -> ()

// -----

// A in a LocalTensor: batch j's A is the view at j x (tm x tk) of the tensor (lt_subview), B and C
// are GM views; B keeps the trap that compares its row stride with C's.
// CHECK-LABEL: ^bb0(%arg0: !asc.gm_ptr<f16>, %arg1: !asc.local_tensor<f16, VECIN>
// CHECK: "asc.trap"
// CHECK: "scf.for"
// CHECK: "scf.for"
// CHECK: "asc.lt_subview"(%arg1
// CHECK: "asc.gt_subview"
// CHECK: "asc.gt_subview"
// CHECK: "asc.matmul_iterate_all"
// CHECK-SAME: (!asc.global_tensor<f32>, !asc.local_tensor<f16, VECIN>
"builtin.module"() ({
"func.func"() ({
^bb0(%a: !asc.gm_ptr<f16>, %la: !asc.local_tensor<f16, VECIN>, %c: !asc.gm_ptr<f32>):
  %ga = "asc.global_tensor"() : () -> !asc.global_tensor<f16>
  %gc = "asc.global_tensor"() : () -> !asc.global_tensor<f32>
  %m = "arith.constant"() {value = 32 : i32} : () -> i32
  %two = "arith.constant"() {value = 2 : i32} : () -> i32
  %one = "arith.constant"() {value = 1 : i32} : () -> i32
  %z = "arith.constant"() {value = 0 : i32} : () -> i32
  "asc.matmul_iterate_batch"(%gc, %la, %ga, %ga, %a, %ga, %m, %m, %m, %m, %m, %m, %m, %m, %m, %m, %m, %m, %two, %two, %one, %one, %z, %z, %z, %m, %m, %m, %m, %m, %m, %m, %m, %m, %m, %m, %m, %m, %m, %m) {trans_a = 0 : i64, trans_b = 0 : i64, bias = 0 : i64, mix = 1 : i64, layout_a = 1 : i64, layout_b = 1 : i64, layout_c = 1 : i64} : (!asc.global_tensor<f32>, !asc.local_tensor<f16, VECIN>, !asc.global_tensor<f16>, !asc.global_tensor<f16>, !asc.gm_ptr<f16>, !asc.global_tensor<f16>, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32) -> ()
  "func.return"() : () -> ()
}) {function_type = (!asc.gm_ptr<f16>, !asc.local_tensor<f16, VECIN>, !asc.gm_ptr<f32>) -> (), sym_name = "bmm"} : () -> ()
}) : () -> ()

// -----

// A bias in L1: batch j's row is the view at j x up(tn, 16) of the tensor (64-byte blocks for BT).
// CHECK-LABEL: ^bb0(%arg0: !asc.gm_ptr<f16>, %arg1: !asc.local_tensor<f32, C1>
// CHECK: "scf.for"
// CHECK: "scf.for"
// CHECK: "arith.ceildivsi"
// CHECK: "asc.lt_subview"(%arg1
// CHECK: "asc.matmul_iterate_all"
// CHECK-SAME: bias = 1 : i64
"builtin.module"() ({
"func.func"() ({
^bb0(%a: !asc.gm_ptr<f16>, %lbias: !asc.local_tensor<f32, C1>, %c: !asc.gm_ptr<f32>):
  %ga = "asc.global_tensor"() : () -> !asc.global_tensor<f16>
  %gc = "asc.global_tensor"() : () -> !asc.global_tensor<f32>
  %m = "arith.constant"() {value = 32 : i32} : () -> i32
  %two = "arith.constant"() {value = 2 : i32} : () -> i32
  %one = "arith.constant"() {value = 1 : i32} : () -> i32
  %z = "arith.constant"() {value = 0 : i32} : () -> i32
  "asc.matmul_iterate_batch"(%gc, %ga, %ga, %lbias, %a, %ga, %m, %m, %m, %m, %m, %m, %m, %m, %m, %m, %m, %m, %two, %two, %one, %one, %z, %z, %z, %m, %m, %m, %m, %m, %m, %m, %m, %m, %m, %m, %m, %m, %m, %m) {trans_a = 0 : i64, trans_b = 0 : i64, bias = 1 : i64, mix = 0 : i64, layout_a = 1 : i64, layout_b = 1 : i64, layout_c = 1 : i64} : (!asc.global_tensor<f32>, !asc.global_tensor<f16>, !asc.global_tensor<f16>, !asc.local_tensor<f32, C1>, !asc.gm_ptr<f16>, !asc.global_tensor<f16>, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32) -> ()
  "func.return"() : () -> ()
}) {function_type = (!asc.gm_ptr<f16>, !asc.local_tensor<f32, C1>, !asc.gm_ptr<f32>) -> (), sym_name = "bmm"} : () -> ()
}) : () -> ()
