"""Real INEX 2009/2010 passage run vs its perturbed copies (seed 000 §6.1.2 on real data)."""
from __future__ import annotations

from pathlib import Path

import pytest

# bundled copy (tests/realdata, see its README) of shared/data/inex2009-2010-zendel
DATA = Path(__file__).resolve().parents[1] / "realdata" / "inex2009-2010-zendel"
pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(not (DATA / "bert_inex_converted.run").exists(),
                                 reason="real INEX data not bundled")]


def test_perturbed_runs_are_significantly_worse():
    from sdreval.errors import ProblemLog
    from sdreval.io import read_qrels, read_run
    from sdreval.measures import evaluate
    from sdreval.stats import compare_runs, insert_nonrelevant

    log = ProblemLog()
    qrels = read_qrels(DATA / "INEX_Qrels.txt", log=log)
    run = read_run(DATA / "bert_inex_converted.run", log=log)
    runs = [run, insert_nonrelevant(run, 3, "insert", qrels),
            insert_nonrelevant(run, 3, "precede", qrels)]
    table = evaluate(qrels, runs, ["MAiP"], all_topics=True)
    means = table.groupby("run", sort=False)["value"].mean().to_numpy()
    assert means[0] > means[1] > means[2]
    for test in ("t", "sign", "wilcoxon", "bootstrap"):
        result = compare_runs(table, "MAiP", test=test, alternative="greater", samples=2000)
        assert result["reject"].all(), test
        # the better run is always the one with fewer / later non-relevant insertions
        assert (result["mean_a"] > result["mean_b"]).all()
