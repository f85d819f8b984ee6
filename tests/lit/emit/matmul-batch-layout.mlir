// RUN: asc-opt --emit-ascendc --emit-line=none %s | FileCheck %s
// RUN: asc-opt --emit-ascendc %s > %t.cpp
// RUN: g++ -std=c++17 -Wall -Werror -fsyntax-only -I %S/../../../include/ascendc %t.cpp
// RUN: g++ -std=c++17 -Wall -Werror -fsyntax-only -DASC_RUN -I %S/../../../include/ascendc %t.cpp
// iterate_batch with NORMAL layouts (IterateBatch's page: the MatmulTypes' LayoutMode, the batch matrices placed
// by the tiling's layout info): the fifth MatmulType argument, and TCubeTiling's ALayoutInfoB..CLayoutInfoS2 set
// from the op's last 15 operands in the page's order (A: B, S, N, G, D; B: B, S, N, G, D; C: B, S1, N, G, S2).
// CHECK:        AscendC::Matmul<AscendC::MatmulType<AscendC::TPosition::GM, AscendC::CubeFormat::ND, half, false, AscendC::LayoutMode::NORMAL>, AscendC::MatmulType<AscendC::TPosition::GM, AscendC::CubeFormat::ND, half, false, AscendC::LayoutMode::BSNGD>, AscendC::MatmulType<AscendC::TPosition::GM, AscendC::CubeFormat::ND, float, false, AscendC::LayoutMode::NORMAL>> mm;
// CHECK-DAG:    const int32_t [[ONE:v[0-9]+]] = 1;
// CHECK-DAG:    const int32_t [[TWO:v[0-9]+]] = 2;
// CHECK-DAG:    const int32_t [[M:v[0-9]+]] = 32;
// CHECK-DAG:    const int32_t [[K:v[0-9]+]] = 48;
// CHECK-DAG:    const int32_t [[N:v[0-9]+]] = 16;
// CHECK:        t0.isBias =
// CHECK-NEXT:   t0.ALayoutInfoB = [[TWO]];
// CHECK-NEXT:   t0.ALayoutInfoS = [[M]];
// CHECK-NEXT:   t0.ALayoutInfoN = [[ONE]];
// CHECK-NEXT:   t0.ALayoutInfoG = [[ONE]];
// CHECK-NEXT:   t0.ALayoutInfoD = [[K]];
// CHECK-NEXT:   t0.BLayoutInfoB = [[TWO]];
// CHECK-NEXT:   t0.BLayoutInfoS = [[K]];
// CHECK-NEXT:   t0.BLayoutInfoN = [[ONE]];
// CHECK-NEXT:   t0.BLayoutInfoG = [[ONE]];
// CHECK-NEXT:   t0.BLayoutInfoD = [[N]];
// CHECK-NEXT:   t0.CLayoutInfoB = [[TWO]];
// CHECK-NEXT:   t0.CLayoutInfoS1 = [[M]];
// CHECK-NEXT:   t0.CLayoutInfoN = [[ONE]];
// CHECK-NEXT:   t0.CLayoutInfoG = [[ONE]];
// CHECK-NEXT:   t0.CLayoutInfoS2 = [[N]];
// CHECK-NEXT:   REGIST_MATMUL_OBJ(AscendC::GetTPipePtr(), v3, mm, &t0);
// CHECK:        mm.IterateBatch(v{{[0-9]+}}, [[TWO]], [[TWO]], false,
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%a: !asc.gm_ptr<f16>, %b: !asc.gm_ptr<f16>, %c: !asc.gm_ptr<f32>, %ws: !asc.gm_ptr<ui8>):
    %z = "arith.constant"() {value = 0 : i32} : () -> i32
    %one = "arith.constant"() {value = 1 : i32} : () -> i32
    %two = "arith.constant"() {value = 2 : i32} : () -> i32
    %m = "arith.constant"() {value = 32 : i32} : () -> i32
    %k = "arith.constant"() {value = 48 : i32} : () -> i32
    %n = "arith.constant"() {value = 16 : i32} : () -> i32
    %ga = "asc.global_tensor"() : () -> !asc.global_tensor<f16>
    "asc.set_global_buffer"(%ga, %a) : (!asc.global_tensor<f16>, !asc.gm_ptr<f16>) -> ()
    %gb = "asc.global_tensor"() : () -> !asc.global_tensor<f16>
    "asc.set_global_buffer"(%gb, %b) : (!asc.global_tensor<f16>, !asc.gm_ptr<f16>) -> ()
    %gc = "asc.global_tensor"() : () -> !asc.global_tensor<f32>
    "asc.set_global_buffer"(%gc, %c) : (!asc.global_tensor<f32>, !asc.gm_ptr<f32>) -> ()
    "asc.matmul_iterate_batch"(%gc, %ga, %gb, %ga, %ws, %ga, %m, %n, %k, %m, %n, %k, %k, %m, %n, %n, %z, %z, %z, %z, %z, %z, %two, %two, %one, %z, %z, %z, %two, %m, %one, %one, %k, %two, %k, %one, %one, %n, %two, %m, %one, %one, %n) {trans_a = 0 : i64, trans_b = 0 : i64, bias = 0 : i64, mix = 0 : i64, layout_a = 1 : i64, layout_b = 2 : i64, layout_c = 1 : i64} : (!asc.global_tensor<f32>, !asc.global_tensor<f16>, !asc.global_tensor<f16>, !asc.global_tensor<f16>, !asc.gm_ptr<ui8>, !asc.global_tensor<f16>, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32) -> ()
    "func.return"() : () -> ()
  }) {function_type = (!asc.gm_ptr<f16>, !asc.gm_ptr<f16>, !asc.gm_ptr<f32>, !asc.gm_ptr<ui8>) -> (), sym_name = "mm_batch"} : () -> ()
}) : () -> ()
