"""Context-budget curves: span recall and precision against the length budget.

A RAG pipeline hands the generator the first N characters (or tokens, with ``--span-unit``)
of the ranking.  For each budget N, ``SpanR(budget=N)`` and ``SpanP(budget=N)`` (Ret = the
first N new characters in rank order; docs/rag.md) are evaluated per query; the curve is
their mean over queries with a percentile-bootstrap confidence interval (topics resampled
with replacement; Efron & Tibshirani, 1993).
"""
from __future__ import annotations

from typing import Sequence

import numpy as np
import pandas as pd

from ..errors import UsageError
from ..stats.choices import CI_SAMPLES
from .labels import run_labels

DEFAULT_BUDGETS = (128, 256, 512, 1024, 2048, 4096, 8192)
BUDGET_MEASURES = ("SpanR", "SpanP")
COLUMNS = ["run", "measure", "budget", "mean", "ci_low", "ci_high", "topics"]


def parse_budgets(text: str) -> tuple[int, ...]:
    """``128,256,512`` -> budgets (positive integers, increasing)."""
    try:
        values = tuple(int(v) for v in text.replace(" ", "").split(",") if v)
    except ValueError:
        raise UsageError(f"budgets {text!r}: expected positive integers separated by commas "
                         "(e.g. 128,256,512)") from None
    if not values or min(values) <= 0:
        raise UsageError(f"budgets {text!r}: expected positive integers")
    return tuple(sorted(set(values)))


def budget_curve(qrels, runs, budgets: Sequence[int] = DEFAULT_BUDGETS, ctx=None,
                 all_topics: bool = False, level: float = 0.95, samples: int = CI_SAMPLES,
                 seed: int | None = 0) -> pd.DataFrame:
    """Columns ``run, measure, budget, mean, ci_low, ci_high, topics``: for every run, SpanR
    and SpanP at every budget, mean over the queries with gold text and its bootstrap CI."""
    from ..measures import EvalContext, evaluate
    from ..stats.aggregate import aggregates
    from ..stats.bootstrap import percentile_ci

    ctx = ctx or EvalContext()
    budgets = tuple(int(b) for b in budgets)
    if not budgets or min(budgets) <= 0:
        raise UsageError("budgets must be positive integers")
    names = [f"{m}(budget={b})" for b in budgets for m in BUDGET_MEASURES]
    table = evaluate(qrels, runs, names, ctx, all_topics=all_topics)
    table = table[table["topic"].astype(str) != "all"].dropna(subset=["value"])
    rows = []
    for (run, name), group in table.groupby(["run", "measure"], sort=False):
        values = group["value"].to_numpy(np.float64)
        low, high = percentile_ci(values[None, :], level, samples, seed)
        measure, budget = name.split("(budget=")
        # eval's mean (exact, rounded once), not numpy's: 0.35875, not 0.35874999999999996
        mean = float(aggregates(values[None, :], name)[0])
        rows.append((run, measure, int(budget.rstrip(")")), mean,
                     float(low[0]), float(high[0]), int(values.size)))
    out = pd.DataFrame(rows, columns=COLUMNS)
    rank = {"run": {r: i for i, r in enumerate(dict.fromkeys(table["run"]))},
            "measure": {m: i for i, m in enumerate(BUDGET_MEASURES)}}
    return out.sort_values(["run", "measure", "budget"], kind="stable",
                           key=lambda s: s.map(rank[s.name]) if s.name in rank else s
                           ).reset_index(drop=True)


def plot_budget_curve(curve: pd.DataFrame, unit: str = "characters", title: str | None = None,
                      level: float = 0.95):
    """Recall and precision (two panels) against the budget, one line per run with its CI
    band (at ``level``, named in the default title); log-2 budget axis."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    curve = curve.rename(columns={"x": "budget", "value": "mean"})
    fig = Figure(figsize=(9.0, 3.8), dpi=100, layout="constrained")
    FigureCanvasAgg(fig)
    axes = fig.subplots(1, 2, sharex=True)
    labels = run_labels([str(r) for r in dict.fromkeys(curve["run"])])
    for ax, measure, label in zip(axes, BUDGET_MEASURES, ("recall SpanR(budget=N)",
                                                          "precision SpanP(budget=N)")):
        rows = curve[curve["measure"] == measure]
        for run, group in rows.groupby("run", sort=False):
            line, = ax.plot(group["budget"], group["mean"], marker="o", label=labels[str(run)])
            ax.fill_between(group["budget"], group["ci_low"], group["ci_high"],
                            color=line.get_color(), alpha=0.2)
        ax.set_xscale("log", base=2)
        ticks = sorted(set(curve["budget"].astype(int)))
        ax.set_xticks(ticks, [str(t) for t in ticks], fontsize="small")
        ax.minorticks_off()
        ax.set_xlabel(f"budget N ({unit})")
        ax.set_ylabel(label)
        ax.set_ylim(0, 1.02)
        ax.grid(True, alpha=0.3)
    axes[0].legend(fontsize="small")
    fig.suptitle(title or "Context-budget curves (mean over queries, "
                 f"{100 * level:g}% bootstrap CI)",
                 fontsize="medium")
    return fig
