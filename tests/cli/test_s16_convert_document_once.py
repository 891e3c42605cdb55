"""``convert --to document`` of a passage or element run lists each document once, at its
first result: a TREC document run holds a document once (trec_eval refuses repeats), and the
written run must give the document-level values of its source."""
from __future__ import annotations

from click.testing import CliRunner

from sdreval.cli.main import cli

RUN = ("1 Q0 d1 1 4.0 sys 0 10\n1 Q0 d2 2 3.0 sys 0 5\n"
       "1 Q0 d1 3 2.0 sys 20 5\n1 Q0 d3 4 1.0 sys 0 5\n")
QRELS = "1 Q0 d1 10 100 0:10\n1 Q0 d2 0 100\n1 Q0 d3 5 100 0:5\n"


def ap(runner, qrels, run):
    result = runner.invoke(cli, ["eval", str(qrels), str(run), "-m", "AP"])
    assert result.exit_code == 0, result.output
    return float(result.stdout.split()[-1])


def test_passage_run_to_document_run_keeps_each_document_once(tmp_path):
    run, qrels, out = tmp_path / "p.txt", tmp_path / "q.fol", tmp_path / "d.txt"
    run.write_text(RUN)
    qrels.write_text(QRELS)
    runner = CliRunner()
    result = runner.invoke(cli, ["convert", str(run), str(out), "--to", "document"])
    assert result.exit_code == 0, result.output
    assert "1 later results of a document already written dropped" in result.output
    docs = [line.split()[2] for line in out.read_text().splitlines()]
    assert docs == ["d1", "d2", "d3"]
    # documents d1, d2, d3: relevant at ranks 1 and 3 of 2 relevant: (1/1 + 2/3) / 2
    expected = (1 + 2 / 3) / 2
    assert abs(ap(runner, qrels, run) - expected) < 1e-4
    assert abs(ap(runner, qrels, out) - expected) < 1e-4


def test_element_run_to_document_run_keeps_each_document_once(tmp_path):
    run, out = tmp_path / "e.txt", tmp_path / "d.txt"
    run.write_text("1 Q0 d1 1 3.0 sys /article[1]/sec[1]\n1 Q0 d1 2 2.0 sys /article[1]/p[2]\n"
                   "1 Q0 d2 3 1.0 sys /article[1]\n")
    result = CliRunner().invoke(cli, ["convert", str(run), str(out), "--to", "document"])
    assert result.exit_code == 0, result.output
    assert [line.split()[:3] for line in out.read_text().splitlines()] == [
        ["1", "Q0", "d1"], ["1", "Q0", "d2"]]


def test_document_run_with_a_repeat_to_element_run_says_the_values_differ(tmp_path):
    run, qrels, out = tmp_path / "d.txt", tmp_path / "q.txt", tmp_path / "e.txt"
    run.write_text("1 Q0 a 1 3 sys\n1 Q0 x 2 2 sys\n1 Q0 a 3 1 sys\n1 Q0 b 4 0.5 sys\n")
    qrels.write_text("1 0 a 1\n1 0 b 1\n1 0 x 0\n")
    runner = CliRunner()
    result = runner.invoke(cli, ["convert", str(run), str(out), "--to", "element"])
    assert result.exit_code == 0, result.output
    assert "1 repeated document(s)" in result.output and "values differ" in result.output
    # the document run: relevant at ranks 1 and 4 (the repeat at 3 earns nothing): (1 + 2/4)/2;
    # the element run read as its documents a, x, b: relevant at 1 and 3: (1 + 2/3)/2
    assert abs(ap(runner, qrels, run) - 0.75) < 1e-4
    assert abs(ap(runner, qrels, out) - (1 + 2 / 3) / 2) < 1e-4
