// RUN: asc-opt %s | FileCheck %s
// RUN: asc-opt %s | asc-opt - | FileCheck %s
// Parse and print a small kernel: values are renumbered per function, attributes and
// locations are kept, the printed text parses again to the same text.

// CHECK-LABEL: "builtin.module"() ({
// CHECK-NEXT:  "func.func"() ({
// CHECK-NEXT:  ^bb0(%arg0: !asc.gm_ptr<f16>, %arg1: i32):
// CHECK-NEXT:    %0 = "arith.constant"() {value = 0 : index} : () -> index loc("k.py":3:8)
// CHECK-NEXT:    %1 = "arith.constant"() {value = 4 : index} : () -> index
// CHECK-NEXT:    %2 = "arith.constant"() {value = 1 : index} : () -> index
// CHECK-NEXT:    %3 = "asc.tpipe"() : () -> !asc.pipe loc("k.py":5:11)
// CHECK-NEXT:    "scf.for"(%0, %1, %2) ({
// CHECK-NEXT:    ^bb0(%arg2: index):
// CHECK-NEXT:      "asc.set_flag"(%arg1) {event = #asc.event<MTE2_V>} : (i32) -> () loc("k.py":7:8)
// CHECK-NEXT:      "asc.wait_flag"(%arg1) {event = #asc.event<MTE2_V>} : (i32) -> () loc("k.py":8:8)
// CHECK-NEXT:      "scf.yield"() : () -> ()
// CHECK-NEXT:    }) : (index, index, index) -> () loc("k.py":6:4)
// CHECK-NEXT:    "func.return"() : () -> ()
// CHECK-NEXT:  }) {function_type = (!asc.gm_ptr<f16>, i32) -> (), sym_name = "kernel"} : () -> ()
// CHECK-NEXT: }) : () -> ()
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%x: !asc.gm_ptr<f16>, %id: i32):
    %c0 = "arith.constant"() {value = 0 : index} : () -> index loc("k.py":3:8)
    %c4 = "arith.constant"() {value = 4 : index} : () -> index
    %c1 = "arith.constant"() {value = 1 : index} : () -> index
    %pipe = "asc.tpipe"() : () -> !asc.pipe loc("k.py":5:11)
    "scf.for"(%c0, %c4, %c1) ({
    ^bb0(%iv: index):
      "asc.set_flag"(%id) {event = #asc.event<MTE2_V>} : (i32) -> () loc("k.py":7:8)
      "asc.wait_flag"(%id) {event = #asc.event<MTE2_V>} : (i32) -> () loc("k.py":8:8)
      "scf.yield"() : () -> ()
    }) : (index, index, index) -> () loc("k.py":6:4)
    "func.return"() : () -> ()
  }) {sym_name = "kernel", function_type = (!asc.gm_ptr<f16>, i32) -> ()} : () -> ()
}) : () -> ()
