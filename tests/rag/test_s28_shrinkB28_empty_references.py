"""Chroma's chunking evaluation questions (Smith & Troynikov, 2024) with an empty
``references`` list: the question holds no gold excerpt, its row is left out and one warning
names it (the rule of every empty list of texts, as an empty ``reference_contexts``)."""
from __future__ import annotations

import json

from sdreval.errors import ProblemLog
from sdreval.io.spans import read_documents, span_qrels_from_frame

TEXT = "Alpha beta gamma. Delta epsilon zeta."


def test_an_empty_references_list_is_left_out_with_a_warning(tmp_path):
    (tmp_path / "docs.jsonl").write_text(json.dumps({"doc_id": "c.md", "text": TEXT}) + "\n")
    refs = [{"content": "Delta epsilon zeta.", "start_index": 18, "end_index": 37}]
    records = [{"question": "q1", "references": json.dumps(refs), "corpus_id": "c.md"},
               {"question": "q2", "references": "[]", "corpus_id": "c.md"}]
    log = ProblemLog()
    qrels = span_qrels_from_frame(records, read_documents(tmp_path / "docs.jsonl"), log)
    assert list(qrels.topics) == ["q1"]
    assert qrels.topics["q1"].passages["c.md"].ranges == [(18, 19)]
    assert not log.errors
    assert [w.message for w in log.warnings] == [
        "1 row(s) with an empty references list (row 1): no gold text for the question there"]
