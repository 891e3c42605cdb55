"""Plain-Python, character-set definitions of the span measures, one topic at a time.

Slow on purpose and written straight from the definitions (every character a member of a set,
the ranking walked character by character): the vectorised kernels are tested against these,
and ``benchmarks/bench_span.py`` times them as the plain baseline.  Not used by evaluation.
"""
from __future__ import annotations

Span = tuple[str, int, int]  # (doc, start, end), half-open


def characters(spans: list[Span]) -> set[tuple[str, int]]:
    return {(d, c) for d, s, e in spans for c in range(s, e)}


def new_characters(ranking: list[Span]) -> list[list[tuple[str, int]]]:
    """Per rank: the characters not retrieved at a better rank, in document order."""
    seen: set[tuple[str, int]] = set()
    out = []
    for d, s, e in ranking:
        fresh = [(d, c) for c in range(s, e) if (d, c) not in seen]
        seen.update(fresh)
        out.append(fresh)
    return out


def set_measures(gold: list[Span], ranking: list[Span], k: int | None = None,
                 budget: int | None = None, beta: float = 1.0) -> dict[str, float]:
    """SpanP, SpanR, SpanF, SpanIoU of the first k spans (or first ``budget`` characters)."""
    g = characters(gold)
    chosen = ranking if k is None else ranking[:k]
    walk = [c for fresh in new_characters(chosen) for c in fresh]
    ret = set(walk if budget is None else walk[:budget])
    hit = len(ret & g)
    p = hit / len(ret) if ret else 0.0
    r = hit / len(g) if g else 0.0
    b2 = beta * beta
    f = (1 + b2) * p * r / (b2 * p + r) if (b2 * p + r) > 0 else 0.0
    union = len(ret | g)
    return {"SpanP": p, "SpanR": r, "SpanF": f, "SpanIoU": hit / union if union else 0.0}


def unit_measures(gold: list[Span], ranking: list[Span], tau: float, k: int | None = None
                  ) -> dict[str, float]:
    """SpanHit, SpanRR, SpanRecallUnits at coverage threshold τ."""
    units = [characters([g]) for g in dict.fromkeys(gold) if g[2] > g[1]]
    chosen = ranking if k is None else ranking[:k]
    ret: set[tuple[str, int]] = set()
    first_rank = None
    for rank, span in enumerate(chosen, start=1):
        ret |= characters([span])
        if first_rank is None and any(len(u & ret) >= tau * len(u) - 1e-9 * len(u)
                                      for u in units):
            first_rank = rank
    found = sum(len(u & ret) >= tau * len(u) - 1e-9 * len(u) for u in units)
    return {"SpanHit": float(first_rank is not None),
            "SpanRR": 1.0 / first_rank if first_rank else 0.0,
            "SpanRecallUnits": found / len(units) if units else 0.0}


def char_ap(gold: list[Span], ranking: list[Span]) -> float:
    """TREC Genomics 2007 character AP, one character at a time."""
    g = characters(gold)
    position = relevant = 0
    total = 0.0
    for fresh in new_characters(ranking):
        for c in fresh:
            position += 1
            if c in g:
                relevant += 1
                total += relevant / position
    return total / len(g) if g else 0.0
