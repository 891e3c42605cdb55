"""The measures ``sdreval eval`` uses when no ``-m`` is given, chosen from the data.

* document runs, and element runs whose every result is a whole article: ``AP``, ``nDCG@10``,
  ``P@10``, ``RR``, ``R@100``, ``Judged@10`` (what trec_eval / ir_measures users report);
* element runs: ``MAep``, ``nxCG@5``, ``nxCG@10``, ``nxCG@25``, ``nxCG@50``;
* passage runs, and element runs against passage (FOL) qrels: ``MAiP``, ``iP@0.00``,
  ``iP@0.01``, ``iP@0.05``, ``iP@0.10``;
* span and chunk runs (RAG retrievers): ``SpanP@5``, ``SpanR@5``, ``SpanIoU@5``,
  ``SpanRR(tau=0.5)``, ``CharMAP``.

The element set is the official one of the INEX 2005 and 2006 thorough and focused tasks (Kazai
& Lalmas 2006, XCG); the passage set that of the INEX 2007-2010 focused task (Kamps, Pehcevski,
Kazai, Lalmas & Robertson 2008).  ``R@100`` is recall at 100 (ir_measures' name) and
``Judged@10`` the share of the top 10 that is assessed, a warning sign for incomplete
judgements.
"""
from __future__ import annotations

from typing import Iterable, Sequence

from ..errors import UsageError
from ..judgements.qrels import Qrels

DEFAULT_SETS: dict[str, tuple[str, ...]] = {
    "document": ("AP", "nDCG@10", "P@10", "RR", "R@100", "Judged@10"),
    "element": ("MAep", "nxCG@5", "nxCG@10", "nxCG@25", "nxCG@50"),
    "passage": ("MAiP", "iP@0.00", "iP@0.01", "iP@0.05", "iP@0.10"),
    "span": ("SpanP@5", "SpanR@5", "SpanIoU@5", "SpanRR(tau=0.5)", "CharMAP"),
}


def run_kind(run) -> str:
    """The unit a run is evaluated as: ``document`` also for an element run whose every result
    is a whole article (``/article[1]``, as INEX article runs are written); ``span`` for span
    and chunk runs (overlapping character ranges are their normal form)."""
    if getattr(run, "overlap_expected", False):
        return "span"
    if run.unit == "element" and _all_articles(run):
        return "document"
    return run.unit


def _all_articles(run) -> bool:
    """Every result of an element run is a whole article (``/article[1]``)."""
    from ..model.run import Coded, Filled, TopicRankings

    columns = run.topics.columns() if isinstance(run.topics, TopicRankings) else None
    paths = columns.paths if columns is not None else None
    if isinstance(paths, Filled):
        return paths.value == "/article[1]"
    if isinstance(paths, Coded):
        return all(paths.values[i] == "/article[1]" for i in set(paths.codes.tolist()))
    return all(all(p == "/article[1]" for p in ranking.paths.tolist())
               for ranking in run.topics.values())


def has_passages(qrels: Qrels) -> bool:
    """Passage judgements (FOL qrels, highlighted passages) rather than element grades."""
    from ..judgements.columns import TopicJudgements

    if qrels.scale == "fol":
        return True
    if isinstance(qrels.topics, TopicJudgements):  # columns: one kind of judgement
        return not qrels.topics.holds_elements()
    return any(t.passages for t in qrels.topics.values())


def default_kind(qrels: Qrels, units: Iterable[str],
                 names: Sequence[str] | None = None) -> str:
    """``document``, ``element`` or ``passage``: the default set for these qrels and runs of
    these units.  Runs of different kinds need explicit measures (UsageError, naming the
    runs of each kind by ``names``, their files, where given)."""
    kinds: dict[str, list[int]] = {}
    for i, unit in enumerate(units):
        if unit in ("document", "span"):
            kind = unit
        elif unit == "passage" or has_passages(qrels):
            kind = "passage"
        else:
            kind = "element"
        kinds.setdefault(kind, []).append(i)
    if len(kinds) != 1:
        if names is None:
            which = ", ".join(sorted(kinds))
        else:
            which = "; ".join(f"{kind}: " + ", ".join(names[i] for i in at[:3])
                              + (f" and {len(at) - 3} more" if len(at) > 3 else "")
                              for kind, at in sorted(kinds.items()))
        raise UsageError(f"runs of different kinds ({which}): name the measures with -m")
    return next(iter(kinds))


def default_measures(qrels: Qrels, units: Iterable[str],
                     names: Sequence[str] | None = None) -> tuple[str, list[str]]:
    """The kind of data and its default measures (``names``: the runs' files, for the
    message of runs of different kinds)."""
    kind = default_kind(qrels, units, names)
    return kind, list(DEFAULT_SETS[kind])


def _suspects(run) -> list:
    """The topics of ``run`` that may list results out of trec_eval's order: all of them,
    except in shared columns, where only topics with two neighbouring results whose RSV does
    not fall are (one vectorised test over the run)."""
    import numpy as np

    from ..model.run import TopicRankings

    columns = run.topics.columns() if isinstance(run.topics, TopicRankings) else None
    if columns is None or len(columns.rsv) < 2:
        return list(run.topics)
    rsv, bounds = np.asarray(columns.rsv), columns.bounds
    suspect = ~(rsv[1:] < rsv[:-1])  # NaN too
    starts = bounds[(bounds > 0) & (bounds < len(rsv))]
    suspect[starts - 1] = False  # a pair across two topics
    if not suspect.any():
        return []
    hit = set((np.searchsorted(bounds, np.flatnonzero(suspect), side="right") - 1).tolist())
    return [topic for topic, where in columns.where.items() if where in hit]


def rsv_order_hints(runs: Iterable, order: str) -> list[str]:
    """Warnings for runs evaluated in file order whose ranks go down somewhere (``--order
    rank`` ranks by rank), and for document runs evaluated in file order whose listing is not
    trec_eval's order (RSV descending, then document id descending): the numbers then differ
    from trec_eval's, which ``--order rsv`` reproduces; with ``order="rank"``, the runs giving two
    results of a topic the same rank (kept in file order)."""
    import numpy as np

    rank, rsv = "--order rank", "--order rsv"
    if order == "rank":
        return [f"run {run.name}: {tied:,} topic(s) give two or more results the same rank; "
                f"{rank} keeps them in file order ({rsv} ranks by score)"
                for run in runs if (tied := _tied_rank_topics(run))]
    if order != "file":
        return []
    hints = []
    for run in runs:
        if disordered := _disordered_rank_topics(run):
            hints.append(f"run {run.name}: {disordered:,} topic(s) give ranks out of order; "
                         f"ranked in file order (the INEX convention); {rank} ranks by rank")
        if run_kind(run) != "document":
            continue
        differ = sum(1 for ranking in map(run.topics.get, _suspects(run)) if len(ranking) > 1
                     and not np.array_equal(ranking.ordered("rsv").docs, ranking.docs))
        if differ:
            hints.append(f"run {run.name}: {differ:,} topic(s) list results out of trec_eval's "
                         "order (RSV descending, then document id descending); ranked in file "
                         f"order (the INEX convention); {rsv} ranks as trec_eval does")
    return hints


def _disordered_rank_topics(run) -> int:
    """How many topics of ``run`` have ranks that go down somewhere in file order (the
    reader warns of each: :func:`sdreval.model.result_rules.disorder_message`)."""
    import numpy as np

    from ..model.result_rules import disorder_in_groups
    from ..model.run import TopicRankings

    columns = run.topics.columns() if isinstance(run.topics, TopicRankings) else None
    if columns is None:
        return sum(1 for r in run.topics.values() if len(r.ranks) > 1
                   and bool((np.diff(np.asarray(r.ranks)) < 0).any()))
    bounds = np.asarray(columns.bounds)
    codes = np.repeat(np.arange(bounds.size - 1), np.diff(bounds))
    return int(disorder_in_groups(codes, np.asarray(columns.ranks)[:int(bounds[-1])])[0].size)


def _tied_rank_topics(run) -> int:
    """How many topics of ``run`` give one rank to two or more results (one sort of the
    shared columns, or each topic's ranks)."""
    import numpy as np

    from ..model.run import TopicRankings

    columns = run.topics.columns() if isinstance(run.topics, TopicRankings) else None
    if columns is None:
        return sum(1 for r in run.topics.values() if np.unique(r.ranks).size < len(r.ranks))
    bounds = np.asarray(columns.bounds)
    codes = np.repeat(np.arange(bounds.size - 1), np.diff(bounds))
    ranks = np.asarray(columns.ranks)[:int(bounds[-1])]
    order = np.lexsort((ranks, codes))
    c, r = codes[order], ranks[order]
    return int(np.unique(c[1:][(c[1:] == c[:-1]) & (r[1:] == r[:-1])]).size)
