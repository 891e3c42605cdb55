"""The ep/gr and nxCG curves (the report's figures) average over the same topics as the
measures: the topics the run answered (``-c``: every qrels topic, unanswered ones scoring 0).

Before the fix the curves averaged over every qrels topic with something relevant whatever
``all_topics`` was, so for a run answering 2 of 4 topics the report's nxCG figure showed about
half the summary table's nxCG@5."""
from __future__ import annotations

from importlib import resources

import numpy as np
import pytest

from sdreval import api
from sdreval.measures.xcg import ep_gr_curve, nxcg_curve
from sdreval.model.run import Run

EXAMPLE = resources.files("sdreval") / "data" / "examples" / "synthetic"


@pytest.fixture(scope="module")
def inputs():
    qrels = api.read_qrels(str(EXAMPLE / "qrels.tsv"))
    whole = api.read_run(str(EXAMPLE / "runs" / "sim01.txt"))
    part = Run(whole.name, {t: r for t, r in whole.topics.items() if t in ("1", "3")},
               whole.unit)
    return qrels, part


@pytest.mark.parametrize("all_topics", [False, True])
def test_curves_average_over_the_measures_topics(inputs, all_topics):
    qrels, run = inputs
    means = api.evaluate(qrels, run, ["ep@0.5", "nxCG@5"], all_topics=all_topics)
    expected = dict(zip(means["measure"], means["value"]))
    ep = ep_gr_curve(qrels, run, [0.5], all_topics=all_topics)
    nx = nxcg_curve(qrels, run, 5, all_topics=all_topics)
    ep_mean = float(ep[ep.topic == "all"]["ep"].iloc[0])
    nx_mean = float(nx[(nx.topic == "all") & (nx["rank"] == 5)]["nxCG"].iloc[0])
    assert np.isclose(ep_mean, expected["ep@0.5"]), (ep_mean, expected)
    assert np.isclose(nx_mean, expected["nxCG@5"]), (nx_mean, expected)
    # unanswered topics appear (scoring 0) only with all_topics
    assert set(nx[nx.topic != "all"].topic) == ({"1", "2", "3", "4"} if all_topics
                                                else {"1", "3"})


@pytest.mark.parametrize("kind,measure,x", [("nxcg", "nxCG@5", 5), ("epgr", "ep@0.5", 0.5)])
def test_report_figure_means_match_the_summary(inputs, kind, measure, x):
    """The report's figure (the curve function it calls) against the summary's measure: the
    figure showed 0.26 where the table said 0.65 (nxCG@5, a run answering 2 of 4 topics)."""
    from sdreval.measures.registry import EvalContext
    from sdreval.report.curves import CURVE_FUNCTIONS

    qrels, run = inputs
    for all_topics in (False, True):
        means, _ = CURVE_FUNCTIONS[kind](qrels, [run], EvalContext(), all_topics, {})
        got = float(means[np.isclose(means["x"], x)]["value"].iloc[0])
        expected = api.evaluate(qrels, run, [measure], all_topics=all_topics)["value"].iloc[0]
        assert np.isclose(got, expected), (all_topics, got, expected)


def test_precall_figure_follows_compat_inex(inputs):
    """Under --compat inex the summary's inex_eval is RePrec's reading; the precall figure
    drew Eq. 4's (0.4767 where the table said 0.4687, the run answering 2 of 4 topics)."""
    from sdreval.measures.registry import EvalContext
    from sdreval.report.curves import CURVE_FUNCTIONS

    qrels, run = inputs
    for compat in (None, "inex"):
        means, _ = CURVE_FUNCTIONS["precall"](qrels, [run], EvalContext(compat=compat), False,
                                              {})
        options = {"compat": compat} if compat else {}
        expected = api.evaluate(qrels, run, ["inex_eval"], **options)["value"].iloc[0]
        assert np.isclose(means["value"].mean(), expected), (compat, means["value"].mean(),
                                                             expected)


HEAD = "# scale=inex2003\ntopic\tfile\tpath\texhaustivity\tspecificity\tsize\n"
# topic 1: gen values 0.25, 1, 0.5 (Kazai & Lalmas 2006, Eq. 2); topic 2: nothing relevant
QRELS = (HEAD + "1\td1\t/article[1]\t1\t1\t100\n1\td1\t/article[1]/sec[1]\t3\t3\t40\n"
         "1\td1\t/article[1]/sec[2]\t2\t2\t60\n2\td1\t/article[1]\t0\t0\t100\n")
RUN = ("1 Q0 d1 1 2 r /article[1]\n1 Q0 d1 2 1 r /article[1]/sec[1]\n"
       "2 Q0 d1 1 1 r /article[1]\n")


@pytest.mark.parametrize("option", ["compat", "zero_rel"])
def test_figures_count_topics_without_relevant_as_the_table(tmp_path, option):
    """Under --compat inex and --zero-rel-as-zero a topic with nothing relevant scores 0 in the
    means; the figures left it out (nxCG at rank 2: 0.1667 in the figure, 0.0833 in the
    table)."""
    from sdreval.measures.registry import EvalContext
    from sdreval.report.curves import CURVE_FUNCTIONS

    (tmp_path / "q.tsv").write_text(QRELS)
    (tmp_path / "r.txt").write_text(RUN)
    qrels, run = api.read_qrels(str(tmp_path / "q.tsv")), api.read_run(str(tmp_path / "r.txt"))
    options = {"compat": "inex"} if option == "compat" else {"zero_rel": True}
    for kind, measure, x in (("nxcg", "nxCG@2", 2), ("epgr", "ep@0.1", 0.1),
                             ("precall", "inex_eval(elements=10)", None)):
        ctx = EvalContext(collection_elements=10, **options)
        means, _ = CURVE_FUNCTIONS[kind](qrels, [run], ctx, False, {})
        got = (means["value"].mean() if x is None else
               float(means[np.isclose(means["x"], x)]["value"].iloc[0]))
        expected = api.evaluate(qrels, run, [measure], **options)["value"].iloc[0]
        assert np.isclose(got, expected), (kind, got, expected)
