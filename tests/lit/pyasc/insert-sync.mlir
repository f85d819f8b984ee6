// RUN: asc-opt --split-input-file --insert-sync %s | FileCheck %s
// insert-sync (sync.md A.6): pyasc's five phases.  The V_S / S_V brackets use event id 0
// (an arith.constant per bracket) where pyasc fetches one with TPipe::FetchEventID: set and
// wait are adjacent, so the id is free again right after, and TQue never uses these events.

// Case get_set_value: V_S bracket before and S_V bracket after each scalar access.
// CHECK: [[I0:%[0-9]+]] = "arith.constant"() {value = 0 : i32}
// CHECK-NEXT: "asc.set_flag"([[I0]]) {event = #asc.event<V_S>}
// CHECK-NEXT: "asc.wait_flag"([[I0]]) {event = #asc.event<V_S>}
// CHECK-NEXT: [[V:%[0-9]+]] = "asc.get_value"(%arg0, %arg1)
// CHECK-NEXT: [[I1:%[0-9]+]] = "arith.constant"() {value = 0 : i32}
// CHECK-NEXT: "asc.set_flag"([[I1]]) {event = #asc.event<S_V>}
// CHECK-NEXT: "asc.wait_flag"([[I1]]) {event = #asc.event<S_V>}
// CHECK-NEXT: [[I2:%[0-9]+]] = "arith.constant"() {value = 0 : i32}
// CHECK-NEXT: "asc.set_flag"([[I2]]) {event = #asc.event<V_S>}
// CHECK-NEXT: "asc.wait_flag"([[I2]]) {event = #asc.event<V_S>}
// CHECK-NEXT: "asc.set_value"(%arg0, %arg1, [[V]])
// CHECK-NEXT: [[I3:%[0-9]+]] = "arith.constant"() {value = 0 : i32}
// CHECK-NEXT: "asc.set_flag"([[I3]]) {event = #asc.event<S_V>}
// CHECK-NEXT: "asc.wait_flag"([[I3]]) {event = #asc.event<S_V>}
// CHECK-NEXT: "asc.pipe_barrier"() {pipe = #asc.pipe<PIPE_ALL>}
// CHECK-NEXT: "func.return"
// CHECK-LABEL: sym_name = "get_set_value"
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%t: !asc.local_tensor<64xf32>, %i: i32):
    %0 = "asc.get_value"(%t, %i) : (!asc.local_tensor<64xf32>, i32) -> f32
    "asc.set_value"(%t, %i, %0) : (!asc.local_tensor<64xf32>, i32, f32) -> ()
    "func.return"() : () -> ()
  }) {function_type = (!asc.local_tensor<64xf32>, i32) -> (), sym_name = "get_set_value"} : () -> ()
}) : () -> ()

// -----

// Case get_set_value_for: a global get_value before a loop whose body is only a global
// set_value: the get_value is bracketed in place; the set_value's V_S bracket goes right
// before the loop and its S_V bracket right after it; the body stays as it was.
// CHECK: "asc.set_flag"({{%[0-9]+}}) {event = #asc.event<V_S>}
// CHECK-NEXT: "asc.wait_flag"({{%[0-9]+}}) {event = #asc.event<V_S>}
// CHECK-NEXT: [[V:%[0-9]+]] = "asc.get_value"(%arg0, %arg1)
// CHECK-NEXT: "arith.constant"() {value = 0 : i32}
// CHECK-NEXT: "asc.set_flag"({{%[0-9]+}}) {event = #asc.event<S_V>}
// CHECK-NEXT: "asc.wait_flag"({{%[0-9]+}}) {event = #asc.event<S_V>}
// CHECK-NEXT: "arith.constant"() {value = 0 : i32}
// CHECK-NEXT: "asc.set_flag"({{%[0-9]+}}) {event = #asc.event<V_S>}
// CHECK-NEXT: "asc.wait_flag"({{%[0-9]+}}) {event = #asc.event<V_S>}
// CHECK-NEXT: "scf.for"
// CHECK-NEXT: ^bb0
// CHECK-NEXT: "asc.set_value"(%arg0, %arg1, [[V]])
// CHECK-NEXT: "scf.yield"
// CHECK-NEXT: })
// CHECK-NEXT: "arith.constant"() {value = 0 : i32}
// CHECK-NEXT: "asc.set_flag"({{%[0-9]+}}) {event = #asc.event<S_V>}
// CHECK-NEXT: "asc.wait_flag"({{%[0-9]+}}) {event = #asc.event<S_V>}
// CHECK-NEXT: "asc.pipe_barrier"() {pipe = #asc.pipe<PIPE_ALL>}
// CHECK-LABEL: sym_name = "get_set_value_for"
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%g: !asc.global_tensor<f32>, %i: i32, %n: index):
    %i0 = "arith.constant"() {value = 0 : index} : () -> index
    %i1 = "arith.constant"() {value = 1 : index} : () -> index
    %0 = "asc.get_value"(%g, %i) : (!asc.global_tensor<f32>, i32) -> f32
    "scf.for"(%i0, %n, %i1) ({
    ^bb0(%k: index):
      "asc.set_value"(%g, %i, %0) : (!asc.global_tensor<f32>, i32, f32) -> ()
      "scf.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "func.return"() : () -> ()
  }) {function_type = (!asc.global_tensor<f32>, i32, index) -> (), sym_name = "get_set_value_for"} : () -> ()
}) : () -> ()

// -----

// Case insert_pipe_v_pipe_all: writes to tensors that are no queue's alloc/deque get a
// PIPE_V barrier after them; the one after the add is absorbed by the final PIPE_ALL.
// CHECK: "asc.duplicate"(%arg0, %arg1, %arg2)
// CHECK-NEXT: "asc.pipe_barrier"() {pipe = #asc.pipe<PIPE_V>}
// CHECK-NEXT: "asc.add"(%arg3, %arg0, %arg0, %arg2)
// CHECK-NEXT: "asc.pipe_barrier"() {pipe = #asc.pipe<PIPE_ALL>}
// CHECK-NEXT: "func.return"
// CHECK-LABEL: sym_name = "insert_pipe_v_pipe_all"
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%a: !asc.local_tensor<64xf32>, %s: f32, %n: i32, %b: !asc.local_tensor<64xf32>):
    "asc.duplicate"(%a, %s, %n) : (!asc.local_tensor<64xf32>, f32, i32) -> ()
    "asc.add"(%b, %a, %a, %n) : (!asc.local_tensor<64xf32>, !asc.local_tensor<64xf32>, !asc.local_tensor<64xf32>, i32) -> ()
    "func.return"() : () -> ()
  }) {function_type = (!asc.local_tensor<64xf32>, f32, i32, !asc.local_tensor<64xf32>) -> (), sym_name = "insert_pipe_v_pipe_all"} : () -> ()
}) : () -> ()

// -----

// Case insert_enqueue_dequeue: the VECIN tensor is enqueued right after the load and
// dequeued right before the add, which reads the dequeued tensor; the VECOUT tensor is
// enqueued after the add and dequeued right away, before the store.  The frees keep the
// allocated tensors.  The GM store's destination is a kernel argument, not an
// asc.global_tensor, so it gets a (useless) PIPE_V barrier, as in pyasc; the frees
// separate it from the final PIPE_ALL.
// CHECK: [[Q1:%[0-9]+]] = "asc.tque"() : () -> !asc.queue<VECIN, 1>
// CHECK: [[T2:%[0-9]+]] = "asc.alloc_tensor"([[Q1]])
// CHECK-NEXT: "asc.data_copy"([[T2]], %arg0, %arg2)
// CHECK-NEXT: "asc.enque"([[Q1]], [[T2]])
// CHECK-NEXT: [[Q3:%[0-9]+]] = "asc.tque"() : () -> !asc.queue<VECOUT, 1>
// CHECK-NEXT: "asc.init_buffer"
// CHECK-NEXT: [[T4:%[0-9]+]] = "asc.alloc_tensor"([[Q3]])
// CHECK-NEXT: [[D5:%[0-9]+]] = "asc.deque"([[Q1]])
// CHECK-NEXT: "asc.add"([[T4]], [[D5]], [[D5]], %arg2)
// CHECK-NEXT: "asc.enque"([[Q3]], [[T4]])
// CHECK-NEXT: [[D6:%[0-9]+]] = "asc.deque"([[Q3]])
// CHECK-NEXT: "asc.data_copy"(%arg1, [[D6]], %arg2)
// CHECK-NEXT: "asc.pipe_barrier"() {pipe = #asc.pipe<PIPE_V>}
// CHECK-NEXT: "asc.free_tensor"([[Q3]], [[T4]])
// CHECK-NEXT: "asc.free_tensor"([[Q1]], [[T2]])
// CHECK-NEXT: "asc.pipe_barrier"() {pipe = #asc.pipe<PIPE_ALL>}
// CHECK-NEXT: "func.return"
// CHECK-LABEL: sym_name = "insert_enqueue_dequeue"
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%g0: !asc.global_tensor<f16>, %g1: !asc.global_tensor<f16>, %n: i32, %len: i32):
    %p = "asc.tpipe"() : () -> !asc.pipe
    %q1 = "asc.tque"() : () -> !asc.queue<VECIN, 1>
    "asc.init_buffer"(%p, %q1, %n, %len) : (!asc.pipe, !asc.queue<VECIN, 1>, i32, i32) -> ()
    %t2 = "asc.alloc_tensor"(%q1) : (!asc.queue<VECIN, 1>) -> !asc.local_tensor<32xf16>
    "asc.data_copy"(%t2, %g0, %n) : (!asc.local_tensor<32xf16>, !asc.global_tensor<f16>, i32) -> ()
    %q3 = "asc.tque"() : () -> !asc.queue<VECOUT, 1>
    "asc.init_buffer"(%p, %q3, %n, %len) : (!asc.pipe, !asc.queue<VECOUT, 1>, i32, i32) -> ()
    %t4 = "asc.alloc_tensor"(%q3) : (!asc.queue<VECOUT, 1>) -> !asc.local_tensor<32xf16>
    "asc.add"(%t4, %t2, %t2, %n) : (!asc.local_tensor<32xf16>, !asc.local_tensor<32xf16>, !asc.local_tensor<32xf16>, i32) -> ()
    "asc.data_copy"(%g1, %t4, %n) : (!asc.global_tensor<f16>, !asc.local_tensor<32xf16>, i32) -> ()
    "asc.free_tensor"(%q3, %t4) : (!asc.queue<VECOUT, 1>, !asc.local_tensor<32xf16>) -> ()
    "asc.free_tensor"(%q1, %t2) : (!asc.queue<VECIN, 1>, !asc.local_tensor<32xf16>) -> ()
    "func.return"() : () -> ()
  }) {function_type = (!asc.global_tensor<f16>, !asc.global_tensor<f16>, i32, i32) -> (), sym_name = "insert_enqueue_dequeue"} : () -> ()
}) : () -> ()
