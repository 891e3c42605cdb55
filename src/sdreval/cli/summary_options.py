"""Options of the runs × measures summary of ``sdreval eval --format latex|table``: the
caption, label and digits of the table, and significance letters from paired tests of each run
against a baseline (the tests and corrections of ``sdreval compare --baseline``).

A cell's superscript letters name the runs it is significantly better than on that measure,
the convention of IR papers; with ``--baseline`` only the tests of each run against the
baseline(s) are made (PyTerrier's ``baseline=``), and the correction covers those tests.
"""
from __future__ import annotations

import functools
from typing import Callable

import click

from ..errors import UsageError
from ..lazy import lazy_module
from ..report.output import TABLE_FORMATS
from ..stats.choices import CORRECTIONS, CORRECTIONS_HELP, TEST_SAMPLES, TESTS
from .common import LEVEL, SEED, echo_notes, echo_warnings

pd = lazy_module("pandas")

#: option (parameter name) → the formats it applies to
_APPLIES = {"caption": ("latex",), "label": ("latex",), "digits": TABLE_FORMATS,
            "baselines": TABLE_FORMATS}
#: the test options: meaningful only with --baseline
_TEST_OPTIONS = ("test", "correction", "level", "samples", "seed")


def summary_options(func: Callable) -> Callable:
    """Add ``--caption``, ``--label``, ``--digits``, ``--baseline``, ``--test``,
    ``--correction``, ``--level``, ``--samples``, ``--seed`` to a command with a ``fmt``
    parameter, and refuse (usage error) those its format does not take, before any input is
    read.  Put it under the error handler (``@handle_errors``)."""

    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        check_summary_options(kwargs.get("fmt") or "text", kwargs)
        return func(*args, **kwargs)

    options = [
        click.option("--caption", default=None, metavar="TEXT",
                     help="--format latex: the table's \\caption (LaTeX specials escaped)."),
        click.option("--label", default=None, metavar="TEXT",
                     help="--format latex: the table's \\label, e.g. tab:results."),
        click.option("--digits", type=click.IntRange(min=0, max=12), default=None,
                     metavar="N", help="--format latex|table: decimals of the means "
                                       "(default 4)."),
        click.option("--baseline", "baselines", multiple=True, metavar="RUN",
                     help="--format latex|table: test each run against this run (repeatable; "
                          "PyTerrier's baseline=, as compare --baseline) and mark a mean with "
                          "the letters of the runs it is significantly better than."),
        click.option("--test", type=click.Choice(TESTS), default="t", show_default=True,
                     help="With --baseline: the paired test over topics (Ogilvie & Lalmas "
                          "2006), as compare --test."),
        click.option("--correction", type=click.Choice(list(CORRECTIONS)),
                     default="by",
                     show_default=True,
                     help="With --baseline: multiple-comparison control over the tests of a "
                          f"measure, as compare --correction ({CORRECTIONS_HELP})."),
        click.option("--level", type=LEVEL, default=0.05, show_default=True,
                     help="With --baseline: significance level of the letters."),
        click.option("--samples", type=click.IntRange(min=1), default=TEST_SAMPLES,
                     show_default=True, help="With --baseline: bootstrap / randomisation "
                                             "samples."),
        click.option("--seed", type=SEED, default=0, show_default=True,
                     help="With --baseline: random seed of bootstrap / randomisation."),
    ]
    for option in reversed(options):
        wrapper = option(wrapper)
    return wrapper


def _given(name: str, kwargs: dict) -> bool:
    """Whether the user gave option ``name`` (not its default)."""
    context = click.get_current_context(silent=True)
    if context is not None:
        source = context.get_parameter_source(name)
        return source is not None and source.name not in ("DEFAULT", "DEFAULT_MAP")
    return bool(kwargs.get(name))


def check_summary_options(fmt: str, kwargs: dict) -> None:
    """Refuse a summary option that the output format ``fmt`` does not take."""
    for name, formats in _APPLIES.items():
        if kwargs.get(name) not in (None, ()) and fmt not in formats:
            flag = "--baseline" if name == "baselines" else f"--{name}"
            raise UsageError(f"{flag} applies to --format {' or '.join(formats)} only (got "
                             f"--format {fmt}): it sets the runs × measures summary table")
    if kwargs.get("baselines") and len(kwargs.get("runs") or ()) < 2:  # a file is one run
        raise UsageError("--baseline tests the other runs against the baseline: give at "
                         "least two runs")
    if kwargs.get("per_topic") and fmt == "latex":  # -q is eval's: taken, but not here
        echo_warnings(["-q: the LaTeX table holds the means only; per-topic rows: --format "
                       "table, csv or json"])
    if not kwargs.get("baselines"):
        given = [f"--{name}" for name in _TEST_OPTIONS if _given(name, kwargs)]
        if given:
            verb = "chooses" if len(given) == 1 else "choose"
            raise UsageError(f"{', '.join(given)} {verb} the significance test of the "
                             "letters: give --baseline RUN too (or use sdreval compare)")


def table_options(table: pd.DataFrame, fmt: str, options: dict) -> dict:
    """The keyword arguments of the summary writer (:func:`sdreval.report.output.summary_text`)
    for ``fmt`` from the command's options; ``table`` holds the per-topic values that the
    tests of each run against the baseline(s) use (:func:`sdreval.stats.compare_runs`)."""
    if fmt not in TABLE_FORMATS:
        return {}
    from ..measures.results import ResultColumns

    if isinstance(table, ResultColumns):
        table = table.to_frame()
    out: dict = {}
    if options.get("digits") is not None:
        out["digits"] = options["digits"]
    if fmt == "latex":
        out.update(caption=options.get("caption"), label=options.get("label"))
    baselines = list(options.get("baselines") or ())
    if baselines:
        from ..progress import track
        from ..stats.choices import baseline_tests_legend
        from ..stats.compare import RECORD_COLUMNS, compare_runs

        # a measure with no per-topic value (nothing relevant anywhere) has nothing to test
        measures = list(dict.fromkeys(table.loc[table["value"].notna(), "measure"].astype(str)))
        from ..measures.evaluate import aggregate_of  # gm_map: no test of its geometric mean

        untested = [m for m in measures if aggregate_of(m) == "gmean"]
        measures = [m for m in measures if m not in untested]
        test, correction, level = options["test"], options["correction"], options["level"]
        # as the report's tests: over the topics every run answered, said in the legend
        out["compare"] = pd.concat(
            [compare_runs(table, m, test, correction, level=level, samples=options["samples"],
                          seed=options["seed"], missing="drop", baseline=baselines)
             for m in track(measures, "testing runs against the baseline")]
            or [pd.DataFrame(columns=RECORD_COLUMNS)], ignore_index=True)
        from ..stats.compare import resolution_notes

        echo_notes(resolution_notes(out["compare"], test, options["samples"], "two-sided",
                                    correction, level))
        out["significance"] = baseline_tests_legend(
            test, correction, level, ", ".join(baselines), _left_out(table, out["compare"]),
            untested)
    return out


def _left_out(table: pd.DataFrame, compare: pd.DataFrame) -> bool:
    """Whether a measure's tests are over fewer topics than the runs' values cover (a run
    did not answer a topic another did)."""
    rows = table[(table["topic"].astype(str) != "all")].dropna(subset=["value"])
    every = rows.groupby(rows["measure"].astype(str))["topic"].nunique()
    tested = compare.groupby(compare["measure"].astype(str))["topics"].max()
    return any(tested.get(m, every[m]) < every[m] for m in tested.index)


__all__ = ["summary_options", "check_summary_options", "table_options"]
