"""Ogilvie & Lalmas (2006), "Investigating the exhaustivity dimension in content-oriented XML
element retrieval evaluation": Table 4 (INEX 2005) and the rank-correlation example of §3.4,
computed from the paper's own inputs.

Table 4 prints, for nxCG at rank 25 and for MAep, the recall of the row quantisation predicting
the column one and the F1 of the pair.  Precision(Q1, Q2) = recall(Q2, Q1) (the caption's
reading rule), so every F1 follows from two printed recalls by Eq. 14.  All MAep cells come out
to the printed digit; five nxCG25 cells only within the rounding of the printed recalls, shown
by rejection sets whose recalls and F1 all round to the printed values."""
import math

import numpy as np
import pytest
from scipy import stats

from sdreval.stats.agreement import agreement

NAMES = ["Strict5", "FullySpec", "Gen5", "GenLifted", "BinExh"]
NXCG25_RECALL = [[1, 0.27, 0.31, 0.31, 0.25], [0.98, 1, 0.69, 0.74, 0.78],
                 [0.88, 0.54, 1, 0.86, 0.78], [0.98, 0.66, 0.96, 1, 0.87],
                 [0.82, 0.68, 0.86, 0.87, 1]]
NXCG25_F1 = [[1, 0.42, 0.45, 0.47, 0.39], [0.42, 1, 0.61, 0.70, 0.72],
             [0.45, 0.61, 1, 0.90, 0.81], [0.47, 0.70, 0.90, 1, 0.87],
             [0.39, 0.72, 0.81, 0.87, 1]]
MAEP_RECALL = [[1, 0.52, 0.55, 0.55, 0.51], [0.93, 1, 0.76, 0.84, 0.81],
               [0.92, 0.71, 1, 0.89, 0.83], [0.95, 0.81, 0.92, 1, 0.95],
               [0.86, 0.77, 0.85, 0.92, 1]]
MAEP_F1 = [[1, 0.67, 0.69, 0.70, 0.64], [0.67, 1, 0.73, 0.82, 0.79],
           [0.69, 0.73, 1, 0.90, 0.84], [0.70, 0.82, 0.90, 1, 0.93],
           [0.64, 0.79, 0.84, 0.93, 1]]
PAIRS = [(i, j) for i in range(5) for j in range(i + 1, 5)]
#: the nxCG25 cells whose F1 the printed (rounded) recalls give only within rounding
NXCG25_ROUNDING = {("Strict5", "Gen5"), ("Strict5", "BinExh"), ("FullySpec", "BinExh"),
                   ("Gen5", "GenLifted"), ("Gen5", "BinExh")}


def _sets(both: int, size1: int, size2: int) -> tuple[set, set]:
    common = {("c", k) for k in range(both)}
    return (common | {("1", k) for k in range(size1 - both)},
            common | {("2", k) for k in range(size2 - both)})


def _from_recalls(r12: float, r21: float) -> dict:
    both = 100_000
    return agreement(*_sets(both, round(both / r21), round(both / r12)))


@pytest.mark.parametrize("i, j", PAIRS)
def test_maep_f1_follows_from_the_printed_recalls(i, j):
    got = _from_recalls(MAEP_RECALL[i][j], MAEP_RECALL[j][i])
    assert got["recall"] == pytest.approx(MAEP_RECALL[i][j], abs=1e-4)
    assert got["precision"] == pytest.approx(MAEP_RECALL[j][i], abs=1e-4)
    assert round(got["f1"], 2) == MAEP_F1[i][j] == MAEP_F1[j][i]


@pytest.mark.parametrize("i, j", PAIRS)
def test_nxcg25_f1_follows_from_the_printed_recalls_within_rounding(i, j):
    r12, r21, printed = NXCG25_RECALL[i][j], NXCG25_RECALL[j][i], NXCG25_F1[i][j]
    direct = _from_recalls(r12, r21)["f1"]
    exact = round(direct, 2) == printed
    assert exact == ((NAMES[i], NAMES[j]) not in NXCG25_ROUNDING)
    assert abs(direct - printed) <= 0.01
    # rejection sets whose recall, precision and F1 all round to the printed values
    found = None
    for both in range(1, 400):
        for size2 in range(both, int(both / (r12 - 0.005)) + 2):
            if round(both / size2, 2) != r12:
                continue
            for size1 in range(both, int(both / (r21 - 0.005)) + 2):
                if round(both / size1, 2) != r21:
                    continue
                got = agreement(*_sets(both, size1, size2))
                if round(got["f1"], 2) == printed:
                    found = got
                    break
            if found:
                break
        if found:
            break
    assert found is not None, (NAMES[i], NAMES[j])
    assert round(found["recall"], 2) == r12 and round(found["precision"], 2) == r21


def test_section_3_4_rank_correlation_example():
    """n = 20 systems in two groups of 10; both quantisations put G1 above G2 but order the
    systems within each group in reverse: Spearman's rho = 1 - 6·660/(20·399) = 0.504
    (printed 0.5, significant), Kendall's tau = (100 - 90)/190 = 10/190 = 0.053 (printed 0.026,
    an erratum; not significant)."""
    first = np.arange(1, 21)
    second = np.r_[np.arange(10, 0, -1), np.arange(20, 10, -1)]
    rho, rho_p = stats.spearmanr(first, second)
    tau, tau_p = stats.kendalltau(first, second)
    assert rho == pytest.approx(1 - 6 * 660 / (20 * 399)) and round(rho, 1) == 0.5
    assert rho_p < 0.05
    assert tau == pytest.approx(10 / 190) and round(tau, 3) == 0.053 != 0.026
    assert tau_p > 0.05
    concordant = 10 * 10                      # every cross-group pair
    discordant = 2 * math.comb(10, 2)         # every within-group pair
    assert (concordant - discordant) / math.comb(20, 2) == pytest.approx(tau)
