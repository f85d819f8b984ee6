// RUN: asc-opt --split-input-file --verify-diagnostics %s
// Verifier negatives for the vector and data-copy ops: operand counts, constraints,
// element-type (@) bindings, the dtypes column, struct parameters, attributes.

"builtin.module"() ({
  "func.func"() ({
  ^bb0(%d: !asc.local_tensor<256xf16, VECOUT>, %a: !asc.local_tensor<256xf16, VECIN>, %n: i32):
    // expected-error @+1 {{'asc.add' op expects 4 operands but got 3}}
    "asc.add"(%d, %a, %n) : (!asc.local_tensor<256xf16, VECOUT>, !asc.local_tensor<256xf16, VECIN>, i32) -> ()
    "func.return"() : () -> ()
  }) {sym_name = "vec_1", function_type = (!asc.local_tensor<256xf16, VECOUT>, !asc.local_tensor<256xf16, VECIN>, i32) -> ()} : () -> ()
}) : () -> ()

// -----

"builtin.module"() ({
  "func.func"() ({
  ^bb0(%d: !asc.local_tensor<256xf16>, %a: !asc.local_tensor<256xf16>, %b: !asc.local_tensor<256xf32>, %n: i32):
    // expected-error @+1 {{'asc.add' op operand 'src1' element type 'f32' must match 'f16' of operand 'dst'}}
    "asc.add"(%d, %a, %b, %n) : (!asc.local_tensor<256xf16>, !asc.local_tensor<256xf16>, !asc.local_tensor<256xf32>, i32) -> ()
    "func.return"() : () -> ()
  }) {sym_name = "vec_2", function_type = (!asc.local_tensor<256xf16>, !asc.local_tensor<256xf16>, !asc.local_tensor<256xf32>, i32) -> ()} : () -> ()
}) : () -> ()

// -----

"builtin.module"() ({
  "func.func"() ({
  ^bb0(%d: !asc.local_tensor<256xi32>, %n: i32):
    // expected-error @+1 {{'asc.div' op element type 'i32' is not supported (supported: f16 f32)}}
    "asc.div"(%d, %d, %d, %n) : (!asc.local_tensor<256xi32>, !asc.local_tensor<256xi32>, !asc.local_tensor<256xi32>, i32) -> ()
    "func.return"() : () -> ()
  }) {sym_name = "vec_3", function_type = (!asc.local_tensor<256xi32>, i32) -> ()} : () -> ()
}) : () -> ()

// -----

"builtin.module"() ({
  "func.func"() ({
  ^bb0(%d: !asc.local_tensor<256xf32>, %n: i32):
    // expected-error @+1 {{'asc.add' op operand 'src0' must be lt, but got 'i32'}}
    "asc.add"(%d, %n, %d, %n) : (!asc.local_tensor<256xf32>, i32, !asc.local_tensor<256xf32>, i32) -> ()
    "func.return"() : () -> ()
  }) {sym_name = "vec_4", function_type = (!asc.local_tensor<256xf32>, i32) -> ()} : () -> ()
}) : () -> ()

// -----

"builtin.module"() ({
  "func.func"() ({
  ^bb0(%d: !asc.local_tensor<256xf32>, %m: i64, %r: i32, %p: !asc.struct<UnaryRepeatParams>):
    // expected-error @+1 {{'asc.add.mask' op operand 'repeat_params' must be struct:BinaryRepeatParams, but got '!asc.struct<UnaryRepeatParams>'}}
    "asc.add.mask"(%d, %d, %d, %m, %r, %p) : (!asc.local_tensor<256xf32>, !asc.local_tensor<256xf32>, !asc.local_tensor<256xf32>, i64, i32, !asc.struct<UnaryRepeatParams>) -> ()
    "func.return"() : () -> ()
  }) {sym_name = "vec_5", function_type = (!asc.local_tensor<256xf32>, i64, i32, !asc.struct<UnaryRepeatParams>) -> ()} : () -> ()
}) : () -> ()

// -----

"builtin.module"() ({
  "func.func"() ({
  ^bb0(%d: !asc.local_tensor<256xf16>, %s: !asc.local_tensor<256xf32>, %n: i32):
    // expected-error @+1 {{'asc.cast' op requires attribute 'round'}}
    "asc.cast"(%d, %s, %n) : (!asc.local_tensor<256xf16>, !asc.local_tensor<256xf32>, i32) -> ()
    "func.return"() : () -> ()
  }) {sym_name = "vec_6", function_type = (!asc.local_tensor<256xf16>, !asc.local_tensor<256xf32>, i32) -> ()} : () -> ()
}) : () -> ()

// -----

"builtin.module"() ({
  "func.func"() ({
  ^bb0(%d: !asc.local_tensor<256xf16>, %g: !asc.global_tensor<f16>, %p: !asc.struct<DataCopyExtParams>, %q: !asc.struct<DataCopyPadExtParams>):
    // expected-error @+1 {{'asc.data_copy_pad' op expects 3 to 4 operands but got 5}}
    "asc.data_copy_pad"(%d, %g, %p, %q, %q) : (!asc.local_tensor<256xf16>, !asc.global_tensor<f16>, !asc.struct<DataCopyExtParams>, !asc.struct<DataCopyPadExtParams>, !asc.struct<DataCopyPadExtParams>) -> ()
    "func.return"() : () -> ()
  }) {sym_name = "vec_7", function_type = (!asc.local_tensor<256xf16>, !asc.global_tensor<f16>, !asc.struct<DataCopyExtParams>, !asc.struct<DataCopyPadExtParams>) -> ()} : () -> ()
}) : () -> ()

// -----

"builtin.module"() ({
  "func.func"() ({
  ^bb0(%t: !asc.local_tensor<256xf16>, %i: i32):
    // expected-error @+1 {{'asc.get_value' op result #0 element type 'f32' must match 'f16' of operand 'tensor'}}
    %v = "asc.get_value"(%t, %i) : (!asc.local_tensor<256xf16>, i32) -> f32
    "func.return"() : () -> ()
  }) {sym_name = "vec_8", function_type = (!asc.local_tensor<256xf16>, i32) -> ()} : () -> ()
}) : () -> ()

// -----

"builtin.module"() ({
  "func.func"() ({
  ^bb0(%d: !asc.local_tensor<256xf32>, %n: i32):
    // expected-error @+1 {{'asc.reduce_max' op attribute 'cal_index' must be a bool, but got 1 : i32}}
    "asc.reduce_max"(%d, %d, %d, %n) {cal_index = 1 : i32} : (!asc.local_tensor<256xf32>, !asc.local_tensor<256xf32>, !asc.local_tensor<256xf32>, i32) -> ()
    "func.return"() : () -> ()
  }) {sym_name = "vec_9", function_type = (!asc.local_tensor<256xf32>, i32) -> ()} : () -> ()
}) : () -> ()

// -----

"builtin.module"() ({
  "func.func"() ({
  ^bb0(%d: !asc.local_tensor<256xf16>, %g: !asc.global_tensor<f32>, %n: i32):
    // expected-error @+1 {{'asc.data_copy' op operand 'src' element type 'f32' must match 'f16' of operand 'dst'}}
    "asc.data_copy"(%d, %g, %n) : (!asc.local_tensor<256xf16>, !asc.global_tensor<f32>, i32) -> ()
    "func.return"() : () -> ()
  }) {sym_name = "vec_10", function_type = (!asc.local_tensor<256xf16>, !asc.global_tensor<f32>, i32) -> ()} : () -> ()
}) : () -> ()

// -----

"builtin.module"() ({
  "func.func"() ({
  ^bb0(%d: !asc.local_tensor<256xi16>, %s: f32, %n: i32):
    // expected-error @+1 {{'asc.leaky_relu' op element type 'i16' is not supported (supported: f16 f32)}}
    "asc.leaky_relu"(%d, %d, %s, %n) : (!asc.local_tensor<256xi16>, !asc.local_tensor<256xi16>, f32, i32) -> ()
    "func.return"() : () -> ()
  }) {sym_name = "vec_11", function_type = (!asc.local_tensor<256xi16>, f32, i32) -> ()} : () -> ()
}) : () -> ()

// -----

// No GM -> GM copy path (hardware.md §12.1): every copy op with two global tensors.
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%a: !asc.global_tensor<f16>, %b: !asc.global_tensor<f16>, %n: i32, %p: !asc.struct<DataCopyParams>, %e: !asc.struct<DataCopyExtParams>):
    // expected-error @+1 {{'asc.data_copy' op there is no GM -> GM copy path: both dst and src are global tensors}}
    "asc.data_copy"(%a, %b, %n) : (!asc.global_tensor<f16>, !asc.global_tensor<f16>, i32) -> ()
    // expected-error @+1 {{'asc.data_copy_params' op there is no GM -> GM copy path}}
    "asc.data_copy_params"(%a, %b, %p) : (!asc.global_tensor<f16>, !asc.global_tensor<f16>, !asc.struct<DataCopyParams>) -> ()
    // expected-error @+1 {{'asc.data_copy_pad' op there is no GM -> GM copy path}}
    "asc.data_copy_pad"(%a, %b, %e) : (!asc.global_tensor<f16>, !asc.global_tensor<f16>, !asc.struct<DataCopyExtParams>) -> ()
    "func.return"() : () -> ()
  }) {sym_name = "vec_12", function_type = (!asc.global_tensor<f16>, !asc.global_tensor<f16>, i32, !asc.struct<DataCopyParams>, !asc.struct<DataCopyExtParams>) -> ()} : () -> ()
}) : () -> ()
