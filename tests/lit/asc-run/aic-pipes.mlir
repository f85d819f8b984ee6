// asc-run's report names the pipes of each core's kind (src/hw/hw.def): an AIC core (a cube-only
// kernel) has no vector pipe, so its line lists the cube pipes hw.def gives it, never PIPE_V (issue 30,
// item 12).  (The kernel reads L0A nobody wrote: an error, so asc-run exits 1.)
//
// RUN: not asc-run %s c=%t.c.npy:f32:256 2>&1 | FileCheck %s
// CHECK: core 0 (AIC): 1 block
// CHECK-SAME: PIPE_M
// CHECK-NOT: PIPE_V
// CHECK: 1 error
"builtin.module"() ({
"func.func"() ({
^bb0(%v1: !asc.gm_ptr<f32>):
  %v2 = "arith.constant"() {value = 256 : i32} : () -> i32
  %v3 = "arith.constant"() {value = 0 : i32} : () -> i32
  %v4 = "asc.local_tensor"(%v3, %v2) {pos = #asc.pos<A2>} : (i32, i32) -> !asc.local_tensor<f16, A2>
  %v5 = "arith.constant"() {value = 256 : i32} : () -> i32
  %v6 = "arith.constant"() {value = 0 : i32} : () -> i32
  %v7 = "asc.local_tensor"(%v6, %v5) {pos = #asc.pos<B2>} : (i32, i32) -> !asc.local_tensor<f16, B2>
  %v8 = "arith.constant"() {value = 256 : i32} : () -> i32
  %v9 = "arith.constant"() {value = 0 : i32} : () -> i32
  %v10 = "asc.local_tensor"(%v9, %v8) {pos = #asc.pos<CO1>} : (i32, i32) -> !asc.local_tensor<f32, CO1>
  %v11 = "arith.constant"() {value = 16 : i32} : () -> i32
  %v12 = "arith.constant"() {value = 16 : i32} : () -> i32
  %v13 = "arith.constant"() {value = 16 : i32} : () -> i32
  %v14 = "arith.constant"() {value = 0 : i32} : () -> i32
  %v15 = "arith.constant"() {value = 0 : i32} : () -> i32
  %v16 = "arith.constant"() {value = 0 : i32} : () -> i32
  %v17 = "arith.constant"() {value = 0 : i32} : () -> i32
  %v18 = "arith.constant"() {value = 0 : i32} : () -> i32
  %v19 = "arith.constant"() {value = 0 : i32} : () -> i32
  %v20 = "arith.constant"() {value = 0 : i32} : () -> i32
  %v21 = "arith.constant"() {value = 1 : i32} : () -> i32
  %v22 = "arith.constant"() {value = 0 : i32} : () -> i32
  %v23 = "asc.struct"(%v11, %v12, %v13, %v14, %v15, %v16, %v17, %v18, %v19, %v20, %v21, %v22) : (i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32) -> !asc.struct<MmadParams>
  "asc.mmad"(%v10, %v4, %v7, %v23) : (!asc.local_tensor<f32, CO1>, !asc.local_tensor<f16, A2>, !asc.local_tensor<f16, B2>, !asc.struct<MmadParams>) -> ()
  "func.return"() : () -> ()
}) {function_type = (!asc.gm_ptr<f32>) -> (), sym_name = "aic_kernel"} : () -> ()
}) : () -> ()
