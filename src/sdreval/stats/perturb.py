"""Perturbation experiments: insert non-relevant results into a run (Kazai & Lalmas 2006, §6.1.2).

Kazai & Lalmas 2006 inserts 1, 2, 3, 4, 5, 10, 50, 100, 500 and 1000 non-relevant results into the
``ideal`` run either *between ranks 1 and 2* (``where="insert"``, Fig. 6a) or *before rank 1*
(``where="precede"``, Fig. 6b).  A non-relevant result is a fresh element: a document id that
occurs nowhere in the qrels (no topic) nor in the run, path ``/article[1]`` (passage runs: the
range offset 0, length 1), so it is neither relevant, nor a near-miss, nor overlapping anything.
The perturbed rankings are renumbered: ranks 1..n in the new order and RSVs rewritten as
n, n−1, …, 1 so that every ordering policy (file, rank, rsv) sees the same order.
"""
from __future__ import annotations

from typing import Iterable

import numpy as np
import pandas as pd

from ..errors import UsageError
from ..judgements.qrels import Qrels
from ..model.run import Ranking, Run

PLACES = ("insert", "precede")
SEED000_COUNTS = (1, 2, 3, 4, 5, 10, 50, 100, 500, 1000)
_PREFIX = "sdreval-nonrel-"


def _known_docs(qrels: Qrels | None, run: Run) -> set[str]:
    docs: set[str] = set()
    if qrels is not None:
        for topic in qrels.topics.values():
            docs.update(doc for doc, _ in topic.elements)
            docs.update(topic.passages)
    for ranking in run.topics.values():
        docs.update(map(str, ranking.docs))
    return docs


def fresh_docs(count: int, taken: set[str]) -> list[str]:
    """``count`` document ids not in ``taken``."""
    out, k = [], 0
    while len(out) < count:
        doc = f"{_PREFIX}{k}"
        if doc not in taken:
            out.append(doc)
        k += 1
    return out


def _perturb_ranking(ranking: Ranking, docs: list[str], where: str) -> Ranking:
    k = len(docs)
    at = 0 if where == "precede" or len(ranking) == 0 else 1
    passage = ranking.unit == "passage"
    new_docs = np.array(docs, dtype=object)
    new_paths = np.array([None if passage else "/article[1]"] * k, dtype=object)
    new_offsets = np.full(k, 0 if passage else -1, dtype=np.int64)
    new_lengths = np.full(k, 1 if passage else -1, dtype=np.int64)

    def splice(old: np.ndarray, new: np.ndarray) -> np.ndarray:
        return np.concatenate([old[:at], new.astype(old.dtype, copy=False), old[at:]])

    n = len(ranking) + k
    return Ranking(splice(ranking.docs, new_docs), splice(ranking.paths, new_paths),
                   splice(ranking.offsets, new_offsets), splice(ranking.lengths, new_lengths),
                   np.arange(1, n + 1, dtype=np.int64),
                   np.arange(n, 0, -1).astype(np.float64), ranking.unit)


def insert_nonrelevant(run: Run, k: int, where: str = "insert", qrels: Qrels | None = None,
                       topics: Iterable[str] | None = None, name: str | None = None,
                       order: str = "file") -> Run:
    """A copy of ``run`` with ``k`` fresh non-relevant results inserted in each topic.

    ``where``: ``insert`` (between ranks 1 and 2; an empty ranking just gets the k results)
    or ``precede`` (before rank 1).  The run is first put in ``order`` (file, rank or rsv)."""
    if where not in PLACES:
        raise UsageError(f"where must be insert or precede, got {where!r}")
    if k < 0:
        raise UsageError(f"cannot insert a negative number of results ({k})")
    chosen = list(run.topics) if topics is None else list(topics)
    docs = fresh_docs(k, _known_docs(qrels, run))
    perturbed = {t: r.ordered(order) for t, r in run.topics.items()}
    for topic in chosen:
        perturbed[topic] = _perturb_ranking(run.get(topic).ordered(order), docs, where)
    return Run(name or f"{run.name}+{where}{k}", perturbed, run.unit, run.source)


def perturbation_curve(qrels: Qrels, run: Run, measures: Iterable[str],
                       counts: Iterable[int] = (0,) + SEED000_COUNTS,
                       places: Iterable[str] = PLACES, ctx=None) -> pd.DataFrame:
    """Mean score of each measure after inserting k non-relevant results (Kazai & Lalmas 2006, Fig. 6):
    columns ``place, k, measure, value`` (the number eval prints: a count's sum)."""
    from ..measures import evaluate
    from ..measures.evaluate import summarise

    measures = list(measures)
    rows = []
    for where in places:
        for k in counts:
            perturbed = insert_nonrelevant(run, k, where, qrels)
            table = evaluate(qrels, perturbed, measures, ctx)
            means = summarise(table).set_index("measure")["value"]
            for measure in measures:
                rows.append({"place": where, "k": k, "measure": measure,
                             "value": float(means.get(measure, np.nan))})
    return pd.DataFrame(rows)
