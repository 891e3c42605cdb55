"""A span run given to ``sdreval.dask.evaluate`` with a bad row (a negative start) is refused,
as ``sdreval.evaluate`` refuses the same DataFrame (docs/inputs.md: "Every path (CLI, API,
tables, streaming, parallel, Dask) applies the same rules"); the Dask path dropped the row
and scored the rest: SpanP@3 = 8/8 = 1 from the good row [2, 10) alone."""
from __future__ import annotations

import pandas as pd
import pytest

dask = pytest.importorskip("dask")
dd = pytest.importorskip("dask.dataframe")

import sdreval  # noqa: E402
import sdreval.dask  # noqa: E402
from sdreval.errors import InputError  # noqa: E402

QRELS = pd.DataFrame([{"query_id": "q1", "doc_id": "d1", "start": 0, "end": 10,
                       "relevance": 1}])
RUN = pd.DataFrame({"query_id": ["q1", "q1"], "doc_id": ["d1", "d1"],
                    "start": ["-1", "2"], "end": [10, 10], "score": [1.0, 2.0]})


def test_the_api_refuses_the_bad_row():
    with pytest.raises(InputError, match="start '-1' is not a non-negative integer"):
        sdreval.evaluate(QRELS, RUN, ["SpanP@3"])


def test_dask_refuses_it_too():
    with dask.config.set(scheduler="synchronous"):
        with pytest.raises(InputError, match="start '-1' is not a non-negative integer"):
            sdreval.dask.evaluate(dd.from_pandas(RUN, npartitions=1), QRELS, ["SpanP@3"])
