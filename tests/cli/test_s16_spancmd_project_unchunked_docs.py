"""project: gold text in a document the chunk map has no chunk of (e.g. doc ids spelled
differently) is named in a warning; before, the projected qrels silently held only the other
documents' chunks, so ID-based recall counted part of the gold text as absent."""
from __future__ import annotations

import json

from click.testing import CliRunner

from sdreval.cli.main import cli

GOLD = [{"query_id": "q1", "doc_id": "d", "start": 0, "end": 12, "relevance": 1},
        {"query_id": "q1", "doc_id": "e", "start": 0, "end": 4, "relevance": 1}]
CHUNKS = [{"chunk_id": "a", "doc_id": "D", "start": 0, "end": 10},  # "D", not "d"
          {"chunk_id": "x", "doc_id": "e", "start": 0, "end": 8}]


def _write(path, rows):
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return str(path)


def test_gold_documents_without_chunks_are_named(tmp_path):
    qrels, chunks = _write(tmp_path / "q.jsonl", GOLD), _write(tmp_path / "c.jsonl", CHUNKS)
    result = CliRunner().invoke(cli, ["project", qrels, chunks])
    assert result.exit_code == 0, result.output
    assert result.stdout == "q1 0 x 1\n"  # e[0, 8) touches e's gold; no chunk of d
    assert "1 document(s) with gold text have no chunk" in result.stderr
    assert "check the doc ids" in result.stderr  # and the id the chunk map may mean (s28)
    assert result.stderr.rstrip().endswith(": d; the chunk map has 'D' for 'd': ids are "
                                           "compared as written, so leading zeros, case and "
                                           "the Unicode form (NFC/NFD) count; write the chunk "
                                           "map's doc ids as the qrels write them")


def test_every_gold_document_chunked_gives_no_such_warning(tmp_path):
    fixed = [dict(c, doc_id="d") if c["doc_id"] == "D" else c for c in CHUNKS]
    qrels, chunks = _write(tmp_path / "q.jsonl", GOLD), _write(tmp_path / "c.jsonl", fixed)
    result = CliRunner().invoke(cli, ["project", qrels, chunks])
    assert result.exit_code == 0, result.output
    assert result.stdout == "q1 0 a 1\nq1 0 x 1\n"
    assert "no chunk" not in result.stderr
