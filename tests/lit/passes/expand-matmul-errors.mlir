// RUN: asc-opt --split-input-file --verify-diagnostics --expand-matmul %s
// expand-matmul refuses malformed or unsupported Matmul ops at their line.

"builtin.module"() ({
"func.func"() ({
^bb0(%a: !asc.gm_ptr<f16>, %c: !asc.gm_ptr<f32>):
  %ga = "asc.global_tensor"() : () -> !asc.global_tensor<f16>
  %gc = "asc.global_tensor"() : () -> !asc.global_tensor<f32>
  %m = "arith.constant"() {value = 32 : i32} : () -> i32
  "asc.matmul_iterate_all"(%gc, %ga, %ga, %ga, %a, %ga, %m, %m) {trans_a = 0 : i64, trans_b = 0 : i64, bias = 0 : i64, mix = 0 : i64} : (!asc.global_tensor<f32>, !asc.global_tensor<f16>, !asc.global_tensor<f16>, !asc.global_tensor<f16>, !asc.gm_ptr<f16>, !asc.global_tensor<f16>, i32, i32) -> () // expected-error {{asc.matmul_iterate_all takes 16 scalars after (c, a, b, bias, workspace, quant vector), got 2}}
  "func.return"() : () -> ()
}) {function_type = (!asc.gm_ptr<f16>, !asc.gm_ptr<f32>) -> (), sym_name = "few"} : () -> ()
}) : () -> ()

// -----

"builtin.module"() ({
"func.func"() ({
^bb0(%a: !asc.gm_ptr<i8>, %c: !asc.gm_ptr<f16>):
  %ga = "asc.global_tensor"() : () -> !asc.global_tensor<i8>
  %gc = "asc.global_tensor"() : () -> !asc.global_tensor<f16>
  %m = "arith.constant"() {value = 32 : i32} : () -> i32
  "asc.matmul_iterate_all"(%gc, %ga, %ga, %ga, %a, %ga, %m, %m, %m, %m, %m, %m, %m, %m, %m, %m, %m, %m, %m, %m, %m, %m) {trans_a = 0 : i64, trans_b = 0 : i64, bias = 0 : i64, mix = 0 : i64} : (!asc.global_tensor<f16>, !asc.global_tensor<i8>, !asc.global_tensor<i8>, !asc.global_tensor<i8>, !asc.gm_ptr<i8>, !asc.global_tensor<i8>, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32) -> () // expected-error {{int32 accumulator into C of 2 bytes is quantised: call set_quant_scalar or set_quant_vector first}}
  "func.return"() : () -> ()
}) {function_type = (!asc.gm_ptr<i8>, !asc.gm_ptr<f16>) -> (), sym_name = "int8_to_f16_unquantised"} : () -> ()
}) : () -> ()

// -----

"builtin.module"() ({
"func.func"() ({
^bb0(%a: !asc.gm_ptr<f16>, %c: !asc.gm_ptr<f32>):
  %ga = "asc.global_tensor"() : () -> !asc.global_tensor<f16>
  %gc = "asc.global_tensor"() : () -> !asc.global_tensor<f32>
  %m = "arith.constant"() {value = 32 : i32} : () -> i32
  "asc.matmul_iterate_all"(%gc, %ga, %ga, %ga, %a, %ga, %m, %m, %m, %m, %m, %m, %m, %m, %m, %m, %m, %m, %m, %m, %m, %m) {trans_a = 0 : i64, trans_b = 0 : i64, bias = 0 : i64, mix = 0 : i64, atomic = 4 : i64} : (!asc.global_tensor<f32>, !asc.global_tensor<f16>, !asc.global_tensor<f16>, !asc.global_tensor<f16>, !asc.gm_ptr<f16>, !asc.global_tensor<f16>, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32) -> () // expected-error {{en_atomic 4 is not 0 (none), 1 (add), 2 (max) or 3 (min)}}
  "func.return"() : () -> ()
}) {function_type = (!asc.gm_ptr<f16>, !asc.gm_ptr<f32>) -> (), sym_name = "bad_atomic"} : () -> ()
}) : () -> ()
