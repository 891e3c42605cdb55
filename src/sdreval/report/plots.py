"""Plots (matplotlib, Agg backend): every function returns a :class:`~matplotlib.figure.Figure`.

Inputs are the tables of the results and statistics layers, never files:

* curves: a curve table ``run, x, value`` (:mod:`sdreval.report.curves`) or ``{run: (x, y)}``;
* per-topic scores: the tidy results table ``run, topic, measure, value``;
* confidence intervals: ``run, mean, low, high`` (or computed from per-topic scores);
* significance: the compare table of docs/cli.md (``run_a, run_b, measure, mean_a, mean_b,
  p_value, p_adjusted, reject``), optionally with a ``correction`` column;
* swap rates: ``size, bin, swap_rate`` (topic-set size, difference bin, rate; Kazai & Lalmas
  2006, §6.2.2), optionally with a ``measure`` column.

Figures are built with the object API (``Figure`` + Agg canvas), not pyplot, so nothing
global is touched and no figure leaks.  Lines differ in colour, line style and marker (markers
of line ``i`` are offset along the curve), so runs with identical scores stay visible; cell
text picks black or white by the luminance of its cell; :func:`figure_bytes` writes PNG (at any
``dpi``), PDF or SVG, byte-identical for identical figures.
"""
from __future__ import annotations

import io
import textwrap
from typing import Mapping, Sequence

import numpy as np
import pandas as pd
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.colors import LogNorm
from matplotlib.figure import Figure
from matplotlib.ticker import MaxNLocator

from ..errors import UsageError
from ..stats.choices import CI_SAMPLES
from .curves import STANDARD_CURVES, as_curve_table
from .labels import run_labels

_MARKERS = "osd^v<>pPXh*"
_LINESTYLES = ("-", "--", "-.", ":")
_COLOURS = ("#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2",
            "#7f7f7f", "#bcbd22", "#17becf")
FIGURE_FORMATS = ("png", "pdf", "svg")


def line_style(i: int, points: int = 0) -> dict:
    """Colour, line style and marker of the ``i``-th line (all three cycle, at different
    periods); with many points, markers every ``points // 8`` points, offset by ``i``."""
    style = {"color": _COLOURS[i % len(_COLOURS)], "linestyle": _LINESTYLES[i % len(_LINESTYLES)],
             "marker": _MARKERS[i % len(_MARKERS)], "markersize": 5, "linewidth": 1.5}
    if points > 12:
        step = max(2, points // 8)
        style["markevery"] = ((i * max(1, step // 3)) % step, step)
    if (i // len(_COLOURS)) % 2:
        style["markerfacecolor"] = "none"
    return style


def text_colour(rgba) -> str:
    """Black or white, whichever reads better on a cell of colour ``rgba``."""
    r, g, b = (float(c) for c in rgba[:3])
    return "black" if 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.45 else "white"


def _legend(ax, count: int, title: str | None = None) -> None:
    if count > 6:  # many lines: beside the axes, not over the data
        ax.legend(fontsize="small", loc="upper left", bbox_to_anchor=(1.01, 1.0), title=title,
                  title_fontsize="small", frameon=False)
    else:
        ax.legend(fontsize="small", loc="best", title=title, title_fontsize="small")


def _figure(width: float = 5.6, height: float = 3.9) -> Figure:
    fig = Figure(figsize=(width, height), dpi=100, layout="constrained")
    FigureCanvasAgg(fig)
    return fig


def _runs_in_order(table: pd.DataFrame, column: str = "run") -> list[str]:
    return [str(r) for r in dict.fromkeys(table[column])]


def plot_curves(curves, xlabel: str = "x", ylabel: str = "value", title: str = "",
                xlim: tuple[float, float] | None = None, ylim: tuple[float, float] | None = (0, 1.02),
                logx: bool = False, step: bool = False) -> Figure:
    """One line per run of a curve table (``run, x, value``) or ``{run: (x, y)}`` arrays."""
    table = as_curve_table(curves)
    fig = _figure()
    ax = fig.add_subplot()
    runs = _runs_in_order(table)
    for i, run in enumerate(runs):
        rows = table[table["run"].astype(str) == run].sort_values("x")
        xs, ys = rows["x"].to_numpy(float), rows["value"].to_numpy(float)
        style = line_style(i, len(xs))
        if step:
            ax.step(xs, ys, where="post", label=run, **style)
        else:
            ax.plot(xs, ys, label=run, **style)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    xs_all = table["x"].to_numpy(float)
    if len(xs_all) and np.all(xs_all == np.round(xs_all)) and xs_all.max() > 1:
        ax.xaxis.set_major_locator(MaxNLocator(integer=True))  # ranks, k: whole numbers
    if title:
        ax.set_title(title, fontsize="medium")
    if logx:
        ax.set_xscale("log")
    if xlim is not None:
        ax.set_xlim(*xlim)
    if ylim is not None:
        ax.set_ylim(*ylim)
    ax.grid(True, alpha=0.3)
    if len(table):
        _legend(ax, len(runs))
    return fig


def plot_ep_gr(curves, title: str | None = None) -> Figure:
    """Effort-precision against gain-recall (Kazai & Lalmas 2006, §5.4, Eq. 13-14)."""
    spec = STANDARD_CURVES["epgr"]
    return plot_curves(curves, spec.xlabel, spec.ylabel, title or spec.title, xlim=(0, 1.0))


def plot_nxcg(curves, title: str | None = None, logx: bool = False) -> Figure:
    """nxCG[k] over rank k (Kazai & Lalmas 2006, Eq. 5)."""
    spec = STANDARD_CURVES["nxcg"]
    return plot_curves(curves, spec.xlabel, spec.ylabel, title or spec.title, logx=logx)


def plot_precall(curves, title: str | None = None) -> Figure:
    """inex_eval precision at recall points (Ogilvie & Lalmas 2006, Eq. 1-5)."""
    spec = STANDARD_CURVES["precall"]
    return plot_curves(curves, spec.xlabel, spec.ylabel, title or spec.title, xlim=(0, 1.0))


def plot_span_recall(curves, title: str | None = None) -> Figure:
    """Character recall SpanR@k over the number k of retrieved spans (docs/rag.md)."""
    spec = STANDARD_CURVES["spanr"]
    return plot_curves(curves, spec.xlabel, spec.ylabel, title or spec.title)


def plot_interpolated_precision(curves, title: str | None = None) -> Figure:
    """Interpolated precision iP[x] against recall x (HiXEval / INEX focused task)."""
    spec = STANDARD_CURVES["ip"]
    return plot_curves(curves, spec.xlabel, spec.ylabel, title or spec.title, xlim=(0, 1.0))


def plot_topic_distribution(results: pd.DataFrame, measure: str, title: str | None = None
                            ) -> Figure:
    """Per-topic scores of ``measure`` for every run: box plots with the topics as points."""
    rows = results[(results["measure"].astype(str) == measure)
                   & (results["topic"].astype(str) != "all")]
    if rows.empty:
        raise UsageError(f"no per-topic values of {measure!r} to plot")
    runs = _runs_in_order(rows)
    data = [rows.loc[rows["run"].astype(str) == r, "value"].dropna().to_numpy(float)
            for r in runs]
    fig = _figure(max(4.0, 1.0 + 0.8 * len(runs)), 4.2)
    ax = fig.add_subplot()
    # every topic is drawn as a point, so the box plot draws no outliers of its own (they
    # would appear twice)
    ax.boxplot(data, showmeans=True, showfliers=False, widths=0.6,
               medianprops={"color": "black"},
               meanprops={"marker": "^", "markerfacecolor": "white",
                          "markeredgecolor": "black"})
    rng = np.random.default_rng(0)  # fixed jitter: the same figure every time
    for i, values in enumerate(data, start=1):
        ax.scatter(i + rng.uniform(-0.15, 0.15, len(values)), values, s=10, alpha=0.6,
                   color=_COLOURS[(i - 1) % len(_COLOURS)], zorder=3, linewidths=0)
    ax.set_xticks(range(1, len(runs) + 1), runs, rotation=30 if len(runs) > 4 else 0,
                  ha="right" if len(runs) > 4 else "center")
    ax.set_ylabel(measure)
    ax.set_title(title or f"Per-topic {measure}", fontsize="medium")
    ax.grid(True, axis="y", alpha=0.3)
    return fig


def bootstrap_intervals(results: pd.DataFrame, measure: str, level: float = 0.95,
                        samples: int = CI_SAMPLES, seed: int = 0) -> pd.DataFrame:
    """Bootstrap percentile confidence intervals of each run's mean (Vu & Gallinari 2005, §5).

    Uses :func:`sdreval.stats.bootstrap_ci` when the statistics layer provides it, else
    :func:`scipy.stats.bootstrap` (percentile method).  Returns ``run, mean, low, high``."""
    rows = results[(results["measure"].astype(str) == measure)
                   & (results["topic"].astype(str) != "all")]
    if rows.empty:
        raise UsageError(f"no per-topic values of {measure!r} for confidence intervals")
    from . import bridge

    return bridge.bootstrap_ci(rows, level=level, samples=samples, seed=seed)


def plot_confidence_intervals(intervals: pd.DataFrame, measure: str = "", level: float = 0.95,
                              title: str | None = None) -> Figure:
    """Runs' means with confidence intervals (``run, mean, low, high``), best run on top.

    Given a per-topic results table instead, bootstrap intervals are computed first."""
    if {"topic", "measure", "value"} <= set(intervals.columns):
        intervals = bootstrap_intervals(intervals, measure, level)
    needed = {"run", "mean", "low", "high"}
    if not needed <= set(intervals.columns):
        raise UsageError("confidence intervals need columns run, mean, low, high")
    table = intervals.sort_values("mean", kind="stable")
    fig = _figure(6.4, max(2.5, 0.9 + 0.35 * len(table)))
    ax = fig.add_subplot()
    ys = np.arange(len(table))
    means = table["mean"].to_numpy(float)
    err = np.vstack([means - table["low"].to_numpy(float), table["high"].to_numpy(float) - means])
    ax.errorbar(means, ys, xerr=np.clip(err, 0, None), fmt="o", capsize=4)
    ax.set_yticks(ys, table["run"].astype(str).tolist())
    ax.set_xlabel(f"mean {measure}".strip())
    ax.set_title(title or f"{int(round(level * 100))}% bootstrap CI"
                 + (f" of {measure}" if measure else ""), fontsize="medium")
    ax.grid(True, axis="x", alpha=0.3)
    return fig


def significance_matrix(compare: pd.DataFrame, measure: str | None = None,
                        runs: Sequence[str] | None = None) -> tuple[list[str], np.ndarray,
                                                                    np.ndarray, np.ndarray]:
    """Square matrices over runs from a compare table: adjusted p, reject, mean difference.

    Cell (i, j) holds the pair (run i, run j) whatever its order in the table; the difference
    is mean_i - mean_j."""
    table = compare if measure is None else compare[compare["measure"].astype(str) == measure]
    runs = runs if runs is not None else list(dict.fromkeys(
        list(table["run_a"].astype(str)) + list(table["run_b"].astype(str))))
    from ..stats.compare import pair_square
    p_col = "p_adjusted" if "p_adjusted" in table.columns else "p_value"
    diff = table["mean_a"].to_numpy(dtype=float) - table["mean_b"].to_numpy(dtype=float)
    return (list(runs), pair_square(table, runs, table[p_col].to_numpy(dtype=float), np.nan),
            pair_square(table, runs, table["reject"].astype(bool).to_numpy(), False),
            pair_square(table, runs, diff, np.nan, -1))


def plot_significance_heatmap(compare: pd.DataFrame, measure: str | None = None,
                              level: float = 0.05, title: str | None = None) -> Figure:
    """Run × run heatmap of adjusted p-values; ``*``: rejected; arrow: the higher mean (▲ row,
    ▼ column; ``=``: equal means, to 12 decimals), for a rejection the run the test rejected
    for (compare's ``direction``)."""
    from ..stats.compare import directions, mean_sides, pair_square
    table = compare if measure is None else compare[compare["measure"].astype(str) == measure]
    runs, p_adj, reject, _ = significance_matrix(table)
    side = pair_square(table, runs, np.where(table["reject"].astype(bool), directions(table),
                                         mean_sides(table)), 0, -1)
    if not runs:
        raise UsageError("no pairs to draw")
    n = len(runs)
    fig = _figure(max(3.6, 1.8 + 0.6 * n), max(3.0, 1.4 + 0.55 * n))
    ax = fig.add_subplot()
    shown = np.where(np.isnan(p_adj), np.nan, np.clip(p_adj, 1e-4, 1.0))
    image = ax.imshow(shown, cmap="viridis", norm=LogNorm(vmin=1e-4, vmax=1.0))
    for i in range(n if n <= 12 else 0):  # annotations only while they stay legible
        for j in range(n):
            if i == j or np.isnan(p_adj[i, j]):
                continue
            mark = "▼=▲"[int(side[i, j]) + 1] + ("*" if reject[i, j] else "")
            ax.text(j, i, f"{p_adj[i, j]:.3g}\n{mark}", ha="center", va="center", fontsize=7,
                    color=text_colour(image.cmap(image.norm(shown[i, j]))))
    ax.set_xticks(range(n), runs, rotation=45, ha="right")
    ax.set_yticks(range(n), runs)
    fig.colorbar(image, ax=ax, label="adjusted p-value")
    ax.set_title(title or (f"Adjusted p-values of {measure}" if measure
                           else "Adjusted p-values"), fontsize="medium")
    return fig


#: pairs up to which the decisions figure writes the adjusted p-value in each cell
DECISION_VALUES_MAX = 40


def plot_significance_decisions(compare: pd.DataFrame | Mapping[str, pd.DataFrame],
                                measure: str | None = None, title: str | None = None) -> Figure:
    """Pairs × corrections: which pairs each multiple-comparison correction declares
    significant (filled = reject), with the adjusted p-value written in the cell.

    ``compare`` is a compare table with a ``correction`` column, or ``{correction: table}``."""
    if isinstance(compare, Mapping):
        compare = pd.concat([t.assign(correction=name) for name, t in compare.items()],
                            ignore_index=True)
    if "correction" not in compare.columns:
        compare = compare.assign(correction="")
    table = compare if measure is None else compare[compare["measure"].astype(str) == measure]
    if table.empty:
        raise UsageError("no pairs to draw")
    names = run_labels(list(dict.fromkeys(table["run_a"].astype(str).tolist()
                                          + table["run_b"].astype(str).tolist())))
    table = table.assign(pair=table["run_a"].astype(str).map(names) + " vs "
                         + table["run_b"].astype(str).map(names))
    pairs = list(dict.fromkeys(table["pair"]))
    corrections = [str(c) for c in dict.fromkeys(table["correction"])]
    decision = np.zeros((len(pairs), len(corrections)))
    pvals = np.full((len(pairs), len(corrections)), np.nan)
    for row in table.itertuples(index=False):
        i, j = pairs.index(row.pair), corrections.index(str(row.correction))
        decision[i, j] = float(bool(row.reject))
        pvals[i, j] = float(row.p_adjusted)
    fig = _figure(min(7.0, max(4.0, 2.5 + 1.0 * len(corrections))),
                  max(2.5, 1.2 + 0.3 * len(pairs)))
    ax = fig.add_subplot()
    image = ax.imshow(decision, cmap="Greens", vmin=0, vmax=1.3, aspect="auto")
    if len(pairs) <= DECISION_VALUES_MAX:
        for i in range(len(pairs)):
            for j in range(len(corrections)):
                # no p-value: the runs' scores are identical on every topic, nothing to test
                text = "–" if np.isnan(pvals[i, j]) else f"{pvals[i, j]:.3g}"
                ax.text(j, i, text, ha="center", va="center", fontsize=7,
                        color=text_colour(image.cmap(image.norm(decision[i, j]))))
    ax.set_xticks(range(len(corrections)), corrections)
    # long run names wrap: the cells keep the width, the key stays inside the figure
    ax.set_yticks(range(len(pairs)), ["\n".join(textwrap.wrap(p, 40)) for p in pairs],
                  fontsize=7 if len(pairs) > 15 else None)
    ax.set_xlabel("correction (green = significant;\n– = identical scores, no test)")
    ax.set_title(title or "Corrected decisions" + (f" on {measure}" if measure else ""),
                 fontsize="medium")
    return fig


def plot_swap_rates(swaps: pd.DataFrame, size: str = "size", bin: str = "bin",
                    rate: str | None = None, max_bins: int = 8, title: str | None = None,
                    measure: str | None = None) -> Figure:
    """Swap rate against topic-set size, one line per difference bin (Kazai & Lalmas 2006, §6.2.2,
    Voorhees & Buckley), from :func:`sdreval.stats.swap_rates` (``size, bin, comparisons,
    error_rate``) or any table with a size and a rate column (``rate`` defaults to
    ``error_rate``, else ``swap_rate``).  With a ``comparisons`` column, the ``max_bins`` bins
    with the most comparisons are drawn; rows without a bin column form one line.  A
    ``measure`` column is filtered by ``measure`` (required when it holds several) and the
    measure is named in the title."""
    if "measure" in swaps.columns:
        names = [str(m) for m in dict.fromkeys(swaps["measure"])]
        if measure is None and len(names) > 1:
            raise UsageError("the swap-rate table holds several measures; choose one")
        measure = measure if measure is not None else (names[0] if names else None)
        swaps = swaps[swaps["measure"].astype(str) == str(measure)]
    if rate is None:
        rate = "error_rate" if "error_rate" in swaps.columns else "swap_rate"
    for column in (size, rate):
        if column not in swaps.columns:
            raise UsageError(f"swap-rate table lacks column {column!r}")
    table = swaps if bin in swaps.columns else swaps.assign(**{bin: "all"})
    table = table[table[rate].notna()]
    if "comparisons" in table.columns:
        totals = table.groupby(bin, sort=False)["comparisons"].sum()
        keep = set(totals[totals > 0].nlargest(max_bins).index)
        table = table[table[bin].isin(keep)]
    if "bin_low" in table.columns:
        table = table.sort_values(["bin_low", size], kind="stable")
    fig = _figure()
    ax = fig.add_subplot()
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    groups = list(table.groupby(bin, sort=False))
    for i, (label, rows) in enumerate(groups):
        rows = rows.sort_values(size)
        # a rate of 0 lies on the bottom edge: its marker is drawn whole, not cut in half
        ax.plot(rows[size].to_numpy(float), rows[rate].to_numpy(float),
                label=f"{label}", clip_on=False, **line_style(i, len(rows)))
    ax.set_xlabel("topic-set size")
    ax.set_ylabel("swap rate")
    ax.set_ylim(0, 1.05)
    ax.grid(True, alpha=0.3)
    if len(table):
        relative = "difference" in table.columns and (table["difference"] == "relative").any()
        _legend(ax, 7, title="difference / best mean" if relative  # always beside the axes
                else "difference of means")
    ax.set_title(title or ("Swap rate" + (f" of {measure}" if measure else "")
                           + " by topic-set size"), fontsize="medium")
    return fig


def figure_bytes(fig: Figure, fmt: str = "png", dpi: int = 100) -> bytes:
    """The figure as PNG (at ``dpi``), PDF or SVG bytes; no dates or random ids, so the same
    figure always gives the same bytes."""
    import matplotlib

    if fmt not in FIGURE_FORMATS:
        raise UsageError(f"figure format must be one of {', '.join(FIGURE_FORMATS)}, not "
                         f"{fmt!r}")
    if dpi <= 0:
        raise UsageError(f"dpi must be positive, got {dpi}")
    metadata = {"png": {"Software": None}, "pdf": {"CreationDate": None, "Producer": None},
                "svg": {"Date": None}}[fmt]
    buffer = io.BytesIO()
    with matplotlib.rc_context({"svg.hashsalt": "sdreval", "pdf.compression": 6}):
        fig.savefig(buffer, format=fmt, dpi=dpi, metadata=metadata)
    return buffer.getvalue()


__all__ = ["plot_curves", "plot_ep_gr", "plot_nxcg", "plot_precall",
           "plot_interpolated_precision", "plot_topic_distribution", "bootstrap_intervals",
           "plot_confidence_intervals", "significance_matrix", "plot_significance_heatmap",
           "plot_significance_decisions", "plot_swap_rates", "figure_bytes", "line_style",
           "text_colour", "FIGURE_FORMATS"]
