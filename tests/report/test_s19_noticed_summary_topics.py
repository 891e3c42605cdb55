"""The report's summary counts the topics its means are over.  A NaN value (a topic with
nothing relevant under the measure's quantisation) is left out of the mean, but the ``topics``
column counted it: sim01's MAep(quant=strict) is a mean over 2 topics (two of the four have
nothing relevant under strict quantisation), the summary said 4."""
import pandas as pd
from lxml import html as lxml_html

from sdreval import api
from sdreval.data import example_path
from sdreval.measures import EvalContext
from sdreval.report.html import build_report, report_data
from sdreval.report.page import summary_html

BASE = example_path("synthetic")


def _cells(data):
    page = lxml_html.fromstring(summary_html(data))
    rows = page.xpath('//table[@id="summary-table"]/tbody/tr')
    legend = page.xpath("//p")[0].text_content()
    return {r.xpath("td")[0].text_content(): r.xpath("td")[1].text_content() for r in rows}, \
        legend


def test_topics_left_out_of_a_mean_are_not_counted():
    qrels = api.read_qrels(str(BASE / "qrels.tsv"))
    runs = [api.read_run(str(BASE / "runs" / f"sim0{i}.txt")) for i in (1, 2)]
    data = build_report(qrels, runs, ["MAep(quant=strict)"], EvalContext(), plots_wanted=())
    strict = data.results.groupby("run")["value"].count()  # the values the mean is over
    assert strict.tolist() == [2, 2] and data.results.groupby("run").size().tolist() == [4, 4]
    cells, _ = _cells(data)
    assert cells == {"sim01 (baseline)": "2", "sim02": "2"}


def test_measures_over_different_topics_give_a_range():
    nan = float("nan")
    rows = [("A", t, "m1", v) for t, v in (("1", 0.5), ("2", 0.25), ("3", nan))]
    rows += [("A", t, "m2", 0.5) for t in ("1", "2", "3")]
    rows += [("B", t, m, 0.75) for t in ("1", "2", "3") for m in ("m1", "m2")]
    data = report_data(pd.DataFrame(rows, columns=["run", "topic", "measure", "value"]),
                       plots_wanted=())
    cells, legend = _cells(data)
    assert cells == {"A (baseline)": "2–3", "B": "3"}
    assert "NaN, is left out" in legend
