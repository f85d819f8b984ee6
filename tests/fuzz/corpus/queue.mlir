"builtin.module"() ({
  "func.func"() ({
  ^bb0(%x: !asc.gm_ptr<f32>, %y: !asc.gm_ptr<f32>):
    %n = "arith.constant"() {value = 256 : i32} : () -> i32
    %two = "arith.constant"() {value = 2 : i32} : () -> i32
    %len = "arith.constant"() {value = 1024 : i32} : () -> i32
    %xg = "asc.global_tensor"() : () -> !asc.global_tensor<f32>
    "asc.set_global_buffer"(%xg, %x) : (!asc.global_tensor<f32>, !asc.gm_ptr<f32>) -> ()
    %yg = "asc.global_tensor"() : () -> !asc.global_tensor<f32>
    "asc.set_global_buffer"(%yg, %y, %n) : (!asc.global_tensor<f32>, !asc.gm_ptr<f32>, i32) -> ()
    %p = "asc.tpipe"() : () -> !asc.pipe
    %qi = "asc.tque"() : () -> !asc.queue<VECIN, 2>
    %qo = "asc.tque"() : () -> !asc.queue<VECOUT, 2>
    %tb = "asc.tbuf"() : () -> !asc.tbuf<VECCALC>
    "asc.init_buffer"(%p, %qi, %two, %len) : (!asc.pipe, !asc.queue<VECIN, 2>, i32, i32) -> ()
    "asc.init_buffer"(%p, %qo, %two, %len) : (!asc.pipe, !asc.queue<VECOUT, 2>, i32, i32) -> ()
    "asc.init_tbuf"(%p, %tb, %len) : (!asc.pipe, !asc.tbuf<VECCALC>, i32) -> ()
    %a = "asc.alloc_tensor"(%qi) : (!asc.queue<VECIN, 2>) -> !asc.local_tensor<256xf32, VECIN>
    "asc.data_copy"(%a, %xg, %n) : (!asc.local_tensor<256xf32, VECIN>, !asc.global_tensor<f32>, i32) -> ()
    "asc.enque"(%qi, %a) : (!asc.queue<VECIN, 2>, !asc.local_tensor<256xf32, VECIN>) -> ()
    %b = "asc.deque"(%qi) : (!asc.queue<VECIN, 2>) -> !asc.local_tensor<256xf32, VECIN>
    %t = "asc.tbuf_get"(%tb, %n) : (!asc.tbuf<VECCALC>, i32) -> !asc.local_tensor<256xf32, VECCALC>
    %o = "asc.alloc_tensor"(%qo) : (!asc.queue<VECOUT, 2>) -> !asc.local_tensor<256xf32, VECOUT>
    %s = "arith.constant"() {value = 2.0 : f32} : () -> f32
    "asc.muls"(%t, %b, %s, %n) : (!asc.local_tensor<256xf32, VECCALC>, !asc.local_tensor<256xf32, VECIN>, f32, i32) -> ()
    "asc.exp"(%o, %t, %n) : (!asc.local_tensor<256xf32, VECOUT>, !asc.local_tensor<256xf32, VECCALC>, i32) -> ()
    "asc.free_tensor"(%qi, %b) : (!asc.queue<VECIN, 2>, !asc.local_tensor<256xf32, VECIN>) -> ()
    "asc.enque"(%qo, %o) : (!asc.queue<VECOUT, 2>, !asc.local_tensor<256xf32, VECOUT>) -> ()
    %r = "asc.deque"(%qo) : (!asc.queue<VECOUT, 2>) -> !asc.local_tensor<256xf32, VECOUT>
    "asc.data_copy"(%yg, %r, %n) : (!asc.global_tensor<f32>, !asc.local_tensor<256xf32, VECOUT>, i32) -> ()
    "asc.free_tensor"(%qo, %r) : (!asc.queue<VECOUT, 2>, !asc.local_tensor<256xf32, VECOUT>) -> ()
    "func.return"() : () -> ()
  }) {function_type = (!asc.gm_ptr<f32>, !asc.gm_ptr<f32>) -> (), sym_name = "scale_exp"} : () -> ()
}) : () -> ()
