// reduce_tmp_too_small: reduce_sum of 1024 f32 with a shared_tmp_buffer of 8 elements; Ascend C's
// minimum is one partial sum per 64-element repeat, rounded up to a 32-byte block: 16 elements.
// ERRORS: 1
// EXPECT: r.py:9:4: error: asc.reduce_sum: shared_tmp_buffer holds 8 elements, but a reduction of 1024 elements needs at least 16
// RUN: x=x.npy:f32:1024 z=z.npy:f32:8
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%x: !asc.gm_ptr<f32>, %z: !asc.gm_ptr<f32>):
    %c0 = "arith.constant"() {value = 0 : i32} : () -> i32 loc("r.py":2:4)
    %c8 = "arith.constant"() {value = 8 : i32} : () -> i32 loc("r.py":2:4)
    %n = "arith.constant"() {value = 1024 : i32} : () -> i32 loc("r.py":2:4)
    %ta = "arith.constant"() {value = 8192 : i32} : () -> i32 loc("r.py":2:4)
    %da = "arith.constant"() {value = 16384 : i32} : () -> i32 loc("r.py":2:4)
    %f0 = "arith.constant"() {value = 0.0 : f32} : () -> f32 loc("r.py":2:4)
    %xg = "asc.global_tensor"() : () -> !asc.global_tensor<f32> loc("r.py":3:4)
    "asc.set_global_buffer"(%xg, %x) : (!asc.global_tensor<f32>, !asc.gm_ptr<f32>) -> () loc("r.py":3:4)
    %zg = "asc.global_tensor"() : () -> !asc.global_tensor<f32> loc("r.py":4:4)
    "asc.set_global_buffer"(%zg, %z) : (!asc.global_tensor<f32>, !asc.gm_ptr<f32>) -> () loc("r.py":4:4)
    %xl = "asc.local_tensor"(%c0, %n) {pos = #asc.pos<VECIN>} : (i32, i32) -> !asc.local_tensor<f32, VECIN> loc("r.py":5:4)
    %tl = "asc.local_tensor"(%ta, %c8) {pos = #asc.pos<VECCALC>} : (i32, i32) -> !asc.local_tensor<f32, VECCALC> loc("r.py":6:4)
    %dl = "asc.local_tensor"(%da, %c8) {pos = #asc.pos<VECOUT>} : (i32, i32) -> !asc.local_tensor<f32, VECOUT> loc("r.py":7:4)
    "asc.data_copy"(%xl, %xg, %n) : (!asc.local_tensor<f32, VECIN>, !asc.global_tensor<f32>, i32) -> () loc("r.py":8:4)
    "asc.duplicate"(%dl, %f0, %c8) : (!asc.local_tensor<f32, VECOUT>, f32, i32) -> () loc("r.py":8:4)
    "asc.set_flag"(%c0) {event = #asc.event<MTE2_V>} : (i32) -> () loc("r.py":8:4)
    "asc.wait_flag"(%c0) {event = #asc.event<MTE2_V>} : (i32) -> () loc("r.py":8:4)
    "asc.pipe_barrier"() {pipe = #asc.pipe<PIPE_V>} : () -> () loc("r.py":8:4)
    "asc.reduce_sum"(%dl, %xl, %tl, %n) : (!asc.local_tensor<f32, VECOUT>, !asc.local_tensor<f32, VECIN>, !asc.local_tensor<f32, VECCALC>, i32) -> () loc("r.py":9:4)
    "asc.set_flag"(%c0) {event = #asc.event<V_MTE3>} : (i32) -> () loc("r.py":10:4)
    "asc.wait_flag"(%c0) {event = #asc.event<V_MTE3>} : (i32) -> () loc("r.py":10:4)
    "asc.data_copy"(%zg, %dl, %c8) : (!asc.global_tensor<f32>, !asc.local_tensor<f32, VECOUT>, i32) -> () loc("r.py":11:4)
    "func.return"() : () -> () loc("r.py":12:0)
  }) {function_type = (!asc.gm_ptr<f32>, !asc.gm_ptr<f32>) -> (), sym_name = "k"} : () -> ()
}) : () -> ()
