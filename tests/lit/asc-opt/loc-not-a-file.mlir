// A diagnostic quotes the source line its loc names, but a loc in untrusted IR may name
// anything: only regular files are read, so a FIFO (which would block the open forever) or a
// directory gives the error without a quoted line.
// ASC-NO-ROUNDTRIP: the module is invalid on purpose (its locs name a FIFO and a directory).
// RUN: rm -f %t.fifo && mkfifo %t.fifo
// RUN: sed -e "s|FIFO|%t.fifo|" -e "s|DIR|%S|" %s > %t.mlir
// RUN: not timeout 20 asc-opt %t.mlir 2>&1 | FileCheck %s
// CHECK: .fifo:3:1: error: 'asc.pipe_barrier' op requires attribute 'pipe'
// CHECK-NEXT: asc-opt:4:1: error: 'asc.pipe_barrier' op requires attribute 'pipe'

"func.func"() ({
  "asc.pipe_barrier"() : () -> () loc("FIFO":3:1)
  "asc.pipe_barrier"() : () -> () loc("DIR":4:1)
  "func.return"() : () -> ()
}) {function_type = () -> (), sym_name = "k"} : () -> ()
