"""The report's figure captions and plotting docstrings cite the equations they draw.

Kazai & Lalmas 2006: nxCG[i] := xCG[i] / xCI[i] is Eq. 5 (Eq. 6 is MAnxCG, the mean of
nxCG[1..i]); effort-precision ep[r] := i_ideal / i_run is Eq. 13 and gain-recall
gr[i] := xCG[i] / xCI[n] Eq. 14, both in §5.4 "Effort-precision" (§5.2.2 is "Considering
near-misses", Eq. 10-11 are xG's normalised relevance value and the Q-measure).
Vu & Gallinari 2005: the confidence intervals of systems are §5 (§3 is ties handling)."""
from __future__ import annotations

from sdreval.report import plots
from sdreval.report.curves import STANDARD_CURVES


def test_nxcg_curve_cites_eq_5():
    assert "Kazai & Lalmas 2006, Eq. 5)" in STANDARD_CURVES["nxcg"].title
    assert "Kazai & Lalmas 2006, Eq. 5)" in plots.plot_nxcg.__doc__


def test_ep_gr_curve_cites_section_5_4_eq_13_14():
    for text in (STANDARD_CURVES["epgr"].title, plots.plot_ep_gr.__doc__):
        assert "Kazai & Lalmas 2006, §5.4, Eq. 13-14)" in text
        assert "§5.2.2" not in text and "Eq. 10-11" not in text


def test_bootstrap_intervals_cite_vu_gallinari_section_5():
    assert "Vu & Gallinari 2005, §5)" in plots.bootstrap_intervals.__doc__
