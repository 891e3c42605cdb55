"""Run names as the figures write them on axes and in legends: a long name (a PyTerrier
pipeline, a run with its parameters) keeps its start and end with "…" between, so that panels
are not squeezed to nothing by their tick labels; the tables of the report give it whole."""
from __future__ import annotations

from typing import Sequence

#: characters of a run name on an axis or in a legend (about 2 inches at 8 pt)
LABEL_WIDTH = 30


def shorten(name: str, width: int = LABEL_WIDTH) -> str:
    """``name`` cut in the middle to ``width`` characters (with "…"), or whole if it fits."""
    if len(name) <= width:
        return name
    head = width // 2
    tail = width - 1 - head
    return name[:head] + "…" + (name[-tail:] if tail else "")


def run_labels(runs: Sequence[str], width: int = LABEL_WIDTH) -> dict[str, str]:
    """``{run: label}``: each name shortened to ``width`` characters, widened until the labels
    of different runs differ (names that differ only in the middle stay apart)."""
    names = [str(r) for r in runs]
    longest = max((len(n) for n in names), default=0)
    for size in range(width, longest + 1):
        labels = {n: shorten(n, size) for n in names}
        if len(set(labels.values())) == len(set(names)):
            return labels
    return {n: n for n in names}
