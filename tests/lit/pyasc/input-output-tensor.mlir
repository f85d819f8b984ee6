// RUN: asc-opt --split-input-file --input-output-tensor %s | FileCheck %s
// input-output-tensor (sync.md A.1): a local_tensor_auto filled by a GM->UB copy gets
// `input`, one read by a UB->GM copy gets `output`; UB->UB copies and vector ops mark
// nothing.  Only direct uses count (a copy into a view of the tensor does not, as in pyasc).

// Case ub_gm: two loads, one store.
// CHECK: = "asc.local_tensor_auto"() {input}
// CHECK-NEXT: "asc.data_copy"
// CHECK-NEXT: = "asc.local_tensor_auto"() {input}
// CHECK-NEXT: "asc.data_copy"
// CHECK-NEXT: = "asc.local_tensor_auto"() {output}
// CHECK-NEXT: "asc.data_copy"
// CHECK-LABEL: sym_name = "input_output_tensor_ub_gm"
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%g0: !asc.global_tensor<f32>, %g1: !asc.global_tensor<f32>, %g2: !asc.global_tensor<f32>):
    %n = "arith.constant"() {value = 64 : i32} : () -> i32
    %0 = "asc.local_tensor_auto"() : () -> !asc.local_tensor<64xf32>
    "asc.data_copy"(%0, %g0, %n) : (!asc.local_tensor<64xf32>, !asc.global_tensor<f32>, i32) -> ()
    %1 = "asc.local_tensor_auto"() : () -> !asc.local_tensor<64xf32>
    "asc.data_copy"(%1, %g1, %n) : (!asc.local_tensor<64xf32>, !asc.global_tensor<f32>, i32) -> ()
    %2 = "asc.local_tensor_auto"() : () -> !asc.local_tensor<64xf32>
    "asc.data_copy"(%g2, %2, %n) : (!asc.global_tensor<f32>, !asc.local_tensor<64xf32>, i32) -> ()
    "func.return"() : () -> ()
  }) {function_type = (!asc.global_tensor<f32>, !asc.global_tensor<f32>, !asc.global_tensor<f32>) -> (), sym_name = "input_output_tensor_ub_gm"} : () -> ()
}) : () -> ()

// -----

// Case ub_ub: the destination of a UB->UB copy stays unmarked; a stale flag is cleared; a
// copy into a view of a tensor does not mark it.
// CHECK: = "asc.local_tensor_auto"() {input}
// CHECK: = "asc.local_tensor_auto"() : () -> !asc.local_tensor<64xf32>
// CHECK-NEXT: "asc.data_copy"
// CHECK-NEXT: = "asc.local_tensor_auto"() : () -> !asc.local_tensor<64xf32>
// CHECK-NEXT: "asc.lt_subview"
// CHECK-NEXT: "asc.data_copy"
// CHECK-LABEL: sym_name = "input_output_tensor_ub_ub"
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%g0: !asc.global_tensor<f32>):
    %n = "arith.constant"() {value = 64 : i32} : () -> i32
    %c8 = "arith.constant"() {value = 8 : i32} : () -> i32
    %0 = "asc.local_tensor_auto"() : () -> !asc.local_tensor<64xf32>
    "asc.data_copy"(%0, %g0, %n) : (!asc.local_tensor<64xf32>, !asc.global_tensor<f32>, i32) -> ()
    %1 = "asc.local_tensor_auto"() {output} : () -> !asc.local_tensor<64xf32>
    "asc.data_copy"(%1, %0, %n) : (!asc.local_tensor<64xf32>, !asc.local_tensor<64xf32>, i32) -> ()
    %2 = "asc.local_tensor_auto"() : () -> !asc.local_tensor<64xf32>
    %v = "asc.lt_subview"(%2, %c8) : (!asc.local_tensor<64xf32>, i32) -> !asc.local_tensor<64xf32>
    "asc.data_copy"(%v, %g0, %c8) : (!asc.local_tensor<64xf32>, !asc.global_tensor<f32>, i32) -> ()
    "func.return"() : () -> ()
  }) {function_type = (!asc.global_tensor<f32>) -> (), sym_name = "input_output_tensor_ub_ub"} : () -> ()
}) : () -> ()

// -----

// A tensor yielded by scf.if and stored: a fresh `output` tensor is created before the
// scf.if, filled by a UB->UB copy of the result right after it, and the store reads it.
// CHECK: [[OUT:%[0-9]+]] = "asc.local_tensor_auto"() {output} : () -> !asc.local_tensor<64xf32>
// CHECK-NEXT: [[R:%[0-9]+]] = "scf.if"
// CHECK: }) : (i1) -> !asc.local_tensor<64xf32>
// CHECK-NEXT: [[N:%[0-9]+]] = "arith.constant"() {value = 64 : i32}
// CHECK-NEXT: "asc.data_copy"([[OUT]], [[R]], [[N]])
// CHECK-NEXT: "asc.data_copy"(%arg0, [[OUT]],
// CHECK-LABEL: sym_name = "region_result"
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%g0: !asc.global_tensor<f32>, %c: i1):
    %n = "arith.constant"() {value = 64 : i32} : () -> i32
    %a = "asc.local_tensor_auto"() : () -> !asc.local_tensor<64xf32>
    %b = "asc.local_tensor_auto"() : () -> !asc.local_tensor<64xf32>
    %r = "scf.if"(%c) ({
      "scf.yield"(%a) : (!asc.local_tensor<64xf32>) -> ()
    }, {
      "scf.yield"(%b) : (!asc.local_tensor<64xf32>) -> ()
    }) : (i1) -> !asc.local_tensor<64xf32>
    "asc.data_copy"(%g0, %r, %n) : (!asc.global_tensor<f32>, !asc.local_tensor<64xf32>, i32) -> ()
    "func.return"() : () -> ()
  }) {function_type = (!asc.global_tensor<f32>, i1) -> (), sym_name = "region_result"} : () -> ()
}) : () -> ()

// -----

// A tensor both loaded and stored (pyasc: `input output`, then a VECOUT queue that does
// not order the load).  Ours: it stays `input`; the store reads a new `output` tensor
// filled by a UB->UB copy right before the store.
// CHECK: [[IN:%[0-9]+]] = "asc.local_tensor_auto"() {input}
// CHECK-NEXT: [[OUT:%[0-9]+]] = "asc.local_tensor_auto"() {output}
// CHECK-NEXT: "asc.data_copy"([[IN]], %arg0,
// CHECK-NEXT: "asc.adds"([[IN]], [[IN]],
// CHECK-NEXT: [[N:%[0-9]+]] = "arith.constant"() {value = 64 : i32}
// CHECK-NEXT: "asc.data_copy"([[OUT]], [[IN]], [[N]])
// CHECK-NEXT: "asc.data_copy"(%arg1, [[OUT]],
// CHECK-LABEL: sym_name = "inout"
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%g0: !asc.global_tensor<f32>, %g1: !asc.global_tensor<f32>):
    %n = "arith.constant"() {value = 64 : i32} : () -> i32
    %s = "arith.constant"() {value = 1.0 : f32} : () -> f32
    %a = "asc.local_tensor_auto"() : () -> !asc.local_tensor<64xf32>
    "asc.data_copy"(%a, %g0, %n) : (!asc.local_tensor<64xf32>, !asc.global_tensor<f32>, i32) -> ()
    "asc.adds"(%a, %a, %s, %n) : (!asc.local_tensor<64xf32>, !asc.local_tensor<64xf32>, f32, i32) -> ()
    "asc.data_copy"(%g1, %a, %n) : (!asc.global_tensor<f32>, !asc.local_tensor<64xf32>, i32) -> ()
    "func.return"() : () -> ()
  }) {function_type = (!asc.global_tensor<f32>, !asc.global_tensor<f32>) -> (), sym_name = "inout"} : () -> ()
}) : () -> ()
