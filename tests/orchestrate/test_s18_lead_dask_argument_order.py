"""``sdreval.dask.evaluate(run_ddf, qrels, measures)`` takes the run first, where
``sdreval.evaluate(qrels, runs, measures)`` takes the qrels first: the arguments given in
``sdreval.evaluate``'s order are refused with a message saying so (it was "cannot read records
of str", naming neither argument)."""
from __future__ import annotations

import pandas as pd
import pytest

dd = pytest.importorskip("dask.dataframe")

from sdreval.errors import UsageError  # noqa: E402
from sdreval.dask import evaluate  # noqa: E402


def test_qrels_first_is_refused_saying_the_order(tmp_path):
    qrels = tmp_path / "qrels.txt"
    qrels.write_text("1 0 d1 1\n")
    run = dd.from_pandas(pd.DataFrame({"query_id": ["1"], "doc_id": ["d1"], "score": [1.0]}),
                         npartitions=1)
    with pytest.raises(UsageError, match="takes the run first"):
        evaluate(str(qrels), run, ["map"])
    assert float(evaluate(run, str(qrels), ["map"])["value"].iloc[-1]) == 1.0
