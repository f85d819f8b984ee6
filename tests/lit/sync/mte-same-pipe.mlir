// RUN: asc-opt --split-input-file --auto-sync %s | FileCheck %s
// Same-pipe DMA hazards (hardware.md §8): two GM->UB copies (MTE2) whose UB destinations
// overlap need pipe_barrier(PIPE_MTE2); two UB->GM copies (MTE3) writing overlapping GM
// need pipe_barrier(PIPE_MTE3); disjoint destinations need nothing.

// Case 1: both loads write UB [0, 512) (the second through a 0-offset view): barrier.
// CHECK: "asc.data_copy"
// CHECK-NEXT: "asc.pipe_barrier"() {pipe = #asc.pipe<PIPE_MTE2>}
// CHECK-NEXT: "asc.data_copy"
// CHECK-LABEL: sym_name = "mte2_overlap"
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%x: !asc.gm_ptr<f32>, %y: !asc.gm_ptr<f32>):
    %c0 = "arith.constant"() {value = 0 : i32} : () -> i32
    %n = "arith.constant"() {value = 128 : i32} : () -> i32
    %xg = "asc.global_tensor"() : () -> !asc.global_tensor<f32>
    "asc.set_global_buffer"(%xg, %x) : (!asc.global_tensor<f32>, !asc.gm_ptr<f32>) -> ()
    %yg = "asc.global_tensor"() : () -> !asc.global_tensor<f32>
    "asc.set_global_buffer"(%yg, %y) : (!asc.global_tensor<f32>, !asc.gm_ptr<f32>) -> ()
    %a = "asc.local_tensor"(%c0, %n) {pos = #asc.pos<VECIN>} : (i32, i32) -> !asc.local_tensor<128xf32, VECIN>
    %v = "asc.lt_subview"(%a, %c0) : (!asc.local_tensor<128xf32, VECIN>, i32) -> !asc.local_tensor<f32, VECIN>
    "asc.data_copy"(%a, %xg, %n) : (!asc.local_tensor<128xf32, VECIN>, !asc.global_tensor<f32>, i32) -> ()
    "asc.data_copy"(%v, %yg, %n) : (!asc.local_tensor<f32, VECIN>, !asc.global_tensor<f32>, i32) -> ()
    "func.return"() : () -> ()
  }) {function_type = (!asc.gm_ptr<f32>, !asc.gm_ptr<f32>) -> (), sym_name = "mte2_overlap"} : () -> ()
}) : () -> ()

// -----

// Case 2: loads into a[0:64) and a[64:128) (subview at element 64): disjoint, nothing.
// CHECK-NOT: asc.pipe_barrier
// CHECK-LABEL: sym_name = "mte2_disjoint"
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%x: !asc.gm_ptr<f32>):
    %c0 = "arith.constant"() {value = 0 : i32} : () -> i32
    %n = "arith.constant"() {value = 128 : i32} : () -> i32
    %h = "arith.constant"() {value = 64 : i32} : () -> i32
    %xg = "asc.global_tensor"() : () -> !asc.global_tensor<f32>
    "asc.set_global_buffer"(%xg, %x) : (!asc.global_tensor<f32>, !asc.gm_ptr<f32>) -> ()
    %a = "asc.local_tensor"(%c0, %n) {pos = #asc.pos<VECIN>} : (i32, i32) -> !asc.local_tensor<128xf32, VECIN>
    %hi = "asc.lt_subview"(%a, %h) : (!asc.local_tensor<128xf32, VECIN>, i32) -> !asc.local_tensor<f32, VECIN>
    %xs = "asc.gt_subview"(%xg, %h) : (!asc.global_tensor<f32>, i32) -> !asc.global_tensor<f32>
    "asc.data_copy"(%a, %xg, %h) : (!asc.local_tensor<128xf32, VECIN>, !asc.global_tensor<f32>, i32) -> ()
    "asc.data_copy"(%hi, %xs, %h) : (!asc.local_tensor<f32, VECIN>, !asc.global_tensor<f32>, i32) -> ()
    "func.return"() : () -> ()
  }) {function_type = (!asc.gm_ptr<f32>) -> (), sym_name = "mte2_disjoint"} : () -> ()
}) : () -> ()

// -----

// Case 3: a subview at a non-constant offset may be anywhere in its root: the second
// load may overlap the first; barrier.
// CHECK: "asc.data_copy"
// CHECK-NEXT: "asc.pipe_barrier"() {pipe = #asc.pipe<PIPE_MTE2>}
// CHECK-NEXT: "asc.data_copy"
// CHECK-LABEL: sym_name = "mte2_dynamic_view"
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%x: !asc.gm_ptr<f32>, %k: i32):
    %c0 = "arith.constant"() {value = 0 : i32} : () -> i32
    %n = "arith.constant"() {value = 128 : i32} : () -> i32
    %h = "arith.constant"() {value = 16 : i32} : () -> i32
    %xg = "asc.global_tensor"() : () -> !asc.global_tensor<f32>
    "asc.set_global_buffer"(%xg, %x) : (!asc.global_tensor<f32>, !asc.gm_ptr<f32>) -> ()
    %a = "asc.local_tensor"(%c0, %n) {pos = #asc.pos<VECIN>} : (i32, i32) -> !asc.local_tensor<128xf32, VECIN>
    %v = "asc.lt_subview"(%a, %k) : (!asc.local_tensor<128xf32, VECIN>, i32) -> !asc.local_tensor<f32, VECIN>
    "asc.data_copy"(%a, %xg, %h) : (!asc.local_tensor<128xf32, VECIN>, !asc.global_tensor<f32>, i32) -> ()
    "asc.data_copy"(%v, %xg, %h) : (!asc.local_tensor<f32, VECIN>, !asc.global_tensor<f32>, i32) -> ()
    "func.return"() : () -> ()
  }) {function_type = (!asc.gm_ptr<f32>, i32) -> (), sym_name = "mte2_dynamic_view"} : () -> ()
}) : () -> ()

// -----

// Case 4: two stores into the same GM array at the same offset: PIPE_MTE3 barrier.
// Stores into two different kernel arguments: nothing (assume_noalias).
// CHECK: "asc.data_copy"
// CHECK-NEXT: "asc.pipe_barrier"() {pipe = #asc.pipe<PIPE_MTE3>}
// CHECK-NEXT: "asc.data_copy"
// CHECK-NEXT: "asc.data_copy"
// CHECK-NEXT: "func.return"
// CHECK-LABEL: sym_name = "mte3_overlap"
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%z: !asc.gm_ptr<f32>, %w: !asc.gm_ptr<f32>):
    %c0 = "arith.constant"() {value = 0 : i32} : () -> i32
    %n = "arith.constant"() {value = 128 : i32} : () -> i32
    %a1 = "arith.constant"() {value = 512 : i32} : () -> i32
    %zg = "asc.global_tensor"() : () -> !asc.global_tensor<f32>
    "asc.set_global_buffer"(%zg, %z) : (!asc.global_tensor<f32>, !asc.gm_ptr<f32>) -> ()
    %wg = "asc.global_tensor"() : () -> !asc.global_tensor<f32>
    "asc.set_global_buffer"(%wg, %w) : (!asc.global_tensor<f32>, !asc.gm_ptr<f32>) -> ()
    %a = "asc.local_tensor"(%c0, %n) {pos = #asc.pos<VECOUT>} : (i32, i32) -> !asc.local_tensor<128xf32, VECOUT>
    %b = "asc.local_tensor"(%a1, %n) {pos = #asc.pos<VECOUT>} : (i32, i32) -> !asc.local_tensor<128xf32, VECOUT>
    "asc.data_copy"(%zg, %a, %n) : (!asc.global_tensor<f32>, !asc.local_tensor<128xf32, VECOUT>, i32) -> ()
    "asc.data_copy"(%zg, %b, %n) : (!asc.global_tensor<f32>, !asc.local_tensor<128xf32, VECOUT>, i32) -> ()
    "asc.data_copy"(%wg, %b, %n) : (!asc.global_tensor<f32>, !asc.local_tensor<128xf32, VECOUT>, i32) -> ()
    "func.return"() : () -> ()
  }) {function_type = (!asc.gm_ptr<f32>, !asc.gm_ptr<f32>) -> (), sym_name = "mte3_overlap"} : () -> ()
}) : () -> ()

// -----

// Case 5: in each iteration, loads into a[o:] and b[o:] with o = (i & d) * 32 (no linear form: a
// buffer half chosen at run time, as asc.adv.Matmul's double-buffered L1).  a is UB [0, 512), b UB
// [512, 1024): whatever o is, each view stays inside its tensor (a subview past its tensor is the
// simulator's out-of-bounds error), so the two loads of an iteration are apart: no barrier between them
// (one before the first: a[o:] of the previous iteration may be the same bytes).
// CHECK: "scf.for"
// CHECK: "asc.pipe_barrier"() {pipe = #asc.pipe<PIPE_MTE2>}
// CHECK-NEXT: "asc.data_copy"
// CHECK-NEXT: "asc.data_copy"
// CHECK-NEXT: "scf.yield"
// CHECK-LABEL: sym_name = "mte2_runtime_halves"
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%x: !asc.gm_ptr<f32>, %d: i32):
    %c0 = "arith.constant"() {value = 0 : i32} : () -> i32
    %n = "arith.constant"() {value = 128 : i32} : () -> i32
    %h = "arith.constant"() {value = 32 : i32} : () -> i32
    %ab = "arith.constant"() {value = 512 : i32} : () -> i32
    %i0 = "arith.constant"() {value = 0 : index} : () -> index
    %i1 = "arith.constant"() {value = 1 : index} : () -> index
    %i4 = "arith.constant"() {value = 4 : index} : () -> index
    %xg = "asc.global_tensor"() : () -> !asc.global_tensor<f32>
    "asc.set_global_buffer"(%xg, %x) : (!asc.global_tensor<f32>, !asc.gm_ptr<f32>) -> ()
    %a = "asc.local_tensor"(%c0, %n) {pos = #asc.pos<VECIN>} : (i32, i32) -> !asc.local_tensor<128xf32, VECIN>
    %b = "asc.local_tensor"(%ab, %n) {pos = #asc.pos<VECIN>} : (i32, i32) -> !asc.local_tensor<128xf32, VECIN>
    "scf.for"(%i0, %i4, %i1) ({
    ^bb0(%i: index):
      %ii = "arith.index_cast"(%i) : (index) -> i32
      %p = "arith.andi"(%ii, %d) : (i32, i32) -> i32
      %o = "arith.muli"(%p, %h) : (i32, i32) -> i32
      %as = "asc.lt_subview"(%a, %o) : (!asc.local_tensor<128xf32, VECIN>, i32) -> !asc.local_tensor<f32, VECIN>
      %bs = "asc.lt_subview"(%b, %o) : (!asc.local_tensor<128xf32, VECIN>, i32) -> !asc.local_tensor<f32, VECIN>
      "asc.data_copy"(%as, %xg, %h) : (!asc.local_tensor<f32, VECIN>, !asc.global_tensor<f32>, i32) -> ()
      "asc.data_copy"(%bs, %xg, %h) : (!asc.local_tensor<f32, VECIN>, !asc.global_tensor<f32>, i32) -> ()
      "scf.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "func.return"() : () -> ()
  }) {function_type = (!asc.gm_ptr<f32>, i32) -> (), sym_name = "mte2_runtime_halves"} : () -> ()
}) : () -> ()

// -----

// Case 6: as case 5 with both loads into a (a[o:] twice): they may overlap, barrier.
// CHECK: "scf.for"
// CHECK: "asc.pipe_barrier"() {pipe = #asc.pipe<PIPE_MTE2>}
// CHECK-NEXT: "asc.data_copy"
// CHECK-NEXT: "asc.pipe_barrier"() {pipe = #asc.pipe<PIPE_MTE2>}
// CHECK-NEXT: "asc.data_copy"
// CHECK-LABEL: sym_name = "mte2_runtime_same"
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%x: !asc.gm_ptr<f32>, %d: i32):
    %c0 = "arith.constant"() {value = 0 : i32} : () -> i32
    %n = "arith.constant"() {value = 128 : i32} : () -> i32
    %h = "arith.constant"() {value = 32 : i32} : () -> i32
    %i0 = "arith.constant"() {value = 0 : index} : () -> index
    %i1 = "arith.constant"() {value = 1 : index} : () -> index
    %i4 = "arith.constant"() {value = 4 : index} : () -> index
    %xg = "asc.global_tensor"() : () -> !asc.global_tensor<f32>
    "asc.set_global_buffer"(%xg, %x) : (!asc.global_tensor<f32>, !asc.gm_ptr<f32>) -> ()
    %a = "asc.local_tensor"(%c0, %n) {pos = #asc.pos<VECIN>} : (i32, i32) -> !asc.local_tensor<128xf32, VECIN>
    "scf.for"(%i0, %i4, %i1) ({
    ^bb0(%i: index):
      %ii = "arith.index_cast"(%i) : (index) -> i32
      %p = "arith.andi"(%ii, %d) : (i32, i32) -> i32
      %o = "arith.muli"(%p, %h) : (i32, i32) -> i32
      %as = "asc.lt_subview"(%a, %o) : (!asc.local_tensor<128xf32, VECIN>, i32) -> !asc.local_tensor<f32, VECIN>
      "asc.data_copy"(%as, %xg, %h) : (!asc.local_tensor<f32, VECIN>, !asc.global_tensor<f32>, i32) -> ()
      "asc.data_copy"(%as, %xg, %h) : (!asc.local_tensor<f32, VECIN>, !asc.global_tensor<f32>, i32) -> ()
      "scf.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "func.return"() : () -> ()
  }) {function_type = (!asc.gm_ptr<f32>, i32) -> (), sym_name = "mte2_runtime_same"} : () -> ()
}) : () -> ()
