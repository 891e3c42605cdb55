"""Exact values stay exact: per-topic sums are accumulated per topic, never by subtracting from
a run-wide cumulative sum, so a topic's value does not depend on the topics evaluated with it."""
import math

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from sdreval.io import read_qrels, read_run
from sdreval.measures.classic import kernels as classic
from sdreval.measures.evaluate import evaluate
from sdreval.measures.passage.context import generalized
from sdreval.measures.registry import EvalContext
from sdreval.measures.segments import segmented_cumsum
from sdreval.model.run import Run


def test_best_in_context_score_of_a_later_topic_is_exact():
    scores = np.r_[np.full(10_000, 0.1), 0.8]
    relevant = np.ones(scores.size, dtype=bool)
    gp, _, agp = generalized(scores, relevant, np.array([0, 10_000, 10_001]),
                             np.array([10_000, 1]), [1], compat=False)
    assert gp[1, 0] == 0.8 and agp[1] == 0.8


def test_graded_ap_of_a_later_row_is_exact():
    G = np.zeros((2, 3000))
    G[0] = 0.1
    G[1, 0] = 0.8
    alone = classic.graded_average_precision(G[1:], np.array([1.0]))
    both = classic.graded_average_precision(G, np.array([3000.0, 1.0]))
    assert both[1] == alone[0] == 0.8


@pytest.mark.parametrize("seed", range(3))
def test_segmented_cumsum_equals_cumsum_of_each_segment(seed):
    rng = np.random.default_rng(seed)
    sizes = rng.integers(0, 50, 200)
    values = rng.random(int(sizes.sum()))
    bounds = np.r_[0, np.cumsum(sizes)]
    got = segmented_cumsum(values, bounds)
    for lo, hi in zip(bounds[:-1], bounds[1:]):
        assert np.array_equal(got[lo:hi], np.cumsum(values[lo:hi]))


def _passage_files(tmp_path, topics=60, docs=40):
    rng = np.random.default_rng(7)
    qrels, run = [], []
    for t in range(1, topics + 1):
        for d in range(docs):
            length = int(rng.integers(100, 5000))
            start = int(rng.integers(0, length // 2))
            size = int(rng.integers(1, length - start))
            rel = d % 3 == 0
            qrels.append(f"{t} Q0 doc{d} {size if rel else 0} {length}"
                         + (f" {start} {start}:{size}" if rel else ""))
            run.append((t, f"doc{d}", int(rng.integers(0, length)), int(rng.integers(1, 900))))
    (tmp_path / "q.fol").write_text("\n".join(qrels) + "\n")
    lines = [f"{t} Q0 {d} {i + 1} {1000 - i} r {o} {n}"
             for i, (t, d, o, n) in enumerate(run)]
    (tmp_path / "r.run").write_text("\n".join(lines) + "\n")
    return read_qrels(tmp_path / "q.fol"), read_run(tmp_path / "r.run")


def test_every_topic_alone_equals_the_topic_in_the_whole_run(tmp_path):
    qrels, run = _passage_files(tmp_path)
    measures = ["MAiP", "iP@0.01", "MAgP", "gP@5", "MAgP(task=bic)", "gP(task=bic)@10",
                "gR@5", "HiXiP(alpha=0.5)@5", "AP", "gAP(quant=relfrac)",
                "AWP(quant=relfrac)", "nDCG(quant=relfrac)@10", "MAep(quant=relfrac)"]
    whole = evaluate(qrels, [run], measures, EvalContext()).set_index(["measure", "topic"])
    for topic in ("2", "37", "60"):
        alone = evaluate(qrels, [Run(run.name, {topic: run.topics[topic]}, run.unit)], measures,
                         EvalContext())
        for row in alone.itertuples():
            assert row.value == whole.value[(row.measure, topic)], (row.measure, topic)


def test_element_measures_alone_equal_in_the_whole_run():
    from sdreval.simulate import simulate

    _, qrels, runs = simulate(n_docs=20, elements_per_doc=40, n_topics=12, n_runs=1,
                              run_length=150, seed=3)
    run = runs[0]
    measures = ["MAep", "MAep(quant=sog)", "nxCG@10", "Q", "gAP", "AWP", "AP", "inex_eval"]
    ctx = dict(collection_elements=10_000)
    whole = evaluate(qrels, [run], measures, EvalContext(**ctx)).set_index(["measure", "topic"])
    for topic in list(run.topics)[-3:]:
        alone = evaluate(qrels, [Run(run.name, {topic: run.topics[topic]}, run.unit)], measures,
                         EvalContext(**ctx))
        for row in alone.itertuples():
            assert row.value == whole.value[(row.measure, topic)] or (
                np.isnan(row.value) and np.isnan(whole.value[(row.measure, topic)])), row


@settings(max_examples=80, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 4), st.floats(allow_nan=True, allow_infinity=True)
                          | st.sampled_from([0.0, -0.0, 5e-324, -5e-324, 1e308, 0.1])),
                max_size=40))
def test_group_sums_are_the_exact_sum_of_each_group(pairs):
    """Every group's sum and count at once, as Python's exact rational arithmetic gives them
    (an infinity: IEEE's sum; NaN left out)."""
    from fractions import Fraction

    from sdreval.measures.exact import exact_sums

    groups = np.array([g for g, _ in pairs], dtype=np.int64)
    values = np.array([v for _, v in pairs], dtype=np.float64)
    for g, got in enumerate(exact_sums(values, groups, 5)):
        mine = [v for h, v in pairs if h == g and v == v]
        assert got.count == len(mine)
        if any(math.isinf(v) for v in mine):  # IEEE's sum of the group's values
            ieee = float(np.array(mine).sum())
            assert got.total() == ieee or (math.isnan(got.total()) and math.isnan(ieee))
        else:
            assert got.fraction() == sum((Fraction(v) for v in mine), Fraction(0))


def test_group_sums_exact_across_exponent_windows_and_blocks(monkeypatch):
    """Sums are taken per window of binary exponents and per block of values: the largest
    significands at every place of a window, in blocks of 7 values, still sum exactly."""
    from fractions import Fraction

    from sdreval.measures import exact

    rng = np.random.default_rng(3)
    values = np.ldexp(np.float64(2 - 2 ** -52), rng.integers(-1074, 1000, 500).astype(np.int64))
    values *= rng.choice([-1.0, 1.0], values.size)
    values[::11] = 5e-324
    groups = rng.integers(0, 3, values.size)
    monkeypatch.setattr(exact, "_BLOCK", 7)
    for g, got in enumerate(exact.exact_sums(values, groups, 3)):
        assert got.fraction() == sum((Fraction(v) for v in values[groups == g].tolist()),
                                     Fraction(0))
        assert got.count == int((groups == g).sum())


@pytest.mark.parametrize("numerator, exponent, count", [
    (0, 0, 3), (1, -1074, 1), (3, -1076, 1), (-5, -1075, 2), ((1 << 53) + 1, 0, 1),
    ((1 << 54) + 3, -1, 7), (1, 1023, 1), (1, 1024, 1), (-1, 1024, 3), (7, 2000, 10 ** 9),
    (10 ** 40 + 17, -200, 12345), (-(10 ** 30) - 1, 50, 3)])
def test_total_and_mean_are_the_fraction_rounded_once(numerator, exponent, count):
    """Rounded once without fractions: the same floats as float() of the exact Fraction
    (subnormals, ties, and past the largest float included)."""
    from fractions import Fraction

    from sdreval.measures.exact import ExactSum

    exact = Fraction(numerator) * Fraction(2) ** exponent
    got = ExactSum(numerator, exponent, count)
    try:
        total = float(exact)
    except OverflowError:
        total = math.inf if exact > 0 else -math.inf
    assert got.total() == total
    try:
        mean = float(exact / count)
    except OverflowError:
        with pytest.raises(OverflowError):
            got.mean()
    else:
        assert got.mean() == mean
