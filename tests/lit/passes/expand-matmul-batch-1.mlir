// RUN: asc-opt --expand-matmul-batch %s | FileCheck %s
// expand-matmul-batch: an IterateBatch becomes a loop (batchLoop) of loops (max(batchA, batchB)) of
// single matmuls over views of A, B and C; expand-matmul expands those further.
// B K x N shares C's row stride (orgN) in the single matmul: a layout that differs traps.
// CHECK-NOT: asc.matmul_iterate_batch
// CHECK: %[[NB:.*]] = "arith.maxsi"
// CHECK: "scf.if"
// CHECK-NEXT: "asc.trap"
// CHECK: "scf.for"
// CHECK: "scf.for"(%{{.*}}, %[[NBX:[0-9]+]],
// CHECK: "asc.gt_subview"
// CHECK: "asc.gt_subview"
// CHECK: "asc.gt_subview"
// CHECK: "asc.matmul_iterate_all"
// CHECK-SAME: {bias = 0 : i64, mix = 0 : i64, trans_a = 0 : i64, trans_b = 0 : i64}
// CHECK-NOT: asc.matmul_iterate_batch

"builtin.module"() ({
"func.func"() ({
^bb0(%a: !asc.gm_ptr<f16>, %c: !asc.gm_ptr<f32>):
  %ga = "asc.global_tensor"() : () -> !asc.global_tensor<f16>
  %gc = "asc.global_tensor"() : () -> !asc.global_tensor<f32>
  %m = "arith.constant"() {value = 32 : i32} : () -> i32
  %two = "arith.constant"() {value = 2 : i32} : () -> i32
  %one = "arith.constant"() {value = 1 : i32} : () -> i32
  %z = "arith.constant"() {value = 0 : i32} : () -> i32
  "asc.matmul_iterate_batch"(%gc, %ga, %ga, %ga, %a, %ga, %m, %m, %m, %m, %m, %m, %m, %m, %m, %m, %m, %m, %two, %two, %one, %one, %z, %z, %z, %m, %m, %m, %m, %m, %m, %m, %m, %m, %m, %m, %m, %m, %m, %m) {trans_a = 0 : i64, trans_b = 0 : i64, bias = 0 : i64, mix = 0 : i64, layout_a = 1 : i64, layout_b = 1 : i64, layout_c = 1 : i64} : (!asc.global_tensor<f32>, !asc.global_tensor<f16>, !asc.global_tensor<f16>, !asc.global_tensor<f16>, !asc.gm_ptr<f16>, !asc.global_tensor<f16>, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32) -> ()
  "func.return"() : () -> ()
}) {function_type = (!asc.gm_ptr<f16>, !asc.gm_ptr<f32>) -> (), sym_name = "bmm"} : () -> ()
}) : () -> ()
