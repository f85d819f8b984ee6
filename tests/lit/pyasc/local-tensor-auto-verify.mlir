// RUN: asc-opt --split-input-file --verify-diagnostics %s
// The constraints of asc.local_tensor_auto's registry line: integer dims, unit flags, a
// local-tensor result.

"builtin.module"() ({
  "func.func"() ({
    // expected-error @+1 {{attribute 'input' must be a unit attribute}}
    %0 = "asc.local_tensor_auto"() {input = true} : () -> !asc.local_tensor<64xf32>
    "func.return"() : () -> ()
  }) {function_type = () -> (), sym_name = "k"} : () -> ()
}) : () -> ()

// -----

"builtin.module"() ({
  "func.func"() ({
  ^bb0(%d: f32):
    // expected-error @+1 {{'asc.local_tensor_auto' op operand 'shape' #0 must be int, but got 'f32'}}
    %0 = "asc.local_tensor_auto"(%d) : (f32) -> !asc.local_tensor<f32>
    "func.return"() : () -> ()
  }) {function_type = (f32) -> (), sym_name = "k"} : () -> ()
}) : () -> ()

// -----

"builtin.module"() ({
  "func.func"() ({
    // expected-error @+1 {{'asc.local_tensor_auto' op result #0 must be lt}}
    %0 = "asc.local_tensor_auto"() : () -> !asc.global_tensor<f32>
    "func.return"() : () -> ()
  }) {function_type = () -> (), sym_name = "k"} : () -> ()
}) : () -> ()
