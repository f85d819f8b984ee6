// RUN: asc-opt --split-input-file --verify-diagnostics %s
// Count, offset and index operands are i32, the type the Python API emits (issue 12 item 1):
// an i64 count used to reach the simulator, whose byte counts wrapped.

"builtin.module"() ({
  "func.func"() ({
  ^bb0(%a: !asc.local_tensor<f32, VECIN>, %b: !asc.local_tensor<f32, VECIN>, %n: i64):
    // expected-error @+1 {{'asc.add' op operand 'count' must be i32, but got 'i64'}}
    "asc.add"(%a, %b, %b, %n) : (!asc.local_tensor<f32, VECIN>, !asc.local_tensor<f32, VECIN>, !asc.local_tensor<f32, VECIN>, i64) -> ()
    "func.return"() : () -> ()
  }) {sym_name = "count_1", function_type = (!asc.local_tensor<f32, VECIN>, !asc.local_tensor<f32, VECIN>, i64) -> ()} : () -> ()
}) : () -> ()

// -----

"builtin.module"() ({
  "func.func"() ({
  ^bb0(%a: !asc.local_tensor<f32, VECIN>, %g: !asc.global_tensor<f32>, %n: i64):
    // expected-error @+1 {{'asc.data_copy' op operand 'count' must be i32, but got 'i64'}}
    "asc.data_copy"(%a, %g, %n) : (!asc.local_tensor<f32, VECIN>, !asc.global_tensor<f32>, i64) -> ()
    "func.return"() : () -> ()
  }) {sym_name = "count_2", function_type = (!asc.local_tensor<f32, VECIN>, !asc.global_tensor<f32>, i64) -> ()} : () -> ()
}) : () -> ()

// -----

"builtin.module"() ({
  "func.func"() ({
  ^bb0(%p: !asc.gm_ptr<f32>, %n: i64):
    // expected-error @+1 {{'asc.gm_offset' op operand 'offset' must be i32, but got 'i64'}}
    %q = "asc.gm_offset"(%p, %n) : (!asc.gm_ptr<f32>, i64) -> !asc.gm_ptr<f32>
    "func.return"() : () -> ()
  }) {sym_name = "count_3", function_type = (!asc.gm_ptr<f32>, i64) -> ()} : () -> ()
}) : () -> ()

// -----

"builtin.module"() ({
  "func.func"() ({
  ^bb0(%g: !asc.global_tensor<f32>, %n: i64):
    // expected-error @+1 {{'asc.gt_subview' op operand 'offset' must be i32, but got 'i64'}}
    %q = "asc.gt_subview"(%g, %n) : (!asc.global_tensor<f32>, i64) -> !asc.global_tensor<f32>
    "func.return"() : () -> ()
  }) {sym_name = "count_4", function_type = (!asc.global_tensor<f32>, i64) -> ()} : () -> ()
}) : () -> ()

// -----

"builtin.module"() ({
  "func.func"() ({
  ^bb0(%a: !asc.local_tensor<f32, VECIN>, %n: index):
    // expected-error @+1 {{'asc.lt_subview' op operand 'offset' must be i32, but got 'index'}}
    %q = "asc.lt_subview"(%a, %n) : (!asc.local_tensor<f32, VECIN>, index) -> !asc.local_tensor<f32, VECIN>
    "func.return"() : () -> ()
  }) {sym_name = "count_5", function_type = (!asc.local_tensor<f32, VECIN>, index) -> ()} : () -> ()
}) : () -> ()

// -----

"builtin.module"() ({
  "func.func"() ({
  ^bb0(%a: !asc.local_tensor<f32, VECIN>, %b: !asc.local_tensor<f16, VECIN>, %n: i64):
    // expected-error @+1 {{'asc.cast' op operand 'count' must be i32, but got 'i64'}}
    "asc.cast"(%a, %b, %n) {round = #asc.round<CAST_NONE>} : (!asc.local_tensor<f32, VECIN>, !asc.local_tensor<f16, VECIN>, i64) -> ()
    "func.return"() : () -> ()
  }) {sym_name = "count_6", function_type = (!asc.local_tensor<f32, VECIN>, !asc.local_tensor<f16, VECIN>, i64) -> ()} : () -> ()
}) : () -> ()

// -----

"builtin.module"() ({
  "func.func"() ({
  ^bb0(%a: !asc.local_tensor<f32, VECIN>, %i: i16):
    // expected-error @+1 {{'asc.get_value' op operand 'index' must be i32, but got 'i16'}}
    %v = "asc.get_value"(%a, %i) : (!asc.local_tensor<f32, VECIN>, i16) -> f32
    "func.return"() : () -> ()
  }) {sym_name = "count_7", function_type = (!asc.local_tensor<f32, VECIN>, i16) -> ()} : () -> ()
}) : () -> ()

// -----

"builtin.module"() ({
  "func.func"() ({
  ^bb0(%a: !asc.local_tensor<f32, VECIN>, %t: !asc.local_tensor<f32, VECCALC>, %n: i64):
    // expected-error @+1 {{'asc.reduce_sum' op operand 'count' must be i32, but got 'i64'}}
    "asc.reduce_sum"(%a, %a, %t, %n) : (!asc.local_tensor<f32, VECIN>, !asc.local_tensor<f32, VECIN>, !asc.local_tensor<f32, VECCALC>, i64) -> ()
    "func.return"() : () -> ()
  }) {sym_name = "count_8", function_type = (!asc.local_tensor<f32, VECIN>, !asc.local_tensor<f32, VECCALC>, i64) -> ()} : () -> ()
}) : () -> ()
