"""``stability -a ci -a tau --missing zero``: the ci table ranked the runs by means with run c's
unanswered topic scored 0, the tau table by means over each run's answered topics only, so
one command printed two rankings (tau 1 where the ci means give tau-b 0).  tau must rank by
the means the --missing rule gives, as every other analysis."""
from __future__ import annotations

import json

import numpy as np
from click.testing import CliRunner
from scipy import stats

from sdreval.cli.main import cli

SCORES = {("a", "m1"): [0.5] * 4, ("a", "m2"): [0.4] * 4,
          ("b", "m1"): [0.45] * 4, ("b", "m2"): [0.3] * 4,
          ("c", "m1"): [0.6] * 3, ("c", "m2"): [0.6] * 3}  # c did not answer topic 4


def test_tau_follows_missing_zero(tmp_path):
    path = tmp_path / "s.csv"
    lines = ["run,topic,measure,value"] + [f"{r},{t},{m},{v}" for (r, m), vals in SCORES.items()
                                           for t, v in enumerate(vals, 1)]
    path.write_text("\n".join(lines) + "\n")
    result = CliRunner().invoke(cli, ["stability", "--scores", str(path), "-m", "m1", "-m",
                                      "m2", "-a", "ci", "-a", "tau", "--missing", "zero",
                                      "--samples", "50", "--format", "json"])
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    # means with topic 4 of c scored 0: m1 a .5, b .45, c .45; m2 a .4, b .3, c .45
    m1, m2 = [0.5, 0.45, 0.45], [0.4, 0.3, 0.45]
    ci = {(r["measure"], r["run"]): r["mean"] for r in out["ci"]}
    assert np.allclose([ci["m1", r] for r in "abc"], m1)
    assert np.allclose([ci["m2", r] for r in "abc"], m2)
    expected = stats.kendalltau(m1, m2).statistic  # tau-b: 0
    assert abs(out["tau"][0]["kendall_tau"] - expected) < 1e-12
