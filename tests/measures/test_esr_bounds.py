"""ESR precision-type measures stay in [0, 1] even when one result's tree holds many hits."""
import numpy as np
import pytest

from sdreval.measures import EvalContext, evaluate
from sdreval.simulate import simulate


@pytest.fixture(scope="module")
def world():
    return simulate(n_docs=15, elements_per_doc=150, n_topics=4, n_runs=3, run_length=40, seed=5)


def test_srprum_and_esrp_in_unit_interval(world):
    collection, qrels, runs = world
    measures = ["SRPRUM", "SRPRUM(recall=0.5)", "ESRP@5", "SRiP@5"]
    table = evaluate(qrels, runs, measures, EvalContext(collection=collection))
    values = table.value.to_numpy()
    assert np.isfinite(values).all()
    assert (values >= 0).all() and (values <= 1 + 1e-12).all(), table[table.value > 1]
