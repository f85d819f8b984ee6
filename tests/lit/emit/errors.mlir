// RUN: asc-opt --emit-ascendc --verify-diagnostics %s
// An op with no Ascend C form is a located error, never silent output.
"builtin.module"() ({
  "func.func"() ({
    %n = "arith.constant"() {value = 8 : i32} : () -> i32
    // expected-error@+1 {{'asc.local_tensor_auto' has no Ascend C form: a LocalTensorAuto has no Ascend C form (run the emit pipeline: insert-sync materializes it)}}
    %t = "asc.local_tensor_auto"(%n) : (i32) -> !asc.local_tensor<f32>
    // expected-error@+1 {{'asc.matmul_misuse' has no Ascend C form: a misused Matmul object}}
    "asc.matmul_misuse"() {reason = "x"} : () -> ()
    "func.return"() : () -> ()
  }) {function_type = () -> (), sym_name = "k"} : () -> ()
}) : () -> ()
