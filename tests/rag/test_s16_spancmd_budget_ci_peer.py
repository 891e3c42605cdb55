"""budget: means by hand over many topics and percentile-bootstrap CIs against
scipy.stats.bootstrap (method="percentile", topics resampled with replacement); the two
draw different samples, so they agree to Monte-Carlo error."""
from __future__ import annotations

import numpy as np
import pytest
from scipy import stats

import sdreval.api as api

N = 30
RNG = np.random.default_rng(7)
STARTS = RNG.integers(0, 200, N)
GOLD = [{"query_id": f"q{i}", "doc_id": "d", "start": int(s), "end": int(s) + 40,
         "relevance": 1} for i, s in enumerate(STARTS)]
# one retrieved span per topic, [0, 300): the first N characters are [0, N)
RUN = [{"query_id": f"q{i}", "doc_id": "d", "start": 0, "end": 300, "score": 1.0}
       for i in range(N)]


def _by_hand(budget: int) -> tuple[np.ndarray, np.ndarray]:
    shared = np.clip(np.minimum(STARTS + 40, budget) - STARTS, 0, 40).astype(float)
    return shared / 40, shared / min(budget, 300)


@pytest.mark.parametrize("level", [0.9, 0.95])
def test_budget_means_and_cis_against_scipy(level):
    curve = api.budget_curve(GOLD, RUN, [64, 128, 256], level=level, samples=20_000)
    for row in curve.itertuples(index=False):
        recall, precision = _by_hand(row.budget)
        values = recall if row.measure == "SpanR" else precision
        assert row.topics == N
        assert row.mean == pytest.approx(values.mean())
        peer = stats.bootstrap((values,), np.mean, confidence_level=level,
                               method="percentile", n_resamples=20_000,
                               random_state=1).confidence_interval
        spread = values.std() / np.sqrt(N)
        assert row.ci_low == pytest.approx(peer.low, abs=0.05 * spread + 1e-12)
        assert row.ci_high == pytest.approx(peer.high, abs=0.05 * spread + 1e-12)
