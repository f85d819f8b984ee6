// RUN: asc-opt --split-input-file --verify-diagnostics --insert-sync %s
// insert-sync cannot place the enque of a queue tensor before its deque when the first
// later user sits in a region the enque's block does not hold: pyasc's error.

"builtin.module"() ({
  "func.func"() ({
  ^bb0(%g: !asc.global_tensor<f16>, %c: i1, %o: !asc.local_tensor<32xf16>, %k: index):
    %n = "arith.constant"() {value = 32 : i32} : () -> i32
    %i0 = "arith.constant"() {value = 0 : index} : () -> index
    %i1 = "arith.constant"() {value = 1 : index} : () -> index
    %q = "asc.tque"() : () -> !asc.queue<VECIN, 1>
    %t = "asc.alloc_tensor"(%q) : (!asc.queue<VECIN, 1>) -> !asc.local_tensor<32xf16>
    "scf.if"(%c) ({
      // expected-error @+1 {{'asc.enque' op failed to be hoisted to tensor deque op scope}}
      "asc.data_copy"(%t, %g, %n) : (!asc.local_tensor<32xf16>, !asc.global_tensor<f16>, i32) -> ()
      "scf.yield"() : () -> ()
    }, {
      "scf.yield"() : () -> ()
    }) : (i1) -> ()
    "scf.for"(%i0, %k, %i1) ({
    ^bb0(%i: index):
      "asc.add"(%o, %t, %t, %n) : (!asc.local_tensor<32xf16>, !asc.local_tensor<32xf16>, !asc.local_tensor<32xf16>, i32) -> ()
      "scf.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "func.return"() : () -> ()
  }) {function_type = (!asc.global_tensor<f16>, i1, !asc.local_tensor<32xf16>, index) -> (), sym_name = "unplaceable"} : () -> ()
}) : () -> ()
