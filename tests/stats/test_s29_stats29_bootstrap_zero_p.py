"""A bootstrap p-value of 0 is said to be below the resolution of the samples, not 0.

Ogilvie & Lalmas 2006, Eq. 13: the bootstrap p is the fraction of the b resampled mean
differences at or below 0 (two-sided: twice the smaller tail, a multiple of 2/b).  A fraction
of 0 means no resample fell there: p < 2/b two-sided, not p = 0 (Phipson & Smyth 2010), unless
no resample can fall there (one run wins on every topic: every resample's mean is > 0, and 0
is Eq. 13's exact value).  Run C beats the baseline B on five topics and ties on the sixth:
the ideal bootstrap p is 2 * (1/6)**6 = 4.3e-5 (every draw the tied topic), so with 40
samples (resolution 2/40 = 0.05) the fraction is 0; run A wins all six topics (exact 0).
With Bonferroni over the 2 tests against B, C's rejection rests on the 0: at p = 0.05 its
adjusted p would be 0.1.  compare, eval --baseline, report and the API said nothing of it.
"""
from __future__ import annotations

import warnings

import pandas as pd
from click.testing import CliRunner

from sdreval.cli.main import cli

# per-topic values: A wins every topic over B; C wins five and ties topic 6
A = [1.0, 1.0, 1.0, 1.0, 1.0, 1.0]
B = [0.5, 0.4, 0.5, 0.4, 0.5, 0.4]
C = [0.7, 0.6, 0.7, 0.6, 0.7, 0.4]
STEP = 2 / 40  # two-sided resolution of 40 samples


def _scores(tmp_path):
    rows = [(run, f"t{k + 1}", "AP", v) for run, values in (("A", A), ("B", B), ("C", C))
            for k, v in enumerate(values)]
    path = tmp_path / "scores.csv"
    pd.DataFrame(rows, columns=["run", "topic", "measure", "value"]).to_csv(path, index=False)
    return path


def _invoke(args):
    out = CliRunner().invoke(cli, args)
    assert out.exit_code == 0, out.output
    return out


def test_compare_says_resolution(tmp_path):
    out = _invoke(["compare", "--scores", str(_scores(tmp_path)), "-m", "AP", "--test",
                   "bootstrap", "--samples", "40", "--correction", "bonferroni",
                   "--baseline", "B", "--format", "csv"])
    table = pd.read_csv(pd.io.common.StringIO(out.stdout))
    assert list(table["p_value"]) == [0.0, 0.0]  # Eq. 13's fraction stays the record's value
    assert "1 bootstrap p_value(s) 0 where neither run wins on every topic" in out.stderr
    assert f"read p < {STEP:.3g}" in out.stderr
    # Bonferroni at p = 2/40: 2 * 0.05 = 0.1 > 0.05, so C's rejection rests on the 0
    assert "1 rejection(s) rest on such a p_value of 0" in out.stderr


def test_default_samples_resolution(tmp_path):
    out = _invoke(["compare", "--scores", str(_scores(tmp_path)), "-m", "AP", "--test",
                   "bootstrap", "--baseline", "B"])
    assert f"read p < {2 / 10_000:.3g}" in out.stderr  # 0.0002
    assert "rejection(s) rest on" not in out.stderr  # 0.0002 * 2 * c(2) is well below 0.05


def test_other_tests_never_say_it(tmp_path):
    out = _invoke(["compare", "--scores", str(_scores(tmp_path)), "-m", "AP", "--test",
                   "randomization", "--baseline", "B"])
    assert "p_value(s) 0" not in out.stderr


def test_report_notes(tmp_path):
    page = tmp_path / "report.html"
    _invoke(["report", "--scores", str(_scores(tmp_path)), "-m", "AP", "--test", "bootstrap",
             "--samples", "40", "--correction", "bonferroni", "--baseline", "B", "--no-plots",
             "-o", str(page)])
    text = page.read_text(encoding="utf-8")
    assert "1 bootstrap p_value(s) 0 where neither run wins on every topic" in text
    assert "1 rejection(s) rest on such a p_value of 0" in text
    # the table's cells: C's p below 2/40, its Bonferroni-adjusted p at most 2 * 0.05 = 0.1;
    # A (wins every topic) keeps Eq. 13's exact 0
    assert "<td>6/0/0</td><td>0</td><td>0</td>" in text
    assert "<td>5/1/0</td><td>&lt; 0.05</td><td>≤ 0.1</td>" in text


def test_api_warns(tmp_path):
    from sdreval import api

    table = pd.read_csv(_scores(tmp_path))
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api.compare(table, "AP", test="bootstrap", correction="bonferroni", baseline="B",
                        samples=40)
    said = " ".join(str(w.message) for w in caught)
    assert f"read p < {STEP:.3g}" in said and "1 rejection(s) rest on" in said


def test_eval_baseline_note(tmp_path):
    qrels = tmp_path / "qrels.txt"
    qrels.write_text("".join(f"{t} 0 d1 1\n{t} 0 d2 0\n" for t in range(1, 7)))
    paths = []
    for name, first in (("A", lambda t: "d1"), ("B", lambda t: "d2"),
                        ("C", lambda t: "d2" if t == 3 else "d1")):
        path = tmp_path / f"{name}.run"
        path.write_text("".join(
            f"{t} Q0 {doc} {k + 1} {2 - k} {name}\n" for t in range(1, 7)
            for k, doc in enumerate([first(t), "d1" if first(t) == "d2" else "d2"])))
        paths.append(str(path))
    out = _invoke(["eval", str(qrels), *paths, "-m", "P@1", "--baseline", "B", "--test",
                   "bootstrap", "--samples", "40", "--correction", "bonferroni",
                   "--format", "table"])
    assert "1 bootstrap p_value(s) 0 where neither run wins on every topic" in out.stderr
    assert "1 rejection(s) rest on such a p_value of 0" in out.stderr


def test_missing_error_names_eval_baseline_rule(tmp_path):
    """compare refuses runs that answered different topics (as ranx's compare does), while
    eval --baseline tests over the shared topics: the refusal says so, so that a user who
    saw eval's letters knows --missing drop gives them."""
    table = pd.read_csv(_scores(tmp_path))
    table = table[~((table["run"] == "C") & (table["topic"] == "t6"))]
    path = tmp_path / "gaps.csv"
    table.to_csv(path, index=False)
    out = CliRunner().invoke(cli, ["compare", "--scores", str(path), "-m", "AP"])
    assert out.exit_code == 1
    assert "the tests of eval --baseline and report leave such a topic out, as drop does" \
        in out.stderr
