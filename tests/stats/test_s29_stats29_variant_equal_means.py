"""Qrels variants: means equal in decimals tie under the equivalence rule, 0 included.

Kazai & Lalmas 2006, Eq. 15-16 count, per pair of runs, the test sets where A > B, B > A and
A = B.  Runs A and B score 0.2, 0.1, 0.3 and 0.2, 0.3, 0.1 on three static topics: on the
original test set (topic 4 scores 0 for both) their means are both 0.6 / 4 = 0.15, a tie; on
the alternative set B scores 0.5 on topic 4 and is better.  Per pair: A>B 0, B>A 1, A=B 1, so
error rate min(0, 1) / 2 = 0 and ties 1 / 2.  Summed in topic order, A's mean was
0.15000000000000002 and B's 0.15: with --equivalence 0 the original set counted A > B,
error rate 0.5 and ties 0, while the same command's warning said the original set gives every
run the same mean.
"""
from __future__ import annotations

from fractions import Fraction

import pandas as pd

from sdreval import stats

ROWS = [("A", 1, 0.2, "orig"), ("A", 2, 0.1, "orig"), ("A", 3, 0.3, "orig"),
        ("A", 4, 0.0, "orig"), ("A", 4, 0.0, "alt"),
        ("B", 1, 0.2, "orig"), ("B", 2, 0.3, "orig"), ("B", 3, 0.1, "orig"),
        ("B", 4, 0.0, "orig"), ("B", 4, 0.5, "alt")]


def _table() -> pd.DataFrame:
    return pd.DataFrame([(r, t, "AP", v, var) for r, t, v, var in ROWS],
                        columns=["run", "topic", "measure", "value", "variant"])


def test_equal_means_tie_with_equivalence_zero():
    # the original set's means are equal as fractions of the decimal scores
    a = sum(Fraction(s) for s in ("0.2", "0.1", "0.3", "0")) / 4
    b = sum(Fraction(s) for s in ("0.2", "0.3", "0.1", "0")) / 4
    assert a == b == Fraction(3, 20)
    _, combos, means = stats.variant_means(_table(), "AP", "all", "orig")
    assert len(combos) == 2
    for equivalence in (0.0, 0.05):
        result = stats.error_rate_and_ties(means, equivalence)
        assert result == {"comparisons": 2, "error_rate": 0.0, "ties": 0.5}, equivalence


def test_cli_variants_equivalence_zero(tmp_path):
    from click.testing import CliRunner

    from sdreval.cli.main import cli

    path = tmp_path / "variants.csv"
    _table().to_csv(path, index=False)
    out = CliRunner().invoke(cli, ["stability", "--variants", str(path), "-m", "AP", "-a",
                                   "variants", "--variant-topics", "all", "--equivalence", "0",
                                   "--original", "orig", "--format", "csv"])
    assert out.exit_code == 0, out.output
    row = [line for line in out.stdout.splitlines() if line.startswith("variants,")][0]
    header = out.stdout.splitlines()[0].split(",")
    values = dict(zip(header, row.split(",")))
    assert float(values["error_rate"]) == 0.0
    assert float(values["ties"]) == 0.5
