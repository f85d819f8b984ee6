// RUN: asc-opt --emit-ascendc --emit-line=none %s | FileCheck %s --match-full-lines
// Matmul.iterate_n_batch as the object's IterateNBatch (Ascend C API reference, IterateNBatch: IterateNBatch(batchLoop,
// batchA, batchB, enSequentialWrite, matrixStrideA, matrixStrideB, matrixStrideC), C into the workspace that
// SetWorkspace names, as its sample calls SetWorkspace before it).  The IR states C as the workspace retyped through
// a handle (register_matmul's at this core's region, or set_workspace's buffer): the region and the handles are the
// object's business and are not printed; the workspace tensor is SetWorkspace's argument.

// CHECK:        const int32_t v8 = 1;
// CHECK:        const int32_t v10 = 3;
// CHECK-NEXT:   const int32_t v11 = 4;
// CHECK-NEXT:   const int32_t v12 = 4096;
// CHECK:        AscendC::GlobalTensor<uint8_t> v15;
// CHECK-NEXT:   v15.SetGlobalBuffer(v3);
// CHECK:        REGIST_MATMUL_OBJ(AscendC::GetTPipePtr(), v3, mm, &t0);
// CHECK-NEXT:   mm.SetTensorA(v13, false);
// CHECK-NEXT:   mm.SetTensorB(v14, false);
// CHECK-NEXT:   mm.SetWorkspace(v15);
// CHECK-NEXT:   mm.IterateNBatch(v11, v10, v8, false, v12, v7, v7);
// CHECK-NEXT:   mm.End();
// set_workspace's buffer: C at its start
// CHECK:        AscendC::GlobalTensor<uint8_t> v16;
// CHECK:        mm.SetWorkspace(v16);
// CHECK-NEXT:   mm.IterateNBatch(v10, v8, v8, false, v7, v7, v7);
// CHECK-NOT:    matmul_
// CHECK-NOT:    Handle

"builtin.module"() ({
  "func.func"() ({
  ^bb0(%a: !asc.gm_ptr<f16>, %b: !asc.gm_ptr<f16>, %c: !asc.gm_ptr<f32>, %ws: !asc.gm_ptr<ui8>, %m: i32, %n: i32, %k: i32):
    %z = "arith.constant"() {value = 0 : i32} : () -> i32
    %one = "arith.constant"() {value = 1 : i32} : () -> i32
    %base = "arith.constant"() {value = 64 : i32} : () -> i32
    %three = "arith.constant"() {value = 3 : i32} : () -> i32
    %four = "arith.constant"() {value = 4 : i32} : () -> i32
    %stride = "arith.constant"() {value = 4096 : i32} : () -> i32
    %ga = "asc.global_tensor"() : () -> !asc.global_tensor<f16>
    "asc.set_global_buffer"(%ga, %a) : (!asc.global_tensor<f16>, !asc.gm_ptr<f16>) -> ()
    %gb = "asc.global_tensor"() : () -> !asc.global_tensor<f16>
    "asc.set_global_buffer"(%gb, %b) : (!asc.global_tensor<f16>, !asc.gm_ptr<f16>) -> ()
    %gw = "asc.global_tensor"() : () -> !asc.global_tensor<ui8>
    "asc.set_global_buffer"(%gw, %ws) : (!asc.global_tensor<ui8>, !asc.gm_ptr<ui8>) -> ()
    %bytes = "arith.muli"(%m, %n) : (i32, i32) -> i32
    %at = "asc.matmul_nbatch_region"(%bytes) : (i32) -> i32
    %reg = "asc.gt_subview"(%gw, %at) : (!asc.global_tensor<ui8>, i32) -> !asc.global_tensor<ui8>
    %h0, %h1 = "asc.matmul_gt_handle"(%reg) : (!asc.global_tensor<ui8>) -> (i64, i64)
    %gc = "asc.matmul_gt_from_handle"(%h0, %h1) : (i64, i64) -> !asc.global_tensor<f32>
    "asc.matmul_iterate_batch"(%gc, %ga, %gb, %ga, %ws, %ga, %m, %n, %k, %m, %n, %k, %k, %base, %base, %base, %z, %z, %z, %z, %z, %z, %three, %one, %four, %stride, %z, %z, %z, %z, %z, %z, %z, %z, %z, %z, %z, %z, %z, %z) {trans_a = 0 : i64, trans_b = 0 : i64, bias = 0 : i64, mix = 0 : i64, layout_a = 0 : i64, layout_b = 0 : i64, layout_c = 0 : i64} : (!asc.global_tensor<f32>, !asc.global_tensor<f16>, !asc.global_tensor<f16>, !asc.global_tensor<f16>, !asc.gm_ptr<ui8>, !asc.global_tensor<f16>, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32) -> ()
    %gu = "asc.global_tensor"() : () -> !asc.global_tensor<ui8>
    "asc.set_global_buffer"(%gu, %ws) : (!asc.global_tensor<ui8>, !asc.gm_ptr<ui8>) -> ()
    %u0, %u1 = "asc.matmul_gt_handle"(%gu) : (!asc.global_tensor<ui8>) -> (i64, i64)
    %gc2 = "asc.matmul_gt_from_handle"(%u0, %u1) : (i64, i64) -> !asc.global_tensor<f32>
    "asc.matmul_iterate_batch"(%gc2, %ga, %gb, %ga, %ws, %ga, %m, %n, %k, %m, %n, %k, %k, %base, %base, %base, %z, %z, %z, %z, %z, %z, %one, %one, %three, %z, %z, %z, %z, %z, %z, %z, %z, %z, %z, %z, %z, %z, %z, %z) {trans_a = 0 : i64, trans_b = 0 : i64, bias = 0 : i64, mix = 0 : i64, layout_a = 0 : i64, layout_b = 0 : i64, layout_c = 0 : i64} : (!asc.global_tensor<f32>, !asc.global_tensor<f16>, !asc.global_tensor<f16>, !asc.global_tensor<f16>, !asc.gm_ptr<ui8>, !asc.global_tensor<f16>, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32) -> ()
    "func.return"() : () -> ()
  }) {function_type = (!asc.gm_ptr<f16>, !asc.gm_ptr<f16>, !asc.gm_ptr<f32>, !asc.gm_ptr<ui8>, i32, i32, i32) -> (), sym_name = "nbatch"} : () -> ()
}) : () -> ()
