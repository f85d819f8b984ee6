// RUN: asc-opt --split-input-file --auto-sync-full %s | FileCheck %s
// Loop-carried dependences (sync.md B.6): the body is analysed as `body; body'`;
// a conflict from the first copy into the second not already ordered gets the primed
// pattern: set before the loop, wait/set in the body, wait after the loop.

// Case 1: software-pipelined load.  a is loaded before the loop; each iteration adds
// b = a + a, then loads the next tile into a.
//   intra: the load overwrites a that the add read (WAR V->MTE2): a plain V_MTE2
//     pair between them;
//   carried: load(i) -> add(i+1) (RAW MTE2->V): MTE2_V primed before the loop, waited
//     before the add, set after the load, drained after the loop.
//   pre-loop -> loop: load(before) -> add: the priming set runs on MTE2 after that load,
//     so the first iteration's wait covers it; the separate pair analysed for it first is
//     dropped again by the minimality post-pass (B.5).
// CHECK: "asc.data_copy"
// CHECK-NEXT: "asc.set_flag"([[ID1:%[0-9]+]]) {event = #asc.event<MTE2_V>}
// CHECK-NEXT: "scf.for"
// CHECK-NEXT: ^bb0
// CHECK-NEXT: "asc.wait_flag"([[ID1]]) {event = #asc.event<MTE2_V>}
// CHECK-NEXT: "asc.add"
// CHECK-NEXT: "asc.set_flag"([[ID:%[0-9]+]]) {event = #asc.event<V_MTE2>}
// CHECK: "asc.wait_flag"([[ID]]) {event = #asc.event<V_MTE2>}
// CHECK-NEXT: "asc.data_copy"
// CHECK-NEXT: "asc.set_flag"([[ID1]]) {event = #asc.event<MTE2_V>}
// CHECK-NEXT: "scf.yield"
// CHECK-NEXT: })
// CHECK-NEXT: "asc.wait_flag"([[ID1]]) {event = #asc.event<MTE2_V>}
// CHECK-NEXT: "func.return"
// CHECK-LABEL: sym_name = "prefetch"
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%x: !asc.gm_ptr<f32>):
    %c0 = "arith.constant"() {value = 0 : i32} : () -> i32
    %n = "arith.constant"() {value = 128 : i32} : () -> i32
    %a1 = "arith.constant"() {value = 512 : i32} : () -> i32
    %i0 = "arith.constant"() {value = 0 : index} : () -> index
    %i1 = "arith.constant"() {value = 1 : index} : () -> index
    %i8 = "arith.constant"() {value = 8 : index} : () -> index
    %xg = "asc.global_tensor"() : () -> !asc.global_tensor<f32>
    "asc.set_global_buffer"(%xg, %x) : (!asc.global_tensor<f32>, !asc.gm_ptr<f32>) -> ()
    %a = "asc.local_tensor"(%c0, %n) {pos = #asc.pos<VECIN>} : (i32, i32) -> !asc.local_tensor<128xf32, VECIN>
    %b = "asc.local_tensor"(%a1, %n) {pos = #asc.pos<VECCALC>} : (i32, i32) -> !asc.local_tensor<128xf32, VECCALC>
    "asc.data_copy"(%a, %xg, %n) : (!asc.local_tensor<128xf32, VECIN>, !asc.global_tensor<f32>, i32) -> ()
    "scf.for"(%i0, %i8, %i1) ({
    ^bb0(%i: index):
      "asc.add"(%b, %a, %a, %n) : (!asc.local_tensor<128xf32, VECCALC>, !asc.local_tensor<128xf32, VECIN>, !asc.local_tensor<128xf32, VECIN>, i32) -> ()
      %ii = "arith.index_cast"(%i) : (index) -> i32
      %off = "arith.muli"(%ii, %n) : (i32, i32) -> i32
      %xs = "asc.gt_subview"(%xg, %off) : (!asc.global_tensor<f32>, i32) -> !asc.global_tensor<f32>
      "asc.data_copy"(%a, %xs, %n) : (!asc.local_tensor<128xf32, VECIN>, !asc.global_tensor<f32>, i32) -> ()
      "scf.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "func.return"() : () -> ()
  }) {function_type = (!asc.gm_ptr<f32>) -> (), sym_name = "prefetch"} : () -> ()
}) : () -> ()

// -----

// Case 2: loop-carried WAR only.  Each iteration reads a (V, relu into b) and then a
// scalar set_value writes a[0]; the relu of iteration i+1 reads a[0] after the
// set_value of iteration i (RAW S->V, carried) - the intra pair relu -> set_value is a
// V read followed by a scalar write (WAR V->S).  Expected: V_S inside the body before
// set_value (intra WAR), S_V primed/waited before relu/set after set_value/drained.
// CHECK: "asc.set_flag"([[ID:%[0-9]+]]) {event = #asc.event<S_V>}
// CHECK-NEXT: "scf.for"
// CHECK-NEXT: ^bb0
// CHECK-NEXT: "asc.wait_flag"([[ID]]) {event = #asc.event<S_V>}
// CHECK-NEXT: "asc.relu"
// CHECK-NEXT: "asc.set_flag"([[ID]]) {event = #asc.event<V_S>}
// CHECK-NEXT: "asc.wait_flag"([[ID]]) {event = #asc.event<V_S>}
// CHECK-NEXT: "asc.set_value"
// CHECK-NEXT: "asc.set_flag"([[ID]]) {event = #asc.event<S_V>}
// CHECK-NEXT: "scf.yield"
// CHECK-NEXT: })
// CHECK-NEXT: "asc.wait_flag"([[ID]]) {event = #asc.event<S_V>}
// CHECK-LABEL: sym_name = "war_scalar"
"builtin.module"() ({
  "func.func"() ({
    %c0 = "arith.constant"() {value = 0 : i32} : () -> i32
    %n = "arith.constant"() {value = 128 : i32} : () -> i32
    %a1 = "arith.constant"() {value = 512 : i32} : () -> i32
    %one = "arith.constant"() {value = 1.0 : f32} : () -> f32
    %i0 = "arith.constant"() {value = 0 : index} : () -> index
    %i1 = "arith.constant"() {value = 1 : index} : () -> index
    %i8 = "arith.constant"() {value = 8 : index} : () -> index
    %a = "asc.local_tensor"(%c0, %n) {pos = #asc.pos<VECIN>} : (i32, i32) -> !asc.local_tensor<128xf32, VECIN>
    %b = "asc.local_tensor"(%a1, %n) {pos = #asc.pos<VECCALC>} : (i32, i32) -> !asc.local_tensor<128xf32, VECCALC>
    "scf.for"(%i0, %i8, %i1) ({
    ^bb0(%i: index):
      "asc.relu"(%b, %a, %n) : (!asc.local_tensor<128xf32, VECCALC>, !asc.local_tensor<128xf32, VECIN>, i32) -> ()
      "asc.set_value"(%a, %c0, %one) : (!asc.local_tensor<128xf32, VECIN>, i32, f32) -> ()
      "scf.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "func.return"() : () -> ()
  }) {function_type = () -> (), sym_name = "war_scalar"} : () -> ()
}) : () -> ()
