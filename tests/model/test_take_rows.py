"""take_rows picks rows of a shared Arrow column without importing numpy.ma (which
``pyarrow.array`` of a numpy array imports: about 15 ms of every small ``eval``) or
pyarrow.compute."""
from __future__ import annotations

import subprocess
import sys

import numpy as np
import pyarrow as pa

from sdreval.model.topic_rankings import take_rows


def test_take_rows_of_an_arrow_column():
    column = pa.chunked_array([["a", "b"], ["c"]])
    assert take_rows(column, np.array([2, 0])).to_pylist() == ["c", "a"]
    assert take_rows(column, np.array([], dtype=np.int64)).to_pylist() == []
    assert take_rows(np.array([5, 6, 7]), np.array([1])).tolist() == [6]


def test_take_rows_imports_neither_numpy_ma_nor_pyarrow_compute():
    probe = ("import sys, io, numpy as np, pyarrow.csv as csv\n"
             "from sdreval.model.topic_rankings import take_rows\n"
             "column = csv.read_csv(io.BytesIO(b'a\\nx\\ny\\nz\\n')).column('a')\n"
             "assert take_rows(column, np.array([2, 0])).to_pylist() == ['z', 'x']\n"
             "print('numpy.ma' in sys.modules, 'pyarrow.compute' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                          check=True)
    assert done.stdout.split() == ["False", "False"]
