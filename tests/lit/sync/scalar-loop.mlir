// RUN: asc-opt --split-input-file --auto-sync %s | FileCheck %s
// Scalar accesses in loops (sync.md B.9 "scalar in a loop"): when the producer or the
// consumer is outside the loop, the edge goes to the loop boundary (region rule), never
// into the body where it would run every iteration.

// Case 1: V writes a before the loop; the loop body reads a[i] with get_value.  The
// V_S pair is placed before the scf.for; the body is untouched.
// CHECK: "asc.duplicate"
// CHECK-NEXT: "asc.set_flag"([[ID:%[0-9]+]]) {event = #asc.event<V_S>}
// CHECK-NEXT: "asc.wait_flag"([[ID]]) {event = #asc.event<V_S>}
// CHECK-NEXT: "scf.for"
// CHECK-NEXT: ^bb0
// CHECK-NEXT: "arith.index_cast"
// CHECK-NEXT: "asc.get_value"
// CHECK-NEXT: "scf.yield"
// CHECK-NOT: asc.set_flag
// CHECK-NOT: asc.wait_flag
// CHECK-LABEL: sym_name = "get_in_loop"
"builtin.module"() ({
  "func.func"() ({
    %c0 = "arith.constant"() {value = 0 : i32} : () -> i32
    %n = "arith.constant"() {value = 128 : i32} : () -> i32
    %one = "arith.constant"() {value = 1.0 : f32} : () -> f32
    %i0 = "arith.constant"() {value = 0 : index} : () -> index
    %i1 = "arith.constant"() {value = 1 : index} : () -> index
    %i8 = "arith.constant"() {value = 8 : index} : () -> index
    %a = "asc.local_tensor"(%c0, %n) {pos = #asc.pos<VECCALC>} : (i32, i32) -> !asc.local_tensor<128xf32, VECCALC>
    "asc.duplicate"(%a, %one, %n) : (!asc.local_tensor<128xf32, VECCALC>, f32, i32) -> ()
    "scf.for"(%i0, %i8, %i1) ({
    ^bb0(%i: index):
      %ii = "arith.index_cast"(%i) : (index) -> i32
      %v = "asc.get_value"(%a, %ii) : (!asc.local_tensor<128xf32, VECCALC>, i32) -> f32
      "scf.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "func.return"() : () -> ()
  }) {function_type = () -> (), sym_name = "get_in_loop"} : () -> ()
}) : () -> ()

// -----

// Case 2: set_value in a loop body, a vector read after the loop (B.12 #6): S_V set
// after the loop, wait before the read; the body is untouched.
// CHECK: "scf.for"
// CHECK-NEXT: ^bb0
// CHECK-NEXT: "arith.index_cast"
// CHECK-NEXT: "asc.set_value"
// CHECK-NEXT: "scf.yield"
// CHECK-NEXT: })
// CHECK-NEXT: "asc.set_flag"([[ID:%[0-9]+]]) {event = #asc.event<S_V>}
// CHECK-NEXT: "asc.wait_flag"([[ID]]) {event = #asc.event<S_V>}
// CHECK-NEXT: "asc.relu"
// CHECK-LABEL: sym_name = "set_in_loop"
"builtin.module"() ({
  "func.func"() ({
    %c0 = "arith.constant"() {value = 0 : i32} : () -> i32
    %n = "arith.constant"() {value = 128 : i32} : () -> i32
    %a1 = "arith.constant"() {value = 1024 : i32} : () -> i32
    %one = "arith.constant"() {value = 1.0 : f32} : () -> f32
    %i0 = "arith.constant"() {value = 0 : index} : () -> index
    %i1 = "arith.constant"() {value = 1 : index} : () -> index
    %i8 = "arith.constant"() {value = 8 : index} : () -> index
    %a = "asc.local_tensor"(%c0, %n) {pos = #asc.pos<VECCALC>} : (i32, i32) -> !asc.local_tensor<128xf32, VECCALC>
    %b = "asc.local_tensor"(%a1, %n) {pos = #asc.pos<VECOUT>} : (i32, i32) -> !asc.local_tensor<128xf32, VECOUT>
    "scf.for"(%i0, %i8, %i1) ({
    ^bb0(%i: index):
      %ii = "arith.index_cast"(%i) : (index) -> i32
      "asc.set_value"(%a, %ii, %one) : (!asc.local_tensor<128xf32, VECCALC>, i32, f32) -> ()
      "scf.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "asc.relu"(%b, %a, %n) : (!asc.local_tensor<128xf32, VECOUT>, !asc.local_tensor<128xf32, VECCALC>, i32) -> ()
    "func.return"() : () -> ()
  }) {function_type = () -> (), sym_name = "set_in_loop"} : () -> ()
}) : () -> ()

// -----

// Case 3: V writes a and get_value reads it, both in the body.  Intra-iteration V_S
// before the read.  Loop-carried: the read of iteration i vs the write of i+1 is a
// scalar read (complete before issue), so there is no priming/draining pair.
// CHECK: "scf.for"
// CHECK-NEXT: ^bb0
// CHECK-NEXT: "asc.duplicate"
// CHECK-NEXT: "asc.set_flag"([[ID:%[0-9]+]]) {event = #asc.event<V_S>}
// CHECK-NEXT: "asc.wait_flag"([[ID]]) {event = #asc.event<V_S>}
// CHECK-NEXT: "asc.get_value"
// CHECK-NEXT: "scf.yield"
// CHECK-NOT: asc.set_flag
// CHECK-LABEL: sym_name = "both_in_loop"
"builtin.module"() ({
  "func.func"() ({
    %c0 = "arith.constant"() {value = 0 : i32} : () -> i32
    %n = "arith.constant"() {value = 128 : i32} : () -> i32
    %one = "arith.constant"() {value = 1.0 : f32} : () -> f32
    %i0 = "arith.constant"() {value = 0 : index} : () -> index
    %i1 = "arith.constant"() {value = 1 : index} : () -> index
    %i8 = "arith.constant"() {value = 8 : index} : () -> index
    %a = "asc.local_tensor"(%c0, %n) {pos = #asc.pos<VECCALC>} : (i32, i32) -> !asc.local_tensor<128xf32, VECCALC>
    "scf.for"(%i0, %i8, %i1) ({
    ^bb0(%i: index):
      "asc.duplicate"(%a, %one, %n) : (!asc.local_tensor<128xf32, VECCALC>, f32, i32) -> ()
      %v = "asc.get_value"(%a, %c0) : (!asc.local_tensor<128xf32, VECCALC>, i32) -> f32
      "scf.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "func.return"() : () -> ()
  }) {function_type = () -> (), sym_name = "both_in_loop"} : () -> ()
}) : () -> ()
