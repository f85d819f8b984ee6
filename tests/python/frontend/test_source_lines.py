"""asc._codegen._source_lines reads a kernel's lines from the file's syntax tree; inspect.getsourcelines
is the reference (what the tracer read before), for the shapes a kernel's definition can take."""
import functools
import inspect

from asc._codegen import _source_lines


def plain(a, b):
    return a + b


@functools.lru_cache(maxsize=None)
def decorated(a):
    return a


@functools.wraps(plain)
def wrapper(*a):
    return plain(*a)


def outer():
    @staticmethod
    def nested(x,
               y):  # a signature over two lines
        s = (x +
             y)
        return s
    return nested.__func__ if hasattr(nested, "__func__") else nested


def last_in_file_with_trailing_comment(x):
    if x:
        return 1
    # a comment after the last statement is not part of the block
    return 2


def test_matches_inspect():
    for fn in (plain, decorated.__wrapped__, wrapper, outer(), last_in_file_with_trailing_comment):
        assert _source_lines(fn) == inspect.getsourcelines(fn), fn


def test_lines_start_at_the_first_decorator():
    lines, start = _source_lines(decorated.__wrapped__)
    assert lines[0].startswith("@functools.lru_cache") and lines[1].startswith("def decorated")
    assert start == decorated.__wrapped__.__code__.co_firstlineno
