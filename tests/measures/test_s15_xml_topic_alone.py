"""A topic's XCG value does not depend on the topics evaluated beside it.

MAnxCG@k is the mean of nxCG[1..k] and iMAep the mean of ep at 0.1..1.0 (Kazai & Lalmas 2006,
Eq. 6 and §5.4).  The batched kernel took both means with numpy's ``mean(axis)``, which sums
a row pairwise or in order depending on how many topics share the array, so the same topic
came out a few units in the last place apart when evaluated alone (or in another ``--jobs``
partition) -- different numbers in the CSV/JSON output of two paths.
"""
from __future__ import annotations

import numpy as np

import sdreval
from sdreval.measures.xcg.kernels import batch_values

MEASURES = ["MAnxCG@50", "iMAep", "MAep", "Q"]


def _files(tmp_path):
    rng = np.random.default_rng(7)
    qrels, run = ["# scale=inex2003"], []
    for topic in ("1", "2", "3"):
        for d in range(14):
            e = int(rng.integers(0, 4))
            s = int(rng.integers(1, 4)) if e else 0
            qrels.append(f"{topic}\td{d}\t/article[1]\t{e}\t{s}")
        for rank, d in enumerate(rng.permutation(30)[:25], start=1):
            run.append(f"{topic} Q0 d{d} {rank} {100 - rank} r /article[1]")
    (tmp_path / "q.tsv").write_text("\n".join(qrels) + "\n")
    (tmp_path / "run.txt").write_text("\n".join(run) + "\n")
    return tmp_path / "q.tsv", run


def test_each_topic_alone_gives_its_value_in_the_whole_run(tmp_path):
    qrels, lines = _files(tmp_path)
    whole = sdreval.evaluate(qrels, tmp_path / "run.txt", MEASURES, per_topic=True)
    for topic in ("1", "2", "3"):
        alone = tmp_path / f"run{topic}.txt"
        alone.write_text("\n".join(x for x in lines if x.split()[0] == topic) + "\n")
        one = sdreval.evaluate(qrels, alone, MEASURES, per_topic=True)
        for measure in MEASURES:
            a = whole[(whole.topic == topic) & (whole.measure == measure)].value.item()
            b = one[(one.topic == topic) & (one.measure == measure)].value.item()
            assert a == b, (topic, measure, a, b)  # exactly: the same number on every path


def test_batched_kernel_value_of_a_topic_is_its_value_alone():
    rng = np.random.default_rng(1)
    gains = [np.where(rng.random(n) < 0.5, 0.0, rng.random(n))
             for n in rng.integers(5, 80, size=12)]
    ideals = [np.sort(rng.random(n))[::-1] for n in rng.integers(1, 30, size=12)]
    requests = [("MAnxCG", 50), ("MAnxCG", 7), ("iMAep", 0.1), ("iMAep", 0.01)]
    together = batch_values(gains, ideals, requests)
    for t in range(12):
        alone = batch_values([gains[t]], [ideals[t]], requests)[:, 0]
        assert np.array_equal(alone, together[:, t]), t
        # and the value is the mean written out: nxCG[1..k] summed in rank order, over k
        cg = np.cumsum(np.r_[gains[t], np.zeros(50)])[:50]
        ci = np.cumsum(np.r_[ideals[t], np.zeros(50)])[:50]
        total = 0.0
        for j in range(50):
            total += cg[j] / ci[j]
        assert alone[0] == total / 50
