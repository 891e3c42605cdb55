"""``--span-unit tokens`` on inputs that hold no spans, or whose spans are made later.

* Document judgements (TREC qrels, RAGAS samples) were dropped by ``qrels_in_tokens``, which
  rebuilt the qrels from their passages only: the topic read as judged with nothing relevant,
  no mean was printed, and with ``--zero-rel-as-zero`` AP 0.0000 was printed, exit 0 (the run
  ranks the relevant document second: AP = (1/2) / 1 = 0.5 in any unit).  Document
  judgements and document runs hold no offsets and are kept as they are; a warning says that
  neither option was used.
* An element run (or a document run with ``--collection``) is placed through the XML
  collection in characters when the passage and span measures are computed, while the gold
  was counted in tokens: SpanR, MAiP and the like compared tokens with characters (exit 0).
  Refused now, saying how to count it in tokens."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from sdreval import read_qrels, read_run
from sdreval.cli.main import cli
from sdreval.errors import UsageError
from sdreval.io.spans import read_documents
from sdreval.io.spans.documents import qrels_in_tokens, run_in_tokens

TEXT = "alpha beta gamma delta epsilon zeta eta theta"


def _documents(tmp_path):
    path = tmp_path / "docs.jsonl"
    path.write_text("".join(json.dumps({"doc_id": d, "text": f"{TEXT} {d}"}) + "\n"
                            for d in ("d1", "d2")))
    return path


@pytest.mark.parametrize("zero", [[], ["--zero-rel-as-zero"]])
def test_document_judgements_are_kept(tmp_path, zero):
    (tmp_path / "q.txt").write_text("q1 0 d1 1\nq1 0 d2 0\n")
    (tmp_path / "r.txt").write_text("q1 Q0 d2 1 2 r\nq1 Q0 d1 2 1 r\n")
    result = CliRunner().invoke(cli, ["eval", str(tmp_path / "q.txt"), str(tmp_path / "r.txt"),
                                      "-m", "AP", "--documents", str(_documents(tmp_path)),
                                      "--span-unit", "tokens", *zero])
    assert result.exit_code == 0, result.output
    assert result.stdout == "r\tAP\tall\t0.5000\n"
    assert "--span-unit tokens and --documents not used: no input holds spans" in result.stderr


def test_python_converters_keep_document_inputs(tmp_path):
    (tmp_path / "q.txt").write_text("q1 0 d1 1\nq1 0 d2 0\n")
    (tmp_path / "r.txt").write_text("q1 Q0 d2 1 2 r\nq1 Q0 d1 2 1 r\n")
    documents = read_documents(_documents(tmp_path))
    qrels, run = read_qrels(tmp_path / "q.txt"), read_run(tmp_path / "r.txt")
    assert qrels_in_tokens(qrels, documents)["q1"].elements == qrels["q1"].elements
    assert run_in_tokens(run, documents) is run


def test_runs_placed_through_the_collection_are_refused(tmp_path):
    (tmp_path / "coll").mkdir()
    (tmp_path / "coll" / "d1.xml").write_text(f"<article><p>{TEXT}</p></article>")
    (tmp_path / "q.fol").write_text(f"q1 Q0 d1 10 {len(TEXT)} 6 6:10\n")
    (tmp_path / "e.txt").write_text("q1 Q0 d1 1 1 r /article[1]/p[1]\n")
    (tmp_path / "d.txt").write_text("q1 Q0 d1 1 1 r\n")
    for run, unit in (("e.txt", "element"), ("d.txt", "document")):
        result = CliRunner().invoke(cli, [
            "eval", str(tmp_path / "q.fol"), str(tmp_path / run), "-m", "SpanR",
            "--collection", str(tmp_path / "coll"), "--documents", str(_documents(tmp_path)),
            "--span-unit", "tokens"])
        assert result.exit_code == 2, result.output
        assert f"run r retrieves {unit}s, which the passage and span measures place through " \
               "the collection in characters, not tokens" in result.stderr
    with pytest.raises(UsageError, match="retrieves elements"):
        run_in_tokens(read_run(tmp_path / "e.txt"), read_documents(_documents(tmp_path)))
