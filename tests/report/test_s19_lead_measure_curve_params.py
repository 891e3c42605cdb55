"""The report's measure@x curves (IPrec, iP, SpanR) draw the measure the table shows: the
IPrec figure drew plain IPrec whatever ``rel`` the table's IPrec took (found by review; the
family curves were fixed before).

By hand: d1 grade 1, d2 grade 2; ranked d1, d2.  IPrec(rel=2): only d2 is relevant, found at
rank 2 with precision 1/2, so interpolated precision is 0.5 at every recall level.  Plain
IPrec (any grade > 0): d1 and d2 relevant at ranks 1 and 2, precision 1 everywhere."""
from __future__ import annotations

from sdreval.io import read_qrels, read_run
from sdreval.measures import EvalContext
from sdreval.report.html import build_report


def test_iprec_figure_takes_the_table_measure_rel(tmp_path):
    (tmp_path / "q").write_text("1 0 d1 1\n1 0 d2 2\n")
    (tmp_path / "r").write_text("1 Q0 d1 1 2 r\n1 Q0 d2 2 1 r\n")
    qrels, run = read_qrels(tmp_path / "q"), read_run(tmp_path / "r")
    drawn = {}
    for measure in ("IPrec(rel=2)@0.5", "IPrec@0.5"):
        data = build_report(qrels, [run], [measure], EvalContext(order="rsv"),
                            plots_wanted=("iprec",))
        drawn[measure] = sorted(set(data.curves["iprec"][1]["value"].round(12)))
    assert drawn == {"IPrec(rel=2)@0.5": [0.5], "IPrec@0.5": [1.0]}
