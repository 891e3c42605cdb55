"""Quantisation functions: assessment (e, s) -> a gain in [0, 1].

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
        import difflib

        known = ", ".join(sorted(QUANTISATIONS))
        close = difflib.get_close_matches(str(name), list(QUANTISATIONS), n=3, cutoff=0.6)
        hint = f" (did you mean {' or '.join(close)}?)" if close else ""
        raise UsageError(f"unknown quantisation {name!r}{hint}; known: {known}") from None


DEFAULT_QUANT = {"inex2003": "gen", "inex2005": "gen5", "inex2002": "gen2002",
                 "graded": "graded", "fol": "anyrel"}


def default_quantisation(scale: str) -> str:
    """The generalised function of a scale (docs/xcg.md default)."""
    return DEFAULT_QUANT.get(scale, "gen")


#: the INEX assessment scales (INEX 2004 shares the 2003 scale)
_INEX_SCALES = {"inex2002": "inex2002", "inex2003": "inex2003", "inex2004": "inex2003",
                "inex2005": "inex2005"}
#: quantisations that read (e, s) on every INEX scale: relevant iff e > 0 and s > 0
ANY_SCALE = frozenset({"anyrel", "trec"})
#: judgements on no INEX scale, which the INEX quantisation tables do not read (highlighted
#: passages are refused where document-level values are made: measures.classic.gains)
_NOT_INEX = {"graded": "graded (one grade per document or element: TREC qrels, tables, native "
                       "graded TSV)"}
_SCALE_TEXT = {"inex2002": "INEX 2002 assessments, relevance 0..3 x coverage N/S/L/E (Gövert et "
                           "al. 2006, Eq. 2-3)",
               "inex2003": "INEX 2003/2004 assessments, exhaustivity x specificity in 0..3 "
                           "(Kazai & Lalmas 2006, Eq. 1-3)",
               "inex2005": "INEX 2005 assessments, exhaustivity {0, 1, 2, ?} x specificity in "
                           "[0, 1] (Ogilvie & Lalmas 2006, Table 2)"}


def check_scale(quant: Quantisation, scale: str) -> Quantisation:
    """``quant`` if it applies to assessments on ``scale``; a quantisation written for another
    INEX scale (``sog`` on INEX 2005 judgements, ``gen5`` on INEX 2003) is a usage error: its
    table would read the pairs of the other scale as if they were its own."""
    own, data = _INEX_SCALES.get(quant.scale), _INEX_SCALES.get(scale)
    if own is not None and data is None and scale in _NOT_INEX and quant.name not in ANY_SCALE:
        raise UsageError(f"quantisation {quant.name!r} is a function of {_SCALE_TEXT[own]}; "
                         f"these judgements are {_NOT_INEX[scale]}, whose values it would "
                         "read as such pairs (pairs outside its table quantise to 0): use "
                         f"{DEFAULT_QUANT[scale]}, or anyrel")
    if own is None or data is None or own == data or quant.name in ANY_SCALE:
        return quant
    fits = sorted(n for n, q in QUANTISATIONS.items()
                  if _INEX_SCALES.get(q.scale) == data and n not in ANY_SCALE)
    raise UsageError(f"quantisation {quant.name!r} is a function of {_SCALE_TEXT[own]}; these "
                     f"judgements are {_SCALE_TEXT[data]}: use one of {', '.join(fits)}, "
                     "or anyrel")


# --- INEX 2003/2004 (e, s in 0..3), Kazai & Lalmas 2006, Eq. 1-3, Vu & Gallinari 2005, §2.2 -------------------------
register_quantisation("strict", {(3, 3): 1.0}, "inex2003", "Kazai & Lalmas 2006, Eq. 1")
register_quantisation("gen", {(3, 3): 1.0, (2, 3): 0.75, (3, 2): 0.75, (3, 1): 0.75,
                              (1, 3): 0.5, (2, 2): 0.5, (2, 1): 0.5,
                              (1, 2): 0.25, (1, 1): 0.25}, "inex2003", "Kazai & Lalmas 2006, Eq. 2")
register_quantisation("sog", {(3, 3): 1.0, (2, 3): 0.9, (1, 3): 0.75, (3, 2): 0.75,
                              (2, 2): 0.5, (1, 2): 0.25, (3, 1): 0.25,
                              (2, 1): 0.1, (1, 1): 0.1}, "inex2003", "Kazai & Lalmas 2006, Eq. 3")
register_quantisation("anyrel", lambda e, s: ((e > 0) & (s > 0)).astype(float), "inex2003",
                      "any e > 0 and s > 0 -> 1 ('trec' in Vu & Gallinari 2005)")
register_quantisation("trec", lambda e, s: ((e > 0) & (s > 0)).astype(float), "inex2003",
                      "alias of anyrel (Vu & Gallinari 2005)")
register_quantisation("s3e321", lambda e, s: ((s == 3) & (e > 0)).astype(float), "inex2003",
                      "s = 3 and e > 0 -> 1 (Vu & Gallinari 2005)")
register_quantisation("graded", lambda e, s: np.clip(e, 0.0, None),
                      "graded", "native graded TSV: the grade e itself")
# --- highlighted passages (FOL qrels) at the document level: e = 1 if the document has
# highlighted text (relchars > 0), s = relchars / doclen (the fraction highlighted) ----------
register_quantisation("relfrac", lambda e, s: np.where(e > 0, np.clip(s, 0.0, 1.0), 0.0), "fol",
                      "document level on passage qrels: relchars/doclen of a relevant document")


# --- INEX 2005 (e in {0, 1, 2, ?}, ? = TOO_SMALL = -1; s in [0, 1]), Ogilvie & Lalmas 2006, Table 2 ---------
# Table 2 prints Gen5 = e*s and GenLifted = (e+1)*s, whose ranges are [0, 2] and [0, 3]; a
# quantisation maps to a relevance scale in [0, 1] (Ogilvie & Lalmas 2006, §2.5), so the registered functions
# divide by the maximum.  Ratio measures (nxCG, ep/gr, MAep, AWP) are unchanged by this
# constant; precall (relevant mass added to counts of non-relevant results and to the +1 of
# Eq. 5), the Q-measure (β weighs gains against counts) and gAP are not.  The literal table
# values are kept as ``gen5-raw`` and ``genlifted-raw``.  See docs/inex_eval.md.
_TS = -1.0  # TOO_SMALL, repeated here to avoid a circular import at module load


def _exh12(e: np.ndarray) -> np.ndarray:
    return (e == 1) | (e == 2)


register_quantisation("strict5", lambda e, s: ((e == 2) & (s == 1)).astype(float), "inex2005",
                      "Ogilvie & Lalmas 2006, Table 2 Strict5: 1 if e = 2 and s = 1")
register_quantisation("fullyspec", lambda e, s: (s == 1).astype(float), "inex2005",
                      "Ogilvie & Lalmas 2006, Table 2 Fully Spec: 1 if s = 1")
register_quantisation("gen5", lambda e, s: np.where(_exh12(e), e * s / 2.0, 0.0), "inex2005",
                      "Ogilvie & Lalmas 2006, Table 2 Gen5 e*s for e in {1,2}, divided by 2 to lie in [0, 1]")
register_quantisation("gen5-raw", lambda e, s: np.where(_exh12(e), e * s, 0.0), "inex2005",
                      "Ogilvie & Lalmas 2006, Table 2 Gen5 exactly as printed: e*s for e in {1,2} (range [0,2])")
register_quantisation("genlifted",
                      lambda e, s: np.where(_exh12(e), (e + 1) * s, np.where(e == _TS, s, 0.0))
                      / 3.0, "inex2005",
                      "Ogilvie & Lalmas 2006, Table 2 Gen Lifted (e+1)*s for e in {1,2}, s for ?, divided by 3")
register_quantisation("genlifted-raw",
                      lambda e, s: np.where(_exh12(e), (e + 1) * s, np.where(e == _TS, s, 0.0)),
                      "inex2005", "Ogilvie & Lalmas 2006, Table 2 Gen Lifted exactly as printed (range [0,3])")
register_quantisation("binexh", lambda e, s: np.where(_exh12(e) | (e == _TS), s, 0.0),
                      "inex2005", "Ogilvie & Lalmas 2006, Table 2 Bin Exh: s if e in {?, 1, 2}")
register_quantisation("binexh-notoosmall", lambda e, s: np.where(_exh12(e), s, 0.0), "inex2005",
                      "Ogilvie & Lalmas 2006, §4.2.2: Bin Exh with f(?, s) = 0")


# --- INEX 2002 (e = relevance 0..3, s = coverage code N=0, S=1, L=2, E=3), Gövert et al. 2006, Eq. 2-3 ---
def relevance_strict(e: np.ndarray) -> np.ndarray:
    """``rel_strict(rel) = 1 if rel = 3 else 0`` (Gövert et al. 2006, Eq. 2)."""
    return (e == 3).astype(float)


def relevance_gen(e: np.ndarray) -> np.ndarray:
    """``rel_generalised(rel) = rel/3`` for rel in 1..3, else 0 (Gövert et al. 2006, Eq. 3)."""
    return np.where((e >= 1) & (e <= 3) & (e == np.round(e)), e / 3.0, 0.0)


def coverage_strict(s: np.ndarray) -> np.ndarray:
    """``cov_strict(cov) = 1 if cov = E else 0`` (Gövert et al. 2006, Eq. 2)."""
    return (s == 3).astype(float)


def coverage_gen(s: np.ndarray) -> np.ndarray:
    """``cov_generalised``: E -> 1, L -> 1/2, S and N -> 0 (Gövert et al. 2006, Eq. 3)."""
    return np.where(s == 3, 1.0, np.where(s == 2, 0.5, 0.0))


register_quantisation("rel_strict", lambda e, s: relevance_strict(e) + 0 * s, "inex2002",
                      "Gövert et al. 2006, Eq. 2: 1 if rel = 3")
register_quantisation("rel_gen", lambda e, s: relevance_gen(e) + 0 * s, "inex2002",
                      "Gövert et al. 2006, Eq. 3: rel/3 (1, 2/3, 1/3, 0)")
register_quantisation("cov_strict", lambda e, s: coverage_strict(s) + 0 * e, "inex2002",
                      "Gövert et al. 2006, Eq. 2: 1 if cov = E")
register_quantisation("cov_gen", lambda e, s: coverage_gen(s) + 0 * e, "inex2002",
                      "Gövert et al. 2006, Eq. 3: E -> 1, L -> 1/2, S and N -> 0")
register_quantisation("strict2002", lambda e, s: relevance_strict(e) * coverage_strict(s), "inex2002",
                      "rel_strict x cov_strict (Gövert et al. 2006, Eq. 2): 1 iff (3, E)")
register_quantisation("gen2002", lambda e, s: relevance_gen(e) * coverage_gen(s), "inex2002",
                      "rel_gen x cov_gen (Gövert et al. 2006, Eq. 3)")


# --- validity of (e, s) pairs per scale -------------------------------------------------------
def valid_pairs(scale: str, e, s) -> np.ndarray:
    """Boolean array: which ``(e, s)`` pairs are valid assessments on ``scale``.

    * ``inex2003`` (2003/2004): e, s integers in 0..3 and (e = 0) iff (s = 0) -- (0, 2) and
      (2, 0) are invalid (Kazai & Lalmas 2006, §3, Ogilvie & Lalmas 2006, §2.4: e, s > 0 for relevant elements);
    * ``inex2005``: e in {0, 1, 2, ?}, s in [0, 1], (e = 0) iff (s = 0) (exhaustivity is given
      exactly to the elements that intersect highlighted text, Ogilvie & Lalmas 2006, §2.4);
    * ``inex2002``: relevance 0..3, coverage code 0..3 (N, S, L, E), (rel = 0) iff (cov = N)
      and not (3, S) (Gövert, Fuhr, Lalmas & Kazai 2006, §4.2: no coverage means not relevant
      and vice versa; "a document component which has a coverage too small, cannot be highly
      relevant");
    * ``graded``: any finite e >= 0 (s ignored); ``fol``: always valid.
    """
    e = np.asarray(e, dtype=np.float64)
    s = np.asarray(s, dtype=np.float64)
    integral = lambda x: (x == np.round(x)) & (x >= 0) & (x <= 3)  # noqa: E731
    if scale in ("inex2003", "inex2004"):
        ok = integral(e) & integral(s)
    elif scale == "inex2005":
        ok = (_exh12(e) | (e == 0) | (e == _TS)) & (s >= 0) & (s <= 1)
    elif scale == "inex2002":  # (3, S): "a coverage too small cannot be highly relevant"
        ok = integral(e) & integral(s) & ~((e == 3) & (s == 1))
    elif scale == "graded":
        return np.isfinite(e) & (e >= 0) & np.isfinite(s)
    elif scale == "fol":
        return np.ones(np.broadcast(e, s).shape, dtype=bool)
    else:
        raise UsageError(f"unknown assessment scale {scale!r}")
    return ok & ((e == 0) == (s == 0))


def invalid_pairs(scale: str, e, s) -> np.ndarray:
    """Indexes of the ``(e, s)`` pairs that are not valid on ``scale`` (see :func:`valid_pairs`)."""
    return np.flatnonzero(~np.atleast_1d(valid_pairs(scale, e, s)))


def pair_error(scale: str, e: float, s: float) -> str | None:
    """A human-readable reason why one pair is invalid on ``scale``, or None if it is valid."""
    if bool(valid_pairs(scale, e, s)):
        return None
    show_e = "?" if (scale == "inex2005" and e == _TS) else f"{e:g}"
    if scale == "inex2002":
        letter = {0.0: "N", 1.0: "S", 2.0: "L", 3.0: "E"}.get(float(s), f"{s:g}")
        if e == 3 and s == 1:
            return ("invalid INEX 2002 assessment (relevance 3, coverage S): a component whose "
                    "coverage is too small cannot be highly relevant (Gövert, Fuhr, Lalmas & "
                    "Kazai 2006, §4.2)")
        return (f"invalid INEX 2002 assessment (relevance {show_e}, coverage {letter}): relevance "
                "must be 0..3, coverage N/S/L/E, and relevance 0 goes with coverage N only")
    if scale == "inex2005":
        return (f"invalid INEX 2005 assessment (e={show_e}, s={s:g}): exhaustivity must be "
                "0, 1, 2 or ?, specificity in [0, 1], and e = 0 exactly when s = 0")
    return (f"invalid {scale} assessment (e={show_e}, s={s:g}): exhaustivity and specificity "
            "are integers 0..3, and e = 0 exactly when s = 0")
