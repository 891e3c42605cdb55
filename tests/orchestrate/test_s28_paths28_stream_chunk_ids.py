"""``eval --stream`` with a chunk-ID run against span judgements and no chunk map printed
P@5 0.0000 (a warning only) where ``eval`` without ``--stream`` (and ``--jobs``) refuses it:
a streamed run was never checked whole.  A streamed document run against span judgements is
now checked part by part: one that names no judged document in any part is refused, as read
whole."""
from __future__ import annotations

from click.testing import CliRunner

from sdreval.cli.main import cli
from sdreval.data import example_path

RAG = example_path("rag")
QRELS, RUN = str(RAG / "qrels.jsonl"), str(RAG / "runs" / "fixed.txt")


def test_stream_refuses_chunk_ids():
    result = CliRunner().invoke(cli, ["eval", QRELS, RUN, "-m", "P@5", "--stream"])
    assert result.exit_code == 1
    assert (f"{RUN}: error: run bm25-fixed: none of its result ids is a document of the span "
            "judgements: is it a chunk-ID run? Give the chunk map (--chunk-map FILE"
            ) in result.stderr


def test_stream_document_run_same_numbers(tmp_path):
    """A run of the judged documents themselves: the same table streamed or not."""
    run = tmp_path / "docs.txt"
    run.write_text("q01 Q0 doc00 1 2.0 d\nq01 Q0 doc13 2 1.0 d\nq02 Q0 doc11 1 1.0 d\n")
    args = ["eval", QRELS, str(run), "-m", "P@2", "-q"]
    whole = CliRunner().invoke(cli, args)
    streamed = CliRunner().invoke(cli, args + ["--stream"])
    assert whole.exit_code == streamed.exit_code == 0
    assert streamed.stdout == whole.stdout
    assert "d\tP@2\tq01\t0.5000" in whole.stdout  # doc00 holds q01's span, doc13 does not
    assert "--stream does not apply" not in streamed.stderr  # streamed, checked part by part


def test_stream_api_refuses_chunk_ids():
    """The streamed evaluation of the Python API applies the rule too (it scored 0)."""
    import pytest

    from sdreval.errors import InputError
    from sdreval.io import read_qrels
    from sdreval.orchestrate.stream import evaluate_stream

    with pytest.raises(InputError, match="is it a chunk-ID run"):
        evaluate_stream(read_qrels(QRELS), RUN, ["P@5"])
