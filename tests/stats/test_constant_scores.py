"""Measures on which runs do not differ: group A and rank correlations say so in sdreval's words
(scipy's one-way Tukey HSD divided 0 by 0 and left the identical runs out of group A)."""
import json
import warnings

import numpy as np
import pytest
from click.testing import CliRunner

from sdreval.cli.main import cli
from sdreval.stats.correlation import kendall_tau, spearman_rho
from sdreval.stats.discrimination import group_a_by_tukey

# runs 0 and 1 score 0.5 on every topic, run 2 scores 0.2: no spread within any run
FLAT = np.array([[0.5] * 5, [0.5] * 5, [0.2] * 5])


@pytest.mark.parametrize("blocked", [True, False])
def test_identical_runs_are_in_group_a_and_a_lower_one_is_not(blocked):
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no raw 0/0 warning either
        mask = group_a_by_tukey(FLAT, blocked=blocked)
    assert mask.tolist() == [True, True, False]


def test_correlations_with_a_ranking_of_ties_are_undefined_without_scipy_warnings():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert all(np.isnan(v) for v in kendall_tau(np.array([0.5, 0.5, 0.5]),
                                                    np.array([0.1, 0.3, 0.2])))
        assert all(np.isnan(v) for v in spearman_rho(np.array([0.1, 0.3, 0.2]),
                                                     np.array([0.4, 0.4, 0.4])))
    # a ranking with order still gets scipy's value: reversed order is -1
    assert kendall_tau(np.array([1.0, 2.0, 3.0]), np.array([3.0, 2.0, 1.0]))[0] == -1.0


def test_stability_states_the_undefined_correlation(tmp_path):
    rows = ["run,topic,measure,value"]
    for r, level in (("A", 0.3), ("B", 0.1), ("C", 0.2)):
        rows += [f"{r},t{t},AP,0.5" for t in range(6)]
        rows += [f"{r},t{t},P@10,{level + 0.1 * (t % 2)}" for t in range(6)]
    path = tmp_path / "s.csv"
    path.write_text("\n".join(rows) + "\n")
    result = CliRunner().invoke(cli, ["stability", "--scores", str(path), "-a", "tau",
                                      "-a", "discrimination", "--format", "json"])
    assert result.exit_code == 0, result.output
    assert "tau: AP gives every run the same mean 0.5" in result.stderr
    assert "Warning" not in result.stderr  # no raw scipy/numpy warning
    data = json.loads(result.stdout)
    ap = next(r for r in data["discrimination"] if r["measure"] == "AP")
    assert ap["group_a_tukey_oneway"] == 3 and ap["group_a_tukey"] == 3
    assert data["tau"][0]["kendall_tau"] is None
