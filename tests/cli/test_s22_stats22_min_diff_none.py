"""stability -a min-diff (text output, the default) stopped with a Python traceback (KeyError:
'min_difference') when no difference bin reached a swap rate of 5% or less at any topic-set
size, observed or extrapolated (few runs, few topics): the all-NaN column was dropped before
the pivot.  Now the measure is said to have none; a measure with values prints as before."""
from __future__ import annotations

import pandas as pd
from click.testing import CliRunner

from sdreval.cli.main import cli

# 3 runs × 4 topics, 3 trials: too few comparisons to extrapolate (fewer than 10 per bin and
# size), and an observed swap in the largest bins at both sizes
X = {"a": [0.9, 0.7, 0.5, 0.2], "b": [0.3, 0.0, 0.0, 0.0], "c": [0.1, 0.8, 0.7, 1.0]}


def test_min_diff_without_any_difference_is_said(tmp_path):
    path = tmp_path / "scores.csv"
    pd.DataFrame([(r, str(t + 1), "map", v) for r, vs in X.items() for t, v in enumerate(vs)],
                 columns=["run", "topic", "measure", "value"]).to_csv(path, index=False)
    result = CliRunner().invoke(cli, ["stability", "--scores", str(path), "-a", "min-diff",
                                      "--top-fraction", "1", "--trials", "3", "--quiet"])
    assert result.exit_code == 0, result.output
    assert "map: no difference bin has a swap rate of 5% or less at any topic-set size" \
        in result.stdout
    csv = CliRunner().invoke(cli, ["stability", "--scores", str(path), "-a", "min-diff",
                                   "--top-fraction", "1", "--trials", "3", "--quiet",
                                   "--format", "csv"])
    assert csv.exit_code == 0 and all(line.split(",")[2] == "" for line in
                                      csv.stdout.splitlines()[1:]), csv.stdout
