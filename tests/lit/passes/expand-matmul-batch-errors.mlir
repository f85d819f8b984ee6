// RUN: asc-opt --verify-diagnostics --expand-matmul-batch %s
// expand-matmul-batch refuses a batch op without its batch scalars, at its line.

"builtin.module"() ({
"func.func"() ({
^bb0(%a: !asc.gm_ptr<f16>, %c: !asc.gm_ptr<f32>):
  %ga = "asc.global_tensor"() : () -> !asc.global_tensor<f16>
  %gc = "asc.global_tensor"() : () -> !asc.global_tensor<f32>
  %m = "arith.constant"() {value = 32 : i32} : () -> i32
  %two = "arith.constant"() {value = 2 : i32} : () -> i32
  %one = "arith.constant"() {value = 1 : i32} : () -> i32
  %z = "arith.constant"() {value = 0 : i32} : () -> i32
  "asc.matmul_iterate_batch"(%gc, %ga, %ga, %ga, %a, %ga, %m, %m, %m, %m, %m, %m, %m, %m, %m, %m, %m, %m, %two) {trans_a = 0 : i64, trans_b = 0 : i64, bias = 0 : i64, mix = 0 : i64, layout_a = 1 : i64, layout_b = 1 : i64, layout_c = 1 : i64} : (!asc.global_tensor<f32>, !asc.global_tensor<f16>, !asc.global_tensor<f16>, !asc.global_tensor<f16>, !asc.gm_ptr<f16>, !asc.global_tensor<f16>, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32) -> () // expected-error {{asc.matmul_iterate_batch takes the operands of asc.matmul_iterate_all (at least 5 tensors and 7 tiling scalars) and 21 batch scalars, got 19 operands}}
  "func.return"() : () -> ()
}) {function_type = (!asc.gm_ptr<f16>, !asc.gm_ptr<f32>) -> (), sym_name = "few"} : () -> ()
}) : () -> ()
