"""Ties statistics of runs (Vu & Gallinari 2005, §3, Tables 2-3).

The *average rank size* of a run on a topic is ``list size / number of distinct RSVs`` (how many
results share a rank on average; 1 = strictly ordered list).  A topic the run did not answer
(missing or empty list) counts with the submission length (1500 at INEX), as in Vu & Gallinari 2005.
Its reciprocal is Kraaij's "resolving power".
"""
from __future__ import annotations

from typing import Iterable

import numpy as np
import pandas as pd

from ..errors import UsageError
from ..model.ordering import topic_sort_key
from ..model.run import Run

#: INEX 2003/2004 submission length (results per topic).
SUBMISSION_LENGTH = 1500

COLUMNS = ["run", "topic", "list_size", "distinct_rsv", "avg_rank_size"]


def average_rank_size(rsv: np.ndarray, submission_length: int = SUBMISSION_LENGTH) -> float:
    """``len(rsv) / number of distinct values``; ``submission_length`` for an empty list."""
    rsv = np.asarray(rsv, dtype=np.float64)
    if rsv.size == 0:
        return float(submission_length)
    return float(rsv.size / np.unique(rsv).size)


def rank_sizes(runs: Run | Iterable[Run], topics: Iterable[str] | None = None,
               submission_length: int = SUBMISSION_LENGTH) -> pd.DataFrame:
    """Per run and topic: list size, distinct RSVs, average rank size (tidy DataFrame).

    ``topics`` defaults to every topic any of the runs answered."""
    if submission_length < 1:
        raise UsageError(f"submission length must be >= 1, got {submission_length}")
    run_list = [runs] if isinstance(runs, Run) else list(runs)
    if topics is None:
        topic_list = sorted({t for r in run_list for t in r.topics}, key=topic_sort_key)
    else:
        topic_list = list(topics)
    rows = []
    for run in run_list:
        for topic in topic_list:
            rsv = run.get(topic).rsv
            distinct = int(np.unique(rsv).size)
            rows.append((run.name, topic, int(rsv.size), distinct,
                         average_rank_size(rsv, submission_length)))
    return pd.DataFrame(rows, columns=COLUMNS)


def ties_summary(table: pd.DataFrame, by: str = "run") -> pd.DataFrame:
    """Mean, minimum and maximum average rank size per run (``by="run"``, Vu & Gallinari 2005, Table 3) or
    per topic (``by="topic"``)."""
    if by not in ("run", "topic"):
        raise UsageError(f"ties_summary: by must be run or topic, not {by!r}")
    grouped = table.groupby(by, sort=False)["avg_rank_size"]
    return grouped.agg(["mean", "min", "max", "median"]).reset_index()
