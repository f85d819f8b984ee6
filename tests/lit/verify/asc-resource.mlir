// RUN: asc-opt --split-input-file --verify-diagnostics %s
// Verifier negatives for the resource ops and the types they make: queue depth and
// positions, TBuf positions, parameter structs, local_tensor positions, GM pointers.

"builtin.module"() ({
  "func.func"() ({
    // expected-error @+1 {{'asc.tque' op queue depth 9 is out of range [0, 8]}}
    %q = "asc.tque"() : () -> !asc.queue<VECIN, 9>
    "func.return"() : () -> ()
  }) {sym_name = "res_1", function_type = () -> ()} : () -> ()
}) : () -> ()

// -----

"builtin.module"() ({
  "func.func"() ({
    // expected-error @+1 {{'asc.tque' op position GM is not an on-chip TPosition}}
    %q = "asc.tque"() : () -> !asc.queue<GM, 2>
    "func.return"() : () -> ()
  }) {sym_name = "res_2", function_type = () -> ()} : () -> ()
}) : () -> ()

// -----

"builtin.module"() ({
  "func.func"() ({
    // expected-error @+1 {{'asc.tbuf' op position GM is not an on-chip TPosition}}
    %b = "asc.tbuf"() : () -> !asc.tbuf<GM>
    "func.return"() : () -> ()
  }) {sym_name = "res_3", function_type = () -> ()} : () -> ()
}) : () -> ()

// -----

"builtin.module"() ({
  "func.func"() ({
    %c = "arith.constant"() {value = 1 : i32} : () -> i32
    // expected-error @+1 {{'asc.struct' op expects 6 operands (the fields of BinaryRepeatParams) but got 5}}
    %p = "asc.struct"(%c, %c, %c, %c, %c) : (i32, i32, i32, i32, i32) -> !asc.struct<BinaryRepeatParams>
    "func.return"() : () -> ()
  }) {sym_name = "res_4", function_type = () -> ()} : () -> ()
}) : () -> ()

// -----

"builtin.module"() ({
  "func.func"() ({
  ^bb0(%g: !asc.gm_ptr<f16>):
    // expected-error @+1 {{'asc.struct' op operand 'fields' #0 must be num, but got '!asc.gm_ptr<f16>'}}
    %p = "asc.struct"(%g) : (!asc.gm_ptr<f16>) -> !asc.struct<DataCopyParams>
    "func.return"() : () -> ()
  }) {sym_name = "res_5", function_type = (!asc.gm_ptr<f16>) -> ()} : () -> ()
}) : () -> ()

// -----

// A constant field outside the hardware field's range (src/ops/field_ranges.def; MmadParams.m is
// 12 bits: 0..4095, the device kit's Mmad page): the struct's own location; a fractional value too.
"builtin.module"() ({
  "func.func"() ({
    %z = "arith.constant"() {value = 0 : i32} : () -> i32
    %big = "arith.constant"() {value = 4096 : i32} : () -> i32
    %ok = "arith.constant"() {value = 4095 : i32} : () -> i32
    %half = "arith.constant"() {value = 1.5 : f32} : () -> f32
    // expected-error @+1 {{'asc.struct' op MmadParams.m 4096 is not an integer in 0..4095 (the hardware field's range)}}
    %p = "asc.struct"(%big, %z, %z, %z, %z, %z, %z, %z, %z, %z, %z, %z) : (i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32) -> !asc.struct<MmadParams>
    // expected-error @+1 {{'asc.struct' op MmadParams.k 1.5 is not an integer in 0..4095 (the hardware field's range)}}
    %q = "asc.struct"(%ok, %z, %half, %z, %z, %z, %z, %z, %z, %z, %z, %z) : (i32, i32, f32, i32, i32, i32, i32, i32, i32, i32, i32, i32) -> !asc.struct<MmadParams>
    "func.return"() : () -> ()
  }) {sym_name = "res_range", function_type = () -> ()} : () -> ()
}) : () -> ()

// -----

"builtin.module"() ({
  "func.func"() ({
    %c = "arith.constant"() {value = 0 : i32} : () -> i32
    // expected-error @+1 {{'asc.local_tensor' op requires attribute 'pos'}}
    %t = "asc.local_tensor"(%c, %c) : (i32, i32) -> !asc.local_tensor<256xf16>
    "func.return"() : () -> ()
  }) {sym_name = "res_6", function_type = () -> ()} : () -> ()
}) : () -> ()

// -----

"builtin.module"() ({
  "func.func"() ({
    %c = "arith.constant"() {value = 0 : i32} : () -> i32
    // expected-error @+1 {{'asc.local_tensor' op attribute 'pos' must be a TPosition (#asc.pos<...>), but got #asc.event<MTE2_V>}}
    %t = "asc.local_tensor"(%c, %c) {pos = #asc.event<MTE2_V>} : (i32, i32) -> !asc.local_tensor<256xf16>
    "func.return"() : () -> ()
  }) {sym_name = "res_7", function_type = () -> ()} : () -> ()
}) : () -> ()

// -----

"builtin.module"() ({
  "func.func"() ({
  ^bb0(%p: !asc.gm_ptr<f32>):
    %g = "asc.global_tensor"() : () -> !asc.global_tensor<f16>
    // expected-error @+1 {{'asc.set_global_buffer' op operand 'buffer' element type 'f32' must match 'f16' of operand 'tensor'}}
    "asc.set_global_buffer"(%g, %p) : (!asc.global_tensor<f16>, !asc.gm_ptr<f32>) -> ()
    "func.return"() : () -> ()
  }) {sym_name = "res_8", function_type = (!asc.gm_ptr<f32>) -> ()} : () -> ()
}) : () -> ()

// -----

"builtin.module"() ({
  "func.func"() ({
  ^bb0(%p: !asc.gm_ptr<f32>, %n: i32):
    // expected-error @+1 {{'asc.gm_offset' op result #0 type '!asc.gm_ptr<f16>' must match operand 'ptr' type '!asc.gm_ptr<f32>'}}
    %q = "asc.gm_offset"(%p, %n) : (!asc.gm_ptr<f32>, i32) -> !asc.gm_ptr<f16>
    "func.return"() : () -> ()
  }) {sym_name = "res_9", function_type = (!asc.gm_ptr<f32>, i32) -> ()} : () -> ()
}) : () -> ()

// -----

"builtin.module"() ({
  "func.func"() ({
  ^bb0(%b: !asc.tbuf<VECCALC>):
    // expected-error @+1 {{'asc.alloc_tensor' op operand 'que' must be que, but got '!asc.tbuf<VECCALC>'}}
    %t = "asc.alloc_tensor"(%b) : (!asc.tbuf<VECCALC>) -> !asc.local_tensor<256xf16, VECCALC>
    "func.return"() : () -> ()
  }) {sym_name = "res_10", function_type = (!asc.tbuf<VECCALC>) -> ()} : () -> ()
}) : () -> ()

// -----

"builtin.module"() ({
  "func.func"() ({
    // expected-error @+1 {{'asc.tpipe' op expects 1 results but got 0}}
    "asc.tpipe"() : () -> ()
    "func.return"() : () -> ()
  }) {sym_name = "res_11", function_type = () -> ()} : () -> ()
}) : () -> ()

// -----

"builtin.module"() ({
  "func.func"() ({
  ^bb0(%q: !asc.queue<VECIN, 2>):
    // expected-error @+1 {{'asc.enque' op operand 'tensor' must be lt, but got '!asc.queue<VECIN, 2>'}}
    "asc.enque"(%q, %q) : (!asc.queue<VECIN, 2>, !asc.queue<VECIN, 2>) -> ()
    "func.return"() : () -> ()
  }) {sym_name = "res_12", function_type = (!asc.queue<VECIN, 2>) -> ()} : () -> ()
}) : () -> ()
