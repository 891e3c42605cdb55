"""Swap rates use the best --top-fraction of the runs (Kazai & Lalmas 2006, §6.2.2).  Where
two runs tie on the mean at the cut, the one first in the input was kept and the other left
out, so the swap rates changed with the order of the runs in the score table (exit 0, no
word).  Runs tied with the last one kept are now all kept."""
from __future__ import annotations

import numpy as np
import pandas as pd
from click.testing import CliRunner

from sdreval.cli.main import cli
from sdreval.stats import score_matrix, swap_rates, top_runs

# P@5-like scores on 8 topics; means 0.5, 0.475, 0.475, 0.25 (sums 4.0, 3.8, 3.8, 2.0)
X = {"r0": [0.6, 0.4, 0.8, 0.2, 0.6, 0.4, 0.6, 0.4],
     "r1": [0.4, 0.4, 0.6, 0.4, 0.6, 0.4, 0.4, 0.6],
     "r2": [0.2, 0.6, 0.4, 0.6, 0.4, 0.6, 0.2, 0.8],
     "r3": [0.2, 0.2, 0.4, 0.2, 0.2, 0.4, 0.2, 0.2]}


def _table(order):
    return pd.DataFrame([(r, str(t + 1), "P_5", X[r][t]) for r in order for t in range(8)],
                        columns=["run", "topic", "measure", "value"])


def test_runs_tied_at_the_cut_are_kept_whatever_the_order():
    for order in (["r0", "r1", "r2", "r3"], ["r0", "r2", "r1", "r3"], ["r3", "r2", "r1", "r0"]):
        # half of 4 runs is 2: r0 and the tied r1, r2
        assert set(top_runs(score_matrix(_table(order), "P_5"), 0.5).runs) == {"r0", "r1", "r2"}


def test_swap_rates_do_not_depend_on_the_run_order(tmp_path):
    outputs = []
    for k, order in enumerate((["r0", "r1", "r2", "r3"], ["r0", "r2", "r1", "r3"])):
        path = tmp_path / f"scores{k}.csv"
        _table(order).to_csv(path, index=False)
        result = CliRunner().invoke(cli, ["stability", "--scores", str(path), "-a", "swap",
                                          "--top-fraction", "0.5", "--format", "csv"])
        assert result.exit_code == 0, result.output
        outputs.append(result.stdout)
        # 3 runs kept: 3 pairs per trial and size
        rates = swap_rates(top_runs(score_matrix(_table(order), "P_5"), 0.5), 10, [1])
        assert rates["comparisons"].sum() == 10 * 3
    assert outputs[0] == outputs[1]


def test_no_tie_keeps_the_rounded_down_share():
    many = score_matrix(pd.DataFrame([(f"r{k}", "1", "m", k / 100) for k in range(69)],
                                     columns=["run", "topic", "measure", "value"]), "m")
    assert len(top_runs(many, 0.75).runs) == 51  # 69 · 0.75 = 51.75 → 51
    assert np.isclose(min(many.values[[many.runs.index(r) for r in top_runs(many).runs]]), 0.18)
