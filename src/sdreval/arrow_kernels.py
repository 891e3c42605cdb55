"""Arrow's compute kernels, called without importing :mod:`pyarrow.compute`.

``import pyarrow.compute`` wraps each of Arrow's ~290 kernels in a Python function with a
docstring scraped from the C++ documentation: about 0.05 s of CPU and 2 MB at every start, more
than reading and evaluating a small run file takes.  The kernels themselves live in Arrow's
compiled compute module; this module calls them by name through ``call_function`` (the same
function ``pyarrow.compute.call_function`` is), with the options objects ``pyarrow.compute``
would build.  Use it as ``from sdreval import arrow_kernels as pc``: the functions below take the
arguments the ``pyarrow.compute`` functions of the same names take, and return the same values.

Arrow arrays' own computing methods (``Array.take``, ``.dictionary_encode()``, ``.unique()``,
``.fill_null()``, ``.flatten()``, ``.cast()``, ...) import :mod:`pyarrow.compute` on first use;
call the functions below instead on the paths that a small ``eval`` takes.
"""
from __future__ import annotations

from typing import Any

try:  # Arrow's compiled compute module (what pyarrow.compute re-exports)
    from pyarrow._compute import (CastOptions, DictionaryEncodeOptions, MatchSubstringOptions,
                                  ScalarAggregateOptions, SetLookupOptions, SliceOptions,
                                  SortOptions, SplitOptions, SplitPatternOptions, TakeOptions,
                                  call_function)
except ImportError:  # pragma: no cover - a pyarrow that moved it: the public names
    from pyarrow.compute import (CastOptions, DictionaryEncodeOptions,  # noqa: F401
                                 MatchSubstringOptions, ScalarAggregateOptions,
                                 SetLookupOptions, SliceOptions, SortOptions, SplitOptions,
                                 SplitPatternOptions, TakeOptions, call_function)


def _call(name: str, args: list, options: Any = None, memory_pool: Any = None) -> Any:
    return call_function(name, args, options, memory_pool)


def from_numpy(values):
    """An Arrow array of a numpy array of numbers, viewing its memory when it is contiguous
    (other values: ``pyarrow.array``).  ``pyarrow.array`` of a numpy array imports
    :mod:`numpy.ma` to ask whether it is a masked array: about 15 ms at every start."""
    import numpy as np
    import pyarrow as pa

    if (type(values) is np.ndarray and values.ndim == 1 and values.dtype.kind in "iuf"
            and values.dtype.isnative):
        values = np.ascontiguousarray(values)
        return pa.Array.from_buffers(pa.from_numpy_dtype(values.dtype), len(values),
                                     [None, pa.py_buffer(values)])
    return pa.array(values)


def take(data, indices, *, boundscheck: bool = True, memory_pool=None):
    """``data[indices]`` (``pyarrow.compute.take``); ``indices`` may be a numpy array."""
    if not hasattr(indices, "type"):  # numpy (or a list): not an Arrow array
        indices = from_numpy(indices)
    return _call("take", [data, indices], TakeOptions(boundscheck=boundscheck), memory_pool)


def dictionary_encode(array, null_encoding: str = "mask", *, memory_pool=None):
    """Dictionary-encode ``array`` (first-appearance order of the values)."""
    options = DictionaryEncodeOptions(null_encoding=null_encoding)
    return _call("dictionary_encode", [array], options, memory_pool)


def unique(array, *, memory_pool=None):
    """The distinct values of ``array``, in first-appearance order."""
    return _call("unique", [array], None, memory_pool)


def index_in(values, value_set, *, skip_nulls: bool = False, memory_pool=None):
    """Position of each value in ``value_set`` (null where absent)."""
    return _call("index_in", [values], SetLookupOptions(value_set, skip_nulls=skip_nulls),
                 memory_pool)


def is_in(values, value_set, *, skip_nulls: bool = False, memory_pool=None):
    """Whether each value is in ``value_set``."""
    return _call("is_in", [values], SetLookupOptions(value_set, skip_nulls=skip_nulls),
                 memory_pool)


def fill_null(values, fill_value, *, memory_pool=None):
    """``values`` with every null replaced by ``fill_value``."""
    import pyarrow as pa

    if not isinstance(fill_value, (pa.Array, pa.ChunkedArray, pa.Scalar)):
        fill_value = pa.scalar(fill_value, type=values.type)
    return _call("coalesce", [values, fill_value], None, memory_pool)


def sort_indices(values, sort_keys=(), *, memory_pool=None):
    """The indices sorting ``values`` (ascending; nulls last)."""
    return _call("sort_indices", [values], SortOptions(sort_keys), memory_pool)


def cast(arr, target_type=None, safe: bool | None = None, options=None, *, memory_pool=None):
    """``arr`` as ``target_type`` (checked for overflow and truncation unless ``safe`` is
    False), as ``pyarrow.compute.cast``."""
    if options is None:
        options = (CastOptions.unsafe(target_type) if safe is False
                   else CastOptions.safe(target_type))
    return _call("cast", [arr], options, memory_pool)


def ascii_split_whitespace(strings, *, max_splits=None, reverse: bool = False,
                           memory_pool=None):
    """Each string split on ASCII white space (a list array)."""
    options = SplitOptions(max_splits=max_splits, reverse=reverse)
    return _call("ascii_split_whitespace", [strings], options, memory_pool)


def split_pattern(strings, pattern: str, *, max_splits=None, reverse: bool = False,
                  memory_pool=None):
    """Each string split on the literal ``pattern`` (a list array)."""
    options = SplitPatternOptions(pattern, max_splits=max_splits, reverse=reverse)
    return _call("split_pattern", [strings], options, memory_pool)


def utf8_slice_codeunits(strings, start: int, stop: int | None = None, step: int = 1, *,
                         memory_pool=None):
    """Each string's code units ``[start:stop:step]`` (negative counts from the end)."""
    options = SliceOptions(start, stop, step)
    return _call("utf8_slice_codeunits", [strings], options, memory_pool)


def filter(values, mask, *, memory_pool=None):  # noqa: A001 (the pyarrow.compute name)
    """The values where ``mask`` is true (``pyarrow.compute.filter``, nulls dropped)."""
    return _call("filter", [values, mask], None, memory_pool)


def _matcher(name: str):
    def match(strings, pattern: str, *, ignore_case: bool = False, memory_pool=None):
        return _call(name, [strings], MatchSubstringOptions(pattern, ignore_case=ignore_case),
                     memory_pool)

    match.__name__ = name
    match.__doc__ = f"Arrow's ``{name}`` of each string (``pyarrow.compute.{name}``)."
    return match


starts_with = _matcher("starts_with")
ends_with = _matcher("ends_with")
match_substring = _matcher("match_substring")
match_substring_regex = _matcher("match_substring_regex")


def _aggregate(name: str):
    def aggregate(array, *, skip_nulls: bool = True, min_count: int = 1, memory_pool=None):
        return _call(name, [array], ScalarAggregateOptions(skip_nulls=skip_nulls,
                                                            min_count=min_count), memory_pool)

    aggregate.__name__ = name
    aggregate.__doc__ = f"Arrow's ``{name}`` of the array, a scalar (``pyarrow.compute.{name}``)."
    return aggregate


all = _aggregate("all")  # noqa: A001 (the pyarrow.compute names)
any = _aggregate("any")  # noqa: A001
min = _aggregate("min")  # noqa: A001


def _elementwise(name: str):
    def apply(*args, memory_pool=None):
        return _call(name, list(args), None, memory_pool)

    apply.__name__ = name
    apply.__doc__ = f"Arrow's ``{name}``, element by element (``pyarrow.compute.{name}``)."
    return apply


equal = _elementwise("equal")
binary_length = _elementwise("binary_length")
ascii_is_decimal = _elementwise("ascii_is_decimal")
ascii_lower = _elementwise("ascii_lower")
ascii_upper = _elementwise("ascii_upper")
list_flatten = _elementwise("list_flatten")
is_null = _elementwise("is_null")
