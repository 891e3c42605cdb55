"""The XCG family (Kazai & Lalmas 2006, §5, Ogilvie & Lalmas 2006, §2.6.2): xCG, nxCG, MAnxCG, ep@r, iMAep,
MAep, Q, R with near-miss gains, overlap penalty α and ideal/full recall-bases.

Public API: the measure definitions (``nxCG(k=10, quant="sog")``), :func:`xcg_gains`,
:func:`ep_gr_curve`, :func:`nxcg_curve`, and the kernels in :mod:`.kernels`.
"""
from . import definitions  # noqa: F401  (registers the measures)
from .curves import ep_gr_curve, nxcg_curve, xcg_gains
from .definitions import DEFS
from .gains import GainSettings, reference_gains

xCG = DEFS["xCG"]
nxCG = DEFS["nxCG"]
MAnxCG = DEFS["MAnxCG"]
ep = DEFS["ep"]
iMAep = DEFS["iMAep"]
MAep = DEFS["MAep"]
Q = DEFS["Q"]
R = DEFS["R"]

__all__ = ["xCG", "nxCG", "MAnxCG", "ep", "iMAep", "MAep", "Q", "R", "xcg_gains",
           "ep_gr_curve", "nxcg_curve", "GainSettings", "reference_gains"]
