"""The static HTML report: one self-contained file (inline CSS, plots as base64 data URIs,
no script, no network).

Two steps, so that every part can be produced and tested separately:

1. :func:`build_report` evaluates runs (or :func:`report_data` takes ready tables) and gathers
   a :class:`ReportData`: per-topic results, the compare table, curves, confidence intervals,
   corrected decisions, swap rates, notes;
2. :func:`render_html` turns it into the page (:func:`write_report` writes it).
"""
from __future__ import annotations

import base64
import datetime as _dt
import html
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable, Sequence

import pandas as pd

from ..errors import SdrevalError, UsageError
from ..model.ordering import topic_sort_key
from ..progress import track
from . import bridge, plots
from .curves import STANDARD_CURVES, CurveSpec, compute_curve
from .output import count_measures
from .tables import format_cell, format_text_table, run_letters, significance_marks, summary_table

#: Plot kinds of the report (CLI ``--plot``); curves first, then per-measure plots.
PLOT_KINDS = ("epgr", "nxcg", "ip", "precall", "spanr", "distribution", "ci", "heatmap",
              "decisions", "swap")
CORRECTIONS = ("none", "bonferroni", "holm", "bh", "by")

#: Default measures by run unit, kept when registered (the first ones that exist are used).
DEFAULT_MEASURES = {
    "element": ["MAep", "iMAep", "nxCG@5", "nxCG@10", "nxCG@25", "nxCG@50", "Q", "R",
                "inex_eval"],
    "passage": ["MAiP", "iP@0.00", "iP@0.01", "iP@0.05", "iP@0.10"],
    "document": ["AP", "gAP", "P@10", "Rprec", "Q", "R"],
    # span and chunk runs of RAG retrievers (passage runs with overlap expected)
    "span": ["SpanP@5", "SpanR@5", "SpanIoU@5", "SpanRR", "CharMAP"],
}


#: Run units each curve applies to (others need the collection to convert the runs).
CURVE_UNITS = {"epgr": {"element", "document"}, "nxcg": {"element", "document"},
               "precall": {"element", "document"}, "ip": {"passage"},
               "spanr": {"span"}}  # span: runs of spans or chunks (overlap_expected)


@dataclass
class ReportData:
    """Everything the page shows; all tables follow the column conventions of docs/cli.md."""

    results: pd.DataFrame
    measures: list[str]
    runs: list[str]
    compare: pd.DataFrame | None = None
    curves: dict[str, tuple[CurveSpec, pd.DataFrame]] = field(default_factory=dict)
    decisions: pd.DataFrame | None = None
    swaps: pd.DataFrame | None = None
    notes: list[str] = field(default_factory=list)
    settings: dict[str, str] = field(default_factory=dict)
    title: str = "sdreval report"
    plots: tuple[str, ...] = PLOT_KINDS
    level: float = 0.05
    ci_level: float = 0.95
    samples: int = 10_000
    seed: int = 0
    #: rendered figures by (key, format, dpi): the page and --plot-dir draw each plot once
    rendered: dict = field(default_factory=dict, repr=False, compare=False)


def plot_makers(data: ReportData) -> dict:
    """Every plot the report shows, as ``{key: function returning the Figure}`` in page order;
    keys are ``epgr``, ``nxcg``, ``ip``, ``precall`` and ``<kind>-<measure>`` for
    ``distribution``, ``ci``, ``heatmap``, ``decisions`` and ``swap`` (the file names of
    ``report --plot-dir``)."""
    from functools import partial

    makers = {}
    drawers = {"epgr": plots.plot_ep_gr, "nxcg": plots.plot_nxcg,
               "ip": plots.plot_interpolated_precision, "precall": plots.plot_precall,
               "spanr": plots.plot_span_recall}
    for key in drawers:
        if key in data.plots and key in data.curves:
            makers[key] = partial(drawers[key], data.curves[key][1])
    swaps = data.swaps
    if swaps is not None and not swaps.empty and "measure" not in swaps.columns:
        swaps = swaps.assign(measure=data.measures[0])
    for measure in data.measures:
        if "distribution" in data.plots:
            makers[f"distribution-{measure}"] = partial(plots.plot_topic_distribution,
                                                        data.results, measure)
        if "ci" in data.plots:
            makers[f"ci-{measure}"] = partial(_ci_figure, data, measure)
        compare = data.compare
        if "heatmap" in data.plots and compare is not None and not compare.empty and \
                compare.loc[compare["measure"].astype(str) == measure, "p_adjusted"].notna().any():
            makers[f"heatmap-{measure}"] = partial(plots.plot_significance_heatmap, compare,
                                                   measure, data.level)
        decisions = data.decisions
        if "decisions" in data.plots and decisions is not None and \
                decisions.loc[decisions["measure"].astype(str) == measure,
                              "p_value"].notna().any():
            makers[f"decisions-{measure}"] = partial(plots.plot_significance_decisions,
                                                     decisions, measure)
        if "swap" in data.plots and swaps is not None and not swaps.empty and \
                (swaps["measure"].astype(str) == measure).any():
            makers[f"swap-{measure}"] = partial(plots.plot_swap_rates, swaps, measure=measure)
    return makers


def _ci_figure(data: ReportData, measure: str):
    rows = data.results[data.results["measure"].astype(str) == measure]
    intervals = bridge.bootstrap_ci(rows, level=data.ci_level, samples=data.samples,
                                    seed=data.seed)
    return plots.plot_confidence_intervals(intervals, measure, data.ci_level)


def figure_data(data: ReportData, key: str, make, fmt: str = "png", dpi: int = 100) -> bytes:
    """The bytes of plot ``key`` (drawn by ``make``), rendered once per format and dpi."""
    cache_key = (key, fmt, dpi)
    if cache_key not in data.rendered:
        fig = make()
        data.rendered[cache_key] = plots.figure_bytes(fig, fmt, dpi)
        fig.clear()
    return data.rendered[cache_key]


def default_measures(runs: Sequence, available: Iterable[str] | None = None) -> list[str]:
    """Measures suited to the runs' unit that are registered (for ``report`` without ``-m``)."""
    from ..measures import parse_measure

    units = [("span" if getattr(r, "overlap_expected", False) else getattr(r, "unit", "element"))
             for r in runs] or ["element"]
    chosen: list[str] = []
    for unit in dict.fromkeys(units):
        for name in DEFAULT_MEASURES.get(unit, []):
            try:
                parse_measure(name)
            except SdrevalError:
                continue
            if name not in chosen:
                chosen.append(name)
    return chosen


def report_data(results: pd.DataFrame, compare: pd.DataFrame | None = None, *,
                curves: dict[str, pd.DataFrame] | None = None, swaps: pd.DataFrame | None = None,
                measures: Sequence[str] | None = None, test: str = "t",
                correction: str = "by", level: float = 0.05, samples: int = 10_000,
                seed: int = 0, plots_wanted: Sequence[str] = PLOT_KINDS,
                title: str = "sdreval report", notes: Sequence[str] = (),
                settings: dict[str, str] | None = None) -> ReportData:
    """Gather a report from ready tables (per-topic results, optional compare table, curve
    tables by kind ``epgr``/``nxcg``/``ip``/``precall``, swap-rate table)."""
    per_topic = results[results["topic"].astype(str) != "all"].reset_index(drop=True)
    if per_topic.empty:
        raise UsageError("the report needs per-topic results")
    measures = list(measures) if measures else list(dict.fromkeys(per_topic["measure"].astype(str)))
    runs = list(dict.fromkeys(per_topic["run"].astype(str)))
    notes = list(notes)
    wanted = tuple(p for p in PLOT_KINDS if p in set(plots_wanted))
    unknown = set(plots_wanted) - set(PLOT_KINDS)
    if unknown:
        raise UsageError(f"unknown plot(s) {', '.join(sorted(unknown))}; known: "
                         + ", ".join(PLOT_KINDS))
    shown = per_topic[per_topic["measure"].astype(str).isin(measures)]
    decisions = None
    if len(runs) >= 2:
        if compare is None:
            compare = bridge.compare(shown, measures, test=test, correction=correction,
                                     level=level, samples=samples, seed=seed)
        if "decisions" in wanted:
            decisions = corrected_decisions(compare, level)
        if swaps is None and "swap" in wanted:
            swaps = swap_tables(shown, measures, seed=seed, notes=notes)
    else:
        notes.append("one run only: no significance tests")
    settings = dict(settings or {})
    settings.setdefault("test", test)
    settings.setdefault("correction", correction)
    settings.setdefault("level", f"{level:g}")
    data = ReportData(results=shown, measures=measures, runs=runs, compare=compare,
                      decisions=decisions, swaps=swaps, notes=notes, settings=settings,
                      title=title, plots=wanted, level=level, samples=samples, seed=seed)
    for key, table in (curves or {}).items():
        if key not in STANDARD_CURVES:
            raise UsageError(f"unknown curve {key!r}; known: {', '.join(STANDARD_CURVES)}")
        data.curves[key] = (STANDARD_CURVES[key], table)
    return data


def corrected_decisions(compare: pd.DataFrame, level: float = 0.05) -> pd.DataFrame:
    """The compare table under every correction (a ``correction`` column): the same p-values,
    adjusted within each measure's family of pairs."""
    from ..stats.correction import adjust

    frames = []
    for name in CORRECTIONS:
        for _, part in compare.groupby(compare["measure"].astype(str), sort=False):
            adjusted, reject = adjust(part["p_value"].to_numpy(float), name, level)
            frames.append(part.assign(p_adjusted=adjusted, reject=reject, correction=name))
    return pd.concat(frames, ignore_index=True) if frames else compare.assign(correction=[])


def build_report(qrels, runs, measures: Sequence[str] | None = None, ctx=None, *,
                 all_topics: bool = False, test: str = "t", correction: str = "by",
                 level: float = 0.05, samples: int = 10_000, seed: int = 0,
                 plots_wanted: Sequence[str] = PLOT_KINDS, title: str = "sdreval report",
                 swap_sizes: Sequence[int] | None = None) -> ReportData:
    """Evaluate ``runs`` on ``measures`` and gather everything the report shows."""
    from ..measures import EvalContext, evaluate

    ctx = ctx or EvalContext()
    run_list = list(runs)
    if not measures:
        measures = default_measures(run_list)
        if not measures:
            raise UsageError("no default measure is registered for these runs; give -m")
    from ..measures.serial import check_topic_names
    from ..model.runnames import distinct_runs
    from ..progress import progress

    # as evaluate() does with the list: shared names made distinct (for the curves too),
    # topic names checked; then run by run gives the same rows
    run_list = distinct_runs(run_list, ctx.warn)
    check_topic_names(qrels, run_list)
    with progress(len(run_list), "evaluating runs") as bar:
        tables = []
        for run in run_list:
            tables.append(evaluate(qrels, [run], list(measures), ctx, all_topics=all_topics))
            bar.update()
    results = pd.concat(tables, ignore_index=True) if len(tables) > 1 else tables[0]
    measures = [str(m) for m in measures]  # Measure objects are reported under their text
    notes: list[str] = []
    curves: dict[str, pd.DataFrame] = {}
    units = {getattr(r, "unit", "element") for r in run_list}
    units |= {"span"} if any(getattr(r, "overlap_expected", False) for r in run_list) else set()
    explicit = tuple(plots_wanted) != PLOT_KINDS
    for key in track(("epgr", "nxcg", "ip", "precall", "spanr"), "computing curves"):
        if key not in plots_wanted:
            continue
        # a collection turns element runs into passages (iP); nothing turns passages into
        # elements, so element curves of passage runs would be all zero
        # (and iP needs highlighted passages in the judgements)
        suits = CURVE_UNITS[key] & units or (key == "ip" and ctx.collection is not None
                                             and any(tq.passages for tq in qrels.topics.values()))
        if not suits and not explicit:
            continue  # e.g. iP for element runs: not applicable, nothing to say
        try:
            table = compute_curve(qrels, run_list, key, ctx, all_topics=all_topics)
        except (SdrevalError, ImportError, TypeError, ValueError) as error:
            # a curve that cannot be drawn must not cost the whole report; say why
            notes.append(f"{STANDARD_CURVES[key].title}: not drawn ({error})")
            continue
        if table["value"].notna().any():
            curves[key] = table
        else:
            notes.append(f"{STANDARD_CURVES[key].title}: no values for these runs")
    swaps = None
    if "swap" in plots_wanted and len(run_list) >= 2:
        swaps = swap_tables(results, measures, swap_sizes, seed, notes)
    settings = {"qrels": str(getattr(qrels, "source", None) or "(in memory)"),
                "order": ctx.order}
    for key in ("quant", "overlap", "alpha", "ideal", "beta", "bep_distance", "compat"):
        value = getattr(ctx, key, None)
        if value is not None:
            settings[key] = str(value)
    from ..measures.evaluate import TOPIC_POLICIES

    settings["topics"] = TOPIC_POLICIES[bool(all_topics)]
    data = report_data(results, curves=curves, swaps=swaps, measures=list(measures), test=test,
                       correction=correction, level=level, samples=samples, seed=seed,
                       plots_wanted=plots_wanted, title=title, notes=notes + list(ctx.warnings),
                       settings=settings)
    return data


def swap_tables(results: pd.DataFrame, measures: Sequence[str],
                sizes: Sequence[int] | None = None, seed: int = 0,
                notes: list[str] | None = None) -> pd.DataFrame | None:
    """Swap rates of every measure (a ``measure`` column); measures without enough runs or
    topics are left out, with a note."""
    frames = []
    for measure in track(measures, "swap rates"):
        table = swap_rates(results, measure, sizes, seed=seed)
        if table is None:
            if notes is not None:
                notes.append(f"swap rates of {measure}: not drawn (they need two runs and four "
                             "common topics)")
        else:
            frames.append(table.assign(measure=measure))
    return pd.concat(frames, ignore_index=True) if frames else None


def swap_rates(results: pd.DataFrame, measure: str, sizes: Sequence[int] | None = None,
               seed: int = 0, trials: int = 100) -> pd.DataFrame | None:
    """Swap rates of ``measure`` by topic-set size (Kazai & Lalmas 2006, §6.2.2), or None when
    there are too few runs or topics (fewer than 2 runs, fewer than 4 common topics)."""
    rows = results[results["measure"].astype(str) == measure]
    topics = bridge.matrix(rows).dropna().shape[0]
    if rows["run"].nunique() < 2 or topics < 4:
        return None
    return bridge.swap_rates(rows, measure, sizes, trials=trials, seed=seed)


# --------------------------------------------------------------------------------- rendering

_CSS = """
body{font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;margin:0;color:#222;
background:#fafafa}
header{background:#234;color:#fff;padding:14px 24px}header h1{margin:0;font-size:1.5em}
header p{margin:4px 0 0;font-size:.9em;color:#cde}
nav{padding:8px 24px;background:#e8edf2;font-size:.9em}nav a{margin-right:14px;color:#234}
main{padding:8px 24px 40px;max-width:1200px}
section{margin-top:18px}h2{border-bottom:2px solid #234;padding-bottom:3px;font-size:1.2em}
h3{font-size:1em;margin:14px 0 6px}
table{border-collapse:collapse;font-size:.85em;margin:6px 0;background:#fff}
th,td{border:1px solid #ccd;padding:3px 8px;text-align:right}
th:first-child,td:first-child{text-align:left}th{background:#eef2f6}
td.best{font-weight:bold}td.sig{background:#dff0d8}sup{color:#2a6;font-weight:bold}
figure{display:inline-block;margin:6px 12px 12px 0;background:#fff;border:1px solid #dde;
padding:6px;vertical-align:top}figure img{max-width:100%;height:auto;display:block}
figcaption{font-size:.8em;color:#555;max-width:560px}
details{margin:4px 0}summary{cursor:pointer;font-weight:600}
.notes li{font-size:.85em;color:#744}.settings td{text-align:left}
.grid{display:flex;flex-wrap:wrap;align-items:flex-start}
"""


def _esc(value: object) -> str:
    return html.escape(str(value), quote=True)


def _img(data: ReportData, makers: dict, key: str, alt: str, caption: str, fmt: str,
         dpi: int = 100) -> str:
    """A figure of the page, or "" when ``key`` is not drawn."""
    if key not in makers:
        return ""
    data = figure_data(data, key, makers[key], fmt, dpi)
    mime = "image/png" if fmt == "png" else "image/svg+xml"
    encoded = base64.b64encode(data).decode("ascii")
    return (f'<figure><img class="plot" alt="{_esc(alt)}" src="data:{mime};base64,{encoded}">'
            f"<figcaption>{_esc(caption)}</figcaption></figure>")


def _num(value: float, digits: int = 4, count: bool = False) -> str:
    return format_cell(value, digits, count, missing="–")


def _summary_html(data: ReportData) -> str:
    table = summary_table(data.results, data.measures, data.runs)
    marks = significance_marks(data.compare, data.runs, data.measures)
    letters = run_letters(data.runs)
    best = {m: table[m].max() for m in data.measures}
    counts = count_measures(data.measures)
    head = "".join(f"<th>{_esc(m)}</th>" for m in data.measures)
    rows = []
    for run in data.runs:
        cells = []
        for m in data.measures:
            value = table.at[run, m]
            # bold by the displayed (rounded) value: ties on screen are all bold
            count = m in counts
            cls = (' class="best"' if not pd.isna(value)
                   and _num(value, 4, count) == _num(best[m], 4, count) else "")
            mark = "".join(marks[(run, m)])
            cells.append(f"<td{cls}>{_num(value, 4, count)}{f'<sup>{_esc(mark)}</sup>' if mark else ''}"
                         "</td>")
        topics = data.results.loc[data.results["run"].astype(str) == run, "topic"].nunique()
        rows.append(f"<tr><td>({letters[run]}) {_esc(run)}</td><td>{topics}</td>"
                    + "".join(cells) + "</tr>")
    legend = ""
    if data.compare is not None and not data.compare.empty:
        legend = (f"<p>Bold: best run. Superscript letters: significantly better than that run "
                  f"({_esc(data.settings.get('test', ''))} test, "
                  f"{_esc(data.settings.get('correction', ''))} correction, level "
                  f"{_esc(data.settings.get('level', ''))}).</p>")
    return (f'<table id="summary-table" class="summary"><thead><tr><th>run</th><th>topics</th>'
            f"{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>{legend}")


def _pairs_table(data: ReportData) -> str:
    """Pairs of runs × measures: adjusted p-value, ▲/▼ = the first run's mean is higher/lower,
    * and green = significant."""
    compare = data.compare
    pairs = list(dict.fromkeys(zip(compare["run_a"].astype(str), compare["run_b"].astype(str))))
    index = {(str(r.run_a), str(r.run_b), str(r.measure)): r
             for r in compare.itertuples(index=False)}
    head = "".join(f"<th>{_esc(m)}</th>" for m in data.measures)
    body = []
    for a, b in pairs:
        cells = []
        for m in data.measures:
            row = index.get((a, b, m))
            if row is None or pd.isna(row.p_adjusted):
                cells.append("<td>·</td>")
                continue
            arrow = "▲" if row.mean_a > row.mean_b else ("▼" if row.mean_a < row.mean_b else "=")
            cls = ' class="sig"' if bool(row.reject) else ""
            cells.append(f"<td{cls}>{arrow} {row.p_adjusted:.3g}{'*' if row.reject else ''}</td>")
        body.append(f"<tr><td>{_esc(a)} vs {_esc(b)}</td>{''.join(cells)}</tr>")
    return (f'<table id="significance-matrix" class="significance"><thead><tr><th>pair</th>'
            f"{head}</tr></thead><tbody>{''.join(body)}</tbody></table>")


def _significance_html(data: ReportData, fmt: str, dpi: int = 100) -> str:
    if data.compare is None or data.compare.empty:
        return "<p>No significance tests (fewer than two runs).</p>"
    parts = [f"<p>Paired {_esc(data.settings.get('test', ''))} test over topics, "
             f"{_esc(data.settings.get('correction', ''))} correction per measure, level "
             f"{_esc(data.settings.get('level', ''))}. Cells: adjusted p-value; ▲ the first run "
             "of the pair has the higher mean, ▼ the lower; * and green: significant; · no "
             "test (identical scores).</p>", _pairs_table(data)]
    figures, details = [], []
    makers = plot_makers(data)
    for measure in track(data.measures, "drawing significance plots"):
        runs, p_adj, reject, diff = plots.significance_matrix(data.compare, measure, data.runs)
        figures.append(_img(data, makers, f"heatmap-{measure}", f"significance heatmap {measure}",
                            f"Adjusted p-values of {measure} (row vs column).", fmt, dpi))
        head = "".join(f"<th>{_esc(r)}</th>" for r in runs)
        body = []
        for i, run in enumerate(runs):
            cells = []
            for j in range(len(runs)):
                if i == j or pd.isna(p_adj[i, j]):
                    cells.append("<td>·</td>")
                    continue
                arrow = "▲" if diff[i, j] > 0 else "▼"
                cls = ' class="sig"' if reject[i, j] else ""
                cells.append(f"<td{cls}>{arrow} {p_adj[i, j]:.3g}{'*' if reject[i, j] else ''}"
                             "</td>")
            body.append(f"<tr><td>{_esc(run)}</td>{''.join(cells)}</tr>")
        details.append(f"<details><summary>{_esc(measure)}: run × run</summary><table "
                       f"class=\"significance-runs\" data-measure=\"{_esc(measure)}\"><thead>"
                       f"<tr><th>row vs column</th>{head}</tr></thead><tbody>{''.join(body)}"
                       "</tbody></table></details>")
    if any(figures):
        parts.append("<h3>Heatmaps</h3><div class=\"grid\">" + "".join(figures) + "</div>")
    parts.append("<h3>Run × run matrices</h3>" + "".join(details))
    figures = [_img(data, makers, f"decisions-{measure}", f"corrected decisions {measure}",
                    f"Pairs of runs × multiple-comparison corrections on {measure} (green: "
                    "significant; cell: adjusted p-value).", fmt, dpi)
               for measure in data.measures]
    if any(figures):
        parts.append("<h3>Decisions under each correction</h3><div class=\"grid\">"
                     + "".join(figures) + "</div>")
    return "".join(parts)


def _plots_html(data: ReportData, fmt: str, dpi: int = 100) -> str:
    parts = []
    makers = plot_makers(data)
    curves = [_img(data, makers, key, spec.title, f"{spec.title}: mean over topics.", fmt, dpi)
              for key, spec in STANDARD_CURVES.items()]
    if any(curves):
        parts.append("<h3>Curves</h3><div class=\"grid\">" + "".join(curves) + "</div>")
    for measure in track(data.measures, "drawing plots"):
        figures = [
            _img(data, makers, f"distribution-{measure}", f"per-topic {measure}",
                 f"Per-topic {measure} of every run (box: quartiles, line: median, triangle: "
                 "mean; points: topics).", fmt, dpi),
            _img(data, makers, f"ci-{measure}", f"confidence intervals {measure}",
                 f"{int(data.ci_level * 100)}% bootstrap percentile intervals of the mean "
                 f"{measure} ({data.samples} resamples).", fmt, dpi)]
        if any(figures):
            parts.append(f"<h3>{_esc(measure)}</h3><div class=\"grid\">" + "".join(figures)
                         + "</div>")
    figures = [_img(data, makers, f"swap-{measure}", f"swap rates {measure}",
                    f"Swap rate of {measure} against topic-set size, by difference of the means "
                    "among the top 75% of the runs (random disjoint topic sets, 100 trials; "
                    "Kazai & Lalmas 2006, §6.2.2).", fmt, dpi) for measure in data.measures]
    if any(figures):
        parts.append("<h3>Stability</h3><div class=\"grid\">" + "".join(figures) + "</div>")
    return "".join(parts) if parts else "<p>No plots requested.</p>"


def _per_topic_html(data: ReportData) -> str:
    parts = []
    for measure in data.measures:
        matrix = bridge.matrix(data.results, measure)
        matrix = matrix.reindex(sorted(matrix.index, key=topic_sort_key))
        head = "".join(f"<th>{_esc(r)}</th>" for r in matrix.columns)
        rows = "".join(f"<tr><td>{_esc(t)}</td>"
                       + "".join(f"<td>{_num(v)}</td>" for v in matrix.loc[t]) + "</tr>"
                       for t in matrix.index)
        parts.append(f"<details><summary>{_esc(measure)} ({len(matrix)} topics)</summary>"
                     f"<table class=\"per-topic\" data-measure=\"{_esc(measure)}\"><thead><tr>"
                     f"<th>topic</th>{head}</tr></thead><tbody>{rows}</tbody></table></details>")
    return "".join(parts)


def report_time(timestamp: bool = True) -> str | None:
    """The time printed in the report: ``SOURCE_DATE_EPOCH`` (reproducible builds) if set,
    else now; None without a timestamp."""
    if not timestamp:
        return None
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    if epoch:
        try:
            moment = _dt.datetime.fromtimestamp(int(epoch), _dt.timezone.utc)
        except ValueError:
            raise UsageError(f"SOURCE_DATE_EPOCH must be an integer, got {epoch!r}") from None
    else:
        moment = _dt.datetime.now(_dt.timezone.utc)
    return moment.strftime("%Y-%m-%d %H:%M UTC")


def render_html(data: ReportData, image_format: str = "png", dpi: int = 100,
                timestamp: bool = True) -> str:
    """The self-contained HTML page of a report.  The same data give the same bytes when
    ``timestamp`` is false or ``SOURCE_DATE_EPOCH`` is set."""
    if image_format not in ("png", "svg"):
        raise UsageError("image format must be png or svg")
    from .. import __version__

    settings = "".join(f"<tr><td>{_esc(k)}</td><td>{_esc(v)}</td></tr>"
                       for k, v in data.settings.items())
    notes = "".join(f"<li>{_esc(n)}</li>" for n in data.notes)
    stamp = report_time(timestamp)
    sections = [
        ("summary", "Summary", _summary_html(data)),
        ("significance", "Significance", _significance_html(data, image_format, dpi)),
        ("plots", "Plots", _plots_html(data, image_format, dpi)),
        ("per-topic", "Per-topic scores", _per_topic_html(data)),
        ("settings", "Settings and notes",
         f'<table class="settings"><tbody>{settings}</tbody></table>'
         + (f'<ul class="notes">{notes}</ul>' if notes else "")),
    ]
    nav = "".join(f'<a href="#{key}">{_esc(title)}</a>' for key, title, _ in sections)
    body = "".join(f'<section id="{key}"><h2>{_esc(title)}</h2>{content}</section>'
                   for key, title, content in sections)
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
            f"<title>{_esc(data.title)}</title><style>{_CSS}</style></head><body>"
            f"<header><h1>{_esc(data.title)}</h1><p>{len(data.runs)} run(s), "
            f"{len(data.measures)} measure(s); sdreval {__version__}"
            f"{', ' + stamp if stamp else ''}</p></header>"
            f"<nav>{nav}</nav><main>{body}</main></body></html>\n")


def write_report(data: ReportData, path: str | Path, image_format: str = "png",
                 dpi: int = 100, timestamp: bool = True) -> Path:
    """Render and write the report; returns the path."""
    out = Path(path)
    out.write_text(render_html(data, image_format, dpi, timestamp), encoding="utf-8")
    return out


def text_summary(data: ReportData) -> str:
    """The trec_eval-like summary table of a report (for the terminal)."""
    return format_text_table(data.results, data.compare, data.measures,
                             significance=f"{data.settings.get('test')} test, "
                                          f"{data.settings.get('correction')} correction")


__all__ = ["PLOT_KINDS", "ReportData", "build_report", "report_data", "render_html",
           "plot_makers", "figure_data", "corrected_decisions",
           "write_report", "default_measures", "swap_rates", "text_summary"]
