// RUN: asc-opt %s | FileCheck %s
// RUN: asc-opt %s | mlir-opt --allow-unregistered-dialect | FileCheck %s --check-prefix=MLIR
// An empty module keeps its one (empty) block so MLIR accepts the printed text.

// CHECK:      "builtin.module"() ({
// CHECK-NEXT: ^bb0:
// CHECK-NEXT: }) : () -> ()
// MLIR: module
