// RUN: asc-opt --verify-sync %s 2>&1 >/dev/null | FileCheck %s
// RUN: asc-opt --verify-sync %s | FileCheck %s --check-prefix=IR
// The printed form of verify-sync findings: `file:line:col: warning: S00x ...` at the
// op's loc (the Python line the front-end recorded) or, without a loc, at the op in
// this file with its source line and a caret; notes follow their warning.  The pass
// changes nothing and the run succeeds.

// CHECK: kernel.py:12:4: warning: S003 double set: set_flag(MTE2_V, 0) while the flag is already set (no wait_flag since the previous set_flag), so this set is lost
// CHECK-NEXT: kernel.py:11:4: note: previous set_flag(MTE2_V, 0) here
// CHECK-NEXT: kernel.py:14:4: warning: S002 deadlock: wait_flag(V_MTE3, 0) waits forever: no matching set_flag is pending on any path to it
// CHECK-NEXT: format.mlir:[[@LINE+17]]:5: warning: S004 unpaired set: set_flag(MTE3_MTE2, 0) is never waited: the flag is still set when the kernel ends
// CHECK-NEXT: {{^}}    "asc.set_flag"(%c0) {event = #asc.event<MTE3_MTE2>} : (i32) -> ()
// CHECK-NEXT: {{^}}    ^
// CHECK-NEXT: kernel.py:8:8: warning: S010 TQue misuse: AllocTensor: there is no corresponding call to FreeTensor for this tensor
// CHECK-NOT: warning

// IR: "asc.wait_flag"(%0) {event = #asc.event<V_MTE3>} : (i32) -> () loc("kernel.py":14:4)

"builtin.module"() ({
  "func.func"() ({
    %c0 = "arith.constant"() {value = 0 : i32} : () -> i32 loc("kernel.py":5:4)
    %q = "asc.tque"() : () -> !asc.queue<VECIN, 1> loc("kernel.py":7:8)
    %t = "asc.alloc_tensor"(%q) : (!asc.queue<VECIN, 1>) -> !asc.local_tensor<256xf16, VECIN> loc("kernel.py":8:8)
    "asc.set_flag"(%c0) {event = #asc.event<MTE2_V>} : (i32) -> () loc("kernel.py":11:4)
    "asc.set_flag"(%c0) {event = #asc.event<MTE2_V>} : (i32) -> () loc("kernel.py":12:4)
    "asc.wait_flag"(%c0) {event = #asc.event<MTE2_V>} : (i32) -> () loc("kernel.py":13:4)
    "asc.wait_flag"(%c0) {event = #asc.event<V_MTE3>} : (i32) -> () loc("kernel.py":14:4)
    "asc.set_flag"(%c0) {event = #asc.event<MTE3_MTE2>} : (i32) -> ()
    "func.return"() : () -> () loc("kernel.py":16:0)
  }) {function_type = () -> (), sym_name = "kernel"} : () -> () loc("kernel.py":3:0)
}) : () -> ()
