"""The summary bolds "the best run of the column", and for a diagnostic it bolded the highest:
the run with the most unjudged results among its first 10 (Unjudged@10), the largest RBP
residual, the most results retrieved; the text and LaTeX tables marked such a run
"significantly better" than another.  A higher unjudged rate or residual is no better run
(trec_eval's unj_k and Moffat & Zobel 2008's residual measure the pool, not the run): no run
is bold or "better" on Judged, Unjudged, RBPResidual, num_ret or num_rel."""
from __future__ import annotations

import pandas as pd
from bs4 import BeautifulSoup

from sdreval.report.html import report_data
from sdreval.report.page import summary_html
from sdreval.report.tables import format_latex_table, format_text_table

# "deep": more unjudged results, more retrieved and a higher P@10 (mean 2.9 / 5 = 0.58)
VALUES = {("deep", "P@10"): (0.5, 0.6, 0.7, 0.6, 0.5), ("flat", "P@10"): (0.1, 0.2, 0.1, 0.2, 0.1),
          ("deep", "Unjudged@10"): (0.6, 0.7, 0.8, 0.7, 0.6),
          ("flat", "Unjudged@10"): (0.1, 0.0, 0.1, 0.0, 0.1),
          ("deep", "num_ret"): (100, 100, 100, 100, 100), ("flat", "num_ret"): (10, 20, 10, 20, 10)}


def _data():
    results = pd.DataFrame([{"run": r, "topic": str(t), "measure": m, "value": float(v)}
                            for (r, m), vs in VALUES.items() for t, v in enumerate(vs)])
    return report_data(results, measures=["P@10", "Unjudged@10", "num_ret"], samples=100,
                       baseline="flat", plots_wanted=())


def test_no_best_run_of_a_diagnostic_in_the_page():
    data = _data()
    soup = BeautifulSoup(summary_html(data), "html.parser")
    bold = {(tr.find("td").get_text().split(" ")[0], i)
            for tr in soup.find("tbody").find_all("tr")
            for i, td in enumerate(tr.find_all("td")) if "best" in (td.get("class") or [])}
    assert bold == {("deep", 2)}  # P@10 only (columns: run, topics, P@10, ...)
    legend = soup.find("p").get_text()
    assert "none for Unjudged@10, num_ret: a diagnostic" in legend


def test_no_better_letters_on_a_diagnostic_in_the_tables():
    data = _data()
    text = format_text_table(data.results, data.compare, data.measures, per_topic=False)
    lines = {line.split()[0]: line for line in text.splitlines() if line.strip()}
    assert lines["P@10"].split()[1:] == ["0.5800", "b", "0.1400"]  # (a) deep beats (b) flat
    assert lines["Unjudged@10"].split()[1:] == ["0.6800", "0.0600"]
    assert lines["num_ret"].split()[1:] == ["500", "70"]
    latex = format_latex_table(data.results, data.compare, data.measures)
    assert r"\textbf{0.5800}$^{b}$" in latex
    assert r"\textbf{0.6800}" not in latex and r"\textbf{500}" not in latex


def test_trec_eval_diagnostics_rank_no_run():
    """trec_eval's rbp_resid (the pool's residual) and num_nonrel_judged_ret (a count of
    judged non-relevant results) are diagnostics too; its other measures rank runs."""
    from sdreval.measures.evaluate import ranks_runs

    assert not ranks_runs("rbp_resid") and not ranks_runs("num_nonrel_judged_ret")
    assert ranks_runs("rbp") and ranks_runs("utility") and ranks_runs("Rndcg")
