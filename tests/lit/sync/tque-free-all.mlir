// RUN: asc-opt --auto-sync %s | FileCheck %s
// RUN: asc-opt --auto-sync-full %s | FileCheck %s
// free_all_event waits every pending backward event of the queue (hardware.md §9
// FreeAllEvent) on its producer pipe, so MTE2 (qx) and V (qz) learn the frees there and the
// next alloc_tensor waits nothing: the queues still order every cross-pipe access, and
// neither policy adds a flag or a barrier.
// CHECK-NOT: asc.set_flag
// CHECK-NOT: asc.wait_flag
// CHECK-NOT: asc.pipe_barrier
// CHECK: "asc.free_all_event"(%{{.*}}) : (!asc.queue<VECIN, 1>) -> ()
// CHECK: "asc.free_all_event"(%{{.*}}) : (!asc.queue<VECOUT, 1>) -> ()
// CHECK: sym_name = "k"
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%x: !asc.gm_ptr<i32>, %z: !asc.gm_ptr<i32>):
    %c0 = "arith.constant"() {value = 0 : index} : () -> index
    %c1 = "arith.constant"() {value = 1 : index} : () -> index
    %c4 = "arith.constant"() {value = 4 : index} : () -> index
    %one = "arith.constant"() {value = 1 : i32} : () -> i32
    %n = "arith.constant"() {value = 16 : i32} : () -> i32
    %bytes = "arith.constant"() {value = 64 : i32} : () -> i32
    %xg = "asc.global_tensor"() : () -> !asc.global_tensor<i32>
    "asc.set_global_buffer"(%xg, %x) : (!asc.global_tensor<i32>, !asc.gm_ptr<i32>) -> ()
    %zg = "asc.global_tensor"() : () -> !asc.global_tensor<i32>
    "asc.set_global_buffer"(%zg, %z) : (!asc.global_tensor<i32>, !asc.gm_ptr<i32>) -> ()
    %pipe = "asc.tpipe"() : () -> !asc.pipe
    %qx = "asc.tque"() : () -> !asc.queue<VECIN, 1>
    %qz = "asc.tque"() : () -> !asc.queue<VECOUT, 1>
    "asc.init_buffer"(%pipe, %qx, %one, %bytes) : (!asc.pipe, !asc.queue<VECIN, 1>, i32, i32) -> ()
    "asc.init_buffer"(%pipe, %qz, %one, %bytes) : (!asc.pipe, !asc.queue<VECOUT, 1>, i32, i32) -> ()
    "scf.for"(%c0, %c4, %c1) ({
    ^bb0(%i: index):
      %i32 = "arith.index_cast"(%i) : (index) -> i32
      %off = "arith.muli"(%i32, %n) : (i32, i32) -> i32
      %xs = "asc.gt_subview"(%xg, %off) : (!asc.global_tensor<i32>, i32) -> !asc.global_tensor<i32>
      %xl = "asc.alloc_tensor"(%qx) : (!asc.queue<VECIN, 1>) -> !asc.local_tensor<16xi32, VECIN>
      "asc.data_copy"(%xl, %xs, %n) : (!asc.local_tensor<16xi32, VECIN>, !asc.global_tensor<i32>, i32) -> ()
      "asc.enque"(%qx, %xl) : (!asc.queue<VECIN, 1>, !asc.local_tensor<16xi32, VECIN>) -> ()
      %xd = "asc.deque"(%qx) : (!asc.queue<VECIN, 1>) -> !asc.local_tensor<16xi32, VECIN>
      %zl = "asc.alloc_tensor"(%qz) : (!asc.queue<VECOUT, 1>) -> !asc.local_tensor<16xi32, VECOUT>
      "asc.adds"(%zl, %xd, %one, %n) : (!asc.local_tensor<16xi32, VECOUT>, !asc.local_tensor<16xi32, VECIN>, i32, i32) -> ()
      "asc.enque"(%qz, %zl) : (!asc.queue<VECOUT, 1>, !asc.local_tensor<16xi32, VECOUT>) -> ()
      "asc.free_tensor"(%qx, %xd) : (!asc.queue<VECIN, 1>, !asc.local_tensor<16xi32, VECIN>) -> ()
      "asc.free_all_event"(%qx) : (!asc.queue<VECIN, 1>) -> ()
      %zd = "asc.deque"(%qz) : (!asc.queue<VECOUT, 1>) -> !asc.local_tensor<16xi32, VECOUT>
      %zs = "asc.gt_subview"(%zg, %off) : (!asc.global_tensor<i32>, i32) -> !asc.global_tensor<i32>
      "asc.data_copy"(%zs, %zd, %n) : (!asc.global_tensor<i32>, !asc.local_tensor<16xi32, VECOUT>, i32) -> ()
      "asc.free_tensor"(%qz, %zd) : (!asc.queue<VECOUT, 1>, !asc.local_tensor<16xi32, VECOUT>) -> ()
      "asc.free_all_event"(%qz) : (!asc.queue<VECOUT, 1>) -> ()
      "scf.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "func.return"() : () -> ()
  }) {function_type = (!asc.gm_ptr<i32>, !asc.gm_ptr<i32>) -> (), sym_name = "k"} : () -> ()
}) : () -> ()
