"""Reference implementation of the XCG gains: the definitions of :mod:`.gains` result by
result (readable; the oracle of the vectorised :func:`~.gains.run_gains` in tests)."""
from __future__ import annotations

from typing import Any

import numpy as np

from ...judgements.qrels import TopicQrels
from ...judgements.recallbase import ideal_recall_base, quantised_values
from ...model.run import Ranking
from ...model.xpath import is_ancestor, is_ancestor_or_self, parent_path
from ..cumgain import GAIN_EPS
from .tables import GainSettings, element_sizes


class _UnknownSize(Exception):
    pass


def reference_gains(topic_qrels: TopicQrels, ranking: Ranking, settings: GainSettings,
                    collection: Any = None) -> np.ndarray:
    """Gains of one ranking by the definitions of the module docstring, result by result."""
    alpha = float(settings.alpha)
    q = quantised_values(topic_qrels, settings.quant)
    sizes = element_sizes(topic_qrels, collection)
    cap = settings.ideal == "ideal"
    budgets: dict[tuple[str, str], float] = {}
    if cap:
        for e in ideal_recall_base(topic_qrels, settings.quant, settings.keep):
            budgets[(e.doc, e.path)] = e.value
    universe: dict[str, set[str]] = {}
    for (d, p) in topic_qrels.elements:
        universe.setdefault(d, set()).add(p)
    seen: dict[str, list[str]] = {}
    gains = np.zeros(len(ranking))

    def size_of(d: str, p: str) -> float:
        s = sizes.get((d, p))
        if s is None or not s > 0:
            raise _UnknownSize
        return s

    for i, (d, p) in enumerate(zip(ranking.docs, ranking.paths)):
        earlier = seen.setdefault(d, [])
        qc = q.get((d, p), 0.0)
        if any(is_ancestor_or_self(a, p) for a in earlier):
            rv = (1 - alpha) * qc
        elif alpha > 0 and any(is_ancestor(p, a) for a in earlier):
            seen_set = set(earlier)
            nodes = set(universe.get(d, ())) | seen_set
            closure = set()
            for node0 in nodes:
                node: str | None = node0
                while node is not None and node not in closure:
                    closure.add(node)
                    node = parent_path(node)
            kids: dict[str, list[str]] = {}
            for node in closure:
                par = parent_path(node)
                if par is not None:
                    kids.setdefault(par, []).append(node)

            def mass(x: str) -> float:
                """α-weighted relevant mass of partially seen ``x`` without its own term."""
                total = 0.0
                for ch in kids.get(x, ()):
                    qch = q.get((d, ch), 0.0)
                    if ch in seen_set:
                        m = (1 - alpha) * qch * size_of(d, ch) if qch * (1 - alpha) > 0 else 0.0
                    elif any(is_ancestor(ch, a) for a in earlier):
                        inner = mass(ch)
                        own = (1 - alpha) * qch * size_of(d, ch) if qch * (1 - alpha) > 0 else 0.0
                        m = alpha * inner + own
                    else:
                        m = qch * size_of(d, ch) if qch > 0 else 0.0
                    total += m
                return total

            try:
                inner = mass(p)
                rv = (1 - alpha) * qc + (alpha * inner / size_of(d, p) if inner > 0 else 0.0)
            except _UnknownSize:
                rv = (1 - alpha) * qc
        else:
            rv = qc
        earlier.append(p)
        if not cap:
            gains[i] = rv
            continue
        related = [k for k in budgets if k[0] == d and (is_ancestor_or_self(k[1], p)
                                                          or is_ancestor(p, k[1]))]
        pool = sum(budgets[k] for k in related)
        credit = min(rv, pool) if related else 0.0
        if credit > 0:
            for k in related:
                budgets[k] -= credit * budgets[k] / pool
        gains[i] = credit if credit > GAIN_EPS else 0.0
    return gains
