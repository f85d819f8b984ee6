// t01_gm_oob_sites: lenient GM (pyasc's default) and two ops of one source site, as the trace of a C++
// kernel has them (an unrolled loop repeats one Python line as ops of their own): one out-of-bounds
// warning per source site, so the two copies of line 31 give one warning, line 32's its own (docs/sanitizers.md).
// ERRORS: 0
// WARNINGS: 2
// EXPECT: sites.py:31:8: warning: asc.data_copy: out-of-bounds read of GM array 'x': bytes [1024, 2048), but it has 1024 bytes
// EXPECT: sites.py:32:8: warning: asc.data_copy: out-of-bounds read of GM array 'y': bytes [1024, 2048), but it has 1024 bytes
// RUN: --lenient-gm --blocks 1 x=x.npy:f32:256 y=y.npy:f32:256
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%x: !asc.gm_ptr<f32>, %y: !asc.gm_ptr<f32>):
    %c0 = "arith.constant"() {value = 0 : i32} : () -> i32 loc("sites.py":10:4)
    %tile = "arith.constant"() {value = 256 : i32} : () -> i32 loc("sites.py":11:4)
    %ya = "arith.constant"() {value = 1024 : i32} : () -> i32 loc("sites.py":13:4)
    %xg = "asc.global_tensor"() : () -> !asc.global_tensor<f32> loc("sites.py":20:9)
    "asc.set_global_buffer"(%xg, %x) : (!asc.global_tensor<f32>, !asc.gm_ptr<f32>) -> () loc("sites.py":20:9)
    %yg = "asc.global_tensor"() : () -> !asc.global_tensor<f32> loc("sites.py":21:9)
    "asc.set_global_buffer"(%yg, %y) : (!asc.global_tensor<f32>, !asc.gm_ptr<f32>) -> () loc("sites.py":21:9)
    %xl = "asc.local_tensor"(%c0, %tile) {pos = #asc.pos<VECIN>} : (i32, i32) -> !asc.local_tensor<f32, VECIN> loc("sites.py":24:9)
    %yl = "asc.local_tensor"(%ya, %tile) {pos = #asc.pos<VECIN>} : (i32, i32) -> !asc.local_tensor<f32, VECIN> loc("sites.py":25:9)
    %za = "arith.constant"() {value = 2048 : i32} : () -> i32 loc("sites.py":14:4)
    %x2 = "asc.local_tensor"(%za, %tile) {pos = #asc.pos<VECIN>} : (i32, i32) -> !asc.local_tensor<f32, VECIN> loc("sites.py":26:9)
    %xs = "asc.gt_subview"(%xg, %tile) : (!asc.global_tensor<f32>, i32) -> !asc.global_tensor<f32> loc("sites.py":30:25)
    %ys = "asc.gt_subview"(%yg, %tile) : (!asc.global_tensor<f32>, i32) -> !asc.global_tensor<f32> loc("sites.py":30:45)
    "asc.data_copy"(%xl, %xs, %tile) : (!asc.local_tensor<f32, VECIN>, !asc.global_tensor<f32>, i32) -> () loc("sites.py":31:8)
    "asc.data_copy"(%x2, %xs, %tile) : (!asc.local_tensor<f32, VECIN>, !asc.global_tensor<f32>, i32) -> () loc("sites.py":31:8)
    "asc.data_copy"(%yl, %ys, %tile) : (!asc.local_tensor<f32, VECIN>, !asc.global_tensor<f32>, i32) -> () loc("sites.py":32:8)
    "func.return"() : () -> () loc("sites.py":41:0)
  }) {function_type = (!asc.gm_ptr<f32>, !asc.gm_ptr<f32>) -> (), sym_name = "sites"} : () -> ()
}) : () -> ()
