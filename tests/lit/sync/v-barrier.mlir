// RUN: asc-opt --split-input-file --auto-sync %s | FileCheck %s
// Same-pipe vector hazards (hardware.md §8, sync.md B.4): V ops issue in order but may
// overlap, so a V op reading (RAW) or rewriting (WAW) bytes an earlier V op wrote, or
// rewriting bytes it read (WAR), needs pipe_barrier(PIPE_V) in between; V ops on
// disjoint UB bytes need nothing.

// Case 1: RAW.  add writes b[0:128); relu reads it.  The barrier carries relu's loc.
// CHECK: "asc.add"
// CHECK-NEXT: "asc.pipe_barrier"() {pipe = #asc.pipe<PIPE_V>} : () -> () loc("k.py":5:4)
// CHECK-NEXT: "asc.relu"
// CHECK-NOT: asc.pipe_barrier
// CHECK-NOT: asc.set_flag
// CHECK-LABEL: sym_name = "v_raw"
"builtin.module"() ({
  "func.func"() ({
    %c0 = "arith.constant"() {value = 0 : i32} : () -> i32
    %n = "arith.constant"() {value = 128 : i32} : () -> i32
    %a1 = "arith.constant"() {value = 256 : i32} : () -> i32
    %a2 = "arith.constant"() {value = 512 : i32} : () -> i32
    %a = "asc.local_tensor"(%c0, %n) {pos = #asc.pos<VECIN>} : (i32, i32) -> !asc.local_tensor<128xf16, VECIN>
    %b = "asc.local_tensor"(%a1, %n) {pos = #asc.pos<VECCALC>} : (i32, i32) -> !asc.local_tensor<128xf16, VECCALC>
    %c = "asc.local_tensor"(%a2, %n) {pos = #asc.pos<VECOUT>} : (i32, i32) -> !asc.local_tensor<128xf16, VECOUT>
    "asc.add"(%b, %a, %a, %n) : (!asc.local_tensor<128xf16, VECCALC>, !asc.local_tensor<128xf16, VECIN>, !asc.local_tensor<128xf16, VECIN>, i32) -> () loc("k.py":4:4)
    "asc.relu"(%c, %b, %n) : (!asc.local_tensor<128xf16, VECOUT>, !asc.local_tensor<128xf16, VECCALC>, i32) -> () loc("k.py":5:4)
    "func.return"() : () -> ()
  }) {function_type = () -> (), sym_name = "v_raw"} : () -> ()
}) : () -> ()

// -----

// Case 2: disjoint.  The two ops touch bytes [0,256), [256,512) and [512,768), [768,1024)
// of UB (f16: 128 elements = 256 bytes): no conflict, nothing inserted.
// CHECK-NOT: asc.pipe_barrier
// CHECK-NOT: asc.set_flag
// CHECK-LABEL: sym_name = "v_disjoint"
"builtin.module"() ({
  "func.func"() ({
    %c0 = "arith.constant"() {value = 0 : i32} : () -> i32
    %n = "arith.constant"() {value = 128 : i32} : () -> i32
    %a1 = "arith.constant"() {value = 256 : i32} : () -> i32
    %a2 = "arith.constant"() {value = 512 : i32} : () -> i32
    %a3 = "arith.constant"() {value = 768 : i32} : () -> i32
    %a = "asc.local_tensor"(%c0, %n) {pos = #asc.pos<VECIN>} : (i32, i32) -> !asc.local_tensor<128xf16, VECIN>
    %b = "asc.local_tensor"(%a1, %n) {pos = #asc.pos<VECCALC>} : (i32, i32) -> !asc.local_tensor<128xf16, VECCALC>
    %c = "asc.local_tensor"(%a2, %n) {pos = #asc.pos<VECOUT>} : (i32, i32) -> !asc.local_tensor<128xf16, VECOUT>
    %d = "asc.local_tensor"(%a3, %n) {pos = #asc.pos<VECOUT>} : (i32, i32) -> !asc.local_tensor<128xf16, VECOUT>
    "asc.relu"(%b, %a, %n) : (!asc.local_tensor<128xf16, VECCALC>, !asc.local_tensor<128xf16, VECIN>, i32) -> ()
    "asc.relu"(%d, %c, %n) : (!asc.local_tensor<128xf16, VECOUT>, !asc.local_tensor<128xf16, VECOUT>, i32) -> ()
    "func.return"() : () -> ()
  }) {function_type = () -> (), sym_name = "v_disjoint"} : () -> ()
}) : () -> ()

// -----

// Case 3: WAW.  Two duplicates write the same 128 halves; the second must not land
// before the first.  One barrier.
// CHECK: "asc.duplicate"
// CHECK-NEXT: "asc.pipe_barrier"() {pipe = #asc.pipe<PIPE_V>}
// CHECK-NEXT: "asc.duplicate"
// CHECK-NOT: asc.pipe_barrier
// CHECK-LABEL: sym_name = "v_waw"
"builtin.module"() ({
  "func.func"() ({
    %c0 = "arith.constant"() {value = 0 : i32} : () -> i32
    %n = "arith.constant"() {value = 128 : i32} : () -> i32
    %one = "arith.constant"() {value = 1.0 : f16} : () -> f16
    %a = "asc.local_tensor"(%c0, %n) {pos = #asc.pos<VECCALC>} : (i32, i32) -> !asc.local_tensor<128xf16, VECCALC>
    "asc.duplicate"(%a, %one, %n) : (!asc.local_tensor<128xf16, VECCALC>, f16, i32) -> ()
    "asc.duplicate"(%a, %one, %n) : (!asc.local_tensor<128xf16, VECCALC>, f16, i32) -> ()
    "func.return"() : () -> ()
  }) {function_type = () -> (), sym_name = "v_waw"} : () -> ()
}) : () -> ()

// -----

// Case 4: WAR only (relu reads a, duplicate then rewrites a).  Instructions of one pipe
// may overlap, so the write could land before the read has fetched: sync.md B.4 orders
// WAR too (bisheng's documented rule names RAW and WAW; the simulator's race detector
// reports WAR as well).  One barrier.
// CHECK: "asc.relu"
// CHECK-NEXT: "asc.pipe_barrier"() {pipe = #asc.pipe<PIPE_V>}
// CHECK-NEXT: "asc.duplicate"
// CHECK-LABEL: sym_name = "v_war"
"builtin.module"() ({
  "func.func"() ({
    %c0 = "arith.constant"() {value = 0 : i32} : () -> i32
    %n = "arith.constant"() {value = 128 : i32} : () -> i32
    %a1 = "arith.constant"() {value = 256 : i32} : () -> i32
    %one = "arith.constant"() {value = 1.0 : f16} : () -> f16
    %a = "asc.local_tensor"(%c0, %n) {pos = #asc.pos<VECIN>} : (i32, i32) -> !asc.local_tensor<128xf16, VECIN>
    %b = "asc.local_tensor"(%a1, %n) {pos = #asc.pos<VECOUT>} : (i32, i32) -> !asc.local_tensor<128xf16, VECOUT>
    "asc.relu"(%b, %a, %n) : (!asc.local_tensor<128xf16, VECOUT>, !asc.local_tensor<128xf16, VECIN>, i32) -> ()
    "asc.duplicate"(%a, %one, %n) : (!asc.local_tensor<128xf16, VECIN>, f16, i32) -> ()
    "func.return"() : () -> ()
  }) {function_type = () -> (), sym_name = "v_war"} : () -> ()
}) : () -> ()
