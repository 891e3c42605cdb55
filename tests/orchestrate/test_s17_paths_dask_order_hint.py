"""A run in a Dask DataFrame with a rank column is ranked by its ranks, as the same rows in a
pandas DataFrame given to ``sdreval.api.evaluate`` (file order); where that is not trec_eval's
order, both say so with the same warning, counted over the partitions as for the whole run."""
from __future__ import annotations

import warnings

import pandas as pd
import pytest

from sdreval import api

dd = pytest.importorskip("dask.dataframe")
dask = pytest.importorskip("dask")

import sdreval.dask  # noqa: E402

QRELS = pd.DataFrame({"query_id": ["1", "1", "2", "3"], "doc_id": ["a", "b", "c", "d"],
                      "relevance": [1, 0, 1, 1]})
# topics 1 and 2 list a lower score first (ranks say so); topic 3 is in trec_eval's order
RUN = pd.DataFrame({"query_id": ["1", "1", "2", "2", "3", "3"],
                    "doc_id": ["a", "b", "x", "c", "d", "y"],
                    "score": [1.0, 2.0, 0.5, 0.9, 3.0, 1.0], "rank": [1, 2, 1, 2, 1, 2]})
HINT = ("run r: 2 topic(s) list results out of trec_eval's order (RSV descending, then "
        "document id descending); ranked in file order (the INEX convention); --order rsv "
        "ranks as trec_eval does")


def test_the_dask_path_gives_the_hint_of_the_pandas_path():
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        table = api.evaluate(QRELS, {"r": RUN}, ["P@1"], per_topic=True)
    # as Python spells the option (order='rsv'); the context keeps the commands' text
    said = HINT.replace("--order rsv", "order='rsv'")
    assert f"sdreval: warning: {said}" in [str(w.message) for w in caught]
    ctx = api.context()
    frame = dd.from_pandas(RUN, npartitions=1).shuffle("query_id", npartitions=3)
    with dask.config.set(scheduler="sync"):
        got = sdreval.dask.evaluate(frame, QRELS, ["P@1"], ctx, name="r")
    assert ctx.warnings.count(HINT) == 1, ctx.warnings
    values = dict(zip(got["topic"], got["value"]))
    assert values == {"1": 1.0, "2": 0.0, "3": 1.0}  # by the ranks: a, x, d first
    assert dict(zip(table["topic"], table["value"])) == {**values, "all": 2 / 3}
