// RUN: %python %S/Inputs/run_auto.py %s %t auto_add 1024 "(x + y) + y" | FileCheck %s
// RUN: asc-opt --pass-pipeline=input-output-tensor,hoist-ub-allocation,materialize-tensor,unify-pipe,canonicalize,cse,hoist-que-bind,insert-sync %s | FileCheck %s --check-prefix=IR
// End to end: a kernel written with LocalTensorAuto (loads into auto tensors, a temporary,
// a store from an auto tensor) through pyasc's pipeline runs in the simulator with exact
// results and no sanitizer report.
// CHECK: OK auto_add 1024
// The pipeline's result: one TPipe, queues and TBuf before the loop, alloc/enque/deque/free
// in it, and no local_tensor_auto left.
// IR: "asc.tpipe"
// IR-NOT: "asc.tpipe"
// IR: "asc.tbuf"() : () -> !asc.tbuf<VECCALC>
// IR: "asc.tque"() : () -> !asc.queue<VECOUT, 1>
// IR: "asc.tque"() : () -> !asc.queue<VECIN, 1>
// IR: "asc.tque"() : () -> !asc.queue<VECIN, 1>
// IR: "scf.for"
// IR: "asc.enque"
// IR: "asc.deque"
// IR: "asc.free_tensor"
// IR: "scf.yield"
// IR-NEXT: })
// IR-NEXT: "asc.pipe_barrier"() {pipe = #asc.pipe<PIPE_ALL>}
// IR-NOT: local_tensor_auto
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%x: !asc.gm_ptr<f16>, %y: !asc.gm_ptr<f16>, %z: !asc.gm_ptr<f16>):
    %c0 = "arith.constant"() {value = 0 : index} : () -> index
    %c1 = "arith.constant"() {value = 1 : index} : () -> index
    %c4 = "arith.constant"() {value = 4 : index} : () -> index
    %tile = "arith.constant"() {value = 256 : i32} : () -> i32
    %xg = "asc.global_tensor"() : () -> !asc.global_tensor<f16>
    "asc.set_global_buffer"(%xg, %x) : (!asc.global_tensor<f16>, !asc.gm_ptr<f16>) -> ()
    %yg = "asc.global_tensor"() : () -> !asc.global_tensor<f16>
    "asc.set_global_buffer"(%yg, %y) : (!asc.global_tensor<f16>, !asc.gm_ptr<f16>) -> ()
    %zg = "asc.global_tensor"() : () -> !asc.global_tensor<f16>
    "asc.set_global_buffer"(%zg, %z) : (!asc.global_tensor<f16>, !asc.gm_ptr<f16>) -> ()
    "scf.for"(%c0, %c4, %c1) ({
    ^bb0(%i: index):
      %i32 = "arith.index_cast"(%i) : (index) -> i32
      %off = "arith.muli"(%i32, %tile) : (i32, i32) -> i32
      %xl = "asc.local_tensor_auto"() : () -> !asc.local_tensor<256xf16>
      %yl = "asc.local_tensor_auto"() : () -> !asc.local_tensor<256xf16>
      %tl = "asc.local_tensor_auto"() : () -> !asc.local_tensor<256xf16>
      %zl = "asc.local_tensor_auto"() : () -> !asc.local_tensor<256xf16>
      %xs = "asc.gt_subview"(%xg, %off) : (!asc.global_tensor<f16>, i32) -> !asc.global_tensor<f16>
      %ys = "asc.gt_subview"(%yg, %off) : (!asc.global_tensor<f16>, i32) -> !asc.global_tensor<f16>
      "asc.data_copy"(%xl, %xs, %tile) : (!asc.local_tensor<256xf16>, !asc.global_tensor<f16>, i32) -> ()
      "asc.data_copy"(%yl, %ys, %tile) : (!asc.local_tensor<256xf16>, !asc.global_tensor<f16>, i32) -> ()
      "asc.add"(%tl, %xl, %yl, %tile) : (!asc.local_tensor<256xf16>, !asc.local_tensor<256xf16>, !asc.local_tensor<256xf16>, i32) -> ()
      "asc.add"(%zl, %tl, %yl, %tile) : (!asc.local_tensor<256xf16>, !asc.local_tensor<256xf16>, !asc.local_tensor<256xf16>, i32) -> ()
      %zs = "asc.gt_subview"(%zg, %off) : (!asc.global_tensor<f16>, i32) -> !asc.global_tensor<f16>
      "asc.data_copy"(%zs, %zl, %tile) : (!asc.global_tensor<f16>, !asc.local_tensor<256xf16>, i32) -> ()
      "scf.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "func.return"() : () -> ()
  }) {function_type = (!asc.gm_ptr<f16>, !asc.gm_ptr<f16>, !asc.gm_ptr<f16>) -> (), sym_name = "auto_add"} : () -> ()
}) : () -> ()
