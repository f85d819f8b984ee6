// RUN: asc-opt --split-input-file --insert-sync %s | FileCheck %s
// insert-sync on views, loops, branches and user barriers (sync.md A.6).

// Views: a write into a view of a queue tensor (lt_subview) is not "the direct result of
// alloc_tensor/deque", so it gets PIPE_V instead of an enque, as in pyasc.  A store to an
// asc.global_tensor itself gets nothing; a store to a gt_subview gets PIPE_V.
// CHECK: [[T:%[0-9]+]] = "asc.alloc_tensor"
// CHECK-NEXT: [[V:%[0-9]+]] = "asc.lt_subview"([[T]],
// CHECK-NEXT: "asc.data_copy"([[V]], [[G:%[0-9]+]],
// CHECK-NEXT: "asc.pipe_barrier"() {pipe = #asc.pipe<PIPE_V>}
// CHECK-NEXT: "asc.data_copy"([[G]], [[T]],
// CHECK-NEXT: [[GS:%[0-9]+]] = "asc.gt_subview"([[G]],
// CHECK-NEXT: "asc.data_copy"([[GS]], [[T]],
// CHECK-NEXT: "asc.pipe_barrier"() {pipe = #asc.pipe<PIPE_V>}
// CHECK-NEXT: "asc.free_tensor"
// CHECK-NOT: "asc.enque"
// CHECK-LABEL: sym_name = "views"
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%x: !asc.gm_ptr<f16>):
    %n = "arith.constant"() {value = 32 : i32} : () -> i32
    %c16 = "arith.constant"() {value = 16 : i32} : () -> i32
    %len = "arith.constant"() {value = 64 : i32} : () -> i32
    %one = "arith.constant"() {value = 1 : i32} : () -> i32
    %p = "asc.tpipe"() : () -> !asc.pipe
    %q = "asc.tque"() : () -> !asc.queue<VECIN, 1>
    "asc.init_buffer"(%p, %q, %one, %len) : (!asc.pipe, !asc.queue<VECIN, 1>, i32, i32) -> ()
    %g = "asc.global_tensor"() : () -> !asc.global_tensor<f16>
    "asc.set_global_buffer"(%g, %x) : (!asc.global_tensor<f16>, !asc.gm_ptr<f16>) -> ()
    %t = "asc.alloc_tensor"(%q) : (!asc.queue<VECIN, 1>) -> !asc.local_tensor<32xf16>
    %v = "asc.lt_subview"(%t, %c16) : (!asc.local_tensor<32xf16>, i32) -> !asc.local_tensor<32xf16>
    "asc.data_copy"(%v, %g, %c16) : (!asc.local_tensor<32xf16>, !asc.global_tensor<f16>, i32) -> ()
    "asc.data_copy"(%g, %t, %n) : (!asc.global_tensor<f16>, !asc.local_tensor<32xf16>, i32) -> ()
    %gs = "asc.gt_subview"(%g, %n) : (!asc.global_tensor<f16>, i32) -> !asc.global_tensor<f16>
    "asc.data_copy"(%gs, %t, %n) : (!asc.global_tensor<f16>, !asc.local_tensor<32xf16>, i32) -> ()
    "asc.free_tensor"(%q, %t) : (!asc.queue<VECIN, 1>, !asc.local_tensor<32xf16>) -> ()
    "func.return"() : () -> ()
  }) {function_type = (!asc.gm_ptr<f16>) -> (), sym_name = "views"} : () -> ()
}) : () -> ()

// -----

// Loop: the queue tensor is written in a loop body and stored after the loop.  The deque
// goes before the store; the enque, which would not come before it, moves from the body to
// right after the loop (pyasc's reEnque).
// CHECK: [[Q:%[0-9]+]] = "asc.tque"() : () -> !asc.queue<VECOUT, 1>
// CHECK: [[T:%[0-9]+]] = "asc.alloc_tensor"([[Q]])
// CHECK-NEXT: "scf.for"
// CHECK-NEXT: ^bb0
// CHECK-NEXT: "asc.adds"([[T]], [[T]],
// CHECK-NEXT: "scf.yield"
// CHECK-NEXT: })
// CHECK-NEXT: "asc.enque"([[Q]], [[T]])
// CHECK-NEXT: [[D:%[0-9]+]] = "asc.deque"([[Q]])
// CHECK-NEXT: "asc.data_copy"(%arg0, [[D]],
// CHECK-LABEL: sym_name = "loop_then_store"
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%g: !asc.global_tensor<f16>, %k: index):
    %n = "arith.constant"() {value = 32 : i32} : () -> i32
    %len = "arith.constant"() {value = 64 : i32} : () -> i32
    %one = "arith.constant"() {value = 1 : i32} : () -> i32
    %s = "arith.constant"() {value = 1.0 : f16} : () -> f16
    %i0 = "arith.constant"() {value = 0 : index} : () -> index
    %i1 = "arith.constant"() {value = 1 : index} : () -> index
    %p = "asc.tpipe"() : () -> !asc.pipe
    %q = "asc.tque"() : () -> !asc.queue<VECOUT, 1>
    "asc.init_buffer"(%p, %q, %one, %len) : (!asc.pipe, !asc.queue<VECOUT, 1>, i32, i32) -> ()
    %t = "asc.alloc_tensor"(%q) : (!asc.queue<VECOUT, 1>) -> !asc.local_tensor<32xf16>
    "scf.for"(%i0, %k, %i1) ({
    ^bb0(%i: index):
      "asc.adds"(%t, %t, %s, %n) : (!asc.local_tensor<32xf16>, !asc.local_tensor<32xf16>, f16, i32) -> ()
      "scf.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "asc.data_copy"(%g, %t, %n) : (!asc.global_tensor<f16>, !asc.local_tensor<32xf16>, i32) -> ()
    "asc.free_tensor"(%q, %t) : (!asc.queue<VECOUT, 1>, !asc.local_tensor<32xf16>) -> ()
    "func.return"() : () -> ()
  }) {function_type = (!asc.global_tensor<f16>, index) -> (), sym_name = "loop_then_store"} : () -> ()
}) : () -> ()

// -----

// Branch: a load into a queue tensor in the then-arm, a vector read after the scf.if: the
// enque moves to right after the scf.if (so it runs on both paths), the deque follows.
// CHECK: "scf.if"
// CHECK-NEXT: "asc.data_copy"([[T:%[0-9]+]],
// CHECK-NEXT: "scf.yield"
// CHECK-NEXT: }, {
// CHECK-NEXT: "scf.yield"
// CHECK-NEXT: })
// CHECK-NEXT: "asc.enque"([[Q:%[0-9]+]], [[T]])
// CHECK-NEXT: [[D:%[0-9]+]] = "asc.deque"([[Q]])
// CHECK-NEXT: "asc.add"(%arg2, [[D]], [[D]],
// CHECK-LABEL: sym_name = "branch"
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%g: !asc.global_tensor<f16>, %c: i1, %o: !asc.local_tensor<32xf16>):
    %n = "arith.constant"() {value = 32 : i32} : () -> i32
    %len = "arith.constant"() {value = 64 : i32} : () -> i32
    %one = "arith.constant"() {value = 1 : i32} : () -> i32
    %p = "asc.tpipe"() : () -> !asc.pipe
    %q = "asc.tque"() : () -> !asc.queue<VECIN, 1>
    "asc.init_buffer"(%p, %q, %one, %len) : (!asc.pipe, !asc.queue<VECIN, 1>, i32, i32) -> ()
    %t = "asc.alloc_tensor"(%q) : (!asc.queue<VECIN, 1>) -> !asc.local_tensor<32xf16>
    "scf.if"(%c) ({
      "asc.data_copy"(%t, %g, %n) : (!asc.local_tensor<32xf16>, !asc.global_tensor<f16>, i32) -> ()
      "scf.yield"() : () -> ()
    }, {
      "scf.yield"() : () -> ()
    }) : (i1) -> ()
    "asc.add"(%o, %t, %t, %n) : (!asc.local_tensor<32xf16>, !asc.local_tensor<32xf16>, !asc.local_tensor<32xf16>, i32) -> ()
    "asc.free_tensor"(%q, %t) : (!asc.queue<VECIN, 1>, !asc.local_tensor<32xf16>) -> ()
    "func.return"() : () -> ()
  }) {function_type = (!asc.global_tensor<f16>, i1, !asc.local_tensor<32xf16>) -> (), sym_name = "branch"} : () -> ()
}) : () -> ()

// -----

// set_value in a loop body holding other ops is bracketed in place, every iteration; a
// set_value inside an scf.if that is the only op of a loop body is bracketed around the loop
// (pyasc looks at the op count of the nearest scf.for body, not at the set_value's block).
// CHECK: "scf.for"
// CHECK-NEXT: ^bb0
// CHECK-NEXT: "arith.index_cast"
// CHECK-NEXT: "arith.constant"() {value = 0 : i32}
// CHECK-NEXT: "asc.set_flag"({{%[0-9]+}}) {event = #asc.event<V_S>}
// CHECK-NEXT: "asc.wait_flag"({{%[0-9]+}}) {event = #asc.event<V_S>}
// CHECK-NEXT: "asc.set_value"
// CHECK-NEXT: "arith.constant"() {value = 0 : i32}
// CHECK-NEXT: "asc.set_flag"({{%[0-9]+}}) {event = #asc.event<S_V>}
// CHECK-NEXT: "asc.wait_flag"({{%[0-9]+}}) {event = #asc.event<S_V>}
// CHECK-NEXT: "scf.yield"
// CHECK-NEXT: })
// CHECK-NEXT: "arith.constant"() {value = 0 : i32}
// CHECK-NEXT: "asc.set_flag"({{%[0-9]+}}) {event = #asc.event<V_S>}
// CHECK-NEXT: "asc.wait_flag"({{%[0-9]+}}) {event = #asc.event<V_S>}
// CHECK-NEXT: "scf.for"
// CHECK-NEXT: ^bb0
// CHECK-NEXT: "scf.if"
// CHECK-NEXT: "asc.set_value"
// CHECK-NEXT: "scf.yield"
// CHECK: "arith.constant"() {value = 0 : i32}
// CHECK-NEXT: "asc.set_flag"({{%[0-9]+}}) {event = #asc.event<S_V>}
// CHECK-NEXT: "asc.wait_flag"({{%[0-9]+}}) {event = #asc.event<S_V>}
// CHECK-NEXT: "asc.pipe_barrier"() {pipe = #asc.pipe<PIPE_ALL>}
// CHECK-LABEL: sym_name = "set_value_loops"
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%t: !asc.local_tensor<64xf32>, %n: index, %c: i1):
    %i0 = "arith.constant"() {value = 0 : index} : () -> index
    %i1 = "arith.constant"() {value = 1 : index} : () -> index
    %v = "arith.constant"() {value = 2.0 : f32} : () -> f32
    %z = "arith.constant"() {value = 0 : i32} : () -> i32
    "scf.for"(%i0, %n, %i1) ({
    ^bb0(%i: index):
      %ii = "arith.index_cast"(%i) : (index) -> i32
      "asc.set_value"(%t, %ii, %v) : (!asc.local_tensor<64xf32>, i32, f32) -> ()
      "scf.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "scf.for"(%i0, %n, %i1) ({
    ^bb0(%i: index):
      "scf.if"(%c) ({
        "asc.set_value"(%t, %z, %v) : (!asc.local_tensor<64xf32>, i32, f32) -> ()
        "scf.yield"() : () -> ()
      }, {
        "scf.yield"() : () -> ()
      }) : (i1) -> ()
      "scf.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "func.return"() : () -> ()
  }) {function_type = (!asc.local_tensor<64xf32>, index, i1) -> (), sym_name = "set_value_loops"} : () -> ()
}) : () -> ()

// -----

// Barrier folding (next op only): the PIPE_V inserted after the add and the user's PIPE_V
// become one; the PIPE_V inserted after the sub goes because a user PIPE_ALL follows; the
// final PIPE_ALL absorbs the PIPE_V after the mul.
// CHECK: "asc.add"
// CHECK-NEXT: "asc.pipe_barrier"() {pipe = #asc.pipe<PIPE_V>}
// CHECK-NEXT: "asc.sub"
// CHECK-NEXT: "asc.pipe_barrier"() {pipe = #asc.pipe<PIPE_ALL>}
// CHECK-NEXT: "asc.mul"
// CHECK-NEXT: "asc.pipe_barrier"() {pipe = #asc.pipe<PIPE_ALL>}
// CHECK-NEXT: "func.return"
// CHECK-LABEL: sym_name = "fold_barriers"
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%a: !asc.local_tensor<64xf32>, %b: !asc.local_tensor<64xf32>, %n: i32):
    "asc.add"(%a, %b, %b, %n) : (!asc.local_tensor<64xf32>, !asc.local_tensor<64xf32>, !asc.local_tensor<64xf32>, i32) -> ()
    "asc.pipe_barrier"() {pipe = #asc.pipe<PIPE_V>} : () -> ()
    "asc.sub"(%b, %a, %a, %n) : (!asc.local_tensor<64xf32>, !asc.local_tensor<64xf32>, !asc.local_tensor<64xf32>, i32) -> ()
    "asc.pipe_barrier"() {pipe = #asc.pipe<PIPE_ALL>} : () -> ()
    "asc.mul"(%a, %b, %b, %n) : (!asc.local_tensor<64xf32>, !asc.local_tensor<64xf32>, !asc.local_tensor<64xf32>, i32) -> ()
    "func.return"() : () -> ()
  }) {function_type = (!asc.local_tensor<64xf32>, !asc.local_tensor<64xf32>, i32) -> (), sym_name = "fold_barriers"} : () -> ()
}) : () -> ()

// -----

// User sync is kept (B.9; pyasc would run EraseSync first): a queue the kernel already
// enqueues on is the user's, so its tensors get no second enque and no deque; the tensor of
// a queue without user enques is handled as usual.
// CHECK: [[QU:%[0-9]+]] = "asc.tque"() : () -> !asc.queue<VECIN, 1>
// CHECK-NEXT: [[QA:%[0-9]+]] = "asc.tque"() : () -> !asc.queue<VECOUT, 1>
// CHECK: [[T:%[0-9]+]] = "asc.alloc_tensor"([[QU]])
// CHECK-NEXT: "asc.data_copy"([[T]],
// CHECK-NEXT: "asc.enque"([[QU]], [[T]])
// CHECK-NEXT: [[D:%[0-9]+]] = "asc.deque"([[QU]])
// CHECK-NEXT: [[O:%[0-9]+]] = "asc.alloc_tensor"([[QA]])
// CHECK-NEXT: "asc.add"([[O]], [[D]], [[D]],
// CHECK-NEXT: "asc.enque"([[QA]], [[O]])
// CHECK-NEXT: [[DO:%[0-9]+]] = "asc.deque"([[QA]])
// CHECK-NEXT: "asc.data_copy"(%arg0, [[DO]],
// CHECK-NOT: "asc.enque"([[QU]]
// CHECK-LABEL: sym_name = "user_queue"
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%g: !asc.global_tensor<f16>):
    %n = "arith.constant"() {value = 32 : i32} : () -> i32
    %len = "arith.constant"() {value = 64 : i32} : () -> i32
    %one = "arith.constant"() {value = 1 : i32} : () -> i32
    %p = "asc.tpipe"() : () -> !asc.pipe
    %qu = "asc.tque"() : () -> !asc.queue<VECIN, 1>
    %qa = "asc.tque"() : () -> !asc.queue<VECOUT, 1>
    "asc.init_buffer"(%p, %qu, %one, %len) : (!asc.pipe, !asc.queue<VECIN, 1>, i32, i32) -> ()
    "asc.init_buffer"(%p, %qa, %one, %len) : (!asc.pipe, !asc.queue<VECOUT, 1>, i32, i32) -> ()
    %t = "asc.alloc_tensor"(%qu) : (!asc.queue<VECIN, 1>) -> !asc.local_tensor<32xf16>
    "asc.data_copy"(%t, %g, %n) : (!asc.local_tensor<32xf16>, !asc.global_tensor<f16>, i32) -> ()
    "asc.enque"(%qu, %t) : (!asc.queue<VECIN, 1>, !asc.local_tensor<32xf16>) -> ()
    %d = "asc.deque"(%qu) : (!asc.queue<VECIN, 1>) -> !asc.local_tensor<32xf16>
    %o = "asc.alloc_tensor"(%qa) : (!asc.queue<VECOUT, 1>) -> !asc.local_tensor<32xf16>
    "asc.add"(%o, %d, %d, %n) : (!asc.local_tensor<32xf16>, !asc.local_tensor<32xf16>, !asc.local_tensor<32xf16>, i32) -> ()
    "asc.data_copy"(%g, %o, %n) : (!asc.global_tensor<f16>, !asc.local_tensor<32xf16>, i32) -> ()
    "asc.free_tensor"(%qu, %d) : (!asc.queue<VECIN, 1>, !asc.local_tensor<32xf16>) -> ()
    "asc.free_tensor"(%qa, %o) : (!asc.queue<VECOUT, 1>, !asc.local_tensor<32xf16>) -> ()
    "func.return"() : () -> ()
  }) {function_type = (!asc.global_tensor<f16>) -> (), sym_name = "user_queue"} : () -> ()
}) : () -> ()
