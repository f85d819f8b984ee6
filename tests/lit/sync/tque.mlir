// RUN: asc-opt --inline --canonicalize --auto-sync %s | FileCheck %s
// RUN: asc-opt --inline --canonicalize --auto-sync-full %s | FileCheck %s
// The TQue double-buffered vadd (examples/ir/add_framework.mlir): every cross-pipe order
// comes from the queues (hardware.md §9: EnQue/DeQue = MTE2_V / V_MTE3, Free/Alloc =
// V_MTE2 / MTE3_V), and the queue slots alternate (depth 2), so neither policy adds a
// flag.  The stores of tiles i and i+1 write z[i*1024 : +1024) and z[(i+1)*1024 : +1024):
// disjoint, so no PIPE_MTE3 barrier either.
// CHECK-NOT: asc.set_flag
// CHECK-NOT: asc.wait_flag
// CHECK-NOT: asc.pipe_barrier
// CHECK: sym_name = "add_kernel"
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%i: index):
    %tile = "arith.constant"() {value = 1024 : i32} : () -> i32 loc("add_framework.py":9:11)
    %i32 = "arith.index_cast"(%i) : (index) -> i32 loc("add_framework.py":10:11)
    %off = "arith.muli"(%i32, %tile) : (i32, i32) -> i32 loc("add_framework.py":10:11)
    "func.return"(%off) : (i32) -> () loc("add_framework.py":10:4)
  }) {function_type = (index) -> i32, sym_name = "tile_offset", sym_visibility = "private"} : () -> () loc("add_framework.py":8:0)

  "func.func"() ({
  ^bb0(%x: !asc.gm_ptr<f16>, %y: !asc.gm_ptr<f16>, %z: !asc.gm_ptr<f16>):
    %c0 = "arith.constant"() {value = 0 : index} : () -> index loc("add_framework.py":16:13)
    %c1 = "arith.constant"() {value = 1 : index} : () -> index loc("add_framework.py":16:13)
    %ntiles = "arith.constant"() {value = 8 : index} : () -> index loc("add_framework.py":16:13)
    %tile = "arith.constant"() {value = 1024 : i32} : () -> i32 loc("add_framework.py":17:11)
    %nbuf = "arith.constant"() {value = 2 : i32} : () -> i32 loc("add_framework.py":18:11)
    %bytes = "arith.constant"() {value = 2048 : i32} : () -> i32 loc("add_framework.py":19:12)

    %xg = "asc.global_tensor"() : () -> !asc.global_tensor<f16> loc("add_framework.py":21:9)
    "asc.set_global_buffer"(%xg, %x) : (!asc.global_tensor<f16>, !asc.gm_ptr<f16>) -> () loc("add_framework.py":21:9)
    %yg = "asc.global_tensor"() : () -> !asc.global_tensor<f16> loc("add_framework.py":22:9)
    "asc.set_global_buffer"(%yg, %y) : (!asc.global_tensor<f16>, !asc.gm_ptr<f16>) -> () loc("add_framework.py":22:9)
    %zg = "asc.global_tensor"() : () -> !asc.global_tensor<f16> loc("add_framework.py":23:9)
    "asc.set_global_buffer"(%zg, %z) : (!asc.global_tensor<f16>, !asc.gm_ptr<f16>) -> () loc("add_framework.py":23:9)

    %pipe = "asc.tpipe"() : () -> !asc.pipe loc("add_framework.py":25:11)
    %qx = "asc.tque"() : () -> !asc.queue<VECIN, 2> loc("add_framework.py":26:9)
    %qy = "asc.tque"() : () -> !asc.queue<VECIN, 2> loc("add_framework.py":27:9)
    %qz = "asc.tque"() : () -> !asc.queue<VECOUT, 2> loc("add_framework.py":28:9)
    "asc.init_buffer"(%pipe, %qx, %nbuf, %bytes) : (!asc.pipe, !asc.queue<VECIN, 2>, i32, i32) -> () loc("add_framework.py":29:4)
    "asc.init_buffer"(%pipe, %qy, %nbuf, %bytes) : (!asc.pipe, !asc.queue<VECIN, 2>, i32, i32) -> () loc("add_framework.py":30:4)
    "asc.init_buffer"(%pipe, %qz, %nbuf, %bytes) : (!asc.pipe, !asc.queue<VECOUT, 2>, i32, i32) -> () loc("add_framework.py":31:4)

    "scf.for"(%c0, %ntiles, %c1) ({
    ^bb0(%i: index):
      %off = "func.call"(%i) {callee = @tile_offset} : (index) -> i32 loc("add_framework.py":34:14)
      // CopyIn
      %xs = "asc.gt_subview"(%xg, %off) : (!asc.global_tensor<f16>, i32) -> !asc.global_tensor<f16> loc("add_framework.py":36:29)
      %ys = "asc.gt_subview"(%yg, %off) : (!asc.global_tensor<f16>, i32) -> !asc.global_tensor<f16> loc("add_framework.py":37:29)
      %xl = "asc.alloc_tensor"(%qx) : (!asc.queue<VECIN, 2>) -> !asc.local_tensor<1024xf16, VECIN> loc("add_framework.py":38:13)
      %yl = "asc.alloc_tensor"(%qy) : (!asc.queue<VECIN, 2>) -> !asc.local_tensor<1024xf16, VECIN> loc("add_framework.py":39:13)
      "asc.data_copy"(%xl, %xs, %tile) : (!asc.local_tensor<1024xf16, VECIN>, !asc.global_tensor<f16>, i32) -> () loc("add_framework.py":40:8)
      "asc.data_copy"(%yl, %ys, %tile) : (!asc.local_tensor<1024xf16, VECIN>, !asc.global_tensor<f16>, i32) -> () loc("add_framework.py":41:8)
      "asc.enque"(%qx, %xl) : (!asc.queue<VECIN, 2>, !asc.local_tensor<1024xf16, VECIN>) -> () loc("add_framework.py":42:8)
      "asc.enque"(%qy, %yl) : (!asc.queue<VECIN, 2>, !asc.local_tensor<1024xf16, VECIN>) -> () loc("add_framework.py":43:8)
      // Compute
      %xd = "asc.deque"(%qx) : (!asc.queue<VECIN, 2>) -> !asc.local_tensor<1024xf16, VECIN> loc("add_framework.py":45:13)
      %yd = "asc.deque"(%qy) : (!asc.queue<VECIN, 2>) -> !asc.local_tensor<1024xf16, VECIN> loc("add_framework.py":46:13)
      %zl = "asc.alloc_tensor"(%qz) : (!asc.queue<VECOUT, 2>) -> !asc.local_tensor<1024xf16, VECOUT> loc("add_framework.py":47:13)
      "asc.add"(%zl, %xd, %yd, %tile) : (!asc.local_tensor<1024xf16, VECOUT>, !asc.local_tensor<1024xf16, VECIN>, !asc.local_tensor<1024xf16, VECIN>, i32) -> () loc("add_framework.py":48:8)
      "asc.enque"(%qz, %zl) : (!asc.queue<VECOUT, 2>, !asc.local_tensor<1024xf16, VECOUT>) -> () loc("add_framework.py":49:8)
      "asc.free_tensor"(%qx, %xd) : (!asc.queue<VECIN, 2>, !asc.local_tensor<1024xf16, VECIN>) -> () loc("add_framework.py":50:8)
      "asc.free_tensor"(%qy, %yd) : (!asc.queue<VECIN, 2>, !asc.local_tensor<1024xf16, VECIN>) -> () loc("add_framework.py":51:8)
      // CopyOut
      %zd = "asc.deque"(%qz) : (!asc.queue<VECOUT, 2>) -> !asc.local_tensor<1024xf16, VECOUT> loc("add_framework.py":53:13)
      %zs = "asc.gt_subview"(%zg, %off) : (!asc.global_tensor<f16>, i32) -> !asc.global_tensor<f16> loc("add_framework.py":54:24)
      "asc.data_copy"(%zs, %zd, %tile) : (!asc.global_tensor<f16>, !asc.local_tensor<1024xf16, VECOUT>, i32) -> () loc("add_framework.py":54:8)
      "asc.free_tensor"(%qz, %zd) : (!asc.queue<VECOUT, 2>, !asc.local_tensor<1024xf16, VECOUT>) -> () loc("add_framework.py":55:8)
      "scf.yield"() : () -> () loc("add_framework.py":34:4)
    }) : (index, index, index) -> () loc("add_framework.py":34:4)
    "func.return"() : () -> () loc("add_framework.py":56:0)
  }) {function_type = (!asc.gm_ptr<f16>, !asc.gm_ptr<f16>, !asc.gm_ptr<f16>) -> (), sym_name = "add_kernel"} : () -> () loc("add_framework.py":13:0)
}) : () -> ()
