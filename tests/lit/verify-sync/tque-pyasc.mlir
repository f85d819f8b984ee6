// RUN: asc-opt --verify-sync --split-input-file --verify-diagnostics %s
// The nine cases of pyasc's VerifySync test (sync.md A.7), in our IR: the same
// outcomes and message texts, each prefixed with the code S010.

// Case 1: FreeTensor of a tensor that is a function argument.
"builtin.module"() ({
  // expected-note @+1 {{tensor declared here}}
  "func.func"() ({
  ^bb0(%t: !asc.local_tensor<256xf16, VECIN>):
    %q = "asc.tque"() : () -> !asc.queue<VECIN, 1>
    // expected-warning @+1 {{S010 TQue misuse: FreeTensor: there is no corresponding call to AllocTensor}}
    "asc.free_tensor"(%q, %t) : (!asc.queue<VECIN, 1>, !asc.local_tensor<256xf16, VECIN>) -> ()
    "func.return"() : () -> ()
  }) {function_type = (!asc.local_tensor<256xf16, VECIN>) -> (), sym_name = "free_arg"} : () -> ()
}) : () -> ()

// -----

// Case 2: alloc, free, free again.
"builtin.module"() ({
  "func.func"() ({
    %q = "asc.tque"() : () -> !asc.queue<VECIN, 1>
    // expected-note @+1 {{tensor declared here}}
    %t = "asc.alloc_tensor"(%q) : (!asc.queue<VECIN, 1>) -> !asc.local_tensor<256xf16, VECIN>
    "asc.free_tensor"(%q, %t) : (!asc.queue<VECIN, 1>, !asc.local_tensor<256xf16, VECIN>) -> ()
    // expected-warning @+1 {{FreeTensor: tensor memory was freed before its last use}}
    "asc.free_tensor"(%q, %t) : (!asc.queue<VECIN, 1>, !asc.local_tensor<256xf16, VECIN>) -> ()
    "func.return"() : () -> ()
  }) {function_type = () -> (), sym_name = "free_twice"} : () -> ()
}) : () -> ()

// -----

// Case 3: alloc, no free.
"builtin.module"() ({
  "func.func"() ({
    %q = "asc.tque"() : () -> !asc.queue<VECIN, 1>
    // expected-warning @+1 {{AllocTensor: there is no corresponding call to FreeTensor for this tensor}}
    %t = "asc.alloc_tensor"(%q) : (!asc.queue<VECIN, 1>) -> !asc.local_tensor<256xf16, VECIN>
    "func.return"() : () -> ()
  }) {function_type = () -> (), sym_name = "no_free"} : () -> ()
}) : () -> ()

// -----

// Case 4: enque, deque, deque.
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%t: !asc.local_tensor<256xf16, VECIN>):
    // expected-note @+1 {{queue declared here}}
    %q = "asc.tque"() : () -> !asc.queue<VECIN, 1>
    "asc.enque"(%q, %t) : (!asc.queue<VECIN, 1>, !asc.local_tensor<256xf16, VECIN>) -> ()
    %d1 = "asc.deque"(%q) : (!asc.queue<VECIN, 1>) -> !asc.local_tensor<256xf16, VECIN>
    // expected-warning @+1 {{DeQue: there is no corresponding call to EnQue}}
    %d2 = "asc.deque"(%q) : (!asc.queue<VECIN, 1>) -> !asc.local_tensor<256xf16, VECIN>
    "func.return"() : () -> ()
  }) {function_type = (!asc.local_tensor<256xf16, VECIN>) -> (), sym_name = "deque_twice"} : () -> ()
}) : () -> ()

// -----

// Case 5: enque t1, enque t2, deque: t2 stays in the queue.
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%t1: !asc.local_tensor<256xf16, VECIN>, %t2: !asc.local_tensor<256xf16, VECIN>):
    // expected-note @+1 {{queue declared here}}
    %q = "asc.tque"() : () -> !asc.queue<VECIN, 2>
    "asc.enque"(%q, %t1) : (!asc.queue<VECIN, 2>, !asc.local_tensor<256xf16, VECIN>) -> ()
    // expected-warning @+1 {{EnQue: there is no corresponding call to DeQue for this tensor}}
    "asc.enque"(%q, %t2) : (!asc.queue<VECIN, 2>, !asc.local_tensor<256xf16, VECIN>) -> ()
    %d = "asc.deque"(%q) : (!asc.queue<VECIN, 2>) -> !asc.local_tensor<256xf16, VECIN>
    "func.return"() : () -> ()
  }) {function_type = (!asc.local_tensor<256xf16, VECIN>, !asc.local_tensor<256xf16, VECIN>) -> (), sym_name = "enque_twice"} : () -> ()
}) : () -> ()

// -----

// Case 6: a GM->UB copy into the tensor while it sits in the queue.
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%x: !asc.gm_ptr<f16>):
    %n = "arith.constant"() {value = 256 : i32} : () -> i32
    %g = "asc.global_tensor"() : () -> !asc.global_tensor<f16>
    "asc.set_global_buffer"(%g, %x) : (!asc.global_tensor<f16>, !asc.gm_ptr<f16>) -> ()
    %q = "asc.tque"() : () -> !asc.queue<VECIN, 1>
    // expected-note @+1 {{tensor declared here}}
    %t = "asc.alloc_tensor"(%q) : (!asc.queue<VECIN, 1>) -> !asc.local_tensor<256xf16, VECIN>
    "asc.enque"(%q, %t) : (!asc.queue<VECIN, 1>, !asc.local_tensor<256xf16, VECIN>) -> ()
    // expected-warning @+1 {{unexpected use of tensor between EnQue and DeQue}}
    "asc.data_copy"(%t, %g, %n) : (!asc.local_tensor<256xf16, VECIN>, !asc.global_tensor<f16>, i32) -> ()
    %d = "asc.deque"(%q) : (!asc.queue<VECIN, 1>) -> !asc.local_tensor<256xf16, VECIN>
    "asc.free_tensor"(%q, %d) : (!asc.queue<VECIN, 1>, !asc.local_tensor<256xf16, VECIN>) -> ()
    "func.return"() : () -> ()
  }) {function_type = (!asc.gm_ptr<f16>) -> (), sym_name = "use_in_queue"} : () -> ()
}) : () -> ()

// -----

// Case 7: alloc/free, then alloc/free again on one queue: clean.
"builtin.module"() ({
  "func.func"() ({
    %q = "asc.tque"() : () -> !asc.queue<VECIN, 1>
    %t1 = "asc.alloc_tensor"(%q) : (!asc.queue<VECIN, 1>) -> !asc.local_tensor<256xf16, VECIN>
    "asc.free_tensor"(%q, %t1) : (!asc.queue<VECIN, 1>, !asc.local_tensor<256xf16, VECIN>) -> ()
    %t2 = "asc.alloc_tensor"(%q) : (!asc.queue<VECIN, 1>) -> !asc.local_tensor<256xf16, VECIN>
    "asc.free_tensor"(%q, %t2) : (!asc.queue<VECIN, 1>, !asc.local_tensor<256xf16, VECIN>) -> ()
    "func.return"() : () -> ()
  }) {function_type = () -> (), sym_name = "alloc_free_twice"} : () -> ()
}) : () -> ()

// -----

// Case 8: enque an argument, deque, copies, re-enque the dequeued tensor, deque: no TQue
// message.  (The store back to the bytes just loaded, with nothing ordering MTE2 before MTE3,
// is a real GM race: S001, which pyasc does not check.)
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%t: !asc.local_tensor<256xf16, VECIN>, %x: !asc.gm_ptr<f16>):
    %n = "arith.constant"() {value = 256 : i32} : () -> i32
    %g = "asc.global_tensor"() : () -> !asc.global_tensor<f16>
    "asc.set_global_buffer"(%g, %x) : (!asc.global_tensor<f16>, !asc.gm_ptr<f16>) -> ()
    %q = "asc.tque"() : () -> !asc.queue<VECIN, 1>
    "asc.enque"(%q, %t) : (!asc.queue<VECIN, 1>, !asc.local_tensor<256xf16, VECIN>) -> ()
    %d1 = "asc.deque"(%q) : (!asc.queue<VECIN, 1>) -> !asc.local_tensor<256xf16, VECIN>
    "asc.data_copy"(%d1, %g, %n) : (!asc.local_tensor<256xf16, VECIN>, !asc.global_tensor<f16>, i32) -> ()
    // expected-warning @+1 {{S001 race: asc.data_copy (PIPE_MTE3) writes GM argument 1 bytes [0, 512) that asc.data_copy (PIPE_MTE2)}}
    "asc.data_copy"(%g, %d1, %n) : (!asc.global_tensor<f16>, !asc.local_tensor<256xf16, VECIN>, i32) -> ()
    "asc.enque"(%q, %d1) : (!asc.queue<VECIN, 1>, !asc.local_tensor<256xf16, VECIN>) -> ()
    %d2 = "asc.deque"(%q) : (!asc.queue<VECIN, 1>) -> !asc.local_tensor<256xf16, VECIN>
    "func.return"() : () -> ()
  }) {function_type = (!asc.local_tensor<256xf16, VECIN>, !asc.gm_ptr<f16>) -> (), sym_name = "requeue"} : () -> ()
}) : () -> ()

// -----

// Case 9: two queues, each alloc -> enque -> deque -> free, interleaved: clean.
"builtin.module"() ({
  "func.func"() ({
    %qa = "asc.tque"() : () -> !asc.queue<VECIN, 1>
    %qb = "asc.tque"() : () -> !asc.queue<VECOUT, 1>
    %a = "asc.alloc_tensor"(%qa) : (!asc.queue<VECIN, 1>) -> !asc.local_tensor<256xf16, VECIN>
    %b = "asc.alloc_tensor"(%qb) : (!asc.queue<VECOUT, 1>) -> !asc.local_tensor<256xf16, VECOUT>
    "asc.enque"(%qa, %a) : (!asc.queue<VECIN, 1>, !asc.local_tensor<256xf16, VECIN>) -> ()
    "asc.enque"(%qb, %b) : (!asc.queue<VECOUT, 1>, !asc.local_tensor<256xf16, VECOUT>) -> ()
    %da = "asc.deque"(%qa) : (!asc.queue<VECIN, 1>) -> !asc.local_tensor<256xf16, VECIN>
    %db = "asc.deque"(%qb) : (!asc.queue<VECOUT, 1>) -> !asc.local_tensor<256xf16, VECOUT>
    "asc.free_tensor"(%qa, %da) : (!asc.queue<VECIN, 1>, !asc.local_tensor<256xf16, VECIN>) -> ()
    "asc.free_tensor"(%qb, %db) : (!asc.queue<VECOUT, 1>, !asc.local_tensor<256xf16, VECOUT>) -> ()
    "func.return"() : () -> ()
  }) {function_type = () -> (), sym_name = "two_queues"} : () -> ()
}) : () -> ()
