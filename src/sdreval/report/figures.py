"""The report's figures for a reader and a paper: one figure per kind, runs in one colour each
across every figure, small multiples (one panel per measure or run) instead of one figure per
measure, sizes in inches of a printed page (7 in wide: a text width; text at 8–9 pt).

* :func:`plot_curve_bands`: mean curves with a confidence band per run;
* :func:`plot_topic_differences`: per-topic differences with the baseline, sorted bars (the
  plot IR papers print), one panel per run;
* :func:`plot_difference_intervals`: mean difference with the baseline and its interval, one
  panel per measure (the compare table's ``diff``, ``diff_ci_low``, ``diff_ci_high``);
* :func:`plot_mean_intervals`: each run's mean with its bootstrap interval, one panel per
  measure;
* :func:`plot_distributions`: per-topic scores as horizontal box plots, one panel per measure
  (run names on the y axis never collide);
* :func:`plot_significance_grid`: run × run decisions of one measure as three colours
  (significantly better, worse, not significant) with the legend under the axes.
"""
from __future__ import annotations

import math
import re
import textwrap
from typing import Mapping, Sequence

import matplotlib
import numpy as np
import pandas as pd
from matplotlib import colormaps
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.colors import ListedColormap
from matplotlib.figure import Figure
from matplotlib.patches import Patch

from ..errors import UsageError
from ..stats.paired import differences
from .curves import CurveSpec
from .labels import run_labels

WIDTH = 7.0  # inches: the text width of a paper
_RC = {"font.size": 8.5, "axes.titlesize": 9, "axes.labelsize": 8.5, "xtick.labelsize": 8,
       "ytick.labelsize": 8, "legend.fontsize": 8}
BETTER, WORSE, EVEN = "#2e7d32", "#c62828", "#9e9e9e"
#: horizontal box plots: ``orientation`` since matplotlib 3.10 (``vert`` is deprecated there)
_HORIZONTAL = {"orientation": "horizontal"} if tuple(
    int(p) for p in matplotlib.__version__.split(".")[:2]) >= (3, 10) else {"vert": False}
#: characters of a curve's title per line (the 7-inch figure holds about 90 at 9 pt)
TITLE_WIDTH = 80
MAX_BANDS = 6  # curves with more runs show the bands of the first and the best run only


def rc() -> dict:
    """The matplotlib settings of the report's figures (for ``matplotlib.rc_context``)."""
    return dict(_RC)


def run_colours(runs: Sequence[str]) -> dict[str, tuple]:
    """One distinct colour per run: tab10 up to 10 runs, tab20 up to 20, then evenly spaced
    hues of a cyclic map."""
    n = len(runs)
    if n <= 10:
        colours = [colormaps["tab10"](i) for i in range(n)]
    elif n <= 20:  # dark shades first, then the light ones: neighbours stay apart
        colours = [colormaps["tab20"](2 * i if i < 10 else 2 * (i - 10) + 1) for i in range(n)]
    else:
        colours = [colormaps["hsv"](i / n) for i in range(n)]
    return dict(zip(runs, colours))


def _figure(height: float, width: float = WIDTH) -> Figure:
    fig = Figure(figsize=(width, height), dpi=100, layout="constrained")
    FigureCanvasAgg(fig)
    return fig


def _grid(fig: Figure, panels: int, columns: int, sharey: bool = False):
    rows = math.ceil(panels / columns)
    axes = fig.subplots(rows, columns, squeeze=False, sharey=sharey)
    flat = list(axes.ravel())
    for ax in flat[panels:]:
        ax.set_visible(False)
    return flat[:panels]


def plot_curve_bands(spec: CurveSpec, table: pd.DataFrame, runs: Sequence[str] | None = None,
                     level: float = 0.95) -> Figure:
    """Mean curve of each run (``run, x, value``) with its confidence band (columns ``low``,
    ``high`` when present); legend beside the axes from 7 runs on."""
    runs = list(runs) if runs else [str(r) for r in dict.fromkeys(table["run"])]
    colours = run_colours(runs)
    labels = run_labels(runs)
    # beside the axes from 7 runs on, or where a long name would cover the curves
    many = len(runs) > 6 or max(map(len, labels.values()), default=0) > 20
    fig = _figure(3.4 if not many else 3.4 + 0.06 * max(0, len(runs) - 14))
    ax = fig.add_subplot()
    # no band where no run has one (one topic: nothing to resample)
    bands = {"low", "high"} <= set(table.columns) and bool(table["low"].notna().any())
    banded = set(runs)
    if bands and len(runs) > MAX_BANDS:  # many bands hide each other: the first and the best
        area = table.groupby(table["run"].astype(str))["value"].mean()
        banded = {runs[0], str(area.idxmax())}
    for i, run in enumerate(runs):
        rows = table[table["run"].astype(str) == run].sort_values("x")
        if rows.empty:
            continue
        xs, ys = rows["x"].to_numpy(float), rows["value"].to_numpy(float)
        style = "-" if i < 10 else "--"
        ax.plot(xs, ys, style, color=colours[run], linewidth=1.4, label=labels[run])
        if bands and run in banded:
            ax.fill_between(xs, rows["low"].to_numpy(float), rows["high"].to_numpy(float),
                            color=colours[run], alpha=0.15,
                            linewidth=0)
    ax.set_xlabel(spec.xlabel)
    ax.set_ylabel(spec.ylabel)
    xs_all = table["x"].to_numpy(float)
    if len(xs_all):
        ax.set_xlim(min(0.0, xs_all.min()) if xs_all.max() <= 1 else xs_all.min(),
                    xs_all.max())
    ax.set_ylim(0, 1.02)
    ax.grid(True, alpha=0.3)
    which = "" if banded == set(runs) else " (first and best run)"
    # a long title (a citation, the bands) is wrapped, never cut at the figure's edges
    ax.set_title("\n".join(textwrap.wrap(spec.title + (f", {level:.0%} bands{which}"
                                                        if bands else ""), TITLE_WIDTH)))
    if many:
        ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), frameon=False,
                  ncols=2 if len(runs) > 14 else 1)
    else:
        ax.legend(loc="best")
    return fig


def plot_topic_differences(results: pd.DataFrame, measure: str, baseline: str,
                           runs: Sequence[str]) -> Figure:
    """Per-topic ``run − baseline`` on ``measure``, one panel per run, bars sorted from the
    largest gain to the largest loss (green: the run is better on that topic, red: worse);
    the panel title counts wins / ties / losses.  Over the topics every run of ``runs`` has a
    value, as the tests against the baseline (``compare``'s ``missing="drop"``), so that the
    counts are the table's W/T/L."""
    rows = results[(results["measure"].astype(str) == measure)
                   & (results["topic"].astype(str) != "all")]
    table = rows.pivot_table(index="topic", columns="run", values="value", aggfunc="first")
    table.columns = table.columns.astype(str)
    if baseline not in table.columns:
        raise UsageError(f"baseline {baseline!r} has no per-topic values of {measure}")
    others = [r for r in runs if r != baseline and r in table.columns]
    answered = len(table)
    table = table[[baseline] + others].dropna()
    if not others:
        raise UsageError("per-topic differences need a run besides the baseline")
    columns = 1 if len(others) == 1 else (2 if len(others) <= 4 else 4)
    rows_n = math.ceil(len(others) / columns)
    fig = _figure(max(2.4, 1.7 * rows_n + 0.5) if columns > 1 else 2.6)
    axes = _grid(fig, len(others), columns, sharey=True)
    limit = 0.0
    for ax, run in zip(axes, others):
        # compare's W/T/L: differences to 12 decimals, a tie where 0
        d = -np.sort(-differences(table[run].to_numpy(float), table[baseline].to_numpy(float)))
        limit = max(limit, float(np.abs(d).max()) if len(d) else 0.0)
        colours = np.where(d > 0, BETTER, np.where(d < 0, WORSE, EVEN))
        ax.bar(np.arange(len(d)), d, width=0.85, color=colours)
        ax.axhline(0, color="black", linewidth=0.6)
        tied = np.flatnonzero(d == 0)  # a tie has no bar: a grey dot on the line
        ax.plot(tied, np.zeros(tied.size), "o", color=EVEN, markersize=3.5, zorder=3)
        wins, losses = int((d > 0).sum()), int((d < 0).sum())
        # a long run name wraps: the counts stay readable, never under the next panel
        ax.set_title("\n".join(textwrap.wrap(f"{run}: {wins}/{tied.size}/{losses}",
                                             100 // columns - 6)), fontsize=8.5)
        ax.set_xticks([])
        ax.grid(True, axis="y", alpha=0.3)
    for ax in axes[::columns]:
        ax.set_ylabel(f"Δ {measure}")
    if limit > 0:
        axes[0].set_ylim(-1.05 * limit, 1.05 * limit)
    common = "" if len(table) == answered else \
        f"; the {len(table)} of {answered} topics every run answered"
    fig.suptitle("\n".join(textwrap.wrap(
        f"Per-topic difference with {baseline} on {measure} (topics sorted; title: "
        f"wins/ties/losses; dot: a tie{common})", TITLE_WIDTH)), fontsize=9)
    return fig


def panel_title(measure: str, columns: int) -> str:
    """A measure's name as the title of one of ``columns`` panels: a long name (its
    parameters) broken after its commas and its "(" so that it stays over its panel."""
    width = {1: 80, 2: 40}.get(columns, 26)
    lines, line = [], ""
    for piece in re.split(r"(?<=[,(])", measure):
        if line and len(line) + len(piece) > width:
            lines.append(line)
            line = piece
        else:
            line += piece
    return "\n".join(lines + [line])


def _title_room(measures: Sequence[str], columns: int) -> float:
    """Inches a panel needs for the lines of its title beyond the first."""
    lines = max((panel_title(m, columns).count("\n") for m in measures), default=0)
    return 0.15 * lines


def _no_values(ax) -> None:
    """Say on an empty panel why it is empty (the warnings of the command give the topics)."""
    ax.set_xticks([])
    ax.text(0.5, 0.5, NO_VALUES, transform=ax.transAxes, ha="center", va="center",
            fontsize=8, color="dimgray", wrap=True)


#: the words of a panel with no value: no topic has something relevant under the measure
NO_VALUES = "no values: no topic has\nsomething relevant under it"


def _interval_panels(frames: Mapping[str, pd.DataFrame], runs: Sequence[str], xlabel: str,
                     title: str, zero: bool) -> Figure:
    """Forest plots: per measure, one row per run (``run, value, low, high, filled``)."""
    colours = run_colours(runs)
    labels = run_labels(runs)
    names = list(frames)
    columns = min(3, len(names))
    n_rows = max((len(f) for f in frames.values()), default=1)
    panel_height = 0.55 + 0.19 * n_rows + _title_room(names, columns)
    fig = _figure(panel_height * math.ceil(len(names) / columns) + 0.5)
    axes = _grid(fig, len(names), columns)
    for k, (ax, measure) in enumerate(zip(axes, names)):
        frame = frames[measure]
        ys = np.arange(len(frame))[::-1]
        for y, row in zip(ys, frame.itertuples(index=False)):
            colour = colours.get(str(row.run), "black")
            ax.plot([row.low, row.high], [y, y], color=colour, linewidth=1.6)
            ax.plot([row.value], [y], "o", color=colour, markersize=4.5,
                    markerfacecolor=colour if row.filled else "white")
        if zero:
            ax.axvline(0, color="black", linewidth=0.7)
        ax.set_yticks(ys, [labels.get(r, r) for r in frame["run"].astype(str)]
                      if k % columns == 0
                      else [""] * len(ys))
        ax.set_ylim(-0.6, len(frame) - 0.4)
        ax.set_title(panel_title(measure, columns))
        ax.grid(True, axis="x", alpha=0.3)
        if frame.empty:
            _no_values(ax)
    fig.supxlabel(xlabel, fontsize=8.5)  # once: narrow panels would overlap their labels
    # wrapped as the curves' titles: a count's words and a long run name cut it at the edges
    fig.suptitle("\n".join(textwrap.wrap(title, TITLE_WIDTH)), fontsize=9)
    return fig


def plot_difference_intervals(compare: pd.DataFrame, measures: Sequence[str], baseline: str,
                              runs: Sequence[str], level: float = 0.05) -> Figure:
    """Mean difference ``run − baseline`` with its interval, per measure (filled dot: the
    corrected test rejects; hollow: it does not)."""
    frames = {}
    for measure in measures:
        part = compare[(compare["measure"].astype(str) == measure)
                       & (compare["run_b"].astype(str) == baseline)]
        if part.empty:
            continue
        order = {r: i for i, r in enumerate(runs)}
        part = part.assign(order=part["run_a"].astype(str).map(order)).sort_values("order")
        frames[measure] = pd.DataFrame({"run": part["run_a"].astype(str),
                                        "value": part["diff"].to_numpy(float),
                                        "low": part["diff_ci_low"].to_numpy(float),
                                        "high": part["diff_ci_high"].to_numpy(float),
                                        "filled": part["reject"].astype(bool).to_numpy()})
    if not frames:
        raise UsageError(f"no comparisons with the baseline {baseline!r} to draw")
    from ..measures.evaluate import count_measures

    counts = " (of the sums for a count)" if count_measures(frames) else ""
    return _interval_panels(frames, runs, f"difference with {baseline}",
                            f"Mean difference{counts} with {baseline} and its {1 - level:.0%} "
                            "interval (filled: significant after correction)", zero=True)


def plot_mean_intervals(intervals: Mapping[str, pd.DataFrame], runs: Sequence[str],
                        level: float = 0.95) -> Figure:
    """Each run's mean (a count's sum) and its bootstrap interval (``run, mean, low, high``
    per measure)."""
    frames = {}
    for measure, table in intervals.items():
        order = {r: i for i, r in enumerate(runs)}
        table = table.assign(order=table["run"].astype(str).map(order)).sort_values("order")
        frames[measure] = pd.DataFrame({"run": table["run"].astype(str),
                                        "value": table["mean"].to_numpy(float),
                                        "low": table["low"].to_numpy(float),
                                        "high": table["high"].to_numpy(float),
                                        "filled": True})
    from ..measures.evaluate import aggregate_of

    kinds = {aggregate_of(m) for m in frames}
    parts = [words for kind, words in (("sum", "the sum for a count"),
                                       ("gmean", "geometric for gm_map")) if kind in kinds]
    counts = f" ({'; '.join(parts)}, as eval prints it)" if parts else ""
    # the axis names the one kind of number drawn; mixed kinds: the mean and the exceptions
    axis = {"mean": "mean", "sum": "sum over the topics", "gmean": "geometric mean"}
    label = axis[next(iter(kinds))] if len(kinds) == 1 else \
        (f"mean ({'; '.join(parts)})" if parts else "mean")
    return _interval_panels(frames, runs, label, f"Mean over topics{counts} and its "
                            f"{level:.0%} bootstrap percentile interval", zero=False)


def plot_distributions(results: pd.DataFrame, measures: Sequence[str], runs: Sequence[str]
                       ) -> Figure:
    """Per-topic scores as horizontal box plots (box: quartiles, line: median, dot: mean),
    one panel per measure."""
    colours = run_colours(runs)
    labels = run_labels(runs)
    columns = min(3, len(measures))
    panel_height = 0.6 + 0.2 * len(runs) + _title_room(measures, columns)
    fig = _figure(panel_height * math.ceil(len(measures) / columns) + 0.4)
    axes = _grid(fig, len(measures), columns)
    for k, (ax, measure) in enumerate(zip(axes, measures)):
        rows = results[(results["measure"].astype(str) == measure)
                       & (results["topic"].astype(str) != "all")]
        data = [rows.loc[rows["run"].astype(str) == r, "value"].dropna().to_numpy(float)
                for r in runs]
        positions = np.arange(len(runs))[::-1]
        parts = ax.boxplot(data, positions=positions, **_HORIZONTAL, widths=0.6,
                           showfliers=False, patch_artist=True, showmeans=True,
                           medianprops={"color": "black"},
                           meanprops={"marker": "o", "markersize": 3,
                                      "markerfacecolor": "black", "markeredgecolor": "black"})
        for patch, run in zip(parts["boxes"], runs):
            patch.set_facecolor(colours[run])
            patch.set_alpha(0.55)
        ax.set_yticks(positions, [labels[r] for r in runs] if k % columns == 0
                      else [""] * len(runs))
        ax.set_title(panel_title(measure, columns))
        ax.grid(True, axis="x", alpha=0.3)
        if not any(len(d) for d in data):
            _no_values(ax)
    fig.suptitle("Per-topic scores (box: quartiles, line: median, dot: mean)", fontsize=9)
    return fig


def plot_significance_grid(compare: pd.DataFrame, measure: str, runs: Sequence[str]
                           ) -> Figure:
    """Run × run decisions on ``measure``: green where the row run is significantly better
    than the column run, red where it is worse, grey where the test does not reject."""
    from ..stats.compare import directions, pair_square

    n = len(runs)
    rows = compare[compare["measure"].astype(str) == measure]
    # the test's side (not the means') where it rejects
    sides = np.where(rows["reject"].astype(bool), directions(rows), 0).astype(float)
    grid = pair_square(rows, runs, sides, np.nan, -1)
    labels = list(run_labels(runs).values())
    # room for the names beside and (turned) under the grid, which stays square
    room = 0.045 * max(0, max((len(label) for label in labels), default=0) - 6)
    side = min(WIDTH, 1.6 + 0.28 * n)
    fig = _figure(side + 0.5 + room, min(WIDTH, max(side + 0.4 + room, 4.8)))
    ax = fig.add_subplot()
    cmap = ListedColormap([WORSE, EVEN, BETTER])
    cmap.set_bad("white")
    ax.imshow(np.ma.masked_invalid(grid), cmap=cmap, vmin=-1.5, vmax=1.5)
    ax.set_xticks(range(n), labels, rotation=60, ha="right", rotation_mode="anchor")
    ax.set_yticks(range(n), labels)
    ax.set_title(f"{measure}: row run vs column run")
    fig.legend(handles=[Patch(color=BETTER, label="row significantly better"),
                        Patch(color=WORSE, label="row significantly worse"),
                        Patch(color=EVEN, label="not significant")],
               loc="outside lower center", ncols=3, frameon=False, fontsize=7.5)
    return fig


__all__ = ["run_colours", "plot_curve_bands", "plot_topic_differences",
           "plot_difference_intervals", "plot_mean_intervals", "plot_distributions",
           "plot_significance_grid", "rc"]
