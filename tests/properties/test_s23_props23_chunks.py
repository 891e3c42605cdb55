"""A chunk-ID run read through its chunk map scores as the span run of its chunks, given as
records or as a TREC file (hypothesis)."""
from __future__ import annotations

import os
import tempfile
import warnings

from hypothesis import given
from hypothesis import strategies as st

import sdreval
from props23_common import assert_same, examples
from sdreval.io.spans import chunk_map_from_frame, chunk_run_from_frame

MEASURES = ["SpanP@1", "SpanP@3", "SpanR@2", "SpanR", "SpanIoU@2", "SpanF", "SpanRR(tau=0.5)",
            "SpanHit@2", "SpanRecallUnits(tau=0.3)@3", "CharMAP", "SpanR(budget=15)",
            "SpanP(budget=15)", "MAiP", "iP@0.10"]
span = st.tuples(st.sampled_from(["a", "b", "10", "9"]), st.integers(0, 40),
                 st.integers(1, 20)).map(lambda t: (t[0], t[1], t[1] + t[2]))


@st.composite
def case(draw):
    gold = draw(st.lists(span, min_size=1, max_size=4))
    chunks = draw(st.lists(span, min_size=1, max_size=6, unique=True))
    ids = draw(st.lists(st.sampled_from(["c1", "c2", "c10", "c9", "x", "0", "07", "Z"]),
                        min_size=len(chunks), max_size=len(chunks), unique=True))
    ranked = draw(st.lists(st.sampled_from(range(len(chunks))), min_size=1, max_size=6,
                           unique=True))
    return gold, dict(zip(ids, chunks)), [ids[i] for i in ranked]


def values(qrels, run):
    table = sdreval.evaluate(qrels, run, MEASURES, per_topic=True)
    return {(t, m): v for t, m, v in zip(table.topic, table.measure, table.value)}


@examples(8)
@given(case())
def test_chunk_ids_through_the_chunk_map_score_as_their_spans(data):
    gold, chunks, ranked = data
    qrels = [{"query_id": "q", "doc_id": d, "start": s, "end": e, "relevance": 1}
             for d, s, e in gold]
    spans = [{"query_id": "q", "doc_id": chunks[c][0], "start": chunks[c][1],
              "end": chunks[c][2], "score": float(10 - i)} for i, c in enumerate(ranked)]
    chunk_map = chunk_map_from_frame([{"chunk_id": c, "doc_id": d, "start": s, "end": e}
                                      for c, (d, s, e) in chunks.items()])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        want = values(qrels, spans)
        by_id = chunk_run_from_frame([{"query_id": "q", "chunk_id": c, "score": float(10 - i)}
                                      for i, c in enumerate(ranked)], chunk_map)
        assert_same(values(qrels, by_id), want, 0)
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "run.txt")
            with open(path, "w") as out:
                out.writelines(f"q Q0 {c} {i + 1} {10 - i} r\n" for i, c in enumerate(ranked))
            from_file = sdreval.read_run(path, chunk_map=chunk_map)
            assert_same(values(qrels, from_file), want, 0)
