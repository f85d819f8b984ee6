"builtin.module"() ({
  "func.func"() ({
  ^bb0(%x: !asc.gm_ptr<f16>):
    %id = "arith.constant"() {value = 0 : i32} : () -> i32
    %n = "arith.constant"() {value = 128 : i32} : () -> i32
    %addr = "arith.constant"() {value = 0 : i32} : () -> i32
    %g = "asc.global_tensor"() : () -> !asc.global_tensor<f16>
    "asc.set_global_buffer"(%g, %x) : (!asc.global_tensor<f16>, !asc.gm_ptr<f16>) -> ()
    %l = "asc.local_tensor"(%addr, %n) {pos = #asc.pos<VECIN>} : (i32, i32) -> !asc.local_tensor<128xf16, VECIN>
    "asc.data_copy"(%l, %g, %n) : (!asc.local_tensor<128xf16, VECIN>, !asc.global_tensor<f16>, i32) -> () loc("sync.py":7:4)
    "asc.set_flag"(%id) {event = #asc.event<MTE2_V>} : (i32) -> () loc("sync.py":8:4)
    "asc.wait_flag"(%id) {event = #asc.event<MTE2_V>} : (i32) -> () loc("sync.py":9:4)
    "asc.relu"(%l, %l, %n) : (!asc.local_tensor<128xf16, VECIN>, !asc.local_tensor<128xf16, VECIN>, i32) -> ()
    "asc.pipe_barrier"() {pipe = #asc.pipe<PIPE_ALL>} : () -> ()
    "asc.set_flag"(%id) {event = #asc.event<V_MTE3>} : (i32) -> ()
    "asc.wait_flag"(%id) {event = #asc.event<V_MTE3>} : (i32) -> ()
    "asc.data_copy"(%g, %l, %n) : (!asc.global_tensor<f16>, !asc.local_tensor<128xf16, VECIN>, i32) -> ()
    "func.return"() : () -> ()
  }) {function_type = (!asc.gm_ptr<f16>) -> (), sym_name = "relu_manual_sync"} : () -> ()
}) : () -> ()
