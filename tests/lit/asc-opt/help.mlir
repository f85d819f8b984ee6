// RUN: asc-opt --help | FileCheck %s
// RUN: asc-opt -h | FileCheck %s
// --help lists the options and every registered pass, and exits 0.

// CHECK: usage: asc-opt [options] [input|-]
// CHECK: --pass-pipeline=
// CHECK: --print-ir-after-all
// CHECK: --print-after=
// CHECK: --no-verify
// CHECK: --split-input-file
// CHECK: --verify-diagnostics
// CHECK: Passes:
// CHECK-DAG: --inline
// CHECK-DAG: --canonicalize
// CHECK-DAG: --cse
"builtin.module"() ({
  "func.func"() ({
    "func.return"() : () -> ()
  }) {function_type = () -> (), sym_name = "k"} : () -> ()
}) : () -> ()
