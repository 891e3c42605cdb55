"""A ranx-json file does not say whether it holds a run or judgements: ``validate`` and
``convert`` read it as ``eval`` accepts it (decimal values: a run's scores, as ranx's
``Run.save`` writes them; integer values: grades)."""
from __future__ import annotations

from click.testing import CliRunner

from sdreval.cli.main import cli

RUN = '{"1": {"d1": 0.5, "d2": 0.25}}'
QRELS = '{"1": {"d1": 1, "d2": 0}}'


def invoke(*args):
    return CliRunner().invoke(cli, [str(a) for a in args])


def test_validate_accepts_a_ranx_run_that_eval_accepts(tmp_path):
    run, qrels = tmp_path / "bm25.json", tmp_path / "q.json"
    run.write_text(RUN)
    qrels.write_text(QRELS)
    evaluated = invoke("eval", qrels, run, "-m", "AP")
    assert evaluated.exit_code == 0 and evaluated.stdout.split()[-1] == "1.0000"
    validated = invoke("validate", run, qrels)
    assert validated.exit_code == 0, validated.output
    assert f"{run}: ok: ranx-json, run 'bm25', 1 topics, 2 results" in validated.output
    assert f"{qrels}: ok: ranx-json, 1 topics, 2 judgements" in validated.output


def test_convert_writes_ranx_qrels_as_judgements(tmp_path):
    qrels, out = tmp_path / "q.json", tmp_path / "q.txt"
    qrels.write_text(QRELS)
    result = invoke("convert", qrels, out, "--to", "trec-qrels")
    assert result.exit_code == 0, result.output
    assert out.read_text() == "1 0 d1 1\n1 0 d2 0\n"
    run, written = tmp_path / "r.json", tmp_path / "r.txt"
    run.write_text(RUN)
    result = invoke("convert", run, written)
    assert result.exit_code == 0, result.output
    assert written.read_text() == "1 Q0 d1 1 0.5 r\n1 Q0 d2 2 0.25 r\n"
