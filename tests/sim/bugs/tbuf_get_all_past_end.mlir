// tbuf_get_all_past_end: the whole buffer of a 128-byte TBuf is 32 f32 elements; a duplicate of 64
// runs past the tensor (inside UB): past the tensor by the buffer's length when it runs.
// ERRORS: 1
// EXPECT: tbuf.py:6:4: error:
// EXPECT: outside the local tensor of 128 bytes
// RUN: z=z.npy:f32:64
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%z: !asc.gm_ptr<f32>):
    %len = "arith.constant"() {value = 128 : i32} : () -> i32 loc("tbuf.py":2:4)
    %n = "arith.constant"() {value = 64 : i32} : () -> i32 loc("tbuf.py":2:4)
    %f = "arith.constant"() {value = 1.0 : f32} : () -> f32 loc("tbuf.py":2:4)
    %pipe = "asc.tpipe"() : () -> !asc.pipe loc("tbuf.py":3:4)
    %tb = "asc.tbuf"() : () -> !asc.tbuf<VECCALC> loc("tbuf.py":3:4)
    "asc.init_tbuf"(%pipe, %tb, %len) : (!asc.pipe, !asc.tbuf<VECCALC>, i32) -> () loc("tbuf.py":4:4)
    %t = "asc.tbuf_get_all"(%tb) : (!asc.tbuf<VECCALC>) -> !asc.local_tensor<f32, VECCALC> loc("tbuf.py":5:8)
    "asc.duplicate"(%t, %f, %n) : (!asc.local_tensor<f32, VECCALC>, f32, i32) -> () loc("tbuf.py":6:4)
    "func.return"() : () -> () loc("tbuf.py":7:4)
  }) {function_type = (!asc.gm_ptr<f32>) -> (), sym_name = "past_end"} : () -> ()
}) : () -> ()
