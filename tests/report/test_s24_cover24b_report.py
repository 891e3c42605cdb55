"""Report paths no other test reached (session 24 coverage): trec_eval's layout against
trec_eval 10 itself, the summary tables' significance legend, refusals of bad arguments."""
from __future__ import annotations

import io
import subprocess
from pathlib import Path

import pandas as pd
import pytest

from sdreval.errors import UsageError
from sdreval.io import read_qrels, read_run
from sdreval.measures.evaluate import evaluate, summarise
from sdreval.measures.registry import EvalContext
from sdreval.report.budget import parse_budgets
from sdreval.report.output import summary_text, write_results, write_table
from sdreval.report.tables import format_text_table
from sdreval.report.trec_format import trec_eval_pieces, trec_name
from sdreval.stats.compare import compare_runs

TREC_EVAL = Path("/tmp/trec_eval/trec_eval")
QRELS = "1 0 a 1\n1 0 b 0\n1 0 c 1\n2 0 a 1\n2 0 d 1\n2 0 e 0\n3 0 f 1\n"
RUN = ("1 Q0 a 1 3.0 r\n1 Q0 b 2 2.0 r\n1 Q0 c 3 1.0 r\n2 Q0 e 1 3.0 r\n2 Q0 d 2 2.0 r\n"
       "2 Q0 x 3 1.0 r\n3 Q0 y 1 1.0 r\n")
# trec_eval 10 -q -m map -m P.5 -m num_rel on QRELS and RUN
TREC_EVAL_OUTPUT = """\
num_rel               \t1\t2
map                   \t1\t0.8333
P_5                   \t1\t0.4000
num_rel               \t2\t2
map                   \t2\t0.2500
P_5                   \t2\t0.2000
num_rel               \t3\t1
map                   \t3\t0.0000
P_5                   \t3\t0.0000
num_rel               \tall\t5
map                   \tall\t0.3611
P_5                   \tall\t0.2000
"""


@pytest.fixture
def files(tmp_path):
    (tmp_path / "q").write_text(QRELS)
    (tmp_path / "r").write_text(RUN)
    return tmp_path / "q", tmp_path / "r"


def test_peer_output_is_what_the_test_holds(files):
    if not TREC_EVAL.exists():
        pytest.skip("trec_eval 10 not built here")
    out = subprocess.run([str(TREC_EVAL), "-q", "-m", "map", "-m", "P.5", "-m", "num_rel",
                          *map(str, files)], capture_output=True, text=True, check=True)
    assert out.stdout == TREC_EVAL_OUTPUT


def test_trec_eval_layout_of_means_without_topic_counts(files):
    """``summarise`` without counts: each mean is printed as given (trec_eval's sum over
    the topics needs the count of topics it covers); the same lines as trec_eval -q."""
    per_topic = evaluate(read_qrels(files[0]), [read_run(files[1])], ["map", "P_5", "num_rel"],
                         EvalContext())
    table = summarise(per_topic, keep_topics=True)
    assert "topics" not in table.columns
    buffer = io.StringIO()
    write_results(table, "trec_eval", stream=buffer)
    lines = buffer.getvalue().splitlines()
    assert "runid                 \tall\tr" in lines and "num_q                 \tall\t3" in lines
    assert [x for x in lines if not x.startswith(("runid", "num_q"))] == \
        TREC_EVAL_OUTPUT.splitlines()


def test_trec_eval_layout_of_per_topic_rows_only():
    """Rows without means: the per-topic lines, num_q from their topics, no mean lines."""
    rows = pd.DataFrame({"run": ["r", "r"], "topic": ["1", "2"], "measure": ["map", "map"],
                         "value": [0.5, 0.25]})
    text = "".join(trec_eval_pieces(rows))
    assert text.splitlines() == ["map                   \t1\t0.5000",
                                 "map                   \t2\t0.2500",
                                 "runid                 \tall\tr",
                                 "num_q                 \tall\t2"]
    assert list(trec_eval_pieces(rows.iloc[:0])) == []  # no rows: nothing


def test_trec_names():
    assert trec_name("P@10") == ("P_10", "P", 10.0)
    assert trec_name("nxCG@10") == ("nxCG@10", "", 0.0)  # no trec_eval measure: as typed
    assert trec_name("no such measure") == ("no such measure", "", 0.0)


def _results_and_compare():
    a, b = [0.9, 0.8, 0.85, 0.95, 0.7], [0.2, 0.3, 0.1, 0.25, 0.15]
    per = pd.DataFrame([(run, str(t + 1), "map", v) for run, vs in (("A", a), ("B", b))
                        for t, v in enumerate(vs)], columns=["run", "topic", "measure", "value"])
    means = pd.DataFrame({"run": ["A", "B"], "topic": "all", "measure": "map",
                          "value": [sum(a) / 5, sum(b) / 5]})
    return pd.concat([per, means], ignore_index=True), compare_runs(per, measure="map")


def test_per_topic_text_table_marks_the_mean_and_names_the_test():
    results, compare = _results_and_compare()
    assert bool(compare["reject"].iloc[0])  # A is better than B on every topic
    text = format_text_table(results, compare.assign(test="t", correction="by"))
    lines = text.splitlines()
    assert lines[0].split() == ["measure", "topic", "(a)", "A", "(b)", "B"]
    assert lines[-3].split() == ["map", "all", "0.8400", "b", "0.2000"]  # A beats (b)
    assert lines[-1] == "letters: significantly better than that run (t; by)"
    plain = format_text_table(results, compare)  # no test column: the reject column is named
    assert plain.splitlines()[-1].endswith("(reject column of the compare table)")


def test_output_refusals_and_stdout(capsys):
    results, _ = _results_and_compare()
    with pytest.raises(UsageError, match="unknown format 'xml'"):
        write_results(results, "xml")
    with pytest.raises(UsageError, match="digits: only for the summary formats"):
        write_results(results, "csv", digits=3)
    with pytest.raises(UsageError, match="unknown summary format 'csv'"):
        summary_text(results, "csv")
    write_table(results[results.topic == "all"], "table")
    assert "0.8400" in capsys.readouterr().out
    with pytest.raises(UsageError, match="positive integers separated by commas"):
        parse_budgets("128,x")


def test_nan_means_are_printed_as_nan():
    rows = pd.DataFrame({"run": ["r"], "topic": ["all"], "measure": ["map"],
                         "value": [float("nan")]})
    buffer = io.StringIO()
    write_results(rows, "text", stream=buffer)
    assert buffer.getvalue().split() == ["r", "map", "all", "nan"]


def test_parquet_without_pyarrow_is_a_usage_error(monkeypatch, tmp_path):
    results, _ = _results_and_compare()

    def no_pyarrow(*args, **kwargs):
        raise ImportError("pyarrow")

    monkeypatch.setattr(pd.DataFrame, "to_parquet", no_pyarrow)
    with pytest.raises(UsageError, match="needs pyarrow"):
        write_results(results, "parquet", out=tmp_path / "x.parquet")




def _seven_runs(topics: int) -> pd.DataFrame:
    """Seven runs 0.1 apart on every topic: no topic set can swap two of them."""
    return pd.DataFrame([(f"r{i}", str(t), "map", 0.1 * i + 0.01 * t) for i in range(7)
                         for t in range(1, topics + 1)],
                        columns=["run", "topic", "measure", "value"])


def test_report_swap_rates_of_seven_runs():
    from sdreval.report.html import render_html, report_data

    data = report_data(_seven_runs(6), plots_wanted=["swap"], samples=200)
    # the best 75% of 7 runs are 5 (10 pairs), 100 trials per topic-set size 1..3
    per_size = data.swaps.groupby("size")[["comparisons", "swaps"]].sum()
    assert per_size.to_dict("list") == {"comparisons": [1000] * 3, "swaps": [0] * 3}
    assert set(data.swaps["measure"]) == {"map"}
    assert 'id="fig-swap-map"' in render_html(data, timestamp=False)
    few = report_data(_seven_runs(3), plots_wanted=["swap"], samples=200)
    assert few.swaps is None
    assert "swap rates of map: not drawn (they need two runs and four common topics)" \
        in few.notes


def test_ip_curve_with_parameters_given_as_text():
    """A curve of measure points (iP at recall 0, 0.05, ...) with its parameters as text is
    the curve with them as a mapping, and each point the mean of ``iP(...)@x``."""
    from sdreval.data import example_path
    from sdreval.report.curves import compute_curve

    root = example_path("synthetic")
    qrels, run = read_qrels(root / "qrels.fol"), read_run(root / "runs" / "sim01.passages.txt")
    as_text = compute_curve(qrels, [run], "ip", params="alpha=0.5")
    pd.testing.assert_frame_equal(as_text, compute_curve(qrels, [run], "ip",
                                                         params={"alpha": 0.5}))
    means = summarise(evaluate(qrels, [run], ["iP(alpha=0.5)@0.05", "iP(alpha=0.5)@0.5"],
                               EvalContext())).set_index("measure").value
    at = as_text.set_index("x").value
    assert at[0.05] == pytest.approx(means["iP(alpha=0.5)@0.05"], abs=1e-15)
    assert at[0.5] == pytest.approx(means["iP(alpha=0.5)@0.5"], abs=1e-15)
    assert at[0.05] != at[0.5]
    with pytest.raises(UsageError, match="unknown curve 'roc'"):
        compute_curve(qrels, [run], "roc")


def test_figure_refusals(monkeypatch):
    from sdreval.report import figures, plots
    from sdreval.report.curves import as_curve_table
    from sdreval.report.page import report_time

    results, compare = _results_and_compare()
    with pytest.raises(UsageError, match="lacks column"):
        as_curve_table(pd.DataFrame({"run": ["a"]}))
    assert as_curve_table({}).empty
    with pytest.raises(UsageError, match="dpi must be positive, got 0"):
        plots.figure_bytes(None, "png", dpi=0)
    with pytest.raises(UsageError, match="no pairs to draw"):
        plots.plot_significance_heatmap(compare, measure="P_10")
    with pytest.raises(UsageError, match="no pairs to draw"):
        plots.plot_significance_decisions(compare.drop(columns=[]), measure="P_10")
    with pytest.raises(UsageError, match="need columns run, mean, low, high"):
        plots.plot_confidence_intervals(pd.DataFrame({"run": ["A"]}))
    with pytest.raises(UsageError, match="no per-topic values of 'P_10'"):
        plots.bootstrap_intervals(results, "P_10")
    with pytest.raises(UsageError, match="baseline 'C' has no per-topic values of map"):
        figures.plot_topic_differences(results, "map", "C", ["A", "B"])
    with pytest.raises(UsageError, match="need a run besides the baseline"):
        figures.plot_topic_differences(results, "map", "A", ["A"])
    with pytest.raises(UsageError, match="no comparisons with the baseline 'A'"):
        figures.plot_difference_intervals(compare, ["map"], "A", ["A", "B"])
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "yesterday")
    with pytest.raises(UsageError, match="SOURCE_DATE_EPOCH must be an integer"):
        report_time()


def test_curve_plots_draw_what_they_are_given():
    """Step and logarithmic curves and the span recall plot draw each run's points as given."""
    import numpy as np

    from sdreval.report import plots

    curves = {"a": ([1, 2, 5], [0.2, 0.5, 0.9]), "b": ([1, 2, 5], [0.1, 0.3, 0.4])}
    for fig in (plots.plot_curves(curves, step=True), plots.plot_nxcg(curves, logx=True),
                plots.plot_span_recall(curves)):
        (ax,) = fig.axes
        drawn = {line.get_label(): line for line in ax.get_lines()}
        assert set(drawn) >= {"a", "b"}
        for run, (xs, ys) in curves.items():
            x, y = drawn[run].get_data()
            # a step line repeats points; every given point is on it
            assert {(float(p), float(q)) for p, q in zip(xs, ys)} <= \
                {(float(p), float(q)) for p, q in zip(np.asarray(x), np.asarray(y))}
    assert plots.plot_nxcg(curves, logx=True).axes[0].get_xscale() == "log"
    assert "SpanR@k" in plots.plot_span_recall(curves).axes[0].get_ylabel()


def test_report_refuses_an_unknown_curve_and_image_format():
    from sdreval.report.html import render_html, report_data

    results, _ = _results_and_compare()
    with pytest.raises(UsageError, match="unknown curve 'roc'"):
        report_data(results, curves={"roc": pd.DataFrame()}, samples=200)
    data = report_data(results, plots_wanted=[], samples=200)
    with pytest.raises(UsageError, match="image format must be png or svg"):
        render_html(data, image_format="gif")


def test_report_without_measures_uses_eval_s_defaults():
    """Element runs on element judgements: the INEX 2005-2006 set (Kazai & Lalmas 2006),
    as ``sdreval eval`` without -m; mixed kinds: every kind's set."""
    from sdreval.data import example_path
    from sdreval.measures.defaults import DEFAULT_SETS
    from sdreval.report.html import build_report, default_measures

    root = example_path("synthetic")
    qrels = read_qrels(root / "qrels.tsv")
    runs = [read_run(root / "runs" / f"sim0{i}.txt") for i in (1, 2)]
    data = build_report(qrels, runs, plots_wanted=[], samples=200)
    assert data.measures == list(DEFAULT_SETS["element"])
    assert sorted(set(data.results.measure)) == sorted(DEFAULT_SETS["element"])
    passages = read_run(root / "runs" / "sim01.passages.txt")
    assert default_measures([runs[0], passages]) == \
        list(DEFAULT_SETS["element"]) + list(DEFAULT_SETS["passage"])
