"""``stability``: an analysis that cannot run.  Asked for with -a: a usage error (exit 2) that
says what to give; one of the default set (ci, discrimination, swap, tau): a note, and the
others run.  ``-a tau`` with one measure printed a warning, then "no results", exit 0: Kendall's
tau compares the run rankings of two measures, so with one there is nothing to compute.  With
one run, the default set stopped at discrimination (exit 2) though only ci was possible and
the user had asked for nothing in particular."""
from fractions import Fraction

from click.testing import CliRunner

from sdreval.cli.main import cli

VALUES = {"t1": "0.5", "t2": "0.25", "t3": "1", "t4": "0.75"}


def _scores(tmp_path, runs=("r1", "r2", "r3")):
    path = tmp_path / "s.csv"
    rows = [f"{run},{topic},{measure},{value}" for run in runs for topic, value in VALUES.items()
            for measure in ("AP", "P_5")]
    path.write_text("run,topic,measure,value\n" + "\n".join(rows) + "\n")
    return str(path)


def _run(*args):
    return CliRunner().invoke(cli, ["stability", *args])


def test_asked_for_tau_with_one_measure_is_a_usage_error(tmp_path):
    result = _run("--scores", _scores(tmp_path), "-m", "AP", "-a", "tau")
    assert result.exit_code == 2, result.output
    assert "-a tau compares the run rankings of two measures" in result.stderr
    assert "-m A -m B" in result.stderr and result.stdout == ""


def test_asked_for_tau_with_one_measure_in_the_scores_is_a_usage_error(tmp_path):
    path = tmp_path / "one.csv"
    path.write_text("run,topic,measure,value\nr1,t1,AP,0.5\nr2,t1,AP,0.2\n"
                    "r1,t2,AP,0.1\nr2,t2,AP,0.3\n")
    result = _run("--scores", str(path), "-a", "tau", "-a", "ci")
    assert result.exit_code == 2 and "got AP)" in result.stderr and result.stdout == ""


def test_asked_for_tau_with_one_run_is_a_usage_error(tmp_path):
    result = _run("--scores", _scores(tmp_path, runs=("r1",)), "-a", "tau")
    assert result.exit_code == 2, result.output
    assert "it needs at least 2 runs; AP has 1" in result.stderr


def test_default_analyses_of_one_run_note_what_they_skip(tmp_path):
    result = _run("--scores", _scores(tmp_path, runs=("r1",)), "-m", "AP", "-m", "P_5")
    assert result.exit_code == 0, result.output
    for analysis in ("discrimination", "swap"):
        assert (f"sdreval: {analysis}: needs at least 2 runs and 2 topics; skipped for AP "
                "(1 run(s), 4 topic(s)), P_5 (1 run(s), 4 topic(s))") in result.stderr
    assert "sdreval: tau: needs at least 2 runs; skipped for AP" in result.stderr
    assert "warning" not in result.stderr
    mean = sum(Fraction(v) for v in VALUES.values()) / len(VALUES)  # 5/8
    lines = [line.split() for line in result.stdout.splitlines()]
    assert ["AP", "r1", f"{float(mean):.4f}"] == next(x for x in lines if x[:1] == ["AP"])[:3]
    assert "== discrimination" not in result.stdout and "== tau" not in result.stdout


def test_quiet_silences_the_skipped_notes(tmp_path):
    result = _run("--scores", _scores(tmp_path, runs=("r1",)), "-m", "AP", "--quiet")
    assert result.exit_code == 0 and result.stderr == ""


def test_default_analyses_of_one_topic_skip_the_swap_rates(tmp_path):
    path = tmp_path / "one.csv"
    path.write_text("run,topic,measure,value\nr1,t1,AP,0.5\nr2,t1,AP,0.2\n")
    result = _run("--scores", str(path), "-m", "AP")
    assert result.exit_code == 0, result.output
    assert "swap: needs at least 2 runs and 2 topics; skipped for AP (2 run(s), 1 topic(s))" \
        in result.stderr
    explicit = _run("--scores", str(path), "-m", "AP", "-a", "swap")
    assert explicit.exit_code == 2 and "swap rates need at least two topics" in explicit.output
