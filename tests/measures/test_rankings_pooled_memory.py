"""The rankings family (GMAP, IPrecAvg, RBP, RBPResidual, ERR, Hits), the pooled family
(infAP, Unjudged) and Bpref's pooled documents are computed a block of topics at a time, as
the classic measures are: the evaluation's own memory (numpy's allocations, traced) grows with
the run's results, not with padded topics × ranks matrices of all the topics at once (one long
list made every topic's row that long)."""
from __future__ import annotations

import tracemalloc

import pytest

from sdreval.cli.eval_inputs import build_context
from sdreval.io import read_qrels, read_run
from sdreval.measures.serial import evaluate_columns

TOPICS, DEPTH, LONG = 4_000, 25, 2_000
RESULTS = (TOPICS - 1) * DEPTH + LONG
#: traced bytes per result at the evaluation's peak: about 110 block by block (the lookups of
#: the run, one for the gains and one for the pooled documents, and one block's matrices);
#: the whole topics × 2,000 matrices took about 1,600
LIMIT_BYTES_PER_RESULT = 200
MEASURES = ["GMAP", "IPrecAvg", "RBP", "RBPResidual", "ERR@10", "Hits@10", "infAP",
            "Unjudged@10", "Bpref"]


@pytest.fixture(scope="module")
def inputs(tmp_path_factory):
    """Every topic: 25 results (topic 0: 2,000), the ones at ranks 1 and 3 relevant (grade 1),
    the one at rank 2 judged non-relevant, the one at rank 4 pooled but not judged (grade -1),
    a relevant document not retrieved; the others not pooled."""
    folder = tmp_path_factory.mktemp("rankings_memory")
    qrels, run = folder / "q.txt", folder / "r.txt"
    qrels.write_text("".join(f"{t} 0 d1 1\n{t} 0 d2 0\n{t} 0 d3 1\n{t} 0 d4 -1\n{t} 0 x 1\n"
                             for t in range(TOPICS)))
    run.write_text("".join(f"{t} Q0 d{k} {k} {LONG - k} r\n" for t in range(TOPICS)
                           for k in range(1, (LONG if t == 0 else DEPTH) + 1)))
    return read_qrels(str(qrels)), read_run(str(run))


def test_rankings_and_pooled_measures_take_bounded_memory(inputs, monkeypatch):
    qrels, run = inputs
    # results joined and laid out a few thousand at a time: the test's run is small
    monkeypatch.setattr("sdreval.measures.classic.join._CHUNK", 1 << 12)
    monkeypatch.setattr("sdreval.measures.classic.lookup.CHUNK", 1 << 12)
    tracemalloc.start()
    try:
        table = evaluate_columns(qrels, [run], MEASURES, build_context({}), False)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    frame = table.to_frame()
    means = frame.groupby("measure")["value"].mean()
    p = 0.8
    # R = 3 relevant documents (d1, d3, x), found at ranks 1 and 3
    assert means["GMAP"] == pytest.approx((1 / 1 + 2 / 3) / 3, abs=1e-12)
    # trec_eval 9's relevant results needed at recall level x: (long)(x * R + 0.9), in
    # doubles: 0 or 1 for x = 0.0-0.3 (precision 1), 2 for x = 0.4-0.7 (0.7 * 3 + 0.9 is
    # 2.9999999999999996; precision 2/3), 3 for x = 0.8-1.0 (never reached: 0)
    assert [int(x / 10 * 3 + 0.9) for x in range(11)] == [0, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3]
    assert means["IPrecAvg"] == pytest.approx((4 * 1 + 4 * 2 / 3) / 11, abs=1e-12)
    assert means["RBP"] == pytest.approx((1 - p) * (1 + p ** 2), abs=1e-12)
    # unjudged: rank 4 (pooled, not judged) and ranks 5-d (not pooled), d results:
    # p^d + (1 - p) * sum_{i=4}^{d} p^(i-1) = p^3
    assert means["RBPResidual"] == pytest.approx(p ** 3, abs=1e-12)
    stop = 1 / 16  # (2^1 - 1) / 2^4
    assert means["ERR@10"] == pytest.approx(stop + (1 / 3) * stop * (1 - stop), abs=1e-12)
    assert means["Hits@10"] == 2
    # rank 1: 1; rank 3: 1/3 + (2/3) * ((1 + 1 + 0) / 2) * ((1 + e) / (2 + 2e)) = 2/3
    assert means["infAP"] == pytest.approx((1 + 2 / 3) / 3, abs=1e-9)
    assert means["Unjudged@10"] == pytest.approx(7 / 10, abs=1e-12)
    # bpref: judged non-relevant units N = 1 (d2; d4 is pooled, not judged); rank 1: 1,
    # rank 3: 1 - min(1, R) / min(R, N) = 0; over R = 3
    assert means["Bpref"] == pytest.approx(1 / 3, abs=1e-12)
    assert peak / RESULTS < LIMIT_BYTES_PER_RESULT, peak / RESULTS
