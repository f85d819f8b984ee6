"""asc.common.compat (pyasc's path): small helpers over Python versions."""
import builtins
import inspect


def get_annotations(obj):
    return inspect.get_annotations(obj)


def isinstance(obj, constraint):  # noqa: A001 - pyasc's name
    return builtins.isinstance(obj, constraint)


def merge_dict(dict1, dict2):
    return {**dict1, **dict2}
