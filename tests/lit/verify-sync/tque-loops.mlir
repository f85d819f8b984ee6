// RUN: asc-opt --verify-sync --split-input-file --verify-diagnostics %s
// S010 is loop- and branch-aware: loop bodies are walked twice (iteration 2 starts
// where iteration 1 ended) and met with the zero-trip path; the arms of an scf.if are
// walked from the same state and met at the join.

// A whole alloc -> enque -> deque -> free cycle per iteration: clean.
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%n: index):
    %c0 = "arith.constant"() {value = 0 : index} : () -> index
    %c1 = "arith.constant"() {value = 1 : index} : () -> index
    %q = "asc.tque"() : () -> !asc.queue<VECIN, 2>
    "scf.for"(%c0, %n, %c1) ({
    ^bb0(%i: index):
      %t = "asc.alloc_tensor"(%q) : (!asc.queue<VECIN, 2>) -> !asc.local_tensor<256xf16, VECIN>
      "asc.enque"(%q, %t) : (!asc.queue<VECIN, 2>, !asc.local_tensor<256xf16, VECIN>) -> ()
      %d = "asc.deque"(%q) : (!asc.queue<VECIN, 2>) -> !asc.local_tensor<256xf16, VECIN>
      "asc.free_tensor"(%q, %d) : (!asc.queue<VECIN, 2>, !asc.local_tensor<256xf16, VECIN>) -> ()
      "scf.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "func.return"() : () -> ()
  }) {function_type = (index) -> (), sym_name = "loop_clean"} : () -> ()
}) : () -> ()

// -----

// Enque in the loop, deque after it: from iteration 2 on, tensors pile up in the queue
// (and are never freed); with zero iterations the deque finds nothing.
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%n: index):
    %c0 = "arith.constant"() {value = 0 : index} : () -> index
    %c1 = "arith.constant"() {value = 1 : index} : () -> index
    // expected-note @+1 {{queue declared here}}
    %q = "asc.tque"() : () -> !asc.queue<VECIN, 2>
    "scf.for"(%c0, %n, %c1) ({
    ^bb0(%i: index):
      // expected-warning @+1 {{AllocTensor: there is no corresponding call to FreeTensor for this tensor}}
      %t = "asc.alloc_tensor"(%q) : (!asc.queue<VECIN, 2>) -> !asc.local_tensor<256xf16, VECIN>
      // expected-warning @+1 {{EnQue: there is no corresponding call to DeQue for this tensor}}
      "asc.enque"(%q, %t) : (!asc.queue<VECIN, 2>, !asc.local_tensor<256xf16, VECIN>) -> ()
      "scf.yield"() : () -> ()
    }) : (index, index, index) -> ()
    // expected-warning @+1 {{DeQue: there is no corresponding call to EnQue (on some paths)}}
    %d = "asc.deque"(%q) : (!asc.queue<VECIN, 2>) -> !asc.local_tensor<256xf16, VECIN>
    "asc.free_tensor"(%q, %d) : (!asc.queue<VECIN, 2>, !asc.local_tensor<256xf16, VECIN>) -> ()
    "func.return"() : () -> ()
  }) {function_type = (index) -> (), sym_name = "enque_in_loop"} : () -> ()
}) : () -> ()

// -----

// The same with a constant trip count of 4: the deque after the loop always finds a
// tensor, but three enqued tensors are left over.
"builtin.module"() ({
  "func.func"() ({
    %c0 = "arith.constant"() {value = 0 : index} : () -> index
    %c1 = "arith.constant"() {value = 1 : index} : () -> index
    %c4 = "arith.constant"() {value = 4 : index} : () -> index
    %q = "asc.tque"() : () -> !asc.queue<VECIN, 2>
    "scf.for"(%c0, %c4, %c1) ({
    ^bb0(%i: index):
      // expected-warning @+1 {{AllocTensor: there is no corresponding call to FreeTensor for this tensor}}
      %t = "asc.alloc_tensor"(%q) : (!asc.queue<VECIN, 2>) -> !asc.local_tensor<256xf16, VECIN>
      // expected-warning @+1 {{EnQue: there is no corresponding call to DeQue for this tensor}}
      "asc.enque"(%q, %t) : (!asc.queue<VECIN, 2>, !asc.local_tensor<256xf16, VECIN>) -> ()
      "scf.yield"() : () -> ()
    }) : (index, index, index) -> ()
    %d = "asc.deque"(%q) : (!asc.queue<VECIN, 2>) -> !asc.local_tensor<256xf16, VECIN>
    "asc.free_tensor"(%q, %d) : (!asc.queue<VECIN, 2>, !asc.local_tensor<256xf16, VECIN>) -> ()
    "func.return"() : () -> ()
  }) {function_type = () -> (), sym_name = "enque_in_loop_4"} : () -> ()
}) : () -> ()

// -----

// Software pipelining across iterations: tile 0 is loaded before the loop, each
// iteration dequeues the previous tile and enqueues the next one, the last tile is
// dequeued after the loop.  Balanced on every trip count: clean.
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%n: index):
    %c0 = "arith.constant"() {value = 0 : index} : () -> index
    %c1 = "arith.constant"() {value = 1 : index} : () -> index
    %q = "asc.tque"() : () -> !asc.queue<VECIN, 2>
    %t0 = "asc.alloc_tensor"(%q) : (!asc.queue<VECIN, 2>) -> !asc.local_tensor<256xf16, VECIN>
    "asc.enque"(%q, %t0) : (!asc.queue<VECIN, 2>, !asc.local_tensor<256xf16, VECIN>) -> ()
    "scf.for"(%c0, %n, %c1) ({
    ^bb0(%i: index):
      %t = "asc.alloc_tensor"(%q) : (!asc.queue<VECIN, 2>) -> !asc.local_tensor<256xf16, VECIN>
      "asc.enque"(%q, %t) : (!asc.queue<VECIN, 2>, !asc.local_tensor<256xf16, VECIN>) -> ()
      %d = "asc.deque"(%q) : (!asc.queue<VECIN, 2>) -> !asc.local_tensor<256xf16, VECIN>
      "asc.free_tensor"(%q, %d) : (!asc.queue<VECIN, 2>, !asc.local_tensor<256xf16, VECIN>) -> ()
      "scf.yield"() : () -> ()
    }) : (index, index, index) -> ()
    %e = "asc.deque"(%q) : (!asc.queue<VECIN, 2>) -> !asc.local_tensor<256xf16, VECIN>
    "asc.free_tensor"(%q, %e) : (!asc.queue<VECIN, 2>, !asc.local_tensor<256xf16, VECIN>) -> ()
    "func.return"() : () -> ()
  }) {function_type = (index) -> (), sym_name = "pipelined"} : () -> ()
}) : () -> ()

// -----

// Enque in the then-arm only, deque after the if: nothing to dequeue on the else path.
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%c: i1):
    // expected-note @+1 {{queue declared here}}
    %q = "asc.tque"() : () -> !asc.queue<VECIN, 1>
    %t = "asc.alloc_tensor"(%q) : (!asc.queue<VECIN, 1>) -> !asc.local_tensor<256xf16, VECIN>
    "scf.if"(%c) ({
      "asc.enque"(%q, %t) : (!asc.queue<VECIN, 1>, !asc.local_tensor<256xf16, VECIN>) -> ()
      "scf.yield"() : () -> ()
    }, {
    }) : (i1) -> ()
    // expected-warning @+1 {{DeQue: there is no corresponding call to EnQue (on some paths)}}
    %d = "asc.deque"(%q) : (!asc.queue<VECIN, 1>) -> !asc.local_tensor<256xf16, VECIN>
    "asc.free_tensor"(%q, %d) : (!asc.queue<VECIN, 1>, !asc.local_tensor<256xf16, VECIN>) -> ()
    "func.return"() : () -> ()
  }) {function_type = (i1) -> (), sym_name = "enque_one_arm"} : () -> ()
}) : () -> ()

// -----

// Free in the then-arm only: the tensor leaks on the else path.
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%c: i1):
    %q = "asc.tque"() : () -> !asc.queue<VECIN, 1>
    // expected-warning @+1 {{AllocTensor: there is no corresponding call to FreeTensor for this tensor}}
    %t = "asc.alloc_tensor"(%q) : (!asc.queue<VECIN, 1>) -> !asc.local_tensor<256xf16, VECIN>
    "scf.if"(%c) ({
      "asc.free_tensor"(%q, %t) : (!asc.queue<VECIN, 1>, !asc.local_tensor<256xf16, VECIN>) -> ()
      "scf.yield"() : () -> ()
    }, {
    }) : (i1) -> ()
    "func.return"() : () -> ()
  }) {function_type = (i1) -> (), sym_name = "free_one_arm"} : () -> ()
}) : () -> ()

// -----

// Free in both arms: clean.
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%c: i1):
    %q = "asc.tque"() : () -> !asc.queue<VECIN, 1>
    %t = "asc.alloc_tensor"(%q) : (!asc.queue<VECIN, 1>) -> !asc.local_tensor<256xf16, VECIN>
    "asc.enque"(%q, %t) : (!asc.queue<VECIN, 1>, !asc.local_tensor<256xf16, VECIN>) -> ()
    %d = "asc.deque"(%q) : (!asc.queue<VECIN, 1>) -> !asc.local_tensor<256xf16, VECIN>
    "scf.if"(%c) ({
      "asc.free_tensor"(%q, %d) : (!asc.queue<VECIN, 1>, !asc.local_tensor<256xf16, VECIN>) -> ()
      "scf.yield"() : () -> ()
    }, {
      "asc.free_tensor"(%q, %d) : (!asc.queue<VECIN, 1>, !asc.local_tensor<256xf16, VECIN>) -> ()
      "scf.yield"() : () -> ()
    }) : (i1) -> ()
    "func.return"() : () -> ()
  }) {function_type = (i1) -> (), sym_name = "free_both_arms"} : () -> ()
}) : () -> ()

// -----

// Alloc before a two-trip loop, free inside it: the second iteration frees it again.
"builtin.module"() ({
  "func.func"() ({
    %c0 = "arith.constant"() {value = 0 : index} : () -> index
    %c1 = "arith.constant"() {value = 1 : index} : () -> index
    %n = "arith.constant"() {value = 2 : index} : () -> index
    %q = "asc.tque"() : () -> !asc.queue<VECIN, 1>
    // expected-note @+1 {{tensor declared here}}
    %t = "asc.alloc_tensor"(%q) : (!asc.queue<VECIN, 1>) -> !asc.local_tensor<256xf16, VECIN>
    "scf.for"(%c0, %n, %c1) ({
    ^bb0(%i: index):
      // expected-warning @+1 {{FreeTensor: tensor memory was freed before its last use}}
      "asc.free_tensor"(%q, %t) : (!asc.queue<VECIN, 1>, !asc.local_tensor<256xf16, VECIN>) -> ()
      "scf.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "func.return"() : () -> ()
  }) {function_type = () -> (), sym_name = "free_in_loop"} : () -> ()
}) : () -> ()
