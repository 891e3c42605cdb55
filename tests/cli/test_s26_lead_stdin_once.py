"""Standard input holds one input: ``-`` given for two inputs of one command is a usage error.

Before, ``eval QRELS - -`` read the spooled standard input twice and evaluated the same run as
two runs ('r (- #1)', 'r (- #2)'), and ``eval - -`` read the judgements as the run too.
"""
from click.testing import CliRunner

from sdreval.cli.main import cli

QRELS = "1 0 d1 1\n1 0 d2 0\n"
RUN = "1 Q0 d1 1 2.0 r\n1 Q0 d2 2 1.0 r\n"


def _run(*args: str, stdin: str):
    return CliRunner().invoke(cli, list(args), input=stdin)


def test_one_run_given_twice_as_standard_input_is_refused(tmp_path):
    qrels = tmp_path / "q.txt"
    qrels.write_text(QRELS)
    got = _run("eval", str(qrels), "-", "-", stdin=RUN)
    assert got.exit_code == 2
    assert "standard input (-) is given for RUNS, twice: it holds one input" in got.stderr


def test_qrels_and_run_both_from_standard_input_are_refused():
    got = _run("eval", "-", "-", stdin=QRELS)
    assert got.exit_code == 2
    assert "standard input (-) is given for QRELS and RUNS" in got.stderr


def test_validate_reads_standard_input_once():
    got = _run("validate", "-", "-", stdin=RUN)
    assert got.exit_code == 2
    assert "FILES, twice" in got.stderr


def test_one_standard_input_is_still_read(tmp_path):
    qrels = tmp_path / "q.txt"
    qrels.write_text(QRELS)
    got = _run("eval", str(qrels), "-", "-m", "AP", stdin=RUN)
    assert got.exit_code == 0, got.stderr
    assert got.stdout.splitlines()[-1].split("\t") == ["r", "AP", "all", "1.0000"]


def test_a_run_from_standard_input_sharing_a_name_is_named_as_messages_name_it(tmp_path):
    (tmp_path / "q.txt").write_text(QRELS)
    (tmp_path / "r.txt").write_text(RUN)
    got = _run("eval", str(tmp_path / "q.txt"), "-", str(tmp_path / "r.txt"), "-m", "AP",
               stdin=RUN)
    assert got.exit_code == 0, got.stderr
    assert f"2 runs share the run name 'r' (<stdin>, {tmp_path / 'r.txt'})" in got.stderr
