// --kernel-pipeline runs the passes @asc.jit runs, chosen by libasc's named-pipeline table
// (src/passes/pipelines.c): insert-sync only when the kernel has LocalTensorAuto (this one
// has none), auto-sync, verify-sync; --insert-sync= / --auto-sync= change the choice.
// RUN: asc-opt --kernel-pipeline --print-ir-after-all %S/../../../examples/ir/add_framework.mlir 2>&1 >/dev/null | FileCheck %s --check-prefix=DEF
// RUN: asc-opt --insert-sync=pyasc --print-ir-after-all %S/../../../examples/ir/add_framework.mlir 2>&1 >/dev/null | FileCheck %s --check-prefix=PYASC
// RUN: asc-opt --auto-sync=replace --no-verify-sync --print-ir-after-all %S/../../../examples/ir/add_framework.mlir 2>&1 >/dev/null | FileCheck %s --check-prefix=REPL
// RUN: not asc-opt --auto-sync=sometimes %s 2>&1 | FileCheck %s --check-prefix=BAD

// DEF: IR Dump After inline
// DEF-NEXT: "builtin.module"
// DEF-NOT: insert-sync
// DEF: IR Dump After cse
// DEF-NOT: input-output-tensor
// DEF: IR Dump After auto-sync
// DEF-NOT: auto-sync-full
// DEF: IR Dump After verify-sync

// PYASC: IR Dump After cse
// PYASC: IR Dump After input-output-tensor
// PYASC: IR Dump After insert-sync
// PYASC: IR Dump After auto-sync
// PYASC: IR Dump After verify-sync

// REPL: IR Dump After strip-user-sync
// REPL: IR Dump After auto-sync-full
// REPL-NOT: IR Dump After verify-sync

// BAD: asc-opt: error: bad value in '--auto-sync=sometimes'
"builtin.module"() ({
}) : () -> ()
