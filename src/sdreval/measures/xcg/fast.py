"""Fast path of the XCG gains for settings where they reduce to looked-up quantised values.

The general gains (:func:`.gains.run_gains`: overlap RV of Kazai & Lalmas 2006, Eq. 9, near-miss cap of
Eq. 8) need per-topic element tables.  Two cases need none, and here the gains are read from
the run-level lookup shared with the classic family (:func:`..classic.gains.run_lookup`), so
``Q``, ``R`` and ``MAep`` stay one implementation over the same gain vectors:

* **thorough without overlap penalty** (``ideal=full``, α = 0): Eq. 9 gives ``(1-α)·q = q``
  to a fully seen result and ``(1-α)·q + α·(...) = q`` to a partially seen one, and nothing
  is capped, so every result earns its own quantised value ``q`` (0 when not assessed),
  whatever the structure — a repeated element included;
* **flat** (every assessed element of a document with content is a root, ``/article[1]``, and
  no result of such a document lies below a root without being assessed): no result has an
  earlier ancestor or descendant, so the only "seen" case is a repeat of the same element.
  The first occurrence earns ``q``; a repeat earns ``(1-α)·q`` with ``ideal=full`` and 0 with
  ``ideal=ideal`` (every relevant element is an ideal node whose budget ``q`` the first
  occurrence used up; Eq. 8).

Anything else (nested data with α > 0 or the ideal recall-base, results without paths) goes
through the general path.  Tests check both paths agree on random flat and nested data.
"""
from __future__ import annotations

from typing import Any

import numpy as np

from ...judgements.qrels import Qrels
from ...judgements.quantise import get_quantisation
from ...model.run import Run
from ..classic.join import run_lookup
from ..classic.judged import is_flat
from ..cumgain import GAIN_EPS
from .gains import GainSettings, ideal_vector

#: switch for tests and benchmarks: False sends every setting through the general path.
ENABLED = True


def ideal_vectors(qrels: Qrels, topics: list[str], settings: GainSettings,
                  ctx: Any) -> list[np.ndarray]:
    """``xI`` of each topic under ``settings`` (cached in ``ctx.cache``)."""
    per_topic = ctx.cache.setdefault(("xcg-ideal-vectors", id(qrels), settings), {})
    out = []
    for topic in topics:
        found = per_topic.get(topic)
        if found is None:
            found = per_topic[topic] = ideal_vector(qrels[topic], settings)
        out.append(found)
    return out


def fast_gains(qrels: Qrels, run: Run, topics: list[str], settings: GainSettings,
               ctx: Any) -> tuple[list[np.ndarray], int] | None:
    """``(gain vector per topic, results of unjudged documents)`` when ``settings`` and the
    data allow the fast path (module docstring), else None."""
    if not ENABLED:
        return None
    alpha = float(settings.alpha)
    thorough_plain = settings.ideal == "full" and alpha == 0.0
    if any(run.get(t).unit == "passage" for t in topics):
        return None  # the general path reports the error
    quant = get_quantisation(settings.quant)
    if not thorough_plain and not is_flat(qrels, topics, quant, ctx):
        return None
    lookup = run_lookup(qrels, run, topics, quant, ctx)
    if lookup is None or lookup.none_paths:
        return None
    if thorough_plain:
        gains = lookup.q
    elif lookup.nested:
        return None
    elif settings.ideal == "full":
        gains = np.where(lookup.repeat, (1.0 - alpha) * lookup.q, lookup.q)
    else:
        gains = np.where(lookup.repeat, 0.0, lookup.q)
        gains[gains <= GAIN_EPS] = 0.0
    return lookup.split(gains), lookup.unknown_docs


__all__ = ["ENABLED", "fast_gains", "ideal_vectors"]
