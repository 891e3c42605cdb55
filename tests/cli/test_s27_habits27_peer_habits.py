"""Command lines typed with trec_eval's and ir_measures' habits: trec_eval's options sdreval
lacks (``-n``, ``-J``, ``-N``, ...) and ir_measures' (``--by_query``, ``--places``, ...) got
click's bare "No such option"; ir_measures' ``-o jsonl`` (its output format) wrote the text
output to a file named ``jsonl``; ir_measures' argument order (``QRELS RUN 'nDCG@10 P@5'``)
got "Path ... does not exist" with no word of -m."""
from __future__ import annotations

import pytest
from click.testing import CliRunner

from sdreval.cli.main import cli

QRELS = "1 0 a 1\n1 0 b 0\n"
RUN = "1 Q0 a 1 3 s\n1 Q0 b 2 2 s\n"


def _files(tmp_path):
    (tmp_path / "q").write_text(QRELS)
    (tmp_path / "r").write_text(RUN)
    return str(tmp_path / "q"), str(tmp_path / "r")


@pytest.mark.parametrize("option, said", [
    ("-n", "-q adds the per-topic rows"), ("-J", "Judged@k"), ("-N", "utility"),
    ("-R", "--qrels-format"), ("-T", "--run-format"), ("-v", "sdreval --version"),
])
def test_trec_eval_options_say_what_to_do(tmp_path, option, said):
    q, r = _files(tmp_path)
    result = CliRunner().invoke(cli, ["eval", q, r, option])
    assert result.exit_code == 2, result.output
    assert f"trec_eval's {option}" in result.stderr or \
        f"trec_eval's and ir_measures' {option}" in result.stderr
    assert said in result.stderr


@pytest.mark.parametrize("option, said", [
    ("--by_query", "is -q"), ("--no_summary", "-q adds"), ("--places", "--digits"),
    ("--output_format", "--format"), ("--provider", "computes every measure itself"),
])
def test_ir_measures_options_say_what_to_do(tmp_path, option, said):
    q, r = _files(tmp_path)
    result = CliRunner().invoke(cli, ["eval", q, r, option, "x"])
    assert result.exit_code == 2, result.output
    assert f"ir_measures' {option}" in result.stderr and said in result.stderr


def test_ir_measures_output_format_as_dash_o_is_not_a_file_name(tmp_path, monkeypatch):
    q, r = _files(tmp_path)
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, ["eval", q, r, "-m", "AP", "-o", "jsonl"])
    assert result.exit_code == 2, result.output
    assert "ir_measures' -o" in result.stderr and not (tmp_path / "jsonl").exists()
    written = CliRunner().invoke(cli, ["eval", q, r, "-m", "AP", "-o", "./jsonl", "--quiet"])
    assert written.exit_code == 0 and (tmp_path / "jsonl").read_text().startswith("s\tAP")


def test_other_commands_keep_clicks_message(tmp_path):
    result = CliRunner().invoke(cli, ["simulate", str(tmp_path / "out"), "-J"])
    assert result.exit_code == 2
    assert "No such option" in result.stderr and "trec_eval" not in result.stderr


def test_ir_measures_argument_order_names_dash_m(tmp_path):
    q, r = _files(tmp_path)
    result = CliRunner().invoke(cli, ["eval", q, r, "nDCG@10 P@5"])
    assert result.exit_code == 2, result.output
    assert "-m nDCG@10 -m P@5" in result.stderr
    missing = CliRunner().invoke(cli, ["eval", q, r, str(tmp_path / "no-such-run")])
    assert missing.exit_code == 2 and "-m" not in missing.stderr.split("arguments)")[1]
