// RUN: asc-opt --split-input-file --auto-sync %s | FileCheck %s
// Scalar accesses to UB (what bisheng --cce-auto-sync adds, sync.md B.9): a get_value
// of bytes V wrote needs set_flag(V_S)/wait_flag(V_S) first; a set_value of bytes V then
// reads needs S_V.  A scalar read completes before the next instruction issues, and S
// after S is program order, so neither needs anything.

// Case 1: V writes a; get_value(a, 0) twice.  One V_S pair before the first read; the
// second read is already ordered (B.12 #5).  The wait carries the get_value's loc.
// CHECK: "asc.duplicate"
// CHECK-NEXT: "asc.set_flag"([[ID:%[0-9]+]]) {event = #asc.event<V_S>} : (i32) -> () loc("s.py":3:4)
// CHECK-NEXT: "asc.wait_flag"([[ID]]) {event = #asc.event<V_S>} : (i32) -> () loc("s.py":4:9)
// CHECK-NEXT: "asc.get_value"
// CHECK-NEXT: "asc.get_value"
// CHECK-NOT: asc.set_flag
// CHECK-LABEL: sym_name = "v_then_get"
"builtin.module"() ({
  "func.func"() ({
    %c0 = "arith.constant"() {value = 0 : i32} : () -> i32
    %n = "arith.constant"() {value = 128 : i32} : () -> i32
    %one = "arith.constant"() {value = 1.0 : f32} : () -> f32
    %a = "asc.local_tensor"(%c0, %n) {pos = #asc.pos<VECCALC>} : (i32, i32) -> !asc.local_tensor<128xf32, VECCALC>
    "asc.duplicate"(%a, %one, %n) : (!asc.local_tensor<128xf32, VECCALC>, f32, i32) -> () loc("s.py":3:4)
    %v = "asc.get_value"(%a, %c0) : (!asc.local_tensor<128xf32, VECCALC>, i32) -> f32 loc("s.py":4:9)
    %w = "asc.get_value"(%a, %c0) : (!asc.local_tensor<128xf32, VECCALC>, i32) -> f32 loc("s.py":5:9)
    "func.return"() : () -> ()
  }) {function_type = () -> (), sym_name = "v_then_get"} : () -> ()
}) : () -> ()

// -----

// Case 2: set_value(a, 5) then a vector op reading a[0:128): S_V pair before the read.
// CHECK: "asc.set_value"
// CHECK-NEXT: "asc.set_flag"([[ID:%[0-9]+]]) {event = #asc.event<S_V>}
// CHECK-NEXT: "asc.wait_flag"([[ID]]) {event = #asc.event<S_V>}
// CHECK-NEXT: "asc.relu"
// CHECK-NOT: asc.set_flag
// CHECK-LABEL: sym_name = "set_then_v"
"builtin.module"() ({
  "func.func"() ({
    %c0 = "arith.constant"() {value = 0 : i32} : () -> i32
    %c5 = "arith.constant"() {value = 5 : i32} : () -> i32
    %n = "arith.constant"() {value = 128 : i32} : () -> i32
    %a1 = "arith.constant"() {value = 512 : i32} : () -> i32
    %one = "arith.constant"() {value = 1.0 : f32} : () -> f32
    %a = "asc.local_tensor"(%c0, %n) {pos = #asc.pos<VECCALC>} : (i32, i32) -> !asc.local_tensor<128xf32, VECCALC>
    %b = "asc.local_tensor"(%a1, %n) {pos = #asc.pos<VECOUT>} : (i32, i32) -> !asc.local_tensor<128xf32, VECOUT>
    "asc.set_value"(%a, %c5, %one) : (!asc.local_tensor<128xf32, VECCALC>, i32, f32) -> ()
    "asc.relu"(%b, %a, %n) : (!asc.local_tensor<128xf32, VECOUT>, !asc.local_tensor<128xf32, VECCALC>, i32) -> ()
    "func.return"() : () -> ()
  }) {function_type = () -> (), sym_name = "set_then_v"} : () -> ()
}) : () -> ()

// -----

// Case 3: set_value(a, 200) lies outside the 128 floats relu reads: nothing.
// CHECK-NOT: asc.set_flag
// CHECK-LABEL: sym_name = "set_elsewhere"
"builtin.module"() ({
  "func.func"() ({
    %c0 = "arith.constant"() {value = 0 : i32} : () -> i32
    %c200 = "arith.constant"() {value = 200 : i32} : () -> i32
    %n = "arith.constant"() {value = 128 : i32} : () -> i32
    %a1 = "arith.constant"() {value = 1024 : i32} : () -> i32
    %one = "arith.constant"() {value = 1.0 : f32} : () -> f32
    %a = "asc.local_tensor"(%c0, %n) {pos = #asc.pos<VECCALC>} : (i32, i32) -> !asc.local_tensor<128xf32, VECCALC>
    %b = "asc.local_tensor"(%a1, %n) {pos = #asc.pos<VECOUT>} : (i32, i32) -> !asc.local_tensor<128xf32, VECOUT>
    "asc.set_value"(%a, %c200, %one) : (!asc.local_tensor<128xf32, VECCALC>, i32, f32) -> ()
    "asc.relu"(%b, %a, %n) : (!asc.local_tensor<128xf32, VECOUT>, !asc.local_tensor<128xf32, VECCALC>, i32) -> ()
    "func.return"() : () -> ()
  }) {function_type = () -> (), sym_name = "set_elsewhere"} : () -> ()
}) : () -> ()

// -----

// Case 4: get_value then a vector write of the same element (WAR from a scalar read):
// the read has completed before relu issues; nothing.
// CHECK-NOT: asc.set_flag
// CHECK-LABEL: sym_name = "get_then_v_write"
"builtin.module"() ({
  "func.func"() ({
    %c0 = "arith.constant"() {value = 0 : i32} : () -> i32
    %n = "arith.constant"() {value = 128 : i32} : () -> i32
    %a1 = "arith.constant"() {value = 1024 : i32} : () -> i32
    %a = "asc.local_tensor"(%c0, %n) {pos = #asc.pos<VECCALC>} : (i32, i32) -> !asc.local_tensor<128xf32, VECCALC>
    %b = "asc.local_tensor"(%a1, %n) {pos = #asc.pos<VECIN>} : (i32, i32) -> !asc.local_tensor<128xf32, VECIN>
    %v = "asc.get_value"(%a, %c0) : (!asc.local_tensor<128xf32, VECCALC>, i32) -> f32
    "asc.relu"(%a, %b, %n) : (!asc.local_tensor<128xf32, VECCALC>, !asc.local_tensor<128xf32, VECIN>, i32) -> ()
    "func.return"() : () -> ()
  }) {function_type = () -> (), sym_name = "get_then_v_write"} : () -> ()
}) : () -> ()
