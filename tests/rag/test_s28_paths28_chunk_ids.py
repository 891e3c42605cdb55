"""A chunk-ID run against span judgements without its chunk map is refused on every path:
``sdreval eval`` refused it while :func:`sdreval.evaluate` (paths or objects) and
:func:`sdreval.api.report` scored P@5 0.0 with a warning.  One rule
(:func:`sdreval.measures.doc_ids.check_chunk_ids`), one text; only the option is spelt as the
caller spells it."""
from __future__ import annotations

import pytest
from click.testing import CliRunner

import sdreval
import sdreval.api
from sdreval.cli.main import cli
from sdreval.data import example_path
from sdreval.errors import InputError

RAG = example_path("rag")
QRELS, RUN = str(RAG / "qrels.jsonl"), str(RAG / "runs" / "fixed.txt")
TEXT = ("run bm25-fixed: none of its result ids is a document of the span judgements: is it a "
        "chunk-ID run? Give the chunk map ({} with chunk_id, doc_id, start, end), and a table "
        "run its chunk ids in a chunk_id column")


def test_cli_refuses():
    result = CliRunner().invoke(cli, ["eval", QRELS, RUN, "-m", "P@5"])
    assert result.exit_code == 1
    assert f"{RUN}: error: " + TEXT.format("--chunk-map FILE") in result.stderr


@pytest.mark.parametrize("objects", [False, True])
def test_api_refuses(objects):
    qrels, run = (sdreval.read_qrels(QRELS), sdreval.read_run(RUN)) if objects else (QRELS, RUN)
    with pytest.raises(InputError) as raised:
        sdreval.evaluate(qrels, run, "P@5")
    assert raised.value.problems[0].message == TEXT.format("read_run(path, chunk_map=FILE)")
    assert raised.value.problems[0].file == RUN


def test_report_refuses(tmp_path):
    with pytest.raises(InputError, match="is it a chunk-ID run"):
        sdreval.api.report(QRELS, RUN, ["P@5"], tmp_path / "r.html")


def test_api_with_the_map_scores():
    """The same run read with its map is scored (the refusal is about the ids only):
    q01's first five chunks hold one relevant span of its qrels, so P@5 is not 0 there."""
    run = sdreval.read_run(RUN, chunk_map=str(RAG / "chunks" / "fixed.jsonl"))
    table = sdreval.evaluate(QRELS, run, "P@5")
    assert table["value"].iloc[0] > 0


def test_table_of_chunk_ids_in_doc_id_with_the_map(tmp_path):
    """A CSV run whose doc_id column holds chunk ids, given with --chunk-map: eval printed
    P@5 0.0000 (the check was skipped when a chunk map was given; only TREC runs are mapped
    by it), sdreval.evaluate refused the same table.  Both refuse it now."""
    table = tmp_path / "chunks.csv"
    table.write_text("query_id,doc_id,score\n" + "".join(
        f"{line.split()[0]},{line.split()[2]},{line.split()[4]}\n"
        for line in open(RUN, encoding="utf-8")))
    chunk_map = str(RAG / "chunks" / "fixed.jsonl")
    result = CliRunner().invoke(cli, ["eval", QRELS, str(table), "-m", "P@5",
                                      "--chunk-map", chunk_map])
    assert result.exit_code == 1
    assert TEXT.replace("bm25-fixed", "chunks").format("--chunk-map FILE") in result.stderr
    with pytest.raises(InputError, match="a table run its chunk ids in a chunk_id column"):
        sdreval.evaluate(QRELS, sdreval.read_run(str(table), chunk_map=chunk_map), "P@5")


def test_budget_curve_refuses_as_budget_does():
    """``sdreval budget`` refused the run with this text; ``budget_curve`` said the run
    retrieves documents (a text that does not name the chunk map as the cause)."""
    result = CliRunner().invoke(cli, ["budget", QRELS, RUN])
    assert result.exit_code == 1 and TEXT.format("--chunk-map FILE") in result.stderr
    with pytest.raises(InputError) as raised:
        sdreval.api.budget_curve(QRELS, RUN)
    assert raised.value.problems[0].message == TEXT.format("read_run(path, chunk_map=FILE)")
