"""ESR navigation models and Eq. 4-5 (seed 002 §4.2-4.3, Tables 2, 3, 5)."""
import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from sdreval.data import ali_consens_lalmas_2012 as S
from sdreval.errors import UsageError
from sdreval.measures.esr import kernels as K
from sdreval.model.navigation import (ExplicitNavigation, NoNavigation,
                                             depth_weighted_summary, elementary_from_routes,
                                             summary_from_routes, tag_partition)

IDS = list(S.NODES)
PATHS = [S.path(n) for n in IDS]


def test_table2_elementary_graph_from_routes():
    nav = elementary_from_routes(S.routes())
    weights = nav.weights[S.DOC]
    M = nav.matrix(S.DOC, PATHS)
    expected = S.EXPECTED["table2"]
    for (f, t), (w, p) in expected.items():
        assert weights[(S.path(f), S.path(t))] == w
        # the paper prints 2/3 as 0.66 and 1/3 as 0.33 (truncated)
        assert M[IDS.index(f), IDS.index(t)] == pytest.approx(p, abs=0.01)
    # every other cell of Table 2 is 0
    mask = np.ones_like(M, dtype=bool)
    for f, t in expected:
        mask[IDS.index(f), IDS.index(t)] = False
    assert not M[mask].any()
    assert nav.prob(S.DOC, S.path("e3"), S.path("e1")) == pytest.approx(2 / 3)


def test_footnote4_abandonment_weights():
    nav = elementary_from_routes(S.routes(), abandonment=True)
    w = nav.weights[S.DOC]
    for node in ("e4", "e5", "e6"):
        assert w[(S.path(node), S.path(node))] == 1
    assert (S.path("e1"), S.path("e1")) not in w
    # e4: one step to e5 and one abandonment -> 0.5 each
    assert nav.prob(S.DOC, S.path("e4"), S.path("e5")) == pytest.approx(0.5)
    assert nav.prob(S.DOC, S.path("e4"), S.path("e4")) == pytest.approx(0.5)
    # abandonment never feeds Eq. 4 (a node does not navigate to itself)
    from sdreval.measures.esr.inputs import navigation_block
    from sdreval.model.run import Ranking
    block = navigation_block(nav, Ranking.from_elements([(S.DOC, S.path("e4"))]),
                             [(S.DOC, S.path("e4")), (S.DOC, S.path("e5"))])
    assert block.tolist() == [[0.0, 0.5]]


def test_table3_summary_by_tag():
    part = tag_partition(S.PARTITION_GROUPS)
    nav = summary_from_routes(S.routes(), part)
    for key, (w, p) in S.EXPECTED["table3"].items():
        assert nav.weights[key] == w
        assert nav.probs[key] == pytest.approx(p)
    assert len(nav.probs) == len(S.EXPECTED["table3"])
    # §4.2: p(e3 -> e1) ≈ p(S2 -> S1) = 2/(2+2+1) = 0.4
    assert nav.prob(S.DOC, S.path("e3"), S.path("e1")) == pytest.approx(0.4)
    M = nav.matrix(S.DOC, PATHS)
    assert np.all(np.diag(M) == 0)  # no abandonment given
    assert M[IDS.index("e3"), IDS.index("e6")] == pytest.approx(0.2)  # S2 -> S2


def test_summary_abandonment_shares_the_row():
    nav = summary_from_routes(S.routes(), tag_partition(S.PARTITION_GROUPS), abandonment=True)
    # S3: e4 -> e5 once, routes end in e4 (route 1) and e5 (route 2): 1/3 each
    assert nav.probs[("S3", "S3")] == pytest.approx(1 / 3)
    assert nav.abandon["S3"] == pytest.approx(2 / 3)


def test_depth_weighted_summary():
    nav = depth_weighted_summary()
    paths = ["/article[1]", "/article[1]/sec[1]", "/article[1]/sec[1]/ss1[1]",
             "/article[1]/sec[1]/p[1]"]
    M = nav.matrix("d", paths)
    w = np.array([1, 1 / 2, 1 / 3, 1 / 4]) / (1 + 1 / 2 + 1 / 3 + 1 / 4)
    for j in range(4):
        for i in range(4):
            assert M[j, i] == pytest.approx(0 if i == j else w[i])
    # probabilities over the four partitions sum to one from every partition
    assert sum(nav.probs[("section", t)] for t in ("article", "section", "ss1", "other")) \
        == pytest.approx(1)
    with pytest.raises(UsageError):
        depth_weighted_summary(group_depth={"article": 0, "other": 1})


def test_no_navigation_across_documents():
    from sdreval.measures.esr.inputs import navigation_block
    from sdreval.model.run import Ranking
    nav = depth_weighted_summary()
    ranking = Ranking.from_elements([("d1", "/article[1]"), ("d2", "/article[1]/sec[1]")])
    block = navigation_block(nav, ranking, [("d2", "/article[1]/sec[2]"),
                                            ("d3", "/article[1]")])
    assert block[0].tolist() == [0.0, 0.0]          # d1 -> d2, d1 -> d3
    assert block[1, 0] > 0 and block[1, 1] == 0     # d2 -> d2 only


def test_explicit_model_matrix_layout():
    nav = S.table5_navigation()
    M = nav.matrix(S.DOC, PATHS)
    assert M[IDS.index("e1"), IDS.index("e3")] == 0.16   # row = from e1, column = to e3
    assert M[IDS.index("e3"), IDS.index("e1")] == 1.0
    assert nav.matrix("other-doc", PATHS).sum() == 0


def test_eq4_tree_navigation_by_hand():
    P = S.table5_navigation().matrix(S.DOC, PATHS)
    i = {n: k for k, n in enumerate(IDS)}
    # singletons: Eq. 4 is the node probability
    assert K.tree_navigation(P, [i["e3"]], [i["e1"]]) == pytest.approx(0.16)
    assert K.tree_navigation(P, [i["e1"]], [i["e1"]]) == 0.0
    # t_i = {e2, e4}, t_j = {e1, e2}: only e1 -> e4 counts (e2 is shared), over |t_i||t_j| = 4
    assert K.tree_navigation(P, [i["e2"], i["e4"]], [i["e1"], i["e2"]]) == pytest.approx(0.11 / 4)
    # t_i = {e4, e5}, t_j = {e1, e2}: (0.11 + 0.11 + 0.133 + 0.133) / 4
    assert K.tree_navigation(P, [i["e4"], i["e5"]], [i["e1"], i["e2"]]) \
        == pytest.approx((0.22 + 0.266) / 4)


def test_eq5_redundancy_at_every_cutoff():
    # §5: p(e4; {e1, e2}) = 1 - (1 - 0.11)(1 - 0.133) = 0.228
    nav = np.array([[0.11], [0.133]])
    seen = K.redundancy(nav)
    assert seen[0, 0] == pytest.approx(0.11)
    assert seen[1, 0] == pytest.approx(1 - 0.89 * 0.867)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.floats(0, 1), min_size=1, max_size=12))
def test_redundancy_is_monotone_and_bounded(ps):
    seen = K.redundancy(np.array(ps)[:, None])[:, 0]
    assert np.all(np.diff(seen) >= -1e-12)
    assert np.all((seen >= 0) & (seen <= 1 + 1e-12))
    assert seen[-1] == pytest.approx(1 - np.prod(1 - np.array(ps)))


def test_no_navigation_model_is_zero():
    assert NoNavigation().matrix("d", ["/a[1]", "/a[1]/b[1]"]).sum() == 0
    assert ExplicitNavigation().prob("d", "/a[1]", "/a[1]/b[1]") == 0


def test_route_with_self_step_is_rejected():
    with pytest.raises(UsageError):
        elementary_from_routes([("d", ["/a[1]", "/a[1]"])])


def test_models_pickle_for_parallel_evaluation():
    import pickle
    nav = summary_from_routes(S.routes(), tag_partition(S.PARTITION_GROUPS))
    again = pickle.loads(pickle.dumps(nav))
    assert again.prob(S.DOC, S.path("e3"), S.path("e1")) == pytest.approx(0.4)
    assert pickle.loads(pickle.dumps(depth_weighted_summary())).probs \
        == depth_weighted_summary().probs
