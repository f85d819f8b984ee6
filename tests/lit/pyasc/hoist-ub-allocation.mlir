// RUN: asc-opt --split-input-file --hoist-ub-allocation %s | FileCheck %s
// hoist-ub-allocation (sync.md A.1): temporaries (local_tensor_auto with neither `input`
// nor `output`) move above every loop their operands allow; input and output tensors stay
// in the innermost loop.

// Case single loop.
// CHECK: [[T:%[0-9]+]] = "asc.local_tensor_auto"() : () -> !asc.local_tensor<64xf32>
// CHECK-NEXT: "scf.for"
// CHECK-NEXT: ^bb0
// CHECK-NEXT: [[I:%[0-9]+]] = "asc.local_tensor_auto"() {input}
// CHECK-NEXT: [[O:%[0-9]+]] = "asc.local_tensor_auto"() {output}
// CHECK-NEXT: "asc.add"([[O]], [[I]], [[T]], %arg0)
// CHECK-LABEL: sym_name = "hoist_ub_allocation_for"
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%cnt: i32, %n: index):
    %i0 = "arith.constant"() {value = 0 : index} : () -> index
    %i1 = "arith.constant"() {value = 1 : index} : () -> index
    "scf.for"(%i0, %n, %i1) ({
    ^bb0(%i: index):
      %1 = "asc.local_tensor_auto"() {input} : () -> !asc.local_tensor<64xf32>
      %2 = "asc.local_tensor_auto"() : () -> !asc.local_tensor<64xf32>
      %3 = "asc.local_tensor_auto"() {output} : () -> !asc.local_tensor<64xf32>
      "asc.add"(%3, %1, %2, %cnt) : (!asc.local_tensor<64xf32>, !asc.local_tensor<64xf32>, !asc.local_tensor<64xf32>, i32) -> ()
      "scf.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "func.return"() : () -> ()
  }) {function_type = (i32, index) -> (), sym_name = "hoist_ub_allocation_for"} : () -> ()
}) : () -> ()

// -----

// Case nested loops: the temporary leaves both.
// CHECK: [[T:%[0-9]+]] = "asc.local_tensor_auto"() : () -> !asc.local_tensor<64xf32>
// CHECK-NEXT: "scf.for"
// CHECK-NEXT: ^bb0
// CHECK-NEXT: "scf.for"
// CHECK-NEXT: ^bb0
// CHECK-NEXT: [[I:%[0-9]+]] = "asc.local_tensor_auto"() {input}
// CHECK-NEXT: [[O:%[0-9]+]] = "asc.local_tensor_auto"() {output}
// CHECK-NEXT: "asc.add"([[O]], [[I]], [[T]], %arg0)
// CHECK-LABEL: sym_name = "hoist_ub_allocation_nested_for"
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%cnt: i32, %n: index):
    %i0 = "arith.constant"() {value = 0 : index} : () -> index
    %i1 = "arith.constant"() {value = 1 : index} : () -> index
    "scf.for"(%i0, %n, %i1) ({
    ^bb0(%i: index):
      "scf.for"(%i0, %n, %i1) ({
      ^bb0(%j: index):
        %1 = "asc.local_tensor_auto"() {input} : () -> !asc.local_tensor<64xf32>
        %2 = "asc.local_tensor_auto"() : () -> !asc.local_tensor<64xf32>
        %3 = "asc.local_tensor_auto"() {output} : () -> !asc.local_tensor<64xf32>
        "asc.add"(%3, %1, %2, %cnt) : (!asc.local_tensor<64xf32>, !asc.local_tensor<64xf32>, !asc.local_tensor<64xf32>, i32) -> ()
        "scf.yield"() : () -> ()
      }) : (index, index, index) -> ()
      "scf.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "func.return"() : () -> ()
  }) {function_type = (i32, index) -> (), sym_name = "hoist_ub_allocation_nested_for"} : () -> ()
}) : () -> ()

// -----

// A dynamic temporary whose size is computed in the outer loop stays there; one sized by
// a function argument leaves an scf.if branch and the loop.
// CHECK: [[A:%[0-9]+]] = "asc.local_tensor_auto"(%arg0) : (i32) -> !asc.local_tensor<f32>
// CHECK-NEXT: "scf.for"
// CHECK-NEXT: ^bb0
// CHECK-NEXT: [[S:%[0-9]+]] = "arith.muli"
// CHECK-NEXT: [[B:%[0-9]+]] = "asc.local_tensor_auto"([[S]]) : (i32) -> !asc.local_tensor<f32>
// CHECK-NEXT: "scf.if"
// CHECK-NEXT: "asc.duplicate"([[A]],
// CHECK: "asc.duplicate"([[B]],
// CHECK-LABEL: sym_name = "hoist_dynamic"
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%cnt: i32, %n: index, %c: i1):
    %i0 = "arith.constant"() {value = 0 : index} : () -> index
    %i1 = "arith.constant"() {value = 1 : index} : () -> index
    %v = "arith.constant"() {value = 1.0 : f32} : () -> f32
    "scf.for"(%i0, %n, %i1) ({
    ^bb0(%i: index):
      %s = "arith.muli"(%cnt, %cnt) : (i32, i32) -> i32
      "scf.if"(%c) ({
        %a = "asc.local_tensor_auto"(%cnt) : (i32) -> !asc.local_tensor<f32>
        "asc.duplicate"(%a, %v, %cnt) : (!asc.local_tensor<f32>, f32, i32) -> ()
        "scf.yield"() : () -> ()
      }, {
        "scf.for"(%i0, %n, %i1) ({
        ^bb0(%j: index):
          %b = "asc.local_tensor_auto"(%s) : (i32) -> !asc.local_tensor<f32>
          "asc.duplicate"(%b, %v, %cnt) : (!asc.local_tensor<f32>, f32, i32) -> ()
          "scf.yield"() : () -> ()
        }) : (index, index, index) -> ()
        "scf.yield"() : () -> ()
      }) : (i1) -> ()
      "scf.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "func.return"() : () -> ()
  }) {function_type = (i32, index, i1) -> (), sym_name = "hoist_dynamic"} : () -> ()
}) : () -> ()
