// sync_barrier_missing_pipe: pipe_barrier(PIPE_MTE4) is legal IR (pyasc compiles it; verify-sync
// warns, S007): arch 2201 has no such pipe, so it is an error when it runs, at its line.
// ERRORS: 1
// EXPECT: bar.py:3:4: error: asc.pipe_barrier: PIPE_MTE4 does not exist on an AIV core
// RUN: z=z.npy:f32:64
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%z: !asc.gm_ptr<f32>):
    "asc.pipe_barrier"() {pipe = #asc.pipe<PIPE_MTE4>} : () -> () loc("bar.py":3:4)
    "func.return"() : () -> () loc("bar.py":4:4)
  }) {function_type = (!asc.gm_ptr<f32>) -> (), sym_name = "mte4"} : () -> ()
}) : () -> ()
