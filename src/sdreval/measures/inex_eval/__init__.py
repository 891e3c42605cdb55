"""inex_eval: the official INEX 2002-2004 metric, precall with ties (Ogilvie & Lalmas 2006, Eq. 1-5)."""
from .definitions import inex_eval_curve  # noqa: F401  (importing registers the measure)
from .kernels import RECALL_POINTS, precall, ranks_of  # noqa: F401

__all__ = ["inex_eval_curve", "precall", "ranks_of", "RECALL_POINTS"]
