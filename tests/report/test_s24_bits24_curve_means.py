"""A curve's mean at a point is the mean eval prints: the exact sum of the topics' values
divided by their number, rounded once.  The ep/gr, nxCG and precall curves and the curves
read from an eval table took pandas' or numpy's mean, which changed the last bit of many
points (ep@0.7 and nxCG@10 of a curve differed from eval's ep@0.7 and nxCG@10)."""
from __future__ import annotations

import warnings
from fractions import Fraction

import pandas as pd
import pytest

from sdreval.measures import EvalContext
from sdreval.measures.xcg.curves import ep_gr_curve, nxcg_curve
from sdreval.report.curves import compute_curve, curve_from_results
from sdreval.simulate import simulate


def exact_mean(values) -> float:
    values = list(values)
    return float(sum(map(Fraction, values)) / len(values))


@pytest.fixture(scope="module")
def collection():
    _, qrels, runs = simulate(n_docs=12, elements_per_doc=120, n_topics=8, n_runs=1,
                              run_length=120, seed=3)
    return qrels, runs[0]


def check(table: pd.DataFrame, x: str, y: str) -> None:
    per_topic = table[table.topic != "all"]
    means = table[table.topic == "all"]
    assert len(means) and len(per_topic)
    for point, value in zip(means[x], means[y]):
        assert value == exact_mean(per_topic[per_topic[x] == point][y]), point


def test_ep_gr_and_nxcg_curves_average_as_eval(collection):
    qrels, run = collection
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check(ep_gr_curve(qrels, run), "recall", "ep")
        check(nxcg_curve(qrels, run, max_rank=60), "rank", "nxCG")


def test_the_precall_curve_averages_as_eval(collection):
    qrels, run = collection
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        means = compute_curve(qrels, run, "precall", EvalContext())
        ctx = EvalContext()
        from sdreval.measures.inex_eval import RECALL_POINTS, inex_eval_curve
        curves = [inex_eval_curve(qrels, run.get(t), t, None, None, ctx)
                  for t in sorted(qrels.relevant_topics()) if t in run.topics]
    want = [exact_mean(c[i] for c in curves) for i in range(len(RECALL_POINTS))]
    assert means.value.tolist() == want


def test_a_curve_read_from_an_eval_table_averages_as_eval():
    values = [1 / 3, 2 / 3, 2 / 3, 2 / 3]  # pandas' mean: 0.5833333333333334
    table = pd.DataFrame({"run": "r", "topic": ["1", "2", "3", "4"], "measure": "iP@0.10",
                          "value": values})
    curve = curve_from_results(table, "iP")
    assert curve.value.tolist() == [exact_mean(values)] == [0.5833333333333333]
