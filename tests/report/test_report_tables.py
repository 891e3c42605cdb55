"""trec_eval-like text and LaTeX summary tables with significance marks."""
from __future__ import annotations

import pandas as pd
import pytest

from sdreval.errors import UsageError
from sdreval.report.tables import (format_latex_table, format_text_table, latex_escape,
                                   run_letters, significance_marks, summary_table)


def _compare(rows):
    return pd.DataFrame(rows, columns=["run_a", "run_b", "measure", "mean_a", "mean_b",
                                       "p_value", "p_adjusted", "reject"])


@pytest.fixture
def small():
    rows = [("A_run", "1", "MAep", 0.5), ("A_run", "2", "MAep", 0.7),
            ("B", "1", "MAep", 0.1), ("B", "2", "MAep", 0.3),
            ("A_run", "1", "P@10", 0.2), ("A_run", "2", "P@10", 0.2),
            ("B", "1", "P@10", 0.4), ("B", "2", "P@10", 0.4)]
    return pd.DataFrame(rows, columns=["run", "topic", "measure", "value"])


def test_summary_means(small):
    table = summary_table(small)
    assert list(table.index) == ["A_run", "B"] and list(table.columns) == ["MAep", "P@10"]
    assert table.at["A_run", "MAep"] == pytest.approx(0.6)
    assert table.at["B", "P@10"] == pytest.approx(0.4)
    # "all" rows are used as they are when present
    means = pd.DataFrame([("A_run", "all", "MAep", 0.9)], columns=small.columns)
    assert summary_table(means).at["A_run", "MAep"] == 0.9


def test_letters():
    letters = run_letters([f"r{i}" for i in range(28)])
    assert letters["r0"] == "a" and letters["r25"] == "z" and letters["r26"] == "aa"
    assert letters["r27"] == "ab"


def test_marks_go_to_the_better_run(small):
    compare = _compare([("A_run", "B", "MAep", 0.6, 0.2, 0.01, 0.02, True),
                        ("A_run", "B", "P@10", 0.2, 0.4, 0.01, 0.02, True)])
    marks = significance_marks(compare, ["A_run", "B"], ["MAep", "P@10"])
    assert marks[("A_run", "MAep")] == ["b"] and marks[("B", "MAep")] == []
    assert marks[("B", "P@10")] == ["a"] and marks[("A_run", "P@10")] == []
    not_rejected = compare.assign(reject=False)
    assert all(v == [] for v in significance_marks(not_rejected, ["A_run", "B"],
                                                   ["MAep"]).values())


def test_text_table(small):
    compare = _compare([("A_run", "B", "MAep", 0.6, 0.2, 0.01, 0.02, True)])
    text = format_text_table(small, compare)
    lines = text.splitlines()
    assert lines[0].split() == ["measure", "(a)", "A_run", "(b)", "B"]
    assert lines[2].split() == ["MAep", "0.6000", "b", "0.2000"]
    assert lines[3].split() == ["P@10", "0.2000", "0.4000"]
    long = format_text_table(small, compare, layout="long").splitlines()
    assert long[0] == "A_run\tMAep\tall\t0.6000 b"
    assert long[3] == "B\tP@10\tall\t0.4000"
    with pytest.raises(UsageError):
        format_text_table(small, layout="diagonal")


def test_latex_table(small):
    compare = _compare([("A_run", "B", "MAep", 0.6, 0.2, 0.01, 0.02, True)])
    tex = format_latex_table(small, compare, caption="Runs & 50% of topics", label="tab:x")
    assert r"\begin{tabular}{lrr}" in tex and r"\toprule" in tex and r"\bottomrule" in tex
    assert r"(a) A\_run & \textbf{0.6000}$^{b}$ & 0.2000 \\" in tex
    assert r"(b) B & 0.2000 & \textbf{0.4000} \\" in tex
    assert r"\caption{Runs \& 50\% of topics}" in tex and r"\label{tab:x}" in tex
    assert tex.count("&") - tex.count(r"\&") == 2 * 3 + 0  # header + two rows, 2 separators each


def test_latex_escape():
    assert latex_escape("a_b&c%d$e#f{g}~^\\") == (r"a\_b\&c\%d\$e\#f\{g\}\textasciitilde{}"
                                                  r"\textasciicircum{}\textbackslash{}")


def test_output_writers_extension(small, tmp_path):
    """report.output: the summary formats next to the SPEC §11 formats."""
    import io

    from sdreval.report.output import FORMATS, write_results, write_table

    assert {"text", "csv", "json", "parquet", "table", "latex"} <= set(FORMATS)
    buffer = io.StringIO()
    write_results(small, "table", stream=buffer)
    assert buffer.getvalue().splitlines()[2].split() == ["MAep", "0.6000", "0.2000"]
    compare = _compare([("A_run", "B", "P@10", 0.2, 0.4, 0.01, 0.02, True)])
    write_table(small, "latex", tmp_path / "t.tex", compare, significance="t test, BY")
    tex = (tmp_path / "t.tex").read_text()
    assert r"\textbf{0.4000}$^{a}$" in tex and "(t test, BY)" in tex
    buffer = io.StringIO()
    write_results(small, "text", stream=buffer)  # unchanged trec_eval lines
    assert buffer.getvalue().splitlines()[0] == "A_run\tMAep\t1\t0.5000"


from hypothesis import given, settings, strategies as st  # noqa: E402


@settings(max_examples=40, deadline=None)
@given(st.integers(2, 5), st.lists(st.tuples(st.integers(0, 4), st.integers(0, 4),
                                              st.booleans()), max_size=12),
       st.lists(st.floats(0, 1), min_size=5, max_size=5))
def test_marks_are_consistent(n_runs, pairs, means):
    """A run never marks itself, marks only rejected pairs, and only the better run marks."""
    runs = [f"r{i}" for i in range(n_runs)]
    rows = []
    for a, b, reject in pairs:
        if a < n_runs and b < n_runs and a != b:
            rows.append((runs[a], runs[b], "m", means[a], means[b], 0.01, 0.01, reject))
    compare = _compare(rows)
    marks = significance_marks(compare, runs, ["m"])
    letters = run_letters(runs)
    for run in runs:
        for letter in marks[(run, "m")]:
            other = next(r for r in runs if letters[r] == letter)
            assert other != run
            assert means[runs.index(run)] > means[runs.index(other)]
            assert any(r[7] and {r[0], r[1]} == {run, other} for r in rows)
    per_topic = pd.DataFrame([(r, "1", "m", means[i]) for i, r in enumerate(runs)],
                             columns=["run", "topic", "measure", "value"])
    text = format_text_table(per_topic, compare, layout="long")
    for line, run in zip(text.splitlines(), runs):
        fields = line.split("\t")
        assert fields[0] == run and float(fields[3].split()[0]) == pytest.approx(
            means[runs.index(run)], abs=5e-5)


def test_per_topic_rows_kept_in_the_wide_table():
    """``eval -q --format table``: a line per measure and topic, the mean (all) last."""
    import pandas as pd

    from sdreval.report.output import summary_text

    rows = [("a", "2", "MAep", 0.5), ("a", "10", "MAep", 0.25), ("a", "all", "MAep", 0.375),
            ("b", "2", "MAep", 0.125), ("b", "10", "MAep", 1.0), ("b", "all", "MAep", 0.5625)]
    text = summary_text(pd.DataFrame(rows, columns=["run", "topic", "measure", "value"]))
    lines = [line.split() for line in text.splitlines()]
    assert lines[0] == ["measure", "topic", "(a)", "a", "(b)", "b"]
    assert lines[2:] == [["MAep", "2", "0.5000", "0.1250"], ["MAep", "10", "0.2500", "1.0000"],
                         ["MAep", "all", "0.3750", "0.5625"]]
    means_only = summary_text(pd.DataFrame([r for r in rows if r[1] == "all"],
                                           columns=["run", "topic", "measure", "value"]))
    assert "topic" not in means_only.splitlines()[0]
