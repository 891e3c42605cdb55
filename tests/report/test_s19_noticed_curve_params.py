"""The report's curve figures draw the measure the table shows.  The precall figure drew plain
inex_eval whatever the table's parameters: with ``-m "inex_eval(elements=100000)"`` the table
said 0.0539 for sim01 and the figure's curve averaged 0.3364 (the pool as the collection);
``compute_curve(..., "precall", params="elements=100000")`` failed with a TypeError.  The mean
of a precall curve over its 100 recall points is the measure (Ogilvie & Lalmas 2006, Eq. 1-5:
inex_eval is the mean precall over x = 0.01..1.00), so the figure's mean must equal the
table's value; nxCG@5 is the nxCG curve at rank 5 (Kazai & Lalmas 2006, Eq. 5)."""
import numpy as np
import pytest

from sdreval import api
from sdreval.data import example_path
from sdreval.errors import UsageError
from sdreval.measures import EvalContext
from sdreval.report.curves import compute_curve
from sdreval.report.html import build_report

BASE = example_path("synthetic")


@pytest.fixture(scope="module")
def inputs():
    qrels = api.read_qrels(str(BASE / "qrels.tsv"))
    runs = [api.read_run(str(BASE / "runs" / f"sim0{i}.txt")) for i in (1, 2)]
    return qrels, runs


def _table_means(data):
    return data.results.groupby("run")["value"].mean()


@pytest.mark.parametrize("measure", ["inex_eval(elements=100000)", "inex_eval(quant=strict)",
                                     "inex_eval(compat=inex)"])
def test_precall_figure_draws_the_table_measure(inputs, measure):
    qrels, runs = inputs
    data = build_report(qrels, runs, [measure], EvalContext(), plots_wanted=("precall",))
    figure = data.curves["precall"][1].groupby("run")["value"].mean()
    table = _table_means(data)
    assert np.allclose(figure[table.index], table), (figure, table)


def test_nxcg_figure_draws_the_table_measure(inputs):
    qrels, runs = inputs
    data = build_report(qrels, runs, ["nxCG(quant=strict)@5"], EvalContext(),
                        plots_wanted=("nxcg",))
    curve = data.curves["nxcg"][1]
    at5 = curve[curve["x"] == 5].set_index("run")["value"]
    table = _table_means(data)
    assert np.allclose(at5[table.index], table), (at5, table)


def test_two_variants_the_figure_says_which(inputs):
    qrels, runs = inputs
    data = build_report(qrels, runs, ["inex_eval(quant=strict)", "inex_eval"], EvalContext(),
                        plots_wanted=("precall",))
    notes = [n for n in data.notes if "drawn with the parameters of" in n]
    assert len(notes) == 1 and "inex_eval(quant=strict)" in notes[0], data.notes
    figure = data.curves["precall"][1].groupby("run")["value"].mean()
    strict = data.results[data.results["measure"] == "inex_eval(quant=strict)"]
    table = strict.groupby("run")["value"].mean()
    assert np.allclose(figure[table.index], table)


def test_compute_curve_reads_parameter_text(inputs):
    qrels, runs = inputs
    table = api.evaluate(qrels, runs, ["inex_eval(elements=100000)"])
    table = table[table["topic"] != "all"].groupby("run")["value"].mean()
    curve = compute_curve(qrels, runs, "precall", EvalContext(), params="elements=100000")
    figure = curve.groupby("run")["value"].mean()
    assert np.allclose(figure[table.index], table)
    with pytest.raises(UsageError):
        compute_curve(qrels, runs, "precall", EvalContext(), params="elements=many")
