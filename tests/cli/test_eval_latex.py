"""``sdreval eval --format latex``: caption, label, digits and significance letters against a
baseline, checked against precision computed here from the rankings and against
scipy's paired t test with statsmodels' Benjamini-Yekutieli correction."""
from __future__ import annotations

import re

import numpy as np
import pytest
from click.testing import CliRunner
from scipy import stats
from statsmodels.stats.multitest import multipletests

from sdreval.cli.main import cli

TOPICS, DOCS, RELEVANT = 15, 20, 8
#: run name → probability that a relevant document is drawn next while ranking
RUNS = {"base": 0.40, "good": 0.75, "near": 0.45, "bad": 0.15}
CUTS = (5, 10)


@pytest.fixture(scope="module")
def data(tmp_path_factory):
    """qrels (d0..d7 relevant in every topic) and four runs; the rankings, to compute P@k."""
    root = tmp_path_factory.mktemp("latex")
    rng = np.random.default_rng(7)
    with open(root / "qrels.txt", "w") as out:
        for t in range(1, TOPICS + 1):
            for d in range(DOCS):
                out.write(f"{t} 0 d{d} {int(d < RELEVANT)}\n")
    rankings: dict[str, dict[int, list[int]]] = {}
    for name, p in RUNS.items():
        rankings[name] = {}
        with open(root / f"{name}.run", "w") as out:
            for t in range(1, TOPICS + 1):
                rel, non = list(range(RELEVANT)), list(range(RELEVANT, DOCS))
                ranking = []
                while rel or non:
                    pool = rel if rel and (not non or rng.random() < p) else non
                    ranking.append(pool.pop(int(rng.integers(len(pool)))))
                rankings[name][t] = ranking
                for rank, d in enumerate(ranking, 1):
                    out.write(f"{t} Q0 d{d} {rank} {DOCS - rank} {name}\n")
    return root, rankings


def precision(rankings, run: str, k: int) -> np.ndarray:
    """P@k per topic: relevant documents (d0..d7) among the first k, over k."""
    return np.array([sum(d < RELEVANT for d in rankings[run][t][:k]) / k
                     for t in range(1, TOPICS + 1)])


def expected_letters(rankings, k: int, baseline: str = "base") -> dict[str, str]:
    """Letters per run from t tests of each run against the baseline, BY-corrected."""
    runs = list(RUNS)
    letter = {run: "abcd"[i] for i, run in enumerate(runs)}
    others = [r for r in runs if r != baseline]
    base = precision(rankings, baseline, k)
    pvalues = [stats.ttest_rel(precision(rankings, r, k), base).pvalue for r in others]
    reject = multipletests(pvalues, alpha=0.05, method="fdr_by")[0]
    marks = {run: "" for run in runs}
    for run, significant in zip(others, reject):
        if significant:
            better = precision(rankings, run, k).mean() > base.mean()
            winner, loser = (run, baseline) if better else (baseline, run)
            marks[winner] += letter[loser]
    return {run: "".join(sorted(m)) for run, m in marks.items()}


def invoke(root, *args):
    paths = [str(root / "qrels.txt")] + [str(root / f"{r}.run") for r in RUNS]
    return CliRunner().invoke(cli, ["eval", *paths, "-m", "P@5", "-m", "P@10", *args])


CELL = re.compile(r"^(?:\\textbf\{)?(?P<value>[0-9.]+)\}?(?:\$\^\{(?P<marks>[a-z]+)\}\$)?$")


def parse_rows(latex: str) -> dict[str, list[tuple[str, str]]]:
    """``{run: [(printed value, letters) per measure]}`` from the table body."""
    rows = {}
    for line in latex.splitlines():
        found = re.match(r"^\([a-z]+\) (\S+) & (.*) \\\\$", line)
        if found:
            cells = [CELL.match(cell.strip()) for cell in found.group(2).split(" & ")]
            rows[found.group(1)] = [(c["value"], c["marks"] or "") for c in cells]
    return rows


def test_caption_label_digits_and_letters(data):
    root, rankings = data
    result = invoke(root, "--format", "latex", "--caption", "P@k of 4 runs & 15 topics",
                    "--label", "tab:prec", "--digits", "3", "--baseline", "base")
    assert result.exit_code == 0, result.output
    latex = result.stdout
    assert r"\caption{P@k of 4 runs \& 15 topics}" in latex
    assert r"\label{tab:prec}" in latex
    assert ("paired t test, Benjamini-Yekutieli correction, level 0.05, each run against the "
            "baseline base") in latex
    rows = parse_rows(latex)
    assert list(rows) == list(RUNS)
    seen = set()
    for column, k in enumerate(CUTS):
        letters = expected_letters(rankings, k)
        for run in RUNS:
            value, marks = rows[run][column]
            assert value == f"{precision(rankings, run, k).mean():.3f}"  # 3 decimals asked
            assert marks == letters[run], (run, k)
            seen.add(bool(marks))
    assert seen == {True, False}  # the data has significant and non-significant cells


def test_no_baseline_no_letters_default_digits(data):
    root, rankings = data
    result = invoke(root, "--format", "latex")
    assert result.exit_code == 0, result.output
    assert r"\caption" not in result.stdout and r"\label" not in result.stdout
    rows = parse_rows(result.stdout)
    assert rows["good"][0] == (f"{precision(rankings, 'good', 5).mean():.4f}", "")


def test_table_format_takes_digits_and_baseline(data):
    root, rankings = data
    result = invoke(root, "--format", "table", "--digits", "2", "--baseline", "base")
    assert result.exit_code == 0, result.output
    line = next(ln for ln in result.stdout.splitlines() if ln.startswith("P@5 "))
    letters = expected_letters(rankings, 5)
    expected = [f"{precision(rankings, r, 5).mean():.2f}" + (f" {letters[r]}" if letters[r]
                                                            else "") for r in RUNS]
    assert re.split(r"\s{2,}", line.strip())[1:] == expected


@pytest.mark.parametrize("args, message", [
    (["--caption", "x"], "--caption applies to --format latex only"),
    (["--format", "table", "--label", "tab:x"], "--label applies to --format latex only"),
    (["--format", "csv", "--digits", "2"], "--digits applies to --format table or latex"),
    (["--format", "json", "--baseline", "base"], "--baseline applies to --format table or"),
    (["--format", "latex", "--test", "wilcoxon"], "--test chooses the significance test"),
    (["--format", "latex", "--correction", "holm", "--level", "0.01"],
     "--correction, --level choose the significance test"),
    (["--format", "latex", "--baseline", "nope"], "baseline 'nope' is not one of the runs"),
])
def test_misuse_is_a_usage_error(data, args, message):
    root, _ = data
    result = invoke(root, *args)
    assert result.exit_code == 2, result.output
    assert f"sdreval: usage error: {message}" in result.stderr
    assert result.stdout == ""


@pytest.mark.parametrize("args", [["--digits", "-1"], ["--test", "z"], ["--level", "1.5"]])
def test_bad_values_are_usage_errors(data, args):
    root, _ = data
    result = invoke(root, "--format", "latex", "--baseline", "base", *args)
    assert result.exit_code == 2, result.output


def test_unanswered_topic_needs_c(data, tmp_path):
    """Paired tests need every run on every topic: without -c they are over the topics every
    run answered, as the report's, and the legend says so; with -c the topic scores 0 for
    that run in the tests as in the means."""
    root, rankings = data
    lines = (root / "near.run").read_text().splitlines(keepends=True)
    (tmp_path / "near.run").write_text("".join(ln for ln in lines if not ln.startswith("3 ")))
    paths = [str(root / "qrels.txt"), str(root / "base.run"), str(tmp_path / "near.run")]
    args = ["eval", *paths, "-m", "P@5", "--format", "latex", "--baseline", "base"]
    dropped = CliRunner().invoke(cli, args)
    assert dropped.exit_code == 0, dropped.output
    assert "tests over the topics every run answered (-c scores unanswered" in dropped.stdout
    near, base = precision(rankings, "near", 5), precision(rankings, "base", 5)
    common = [i for i in range(len(near)) if i != 2]  # topic 3: near did not answer it
    significant = multipletests([stats.ttest_rel(near[common], base[common]).pvalue],
                                method="fdr_by")[0][0]
    winner = "near" if near[common].mean() > base[common].mean() else "base"
    letter = parse_rows(dropped.stdout)[winner][0][1]
    assert letter == (("a" if winner == "near" else "b") if significant else "")
    result = CliRunner().invoke(cli, args + ["-c"])
    assert result.exit_code == 0, result.output
    near = precision(rankings, "near", 5)
    near[2] = 0.0  # topic 3 unanswered: 0 under -c
    base = precision(rankings, "base", 5)
    significant = multipletests([stats.ttest_rel(near, base).pvalue], method="fdr_by")[0][0]
    rows = parse_rows(result.stdout)
    assert rows["near"][0][0] == f"{near.mean():.4f}"
    winner, loser_letter = ("near", "a") if near.mean() > base.mean() else ("base", "b")
    assert rows[winner][0][1] == (loser_letter if significant else "")
