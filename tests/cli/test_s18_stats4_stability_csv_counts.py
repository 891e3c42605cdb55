"""``stability --format csv`` writes counts as whole numbers, as its JSON and ``compare``'s CSV
do: one table of all analyses left a count column float (``6.0`` topics) wherever another
analysis had no such column."""
from __future__ import annotations

import csv
import io

import numpy as np
import pandas as pd

COUNTS = ("topics", "runs", "group_a_ci", "size", "comparisons", "swaps", "fitted_points",
          "splits", "pairs", "rejections", "errors")


def test_counts_are_integers_in_the_combined_csv(sdreval_cli, tmp_path):
    rng = np.random.default_rng(0)
    rows = [(f"r{r}", str(t), m, float(rng.random())) for m in ("P@5", "AP")
            for r in range(8) for t in range(6)]
    scores = tmp_path / "scores.csv"
    pd.DataFrame(rows, columns=["run", "topic", "measure", "value"]).to_csv(scores, index=False)
    out = sdreval_cli("stability", "--scores", scores, "-a", "ci", "-a", "discrimination",
                      "-a", "swap", "-a", "extrapolate", "-a", "min-diff", "-a", "error-rate",
                      "--splits", "2", "--samples", "100", "--trials", "3", "--tests", "t",
                      "--format", "csv")
    assert out.returncode == 0, out.stderr
    records = list(csv.DictReader(io.StringIO(out.stdout)))
    seen = {c: [r[c] for r in records if r[c] != ""] for c in COUNTS}
    for column, cells in seen.items():
        assert cells, column
        assert all(c.isdigit() for c in cells), (column, sorted(set(cells))[:3])
    assert set(seen["topics"]) == {"6"}
