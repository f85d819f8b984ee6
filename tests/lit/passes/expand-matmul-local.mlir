// RUN: asc-opt --split-input-file --expand-matmul %s | FileCheck %s
// expand-matmul with operands in local memory (docs/hardware.md, "asc.adv.Matmul", "Operands in
// local memory"): a cube-only A in L1 (Nz) is read in place by the MTE1 loads (no GM -> L1 copy of
// it), a GM operand declared NZ is copied GM -> L1 by whole Nz column blocks (data_copy_params), and
// a MIX kernel's A in UB is copied into the workspace (MTE3, data_copy_pad) before the call's message.

// CHECK-LABEL: ^bb0(%arg0: !asc.local_tensor<f16, A1>
// CHECK: "scf.for"
// CHECK-NOT: "asc.data_copy_nd2nz"(%{{.*}}) : (!asc.local_tensor<f16, A1>, !asc.global_tensor<f16>
// CHECK: "asc.data_copy_nd2nz"{{.*}}B1
// CHECK: "asc.load_data_2d"(%{{[^,]*}}, %arg0, %{{[^)]*}}) : (!asc.local_tensor<f16, A2>, !asc.local_tensor<f16, A1>
"builtin.module"() ({
"func.func"() ({
^bb0(%a: !asc.local_tensor<f16, A1>, %b: !asc.gm_ptr<f16>, %c: !asc.gm_ptr<f32>):
  %gb = "asc.global_tensor"() : () -> !asc.global_tensor<f16>
  "asc.set_global_buffer"(%gb, %b) : (!asc.global_tensor<f16>, !asc.gm_ptr<f16>) -> ()
  %gc = "asc.global_tensor"() : () -> !asc.global_tensor<f32>
  "asc.set_global_buffer"(%gc, %c) : (!asc.global_tensor<f32>, !asc.gm_ptr<f32>) -> ()
  %m = "arith.constant"() {value = 32 : i32} : () -> i32
  %z = "arith.constant"() {value = 0 : i32} : () -> i32
  "asc.matmul_iterate_all"(%gc, %a, %gb, %a, %c, %gb, %m, %m, %m, %m, %m, %m, %m, %m, %m, %m, %z, %z, %z, %z, %z, %z) {trans_a = 0 : i64, trans_b = 0 : i64, bias = 0 : i64, mix = 0 : i64, a_nz = 1 : i64} : (!asc.global_tensor<f32>, !asc.local_tensor<f16, A1>, !asc.global_tensor<f16>, !asc.local_tensor<f16, A1>, !asc.gm_ptr<f32>, !asc.global_tensor<f16>, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32) -> ()
  "func.return"() : () -> ()
}) {function_type = (!asc.local_tensor<f16, A1>, !asc.gm_ptr<f16>, !asc.gm_ptr<f32>) -> (), sym_name = "a_in_l1"} : () -> ()
}) : () -> ()

// -----

// CHECK-LABEL: ^bb0(%arg0: !asc.gm_ptr<f16>, %arg1: !asc.gm_ptr<f16>, %arg2: !asc.gm_ptr<f32>)
// CHECK: "asc.data_copy_params"{{.*}}A1
// CHECK: "asc.data_copy_nd2nz"{{.*}}B1
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
  "asc.matmul_iterate_all"(%gc, %ga, %gb, %ga, %a, %ga, %m, %m, %m, %m, %m, %m, %m, %m, %m, %m, %z, %z, %z, %z, %z, %z) {trans_a = 0 : i64, trans_b = 0 : i64, bias = 0 : i64, mix = 0 : i64, a_nz = 1 : i64} : (!asc.global_tensor<f32>, !asc.global_tensor<f16>, !asc.global_tensor<f16>, !asc.global_tensor<f16>, !asc.gm_ptr<f16>, !asc.global_tensor<f16>, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32) -> ()
  "func.return"() : () -> ()
}) {function_type = (!asc.gm_ptr<f16>, !asc.gm_ptr<f16>, !asc.gm_ptr<f32>) -> (), sym_name = "gm_nz"} : () -> ()
}) : () -> ()

// -----

// CHECK-LABEL: ^bb0(%arg0: !asc.local_tensor<f16, VECIN>
// CHECK: "asc.ascend_is_aic"
// CHECK: "scf.if"
// CHECK: "asc.cross_core_wait_flag"
// CHECK: "asc.set_flag"{{.*}}MTE2_MTE3
// CHECK: "asc.set_flag"{{.*}}V_MTE3
// CHECK: "asc.get_block_num"
// CHECK: "asc.data_copy_pad"(%{{[^,]*}}, %arg0, %{{[^)]*}}) : (!asc.global_tensor<f16>, !asc.local_tensor<f16, VECIN>
// CHECK: "asc.cross_core_set_flag"
"builtin.module"() ({
"func.func"() ({
^bb0(%a: !asc.local_tensor<f16, VECIN>, %b: !asc.gm_ptr<f16>, %c: !asc.gm_ptr<f32>, %ws: !asc.gm_ptr<ui8>):
  %gb = "asc.global_tensor"() : () -> !asc.global_tensor<f16>
  "asc.set_global_buffer"(%gb, %b) : (!asc.global_tensor<f16>, !asc.gm_ptr<f16>) -> ()
  %gc = "asc.global_tensor"() : () -> !asc.global_tensor<f32>
  "asc.set_global_buffer"(%gc, %c) : (!asc.global_tensor<f32>, !asc.gm_ptr<f32>) -> ()
  %m = "arith.constant"() {value = 32 : i32} : () -> i32
  %z = "arith.constant"() {value = 0 : i32} : () -> i32
  "asc.matmul_iterate_all"(%gc, %a, %gb, %a, %ws, %gb, %m, %m, %m, %m, %m, %m, %m, %m, %m, %m, %z, %z, %z, %z, %z, %z) {trans_a = 0 : i64, trans_b = 0 : i64, bias = 0 : i64, mix = 1 : i64} : (!asc.global_tensor<f32>, !asc.local_tensor<f16, VECIN>, !asc.global_tensor<f16>, !asc.local_tensor<f16, VECIN>, !asc.gm_ptr<ui8>, !asc.global_tensor<f16>, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32) -> ()
  "func.return"() : () -> ()
}) {function_type = (!asc.local_tensor<f16, VECIN>, !asc.gm_ptr<f16>, !asc.gm_ptr<f32>, !asc.gm_ptr<ui8>) -> (), sym_name = "mix_a_in_ub"} : () -> ()
}) : () -> ()

// -----

// iterate(local_c_matrix=t): the tile's mmads write the kernel's CO1 tensor, between FIX_M and
// M_FIX flags (the kernel's fixpipe reads it).
// CHECK-LABEL: ^bb0(%arg0: !asc.local_tensor<f32, CO1>
// CHECK: "asc.set_flag"{{.*}}FIX_M
// CHECK: "asc.mmad"(%arg0,
// CHECK: "asc.set_flag"{{.*}}M_FIX
"builtin.module"() ({
"func.func"() ({
^bb0(%co1: !asc.local_tensor<f32, CO1>, %a: !asc.gm_ptr<f16>):
  %ga = "asc.global_tensor"() : () -> !asc.global_tensor<f16>
  "asc.set_global_buffer"(%ga, %a) : (!asc.global_tensor<f16>, !asc.gm_ptr<f16>) -> ()
  %m = "arith.constant"() {value = 32 : i32} : () -> i32
  %z = "arith.constant"() {value = 0 : i32} : () -> i32
  "asc.matmul_iterate"(%co1, %ga, %ga, %ga, %a, %ga, %m, %m, %m, %m, %m, %m, %m, %m, %m, %m, %z, %z, %z, %z, %z, %z, %z) {trans_a = 0 : i64, trans_b = 0 : i64, bias = 0 : i64, mix = 0 : i64} : (!asc.local_tensor<f32, CO1>, !asc.global_tensor<f16>, !asc.global_tensor<f16>, !asc.global_tensor<f16>, !asc.gm_ptr<f16>, !asc.global_tensor<f16>, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32) -> ()
  "func.return"() : () -> ()
}) {function_type = (!asc.local_tensor<f32, CO1>, !asc.gm_ptr<f16>) -> (), sym_name = "user_co1"} : () -> ()
}) : () -> ()
