"""A text located without a doc_id: white-space-normalised matches count only when no
document holds the text exactly ("1. exactly; 2. if not found, with white space
normalised", docs/rag.md).  Before the fix the fallback ran document by document, so an
exact copy in one document and a differently spaced copy in another were both kept: two gold
spans (recall halved), "first" picking the normalised copy, a run's chunk refused as
repeated, and the normalised match not named in the warning."""
from __future__ import annotations

import warnings

import pytest

import sdreval.api as api
from sdreval.io.spans import Documents, span_qrels_from_frame, span_run_from_frame

# "The answer is here." exactly in b at [7, 26); in a only with its double space, at [0, 20)
DOCS = Documents({"a": "The  answer is here. Other text.", "b": "Noise. The answer is here."})
TEXT = "The answer is here."


def _ranges(qrels):
    return {d: list(dp.ranges) for tq in qrels.topics.values() for d, dp in tq.passages.items()}


@pytest.mark.parametrize("rule", [None, "all", "first"])
def test_exact_match_in_one_document_wins_over_a_normalised_one(rule):
    record = {"query_id": "q", "gold_text": TEXT}
    if rule:
        record["occurrence"] = rule
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # found once, exactly: nothing to warn about
        qrels = span_qrels_from_frame([record], documents=DOCS)
    assert _ranges(qrels) == {"b": [(7, 19)]}  # (offset, length)
    run = [{"query_id": "q", "doc_id": "b", "start": 7, "end": 26, "score": 1.0}]
    assert api.evaluate(qrels, run, ["SpanR"])["value"].tolist() == [1.0]


def test_run_text_found_exactly_once_is_not_refused_as_repeated():
    run = span_run_from_frame([{"query_id": "q", "text": TEXT, "score": 1.0}], documents=DOCS)
    ranking = run.topics["q"]
    assert list(ranking.docs) == ["b"] and list(ranking.offsets) == [7]
    assert list(ranking.lengths) == [19]


def test_normalised_matches_still_count_when_no_document_has_the_text():
    with pytest.warns(Warning, match="found only with white space normalised"):
        qrels = span_qrels_from_frame([{"query_id": "q", "gold_text": "Other\ntext."}],
                                      documents=DOCS)
    assert _ranges(qrels) == {"a": [(21, 11)]}
