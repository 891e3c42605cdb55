"""A chunk-ID run cut into topic partitions (``--jobs``, Dask) keeps its chunking: SpanOmega
and ``retrieve=-1`` need the chunk map, and ``--order rsv`` breaks ties by chunk id.  Before
the fix a partition was a plain run: ``--jobs 2`` refused SpanOmega as if no chunk map had
been given, and ``--order rsv --jobs 2`` failed with a TypeError."""
from __future__ import annotations

import pytest

import sdreval.api as api
from sdreval.io.spans import chunk_map_from_frame, chunk_run_from_frame


def _inputs():
    # one document, chunks of 100 characters every 50; gold [40, 60) for q1, [120, 130) for q2
    chunk_map = chunk_map_from_frame([{"chunk_id": f"c{i}", "doc_id": "d", "start": s,
                                       "end": s + 100} for i, s in enumerate((0, 50, 100))])
    run = chunk_run_from_frame(
        [{"query_id": "q1", "chunk_id": "c0", "score": 2.0},
         {"query_id": "q1", "chunk_id": "c1", "score": 1.0},
         {"query_id": "q2", "chunk_id": "c1", "score": 1.0},
         {"query_id": "q2", "chunk_id": "c2", "score": 1.0}], chunk_map)
    gold = [{"query_id": "q1", "doc_id": "d", "start": 40, "end": 60, "relevance": 1},
            {"query_id": "q2", "doc_id": "d", "start": 120, "end": 130, "relevance": 1}]
    return gold, run


def test_span_omega_and_retrieve_under_jobs_equal_the_serial_numbers():
    gold, run = _inputs()
    names = ["SpanOmega", "SpanP(retrieve=-1)", "SpanP@1"]
    serial = api.evaluate(gold, run, names, compat="chroma", per_topic=True)
    parallel = api.evaluate(gold, run, names, compat="chroma", per_topic=True, jobs=2)
    values = parallel.set_index(["topic", "measure"])["value"]
    # q1: chunks touching [40, 60): c0 [0,100), c1 [50,150) -> omega 20/150, k = 2
    # q2: chunks touching [120, 130): c1, c2 [100,200) -> omega 10/150, k = 2
    # q2's ties (score 1.0) by chunk id descending: c2 first; SpanP@1 = 10/100
    assert values[("q1", "SpanOmega")] == pytest.approx(20 / 150)
    assert values[("q2", "SpanOmega")] == pytest.approx(10 / 150)
    assert values[("q1", "SpanP(retrieve=-1)")] == pytest.approx(20 / 200)
    assert values[("q2", "SpanP@1")] == pytest.approx(10 / 100)
    assert parallel.equals(serial)


def test_order_rsv_under_jobs_equals_the_serial_numbers():
    gold, run = _inputs()
    serial = api.evaluate(gold, run, ["SpanP@1"], per_topic=True, order="rsv")
    parallel = api.evaluate(gold, run, ["SpanP@1"], per_topic=True, order="rsv", jobs=2)
    assert parallel.set_index(["topic", "measure"])["value"][("q2", "SpanP@1")] == \
        pytest.approx(10 / 100)
    assert parallel.equals(serial)
