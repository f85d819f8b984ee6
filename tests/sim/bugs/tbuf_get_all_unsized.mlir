// tbuf_get_all_unsized: TBuf.get(dtype) with no len on a TBuf that no init_buffer sized (legal IR, as
// pyasc compiles it: the length is the buffer's, known when it runs): an error at its line.
// ERRORS: 1
// EXPECT: tbuf.py:4:8: error: asc.tbuf_get_all: the TBuf has no buffer (init_tbuf missing)
// RUN: z=z.npy:f32:64
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%z: !asc.gm_ptr<f32>):
    %tb = "asc.tbuf"() : () -> !asc.tbuf<VECCALC> loc("tbuf.py":3:8)
    %t = "asc.tbuf_get_all"(%tb) : (!asc.tbuf<VECCALC>) -> !asc.local_tensor<f32, VECCALC> loc("tbuf.py":4:8)
    "func.return"() : () -> () loc("tbuf.py":5:4)
  }) {function_type = (!asc.gm_ptr<f32>) -> (), sym_name = "unsized"} : () -> ()
}) : () -> ()
