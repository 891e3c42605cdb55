"""compare --test wilcoxon --wilcoxon-method exact on tied differences printed scipy's p of the
tie-free null distribution (ranks 1..n), which does not hold for mid-ranks: differences 0.1,
0.1, 0.2, −0.1, 0 (dropped), 0.3 gave p = 0.1875, where enumerating the 2^5 sign assignments
of the mid-ranks 2, 2, 4, 2, 5 gives 0.25 (below).  Exact is refused where non-zero
differences tie (usage error, exit 2), with auto / approx as what to do; tie-free rows keep
scipy's exact p."""
from __future__ import annotations

import itertools

import numpy as np
import pandas as pd
import pytest
from click.testing import CliRunner
from scipy import stats

from sdreval.cli.main import cli
from sdreval.errors import UsageError
from sdreval.stats.paired import wilcoxon_test

D = [0.1, 0.1, 0.2, -0.1, 0.0, 0.3]


def test_the_exact_permutation_p_with_mid_ranks_is_not_scipys():
    ranks, observed = [2, 2, 4, 2, 5], 2 + 2 + 4 + 5  # W+ of the positive differences
    centre = sum(ranks) / 2
    w = [sum(r for r, s in zip(ranks, signs) if s) for signs in
         itertools.product((0, 1), repeat=5)]
    exact = np.mean([abs(x - centre) >= abs(observed - centre) for x in w])
    assert exact == 0.25
    assert stats.wilcoxon(D, method="exact").pvalue == pytest.approx(0.1875)


def test_exact_on_tied_differences_is_refused(tmp_path):
    with pytest.raises(UsageError, match="1 of 1 pair"):
        wilcoxon_test(np.array([D]), "two-sided", "exact")
    tie_free = np.array([[0.1, 0.25, -0.3, 0.45, 0.5]])
    assert wilcoxon_test(tie_free, "two-sided", "exact")[0] == \
        pytest.approx(stats.wilcoxon(tie_free[0], method="exact").pvalue)
    path = tmp_path / "scores.csv"
    pd.DataFrame([("a", str(t), "map", 0.5 + d) for t, d in enumerate(D)]
                 + [("b", str(t), "map", 0.5) for t in range(len(D))],
                 columns=["run", "topic", "measure", "value"]).to_csv(path, index=False)
    result = CliRunner().invoke(cli, ["compare", "--scores", str(path), "--test", "wilcoxon",
                                      "--wilcoxon-method", "exact"])
    assert result.exit_code == 2, result.output
    assert "tied absolute differences" in result.stderr
    auto = CliRunner().invoke(cli, ["compare", "--scores", str(path), "--test", "wilcoxon",
                                    "--wilcoxon-method", "auto"])
    assert auto.exit_code == 0, auto.output
