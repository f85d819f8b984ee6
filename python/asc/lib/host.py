"""asc.lib.host: host matmul tiling (api.md §11).  Not implemented yet in openasc."""


def _stub(name):
    def f(*args, **kwargs):
        raise NotImplementedError(f"asc.lib.host.{name} is not implemented yet in openasc")
    f.__name__ = name
    return f


_NAMES = ["get_ascendc_platform", "MatmulApiTiling", "MultiCoreMatmulTiling", "BatchMatmulTiling"]
globals().update({n: _stub(n) for n in _NAMES})
__all__ = _NAMES
