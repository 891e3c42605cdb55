import numpy as np
import pytest

from sdreval.model.xpath import is_ancestor, parent_path
from sdreval.simulate import (AssessmentSpec, CollectionSpec, RunSpec, make_collection,
                              make_qrels, make_runs, simulate)
from sdreval.simulate.assessments import element_relevant_chars


@pytest.fixture(scope="module")
def world():
    return simulate(n_docs=30, elements_per_doc=600, n_topics=6, n_runs=4, run_length=300,
                    seed=11)


def test_deterministic_with_seed(world):
    collection, qrels, runs = world
    again = simulate(n_docs=30, elements_per_doc=600, n_topics=6, n_runs=4, run_length=300,
                     seed=11)
    assert list(qrels.topics["1"].elements) == list(again[1].topics["1"].elements)
    assert np.array_equal(runs[2]["3"].paths, again[2][2]["3"].paths)
    other = simulate(n_docs=30, elements_per_doc=600, n_topics=6, n_runs=4, run_length=300,
                     seed=12)
    assert list(qrels.topics["1"].elements) != list(other[1].topics["1"].elements)


def test_trees_are_consistent(world):
    collection, _, _ = world
    tree = collection["doc0000"]
    assert 450 <= len(tree) <= 800  # about elements_per_doc
    for i, path in enumerate(tree.paths[1:], start=1):
        parent = tree.parent[i]
        assert tree.paths[parent] == parent_path(path)
        assert tree.start[parent] <= tree.start[i] <= tree.end[i] <= tree.end[parent]
    assert tree.words[0] == tree.words[tree.parent == 0].sum()


def test_exhaustivity_propagates_upwards(world):
    _, qrels, _ = world
    for topic in qrels.topics.values():
        by_path = {(d, p): a for (d, p), a in topic.elements.items()}
        for (doc, path), a in by_path.items():
            parent = parent_path(path)
            if parent and (doc, parent) in by_path:
                assert by_path[(doc, parent)].e >= a.e
            assert (a.e == 0) == (a.s == 0)


def test_relevant_chars_by_prefix_sums():
    collection = make_collection(CollectionSpec(n_docs=1, elements_per_doc=200, seed=1))
    tree = collection["doc0000"]
    spans = [(int(tree.start[5]), 10), (int(tree.end[0]) - 4, 4)]
    rel = element_relevant_chars(tree, spans)
    assert rel[0] == 14
    brute = [sum(max(0, min(e, s0 + n) - max(s, s0)) for s0, n in spans)
             for s, e in zip(tree.start, tree.end)]
    assert list(rel) == brute


@pytest.mark.parametrize("scale", ["inex2002", "inex2005"])
def test_other_scales(scale):
    collection = make_collection(CollectionSpec(n_docs=10, elements_per_doc=300, seed=2))
    qrels = make_qrels(collection, AssessmentSpec(n_topics=3, scale=scale, seed=3))
    values = {a.e for t in qrels.topics.values() for a in t.elements.values()}
    assert values <= ({0.0, 1.0, 2.0, -1.0} if scale == "inex2005" else {0.0, 1.0, 2.0, 3.0})


def test_runs_quality_ties_and_overlap():
    collection = make_collection(CollectionSpec(n_docs=20, elements_per_doc=300, seed=4))
    qrels = make_qrels(collection, AssessmentSpec(n_topics=3, seed=5))
    tied = make_runs(collection, qrels, RunSpec(n_runs=2, length=200, tie_levels=5, seed=6))
    assert len(np.unique(tied[0]["1"].rsv)) <= 6
    flat = make_runs(collection, qrels, RunSpec(n_runs=1, length=200, overlap=False, seed=6))
    ranking = flat[0]["2"]
    seen: dict[str, list[str]] = {}
    for doc, path in zip(ranking.docs, ranking.paths):
        for other in seen.get(doc, []):
            assert not (is_ancestor(other, path) or is_ancestor(path, other) or other == path)
        seen.setdefault(doc, []).append(path)
    passages = make_runs(collection, qrels, RunSpec(n_runs=1, length=50, passages=True, seed=6))
    assert passages[0].unit == "passage" and (passages[0]["1"].lengths > 0).all()


@pytest.mark.parametrize("passages", [False, True])
def test_quality_moves_every_measure(passages):
    """The quality knob (0.2 .. 0.9) orders the runs on every measure family and spreads
    them as real INEX runs are spread (the best 2-3 times the worst in MAiP at INEX 2010)."""
    from scipy import stats

    from sdreval import api

    _, qrels, runs = simulate(n_docs=40, elements_per_doc=800, n_topics=12, n_runs=8,
                              run_length=500, seed=0, passages=passages)
    spread = {"MAiP": 2.0, "MAgP": 2.0} if passages else \
        {"MAep": 2.0, "iMAep": 2.0, "nxCG@10": 2.0, "nxCG@50": 2.0, "Q": 2.0, "R": 1.8,
         "inex_eval": 1.8, "AP": 2.0}
    table = api.evaluate(qrels, runs, list(spread))
    means = table[table.topic == "all"].pivot(index="run", columns="measure", values="value")
    quality = np.arange(len(runs))  # runs are made in increasing quality
    for measure, ratio in spread.items():
        values = means[measure].to_numpy()
        assert stats.spearmanr(quality, values)[0] >= 0.9, (measure, values)
        assert stats.kendalltau(quality, values)[0] >= 0.8, (measure, values)
        assert values.max() >= ratio * values.min(), (measure, values)
