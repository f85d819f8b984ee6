// RUN: asc-opt --emit-ascendc --emit-line=none %s | FileCheck %s --match-full-lines
// LocalMemAllocator (Ascend C's LocalMemAllocator pages: `LocalMemAllocator<Hardware::UB>`, GetCurAddr(),
// Alloc<TPosition pos, class DataType>(uint32_t tileSize)); the IR's allocator is an i32 handle.
// asc.array (pyasc's asc.array: a fixed-length array of scalars, zero-filled): a C array of the element type
// its get / set use.

// CHECK:        AscendC::LocalMemAllocator<AscendC::Hardware::UB> v3;
// CHECK-NEXT:   int32_t v4 = v3.GetCurAddr();
// CHECK-NEXT:   AscendC::LocalTensor<float> v5 = v3.Alloc<AscendC::TPosition::VECIN, float>(v0);
// CHECK-NEXT:   float v6 = v5.GetValue(v4);
// CHECK-NEXT:   float v7[8] = {};
// CHECK-NEXT:   v7[v1] = v2;
// CHECK-NEXT:   float v8 = v7[v1];
// CHECK-NEXT:   float v9 = v8 + v6;

"builtin.module"() ({
  "func.func"() ({
  ^bb0(%n: i32, %i: i32, %x: f32):
    %a = "asc.local_mem_allocator"() : () -> i32
    %addr = "asc.local_mem_allocator.get_cur_addr"(%a) : (i32) -> i32
    %t = "asc.local_mem_allocator.alloc"(%a, %n) {pos = #asc.pos<VECIN>} : (i32, i32) -> !asc.local_tensor<f32, VECIN>
    %s = "asc.get_value"(%t, %addr) : (!asc.local_tensor<f32, VECIN>, i32) -> f32
    %arr = "asc.scalar_array"() {length = 8 : i64} : () -> i32
    "asc.scalar_array.set"(%arr, %i, %x) : (i32, i32, f32) -> ()
    %y = "asc.scalar_array.get"(%arr, %i) : (i32, i32) -> f32
    %z = "arith.addf"(%y, %s) : (f32, f32) -> f32
    "asc.set_value"(%t, %i, %z) : (!asc.local_tensor<f32, VECIN>, i32, f32) -> ()
    "func.return"() : () -> ()
  }) {function_type = (i32, i32, f32) -> (), sym_name = "lma_kernel"} : () -> ()
}) : () -> ()
