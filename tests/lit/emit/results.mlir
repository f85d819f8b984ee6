// RUN: asc-opt --emit-ascendc --emit-line=none %s | FileCheck %s --match-full-lines
// Ops with several results that Ascend C returns through references: GetMrgSortResult(uint16_t& mrgSortList1, ...
// mrgSortList4) and GetStoreAtomicConfig(uint16_t& atomicType, uint16_t& atomicOp) (their pages): the results are
// variables of the referenced type declared before the call and passed in order.

// CHECK:        uint16_t v1 = 0; uint16_t v2 = 0; uint16_t v3 = 0; uint16_t v4 = 0;
// CHECK-NEXT:   AscendC::GetMrgSortResult(v1, v2, v3, v4);
// CHECK-NEXT:   int32_t v5 = v1 + v4;
// CHECK-NEXT:   uint16_t v6 = 0; uint16_t v7 = 0;
// CHECK-NEXT:   AscendC::GetStoreAtomicConfig(v6, v7);
// CHECK-NEXT:   int32_t v8 = v5 + v7;

"builtin.module"() ({
  "func.func"() ({
  ^bb0(%p: !asc.gm_ptr<i32>):
    %r:4 = "asc.get_mrg_sort_result"() : () -> (i32, i32, i32, i32)
    %s = "arith.addi"(%r#0, %r#3) : (i32, i32) -> i32
    %c:2 = "asc.get_store_atomic_config"() : () -> (i32, i32)
    %t = "arith.addi"(%s, %c#1) : (i32, i32) -> i32
    %g = "asc.global_tensor"() : () -> !asc.global_tensor<i32>
    "asc.set_global_buffer"(%g, %p) : (!asc.global_tensor<i32>, !asc.gm_ptr<i32>) -> ()
    %z = "arith.constant"() {value = 0 : i32} : () -> i32
    "asc.set_value"(%g, %z, %t) : (!asc.global_tensor<i32>, i32, i32) -> ()
    "func.return"() : () -> ()
  }) {function_type = (!asc.gm_ptr<i32>) -> (), sym_name = "res_kernel"} : () -> ()
}) : () -> ()
