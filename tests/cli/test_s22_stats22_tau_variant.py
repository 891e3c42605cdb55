"""stability's tau table printed "kendall_tau" under "Rank correlation of the run rankings of
two measures": with tied means (common with P@k) Kendall's tau-a and tau-b differ, and the
output did not say which.  The title names tau-b; the value is tau-b, by hand below."""
from __future__ import annotations

import math

import pandas as pd
from click.testing import CliRunner

from sdreval.cli.main import cli

# one topic, so each run's mean is its value: A ranks 0.3, 0.2, 0.2, 0.1 (a tie), B has none
A, B = [0.3, 0.2, 0.2, 0.1], [0.4, 0.3, 0.1, 0.2]


def test_tau_table_names_tau_b_and_gives_it(tmp_path):
    rows = [(f"r{k}", t, m, v[k]) for k in range(4) for t in ("1", "2") for m, v in
            (("A", A), ("B", B))]
    path = tmp_path / "scores.csv"
    pd.DataFrame(rows, columns=["run", "topic", "measure", "value"]).to_csv(path, index=False)
    result = CliRunner().invoke(cli, ["stability", "--scores", str(path), "-a", "tau"])
    assert result.exit_code == 0, result.output
    assert "Kendall's tau-b" in result.stdout
    # 6 pairs: 4 concordant, 1 discordant (r2, r3), 1 tied in A only:
    # tau-b = (4 − 1) / sqrt((6 − 1) · (6 − 0)) = 0.5477; tau-a would be 3/6 = 0.5
    row = result.stdout.splitlines()[-1].split()
    assert row[:2] == ["A", "B"] and float(row[2]) == round(3 / math.sqrt(30), 4)
