// RUN: asc-opt --auto-sync --sync-final-barrier %s | FileCheck %s
// The optional kernel-end barrier (pyasc adds one, sync.md A.6 phase 5): one
// pipe_barrier(PIPE_ALL) right before the kernel's return, none in private helpers,
// and none added twice.
// CHECK-LABEL: "func.func"
// CHECK: "asc.relu"
// CHECK-NEXT: "func.return"
// CHECK: sym_visibility = "private"
// CHECK: "asc.relu"
// CHECK-NEXT: "asc.pipe_barrier"() {pipe = #asc.pipe<PIPE_ALL>} : () -> () loc("f.py":9:0)
// CHECK-NEXT: "func.return"
// CHECK: sym_name = "kernel"
// CHECK: "asc.pipe_barrier"() {pipe = #asc.pipe<PIPE_ALL>}
// CHECK-NEXT: "func.return"
// CHECK-NOT: PIPE_ALL
// CHECK: sym_name = "already"
"builtin.module"() ({
  "func.func"() ({
    %c0 = "arith.constant"() {value = 0 : i32} : () -> i32
    %n = "arith.constant"() {value = 128 : i32} : () -> i32
    %a = "asc.local_tensor"(%c0, %n) {pos = #asc.pos<VECCALC>} : (i32, i32) -> !asc.local_tensor<128xf16, VECCALC>
    "asc.relu"(%a, %a, %n) : (!asc.local_tensor<128xf16, VECCALC>, !asc.local_tensor<128xf16, VECCALC>, i32) -> ()
    "func.return"() : () -> ()
  }) {function_type = () -> (), sym_name = "helper", sym_visibility = "private"} : () -> ()
  "func.func"() ({
    %c0 = "arith.constant"() {value = 0 : i32} : () -> i32
    %n = "arith.constant"() {value = 128 : i32} : () -> i32
    %a = "asc.local_tensor"(%c0, %n) {pos = #asc.pos<VECCALC>} : (i32, i32) -> !asc.local_tensor<128xf16, VECCALC>
    "asc.relu"(%a, %a, %n) : (!asc.local_tensor<128xf16, VECCALC>, !asc.local_tensor<128xf16, VECCALC>, i32) -> ()
    "func.return"() : () -> () loc("f.py":9:0)
  }) {function_type = () -> (), sym_name = "kernel"} : () -> ()
  "func.func"() ({
    "asc.pipe_barrier"() {pipe = #asc.pipe<PIPE_ALL>} : () -> ()
    "func.return"() : () -> ()
  }) {function_type = () -> (), sym_name = "already"} : () -> ()
}) : () -> ()
