"""``sdreval.dask.evaluate(..., output=DIR)`` refuses an input before it writes anything in
DIR.  A topic in two partitions, partitions whose run columns name different runs and a bad
row in a later partition were refused only after the other partitions had written their
``part-00000-N.parquet`` files: DIR held a partial result of a refused evaluation."""
import os

import pandas as pd
import pytest

dd = pytest.importorskip("dask.dataframe")

import sdreval.dask  # noqa: E402
from sdreval.errors import SdrevalError  # noqa: E402
from sdreval.io.interop import qrels_from_dict  # noqa: E402

QRELS = qrels_from_dict({t: {"d1": 1, "d2": 0} for t in ("1", "2", "3", "4")})


def _frame(**changes):
    frame = pd.DataFrame({"query_id": ["1", "1", "2", "2", "3", "3", "4", "4"],
                          "doc_id": ["d1", "d2"] * 4,
                          "score": [2.0, 1.0] * 4, "run": ["A"] * 8})
    for column, values in changes.items():
        frame[column] = values
    return frame


CASES = {
    "topic in two partitions": _frame(query_id=["1", "1", "2", "2", "3", "3", "1", "4"]),
    "two run names": _frame(run=["A"] * 4 + ["B"] * 4),
    # whichever partition the scheduler runs first, the other one is refused
    "bad score in the first partition": _frame(score=["high", 1.0] + [2.0, 1.0] * 3),
    "bad score in the last partition": _frame(score=[2.0, 1.0] * 3 + [2.0, "high"]),
}


@pytest.mark.parametrize("case", list(CASES))
def test_refused_with_nothing_written(tmp_path, case):
    frame = CASES[case]
    parts = dd.from_pandas(frame, npartitions=2, sort=False)
    assert parts.npartitions == 2
    with pytest.raises(SdrevalError):
        sdreval.dask.evaluate(parts, QRELS, ["AP"], output=str(tmp_path))
    assert os.listdir(tmp_path) == []
