// RUN: %python %S/Inputs/run_auto.py %s %t auto_leaky 2048 "np.where(x.astype(np.float32) >= 0, x.astype(np.float32), x.astype(np.float32) * np.float32(0.125)).astype(np.float16)" 2 len=i32:256 | FileCheck %s
// RUN: asc-opt --pass-pipeline=input-output-tensor,hoist-ub-allocation,materialize-tensor,unify-pipe,canonicalize,cse,hoist-que-bind,insert-sync %s | FileCheck %s --check-prefix=IR
// End to end, 2 blocks: a leaky-relu kernel with f32 temporaries (cast f16 -> f32 into a
// temporary, leaky_relu into a second one, cast back into the output), the input tile of
// dynamic length, through pyasc's pipeline: exact results, no sanitizer report.
// CHECK: OK auto_leaky 2048
// Temporaries become TBufs with PIPE_V barriers after their writes; the input uses a VECIN
// queue, the output a VECOUT queue; the input's byte length (2 * %len, a kernel argument)
// is computed before the loop with the init_buffer it sizes.
// IR: ^bb0(%arg0: !asc.gm_ptr<f16>, %arg1: !asc.gm_ptr<f16>, %arg2: !asc.gm_ptr<f16>, %arg3: i32):
// IR: [[QI:%[0-9]+]] = "asc.tque"() : () -> !asc.queue<VECIN, 1>
// IR-NEXT: [[TWO:%[0-9]+]] = "arith.constant"() {value = 2 : i32}
// IR-NEXT: [[LEN:%[0-9]+]] = "arith.muli"(%arg3, [[TWO]])
// IR-NEXT: "asc.init_buffer"({{%[0-9]+}}, [[QI]], {{%[0-9]+}}, [[LEN]])
// IR-NEXT: "scf.for"
// IR: "asc.data_copy"
// IR-NEXT: "asc.enque"([[QI]],
// IR: [[D:%[0-9]+]] = "asc.deque"([[QI]])
// IR-NEXT: "asc.cast"({{%[0-9]+}}, [[D]], %arg3)
// IR-NEXT: "asc.pipe_barrier"() {pipe = #asc.pipe<PIPE_V>}
// IR-NEXT: "asc.leaky_relu"
// IR-NEXT: "asc.pipe_barrier"() {pipe = #asc.pipe<PIPE_V>}
// IR-NEXT: "asc.cast"
// IR-NEXT: "asc.enque"
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%x: !asc.gm_ptr<f16>, %y: !asc.gm_ptr<f16>, %z: !asc.gm_ptr<f16>, %tile: i32):
    %c0 = "arith.constant"() {value = 0 : index} : () -> index
    %c1 = "arith.constant"() {value = 1 : index} : () -> index
    %c4 = "arith.constant"() {value = 4 : index} : () -> index
    %blen = "arith.constant"() {value = 1024 : i32} : () -> i32
    %alpha = "arith.constant"() {value = 0.125 : f32} : () -> f32
    %b = "asc.get_block_idx"() : () -> i32
    %base = "arith.muli"(%b, %blen) : (i32, i32) -> i32
    %xg = "asc.global_tensor"() : () -> !asc.global_tensor<f16>
    "asc.set_global_buffer"(%xg, %x) : (!asc.global_tensor<f16>, !asc.gm_ptr<f16>) -> ()
    %zg = "asc.global_tensor"() : () -> !asc.global_tensor<f16>
    "asc.set_global_buffer"(%zg, %z) : (!asc.global_tensor<f16>, !asc.gm_ptr<f16>) -> ()
    "scf.for"(%c0, %c4, %c1) ({
    ^bb0(%i: index):
      %i32 = "arith.index_cast"(%i) : (index) -> i32
      %o0 = "arith.muli"(%i32, %tile) : (i32, i32) -> i32
      %off = "arith.addi"(%o0, %base) : (i32, i32) -> i32
      %xl = "asc.local_tensor_auto"(%tile) : (i32) -> !asc.local_tensor<f16>
      %t0 = "asc.local_tensor_auto"() : () -> !asc.local_tensor<256xf32>
      %t1 = "asc.local_tensor_auto"() : () -> !asc.local_tensor<256xf32>
      %zl = "asc.local_tensor_auto"() : () -> !asc.local_tensor<256xf16>
      %xs = "asc.gt_subview"(%xg, %off) : (!asc.global_tensor<f16>, i32) -> !asc.global_tensor<f16>
      "asc.data_copy"(%xl, %xs, %tile) : (!asc.local_tensor<f16>, !asc.global_tensor<f16>, i32) -> ()
      "asc.cast"(%t0, %xl, %tile) {round = #asc.round<CAST_NONE>} : (!asc.local_tensor<256xf32>, !asc.local_tensor<f16>, i32) -> ()
      "asc.leaky_relu"(%t1, %t0, %alpha, %tile) : (!asc.local_tensor<256xf32>, !asc.local_tensor<256xf32>, f32, i32) -> ()
      "asc.cast"(%zl, %t1, %tile) {round = #asc.round<CAST_RINT>} : (!asc.local_tensor<256xf16>, !asc.local_tensor<256xf32>, i32) -> ()
      %zs = "asc.gt_subview"(%zg, %off) : (!asc.global_tensor<f16>, i32) -> !asc.global_tensor<f16>
      "asc.data_copy"(%zs, %zl, %tile) : (!asc.global_tensor<f16>, !asc.local_tensor<256xf16>, i32) -> ()
      "scf.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "func.return"() : () -> ()
  }) {function_type = (!asc.gm_ptr<f16>, !asc.gm_ptr<f16>, !asc.gm_ptr<f16>, i32) -> (), sym_name = "auto_leaky"} : () -> ()
}) : () -> ()
