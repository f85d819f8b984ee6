"""Issue 27: what the scalar unit is charged for a kernel's scalar code (docs/timing.md "Scalar code",
src/sim/scharge.c).  The device runs the kernel as its compiler (bisheng, LLVM -O2) leaves it: constants
are immediates, integer casts fold into their users, loop-invariant arithmetic is computed once before the
loop (LICM; a division by a run-time value under a condition stays where it is, it could trap), and equal
expressions hoisted to the same place are computed once (GVN).  Each check compares two forms of one loop
that differ in one such respect: the difference in scalar cycles (one core, no load stretch; one scalar op
is hw.def's scalar_op, 1 cycle) is counted by hand from the rules; the results are the same as before."""
import numpy as np

import asc
import asc.lib.runtime as rt

N = 64  # iterations


@asc.jit(auto_sync=False, sanitize=False)
def scalar_loop(x: asc.GlobalAddress, a: int, b: int, c: int, form: asc.ConstExpr[int]):
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    for i in range(N):
        if form == 0:  # invariant: a * b + 3 computed once before the loop
            v = a * b + 3
        elif form == 1:  # the same ops on the loop's index: each iteration
            v = i * b + 3
        elif form == 2:  # a * b in both branches: hoisted once, + 1 and + 2 once each
            v = 0
            if i % 2 == 0:
                v = a * b + 1
            else:
                v = a * b + 2
        elif form == 3:  # a * b and a * c: two products hoisted
            v = 0
            if i % 2 == 0:
                v = a * b + 1
            else:
                v = a * c + 2
        elif form == 4:  # a run-time divisor under a condition: the division runs where it is
            v = 0
            if i % 2 == 0:
                v = a // b
        else:  # a constant divisor: the division is hoisted
            v = 0
            if i % 2 == 0:
                v = a // 7
        xg.set_value(i, v)


def run(form, a=1000, b=7, c=3):
    x = np.zeros(N, np.int32)
    scalar_loop[1](x, a, b, c, form)
    return rt.last_report()["cores"][0]["busy"]["PIPE_S"], x


def test_invariant_ops_are_charged_once_per_loop_entry():
    """a * b + 3 in the loop: 2 scalar ops before it; i * b + 3: 2 an iteration (the cast of i: none)."""
    inv, xi = run(0)
    var, xv = run(1)
    assert list(xi) == [7003] * N and list(xv) == [7 * i + 3 for i in range(N)]
    assert var - inv == 2 * N - 2


def test_equal_hoisted_expressions_are_computed_once():
    """The two branches' a * b go to the loop's entry as one product; a * c is a second one."""
    one, x1 = run(2)
    two, x2 = run(3)
    assert list(x1) == [7001, 7002] * (N // 2) and list(x2) == [7001, 3002] * (N // 2)
    assert two - one == 1


def test_a_division_that_may_trap_is_not_hoisted_from_a_condition():
    """a // b (one arith.divsi) under i % 2 == 0 runs N / 2 times; a // 7 (a divisor known not to be 0)
    once before the loop."""
    kept, xk = run(4)
    hoisted, xh = run(5)
    assert list(xk) == [142, 0] * (N // 2) and list(xh) == [142, 0] * (N // 2)
    assert kept - hoisted == N // 2 - 1
