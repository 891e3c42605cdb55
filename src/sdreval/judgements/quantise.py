"""Quantisation functions: assessment (e, s) -> a gain in [0, 1] (SPEC §3).

Each function is declared once in :data:`QUANTISATIONS` with the scale it applies to and works
on numpy arrays of e and s.  Users register their own with :func:`register_quantisation`
(a mapping ``{(e, s): value}`` or a callable).  Invalid pairs such as (0, 2) are reported by
:func:`invalid_pairs`, never guessed.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Mapping

import numpy as np

from ..errors import UsageError

ArrayFn = Callable[[np.ndarray, np.ndarray], np.ndarray]


@dataclass(frozen=True)
class Quantisation:
    """A named quantisation function for one assessment scale."""

    name: str
    scale: str
    function: ArrayFn
    doc: str = ""

    def __call__(self, e, s):
        e_arr = np.asarray(e, dtype=np.float64)
        s_arr = np.asarray(s, dtype=np.float64)
        out = np.asarray(self.function(e_arr, s_arr), dtype=np.float64)
        return out if out.ndim else float(out)


QUANTISATIONS: dict[str, Quantisation] = {}


def _table(table: Mapping[tuple[float, float], float]) -> ArrayFn:
    """Vectorised lookup in an ``{(e, s): value}`` table; pairs not listed map to 0."""

    def lookup(e: np.ndarray, s: np.ndarray) -> np.ndarray:
        out = np.zeros(np.broadcast(e, s).shape, dtype=np.float64)
        for (te, ts), value in table.items():
            out = np.where((e == te) & (s == ts), value, out)
        return out

    return lookup


def register_quantisation(name: str, function: ArrayFn | Mapping[tuple[float, float], float],
                          scale: str = "inex2003", doc: str = "",
                          replace: bool = False) -> Quantisation:
    """Register a quantisation by name: a mapping table ``{(e, s): value}`` or a vectorised
    callable ``f(e, s) -> values``."""
    if name in QUANTISATIONS and not replace:
        raise UsageError(f"quantisation {name!r} is already registered")
    fn = _table(function) if isinstance(function, Mapping) else function
    quant = Quantisation(name, scale, fn, doc)
    QUANTISATIONS[name] = quant
    return quant


def get_quantisation(name: str | Quantisation) -> Quantisation:
    if isinstance(name, Quantisation):
        return name
    try:
        return QUANTISATIONS[name]
    except KeyError:
        known = ", ".join(sorted(QUANTISATIONS))
        raise UsageError(f"unknown quantisation {name!r}; known: {known}") from None


DEFAULT_QUANT = {"inex2003": "gen", "inex2005": "gen5", "inex2002": "gen2002",
                 "graded": "graded", "fol": "anyrel"}


def default_quantisation(scale: str) -> str:
    """The generalised function of a scale (SPEC §5 default)."""
    return DEFAULT_QUANT.get(scale, "gen")


# --- INEX 2003/2004 (e, s in 0..3), seed 000 Eq. 1-3, seed 003 §2.2 -------------------------
register_quantisation("strict", {(3, 3): 1.0}, "inex2003", "seed 000 Eq. 1")
register_quantisation("gen", {(3, 3): 1.0, (2, 3): 0.75, (3, 2): 0.75, (3, 1): 0.75,
                              (1, 3): 0.5, (2, 2): 0.5, (2, 1): 0.5,
                              (1, 2): 0.25, (1, 1): 0.25}, "inex2003", "seed 000 Eq. 2")
register_quantisation("sog", {(3, 3): 1.0, (2, 3): 0.9, (1, 3): 0.75, (3, 2): 0.75,
                              (2, 2): 0.5, (1, 2): 0.25, (3, 1): 0.25,
                              (2, 1): 0.1, (1, 1): 0.1}, "inex2003", "seed 000 Eq. 3")
register_quantisation("anyrel", lambda e, s: ((e > 0) & (s > 0)).astype(float), "inex2003",
                      "any e > 0 and s > 0 -> 1 ('trec' in seed 003)")
register_quantisation("trec", lambda e, s: ((e > 0) & (s > 0)).astype(float), "inex2003",
                      "alias of anyrel (seed 003)")
register_quantisation("s3e321", lambda e, s: ((s == 3) & (e > 0)).astype(float), "inex2003",
                      "s = 3 and e > 0 -> 1 (seed 003)")
register_quantisation("graded", lambda e, s: np.clip(e, 0.0, None),
                      "graded", "native graded TSV: the grade e itself")


def valid_pair_2003(e: np.ndarray, s: np.ndarray) -> np.ndarray:
    """INEX 2003/2004 validity: e and s in 0..3 and (e = 0) iff (s = 0)."""
    in_range = (e >= 0) & (e <= 3) & (s >= 0) & (s <= 3) & (e == np.round(e)) & (s == np.round(s))
    return in_range & ((e == 0) == (s == 0))
