// RUN: asc-opt --pass-pipeline=expand-adv,canonicalize %s | FileCheck %s
// expand-adv-1: asc.adv.floor (no tmp buffer) becomes a chunk loop over the library scratch at the top
// of UB: the slots zeroed once, then per chunk a cast of the half input into the f32 slot, the
// CAST_FLOOR cast, and a CAST_RINT cast back into dst.  The library call is gone; its runtime count is checked first
// (a negative count is an error, as for the basic vector ops).

// CHECK-NOT: "asc.adv.floor"(
// CHECK: "asc.adv.check_count"(%arg0) {callee = "asc.adv.floor"}
// CHECK: "asc.local_tensor"{{.*}}pos = #asc.pos<VECCALC>
// CHECK: "asc.duplicate"
// CHECK: "scf.for"
// CHECK: "asc.cast"
// CHECK-SAME: round = #asc.round<CAST_NONE>
// CHECK: "asc.cast"
// CHECK-SAME: round = #asc.round<CAST_FLOOR>
// CHECK: "asc.cast"
// CHECK-SAME: round = #asc.round<CAST_RINT>
// CHECK: "scf.yield"
// CHECK-NOT: asc.adv
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%n: i32):
    %a = "arith.constant"() {value = 0 : i32} : () -> i32
    %s = "arith.constant"() {value = 512 : i32} : () -> i32
    %x = "asc.local_tensor"(%a, %s) {pos = #asc.pos<VECIN>} : (i32, i32) -> !asc.local_tensor<f16, VECIN>
    %z = "asc.local_tensor"(%s, %s) {pos = #asc.pos<VECOUT>} : (i32, i32) -> !asc.local_tensor<f16, VECOUT>
    "asc.adv.floor"(%z, %x, %n) : (!asc.local_tensor<f16, VECOUT>, !asc.local_tensor<f16, VECIN>, i32) -> ()
    "func.return"() : () -> ()
  }) {function_type = (i32) -> (), sym_name = "kernel"} : () -> ()
}) : () -> ()
