"""The classic measures of a large run are computed a block of topics at a time: the
evaluation's own memory (numpy's allocations, traced) grows with the run's results by a few
bytes each, not by the padded matrices and their temporaries of all the topics at once."""
from __future__ import annotations

import math
import tracemalloc

import pytest

from sdreval.cli.eval_inputs import build_context
from sdreval.io import read_qrels, read_run
from sdreval.measures.serial import evaluate_columns

TOPICS, DEPTH = 4_000, 100
#: traced bytes per result of the run at the evaluation's peak: about 20 now (the gain and
#: flags of every result, kept for the measures of one evaluation, and one block's matrix);
#: the code that padded the whole topics × ranks matrix at once, with per-result topic and
#: rank temporaries, took about 41
LIMIT_BYTES_PER_RESULT = 28


@pytest.fixture(scope="module")
def inputs(tmp_path_factory):
    """Every topic: 100 results, the ones at ranks 1 and 3 relevant (grade 1), the one at rank
    2 judged non-relevant, a relevant document not retrieved."""
    folder = tmp_path_factory.mktemp("classic_memory")
    qrels, run = folder / "q.txt", folder / "r.txt"
    qrels.write_text("".join(f"{t} 0 d1 1\n{t} 0 d2 0\n{t} 0 d3 1\n{t} 0 x 1\n"
                             for t in range(TOPICS)))
    run.write_text("".join(f"{t} Q0 d{k} {k} {DEPTH - k} r\n"
                           for t in range(TOPICS) for k in range(1, DEPTH + 1)))
    return read_qrels(str(qrels)), read_run(str(run))


def test_classic_measures_take_bounded_memory(inputs, monkeypatch):
    qrels, run = inputs
    # results joined and laid out a few thousand at a time: the test's run is small
    monkeypatch.setattr("sdreval.measures.classic.join._CHUNK", 1 << 12)
    monkeypatch.setattr("sdreval.measures.classic.lookup.CHUNK", 1 << 12)
    tracemalloc.start()
    try:
        table = evaluate_columns(qrels, [run], ["AP", "nDCG@10", "P@10", "RR"],
                                 build_context({}), False)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    frame = table.to_frame()
    means = frame.groupby("measure")["value"].mean()
    # R = 3 relevant documents, found at ranks 1 and 3
    assert means["AP"] == pytest.approx((1 / 1 + 2 / 3) / 3, abs=1e-12)
    assert means["P@10"] == pytest.approx(2 / 10, abs=1e-12)
    assert means["RR"] == pytest.approx(1.0, abs=1e-12)
    ideal = 1 + 1 / math.log2(3) + 1 / math.log2(4)
    assert means["nDCG@10"] == pytest.approx((1 + 1 / math.log2(4)) / ideal, abs=1e-12)
    assert peak / (TOPICS * DEPTH) < LIMIT_BYTES_PER_RESULT, peak / (TOPICS * DEPTH)
