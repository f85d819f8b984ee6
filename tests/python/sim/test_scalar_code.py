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


# The compiler's peepholes (InstCombine): an op folded into all of its users costs nothing.  Each form
# differs from its partner in one fold; x has N + 1 elements (the view forms write at i + 1).
@asc.jit(auto_sync=False, sanitize=False)
def peephole_loop(x: asc.GlobalAddress, b: int, form: asc.ConstExpr[int]):
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    for i in range(N):
        if form == 0:  # (i * 3) * 5: one multiply by 15
            xg.set_value(i, i * 3 * 5)
        elif form == 1:  # (i * b) * 5: two multiplies
            xg.set_value(i, i * b * 5)
        elif form == 2:  # i + 1 == 8 is i == 7: the add folds into the compare
            v = 0
            if i + 1 == 8:
                v = 1
            xg.set_value(i, v)
        elif form == 3:  # i + b == 8: add and compare
            v = 0
            if i + b == 8:
                v = 1
            xg.set_value(i, v)
        elif form == 4:  # a view at i + 1: the 1 joins the address
            xg[i + 1:].set_value(0, i)
        elif form == 5:  # a view at i + b: an add and the view
            xg[i + b:].set_value(0, i)
        elif form == 6:  # i % 2 is 0 / 1 (i counts up from 0): select(i % 2 == 0, 0, 1) is i % 2
            xg.set_value(i, 0 if i % 2 == 0 else 1)
        elif form == 7:  # select(i % 2 == 0, 0, 7) is (i % 2) * 7: the compare folds, the select stays
            xg.set_value(i, 0 if i % 2 == 0 else 7)
        elif form == 8:  # i % 3 is not 0 / 1: remainder, compare, select
            xg.set_value(i, 0 if i % 3 == 0 else 1)
        elif form == 9:  # (i + b) % 2 may be negative (-1): nothing folds
            xg.set_value(i, 0 if (i + b) % 2 == 0 else 1)
        else:  # (i + b) % 3: the same ops
            xg.set_value(i, 0 if (i + b) % 3 == 0 else 1)


def peep(form, b=1):
    x = np.zeros(N + 1, np.int32)
    peephole_loop[1](x, b, form)
    return rt.last_report()["cores"][0]["busy"]["PIPE_S"], x


def test_constant_multiplies_fold_into_one():
    """(i * 3) * 5 is one multiply an iteration, (i * b) * 5 two."""
    one, x1 = peep(0)
    two, x2 = peep(1)
    assert list(x1[:N]) == [15 * i for i in range(N)] and list(x2[:N]) == [5 * i for i in range(N)]
    assert two - one == N


def test_an_added_constant_folds_into_an_equality_compare():
    """i + 1 == 8 costs the compare only, i + b == 8 the add as well."""
    folded, x1 = peep(2)
    kept, x2 = peep(3, 1)
    assert list(x1[:N]) == list(x2[:N]) == [1 if i == 7 else 0 for i in range(N)]
    assert kept - folded == N


def test_an_added_constant_folds_into_a_view_offset():
    """xg[i + 1:] costs the view only, xg[i + b:] the add as well."""
    folded, x1 = peep(4)
    kept, x2 = peep(5, 1)
    assert list(x1) == list(x2) == [0] + list(range(N))
    assert kept - folded == N


def test_selects_of_a_zero_one_value_become_its_arithmetic():
    """i % 2 == 0 ? 0 : 1 is the remainder alone (1 op); ? 0 : 7 the remainder and a multiply (2); with i % 3
    the remainder, the compare and the select (3).  (i + b) % 2 may be -1: it costs what (i + b) % 3 does."""
    ident, x6 = peep(6)
    arith, x7 = peep(7)
    none, x8 = peep(8)
    neg2, x9 = peep(9, 1)
    neg3, x10 = peep(10, 1)
    assert list(x6[:N]) == [i % 2 for i in range(N)] and list(x7[:N]) == [7 * (i % 2) for i in range(N)]
    assert list(x8[:N]) == [0 if i % 3 == 0 else 1 for i in range(N)]
    assert list(x9[:N]) == [(i + 1) % 2 for i in range(N)] and list(x10[:N]) == [0 if (i + 1) % 3 == 0 else 1
                                                                               for i in range(N)]
    assert arith - ident == N and none - ident == 2 * N and neg2 == neg3
