// RUN: asc-opt --split-input-file --expand-matmul %s | FileCheck %s
// expand-matmul: an asc.adv.Matmul iterate_all becomes the cube instructions of its tiling
// (docs/hardware.md, "asc.adv.Matmul"): MTE2 ND -> Nz copies, MTE1 loads, mmad, fixpipe, with
// the flags between the stages (in iterate_all's tile loop the mmad / fixpipe hand-over is a UnitFlag
// one, and the copies wait for the fixpipe only after the loop); no matmul op is left.

// CHECK-LABEL: "func.func"
// CHECK-NOT: asc.matmul_iterate_all
// CHECK: "scf.for"
// CHECK: "scf.for"
// CHECK: "asc.data_copy_nd2nz"
// CHECK: "asc.data_copy_nd2nz"
// CHECK: "asc.set_flag"{{.*}}MTE2_MTE1
// CHECK: "asc.load_data_2d"
// CHECK: "asc.load_data_2d"
// CHECK: "asc.set_flag"{{.*}}MTE1_MTE2>
// CHECK: "asc.set_flag"{{.*}}MTE1_M>
// CHECK: "asc.mmad"
// CHECK: "asc.set_flag"{{.*}}M_MTE1>
// CHECK: "asc.set_flag"{{.*}}M_FIX>, unit = 1
// CHECK: "asc.fixpipe"
// CHECK: "asc.set_flag"{{.*}}FIX_M>, unit = 1
// CHECK: "asc.set_flag"{{.*}}FIX_MTE2>
// CHECK-NOT: asc.matmul_iterate_all
"builtin.module"() ({
"func.func"() ({
^bb0(%a: !asc.gm_ptr<f16>, %b: !asc.gm_ptr<f16>, %c: !asc.gm_ptr<f32>):
  %ga = "asc.global_tensor"() : () -> !asc.global_tensor<f16>
  "asc.set_global_buffer"(%ga, %a) : (!asc.global_tensor<f16>, !asc.gm_ptr<f16>) -> ()
  %gb = "asc.global_tensor"() : () -> !asc.global_tensor<f16>
  "asc.set_global_buffer"(%gb, %b) : (!asc.global_tensor<f16>, !asc.gm_ptr<f16>) -> ()
  %gc = "asc.global_tensor"() : () -> !asc.global_tensor<f32>
  "asc.set_global_buffer"(%gc, %c) : (!asc.global_tensor<f32>, !asc.gm_ptr<f32>) -> ()
  %m = "arith.constant"() {value = 32 : i32} : () -> i32
  %z = "arith.constant"() {value = 0 : i32} : () -> i32
  "asc.matmul_iterate_all"(%gc, %ga, %gb, %ga, %a, %ga, %m, %m, %m, %m, %m, %m, %m, %m, %m, %m, %z, %z, %z, %z, %z, %z) {trans_a = 0 : i64, trans_b = 0 : i64, bias = 0 : i64, mix = 0 : i64} : (!asc.global_tensor<f32>, !asc.global_tensor<f16>, !asc.global_tensor<f16>, !asc.global_tensor<f16>, !asc.gm_ptr<f16>, !asc.global_tensor<f16>, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32) -> ()
  "func.return"() : () -> ()
}) {function_type = (!asc.gm_ptr<f16>, !asc.gm_ptr<f16>, !asc.gm_ptr<f32>) -> (), sym_name = "mm"} : () -> ()
}) : () -> ()
