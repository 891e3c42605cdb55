"""``sdreval.arrow_kernels`` calls Arrow's kernels without importing ``pyarrow.compute``: each
function returns what the ``pyarrow.compute`` function of the same name returns."""
from __future__ import annotations

import pyarrow as pa
import pyarrow.compute as pc
import pytest

from sdreval import arrow_kernels as kernels

TEXT = pa.array(["a b", " c  d ", "e:1", "#x", "12", "A", None])
CASES = [
    ("take", (TEXT, pa.array([0, 2, 6])), {}),
    ("dictionary_encode", (TEXT,), {}),
    ("unique", (TEXT,), {}),
    ("index_in", (TEXT,), {"value_set": pa.array(["e:1", "A"])}),
    ("is_in", (TEXT,), {"value_set": pa.array(["e:1", "A"])}),
    ("sort_indices", (TEXT,), {}),
    ("ascii_split_whitespace", (TEXT,), {}),
    ("split_pattern", (TEXT, ":"), {}),
    ("starts_with", (TEXT, "#"), {}),
    ("ends_with", (pa.array(["d1.xml", "d2.XML", "d3", None]), ".xml"), {"ignore_case": True}),
    ("utf8_slice_codeunits", (pa.array(["d1.xml", "é.xml", "", None]), 0, -4), {}),
    ("filter", (TEXT, pa.array([True, False, None, True, False, True, True])), {}),
    ("match_substring", (TEXT, ":"), {}),
    ("match_substring_regex", (TEXT, "^[0-9]+$"), {}),
    ("binary_length", (TEXT,), {}),
    ("ascii_is_decimal", (TEXT,), {}),
    ("ascii_lower", (TEXT,), {}),
    ("ascii_upper", (TEXT,), {}),
    ("equal", (TEXT, "A"), {}),
    ("cast", (pa.array(["12", "3"]), pa.int64()), {}),
    ("cast", (pa.chunked_array([pa.array(["a"]).dictionary_encode()]), pa.string()), {}),
    ("fill_null", (pa.array([1, None]), -1), {}),
    ("all", (pa.array([True, False]),), {}),
    ("any", (pa.array([True, False]),), {}),
    ("min", (pa.array([3, 1]),), {}),
    ("list_flatten", (pa.array([["a"], [], ["b", "c"]]),), {}),
    ("is_null", (pa.array([1, None]),), {}),
]


@pytest.mark.parametrize("name,args,kwargs", CASES, ids=[c[0] for c in CASES])
def test_same_values_as_pyarrow_compute(name, args, kwargs):
    ours, theirs = getattr(kernels, name)(*args, **kwargs), getattr(pc, name)(*args, **kwargs)
    assert ours.equals(theirs), (ours, theirs)


def test_a_checked_cast_refuses_as_pyarrow_compute_does():
    with pytest.raises(pa.ArrowInvalid):
        kernels.cast(pa.array(["99999999999999999999"]), pa.int64())


def test_imports_no_pyarrow_compute(fresh_python):
    probe = ("import sys, numpy as np, pyarrow as pa\n"
             "from sdreval import arrow_kernels as k\n"
             "lines = pa.StringArray.from_buffers(2, pa.py_buffer(np.array([0, 4, 8], "
             "dtype=np.int32)), pa.py_buffer(b'a b\\nc d\\n'))\n"
             "tokens = k.list_flatten(k.ascii_split_whitespace(lines))\n"
             "assert k.take(tokens, k.sort_indices(tokens)).to_pylist()[-1] == 'd'\n"
             "print('pyarrow.compute' in sys.modules)")
    assert fresh_python(probe).strip() == "False"
