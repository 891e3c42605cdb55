"""--compat chroma on gold with an excerpt given twice: Chroma's evaluation code
(brandonstarxel/chunking_evaluation, ``base_evaluation.py``) keeps the references as listed:
recall divides by Σ|g_j| over every listed reference and IoU adds each listed reference's
unretrieved characters.  Before the fix the repeat was dropped when reading (a warning), so
``--compat chroma`` gave recall 1 where Chroma gives 0.5.  The default measures still read the
gold once (the union of the gold text)."""
from __future__ import annotations

import pytest

import sdreval.api as api

GOLD = [{"query_id": "q", "doc_id": "d", "start": 40, "end": 60, "relevance": 1}] * 2 + \
    [{"query_id": "q", "doc_id": "d", "start": 200, "end": 210, "relevance": 1}]
RUN = [{"query_id": "q", "doc_id": "d", "start": 0, "end": 100, "score": 2.0},
       {"query_id": "q", "doc_id": "d", "start": 150, "end": 205, "score": 1.0}]


def _values(**options):
    with pytest.warns(UserWarning, match="passage 40-60 repeats row 0"):
        table = api.evaluate(GOLD, RUN, ["SpanR@1", "SpanIoU@1", "SpanR", "SpanIoU", "SpanP"],
                             **options)
    return dict(zip(table["measure"], table["value"]))


def test_compat_chroma_counts_each_listed_excerpt():
    # Chroma: Σ|g_j| = 20 + 20 + 10 = 50.  Top 1 [0, 100): N = 20, unretrieved of the listed
    # excerpts 0 + 0 + 10.  Top 2 adds [150, 205): N = 25, unretrieved 0 + 0 + 5.
    assert _values(compat="chroma") == {
        "SpanR@1": pytest.approx(20 / 50), "SpanIoU@1": pytest.approx(20 / (100 + 10)),
        "SpanR": pytest.approx(25 / 50), "SpanIoU": pytest.approx(25 / (155 + 5)),
        "SpanP": pytest.approx(25 / 155)}


def test_default_reads_the_gold_once():
    # G = [40, 60) ∪ [200, 210): 30 characters
    values = _values()
    assert values["SpanR@1"] == pytest.approx(20 / 30)
    assert values["SpanR"] == pytest.approx(25 / 30)


def test_repeats_kept_in_tokens():
    from sdreval.io.spans import Documents, qrels_in_tokens, span_qrels_from_frame

    docs = Documents({"d": "one two three four five"})  # tokens: one [0,3) two [4,7) ...
    gold = [{"query_id": "q", "doc_id": "d", "start": 4, "end": 13, "relevance": 1}] * 3
    with pytest.warns(UserWarning, match="repeats row 0"):
        qrels = span_qrels_from_frame(gold, docs)
    passages = qrels_in_tokens(qrels, docs).topics["q"].passages["d"]
    assert passages.ranges == [(1, 2)] and passages.repeats == {(1, 2): 2}
