"""``--scores -`` (compare, stability, report) reads standard input, as ``-`` does for every
other input (cli/paths.InputPath): it was refused ("File '-' does not exist"), and a pipe
(``--scores <(sdreval eval ...)``) lost its first 4,096 bytes to the check for JSON or
Parquet, read again from the start afterwards.  recallbase's and sensitivity's QRELS and RUNS
refused ``-`` too (session 29)."""
import os
import subprocess
import sys
from pathlib import Path

from click.testing import CliRunner

import sdreval
from sdreval.cli.main import cli

EXAMPLES = Path(__file__).resolve().parents[2] / "src" / "sdreval" / "data" / "examples"


def _scores() -> str:
    """Per-topic scores of three runs on 100 topics (over 4,096 bytes), as eval writes them."""
    rows = ["run,topic,measure,value"]
    for run, shift in (("a", 0.0), ("b", 0.05), ("c", 0.2)):
        rows += [f"{run},t{t:03d},map,{(t % 7) / 10 + shift:.4f}" for t in range(100)]
    return "\n".join(rows) + "\n"


def _invoke(args, stdin=None):
    return CliRunner().invoke(cli, args, input=stdin, catch_exceptions=False)


def test_compare_reads_scores_from_standard_input(tmp_path):
    text = _scores()
    assert len(text) > 4096
    (tmp_path / "s.csv").write_text(text)
    from_file = _invoke(["compare", "--scores", str(tmp_path / "s.csv"), "-m", "map"])
    from_stdin = _invoke(["compare", "--scores", "-", "-m", "map"], stdin=text)
    assert from_file.exit_code == 0, from_file.output
    assert from_stdin.exit_code == 0, from_stdin.output
    assert from_stdin.stdout == from_file.stdout
    assert from_file.stdout.count("\n") == 4  # header and three pairs


def test_compare_reads_scores_from_a_pipe(tmp_path):
    # /dev/stdin of a process given its input through a pipe, as <(sdreval eval ...) is
    text = _scores()
    (tmp_path / "s.csv").write_text(text)
    env = dict(os.environ, PYTHONPATH=str(Path(sdreval.__file__).parents[1]))
    piped = subprocess.run([sys.executable, "-m", "sdreval", "compare", "--scores",
                            "/dev/stdin", "-m", "map"], input=text, capture_output=True,
                           text=True, env=env, timeout=120)
    from_file = _invoke(["compare", "--scores", str(tmp_path / "s.csv"), "-m", "map"])
    assert piped.returncode == 0, piped.stderr
    assert piped.stdout == from_file.stdout


def test_stability_and_report_take_scores_from_standard_input(tmp_path):
    text = _scores()
    result = _invoke(["stability", "--scores", "-", "-m", "map", "-a", "swap", "--trials", "20"],
                     stdin=text)
    assert result.exit_code == 0, result.output
    page = tmp_path / "r.html"
    result = _invoke(["report", "--scores", "-", "-o", str(page)], stdin=text)
    assert result.exit_code == 0, result.output
    assert page.stat().st_size > 0


def test_scores_and_runs_cannot_both_be_standard_input():
    result = CliRunner().invoke(cli, ["compare", "--scores", "-", "-", "-m", "map"], input="")
    assert result.exit_code == 2
    assert "standard input (-) is given for" in result.output


def test_recallbase_and_sensitivity_read_standard_input():
    qrels = EXAMPLES / "synthetic" / "qrels.tsv"
    from_file = _invoke(["recallbase", str(qrels), "--quant", "gen"])
    from_stdin = _invoke(["recallbase", "-", "--quant", "gen"], stdin=qrels.read_text())
    assert from_file.exit_code == 0 and from_stdin.stdout == from_file.stdout
    rag = EXAMPLES / "rag"
    common = ["--chunk-map", str(rag / "chunks" / "fixed.jsonl"), "--chunk-map",
              str(rag / "chunks" / "sentence.jsonl"), "--documents",
              str(rag / "documents.jsonl"), "-m", "SpanRR", "--tau", "0.5"]
    runs = [str(rag / "runs" / "fixed.txt"), str(rag / "runs" / "sentence.txt")]
    from_file = _invoke(["sensitivity", str(rag / "qrels.jsonl"), *runs, *common])
    from_stdin = _invoke(["sensitivity", "-", *runs, *common],
                         stdin=(rag / "qrels.jsonl").read_text())
    assert from_file.exit_code == 0, from_file.output
    assert from_stdin.stdout == from_file.stdout
