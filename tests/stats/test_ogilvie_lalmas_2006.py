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

from sdreval.stats.decisions import agreement

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
    """Two groups of n = 20 systems (40 in all); both quantisations put G1 above G2 but order
    the systems within each group in reverse: Kendall's tau = (400 - 380)/780 = 20/780 = 0.0256
    (printed 0.026), Spearman's rho = 1 - 6·5320/(40·1599) = 0.501 (printed 0.5): both exact."""
    first = np.arange(1, 41)
    second = np.r_[np.arange(20, 0, -1), np.arange(40, 20, -1)]
    rho, rho_p = stats.spearmanr(first, second)
    tau, tau_p = stats.kendalltau(first, second)
    odd_squares = sum(k * k for k in range(1, 20, 2))  # 1 + 9 + ... + 361
    assert odd_squares == 1330
    assert rho == pytest.approx(1 - 6 * (4 * odd_squares) / (40 * (40 ** 2 - 1)))
    assert round(rho, 3) == 0.501 and round(rho, 1) == 0.5 and rho_p < 0.05
    concordant = 20 * 20                      # every cross-group pair
    discordant = 2 * math.comb(20, 2)         # every within-group pair
    assert (concordant - discordant) / math.comb(40, 2) == pytest.approx(tau) == 20 / 780
    assert round(tau, 3) == 0.026 and tau_p > 0.05


RUN_PAIRS = math.comb(55, 2)  # 55 runs of the INEX 2005 thorough task (§2.3): 1,485 pairs
NXCG25_SHARE = [15, 53, 42, 47, 46]  # % of pairs rejected, Table 4 row labels
MAEP_SHARE = [35, 63, 59, 61, 60]


def _counts(share: int) -> range:
    """Numbers of rejected pairs whose share of the 1,485 pairs prints as ``share`` %."""
    low = math.ceil((share - 0.5) / 100 * RUN_PAIRS)
    high = math.ceil((share + 0.5) / 100 * RUN_PAIRS) - 1
    return range(low, high + 1)


def _consistent(share_a, share_b, r_ab, r_ba, f1) -> list[tuple[int, int, int]]:
    """(|A|, |B|, |A∩B|) with the printed shares, recalls |A∩B|/|B| = r_ab, |A∩B|/|A| = r_ba
    and F1 2|A∩B|/(|A|+|B|), all to the printed digits."""
    found = []
    for a in _counts(share_a):
        for b in _counts(share_b):
            for both in range(math.ceil((r_ab - 0.005) * b), math.floor((r_ab + 0.005) * b) + 1):
                if (round(both / b, 2) == r_ab and round(both / a, 2) == r_ba
                        and round(2 * both / (a + b), 2) == f1):
                    found.append((a, b, both))
    return found


def test_table_4_counts_exist_except_for_nxcg25_strict5_against_bin_exh():
    assert (_counts(15).start, _counts(15).stop - 1) == (216, 230)
    assert (_counts(46).start, _counts(46).stop - 1) == (676, 690)
    broken = []
    for shares, recall, f1, name in ((NXCG25_SHARE, NXCG25_RECALL, NXCG25_F1, "nxCG25"),
                                     (MAEP_SHARE, MAEP_RECALL, MAEP_F1, "MAep")):
        for i, j in PAIRS:
            if not _consistent(shares[i], shares[j], recall[i][j], recall[j][i], f1[i][j]):
                broken.append((name, NAMES[i], NAMES[j]))
    assert broken == [("nxCG25", "Strict5", "BinExh")]
    # |S∩B| <= floor(0.255·690) = 175 from recall 0.25, >= ceil(0.815·216) = 177 from 0.82
    assert math.floor(0.255 * 690) == 175 and math.ceil(0.815 * 216) == 177
    # one of 47 %, 0.26 or 0.81 would make the cell consistent
    assert _consistent(15, 47, 0.25, 0.82, 0.39)[0] == (216, 695, 177)
    assert _consistent(15, 46, 0.26, 0.82, 0.39)
    assert _consistent(15, 46, 0.25, 0.81, 0.39)
