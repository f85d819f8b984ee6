// RUN: asc-opt --split-input-file --verify-diagnostics --strip-user-sync %s
// strip-user-sync refuses what EraseSync gets wrong or cannot do (sync.md A.4):
// (c) a deque on a queue with no alloc_tensor: pyasc's error text;
// (d) two alloc_tensor on the queue of a deque (ping-pong): EraseSync rewires every deque
//     to the last alloc, which is wrong for every other iteration; we refuse.

"builtin.module"() ({
  "func.func"() ({
  ^bb0(%q: !asc.queue<VECIN, 1>):
    // expected-error @+1 {{asc.deque doesn't have corresponding alloc_tensor op}}
    %d = "asc.deque"(%q) : (!asc.queue<VECIN, 1>) -> !asc.local_tensor<32xf16>
    "func.return"() : () -> ()
  }) {function_type = (!asc.queue<VECIN, 1>) -> (), sym_name = "no_alloc"} : () -> ()
}) : () -> ()

// -----

"builtin.module"() ({
  "func.func"() ({
  ^bb0(%g: !asc.global_tensor<f16>):
    %n = "arith.constant"() {value = 32 : i32} : () -> i32
    %q = "asc.tque"() : () -> !asc.queue<VECIN, 2>
    %t0 = "asc.alloc_tensor"(%q) : (!asc.queue<VECIN, 2>) -> !asc.local_tensor<32xf16>
    %t1 = "asc.alloc_tensor"(%q) : (!asc.queue<VECIN, 2>) -> !asc.local_tensor<32xf16>
    "asc.data_copy"(%t0, %g, %n) : (!asc.local_tensor<32xf16>, !asc.global_tensor<f16>, i32) -> ()
    "asc.enque"(%q, %t0) : (!asc.queue<VECIN, 2>, !asc.local_tensor<32xf16>) -> ()
    "asc.data_copy"(%t1, %g, %n) : (!asc.local_tensor<32xf16>, !asc.global_tensor<f16>, i32) -> ()
    "asc.enque"(%q, %t1) : (!asc.queue<VECIN, 2>, !asc.local_tensor<32xf16>) -> ()
    // expected-error @+1 {{has 2 alloc_tensor ops (several buffers in flight)}}
    %d0 = "asc.deque"(%q) : (!asc.queue<VECIN, 2>) -> !asc.local_tensor<32xf16>
    // expected-error @+1 {{the deque cannot be replaced by an alloc}}
    %d1 = "asc.deque"(%q) : (!asc.queue<VECIN, 2>) -> !asc.local_tensor<32xf16>
    "func.return"() : () -> ()
  }) {function_type = (!asc.global_tensor<f16>) -> (), sym_name = "ping_pong"} : () -> ()
}) : () -> ()
