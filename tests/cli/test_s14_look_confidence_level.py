"""``--level`` is a significance level in ``compare`` and ``report`` (default 0.05) and a
confidence level in ``stability`` and ``budget`` (default 0.95).  A user of both who types
``stability --level 0.05`` got 5% intervals, about as wide as a point, under a title that did
not say the level.  Now the title says it and a warning says what was probably meant."""
from click.testing import CliRunner

from sdreval.cli.main import cli
from sdreval.data import example_path

ROWS = [("a", 0.5, 0.4), ("a", 0.3, 0.35), ("a", 0.2, 0.1), ("a", 0.6, 0.3)]


def scores(tmp_path):
    path = tmp_path / "s.csv"
    lines = ["run,topic,measure,value"]
    for t, (_, x, y) in enumerate(ROWS, 1):
        lines += [f"a,{t},AP,{x}", f"b,{t},AP,{y}"]
    path.write_text("\n".join(lines) + "\n")
    return str(path)


def test_stability_warns_on_a_significance_like_level(tmp_path):
    result = CliRunner().invoke(cli, ["stability", "--scores", scores(tmp_path), "-a", "ci",
                                      "--level", "0.05"])
    assert result.exit_code == 0, result.output
    assert "sdreval: warning: --level 0.05 is the confidence level of the intervals here (5% " \
           "intervals" in result.stderr
    assert "for 95% intervals give --level 0.95" in result.stderr
    assert "== ci: Bootstrap percentile 5% confidence intervals" in result.stdout


def test_stability_default_level_is_named_and_quiet(tmp_path):
    result = CliRunner().invoke(cli, ["stability", "--scores", scores(tmp_path), "-a", "ci"])
    assert result.exit_code == 0, result.output
    assert "warning" not in result.stderr
    assert "== ci: Bootstrap percentile 95% confidence intervals" in result.stdout


def test_budget_warns_too(tmp_path):
    base = example_path("rag")
    args = ["budget", str(base / "qrels.jsonl"), str(base / "runs" / "fixed.txt"),
            "--chunk-map", str(base / "chunks" / "fixed.jsonl"), "--budgets", "128",
            "--samples", "100", "--level", "0.1"]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0, result.output
    assert "--level 0.1 is the confidence level of the intervals here (10% intervals" in \
        result.stderr
