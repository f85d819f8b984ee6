// RUN: asc-opt --split-input-file --strip-user-sync %s | FileCheck %s
// strip-user-sync (our EraseSync, sync.md A.4 / B.9; a debugging pass, never run by
// default): every deque's result becomes the tensor of its queue's alloc_tensor, and every
// enque, set_flag, wait_flag and pipe_barrier is removed.

// Case (a): an enque/deque pair on one queue: the add reads the alloc, both ops are gone.
// CHECK: [[Q:%[0-9]+]] = "asc.tque"()
// CHECK: [[T:%[0-9]+]] = "asc.alloc_tensor"([[Q]])
// CHECK-NEXT: "asc.data_copy"([[T]], %arg0,
// CHECK-NEXT: "asc.add"(%arg1, [[T]], [[T]],
// CHECK-NEXT: "asc.free_tensor"([[Q]], [[T]])
// CHECK-NOT: asc.enque
// CHECK-NOT: asc.deque
// CHECK-LABEL: sym_name = "strip_queue"
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%g: !asc.global_tensor<f16>, %o: !asc.local_tensor<32xf16>):
    %n = "arith.constant"() {value = 32 : i32} : () -> i32
    %len = "arith.constant"() {value = 64 : i32} : () -> i32
    %one = "arith.constant"() {value = 1 : i32} : () -> i32
    %p = "asc.tpipe"() : () -> !asc.pipe
    %q = "asc.tque"() : () -> !asc.queue<VECIN, 1>
    "asc.init_buffer"(%p, %q, %one, %len) : (!asc.pipe, !asc.queue<VECIN, 1>, i32, i32) -> ()
    %t = "asc.alloc_tensor"(%q) : (!asc.queue<VECIN, 1>) -> !asc.local_tensor<32xf16>
    "asc.data_copy"(%t, %g, %n) : (!asc.local_tensor<32xf16>, !asc.global_tensor<f16>, i32) -> ()
    "asc.enque"(%q, %t) : (!asc.queue<VECIN, 1>, !asc.local_tensor<32xf16>) -> ()
    %d = "asc.deque"(%q) : (!asc.queue<VECIN, 1>) -> !asc.local_tensor<32xf16>
    "asc.add"(%o, %d, %d, %n) : (!asc.local_tensor<32xf16>, !asc.local_tensor<32xf16>, !asc.local_tensor<32xf16>, i32) -> ()
    "asc.free_tensor"(%q, %t) : (!asc.queue<VECIN, 1>, !asc.local_tensor<32xf16>) -> ()
    "func.return"() : () -> ()
  }) {function_type = (!asc.global_tensor<f16>, !asc.local_tensor<32xf16>) -> (), sym_name = "strip_queue"} : () -> ()
}) : () -> ()

// -----

// Case (b): set_flag, wait_flag and pipe_barrier (also inside a loop) are erased; the id
// values they used stay (event-id ops would too).
// CHECK: "arith.constant"() {value = 3 : i32}
// CHECK: "asc.duplicate"
// CHECK-NEXT: "scf.for"
// CHECK-NEXT: ^bb0
// CHECK-NEXT: "asc.adds"
// CHECK-NEXT: "scf.yield"
// CHECK-NEXT: })
// CHECK-NEXT: "asc.get_value"
// CHECK-NEXT: "func.return"
// CHECK-NOT: asc.set_flag
// CHECK-NOT: asc.wait_flag
// CHECK-NOT: asc.pipe_barrier
// CHECK-LABEL: sym_name = "strip_flags"
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%a: !asc.local_tensor<64xf32>):
    %id = "arith.constant"() {value = 3 : i32} : () -> i32
    %n = "arith.constant"() {value = 64 : i32} : () -> i32
    %c0 = "arith.constant"() {value = 0 : i32} : () -> i32
    %v = "arith.constant"() {value = 1.0 : f32} : () -> f32
    %i0 = "arith.constant"() {value = 0 : index} : () -> index
    %i1 = "arith.constant"() {value = 1 : index} : () -> index
    "asc.duplicate"(%a, %v, %n) : (!asc.local_tensor<64xf32>, f32, i32) -> ()
    "scf.for"(%i0, %i1, %i1) ({
    ^bb0(%i: index):
      "asc.pipe_barrier"() {pipe = #asc.pipe<PIPE_V>} : () -> ()
      "asc.adds"(%a, %a, %v, %n) : (!asc.local_tensor<64xf32>, !asc.local_tensor<64xf32>, f32, i32) -> ()
      "scf.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "asc.set_flag"(%id) {event = #asc.event<V_S>} : (i32) -> ()
    "asc.wait_flag"(%id) {event = #asc.event<V_S>} : (i32) -> ()
    %x = "asc.get_value"(%a, %c0) : (!asc.local_tensor<64xf32>, i32) -> f32
    "func.return"() : () -> ()
  }) {function_type = (!asc.local_tensor<64xf32>) -> (), sym_name = "strip_flags"} : () -> ()
}) : () -> ()
