"""Summary tables of runs × measures: trec_eval-like text and LaTeX, with significance marks.

The summary is the mean of every measure for every run (topic ``"all"`` rows of the results
table, or the mean of its per-topic rows).  Significance marks come from a compare table
(docs/cli.md: ``run_a, run_b, measure, mean_a, mean_b, p_value, p_adjusted, reject``): every run
gets a letter (a, b, c, ... in run order) and a cell carries the letters of the runs it is
significantly better than on that measure — the convention of IR papers.  Which run of a
rejected pair is the better one is the test's side (the records' ``direction``:
:func:`sdreval.stats.compare.test_direction`), not the means: a sign or Wilcoxon test can
reject for the run with the lower mean.
"""
from __future__ import annotations

import string
from typing import Sequence

import numpy as np
import pandas as pd

from ..errors import UsageError
from ..model.ordering import topic_sort_key


def summary_table(results: pd.DataFrame, measures: Sequence[str] | None = None,
                  runs: Sequence[str] | None = None) -> pd.DataFrame:
    """Runs × measures table of means (index: run; columns: measures in first-seen order)."""
    if results.empty:
        raise UsageError("no results to summarise")
    means = results[results["topic"].astype(str) == "all"]
    if means.empty:  # means (counts: sums, as trec_eval) of the per-topic rows
        from ..measures.evaluate import summarise

        means = summarise(results[["run", "topic", "measure", "value"]])
    measures = list(measures) if measures else list(dict.fromkeys(means["measure"].astype(str)))
    runs = list(runs) if runs else list(dict.fromkeys(means["run"].astype(str)))
    table = means.pivot_table(index="run", columns="measure", values="value", aggfunc="first")
    table.index = table.index.astype(str)
    table.columns = table.columns.astype(str)
    return table.reindex(index=runs, columns=measures)


def run_letters(runs: Sequence[str]) -> dict[str, str]:
    """a, b, ..., z, aa, ab, ... for the runs in order."""
    letters = {}
    for i, run in enumerate(runs):
        code, n = "", i
        while True:
            code = string.ascii_lowercase[n % 26] + code
            n = n // 26 - 1
            if n < 0:
                break
        letters[run] = code
    return letters


def significance_marks(compare: pd.DataFrame | None, runs: Sequence[str],
                       measures: Sequence[str]) -> dict[tuple[str, str], list[str]]:
    """``{(run, measure): [letters of runs it beats significantly]}`` (none on a diagnostic,
    where a higher value is no better run: Judged, Unjudged, num_ret ...)."""
    from ..measures.evaluate import ranks_runs
    from ..stats.compare import directions

    marks: dict[tuple[str, str], list[str]] = {(r, m): [] for r in runs for m in measures}
    if compare is None or compare.empty:
        return marks
    letters = run_letters(runs)
    for row, side in zip(compare.itertuples(index=False), directions(compare)):
        if not bool(row.reject):
            continue
        a, b, m = str(row.run_a), str(row.run_b), str(row.measure)
        if a not in letters or b not in letters or (a, m) not in marks or not ranks_runs(m):
            continue
        if side > 0:  # the side the test rejected for (its statistic), not the means
            marks[(a, m)].append(letters[b])
        elif side < 0:
            marks[(b, m)].append(letters[a])
    for key in marks:
        marks[key].sort(key=lambda code: (len(code), code))
    return marks


def best_values(table: pd.DataFrame, measures: Sequence[str]) -> dict[str, float]:
    """The best mean of each measure of a summary table (the highest; NaN for a diagnostic,
    which no run is the best of: Judged, Unjudged, RBPResidual, num_ret, num_rel)."""
    from ..measures.evaluate import ranks_runs

    return {m: np.nanmax(table[m].to_numpy(float))
            if ranks_runs(m) and table[m].notna().any() else np.nan for m in measures}


def format_cell(value: float, digits: int, count: bool = False, missing: str = "nan") -> str:
    """``digits`` decimals; a count (summed over topics) as a whole number, as trec_eval."""
    if pd.isna(value):
        return missing
    if count and float(value).is_integer():
        return str(int(value))
    return f"{value:.{digits}f}"


_fmt = format_cell


def _counts(measures: Sequence[str]) -> set[str]:
    """The measures among ``measures`` that count (summed over topics, whole numbers)."""
    from ..measures.evaluate import aggregate_of

    return {m for m in measures if aggregate_of(m) == "sum"}


def _has_topic_rows(results: pd.DataFrame) -> bool:
    topics = results["topic"].astype(str)
    return bool((topics == "all").any() and (topics != "all").any())


def format_text_table(results: pd.DataFrame, compare: pd.DataFrame | None = None,
                      measures: Sequence[str] | None = None, digits: int = 4,
                      layout: str = "wide", significance: str | None = None,
                      per_topic: bool | None = None) -> str:
    """trec_eval-like plain text.

    ``layout="wide"``: one line per measure, one column per run (run letters in a legend);
    ``layout="long"``: trec_eval's own ``run<TAB>measure<TAB>all<TAB>value`` lines, the marks
    appended to the value after a space.  ``significance`` describes the test in the legend.
    ``per_topic``: also a line per measure and topic before its mean (``topic`` column, as
    ``trec_eval -q``); ``None`` = when ``results`` holds both per-topic and ``all`` rows
    (``eval -q``)."""
    if per_topic is None:
        per_topic = _has_topic_rows(results)
    if per_topic and layout == "wide":
        return _per_topic_text(results, compare, measures, digits, significance)
    table = summary_table(results, measures)
    runs, cols = list(table.index), list(table.columns)
    counts = _counts(cols)
    marks = significance_marks(compare, runs, cols)
    letters = run_letters(runs)
    if layout == "long":
        lines = []
        for run in runs:
            for m in cols:
                mark = "".join(marks[(run, m)])
                lines.append(f"{run}\t{m}\tall\t{_fmt(table.at[run, m], digits, m in counts)}"
                             + (f" {mark}" if mark else ""))
        return "\n".join(lines) + "\n"
    if layout != "wide":
        raise UsageError(f"unknown table layout {layout!r}; expected wide or long")
    cells = [[f"{_fmt(table.at[r, m], digits, m in counts)}{(' ' + ''.join(marks[(r, m)])) if marks[(r, m)] else ''}"
              for r in runs] for m in cols]
    header = ["measure"] + [f"({letters[r]}) {r}" for r in runs]
    width0 = max(len(header[0]), *(len(m) for m in cols))
    widths = [max(len(header[i + 1]), *(len(row[i]) for row in cells)) for i in range(len(runs))]
    out = [header[0].ljust(width0) + "  " + "  ".join(h.ljust(w) for h, w in
                                                      zip(header[1:], widths))]
    out.append("-" * len(out[0]))
    for m, row in zip(cols, cells):
        out.append(m.ljust(width0) + "  " + "  ".join(c.ljust(w) for c, w in zip(row, widths)))
    if compare is not None and not compare.empty:
        out.append("")
        out.append("letters: significantly better than that run "
                   f"({significance or _describe(compare)}){against_means_words(compare)}")
    return "\n".join(line.rstrip() for line in out) + "\n"


def _per_topic_text(results: pd.DataFrame, compare: pd.DataFrame | None,
                    measures: Sequence[str] | None, digits: int,
                    significance: str | None) -> str:
    """Wide text with a line per (measure, topic), the mean (``all``) last for each measure."""
    table = summary_table(results, measures)
    runs, cols = list(table.index), list(table.columns)
    counts = _counts(cols)
    marks = significance_marks(compare, runs, cols)
    letters = run_letters(runs)
    rows = results[results["topic"].astype(str) != "all"]
    header = ["measure", "topic"] + [f"({letters[r]}) {r}" for r in runs]
    body = []
    for m in cols:
        part = rows[rows["measure"].astype(str) == m]
        wide = part.pivot_table(index="topic", columns="run", values="value", aggfunc="first")
        wide.index = wide.index.astype(str)
        wide.columns = wide.columns.astype(str)
        for topic in sorted(wide.index, key=topic_sort_key):
            body.append([m, topic] + [_fmt(wide.at[topic, r], digits, m in counts)
                                      if r in wide.columns else "nan" for r in runs])
        body.append([m, "all"] + [f"{_fmt(table.at[r, m], digits, m in counts)}"
                                  f"{(' ' + ''.join(marks[(r, m)])) if marks[(r, m)] else ''}"
                                  for r in runs])
    widths = [max(len(header[i]), *(len(row[i]) for row in body)) for i in range(len(header))]
    out = ["  ".join(h.ljust(w) for h, w in zip(header, widths))]
    out.append("-" * len(out[0]))
    out += ["  ".join(c.ljust(w) for c, w in zip(row, widths)) for row in body]
    if compare is not None and not compare.empty:
        out += ["", "letters: significantly better than that run "
                    f"({significance or _describe(compare)}){against_means_words(compare)}"]
    return "\n".join(line.rstrip() for line in out) + "\n"


def against_means_words(compare: pd.DataFrame | None) -> str:
    """``; a letter follows the side the test rejected for ...``: said where a mark goes to
    the run whose mean is not the higher (a sign or Wilcoxon test; empty otherwise)."""
    from ..measures.evaluate import ranks_runs
    from ..stats.compare import DIRECTION_WORDS, against_means, against_means_pairs

    if compare is None or compare.empty:
        return ""
    odd = against_means(compare)
    odd = odd[[ranks_runs(str(m)) for m in odd["measure"]]]
    if odd.empty:
        return ""
    return ("; a mark follows the side the test rejected for (the sign test: "
            f"{DIRECTION_WORDS['sign']}; Wilcoxon's: {DIRECTION_WORDS['wilcoxon']}), which is "
            f"not the higher mean for {against_means_pairs(odd)}")


def _describe(compare: pd.DataFrame) -> str:
    parts = []
    for column in ("test", "correction"):
        if column in compare.columns:
            parts.append(", ".join(map(str, dict.fromkeys(compare[column]))))
    return "; ".join(parts) if parts else "reject column of the compare table"


_LATEX_SPECIALS = {"\\": r"\textbackslash{}", "&": r"\&", "%": r"\%", "$": r"\$", "#": r"\#",
                   "_": r"\_", "{": r"\{", "}": r"\}", "~": r"\textasciitilde{}",
                   "^": r"\textasciicircum{}"}


def latex_escape(text: str) -> str:
    return "".join(_LATEX_SPECIALS.get(ch, ch) for ch in str(text))


def format_latex_table(results: pd.DataFrame, compare: pd.DataFrame | None = None,
                       measures: Sequence[str] | None = None, digits: int = 4,
                       caption: str | None = None, label: str | None = None,
                       bold_best: bool = True, significance: str | None = None) -> str:
    """A booktabs LaTeX table: runs as rows (with letters), measures as columns; the best
    value of each column in bold; superscript letters = significantly better than that run."""
    table = summary_table(results, measures)
    runs, cols = list(table.index), list(table.columns)
    counts = _counts(cols)
    marks = significance_marks(compare, runs, cols)
    letters = run_letters(runs)
    best = best_values(table, cols)
    lines = [r"\begin{table}[t]", r"\centering"]
    if caption:
        lines.append(rf"\caption{{{latex_escape(caption)}}}")
    if label:
        lines.append(rf"\label{{{label}}}")
    lines.append(r"\begin{tabular}{l" + "r" * len(cols) + "}")
    lines.append(r"\toprule")
    lines.append("Run & " + " & ".join(latex_escape(m) for m in cols) + r" \\")
    lines.append(r"\midrule")
    for run in runs:
        cells = []
        for m in cols:
            value = table.at[run, m]
            text = "--" if pd.isna(value) else _fmt(value, digits, m in counts)
            # bold what the reader sees as best: equal after rounding to the printed digits
            if bold_best and not pd.isna(value) and text == _fmt(best[m], digits, m in counts):
                text = rf"\textbf{{{text}}}"
            mark = "".join(marks[(run, m)])
            cells.append(text + (rf"$^{{{mark}}}$" if mark else ""))
        lines.append(f"({letters[run]}) {latex_escape(run)} & " + " & ".join(cells) + r" \\")
    lines.append(r"\bottomrule")
    lines.append(r"\end{tabular}")
    if compare is not None and not compare.empty:
        lines.append(r"\par\smallskip{\footnotesize Superscript letters: significantly better "
                     rf"than that run ({latex_escape(significance or _describe(compare))})"
                     rf"{latex_escape(against_means_words(compare))}.}}")
    lines.append(r"\end{table}")
    return "\n".join(lines) + "\n"


__all__ = ["summary_table", "format_cell", "run_letters", "significance_marks", "format_text_table",
           "format_latex_table", "latex_escape"]
