// RUN: asc-opt --pass-pipeline=expand-adv %s --split-input-file --verify-diagnostics
// expand-adv-2: what the expansion refuses at compile time.

"builtin.module"() ({
  "func.func"() ({
    %a = "arith.constant"() {value = 0 : i32} : () -> i32
    %s = "arith.constant"() {value = 512 : i32} : () -> i32
    %two = "arith.constant"() {value = 2 : i32} : () -> i32
    %k = "arith.constant"() {value = 200 : i32} : () -> i32
    %t = "asc.local_tensor"(%a, %s) {pos = #asc.pos<VECCALC>} : (i32, i32) -> !asc.local_tensor<f16, VECCALC>
    %st = "asc.struct"(%two, %k, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a) : (i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32) -> !asc.struct<SoftmaxTiling>
    // expected-error @+1 {{asc.adv.softmax: a row of 200 elements is not a whole number of 32-byte blocks}}
    "asc.adv.softmax"(%t, %t, %t, %t, %st) : (!asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, !asc.local_tensor<f16, VECCALC>, !asc.struct<SoftmaxTiling>) -> ()
    "func.return"() : () -> ()
  }) {function_type = () -> (), sym_name = "kernel"} : () -> ()
}) : () -> ()

// -----

"builtin.module"() ({
  "func.func"() ({
    %a = "arith.constant"() {value = 0 : i32} : () -> i32
    %s = "arith.constant"() {value = 512 : i32} : () -> i32
    %t = "asc.local_tensor"(%a, %s) {pos = #asc.pos<VECCALC>} : (i32, i32) -> !asc.local_tensor<i32, VECCALC>
    // expected-error @+1 {{asc.adv.tanh: supports half and float tensors only}}
    "asc.adv.tanh"(%t, %t, %s) : (!asc.local_tensor<i32, VECCALC>, !asc.local_tensor<i32, VECCALC>, i32) -> ()
    "func.return"() : () -> ()
  }) {function_type = () -> (), sym_name = "kernel"} : () -> ()
}) : () -> ()
