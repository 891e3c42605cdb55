"""A chunk-ID run (a Dask DataFrame of chunk ids in ``doc_id``) against span judgements:
``sdreval.evaluate`` refuses it (no result id is a judged document), ``sdreval.dask.evaluate``
scored every topic 0.  The partitions now say whether they name a judged document, and the
run is refused when none does (one rule: :mod:`sdreval.measures.doc_ids`); a run whose
judged documents lie in one partition only is scored as when read whole."""
from __future__ import annotations

import pandas as pd
import pytest

dask = pytest.importorskip("dask")
dd = pytest.importorskip("dask.dataframe")

import sdreval  # noqa: E402
import sdreval.dask  # noqa: E402
from sdreval.errors import InputError  # noqa: E402

QRELS = pd.DataFrame([{"query_id": "q1", "doc_id": "d1", "start": 0, "end": 10,
                       "relevance": 1},
                      {"query_id": "q2", "doc_id": "d2", "start": 0, "end": 10,
                       "relevance": 1}])
CHUNKS = pd.DataFrame({"query_id": ["q1", "q1", "q2"], "doc_id": ["d1-c0", "d1-c1", "d2-c0"],
                       "score": [2.0, 1.0, 1.0]})
SAID = "run run: none of its result ids is a document of the span judgements"


def test_api_and_dask_refuse():
    with pytest.raises(InputError, match=SAID):
        sdreval.evaluate(QRELS, CHUNKS, ["P@2"])
    with dask.config.set(scheduler="synchronous"):
        with pytest.raises(InputError, match=SAID):
            sdreval.dask.evaluate(dd.from_pandas(CHUNKS, npartitions=2), QRELS, ["P@2"])


def test_judged_in_one_partition_only():
    """q1's rows (partition 1) name d1; q2's (partition 2) only a chunk id: not refused, and
    P@2 is 1/2 on q1 (d1 judged relevant), 0 on q2, as the run read whole gives."""
    run = CHUNKS.assign(doc_id=["d1", "d1-c1", "d2-c0"])
    whole = sdreval.evaluate(QRELS, run, ["P@2"], per_topic=True)
    with dask.config.set(scheduler="synchronous"):
        parts = sdreval.dask.evaluate(dd.from_pandas(run, npartitions=2), QRELS, ["P@2"])
    assert parts["value"].tolist() == [0.5, 0.0]
    assert whole["value"].tolist()[:2] == [0.5, 0.0]
