"""--documents is read only by span inputs (span qrels, span and chunk-ID runs, chunk maps;
docs/rag.md).  One rule (cli.eval_inputs.unused_documents), used by eval (every path),
convert and validate: given with no such input it is said to be unused (a warning; the output
is the same without it).  Before, eval --jobs 2 and --stream read span qrels without the
documents (an offset beyond the document's end was not refused: exit 0 with a value, where
eval refuses it, exit 1), validate checked a chunk map without them, and every command was
silent when the documents were not read."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from sdreval.cli.main import cli

UNUSED = "--documents not used"


@pytest.fixture
def files(tmp_path):
    text = "x" * 749
    (tmp_path / "docs.jsonl").write_text(json.dumps({"doc_id": "d0", "text": text}) + "\n"
                                         + json.dumps({"doc_id": "d1", "text": text}) + "\n")
    (tmp_path / "bad.jsonl").write_text(  # a gold span beyond the end of d0 (749 chars)
        json.dumps({"query_id": "q1", "doc_id": "d0", "start": 400, "end": 9999,
                    "relevance": 1}) + "\n"
        + json.dumps({"query_id": "q2", "doc_id": "d1", "start": 100, "end": 300,
                      "relevance": 1}) + "\n")
    (tmp_path / "run.txt").write_text("q1 Q0 d0 1 2.0 r 400 50\nq2 Q0 d1 1 2.0 r 100 100\n")
    (tmp_path / "qrels.fol").write_text("q1 0 d0 10 5 0:5\nq2 0 d1 10 5 0:5\n")
    (tmp_path / "chunks.jsonl").write_text(
        json.dumps({"chunk_id": "c1", "doc_id": "d0", "start": 0, "end": 9999}) + "\n")
    return tmp_path


def _run(*args):
    return CliRunner().invoke(cli, list(map(str, args)))


@pytest.mark.parametrize("how", [(), ("--jobs", "2"), ("--stream",)])
def test_span_qrels_checked_against_documents_on_every_path(files, how):
    result = _run("eval", files / "bad.jsonl", files / "run.txt", "-m", "MAiP",
                  "--documents", files / "docs.jsonl", *how)
    assert result.exit_code == 1, result.output
    assert "reaches beyond the end of document d0 (749 chars)" in result.output


@pytest.mark.parametrize("how", [(), ("--jobs", "2"), ("--stream",)])
def test_eval_says_documents_unused_on_every_path(files, how):
    plain = _run("eval", files / "qrels.fol", files / "run.txt", "-m", "MAiP", *how)
    given = _run("eval", files / "qrels.fol", files / "run.txt", "-m", "MAiP",
                 "--documents", files / "docs.jsonl", *how)
    assert plain.exit_code == given.exit_code == 0, given.output
    assert UNUSED not in plain.output
    assert given.output.count(UNUSED) == 1
    assert "read as fol-qrels, passage-run" in given.output
    assert plain.stdout == given.stdout  # the same numbers


def test_compare_reads_as_eval(files):
    result = _run("compare", files / "qrels.fol", files / "run.txt", files / "run.txt",
                  "-m", "MAiP", "--documents", files / "docs.jsonl")
    assert UNUSED in result.output


def test_convert_says_documents_unused(files):
    result = _run("convert", files / "run.txt", files / "out.txt",
                  "--documents", files / "docs.jsonl")
    assert result.exit_code == 0, result.output
    assert UNUSED in result.output and "read as passage-run" in result.output


def test_validate_says_documents_unused_only_without_span_inputs(files):
    result = _run("validate", files / "qrels.fol", "--documents", files / "docs.jsonl")
    assert result.exit_code == 0, result.output
    assert UNUSED in result.output
    used = _run("validate", files / "qrels.fol", files / "bad.jsonl",
                "--documents", files / "docs.jsonl")
    assert used.exit_code == 1 and UNUSED not in used.output


def test_validate_checks_chunk_map_against_documents(files):
    result = _run("validate", files / "chunks.jsonl", "--documents", files / "docs.jsonl")
    assert result.exit_code == 1, result.output
    assert "reaches beyond the end of document d0 (749 chars)" in result.output
