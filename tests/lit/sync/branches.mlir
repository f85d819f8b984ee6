// RUN: asc-opt --split-input-file --auto-sync-full %s | FileCheck %s
// Branches (sync.md B.5 region rule, B.9): every path through an scf.if leaves set and
// wait balanced.

// Case 1 (B.12 #11): the load is in the then arm only, the add after the if.  The set
// goes right after the if (unconditional: it waits for whatever MTE2 work the arm
// issued), the wait before the add; the arm itself is untouched.
// CHECK: "scf.if"
// CHECK-NEXT: "asc.data_copy"
// CHECK-NEXT: "scf.yield"
// CHECK-NEXT: }, {
// CHECK-NEXT: "scf.yield"
// CHECK-NEXT: })
// CHECK-NEXT: "asc.set_flag"([[ID:%[0-9]+]]) {event = #asc.event<MTE2_V>}
// CHECK-NEXT: "asc.wait_flag"([[ID]]) {event = #asc.event<MTE2_V>}
// CHECK-NEXT: "asc.relu"
// CHECK-LABEL: sym_name = "one_sided"
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%x: !asc.gm_ptr<f32>, %c: i1):
    %c0 = "arith.constant"() {value = 0 : i32} : () -> i32
    %n = "arith.constant"() {value = 128 : i32} : () -> i32
    %a1 = "arith.constant"() {value = 512 : i32} : () -> i32
    %xg = "asc.global_tensor"() : () -> !asc.global_tensor<f32>
    "asc.set_global_buffer"(%xg, %x) : (!asc.global_tensor<f32>, !asc.gm_ptr<f32>) -> ()
    %a = "asc.local_tensor"(%c0, %n) {pos = #asc.pos<VECIN>} : (i32, i32) -> !asc.local_tensor<128xf32, VECIN>
    %b = "asc.local_tensor"(%a1, %n) {pos = #asc.pos<VECOUT>} : (i32, i32) -> !asc.local_tensor<128xf32, VECOUT>
    "scf.if"(%c) ({
      "asc.data_copy"(%a, %xg, %n) : (!asc.local_tensor<128xf32, VECIN>, !asc.global_tensor<f32>, i32) -> ()
      "scf.yield"() : () -> ()
    }, {
      "scf.yield"() : () -> ()
    }) : (i1) -> ()
    "asc.relu"(%b, %a, %n) : (!asc.local_tensor<128xf32, VECOUT>, !asc.local_tensor<128xf32, VECIN>, i32) -> ()
    "func.return"() : () -> ()
  }) {function_type = (!asc.gm_ptr<f32>, i1) -> (), sym_name = "one_sided"} : () -> ()
}) : () -> ()

// -----

// Case 2 (B.12 #12): load and add both in the then arm: the edge stays inside the arm;
// the else arm (a vector op on other bytes) is untouched.
// CHECK: "scf.if"
// CHECK-NEXT: "asc.data_copy"
// CHECK-NEXT: "asc.set_flag"([[ID:%[0-9]+]]) {event = #asc.event<MTE2_V>}
// CHECK-NEXT: "asc.wait_flag"([[ID]]) {event = #asc.event<MTE2_V>}
// CHECK-NEXT: "asc.relu"
// CHECK-NEXT: "scf.yield"
// CHECK-NEXT: }, {
// CHECK-NEXT: "asc.duplicate"
// CHECK-NEXT: "scf.yield"
// CHECK-NEXT: })
// CHECK-NEXT: "func.return"
// CHECK-LABEL: sym_name = "same_arm"
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%x: !asc.gm_ptr<f32>, %c: i1):
    %c0 = "arith.constant"() {value = 0 : i32} : () -> i32
    %n = "arith.constant"() {value = 128 : i32} : () -> i32
    %a1 = "arith.constant"() {value = 512 : i32} : () -> i32
    %a2 = "arith.constant"() {value = 1024 : i32} : () -> i32
    %one = "arith.constant"() {value = 1.0 : f32} : () -> f32
    %xg = "asc.global_tensor"() : () -> !asc.global_tensor<f32>
    "asc.set_global_buffer"(%xg, %x) : (!asc.global_tensor<f32>, !asc.gm_ptr<f32>) -> ()
    %a = "asc.local_tensor"(%c0, %n) {pos = #asc.pos<VECIN>} : (i32, i32) -> !asc.local_tensor<128xf32, VECIN>
    %b = "asc.local_tensor"(%a1, %n) {pos = #asc.pos<VECOUT>} : (i32, i32) -> !asc.local_tensor<128xf32, VECOUT>
    %d = "asc.local_tensor"(%a2, %n) {pos = #asc.pos<VECCALC>} : (i32, i32) -> !asc.local_tensor<128xf32, VECCALC>
    "scf.if"(%c) ({
      "asc.data_copy"(%a, %xg, %n) : (!asc.local_tensor<128xf32, VECIN>, !asc.global_tensor<f32>, i32) -> ()
      "asc.relu"(%b, %a, %n) : (!asc.local_tensor<128xf32, VECOUT>, !asc.local_tensor<128xf32, VECIN>, i32) -> ()
      "scf.yield"() : () -> ()
    }, {
      "asc.duplicate"(%d, %one, %n) : (!asc.local_tensor<128xf32, VECCALC>, f32, i32) -> ()
      "scf.yield"() : () -> ()
    }) : (i1) -> ()
    "func.return"() : () -> ()
  }) {function_type = (!asc.gm_ptr<f32>, i1) -> (), sym_name = "same_arm"} : () -> ()
}) : () -> ()

// -----

// Case 3: V writes a in the then arm only, with a barrier-free else; a V read after the
// if needs PIPE_V (the meet of the two arms knows nothing).  The else arm's write of a
// does not conflict with the then arm's (the arms never both run).
// CHECK: "scf.if"
// CHECK-NEXT: "asc.duplicate"
// CHECK-NEXT: "scf.yield"
// CHECK-NEXT: }, {
// CHECK-NEXT: "asc.relu"
// CHECK-NEXT: "scf.yield"
// CHECK-NEXT: })
// CHECK-NEXT: "asc.pipe_barrier"() {pipe = #asc.pipe<PIPE_V>}
// CHECK-NEXT: "asc.relu"
// CHECK-LABEL: sym_name = "v_after_if"
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%c: i1):
    %c0 = "arith.constant"() {value = 0 : i32} : () -> i32
    %n = "arith.constant"() {value = 128 : i32} : () -> i32
    %a1 = "arith.constant"() {value = 512 : i32} : () -> i32
    %a2 = "arith.constant"() {value = 1024 : i32} : () -> i32
    %one = "arith.constant"() {value = 1.0 : f32} : () -> f32
    %a = "asc.local_tensor"(%c0, %n) {pos = #asc.pos<VECCALC>} : (i32, i32) -> !asc.local_tensor<128xf32, VECCALC>
    %b = "asc.local_tensor"(%a1, %n) {pos = #asc.pos<VECOUT>} : (i32, i32) -> !asc.local_tensor<128xf32, VECOUT>
    %d = "asc.local_tensor"(%a2, %n) {pos = #asc.pos<VECIN>} : (i32, i32) -> !asc.local_tensor<128xf32, VECIN>
    "scf.if"(%c) ({
      "asc.duplicate"(%a, %one, %n) : (!asc.local_tensor<128xf32, VECCALC>, f32, i32) -> ()
      "scf.yield"() : () -> ()
    }, {
      "asc.relu"(%a, %d, %n) : (!asc.local_tensor<128xf32, VECCALC>, !asc.local_tensor<128xf32, VECIN>, i32) -> ()
      "scf.yield"() : () -> ()
    }) : (i1) -> ()
    "asc.relu"(%b, %a, %n) : (!asc.local_tensor<128xf32, VECOUT>, !asc.local_tensor<128xf32, VECCALC>, i32) -> ()
    "func.return"() : () -> ()
  }) {function_type = (i1) -> (), sym_name = "v_after_if"} : () -> ()
}) : () -> ()
