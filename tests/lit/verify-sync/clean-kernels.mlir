// RUN: %python %S/Inputs/check_clean.py asc-opt %S/../../../examples/ir %S/../../sim/clean | FileCheck %s
// ASC-NO-ROUNDTRIP
// verify-sync on every correct kernel of the tree (examples/ir, the sanitizer
// corpus's clean kernels), as written and after --auto-sync / --auto-sync-full:
// no warning at all.
// CHECK: checked {{[1-9][0-9]*}} files x 3 pipelines, 0 failed
