"""``validate`` detects chunk maps and documents (span evaluation's ``--chunk-map FILE`` and
``--documents FILE``) but ``--format`` could not force them: ``--format chunk-map`` was an
unknown format (exit 2), so a chunk map whose first record lacks a key, which detection cannot
name, could not be checked line by line."""
from __future__ import annotations

from click.testing import CliRunner

from sdreval.cli.main import cli
from sdreval.data import example_path

RAG = example_path("rag")


def _validate(*args):
    return CliRunner().invoke(cli, ["validate", *map(str, args)])


def test_format_chunk_map_reads_a_chunk_map_detection_cannot_name(tmp_path):
    path = tmp_path / "chunks.jsonl"
    path.write_text('{"chunk_id": "c1", "doc_id": "d", "start": 0}\n'
                    '{"chunk_id": "c2", "doc_id": "d", "start": 0, "end": 5}\n')
    assert "format not recognised" in _validate(path).stdout
    result = _validate("--format", "chunk-map", path)
    assert result.exit_code == 1, result.output
    assert result.stdout.startswith(f"{path}:1: error: end ")
    assert f"{path}: INVALID: chunk-map" in result.stdout


def test_format_documents_and_a_good_chunk_map(tmp_path):
    path = tmp_path / "docs.jsonl"
    path.write_text('{"doc_id": "d"}\n')
    result = _validate("--format", "documents", path)
    assert result.exit_code == 1
    assert "documents need the keys doc_id, text (missing: text" in result.stdout
    result = _validate("--format", "Chunk-Map", RAG / "chunks" / "fixed.jsonl")
    assert result.exit_code == 0 and ": ok: chunk-map, 63 chunks" in result.stdout
    result = _validate("--format", "documents", RAG / "documents.jsonl")
    assert result.exit_code == 0 and ": ok: documents, 14 documents" in result.stdout


def test_unknown_format_and_help_name_them():
    result = _validate("--format", "bogus", RAG / "documents.jsonl")
    assert result.exit_code == 2
    assert result.stderr.rstrip().endswith("collection, chunk-map, documents")
    help_text = " ".join(CliRunner().invoke(cli, ["validate", "--help"]).stdout.split())
    assert "collection, chunk-map, documents." in help_text
