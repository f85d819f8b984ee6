// A bad command line is a usage error: message on stderr, exit status 2.
// RUN: %python %S/../Inputs/exit-status.py 2 asc-opt --no-such-flag %s 2>&1 | FileCheck %s --check-prefix=FLAG
// RUN: %python %S/../Inputs/exit-status.py 2 asc-opt %s %s 2>&1 | FileCheck %s --check-prefix=TWO
// RUN: %python %S/../Inputs/exit-status.py 2 asc-opt --pass-pipeline=inline,nope %s 2>&1 | FileCheck %s --check-prefix=PIPE
// RUN: %python %S/../Inputs/exit-status.py 2 asc-opt --print-after=nope %s 2>&1 | FileCheck %s --check-prefix=AFTER
// RUN: %python %S/../Inputs/exit-status.py 2 asc-opt %s -o 2>&1 | FileCheck %s --check-prefix=OUT
// A missing input file is an error (1), not a usage error.
// RUN: %python %S/../Inputs/exit-status.py 1 asc-opt %t.does-not-exist.mlir 2>&1 | FileCheck %s --check-prefix=MISSING

// FLAG: error: unknown option '--no-such-flag'
// FLAG: usage: asc-opt
// TWO: error: more than one input file
// PIPE: error: unknown pass in --pass-pipeline: 'inline,nope'
// AFTER: error: unknown pass in --print-after: 'nope'
// OUT: error: -o needs a file name
// MISSING: error: cannot open '{{.*}}does-not-exist.mlir'
"builtin.module"() ({
  "func.func"() ({
    "func.return"() : () -> ()
  }) {function_type = () -> (), sym_name = "k"} : () -> ()
}) : () -> ()
