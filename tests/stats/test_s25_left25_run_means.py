"""A run's mean in the statistics is eval's mean: the exact sum of the per-topic values divided
by their count, rounded once.  ScoreMatrix.means (and the best mean that ``stability -a
min-diff`` divides by) used numpy's mean, whose pairwise float sum gives 0.20000000000000004
for 0.1, 0.2, 0.3 where eval prints 0.2, so ``min_difference_relative`` differed in its last
digits from the bin edge over eval's best mean."""
from __future__ import annotations

import csv
import random
from fractions import Fraction

import numpy as np
from click.testing import CliRunner

from sdreval.cli.main import cli
from sdreval.stats import ScoreMatrix
from sdreval.stats.stability import difference_scale


def _eval_mean(values) -> float:
    """The mean as Fraction arithmetic gives it, rounded once (float of a Fraction)."""
    return float(sum(Fraction(v) for v in values) / len(values))


def test_score_matrix_means_are_eval_means():
    values = np.array([[0.1, 0.2, 0.3], [0.3, 0.2, 0.1]])
    assert _eval_mean([0.1, 0.2, 0.3]) == 0.2
    means = ScoreMatrix(("a", "b"), ("1", "2", "3"), values, "map").means
    assert means.tolist() == [0.2, 0.2]  # the order of the topics does not matter either


def test_difference_scale_divides_by_eval_best_mean():
    # a count measure: bins relative to the best run's mean per topic
    values = np.array([[1.1, 2.2, 3.3], [1.0, 1.0, 1.0]])
    assert difference_scale(ScoreMatrix(("a", "b"), ("1", "2", "3"), values,
                                        "num_rel_ret")) == _eval_mean([1.1, 2.2, 3.3])


def test_min_diff_relative_uses_eval_best_mean(tmp_path):
    rng = random.Random(2)
    base = [round(rng.random(), 4) for _ in range(50)]
    best = [min(1.0, round(b + 0.3, 4)) for b in base]
    assert float(np.mean(best)) != _eval_mean(best)  # numpy's pairwise sum is off by an ulp
    rows = [("A", str(t + 1), "map", v) for t, v in enumerate(best)]
    rows += [(f"R{r}", str(t + 1), "map", round(min(1.0, b * (0.3 + 0.07 * r)
                                                        + 0.05 * rng.random()), 4))
             for r in range(9) for t, b in enumerate(base)]
    path = tmp_path / "scores.csv"
    with open(path, "w", newline="") as handle:
        csv.writer(handle).writerows([("run", "topic", "measure", "value")] + rows)
    result = CliRunner().invoke(cli, ["stability", "--scores", str(path), "-a", "min-diff",
                                      "--format", "csv"])
    assert result.exit_code == 0, result.output
    lines = list(csv.DictReader(line for line in result.output.splitlines()
                                if line.startswith(("analysis", "min-diff"))))
    top = _eval_mean(best)
    checked = 0
    for line in lines:
        if line["min_difference"] not in ("", "0.0"):
            assert float(line["min_difference_relative"]) == float(line["min_difference"]) / top
            checked += 1
    assert checked
