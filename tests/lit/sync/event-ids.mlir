// RUN: asc-opt --split-input-file --auto-sync-full %s | FileCheck %s
// RUN: asc-opt --split-input-file --auto-sync-full %s 2>&1 >/dev/null | FileCheck %s --check-prefix=NOTE
// Event ids (sync.md B.8): per HardEvent, ids 0..7 minus those user code uses (and
// minus 7 when the kernel has a TPipe); edges whose lifetimes overlap need distinct ids;
// when none is left the edge becomes pipe_barrier(PIPE_ALL) with a note.

// Case 1: the user's MTE2_V pairs use ids 0 and 1; the inserted MTE2_V edge takes 2.
// CHECK: %[[ID:[0-9]+]] = "arith.constant"() {value = 2 : i32}
// CHECK: "asc.relu"
// CHECK-NEXT: "asc.data_copy"
// CHECK-NEXT: "asc.set_flag"(%[[ID]]) {event = #asc.event<MTE2_V>}
// CHECK-NEXT: "asc.wait_flag"(%[[ID]]) {event = #asc.event<MTE2_V>} : (i32) -> () loc("ids.py":7:4)
// CHECK-NEXT: "asc.relu"
// CHECK-LABEL: sym_name = "user_ids"
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%x: !asc.gm_ptr<f32>):
    %n = "arith.constant"() {value = 128 : i32} : () -> i32
    %c0 = "arith.constant"() {value = 0 : i32} : () -> i32
    %c1 = "arith.constant"() {value = 1 : i32} : () -> i32
    %xg = "asc.global_tensor"() : () -> !asc.global_tensor<f32>
    "asc.set_global_buffer"(%xg, %x) : (!asc.global_tensor<f32>, !asc.gm_ptr<f32>) -> ()
    %a_u = "arith.constant"() {value = 0 : i32} : () -> i32
    %u = "asc.local_tensor"(%a_u, %n) {pos = #asc.pos<VECIN>} : (i32, i32) -> !asc.local_tensor<128xf32, VECIN>
    %a_v = "arith.constant"() {value = 512 : i32} : () -> i32
    %v = "asc.local_tensor"(%a_v, %n) {pos = #asc.pos<VECOUT>} : (i32, i32) -> !asc.local_tensor<128xf32, VECOUT>
    %a_a = "arith.constant"() {value = 1024 : i32} : () -> i32
    %a = "asc.local_tensor"(%a_a, %n) {pos = #asc.pos<VECIN>} : (i32, i32) -> !asc.local_tensor<128xf32, VECIN>
    %a_b = "arith.constant"() {value = 1536 : i32} : () -> i32
    %b = "asc.local_tensor"(%a_b, %n) {pos = #asc.pos<VECOUT>} : (i32, i32) -> !asc.local_tensor<128xf32, VECOUT>
    "asc.data_copy"(%u, %xg, %n) : (!asc.local_tensor<128xf32, VECIN>, !asc.global_tensor<f32>, i32) -> ()
    "asc.set_flag"(%c0) {event = #asc.event<MTE2_V>} : (i32) -> ()
    "asc.wait_flag"(%c0) {event = #asc.event<MTE2_V>} : (i32) -> ()
    "asc.set_flag"(%c1) {event = #asc.event<MTE2_V>} : (i32) -> ()
    "asc.wait_flag"(%c1) {event = #asc.event<MTE2_V>} : (i32) -> ()
    "asc.relu"(%v, %u, %n) : (!asc.local_tensor<128xf32, VECOUT>, !asc.local_tensor<128xf32, VECIN>, i32) -> ()
    "asc.data_copy"(%a, %xg, %n) : (!asc.local_tensor<128xf32, VECIN>, !asc.global_tensor<f32>, i32) -> ()
    "asc.relu"(%b, %a, %n) : (!asc.local_tensor<128xf32, VECOUT>, !asc.local_tensor<128xf32, VECIN>, i32) -> () loc("ids.py":7:4)
    "func.return"() : () -> ()
  }) {function_type = (!asc.gm_ptr<f32>) -> (), sym_name = "user_ids"} : () -> ()
}) : () -> ()

// -----

// Case 2: nine loads, then nine vector ops each reading one of them: nine MTE2_V edges
// all live between the last load and the first relu.  Eight get ids 0..7; the ninth
// (latest start) falls back to PIPE_ALL before its consumer, with a note there.
// CHECK-COUNT-8: "asc.set_flag"(%{{[0-9]+}}) {event = #asc.event<MTE2_V>}
// CHECK-NOT: "asc.set_flag"
// CHECK: "asc.wait_flag"(%{{[0-9]+}}) {event = #asc.event<MTE2_V>} : (i32) -> () loc("ids.py":27:4)
// CHECK-NEXT: "asc.relu"
// CHECK-NEXT: "asc.pipe_barrier"() {pipe = #asc.pipe<PIPE_ALL>} : () -> () loc("ids.py":28:4)
// CHECK-NEXT: "asc.relu"
// CHECK-LABEL: sym_name = "nine_live"
// NOTE: ids.py:28:4: note: auto-sync: no free event id for MTE2_V; using pipe_barrier(PIPE_ALL) instead
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%x: !asc.gm_ptr<f32>):
    %n = "arith.constant"() {value = 128 : i32} : () -> i32
    %c0 = "arith.constant"() {value = 0 : i32} : () -> i32
    %c1 = "arith.constant"() {value = 1 : i32} : () -> i32
    %xg = "asc.global_tensor"() : () -> !asc.global_tensor<f32>
    "asc.set_global_buffer"(%xg, %x) : (!asc.global_tensor<f32>, !asc.gm_ptr<f32>) -> ()
    %a_a0 = "arith.constant"() {value = 0 : i32} : () -> i32
    %a0 = "asc.local_tensor"(%a_a0, %n) {pos = #asc.pos<VECIN>} : (i32, i32) -> !asc.local_tensor<128xf32, VECIN>
    %a_a1 = "arith.constant"() {value = 512 : i32} : () -> i32
    %a1 = "asc.local_tensor"(%a_a1, %n) {pos = #asc.pos<VECIN>} : (i32, i32) -> !asc.local_tensor<128xf32, VECIN>
    %a_a2 = "arith.constant"() {value = 1024 : i32} : () -> i32
    %a2 = "asc.local_tensor"(%a_a2, %n) {pos = #asc.pos<VECIN>} : (i32, i32) -> !asc.local_tensor<128xf32, VECIN>
    %a_a3 = "arith.constant"() {value = 1536 : i32} : () -> i32
    %a3 = "asc.local_tensor"(%a_a3, %n) {pos = #asc.pos<VECIN>} : (i32, i32) -> !asc.local_tensor<128xf32, VECIN>
    %a_a4 = "arith.constant"() {value = 2048 : i32} : () -> i32
    %a4 = "asc.local_tensor"(%a_a4, %n) {pos = #asc.pos<VECIN>} : (i32, i32) -> !asc.local_tensor<128xf32, VECIN>
    %a_a5 = "arith.constant"() {value = 2560 : i32} : () -> i32
    %a5 = "asc.local_tensor"(%a_a5, %n) {pos = #asc.pos<VECIN>} : (i32, i32) -> !asc.local_tensor<128xf32, VECIN>
    %a_a6 = "arith.constant"() {value = 3072 : i32} : () -> i32
    %a6 = "asc.local_tensor"(%a_a6, %n) {pos = #asc.pos<VECIN>} : (i32, i32) -> !asc.local_tensor<128xf32, VECIN>
    %a_a7 = "arith.constant"() {value = 3584 : i32} : () -> i32
    %a7 = "asc.local_tensor"(%a_a7, %n) {pos = #asc.pos<VECIN>} : (i32, i32) -> !asc.local_tensor<128xf32, VECIN>
    %a_a8 = "arith.constant"() {value = 4096 : i32} : () -> i32
    %a8 = "asc.local_tensor"(%a_a8, %n) {pos = #asc.pos<VECIN>} : (i32, i32) -> !asc.local_tensor<128xf32, VECIN>
    %a_o0 = "arith.constant"() {value = 4608 : i32} : () -> i32
    %o0 = "asc.local_tensor"(%a_o0, %n) {pos = #asc.pos<VECOUT>} : (i32, i32) -> !asc.local_tensor<128xf32, VECOUT>
    %a_o1 = "arith.constant"() {value = 5120 : i32} : () -> i32
    %o1 = "asc.local_tensor"(%a_o1, %n) {pos = #asc.pos<VECOUT>} : (i32, i32) -> !asc.local_tensor<128xf32, VECOUT>
    %a_o2 = "arith.constant"() {value = 5632 : i32} : () -> i32
    %o2 = "asc.local_tensor"(%a_o2, %n) {pos = #asc.pos<VECOUT>} : (i32, i32) -> !asc.local_tensor<128xf32, VECOUT>
    %a_o3 = "arith.constant"() {value = 6144 : i32} : () -> i32
    %o3 = "asc.local_tensor"(%a_o3, %n) {pos = #asc.pos<VECOUT>} : (i32, i32) -> !asc.local_tensor<128xf32, VECOUT>
    %a_o4 = "arith.constant"() {value = 6656 : i32} : () -> i32
    %o4 = "asc.local_tensor"(%a_o4, %n) {pos = #asc.pos<VECOUT>} : (i32, i32) -> !asc.local_tensor<128xf32, VECOUT>
    %a_o5 = "arith.constant"() {value = 7168 : i32} : () -> i32
    %o5 = "asc.local_tensor"(%a_o5, %n) {pos = #asc.pos<VECOUT>} : (i32, i32) -> !asc.local_tensor<128xf32, VECOUT>
    %a_o6 = "arith.constant"() {value = 7680 : i32} : () -> i32
    %o6 = "asc.local_tensor"(%a_o6, %n) {pos = #asc.pos<VECOUT>} : (i32, i32) -> !asc.local_tensor<128xf32, VECOUT>
    %a_o7 = "arith.constant"() {value = 8192 : i32} : () -> i32
    %o7 = "asc.local_tensor"(%a_o7, %n) {pos = #asc.pos<VECOUT>} : (i32, i32) -> !asc.local_tensor<128xf32, VECOUT>
    %a_o8 = "arith.constant"() {value = 8704 : i32} : () -> i32
    %o8 = "asc.local_tensor"(%a_o8, %n) {pos = #asc.pos<VECOUT>} : (i32, i32) -> !asc.local_tensor<128xf32, VECOUT>
    "asc.data_copy"(%a0, %xg, %n) : (!asc.local_tensor<128xf32, VECIN>, !asc.global_tensor<f32>, i32) -> ()
    "asc.data_copy"(%a1, %xg, %n) : (!asc.local_tensor<128xf32, VECIN>, !asc.global_tensor<f32>, i32) -> ()
    "asc.data_copy"(%a2, %xg, %n) : (!asc.local_tensor<128xf32, VECIN>, !asc.global_tensor<f32>, i32) -> ()
    "asc.data_copy"(%a3, %xg, %n) : (!asc.local_tensor<128xf32, VECIN>, !asc.global_tensor<f32>, i32) -> ()
    "asc.data_copy"(%a4, %xg, %n) : (!asc.local_tensor<128xf32, VECIN>, !asc.global_tensor<f32>, i32) -> ()
    "asc.data_copy"(%a5, %xg, %n) : (!asc.local_tensor<128xf32, VECIN>, !asc.global_tensor<f32>, i32) -> ()
    "asc.data_copy"(%a6, %xg, %n) : (!asc.local_tensor<128xf32, VECIN>, !asc.global_tensor<f32>, i32) -> ()
    "asc.data_copy"(%a7, %xg, %n) : (!asc.local_tensor<128xf32, VECIN>, !asc.global_tensor<f32>, i32) -> ()
    "asc.data_copy"(%a8, %xg, %n) : (!asc.local_tensor<128xf32, VECIN>, !asc.global_tensor<f32>, i32) -> ()
    "asc.relu"(%o0, %a0, %n) : (!asc.local_tensor<128xf32, VECOUT>, !asc.local_tensor<128xf32, VECIN>, i32) -> () loc("ids.py":20:4)
    "asc.relu"(%o1, %a1, %n) : (!asc.local_tensor<128xf32, VECOUT>, !asc.local_tensor<128xf32, VECIN>, i32) -> () loc("ids.py":21:4)
    "asc.relu"(%o2, %a2, %n) : (!asc.local_tensor<128xf32, VECOUT>, !asc.local_tensor<128xf32, VECIN>, i32) -> () loc("ids.py":22:4)
    "asc.relu"(%o3, %a3, %n) : (!asc.local_tensor<128xf32, VECOUT>, !asc.local_tensor<128xf32, VECIN>, i32) -> () loc("ids.py":23:4)
    "asc.relu"(%o4, %a4, %n) : (!asc.local_tensor<128xf32, VECOUT>, !asc.local_tensor<128xf32, VECIN>, i32) -> () loc("ids.py":24:4)
    "asc.relu"(%o5, %a5, %n) : (!asc.local_tensor<128xf32, VECOUT>, !asc.local_tensor<128xf32, VECIN>, i32) -> () loc("ids.py":25:4)
    "asc.relu"(%o6, %a6, %n) : (!asc.local_tensor<128xf32, VECOUT>, !asc.local_tensor<128xf32, VECIN>, i32) -> () loc("ids.py":26:4)
    "asc.relu"(%o7, %a7, %n) : (!asc.local_tensor<128xf32, VECOUT>, !asc.local_tensor<128xf32, VECIN>, i32) -> () loc("ids.py":27:4)
    "asc.relu"(%o8, %a8, %n) : (!asc.local_tensor<128xf32, VECOUT>, !asc.local_tensor<128xf32, VECIN>, i32) -> () loc("ids.py":28:4)
    "func.return"() : () -> ()
  }) {function_type = (!asc.gm_ptr<f32>) -> (), sym_name = "nine_live"} : () -> ()
}) : () -> ()
