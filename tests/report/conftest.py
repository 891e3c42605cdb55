"""Synthetic results tables for the report tests (no measure family needed)."""
from __future__ import annotations

import numpy as np
import pandas as pd
import pytest


def synthetic_results(n_topics: int = 20, seed: int = 1) -> pd.DataFrame:
    """Three runs: 'good' clearly beats 'bad'; 'mid' sits in between with noise."""
    rng = np.random.default_rng(seed)
    rows = []
    base = rng.uniform(0.2, 0.6, n_topics)
    for run, shift in (("good", 0.25), ("mid", 0.05), ("bad", -0.15)):
        for t in range(n_topics):
            for measure, scale in (("MAep", 1.0), ("nxCG@10", 0.8)):
                value = float(np.clip((base[t] + shift + rng.normal(0, 0.05)) * scale, 0, 1))
                rows.append((run, str(t + 1), measure, value))
            for k in (1, 5, 10, 25):
                rows.append((run, str(t + 1), f"nxCG@{k}",
                             float(np.clip(base[t] + shift - 0.01 * k, 0, 1))))
            for r in (0.1, 0.5, 1.0):
                rows.append((run, str(t + 1), f"ep@{r}", float(np.clip(base[t] + shift - r / 4,
                                                                      0, 1))))
    table = pd.DataFrame(rows, columns=["run", "topic", "measure", "value"])
    return table.drop_duplicates(["run", "topic", "measure"]).reset_index(drop=True)


@pytest.fixture
def results() -> pd.DataFrame:
    return synthetic_results()
