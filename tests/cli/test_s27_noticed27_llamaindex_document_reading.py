"""A dumped LlamaIndex Document (``Document.model_dump()``: ``id_``, ``relationships``,
``text``, ``start_char_idx`` ... as a TextNode's dump) has the keys of dumped nodes, so
``validate`` reads it as a chunk map; it said only "chunk-map" and a user checking their
documents could not tell why.  The output now says which reading was chosen and how to pick
the other (``--format documents``), which then reads it as documents."""
import json

from click.testing import CliRunner

from sdreval.cli.main import cli

TEXT = "Alpha beta gamma. Delta epsilon zeta."
NOTE = ("(read as LlamaIndex nodes: a dumped LlamaIndex Document has the same keys; "
        "--format documents reads it as documents)")


def _document() -> dict:
    """A Document as model_dump() writes it (llama_index.core.schema, a TextNode's fields)."""
    return {"id_": "doc-1", "embedding": None, "metadata": {"file_name": "a.txt"},
            "excluded_embed_metadata_keys": [], "excluded_llm_metadata_keys": [],
            "relationships": {}, "metadata_template": "{key}: {value}",
            "metadata_separator": "\n", "text": TEXT, "mimetype": "text/plain",
            "start_char_idx": None, "end_char_idx": None,
            "text_template": "{metadata_str}\n\n{content}", "class_name": "Document"}


def test_validate_says_the_reading_and_the_other(tmp_path):
    path = tmp_path / "docs.jsonl"
    path.write_text(json.dumps(_document()) + "\n")
    docs = tmp_path / "plain.jsonl"
    docs.write_text(json.dumps({"doc_id": "doc-1", "text": TEXT}) + "\n")
    got = CliRunner().invoke(cli, ["validate", str(path), "--documents", str(docs)])
    assert got.exit_code == 0, got.output
    assert f"ok: chunk-map, 1 chunks {NOTE}; 0 error(s)" in got.stdout
    other = CliRunner().invoke(cli, ["validate", "--format", "documents", str(path)])
    assert other.exit_code == 0, other.output
    assert "ok: documents, 1 documents; 0 error(s)" in other.stdout


def test_a_chunk_map_of_plain_keys_has_no_note(tmp_path):
    path = tmp_path / "chunks.jsonl"
    path.write_text(json.dumps({"chunk_id": "c", "doc_id": "d", "start": 0, "end": 3}) + "\n")
    got = CliRunner().invoke(cli, ["validate", str(path)])
    assert "ok: chunk-map, 1 chunks; 0 error(s)" in got.stdout
