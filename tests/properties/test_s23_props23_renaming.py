"""Renaming topics, documents or the run consistently (a bijection on ids, onto ids that sort
differently as text and as numbers) changes no value (hypothesis)."""
from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from props23_common import (DOCS, TOPICS, assert_same, examples, qrels_and_run, records,
                            scores)

NEW_TOPICS = ["100", "20", "3", "0010", "z", "Z"]
NEW_DOCS = ["9", "80", "700", "b", "A", "doc-2", "doc-10", "0", "1e3", "-5", "B", "a"]


def renamed(judged, run, topic_map, doc_map):
    new_qrels = {topic_map[t]: {doc_map[d]: g for d, g in docs.items()}
                 for t, docs in judged.items()}
    new_run = {topic_map[t]: [(doc_map[d], s) for d, s in ranked] for t, ranked in run.items()}
    return new_qrels, new_run


@examples(12)
@given(qrels_and_run(), st.permutations(NEW_TOPICS), st.permutations(NEW_DOCS))
def test_a_bijection_on_topic_and_document_ids_changes_no_value(pair, topics, docs):
    judged, run = pair
    topic_map, doc_map = dict(zip(TOPICS, topics)), dict(zip(DOCS, docs))
    want = scores(judged, run)
    got = scores(*renamed(judged, run, topic_map, doc_map))
    back = {("all" if t == "all" else topic_map[t], m): v for (t, m), v in want.items()}
    assert_same(got, back, 1e-9)


@examples(8)
@given(qrels_and_run(ties=True), st.permutations(NEW_DOCS))
def test_renaming_documents_in_the_same_order_keeps_tied_rankings(pair, docs):
    """With ties, trec_eval's order breaks them by document id: a bijection that keeps the
    ids' order (as text) keeps the ranking, so every value."""
    judged, run = pair
    doc_map = dict(zip(sorted(DOCS), sorted(docs)))
    topic_map = {t: t for t in TOPICS}
    for order in ("rsv", "file"):
        want = scores(judged, run, order=order)
        got = scores(*renamed(judged, run, topic_map, doc_map), order=order)
        assert_same(got, want, 1e-9)


@examples(8)
@given(qrels_and_run(), st.sampled_from(["r", "10", "Run B", "9"]))
def test_the_run_name_changes_no_value(pair, name):
    judged, run = pair
    want = scores(judged, records(run))
    got = scores(judged, records(run, name))
    assert_same(got, want, 0)
