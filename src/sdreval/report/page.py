"""The HTML page of a report (:class:`sdreval.report.html.ReportData` → one self-contained
file: inline CSS, figures as data URIs, no script, no network), laid out for a reader and for
print: the summary table with the significance marks against the baseline first, then the
comparisons with the baseline, one figure per kind, per-topic scores and the settings (with
the run files) last."""
from __future__ import annotations

import base64
import datetime as _dt
import html
import os
import re
import warnings
from typing import TYPE_CHECKING, Callable

import pandas as pd

from ..errors import UsageError
from ..model.ordering import topic_sort_key
from ..stats.compare import with_p_texts
from ..measures.evaluate import aggregate_of, count_measures, ranks_runs
from ..stats.choices import (CORRECTION_WORDS, EFFECT_LIMITS, SOURCES, TEST_WORDS,
                             baseline_tests_legend, describe_tests)
from .tables import against_means_words, best_values, format_cell, summary_table

if TYPE_CHECKING:
    from .html import ReportData

CSS = """
body{font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;margin:0;color:#222;
background:#fff;font-size:15px}
header{background:#234;color:#fff;padding:14px 24px}header h1{margin:0;font-size:1.5em}
header p{margin:4px 0 0;font-size:.9em;color:#cde}
nav{padding:8px 24px;background:#e8edf2;font-size:.9em}nav a{margin-right:14px;color:#234}
main{padding:8px 24px 40px;max-width:1400px}
section{margin-top:18px}h2{border-bottom:2px solid #234;padding-bottom:3px;font-size:1.25em}
h3{font-size:1.05em;margin:14px 0 6px}
table{border-collapse:collapse;font-size:.9em;margin:6px 0;background:#fff}
th,td{border:1px solid #ccd;padding:3px 8px;text-align:right;white-space:nowrap}
th:first-child,td:first-child{text-align:left}th{background:#eef2f6}
table.summary th{white-space:normal}
td.best{font-weight:bold}tr.baseline td{background:#f4f6f8;font-style:italic}
.up{color:#1b5e20;font-weight:bold}.down{color:#b71c1c;font-weight:bold}
td.sig{background:#e3f1e0}
figure{margin:10px 0 18px;break-inside:avoid;page-break-inside:avoid}
figure img{max-width:100%;height:auto;display:block}
@media print{figure img{width:auto!important;max-width:100%}}
figcaption{font-size:.9em;color:#444;max-width:900px;margin-top:4px}
details{margin:4px 0}summary{cursor:pointer;font-weight:600}
.notes li{font-size:.9em;color:#744}.settings td{text-align:left;white-space:normal}
p.legend{font-size:.9em;color:#333;max-width:900px}
@media print{body{font-size:11pt}header{background:none;color:#000;padding:0}
header p{color:#333}nav{display:none}main{padding:0;max-width:none}
section{break-before:auto}h2{break-after:avoid}}
"""


def esc(value: object) -> str:
    return html.escape(str(value), quote=True)


def num(value: float, digits: int = 4, count: bool = False) -> str:
    """``digits`` decimals; a count (summed over topics) as a whole number, as trec_eval."""
    return format_cell(value, digits, count, missing="–")


def figure_data(data: "ReportData", key: str, make: Callable, fmt: str = "svg",
                dpi: int = 100) -> bytes:
    """The bytes of plot ``key`` (drawn by ``make`` with the report's figure settings),
    rendered once per format and dpi."""
    import matplotlib

    from . import figures, plots

    cache_key = (key, fmt, dpi)
    if cache_key not in data.rendered:
        with matplotlib.rc_context(figures.rc()), warnings.catch_warnings(record=True) as seen:
            warnings.simplefilter("always")
            fig = make()
            data.rendered[cache_key] = plots.figure_bytes(fig, fmt, dpi)
        fig.clear()
        _missing_glyphs(data, seen)
    return data.rendered[cache_key]


# matplotlib >= 3.9 names the fonts ("missing from font(s) DejaVu Sans."); 3.8 does not
# ("missing from current font."): the note then names the figures' font itself
_GLYPH = re.compile(r"Glyph (\d+) .*missing from (?:font\(s\) (.+?)|current font)\.?$")


def _figure_font() -> str:
    """The name of the font the figures are drawn in."""
    import matplotlib
    from matplotlib.font_manager import FontProperties

    from . import figures

    with matplotlib.rc_context(figures.rc()):
        return FontProperties().get_name()


def _missing_glyphs(data: "ReportData", seen: list) -> None:
    """matplotlib's warnings of characters its font lacks (a run name in Chinese: empty boxes
    in the figures) become one note of the page; other warnings are passed on."""
    chars, fonts = [], set()
    for item in seen:
        match = _GLYPH.match(str(item.message))
        if match is None:
            warnings.warn_explicit(item.message, item.category, item.filename, item.lineno)
            continue
        chars.append(chr(int(match.group(1))))
        fonts.add(match.group(2) or _figure_font())
    if not chars:
        return
    head = (f"figures: characters not in the figures' font ({', '.join(sorted(fonts))}), drawn "
            "as empty boxes (the tables give the names whole): ")
    for i, old in enumerate(data.notes):  # one note, with every character seen
        if old.startswith(head):
            chars = list(old[len(head):]) + chars
            del data.notes[i]
            break
    data.notes.append(head + "".join(dict.fromkeys(chars)))


def _img(data: "ReportData", makers: dict, key: str, alt: str, caption: str, fmt: str,
         dpi: int) -> str:
    """A figure of the page, or "" when ``key`` is not drawn."""
    if key not in makers:
        return ""
    raw = figure_data(data, key, makers[key], fmt, dpi)
    mime = "image/png" if fmt == "png" else "image/svg+xml"
    encoded = base64.b64encode(raw).decode("ascii")
    width = _inches(raw, fmt, dpi)
    style = f' style="width:{width * SCREEN_PX_PER_INCH:.0f}px"' if width else ""
    return (f'<figure id="fig-{esc(key)}"><img class="plot" alt="{esc(alt)}"{style} '
            f'src="data:{mime};base64,{encoded}"><figcaption>{esc(caption)}</figcaption>'
            "</figure>")


#: figures are shown a little larger than print size on screen (print: at most the page width)
SCREEN_PX_PER_INCH = 125


def _inches(raw: bytes, fmt: str, dpi: int) -> float | None:
    """The width of a rendered figure in inches (SVG: its ``width`` in pt; PNG: pixels/dpi)."""
    if fmt == "png" and raw[:8] == b"\x89PNG\r\n\x1a\n":
        return int.from_bytes(raw[16:20], "big") / dpi
    match = re.search(rb'<svg[^>]*?width="([0-9.]+)pt"', raw[:2000])
    return float(match.group(1)) / 72 if match else None


def _baseline_rows(data: "ReportData") -> dict[tuple[str, str], object]:
    """``{(run, measure): compare row, with its p_text and adjusted_text}`` against the baseline."""
    if data.compare is None or data.compare.empty or data.baseline is None:
        return {}
    rows = with_p_texts(data.compare, str(data.settings.get("test")), data.samples,
                        "two-sided", str(data.settings.get("correction")), data.level)
    rows = rows[rows["run_b"].astype(str) == data.baseline]
    return {(str(r.run_a), str(r.measure)): r for r in rows.itertuples(index=False)}


def _test_words(data: "ReportData") -> str:
    s = data.settings
    words = describe_tests(s.get("test", ""), s.get("correction", ""))
    test, correction = words.split(", ", 1)
    return (f"{esc(test)} over topics, {esc(correction)} over the tests of each measure, "
            f"level {esc(s.get('level', ''))}")


def summary_html(data: "ReportData") -> str:
    """Runs × measures, means; ▲/▼ where a run is significantly better/worse than the
    baseline; bold: the best mean of the column as displayed."""
    table = summary_table(data.results, data.measures, data.runs)
    tests = _baseline_rows(data)
    best = best_values(table, data.measures)
    counts = count_measures(data.measures)
    # a long name (its parameters) may break after a comma rather than run off the page
    head = "".join(f"<th>{esc(m).replace(',', ',<wbr>')}</th>" for m in data.measures)
    # the topics each mean is over: a NaN value (undefined) is left out of the mean
    values = data.results[data.results["topic"].astype(str) != "all"]
    numbers = values.groupby([values["run"].astype(str), values["measure"].astype(str)]
                             )["value"].count()
    rows, ranges = [], False
    for run in data.runs:
        cells = []
        for m in data.measures:
            value = table.at[run, m]
            count = m in counts
            cls = (' class="best"' if not pd.isna(value)
                   and num(value, 4, count) == num(best[m], 4, count) else "")
            row = tests.get((run, m))
            mark = ""
            if row is not None and bool(row.reject) and row.direction != 0:
                # the side the test rejected for (sign, Wilcoxon: not the means')
                mark = '<span class="up">▲</span>' if row.direction > 0 else \
                    '<span class="down">▼</span>'
            cells.append(f"<td{cls}>{num(value, 4, count)}{mark}</td>")
        counted = numbers[numbers.index.get_level_values(0) == run]
        fewest, most = int(counted.min()), int(counted.max())
        topics = f"{fewest}–{most}" if fewest < most else str(most)
        ranges = ranges or fewest < most
        is_base = run == data.baseline
        label = f"{esc(run)}{' (baseline)' if is_base else ''}"
        row_class = ' class="baseline"' if is_base else ""
        rows.append(f"<tr{row_class}><td>{label}</td><td>{topics}</td>" + "".join(cells)
                    + "</tr>")
    over = "Mean over topics" + ("; counts (" + ", ".join(esc(m) for m in counts)
                                 + "): sums over topics, as trec_eval" if counts else "")
    if ranges:
        over += ("; topics: those of the means, from the fewest to the most of the measures "
                 "(an undefined value, NaN, is left out)")
    unranked = [esc(m) for m in data.measures if not ranks_runs(m)]
    bold = "bold: the best run of the column" + (
        f" (none for {', '.join(unranked)}: a diagnostic, no run is its best)"
        if unranked else "")
    if _different_topics(values):
        bold += ("; the runs' means are over different topics (see topics), so the best mean "
                 "of a column need not be the best run on the topics they share")
    legend = f"<p class=\"legend\">{over}; {bold}.</p>"
    if tests:
        legend = (f"<p class=\"legend\">{over}; {bold}. "
                  f"▲ / ▼: significantly higher / lower than the baseline "
                  f"<b>{esc(data.baseline)}</b> ({_test_words(data)}"
                  f"{esc(against_means_words(data.compare))}). No mark: the test "
                  "does not reject." + (" Some tests leave out topics a run did not answer "
                  "(see Against the baseline)." if any(tested_topics(data, m) for m in
                                                       data.measures) else "") + "</p>")
    return (f'<table id="summary-table" class="summary"><thead><tr><th>run</th><th>topics</th>'
            f"{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>{legend}")


def _different_topics(values: pd.DataFrame) -> bool:
    """Some measure's means are over different topics for different runs (per-topic rows;
    an undefined value, NaN, is no topic of the mean)."""
    valued = values.dropna(subset=["value"])
    for _, rows in valued.groupby(valued["measure"].astype(str)):
        sets = rows.groupby(rows["run"].astype(str))["topic"].agg(lambda t: frozenset(map(str, t)))
        if sets.nunique() > 1:
            return True
    return False


def comparisons_html(data: "ReportData") -> str:
    """One table per measure: each run against the baseline (difference, interval, effect
    size, wins/ties/losses, p-values)."""
    tests = _baseline_rows(data)
    if not tests:
        why = "fewer than two runs" if len(data.runs) < 2 else "a paired test needs two topics"
        return f"<p>No significance tests ({why}).</p>"
    ci = f"{1 - data.level:.0%}"
    parts = [f"<p class=\"legend\">Each run against the baseline <b>{esc(data.baseline)}</b>: "
             f"{_test_words(data)}. Δ = run − baseline (mean of the per-topic differences"
             f"{'; their sum for a count' if count_measures(data.measures) else ''}) "
             f"with its {ci} interval (not adjusted for multiple comparisons); d<sub>z</sub>: "
             "Cohen's standardised mean difference of paired samples (Lakens 2013, Eq. 6; "
             f"{EFFECT_LIMITS}); "
             "W/T/L: topics where the run wins, ties, loses. Green: significant after "
             "correction.</p>"]
    head = ("<tr><th>run</th><th>Δ</th><th>interval</th><th>d<sub>z</sub></th><th>W/T/L</th>"
            "<th>p</th><th>p adjusted</th></tr>")
    opened = False  # the first table shown is open
    for measure in data.measures:
        body = []
        for run in data.runs:
            row = tests.get((run, measure))
            if row is None:
                continue
            cls = ' class="sig"' if bool(row.reject) else ""
            body.append(f"<tr{cls}><td>{esc(run)}</td><td>{row.diff:+.4f}</td>"
                        f"<td>[{row.diff_ci_low:+.4f}, {row.diff_ci_high:+.4f}]</td>"
                        f"<td>{row.effect_size:+.2f}</td>"
                        f"<td>{row.wins}/{row.ties}/{row.losses}</td>"
                        f"<td>{esc(row.p_text)}</td><td>{esc(row.adjusted_text)}</td></tr>")
        if not body:  # a geometric mean (gm_map) is not tested: say so, not an empty table
            parts.append(f"<p class=\"legend\"><b>{esc(measure)}</b>: no tests (a geometric "
                         "mean; the tests compare arithmetic means: see map).</p>"
                         if aggregate_of(measure) == "gmean" else
                         f"<p class=\"legend\"><b>{esc(measure)}</b>: no tests.</p>")
            continue
        parts.append(f"<details{'' if opened else ' open'}><summary>{esc(measure)}"
                     f"{tested_topics(data, measure)}</summary>"
                     f"<table class=\"baseline-tests\" data-measure=\"{esc(measure)}\">"
                     f"<thead>{head}</thead><tbody>{''.join(body)}</tbody></table></details>")
        opened = True
    return "".join(parts)


def tested_topics(data: "ReportData", measure: str) -> str:
    """Where the tests of ``measure`` left out topics some run did not answer: how many they
    are over (the means of the summary are over each run's own topics)."""
    if data.compare is None:  # one run, or one topic: no tests
        return ""
    rows = data.compare[data.compare["measure"].astype(str) == measure]
    scored = data.results[(data.results["measure"].astype(str) == measure)
                          & (data.results["topic"].astype(str) != "all")].dropna(subset=["value"])
    every = scored["topic"].astype(str).nunique()
    if rows.empty or rows["topics"].max() >= every:
        return ""
    return (f" (tests over the {int(rows['topics'].max())} of {every} topics every run "
            "answered, so Δ may differ from the difference of the means; -c scores "
            "unanswered topics 0)")


def tables_significance(data: "ReportData") -> str:
    """The tests as the summary tables' legend states them: test, correction and level, the
    baseline, and whether they are over the topics every run answered (the one wording of
    ``report --text-table``/``--latex-table`` and :func:`~sdreval.report.html.text_summary`)."""
    from ..measures.evaluate import aggregate_of

    settings = data.settings
    untested = [m for m in data.measures if aggregate_of(m) == "gmean"]  # as eval's letters
    return baseline_tests_legend(settings.get("test"), settings.get("correction"),
                                 settings.get("level"), data.baseline,
                                 any(tested_topics(data, m) for m in data.measures), untested)


def figures_html(data: "ReportData", makers: dict, captions: dict[str, tuple[str, str]],
                 fmt: str, dpi: int) -> str:
    parts = [_img(data, makers, key, alt, caption, fmt, dpi)
             for key, (alt, caption) in captions.items()]
    if any(parts):
        return "".join(parts)
    return ("<p>No figure drawn: none of those asked for applies to these inputs (the notes "
            "under Settings and notes say why).</p>" if data.plots
            else "<p>No figures requested.</p>")


def per_topic_html(data: "ReportData") -> str:
    from .bridge import matrix as topic_matrix

    parts = []
    counts = count_measures(data.measures)  # whole numbers, as eval -q prints them
    for measure in data.measures:
        table = topic_matrix(data.results, measure)
        table = table.reindex(sorted(table.index, key=topic_sort_key))
        head = "".join(f"<th>{esc(r)}</th>" for r in table.columns)
        rows = "".join(f"<tr><td>{esc(t)}</td>"
                       + "".join(f"<td>{num(v, 4, measure in counts)}</td>"
                                 for v in table.loc[t]) + "</tr>"
                       for t in table.index)
        parts.append(f"<details><summary>{esc(measure)} ({len(table)} topics)</summary>"
                     f"<table class=\"per-topic\" data-measure=\"{esc(measure)}\"><thead><tr>"
                     f"<th>topic</th>{head}</tr></thead><tbody>{rows}</tbody></table></details>")
    return "".join(parts)


def settings_html(data: "ReportData") -> str:
    rows = []
    for key, value in data.settings.items():
        if key in ("test", "correction") and str(value) in SOURCES:  # say what the name means
            words = (TEST_WORDS if key == "test" else CORRECTION_WORDS)[str(value)]
            value = f"{value}: {words} ({SOURCES[str(value)]})"
        lines = "<br>".join(esc(v) for v in str(value).split("\n"))
        rows.append(f"<tr><td>{esc(key)}</td><td>{lines}</td></tr>")
    notes = "".join(f"<li>{esc(n)}</li>" for n in data.notes)
    return (f'<table class="settings"><tbody>{"".join(rows)}</tbody></table>'
            + (f'<ul class="notes">{notes}</ul>' if notes else ""))


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


def render_page(data: "ReportData", makers: dict, captions: dict[str, tuple[str, str]],
                image_format: str = "svg", dpi: int = 100, timestamp: bool = True) -> str:
    """The page; ``captions``: ``{figure key: (alt text, caption)}`` in page order."""
    if image_format not in ("png", "svg"):
        raise UsageError("image format must be png or svg")
    from .. import __version__

    stamp = report_time(timestamp)
    sections = [
        ("summary", "Summary", summary_html(data)),
        ("baseline", "Against the baseline", comparisons_html(data)),
        ("figures", "Figures", figures_html(data, makers, captions, image_format, dpi)),
        ("per-topic", "Per-topic scores", per_topic_html(data)),
        ("settings", "Settings and notes", settings_html(data)),
    ]
    nav = "".join(f'<a href="#{key}">{esc(title)}</a>' for key, title, _ in sections)
    body = "".join(f'<section id="{key}"><h2>{esc(title)}</h2>{content}</section>'
                   for key, title, content in sections)
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
            f"<title>{esc(data.title)}</title><style>{CSS}</style></head><body>"
            f"<header><h1>{esc(data.title)}</h1><p>{len(data.runs)} run(s), "
            f"{len(data.measures)} measure(s); sdreval {__version__}"
            f"{', ' + stamp if stamp else ''}</p></header>"
            f"<nav>{nav}</nav><main>{body}</main></body></html>\n")
