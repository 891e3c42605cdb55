"""Judgements counted in tokens, and an element or document run placed through the collection.

The CLI (``--span-unit tokens --collection DIR``) refused a document run, but the Python API
did not: ``api.evaluate(qrels_in_tokens(qrels, documents), [run], "MAiP", collection=DIR)``
placed the document in characters (45 of them) against gold counted in tokens (2 of 9) and
printed MAiP 0.0444 with exit 0, neither the characters' 0.2222 nor the tokens' 0.2222 (the
whole document retrieved, 2 relevant of 9 tokens: iP = 2/9 at every recall level it reaches).
The refusal is now made where the run is placed (measures/passage/placing.as_passage_run), reached
from both.  A document measure (AP) needs no placing and is scored in the CLI: AP = 1/1."""
from __future__ import annotations

import json
import warnings

import pytest
from click.testing import CliRunner

from sdreval import api, read_qrels, read_run
from sdreval.cli.main import cli
from sdreval.errors import UsageError
from sdreval.io.spans import read_documents
from sdreval.io.spans.documents import qrels_in_tokens, run_in_tokens

TEXT = "alpha beta gamma delta epsilon zeta eta theta"


def _inputs(tmp_path):
    (tmp_path / "coll").mkdir()
    (tmp_path / "coll" / "d1.xml").write_text(f"<article><p>{TEXT}</p></article>")
    (tmp_path / "docs.jsonl").write_text("".join(
        json.dumps({"doc_id": d, "text": f"{TEXT} {d}"}) + "\n" for d in ("d1", "d2")))
    (tmp_path / "q.fol").write_text(f"q1 Q0 d1 10 {len(TEXT)} 6 6:10\n")  # 'beta gamma'
    (tmp_path / "d.txt").write_text("q1 Q0 d1 1 1 r\n")
    (tmp_path / "e.txt").write_text("q1 Q0 d1 1 1 r /article[1]/p[1]\n")
    return read_documents(tmp_path / "docs.jsonl"), read_qrels(tmp_path / "q.fol")


@pytest.mark.parametrize("measure", ["MAiP", "SpanR"])
@pytest.mark.parametrize("name, unit", [("d.txt", "document"), ("e.txt", "element")])
def test_api_refuses_runs_placed_in_characters(tmp_path, measure, name, unit):
    documents, qrels = _inputs(tmp_path)
    tokens = qrels_in_tokens(qrels, documents)
    assert tokens["q1"].passages["d1"].ranges == [(1, 2)]  # 'beta gamma': tokens 1 and 2
    run = read_run(tmp_path / name)
    if unit == "document":
        run = run_in_tokens(run, documents)  # returned as it is (no offsets)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        with pytest.raises(UsageError, match=f"run r retrieves {unit}s, which the passage and "
                                             "span measures place through the collection in "
                                             "characters, not tokens"):
            api.evaluate(tokens, [run], measure, collection=tmp_path / "coll")
        # in characters the same inputs are placed and scored: MAiP = 10/45 (whole document)
        chars = api.evaluate(qrels, [read_run(tmp_path / name)], "MAiP",
                             collection=tmp_path / "coll")
    assert chars["value"].tolist() == pytest.approx([10 / len(TEXT)])


def test_cli_scores_document_measures_of_a_document_run(tmp_path):
    _inputs(tmp_path)
    args = ["eval", str(tmp_path / "q.fol"), str(tmp_path / "d.txt"), "--collection",
            str(tmp_path / "coll"), "--documents", str(tmp_path / "docs.jsonl"),
            "--span-unit", "tokens"]
    result = CliRunner().invoke(cli, [*args, "-m", "AP"])
    assert result.exit_code == 0, result.output
    assert result.stdout == "r\tAP\tall\t1.0000\n"  # d1 judged relevant, ranked first: 1/1
    result = CliRunner().invoke(cli, [*args, "-m", "MAiP"])
    assert result.exit_code == 2, result.output
    assert "run r retrieves documents, which the passage and span measures" in result.stderr
