"""nDCG, RBP, RBPResidual and ERR add a ranking's terms rank by rank, as trec_eval does:
the same bits for a topic evaluated alone and among topics with longer rankings (numpy's
pairwise row sums and BLAS products changed the last bit with the zero padding of the
matrix; found by tests/properties)."""
from __future__ import annotations

import math
import warnings

import sdreval

GRADES = [1, 0, 2, 1, 0, 3, 1, 1, 2, 0, 1]  # topic 1's ranking: 11 results, grades as judged


def values(qrels, run, names):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        table = sdreval.evaluate(qrels, run, names, per_topic=True)
    return {(t, m): v for t, m, v in zip(table.topic, table.measure, table.value)}


def sequential(terms) -> float:
    total = 0.0
    for term in terms:
        total += term
    return total


def dcg(grades) -> float:
    return sequential(g / math.log2(i + 2) for i, g in enumerate(grades))


def test_a_topic_scores_the_same_bits_alone_and_beside_a_longer_ranking():
    docs = [f"d{i}" for i in range(len(GRADES))]
    qrels = {"1": dict(zip(docs, GRADES)), "2": {"e0": 1}}
    run = {"1": {d: float(100 - i) for i, d in enumerate(docs)},
           "2": {f"e{i}": float(100 - i) for i in range(30)}}
    names = ["nDCG", "RBP", "RBPResidual(p=0.5)"]
    want = {"nDCG": dcg(GRADES) / dcg(sorted(GRADES, reverse=True)),
            "RBP": 0.2 * sequential(g * 0.8 ** i for i, g in enumerate(GRADES)),
            "RBPResidual(p=0.5)": 0.5 ** len(GRADES)}  # every result judged
    together = values(qrels, run, names)
    alone = values({"1": qrels["1"]}, {"1": run["1"]}, names)
    for name in names:  # the same bits; the value to the rounding of the powers p^i
        assert alone[("1", name)] == together[("1", name)], name
        assert math.isclose(alone[("1", name)], want[name], rel_tol=1e-14), name
