"""Passages: character ranges ``(doc, offset, length)`` and range arithmetic on them."""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True, order=True)
class Passage:
    doc: str
    offset: int
    length: int

    @property
    def end(self) -> int:
        return self.offset + self.length


def merge_ranges(ranges: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Union of ``(offset, length)`` ranges as sorted, disjoint ``(offset, length)`` ranges."""
    if not ranges:
        return []
    spans = sorted((o, o + n) for o, n in ranges if n > 0)
    merged: list[list[int]] = []
    for start, end in spans:
        if merged and start <= merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], end)
        else:
            merged.append([start, end])
    return [(s, e - s) for s, e in merged]


def overlap_length(ranges_a: list[tuple[int, int]], ranges_b: list[tuple[int, int]]) -> int:
    """Number of characters shared by two unions of ranges."""
    a = merge_ranges(ranges_a)
    b = merge_ranges(ranges_b)
    if not a or not b:
        return 0
    a_start = np.array([s for s, _ in a])
    a_end = a_start + np.array([n for _, n in a])
    total = 0
    for s, n in b:
        lo = np.maximum(a_start, s)
        hi = np.minimum(a_end, s + n)
        total += int(np.clip(hi - lo, 0, None).sum())
    return total
