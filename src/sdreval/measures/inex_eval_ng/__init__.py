"""inex_eval_ng: size- and overlap-aware recall/precision of INEX 2002 (Gövert et al. 2006
Eq. 6-9)."""
from .definitions import inex_eval_ng_curve, ng_components  # noqa: F401  (registers)
from .kernels import ng_curves, salton_interpolate  # noqa: F401

__all__ = ["inex_eval_ng_curve", "ng_components", "ng_curves", "salton_interpolate"]
