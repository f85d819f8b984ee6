// RUN: asc-opt --emit-ascendc --emit-line=none %s | FileCheck %s --match-full-lines
// asc.adv.Matmul as the library's object (Ascend C's Matmul pages: a Matmul<MatmulType A, B, C[, bias]> object,
// REGIST_MATMUL_OBJ(pipe, workspace, mm, &tiling), SetTensorA(gm, isTransposeA), SetTensorB(gm, isTransposeB),
// IterateAll(gm, enAtomic, enSequentialWrite), End(); Iterate() then GetTensorC(gm, enAtomic, enSequentialWrite)
// per baseM x baseN tile).  The IR has no object: each call carries the tiling (tm tn tk orgM orgN orgKa orgKb
// baseM baseN baseK iterateOrder isBias ...) and the emitted object is set up from it at every call.  A cube-only
// Matmul (mix 0) defines ASCENDC_CUBE_ONLY before the header (the Matmul usage page: before the include).

// CHECK:        #define ASCENDC_CUBE_ONLY
// CHECK-NEXT:   #include "kernel_operator.h"
// CHECK:        AscendC::Matmul<AscendC::MatmulType<AscendC::TPosition::GM, AscendC::CubeFormat::ND, half>, AscendC::MatmulType<AscendC::TPosition::GM, AscendC::CubeFormat::ND, half, true>, AscendC::MatmulType<AscendC::TPosition::GM, AscendC::CubeFormat::ND, float>> mm;
// CHECK:        TCubeTiling t0;
// CHECK-NEXT:   t0.singleCoreM = v4;
// CHECK-NEXT:   t0.singleCoreN = v5;
// CHECK-NEXT:   t0.singleCoreK = v6;
// CHECK-NEXT:   t0.M = v4;
// CHECK-NEXT:   t0.N = v5;
// CHECK-NEXT:   t0.Ka = v6;
// CHECK-NEXT:   t0.Kb = v6;
// CHECK-NEXT:   t0.baseM = v9;
// CHECK-NEXT:   t0.baseN = v9;
// CHECK-NEXT:   t0.baseK = v9;
// CHECK-NEXT:   t0.iterateOrder = v7;
// CHECK-NEXT:   t0.isBias = v7;
// CHECK-NEXT:   REGIST_MATMUL_OBJ(AscendC::GetTPipePtr(), v3, mm, &t0);
// CHECK-NEXT:   mm.SetTensorA(v10, false);
// CHECK-NEXT:   mm.SetTensorB(v11, true);
// CHECK-NEXT:   mm.IterateAll(v12, 0, false);
// CHECK-NEXT:   mm.End();
// `with iterate() as count`: the tiling (Init's page: Init(&tiling), no workspace), the tile count
// (ceil(tm / baseM) * ceil(tn / baseN)), then per tile
// CHECK:        mm.Init(&t1);
// CHECK-NEXT:   const int32_t v13 = ((v4 + v9 - 1) / v9) * ((v5 + v9 - 1) / v9);
// CHECK:        for (int64_t v17 = v14; v17 < v16; v17 += v15) {
// CHECK-NEXT:     int32_t v18 = static_cast<int32_t>(v17);
// CHECK-NEXT:     if (v18 == 0) {
// CHECK-NEXT:       mm.SetTensorA(v10, false);
// CHECK-NEXT:       mm.SetTensorB(v11, false);
// CHECK-NEXT:     }
// CHECK-NEXT:     mm.Iterate();
// CHECK-NEXT:     mm.GetTensorC(v12, 1, false);
// CHECK-NEXT:   }
// iterate_batch: IterateBatch(gm, batchA, batchB, enSequentialWrite, matrixStrideA/B/C, enPartialSum, enAtomic)
// CHECK:        mm.IterateBatch(v12, v8, v8, false, v7, v7, v7, false, 0);
// CHECK-NEXT:   mm.End();

// A bare iterate() whose get_tensor_c calls take the next tile: Iterate's asynchronous form (Iterate's page:
// `mm.template Iterate<false>();` then GetTensorC<false> once per tile)
// CHECK:        REGIST_MATMUL_OBJ(AscendC::GetTPipePtr(), v3, mm, &t3);
// CHECK-NEXT:   mm.SetTensorA(v9, false);
// CHECK-NEXT:   mm.SetTensorB(v10, false);
// CHECK-NEXT:   mm.Iterate<false>();
// CHECK-NEXT:   mm.GetTensorC<false>(v11, 0, false);
// CHECK-NEXT:   mm.GetTensorC<false>(v11, 0, false);

"builtin.module"() ({
  "func.func"() ({
  ^bb0(%a: !asc.gm_ptr<f16>, %b: !asc.gm_ptr<f16>, %c: !asc.gm_ptr<f32>, %ws: !asc.gm_ptr<ui8>, %m: i32, %n: i32, %k: i32):
    %z = "arith.constant"() {value = 0 : i32} : () -> i32
    %one = "arith.constant"() {value = 1 : i32} : () -> i32
    %base = "arith.constant"() {value = 64 : i32} : () -> i32
    %ga = "asc.global_tensor"() : () -> !asc.global_tensor<f16>
    "asc.set_global_buffer"(%ga, %a) : (!asc.global_tensor<f16>, !asc.gm_ptr<f16>) -> ()
    %gb = "asc.global_tensor"() : () -> !asc.global_tensor<f16>
    "asc.set_global_buffer"(%gb, %b) : (!asc.global_tensor<f16>, !asc.gm_ptr<f16>) -> ()
    %gc = "asc.global_tensor"() : () -> !asc.global_tensor<f32>
    "asc.set_global_buffer"(%gc, %c) : (!asc.global_tensor<f32>, !asc.gm_ptr<f32>) -> ()
    "asc.matmul_iterate_all"(%gc, %ga, %gb, %ga, %ws, %ga, %m, %n, %k, %m, %n, %k, %k, %base, %base, %base, %z, %z, %z, %z, %z, %z) {trans_a = 0 : i64, trans_b = 1 : i64, bias = 0 : i64, mix = 0 : i64} : (!asc.global_tensor<f32>, !asc.global_tensor<f16>, !asc.global_tensor<f16>, !asc.global_tensor<f16>, !asc.gm_ptr<ui8>, !asc.global_tensor<f16>, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32) -> ()
    %cnt = "asc.matmul_tile_count"(%m, %n, %k, %m, %n, %k, %k, %base, %base, %base, %z, %z, %z, %z, %z) : (i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32) -> i32
    %lb = "arith.constant"() {value = 0 : index} : () -> index
    %st = "arith.constant"() {value = 1 : index} : () -> index
    %ub = "arith.index_cast"(%cnt) : (i32) -> index
    "scf.for"(%lb, %ub, %st) ({
    ^bb1(%i: index):
      %t = "arith.index_cast"(%i) : (index) -> i32
      "asc.matmul_iterate"(%ga, %ga, %gb, %ga, %ws, %ga, %m, %n, %k, %m, %n, %k, %k, %base, %base, %base, %z, %z, %z, %z, %z, %z, %t) {trans_a = 0 : i64, trans_b = 0 : i64, bias = 0 : i64, mix = 0 : i64, next = 0 : i64} : (!asc.global_tensor<f16>, !asc.global_tensor<f16>, !asc.global_tensor<f16>, !asc.global_tensor<f16>, !asc.gm_ptr<ui8>, !asc.global_tensor<f16>, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32) -> ()
      "asc.matmul_get_tensor_c"(%gc, %ga, %gb, %ga, %ws, %ga, %m, %n, %k, %m, %n, %k, %k, %base, %base, %base, %z, %z, %z, %z, %z, %z, %t) {trans_a = 0 : i64, trans_b = 0 : i64, bias = 0 : i64, mix = 0 : i64, next = 0 : i64, atomic = 1 : i64} : (!asc.global_tensor<f32>, !asc.global_tensor<f16>, !asc.global_tensor<f16>, !asc.global_tensor<f16>, !asc.gm_ptr<ui8>, !asc.global_tensor<f16>, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32) -> ()
      "scf.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "asc.matmul_iterate_batch"(%gc, %ga, %gb, %ga, %ws, %ga, %m, %n, %k, %m, %n, %k, %k, %base, %base, %base, %z, %z, %z, %z, %z, %z, %one, %one, %one, %z, %z, %z, %z, %z, %z, %z, %z, %z, %z, %z, %z, %z, %z, %z) {trans_a = 0 : i64, trans_b = 0 : i64, bias = 0 : i64, mix = 0 : i64, layout_a = 0 : i64, layout_b = 0 : i64, layout_c = 0 : i64} : (!asc.global_tensor<f32>, !asc.global_tensor<f16>, !asc.global_tensor<f16>, !asc.global_tensor<f16>, !asc.gm_ptr<ui8>, !asc.global_tensor<f16>, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32) -> ()
    "func.return"() : () -> ()
  }) {function_type = (!asc.gm_ptr<f16>, !asc.gm_ptr<f16>, !asc.gm_ptr<f32>, !asc.gm_ptr<ui8>, i32, i32, i32) -> (), sym_name = "mm_kernel"} : () -> ()
  "func.func"() ({
  ^bb0(%a: !asc.gm_ptr<f16>, %b: !asc.gm_ptr<f16>, %c: !asc.gm_ptr<f32>, %ws: !asc.gm_ptr<ui8>, %m: i32, %n: i32, %k: i32):
    %z = "arith.constant"() {value = 0 : i32} : () -> i32
    %neg = "arith.constant"() {value = -1 : i32} : () -> i32
    %base = "arith.constant"() {value = 64 : i32} : () -> i32
    %ga = "asc.global_tensor"() : () -> !asc.global_tensor<f16>
    "asc.set_global_buffer"(%ga, %a) : (!asc.global_tensor<f16>, !asc.gm_ptr<f16>) -> ()
    %gb = "asc.global_tensor"() : () -> !asc.global_tensor<f16>
    "asc.set_global_buffer"(%gb, %b) : (!asc.global_tensor<f16>, !asc.gm_ptr<f16>) -> ()
    %gc = "asc.global_tensor"() : () -> !asc.global_tensor<f32>
    "asc.set_global_buffer"(%gc, %c) : (!asc.global_tensor<f32>, !asc.gm_ptr<f32>) -> ()
    "asc.matmul_iterate"(%ga, %ga, %gb, %ga, %ws, %ga, %m, %n, %k, %m, %n, %k, %k, %base, %base, %base, %z, %z, %z, %z, %z, %z, %neg) {trans_a = 0 : i64, trans_b = 0 : i64, bias = 0 : i64, mix = 0 : i64, next = 1 : i64} : (!asc.global_tensor<f16>, !asc.global_tensor<f16>, !asc.global_tensor<f16>, !asc.global_tensor<f16>, !asc.gm_ptr<ui8>, !asc.global_tensor<f16>, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32) -> ()
    "asc.matmul_get_tensor_c"(%gc, %ga, %gb, %ga, %ws, %ga, %m, %n, %k, %m, %n, %k, %k, %base, %base, %base, %z, %z, %z, %z, %z, %z, %neg) {trans_a = 0 : i64, trans_b = 0 : i64, bias = 0 : i64, mix = 0 : i64, next = 1 : i64} : (!asc.global_tensor<f32>, !asc.global_tensor<f16>, !asc.global_tensor<f16>, !asc.global_tensor<f16>, !asc.gm_ptr<ui8>, !asc.global_tensor<f16>, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32) -> ()
    "asc.matmul_get_tensor_c"(%gc, %ga, %gb, %ga, %ws, %ga, %m, %n, %k, %m, %n, %k, %k, %base, %base, %base, %z, %z, %z, %z, %z, %z, %neg) {trans_a = 0 : i64, trans_b = 0 : i64, bias = 0 : i64, mix = 0 : i64, next = 1 : i64} : (!asc.global_tensor<f32>, !asc.global_tensor<f16>, !asc.global_tensor<f16>, !asc.global_tensor<f16>, !asc.gm_ptr<ui8>, !asc.global_tensor<f16>, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32) -> ()
    "func.return"() : () -> ()
  }) {function_type = (!asc.gm_ptr<f16>, !asc.gm_ptr<f16>, !asc.gm_ptr<f32>, !asc.gm_ptr<ui8>, i32, i32, i32) -> (), sym_name = "mm_next"} : () -> ()
}) : () -> ()
