"""The same document under two ids (a path spelled two ways): gold under one id and the
retrieved chunk under the other share no character, so the run scores 0 on the gold it
retrieved, and nothing said why.  The documents file shows it: one warning names the ids that
hold the same text."""
from __future__ import annotations

import json

from sdreval.errors import ProblemLog
from sdreval.io.spans import read_documents

TEXT = "The answer is forty-two. Nothing else here."


def test_a_text_under_two_ids_is_named_in_a_warning(tmp_path, sdreval_cli):
    (tmp_path / "docs.jsonl").write_text(
        json.dumps({"doc_id": "a.md", "text": TEXT}) + "\n"
        + json.dumps({"doc_id": "./a.md", "text": TEXT}) + "\n")
    (tmp_path / "gold.jsonl").write_text(json.dumps(
        {"query_id": "q", "doc_id": "a.md", "start": 0, "end": 24, "relevance": 1}) + "\n")
    (tmp_path / "run.jsonl").write_text(json.dumps(
        {"query_id": "q", "doc_id": "./a.md", "start": 0, "end": 24, "score": 1}) + "\n")
    done = sdreval_cli("eval", tmp_path / "gold.jsonl", tmp_path / "run.jsonl", "--documents",
                       tmp_path / "docs.jsonl", "-m", "SpanR")
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().endswith("0.0000")  # no gold character retrieved under a.md
    assert ("docs.jsonl: warning: 1 pair(s) of documents hold the same text under two ids "
            "(a.md and ./a.md (line 2)): a span of one is not a span of the other"
            ) in done.stderr


def test_distinct_or_empty_texts_are_not_flagged(tmp_path):
    (tmp_path / "docs.jsonl").write_text("".join(
        json.dumps({"doc_id": d, "text": t}) + "\n"
        for d, t in (("a", TEXT), ("b", TEXT + " "), ("c", ""), ("d", ""))))
    log = ProblemLog()
    read_documents(tmp_path / "docs.jsonl", log)
    assert not log.warnings and not log.errors
