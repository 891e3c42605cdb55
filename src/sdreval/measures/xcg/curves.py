"""Gain vectors and full curves of the XCG family, for plotting (Kazai & Lalmas 2006, Fig. 4-6).

* :func:`xcg_gains`: per topic ``(xG, xI)``;
* :func:`ep_gr_curve`: effort-precision at gain-recall points (0.01 steps by default) as a
  tidy DataFrame ``run, topic, recall, ep`` with the topic mean under ``topic == "all"``;
* :func:`nxcg_curve`: ``run, topic, rank, nxCG`` for ranks 1..max_rank, same convention.
"""
from __future__ import annotations

from typing import Any, Iterable

import numpy as np

from ...judgements.qrels import Qrels
from ...lazy import lazy_module
from ...model.run import Run
from ..cumgain import FINE_POINTS, ep_at, nxcg_vector
from ..param_rules import check_inert
from ..registry import MEASURES, EvalContext, Measure, make_measure
from ..results import frame_means
from ..serial import curve_topics
from .definitions import settings_of, tables_for
from .gains import run_gains

pd = lazy_module("pandas")


def xcg_gains(qrels: Qrels, run: Run, topics: Iterable[str] | None = None,
              ctx: EvalContext | None = None, **params: Any
              ) -> dict[str, tuple[np.ndarray, np.ndarray]]:
    """``topic -> (gains xG, ideal vector xI)``; ``params`` as in measure names (quant,
    overlap, alpha, ideal, keep)."""
    ctx = ctx or EvalContext()
    settings = settings_of(check_inert(_measure(params), ctx), qrels, ctx)  # as a family
    chosen = list(topics) if topics is not None else [t for t in qrels.relevant_topics()]
    gt = tables_for(qrels, chosen, settings, ctx)
    gains = run_gains(gt, run.__class__(run.name, {t: r.ordered(ctx.order)
                                                   for t, r in run.topics.items()}, run.unit),
                      settings)
    return {t.topic: (gains.gains[t.topic], t.ideal_vector) for t in gt.tables}


def _with_mean(frame: pd.DataFrame, x: str, y: str) -> pd.DataFrame:
    if frame.empty:
        return frame
    mean = frame_means(frame, ["run", x], y)  # as eval's means of ep@r and nxCG@k
    mean.insert(1, "topic", "all")
    return pd.concat([frame, mean[frame.columns]], ignore_index=True)


def _measure(params: dict) -> Measure:
    return make_measure(MEASURES["MAep"], params, None)


def _scored(qrels: Qrels, run: Run, all_topics: bool, ctx: EvalContext | None, params: dict
            ) -> tuple[list[str], list[str], EvalContext]:
    """The topics a mean covers, as for the measures (:func:`..serial.curve_topics`): those
    to compute (the run answered them; ``all_topics``: every qrels topic, unanswered ones
    scoring 0), those scoring 0 (nothing relevant, under --compat inex), and the context."""
    ctx = ctx or EvalContext()
    return (*curve_topics(_measure(params), qrels, run, all_topics, ctx), ctx)


def ep_gr_curve(qrels: Qrels, runs: Run | Iterable[Run], points=None,
                ctx: EvalContext | None = None, all_topics: bool = False, **params: Any
                ) -> pd.DataFrame:
    """Effort-precision / gain-recall curves (default points 0.01..1.00), over the topics of
    the measures' means (``all_topics`` as ``-c``): each has ideal gain (:func:`_scored`
    keeps the topics with something relevant under the quantisation)."""
    pts = FINE_POINTS if points is None else np.asarray(points, dtype=np.float64)
    rows = []
    for run in ([runs] if isinstance(runs, Run) else runs):
        topics, zero, ctx = _scored(qrels, run, all_topics, ctx, params)
        for topic, (xg, xi) in xcg_gains(qrels, run, topics, ctx, **params).items():
            for r, v in zip(pts.tolist(), ep_at(xg, xi, pts).tolist()):
                rows.append((run.name, topic, r, v))
        rows.extend((run.name, topic, r, 0.0) for topic in zero for r in pts.tolist())
    return _with_mean(pd.DataFrame(rows, columns=["run", "topic", "recall", "ep"]),
                      "recall", "ep")


def nxcg_curve(qrels: Qrels, runs: Run | Iterable[Run], max_rank: int = 100,
               ctx: EvalContext | None = None, all_topics: bool = False, **params: Any
               ) -> pd.DataFrame:
    """nxCG[1..max_rank] curves, over the topics of the measures' means (``all_topics`` as
    ``-c``)."""
    rows = []
    ranks = np.arange(1, int(max_rank) + 1)
    for run in ([runs] if isinstance(runs, Run) else runs):
        topics, zero, ctx = _scored(qrels, run, all_topics, ctx, params)
        for topic, (xg, xi) in xcg_gains(qrels, run, topics, ctx, **params).items():
            for k, v in zip(ranks.tolist(), nxcg_vector(xg, xi, max_rank).tolist()):
                rows.append((run.name, topic, k, v))
        rows.extend((run.name, topic, k, 0.0) for topic in zero for k in ranks.tolist())
    return _with_mean(pd.DataFrame(rows, columns=["run", "topic", "rank", "nxCG"]),
                      "rank", "nxCG")


__all__ = ["xcg_gains", "ep_gr_curve", "nxcg_curve"]
