// RUN: asc-opt --split-input-file --verify-diagnostics --expand-matmul %s
// expand-matmul refuses Matmul operands in a memory the calling core cannot use, an L1 operand
// that is not Nz, and the L1 layouts it does not read in place yet - at the call's line.

"builtin.module"() ({
"func.func"() ({
^bb0(%a: !asc.local_tensor<f16, VECIN>, %b: !asc.gm_ptr<f16>, %c: !asc.gm_ptr<f32>):
  %gb = "asc.global_tensor"() : () -> !asc.global_tensor<f16>
  "asc.set_global_buffer"(%gb, %b) : (!asc.global_tensor<f16>, !asc.gm_ptr<f16>) -> ()
  %gc = "asc.global_tensor"() : () -> !asc.global_tensor<f32>
  %m = "arith.constant"() {value = 32 : i32} : () -> i32
  %z = "arith.constant"() {value = 0 : i32} : () -> i32
  // expected-error @+1 {{A is in UB, which the cube core running this cube-only Matmul cannot use}}
  "asc.matmul_iterate_all"(%gc, %a, %gb, %gb, %b, %gb, %m, %m, %m, %m, %m, %m, %m, %m, %m, %m, %z, %z, %z, %z, %z, %z) {trans_a = 0 : i64, trans_b = 0 : i64, bias = 0 : i64, mix = 0 : i64} : (!asc.global_tensor<f32>, !asc.local_tensor<f16, VECIN>, !asc.global_tensor<f16>, !asc.global_tensor<f16>, !asc.gm_ptr<f16>, !asc.global_tensor<f16>, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32) -> ()
  "func.return"() : () -> ()
}) {function_type = (!asc.local_tensor<f16, VECIN>, !asc.gm_ptr<f16>, !asc.gm_ptr<f32>) -> (), sym_name = "ub_cube_only"} : () -> ()
}) : () -> ()

// -----

"builtin.module"() ({
"func.func"() ({
^bb0(%a: !asc.local_tensor<f16, A1>, %b: !asc.gm_ptr<f16>, %c: !asc.gm_ptr<f32>):
  %gb = "asc.global_tensor"() : () -> !asc.global_tensor<f16>
  "asc.set_global_buffer"(%gb, %b) : (!asc.global_tensor<f16>, !asc.gm_ptr<f16>) -> ()
  %gc = "asc.global_tensor"() : () -> !asc.global_tensor<f32>
  %m = "arith.constant"() {value = 32 : i32} : () -> i32
  %z = "arith.constant"() {value = 0 : i32} : () -> i32
  // expected-error @+1 {{A is in L1, which the vector cores calling this MIX kernel's Matmul cannot use}}
  "asc.matmul_iterate_all"(%gc, %a, %gb, %gb, %b, %gb, %m, %m, %m, %m, %m, %m, %m, %m, %m, %m, %z, %z, %z, %z, %z, %z) {trans_a = 0 : i64, trans_b = 0 : i64, bias = 0 : i64, mix = 1 : i64, a_nz = 1 : i64} : (!asc.global_tensor<f32>, !asc.local_tensor<f16, A1>, !asc.global_tensor<f16>, !asc.global_tensor<f16>, !asc.gm_ptr<f16>, !asc.global_tensor<f16>, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32) -> ()
  "func.return"() : () -> ()
}) {function_type = (!asc.local_tensor<f16, A1>, !asc.gm_ptr<f16>, !asc.gm_ptr<f32>) -> (), sym_name = "l1_mix"} : () -> ()
}) : () -> ()

// -----

"builtin.module"() ({
"func.func"() ({
^bb0(%a: !asc.local_tensor<f16, A1>, %b: !asc.gm_ptr<f16>, %c: !asc.gm_ptr<f32>):
  %gb = "asc.global_tensor"() : () -> !asc.global_tensor<f16>
  "asc.set_global_buffer"(%gb, %b) : (!asc.global_tensor<f16>, !asc.gm_ptr<f16>) -> ()
  %gc = "asc.global_tensor"() : () -> !asc.global_tensor<f32>
  %m = "arith.constant"() {value = 32 : i32} : () -> i32
  %z = "arith.constant"() {value = 0 : i32} : () -> i32
  // expected-error @+1 {{A in L1 must have format NZ}}
  "asc.matmul_iterate_all"(%gc, %a, %gb, %gb, %b, %gb, %m, %m, %m, %m, %m, %m, %m, %m, %m, %m, %z, %z, %z, %z, %z, %z) {trans_a = 0 : i64, trans_b = 0 : i64, bias = 0 : i64, mix = 0 : i64} : (!asc.global_tensor<f32>, !asc.local_tensor<f16, A1>, !asc.global_tensor<f16>, !asc.global_tensor<f16>, !asc.gm_ptr<f16>, !asc.global_tensor<f16>, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32) -> ()
  "func.return"() : () -> ()
}) {function_type = (!asc.local_tensor<f16, A1>, !asc.gm_ptr<f16>, !asc.gm_ptr<f32>) -> (), sym_name = "l1_nd"} : () -> ()
}) : () -> ()

// -----

"builtin.module"() ({
"func.func"() ({
^bb0(%a: !asc.local_tensor<f32, B1>, %b: !asc.gm_ptr<f32>, %c: !asc.gm_ptr<f32>):
  %gb = "asc.global_tensor"() : () -> !asc.global_tensor<f32>
  "asc.set_global_buffer"(%gb, %b) : (!asc.global_tensor<f32>, !asc.gm_ptr<f32>) -> ()
  %gc = "asc.global_tensor"() : () -> !asc.global_tensor<f32>
  %m = "arith.constant"() {value = 32 : i32} : () -> i32
  %z = "arith.constant"() {value = 0 : i32} : () -> i32
  // expected-error @+1 {{B stored K x N in L1 is not supported yet (the f32 transposing load takes its own L1 layout)}}
  "asc.matmul_iterate_all"(%gc, %gb, %a, %gb, %b, %gb, %m, %m, %m, %m, %m, %m, %m, %m, %m, %m, %z, %z, %z, %z, %z, %z) {trans_a = 0 : i64, trans_b = 0 : i64, bias = 0 : i64, mix = 0 : i64, b_nz = 1 : i64} : (!asc.global_tensor<f32>, !asc.global_tensor<f32>, !asc.local_tensor<f32, B1>, !asc.global_tensor<f32>, !asc.gm_ptr<f32>, !asc.global_tensor<f32>, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32) -> ()
  "func.return"() : () -> ()
}) {function_type = (!asc.local_tensor<f32, B1>, !asc.gm_ptr<f32>, !asc.gm_ptr<f32>) -> (), sym_name = "l1_f32_kn"} : () -> ()
}) : () -> ()

// -----

"builtin.module"() ({
"func.func"() ({
^bb0(%co1: !asc.local_tensor<f32, CO1>, %a: !asc.gm_ptr<f16>):
  %ga = "asc.global_tensor"() : () -> !asc.global_tensor<f16>
  %m = "arith.constant"() {value = 32 : i32} : () -> i32
  %z = "arith.constant"() {value = 0 : i32} : () -> i32
  // expected-error @+1 {{local_c_matrix is the AIC's L0C: it needs a cube-only kernel}}
  "asc.matmul_iterate"(%co1, %ga, %ga, %ga, %a, %ga, %m, %m, %m, %m, %m, %m, %m, %m, %m, %m, %z, %z, %z, %z, %z, %z, %z) {trans_a = 0 : i64, trans_b = 0 : i64, bias = 0 : i64, mix = 1 : i64} : (!asc.local_tensor<f32, CO1>, !asc.global_tensor<f16>, !asc.global_tensor<f16>, !asc.global_tensor<f16>, !asc.gm_ptr<f16>, !asc.global_tensor<f16>, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32) -> ()
  "func.return"() : () -> ()
}) {function_type = (!asc.local_tensor<f32, CO1>, !asc.gm_ptr<f16>) -> (), sym_name = "co1_mix"} : () -> ()
}) : () -> ()
