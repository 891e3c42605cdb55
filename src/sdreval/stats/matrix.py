"""Per-topic score tables as run × topic matrices (the input of every statistic).

A per-topic table is what :func:`sdreval.measures.evaluate` returns (columns ``run, topic,
measure, value``; rows with topic ``"all"`` are means and are ignored).  Statistics work on a
dense ``runs × topics`` float array; :class:`ScoreMatrix` keeps the labels next to it.
"""
from __future__ import annotations

import csv
import io
import warnings
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

import numpy as np
import pandas as pd

from ..errors import InputError, Problem, UsageError
from ..io.ids import shown
from ..io.table_checks import numbers_of
from ..io.tables import csv_frame
from ..io.text_rules import first_not_utf8, odd_character
from ..io.textlines import open_binary
from ..measures.results import MEAN_TOPIC, group_means, like_mean_topic
from ..model.ordering import topic_sort_key

Missing = Literal["error", "drop", "zero"]
REQUIRED = ("run", "topic", "measure", "value")


@dataclass(frozen=True)
class ScoreMatrix:
    """Scores of ``runs`` (rows) on ``topics`` (columns) for one ``measure``."""

    runs: tuple[str, ...]
    topics: tuple[str, ...]
    values: np.ndarray
    measure: str = ""
    #: the (run, topic) cells without a value that the ``missing`` rule scored 0 or dropped
    gaps: tuple[tuple[str, str], ...] = ()

    @property
    def means(self) -> np.ndarray:
        """Each run's mean over the topics, as ``eval`` prints it (:func:`row_means`; a cell
        without a value is refused)."""
        return row_means(self)

    def __post_init__(self) -> None:
        shape = (len(self.runs), len(self.topics))
        if self.values.shape != shape:
            raise UsageError(f"score matrix shape {self.values.shape} does not match {shape}")


def row_means(values: np.ndarray) -> np.ndarray:
    """The mean of each row (run) of a runs × topics array as ``eval`` computes a mean: the
    exact sum divided by the count, rounded once (:func:`sdreval.measures.results.group_means`;
    numpy's pairwise sum of 0.1, 0.2, 0.3 gives 0.20000000000000004, eval 0.2).  A cell
    without a value is refused (:func:`as_values`), never left out: a run's mean over fewer
    topics than the others' is not comparable with theirs."""
    values = as_values(values)
    rows, width = values.shape
    return group_means(values.ravel(), np.repeat(np.arange(rows), width), rows)


def as_values(scores: "ScoreMatrix | np.ndarray") -> np.ndarray:
    """The runs × topics float array of a :class:`ScoreMatrix` or array (validated)."""
    values = scores.values if isinstance(scores, ScoreMatrix) else np.asarray(scores, dtype=float)
    if values.ndim != 2:
        raise UsageError(f"expected a 2-D runs × topics array, got shape {values.shape}")
    bad = ~np.isfinite(values)
    if bad.any():
        row, column = (int(i[0]) for i in np.nonzero(bad))
        where = (f"run {scores.runs[row]}, topic {scores.topics[column]}"
                 if isinstance(scores, ScoreMatrix) else f"row {row}, column {column}")
        raise InputError(f"score matrix has missing or non-finite values ({int(bad.sum())} "
                         f"cell(s), e.g. {where}: {values[row, column]}): every run needs a "
                         "value on every topic; build the matrix with score_matrix(table, "
                         "missing='drop' or 'zero'), or evaluate with -c (unanswered topics "
                         "score 0)")
    return values.astype(float, copy=False)


def _trec_eval_hint(table: pd.DataFrame) -> str:
    """A hint when the table read is trec_eval's own output (``measure<TAB>topic<TAB>value``,
    one column once split on commas) or ``eval``'s text output (``run<TAB>measure<TAB>topic
    <TAB>value``)."""
    fields = len(str(table.columns[0]).split()) if table.shape[1] == 1 else 0
    if fields == 3:
        return ("; this looks like trec_eval's output (measure, topic, value; no run column): "
                "write the scores with sdreval eval as above, which computes trec_eval's "
                "measures under their names (map, P_10, ...)")
    if fields == 4:
        return ("; this looks like eval's text output (run, measure, topic, value, rounded "
                "to 4 decimals): write the CSV as above, which keeps every digit")
    return ""


def _refuse_not_csv(head: bytes, path: str | Path) -> None:
    """Refuse eval's JSON or Parquet output before the CSV reader makes parse errors of it."""
    kind = "Parquet" if head.startswith(b"PAR1") else \
        "JSON" if head.lstrip(b"\xef\xbb\xbf \t\r\n")[:1] in (b"[", b"{") else None
    if kind:
        raise InputError(f"this is {kind} (eval --format {kind.lower()}?); the statistics read "
                         "a CSV file with the header run,topic,measure,value: write it with "
                         "`sdreval eval QRELS RUN... -q --format csv -o FILE`", file=str(path),
                         line=1)


def read_scores(path: str | Path) -> pd.DataFrame:
    """Read a per-topic score CSV as ``sdreval eval -q --format csv`` writes it (``-`` is
    standard input).  The file is read once: standard input and pipes hold it once."""
    with open_binary(path) as handle:  # (.gz decompressed)
        data = handle.read()
    _refuse_not_csv(data[:4096], path)
    # only a value may be missing: a topic named "nan" is a topic; trailing commas: no shift
    # values as text, read by the rule of every table (pandas 2's float parser is inexact)
    options = dict(dtype={"run": str, "topic": str, "measure": str, "value": str},
                   keep_default_na=False,
                   na_values={"value": ["", "nan", "NaN"]}, index_col=False)
    if (bad := first_not_utf8(data)) is not None:  # before pandas, whose versions differ
        raise InputError(bad[1], str(path), bad[0])
    try:
        with warnings.catch_warnings():
            # a row with more fields than the header would be cut silently: an error instead
            warnings.simplefilter("error", pd.errors.ParserWarning)
            try:
                table = csv_frame(data, **options)
            except pd.errors.ParserWarning:
                problems = _long_rows(data, path)
                if problems:
                    raise InputError(problems) from None
                warnings.simplefilter("ignore", pd.errors.ParserWarning)  # only empty extras
                table = csv_frame(data, **options)
    except pd.errors.ParserError as error:
        raise InputError(_long_rows(data, path) or [Problem(str(path), None, "cannot read score "
                                                      f"table: {error}")]) from None
    except (pd.errors.EmptyDataError, UnicodeDecodeError, ValueError) as error:
        raise InputError(f"cannot read score table: {error}", file=str(path)) from None
    table = table.loc[:, [c for c in table.columns
                          if not (str(c).startswith("Unnamed:") and table[c].isna().all())]]
    missing = [c for c in REQUIRED if c not in table.columns]
    if missing:
        raise InputError(f"score table lacks column(s) {', '.join(missing)} "
                         f"(expected a CSV file with the header run,topic,measure,value, as "
                         f"`sdreval eval QRELS RUN... -q --format csv -o FILE` writes it)"
                         + _trec_eval_hint(table), file=str(path))
    if table.empty:
        raise InputError("score table has a header but no rows: nothing to compare (sdreval "
                         "eval QRELS RUN... -q --format csv -o FILE writes the per-topic "
                         "scores)", file=str(path), line=2)
    empty = [Problem(str(path), int(i) + 2, f"empty {name}: every row names its run, topic and "
                     "measure") for name in REQUIRED[:3]
             for i in np.flatnonzero((table[name].fillna("").str.strip() == "").to_numpy())[:50]]
    odd = [Problem(str(path), int(i) + 2, f"{name} {shown(text)} {odd_character(text)}")
           for name in REQUIRED[:3] for i, text in enumerate(table[name])
           if isinstance(text, str) and odd_character(text)][:50]  # a NUL, a BOM
    if empty or odd:
        raise InputError(sorted(empty + odd, key=lambda p: p.line))
    table.attrs["source"] = str(path)  # errors name the file and line
    _refuse_mean_alike(table, table)
    values = pd.Series(numbers_of(table["value"].to_numpy(dtype=object)), index=table.index)
    bad = values.isna() & table["value"].notna()  # "", "nan" and "NaN" are NaN, not errors
    if bad.any():
        # header is line 1, first data row line 2
        raise InputError([Problem(str(path), int(i) + 2, f"value {table['value'].iloc[i]!r} is "
                                  "not a number") for i in np.flatnonzero(bad.to_numpy())[:50]])
    table["value"] = values
    _refuse_infinite(table, table)  # "1e400" shown as inf, as the number read
    # a run, or a run's measure, with means only: left out of a report with no word, refused
    # by compare, scored 0 on every topic by --missing zero against its own mean
    per_topic = table["topic"] != "all"
    for keys in (["run"], ["run", "measure"]):
        means_only = ~per_topic.groupby([table[k] for k in keys], sort=False).transform("any")
        if means_only.any():
            first = int(np.flatnonzero(means_only.to_numpy())[0])
            which = f" for {table['measure'].iloc[first]}" if len(keys) == 2 else ""
            raise InputError(f"run {table['run'].iloc[first]} has means only (topic all)"
                             f"{which}: the statistics need its per-topic values (sdreval eval "
                             "QRELS RUN... -q --format csv -o FILE writes them)",
                             file=str(path), line=first + 2)
    return table


def _problem(table: pd.DataFrame, index, message: str) -> Problem:
    """A problem of a row: its file and line (a table from :func:`read_scores`), else its
    index in the DataFrame."""
    file, line = source_line(table, index)
    return Problem(file, line, message if file else f"row {index}: {message}")


def _refuse_mean_alike(table: pd.DataFrame, rows: pd.DataFrame) -> None:
    """Refuse ``rows`` (of ``table``) whose topic is spelt like the mean rows but is not
    ``all`` ("ALL", " all"): it would count as one more topic."""
    topic = rows["topic"].astype(str)
    names = [t for t in topic.unique() if t != MEAN_TOPIC and like_mean_topic(t)]
    alike = np.flatnonzero(topic.isin(names).to_numpy())
    if alike.size:
        raise InputError([_problem(table, rows.index[i], f"topic {topic.iloc[i]!r} looks like "
                                   "a mean row; the mean rows, which the statistics leave out, "
                                   "have topic all (as eval writes them): write all, or leave "
                                   "the row out") for i in alike[:50]])


def _refuse_infinite(table: pd.DataFrame, rows: pd.DataFrame) -> None:
    """Refuse ``rows`` (of ``table``) with an infinite value ("inf", or 1e400 beyond a
    float): it would make the mean infinite."""
    values = pd.to_numeric(rows["value"], errors="coerce")
    infinite = np.flatnonzero(np.isinf(values.to_numpy(dtype=float)))
    if infinite.size:
        raise InputError([_problem(table, rows.index[i], f"value {rows['value'].iloc[i]} is "
                                   "not a finite number: a score is finite (an empty value is "
                                   "a topic without a score)") for i in infinite[:50]])


def source_line(table: pd.DataFrame, index) -> tuple[str | None, int | None]:
    """``(file, line)`` of a row of a table from :func:`read_scores` (header on line 1)."""
    source = table.attrs.get("source")
    return (source, int(index) + 2) if source and isinstance(index, (int, np.integer)) \
        else (source, None)


def _long_rows(data: bytes, path: str | Path) -> list[Problem]:
    """Problems for the rows (of the file's ``data``) that have more (non-empty) fields than
    the header."""
    problems = []
    rows = csv.reader(io.StringIO(data.decode("utf-8", errors="replace"), newline=""))
    width = len(next(rows, []))
    for row in rows:
        if len(row) > width and any(field.strip() for field in row[width:]):
            problems.append(Problem(str(path), rows.line_num, f"{len(row)} fields, the "
                                    f"header has {width}"))
            if len(problems) >= 50:
                break
    return problems


def _missing_option(*rules: str) -> str:
    """Where a rule for missing scores is given: the commands that take one, and the API."""
    return (f"--missing {'|'.join(rules)} in compare and stability; missing="
            + " or ".join(f'"{rule}"' for rule in rules) + " in Python")


def score_matrix(table: pd.DataFrame, measure: str | None = None, missing: Missing = "error",
                 runs: list[str] | None = None) -> ScoreMatrix:
    """Pivot a per-topic table into a :class:`ScoreMatrix` for one measure.

    Rows with topic ``all`` and NaN values are ignored.  A (run, topic) cell without a value
    is an error (``missing="error"``, every gap listed), leaves the topic out (``"drop"``) or
    scores 0 (``"zero"``, as ``eval -c`` does).  Duplicate rows (a NaN one too) are an error.
    """
    for column in REQUIRED:
        if column not in table.columns:
            raise InputError(f"score table lacks column {column!r}")
    # topic "all" rows are means; NaN values (nothing relevant under the measure's
    # quantisation) are left out, like the means leave them out
    data = table[(table["topic"].astype(str) != "all") & table["value"].notna()]
    measures = list(dict.fromkeys(data["measure"].astype(str)))
    unvalued = [m for m in measures_of(table) if m not in measures and measure in (None, m)]
    if unvalued and not (measure is None and measures):
        raise InputError(f"{', '.join(unvalued)}: NaN on every topic (no topic has something "
                         "relevant under it), so there is nothing to compare")
    if not measures:
        raise InputError("the score table has no per-topic values (only means, topic 'all', "
                         "or NaN); write it with eval -q")
    if measure is None:
        if len(measures) != 1:
            raise UsageError(f"score table has {len(measures)} measures "
                             f"({', '.join(measures[:10])}); choose one with -m")
        measure = measures[0]
    elif measure not in measures:
        raise UsageError(f"measure {measure!r} not in the score table (it has: "
                         f"{', '.join(measures[:20]) or 'none'})")
    # duplicates among every row of the measure, NaN ones too: a value and an empty value for
    # one (run, topic) contradict each other as two values do
    data = table[(table["topic"].astype(str) != "all")
                 & (table["measure"].astype(str) == measure)]
    _refuse_mean_alike(table, data)  # read_scores checked a file; a DataFrame is checked here
    _refuse_infinite(table, data)
    data = data.assign(run=data["run"].astype(str), topic=data["topic"].astype(str))
    repeats = data.duplicated(["run", "topic"], keep="first")
    if repeats.any():
        firsts = data.drop_duplicates(["run", "topic"]).set_index(["run", "topic"]).index
        where = dict(zip(firsts, data.drop_duplicates(["run", "topic"]).index))
        problems = []
        for index, row in data[repeats].head(50).iterrows():
            file, line = source_line(table, index)
            first = source_line(table, where[(row["run"], row["topic"])])[1]
            problems.append(Problem(file, line, f"duplicate row: run {row['run']} topic "
                                    f"{row['topic']} measure {measure}"
                                    + (f" is already on line {first}" if first else "")))
        raise InputError(problems)
    data = data[data["value"].notna()]
    wide = data.pivot(index="run", columns="topic", values="value")
    # every run of the table: one without a value on this measure has a gap on every topic
    run_order = list(dict.fromkeys(table["run"].astype(str))) if runs is None else list(runs)
    unknown = [r for r in run_order if r not in wide.index] if runs is not None else []
    if unknown:
        raise UsageError(f"run(s) not in the score table: {', '.join(unknown)}")
    wide = wide.reindex(index=run_order, columns=sorted(wide.columns, key=topic_sort_key))
    holes = wide.isna()
    gaps = tuple((str(wide.index[r]), str(wide.columns[t]))
                 for r, t in zip(*np.nonzero(holes.to_numpy())))
    if gaps:
        if missing == "zero":
            wide = wide.fillna(0.0)
        elif missing == "drop":
            wide = wide.loc[:, ~holes.any(axis=0)]
            if wide.shape[1] == 0:
                raise InputError(f"no topic has a value for every run on {measure} (the "
                                 "runs have no topic in common): evaluate with -c (unanswered "
                                 "topics score 0; eval -q -c for a scores file), or score the "
                                 f"gaps 0 ({_missing_option('zero')})")
        else:
            cells = [(r, t) for r, t in zip(*np.nonzero(holes.to_numpy()))]
            source = table.attrs.get("source")
            problems = [Problem(source, None, f"run {wide.index[r]} has no {measure} value on "
                                f"topic {wide.columns[t]}") for r, t in cells[:50]]
            if len(cells) > 50:
                problems.append(Problem(source, None, f"... and {len(cells) - 50} more gap(s)"))
            problems.append(Problem(source, None, "paired statistics need every run on every "
                                    "topic (the tests of eval --baseline and report leave such "
                                    "a topic out, as drop does, and say so beside their "
                                    "letters): evaluate with -c (unanswered topics score 0; "
                                    "eval -q -c for a scores file), or leave the topic out "
                                    f"or score it 0 ({_missing_option('drop', 'zero')})"))
            raise InputError(problems)
    return ScoreMatrix(tuple(wide.index), tuple(wide.columns), wide.to_numpy(dtype=float),
                       measure, gaps)


def gap_note(scores: ScoreMatrix, missing: Missing) -> list[str]:
    """The cells the ``missing`` rule handled, in words (empty when it changed nothing):
    ``map: --missing drop left out topic(s) 14 (run4 has no value there)``."""
    if not scores.gaps:
        return []
    topics = list(dict.fromkeys(t for _, t in scores.gaps))
    runs = list(dict.fromkeys(r for r, _ in scores.gaps))
    shown = ", ".join(topics[:10]) + (f" and {len(topics) - 10} more" if len(topics) > 10 else "")
    who = ", ".join(runs[:5]) + (f" and {len(runs) - 5} more" if len(runs) > 5 else "")
    if missing == "drop":
        return [f"{scores.measure}: --missing drop left out {len(topics)} topic(s) where a run "
                f"has no value ({who}): {shown}; {len(scores.topics)} topic(s) remain"]
    return [f"{scores.measure}: --missing zero scored {len(scores.gaps)} cell(s) 0 where a run "
            f"has no value (runs {who}; topics {shown})"]


def measures_of(table: pd.DataFrame) -> list[str]:
    """Measures of a per-topic table in order of first appearance."""
    return list(dict.fromkeys(table.loc[table["topic"].astype(str) != "all", "measure"]
                              .astype(str)))


def check_scored(table: pd.DataFrame, runs: list[str]) -> None:
    """Refuse when one of ``runs`` has no per-topic value in ``table`` (it answered no topic
    with something relevant): statistics would leave it out unsaid (trec_eval refuses it).
    Where no run has a value the caller's own message says so."""
    scored = set(table.loc[(table["topic"].astype(str) != "all") & table["value"].notna(),
                           "run"].astype(str))
    problems = [Problem(None, None, f"run {run} has no score on any topic (it answered no "
                        "topic with something relevant; are its topic ids the qrels' ones?): "
                        "evaluate with -c to score it 0 on every qrels topic, or leave it out")
                for run in runs if run not in scored]
    if problems and scored:
        raise InputError(problems)
