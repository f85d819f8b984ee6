// RUN: asc-opt --split-input-file --auto-sync-full %s | FileCheck %s
// Transitive redundancy (sync.md B.5) and GM hazards, full policy.

// Case 1 (B.12 #1, #2): load A (MTE2); B = A + A (V); store B; store A.  Needed:
// MTE2_V before the add, V_MTE3 before the first store.  The second store reads A,
// written by MTE2: load -> MTE2_V -> add -> V_MTE3 -> MTE3 already orders it, so no
// MTE2_MTE3 edge.  No barriers, no PIPE_ALL.
// CHECK: "asc.data_copy"
// CHECK-NEXT: "asc.set_flag"([[ID:%[0-9]+]]) {event = #asc.event<MTE2_V>}
// CHECK-NEXT: "asc.wait_flag"([[ID]]) {event = #asc.event<MTE2_V>}
// CHECK-NEXT: "asc.add"
// CHECK-NEXT: "asc.set_flag"([[ID]]) {event = #asc.event<V_MTE3>}
// CHECK-NEXT: "asc.wait_flag"([[ID]]) {event = #asc.event<V_MTE3>}
// CHECK-NEXT: "asc.data_copy"
// CHECK-NEXT: "asc.data_copy"
// CHECK-NEXT: "func.return"
// CHECK-LABEL: sym_name = "chain"
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%x: !asc.gm_ptr<f32>, %z: !asc.gm_ptr<f32>, %w: !asc.gm_ptr<f32>):
    %c0 = "arith.constant"() {value = 0 : i32} : () -> i32
    %n = "arith.constant"() {value = 128 : i32} : () -> i32
    %a1 = "arith.constant"() {value = 512 : i32} : () -> i32
    %xg = "asc.global_tensor"() : () -> !asc.global_tensor<f32>
    "asc.set_global_buffer"(%xg, %x) : (!asc.global_tensor<f32>, !asc.gm_ptr<f32>) -> ()
    %zg = "asc.global_tensor"() : () -> !asc.global_tensor<f32>
    "asc.set_global_buffer"(%zg, %z) : (!asc.global_tensor<f32>, !asc.gm_ptr<f32>) -> ()
    %wg = "asc.global_tensor"() : () -> !asc.global_tensor<f32>
    "asc.set_global_buffer"(%wg, %w) : (!asc.global_tensor<f32>, !asc.gm_ptr<f32>) -> ()
    %a = "asc.local_tensor"(%c0, %n) {pos = #asc.pos<VECIN>} : (i32, i32) -> !asc.local_tensor<128xf32, VECIN>
    %b = "asc.local_tensor"(%a1, %n) {pos = #asc.pos<VECOUT>} : (i32, i32) -> !asc.local_tensor<128xf32, VECOUT>
    "asc.data_copy"(%a, %xg, %n) : (!asc.local_tensor<128xf32, VECIN>, !asc.global_tensor<f32>, i32) -> ()
    "asc.add"(%b, %a, %a, %n) : (!asc.local_tensor<128xf32, VECOUT>, !asc.local_tensor<128xf32, VECIN>, !asc.local_tensor<128xf32, VECIN>, i32) -> ()
    "asc.data_copy"(%zg, %b, %n) : (!asc.global_tensor<f32>, !asc.local_tensor<128xf32, VECOUT>, i32) -> ()
    "asc.data_copy"(%wg, %a, %n) : (!asc.global_tensor<f32>, !asc.local_tensor<128xf32, VECIN>, i32) -> ()
    "func.return"() : () -> ()
  }) {function_type = (!asc.gm_ptr<f32>, !asc.gm_ptr<f32>, !asc.gm_ptr<f32>) -> (), sym_name = "chain"} : () -> ()
}) : () -> ()

// -----

// Case 2 (B.12 #7): store a to out[0:128), then load out[64:192) back into b: the
// ranges overlap in GM -> MTE3_MTE2 edge.
// CHECK: "asc.data_copy"
// CHECK-NEXT: "asc.set_flag"([[ID:%[0-9]+]]) {event = #asc.event<MTE3_MTE2>}
// CHECK-NEXT: "asc.wait_flag"([[ID]]) {event = #asc.event<MTE3_MTE2>}
// CHECK-NEXT: "asc.data_copy"
// CHECK-LABEL: sym_name = "gm_reload"
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%o: !asc.gm_ptr<f32>):
    %c0 = "arith.constant"() {value = 0 : i32} : () -> i32
    %n = "arith.constant"() {value = 128 : i32} : () -> i32
    %h = "arith.constant"() {value = 64 : i32} : () -> i32
    %a1 = "arith.constant"() {value = 512 : i32} : () -> i32
    %og = "asc.global_tensor"() : () -> !asc.global_tensor<f32>
    "asc.set_global_buffer"(%og, %o) : (!asc.global_tensor<f32>, !asc.gm_ptr<f32>) -> ()
    %os = "asc.gt_subview"(%og, %h) : (!asc.global_tensor<f32>, i32) -> !asc.global_tensor<f32>
    %a = "asc.local_tensor"(%c0, %n) {pos = #asc.pos<VECOUT>} : (i32, i32) -> !asc.local_tensor<128xf32, VECOUT>
    %b = "asc.local_tensor"(%a1, %n) {pos = #asc.pos<VECIN>} : (i32, i32) -> !asc.local_tensor<128xf32, VECIN>
    "asc.data_copy"(%og, %a, %n) : (!asc.global_tensor<f32>, !asc.local_tensor<128xf32, VECOUT>, i32) -> ()
    "asc.data_copy"(%b, %os, %n) : (!asc.local_tensor<128xf32, VECIN>, !asc.global_tensor<f32>, i32) -> ()
    "func.return"() : () -> ()
  }) {function_type = (!asc.gm_ptr<f32>) -> (), sym_name = "gm_reload"} : () -> ()
}) : () -> ()

// -----

// Case 3 (B.12 #8): the same with the load from out[128:256): disjoint, nothing.
// CHECK-NOT: asc.set_flag
// CHECK-LABEL: sym_name = "gm_disjoint"
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%o: !asc.gm_ptr<f32>):
    %c0 = "arith.constant"() {value = 0 : i32} : () -> i32
    %n = "arith.constant"() {value = 128 : i32} : () -> i32
    %a1 = "arith.constant"() {value = 512 : i32} : () -> i32
    %og = "asc.global_tensor"() : () -> !asc.global_tensor<f32>
    "asc.set_global_buffer"(%og, %o) : (!asc.global_tensor<f32>, !asc.gm_ptr<f32>) -> ()
    %os = "asc.gt_subview"(%og, %n) : (!asc.global_tensor<f32>, i32) -> !asc.global_tensor<f32>
    %a = "asc.local_tensor"(%c0, %n) {pos = #asc.pos<VECOUT>} : (i32, i32) -> !asc.local_tensor<128xf32, VECOUT>
    %b = "asc.local_tensor"(%a1, %n) {pos = #asc.pos<VECIN>} : (i32, i32) -> !asc.local_tensor<128xf32, VECIN>
    "asc.data_copy"(%og, %a, %n) : (!asc.global_tensor<f32>, !asc.local_tensor<128xf32, VECOUT>, i32) -> ()
    "asc.data_copy"(%b, %os, %n) : (!asc.local_tensor<128xf32, VECIN>, !asc.global_tensor<f32>, i32) -> ()
    "func.return"() : () -> ()
  }) {function_type = (!asc.gm_ptr<f32>) -> (), sym_name = "gm_disjoint"} : () -> ()
}) : () -> ()

// -----

// Case 4: a user pair already orders the load before the add (kept as written); only the
// missing V_MTE3 edge is added.  The user's MTE2_V pair is not duplicated.
// CHECK: "asc.data_copy"
// CHECK-NEXT: "asc.set_flag"(%{{[0-9]+}}) {event = #asc.event<MTE2_V>} : (i32) -> () loc("u.py":2:4)
// CHECK-NEXT: "asc.wait_flag"(%{{[0-9]+}}) {event = #asc.event<MTE2_V>} : (i32) -> () loc("u.py":3:4)
// CHECK-NEXT: "asc.add"
// CHECK-NEXT: "asc.set_flag"([[ID:%[0-9]+]]) {event = #asc.event<V_MTE3>}
// CHECK-NEXT: "asc.wait_flag"([[ID]]) {event = #asc.event<V_MTE3>}
// CHECK-NEXT: "asc.data_copy"
// CHECK-NEXT: "func.return"
// CHECK-LABEL: sym_name = "partly_synced"
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%x: !asc.gm_ptr<f32>, %z: !asc.gm_ptr<f32>):
    %c0 = "arith.constant"() {value = 0 : i32} : () -> i32
    %n = "arith.constant"() {value = 128 : i32} : () -> i32
    %a1 = "arith.constant"() {value = 512 : i32} : () -> i32
    %xg = "asc.global_tensor"() : () -> !asc.global_tensor<f32>
    "asc.set_global_buffer"(%xg, %x) : (!asc.global_tensor<f32>, !asc.gm_ptr<f32>) -> ()
    %zg = "asc.global_tensor"() : () -> !asc.global_tensor<f32>
    "asc.set_global_buffer"(%zg, %z) : (!asc.global_tensor<f32>, !asc.gm_ptr<f32>) -> ()
    %a = "asc.local_tensor"(%c0, %n) {pos = #asc.pos<VECIN>} : (i32, i32) -> !asc.local_tensor<128xf32, VECIN>
    %b = "asc.local_tensor"(%a1, %n) {pos = #asc.pos<VECOUT>} : (i32, i32) -> !asc.local_tensor<128xf32, VECOUT>
    "asc.data_copy"(%a, %xg, %n) : (!asc.local_tensor<128xf32, VECIN>, !asc.global_tensor<f32>, i32) -> ()
    "asc.set_flag"(%c0) {event = #asc.event<MTE2_V>} : (i32) -> () loc("u.py":2:4)
    "asc.wait_flag"(%c0) {event = #asc.event<MTE2_V>} : (i32) -> () loc("u.py":3:4)
    "asc.add"(%b, %a, %a, %n) : (!asc.local_tensor<128xf32, VECOUT>, !asc.local_tensor<128xf32, VECIN>, !asc.local_tensor<128xf32, VECIN>, i32) -> ()
    "asc.data_copy"(%zg, %b, %n) : (!asc.global_tensor<f32>, !asc.local_tensor<128xf32, VECOUT>, i32) -> ()
    "func.return"() : () -> ()
  }) {function_type = (!asc.gm_ptr<f32>, !asc.gm_ptr<f32>) -> (), sym_name = "partly_synced"} : () -> ()
}) : () -> ()
