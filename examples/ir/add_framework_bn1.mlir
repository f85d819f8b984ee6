// add_framework_bn1: z = x + y in float32 with TPipe / TQue, BUFFER_NUM = 1 (pyasc's "add with
// the framework" tutorial: CopyIn -> Compute -> CopyOut per tile).
// The kernel takes the total length n and the tile size; block b handles n / get_block_num()
// elements from b * that.  n must be a multiple of blocks * tile.
//
//   build/bin/asc-run examples/ir/add_framework_bn1.mlir --blocks 8 \
//       x=x.npy y=y.npy z=z.npy:f32:65536 n=i32:65536 tile=i32:1024
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%x: !asc.gm_ptr<f32>, %y: !asc.gm_ptr<f32>, %z: !asc.gm_ptr<f32>, %n: i32, %tile: i32):
    %c4 = "arith.constant"() {value = 4 : i32} : () -> i32 loc("add_framework_bn1.py":12:4)
    %nbuf = "arith.constant"() {value = 1 : i32} : () -> i32 loc("add_framework_bn1.py":12:4)
    %bidx = "asc.get_block_idx"() : () -> i32 loc("add_framework_bn1.py":13:10)
    %bnum = "asc.get_block_num"() : () -> i32 loc("add_framework_bn1.py":14:10)
    %len = "arith.divsi"(%n, %bnum) : (i32, i32) -> i32 loc("add_framework_bn1.py":15:10)
    %base = "arith.muli"(%bidx, %len) : (i32, i32) -> i32 loc("add_framework_bn1.py":16:11)
    %ntiles = "arith.divsi"(%len, %tile) : (i32, i32) -> i32 loc("add_framework_bn1.py":17:13)
    %bytes = "arith.muli"(%tile, %c4) : (i32, i32) -> i32 loc("add_framework_bn1.py":18:12)

    %xg = "asc.global_tensor"() : () -> !asc.global_tensor<f32> loc("add_framework_bn1.py":20:9)
    "asc.set_global_buffer"(%xg, %x) : (!asc.global_tensor<f32>, !asc.gm_ptr<f32>) -> () loc("add_framework_bn1.py":20:9)
    %yg = "asc.global_tensor"() : () -> !asc.global_tensor<f32> loc("add_framework_bn1.py":21:9)
    "asc.set_global_buffer"(%yg, %y) : (!asc.global_tensor<f32>, !asc.gm_ptr<f32>) -> () loc("add_framework_bn1.py":21:9)
    %zg = "asc.global_tensor"() : () -> !asc.global_tensor<f32> loc("add_framework_bn1.py":22:9)
    "asc.set_global_buffer"(%zg, %z) : (!asc.global_tensor<f32>, !asc.gm_ptr<f32>) -> () loc("add_framework_bn1.py":22:9)

    %pipe = "asc.tpipe"() : () -> !asc.pipe loc("add_framework_bn1.py":24:11)
    %qx = "asc.tque"() : () -> !asc.queue<VECIN, 1> loc("add_framework_bn1.py":25:9)
    %qy = "asc.tque"() : () -> !asc.queue<VECIN, 1> loc("add_framework_bn1.py":26:9)
    %qz = "asc.tque"() : () -> !asc.queue<VECOUT, 1> loc("add_framework_bn1.py":27:9)
    "asc.init_buffer"(%pipe, %qx, %nbuf, %bytes) : (!asc.pipe, !asc.queue<VECIN, 1>, i32, i32) -> () loc("add_framework_bn1.py":28:4)
    "asc.init_buffer"(%pipe, %qy, %nbuf, %bytes) : (!asc.pipe, !asc.queue<VECIN, 1>, i32, i32) -> () loc("add_framework_bn1.py":29:4)
    "asc.init_buffer"(%pipe, %qz, %nbuf, %bytes) : (!asc.pipe, !asc.queue<VECOUT, 1>, i32, i32) -> () loc("add_framework_bn1.py":30:4)

    %z0 = "arith.constant"() {value = 0 : index} : () -> index loc("add_framework_bn1.py":32:4)
    %z1 = "arith.constant"() {value = 1 : index} : () -> index loc("add_framework_bn1.py":32:4)
    %nt = "arith.index_cast"(%ntiles) : (i32) -> index loc("add_framework_bn1.py":32:4)
    "scf.for"(%z0, %nt, %z1) ({
    ^bb0(%iv: index):
      %i = "arith.index_cast"(%iv) : (index) -> i32 loc("add_framework_bn1.py":33:14)
      %t = "arith.muli"(%i, %tile) : (i32, i32) -> i32 loc("add_framework_bn1.py":33:14)
      %off = "arith.addi"(%base, %t) : (i32, i32) -> i32 loc("add_framework_bn1.py":33:14)
      // CopyIn
      %xs = "asc.gt_subview"(%xg, %off) : (!asc.global_tensor<f32>, i32) -> !asc.global_tensor<f32> loc("add_framework_bn1.py":36:29)
      %ys = "asc.gt_subview"(%yg, %off) : (!asc.global_tensor<f32>, i32) -> !asc.global_tensor<f32> loc("add_framework_bn1.py":37:29)
      %xl = "asc.alloc_tensor"(%qx) : (!asc.queue<VECIN, 1>) -> !asc.local_tensor<f32, VECIN> loc("add_framework_bn1.py":38:13)
      %yl = "asc.alloc_tensor"(%qy) : (!asc.queue<VECIN, 1>) -> !asc.local_tensor<f32, VECIN> loc("add_framework_bn1.py":39:13)
      "asc.data_copy"(%xl, %xs, %tile) : (!asc.local_tensor<f32, VECIN>, !asc.global_tensor<f32>, i32) -> () loc("add_framework_bn1.py":40:8)
      "asc.data_copy"(%yl, %ys, %tile) : (!asc.local_tensor<f32, VECIN>, !asc.global_tensor<f32>, i32) -> () loc("add_framework_bn1.py":41:8)
      "asc.enque"(%qx, %xl) : (!asc.queue<VECIN, 1>, !asc.local_tensor<f32, VECIN>) -> () loc("add_framework_bn1.py":42:8)
      "asc.enque"(%qy, %yl) : (!asc.queue<VECIN, 1>, !asc.local_tensor<f32, VECIN>) -> () loc("add_framework_bn1.py":43:8)
      // Compute
      %xd = "asc.deque"(%qx) : (!asc.queue<VECIN, 1>) -> !asc.local_tensor<f32, VECIN> loc("add_framework_bn1.py":45:13)
      %yd = "asc.deque"(%qy) : (!asc.queue<VECIN, 1>) -> !asc.local_tensor<f32, VECIN> loc("add_framework_bn1.py":46:13)
      %zl = "asc.alloc_tensor"(%qz) : (!asc.queue<VECOUT, 1>) -> !asc.local_tensor<f32, VECOUT> loc("add_framework_bn1.py":47:13)
      "asc.add"(%zl, %xd, %yd, %tile) : (!asc.local_tensor<f32, VECOUT>, !asc.local_tensor<f32, VECIN>, !asc.local_tensor<f32, VECIN>, i32) -> () loc("add_framework_bn1.py":48:8)
      "asc.enque"(%qz, %zl) : (!asc.queue<VECOUT, 1>, !asc.local_tensor<f32, VECOUT>) -> () loc("add_framework_bn1.py":49:8)
      "asc.free_tensor"(%qx, %xd) : (!asc.queue<VECIN, 1>, !asc.local_tensor<f32, VECIN>) -> () loc("add_framework_bn1.py":50:8)
      "asc.free_tensor"(%qy, %yd) : (!asc.queue<VECIN, 1>, !asc.local_tensor<f32, VECIN>) -> () loc("add_framework_bn1.py":51:8)
      // CopyOut
      %zd = "asc.deque"(%qz) : (!asc.queue<VECOUT, 1>) -> !asc.local_tensor<f32, VECOUT> loc("add_framework_bn1.py":53:13)
      %zs = "asc.gt_subview"(%zg, %off) : (!asc.global_tensor<f32>, i32) -> !asc.global_tensor<f32> loc("add_framework_bn1.py":54:24)
      "asc.data_copy"(%zs, %zd, %tile) : (!asc.global_tensor<f32>, !asc.local_tensor<f32, VECOUT>, i32) -> () loc("add_framework_bn1.py":54:8)
      "asc.free_tensor"(%qz, %zd) : (!asc.queue<VECOUT, 1>, !asc.local_tensor<f32, VECOUT>) -> () loc("add_framework_bn1.py":55:8)
      "scf.yield"() : () -> () loc("add_framework_bn1.py":32:4)
    }) : (index, index, index) -> () loc("add_framework_bn1.py":32:4)
    "func.return"() : () -> () loc("add_framework_bn1.py":56:0)
  }) {function_type = (!asc.gm_ptr<f32>, !asc.gm_ptr<f32>, !asc.gm_ptr<f32>, i32, i32) -> (), sym_name = "add_kernel"} : () -> () loc("add_framework_bn1.py":11:0)
}) : () -> ()
