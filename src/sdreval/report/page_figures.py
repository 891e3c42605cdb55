"""The figures of the HTML report page (:mod:`sdreval.report.html`): which ones it shows for
the data at hand (:func:`plot_makers`, in page order) and their alt texts and captions."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pandas as pd

from ..measures.evaluate import count_measures
from ..stats.choices import describe_tests
from . import bridge, figures, plots
from .budget import plot_budget_curve
from .curves import STANDARD_CURVES

if TYPE_CHECKING:  # annotations only: the report module imports this one
    from .html import ReportData

#: fewest runs for swap rates worth drawing: the top 75% of 7 runs give 10 pairs (with fewer,
#: a few pairs fill odd bins and the lines are noise)
SWAP_MIN_RUNS = 7


def mixed_decisions(table: pd.DataFrame | None) -> bool:
    """Some tests reject and some do not: a decision figure says something."""
    return table is not None and not table.empty and 0 < int(table["reject"].sum()) < len(table)


def plot_makers(data: ReportData) -> dict:
    """Every figure the report shows, as ``{key: function returning the Figure}`` in page
    order; keys are the curve kinds, ``differences-<measure>``, ``diffci``, ``ci``,
    ``distribution``, ``heatmap-<measure>``, ``decisions-<measure>`` and ``swap-<measure>``
    (the file names of ``report --plot-dir``)."""
    from functools import partial

    makers = {}
    for key in STANDARD_CURVES:
        if key in data.plots and key in data.curves:
            spec, table = data.curves[key]
            makers[key] = partial(plot_budget_curve, table, unit=budget_unit(data),
                                  title=f"{spec.title.replace('characters', budget_unit(data))}"
                                        f", {data.ci_level:.0%} bands") \
                if key == "budget" else \
                partial(figures.plot_curve_bands, spec, table, data.runs, data.ci_level)
    first = data.measures[0] if data.measures else None
    tested = data.compare is not None and not data.compare.empty and data.baseline is not None
    if "differences" in data.plots and tested:
        makers[f"differences-{first}"] = partial(figures.plot_topic_differences, data.results,
                                                 first, data.baseline, data.runs)
    if "diffci" in data.plots and tested:
        makers["diffci"] = partial(figures.plot_difference_intervals, data.compare,
                                   data.measures, data.baseline, data.runs, data.level)
    if "ci" in data.plots and data.measures:
        makers["ci"] = partial(_mean_intervals, data)
    if "distribution" in data.plots and data.measures:
        makers["distribution"] = partial(figures.plot_distributions, data.results,
                                         data.measures, data.runs)
    if "heatmap" in data.plots and mixed_decisions(data.pairs):
        makers[f"heatmap-{first}"] = partial(figures.plot_significance_grid, data.pairs, first,
                                             data.runs)
    decisions = data.decisions
    if "decisions" in data.plots and decisions is not None and first is not None:
        part = decisions[decisions["measure"].astype(str) == first]
        verdicts = part.groupby(["run_a", "run_b"])["reject"].nunique()
        if (verdicts > 1).any():  # the corrections disagree on some pair
            makers[f"decisions-{first}"] = partial(plots.plot_significance_decisions,
                                                   decisions, first)
    swaps = data.swaps
    if "swap" in data.plots and swaps is not None and not swaps.empty and \
            len(data.runs) >= SWAP_MIN_RUNS:
        if "measure" not in swaps.columns:
            swaps = swaps.assign(measure=first)
        if (swaps["measure"].astype(str) == first).any():
            makers[f"swap-{first}"] = partial(plots.plot_swap_rates, swaps, measure=first)
    return makers


def budget_unit(data: ReportData) -> str:
    """What the budgets count: ``tokens`` under ``--span-unit tokens...``, else characters."""
    unit = str(data.settings.get("span unit", "chars"))
    return "tokens" if unit.startswith("tokens") else "characters"


def figure_captions(data: ReportData) -> dict[str, tuple[str, str]]:
    """``{key: (alt text, caption)}`` of every figure the report can show, in page order."""
    first = data.measures[0] if data.measures else ""
    base = data.baseline or ""
    band = f"{data.ci_level:.0%}"
    titles = {key: data.curves.get(key, (spec,))[0].title  # with the parameters drawn
              for key, spec in STANDARD_CURVES.items()}
    titles["budget"] = titles["budget"].replace("characters", budget_unit(data))
    captions = {key: (title, f"{title}: mean over topics; band: {band} percentile "
                             "bootstrap interval of the mean at each point."
                      if _banded(data, key) else
                      f"{title}: mean over topics (no bands: a bootstrap interval needs two "
                      "topics or more).")
                for key, title in titles.items()}
    common = _common_topics(data)
    captions.update({
        f"differences-{first}": (f"per-topic differences {first}",
                                 f"Per-topic {first} of each run minus the baseline {base}, "
                                 "topics sorted from the largest gain to the largest loss."
                                 + common.get(first, "")),
        "diffci": ("intervals of the differences",
                   f"Mean difference with the baseline {base} and its {1 - data.level:.0%} "
                   f"interval ({data.settings.get('test', 't')} test: "
                   + ("paired t interval" if data.settings.get("test", "t") == "t"
                      else "percentile bootstrap") + "); filled: significant after correction."
                   + next(iter(common.values()), "")),
        "ci": ("confidence intervals of the means",
               f"{band} bootstrap percentile intervals of each run's mean "
               + ("(a count's sum over the topics, the mean's interval times the topics) "
                  if count_measures(data.measures) else "")
               + f"({data.ci_samples} resamples; Vu & Gallinari 2005, §5)."),
        "distribution": ("per-topic distributions",
                         "Per-topic scores of every run: box = quartiles, line = median, dot "
                         "= mean."),
        f"heatmap-{first}": (f"run × run decisions {first}",
                             f"Every pair of runs on {first} ("
                             + describe_tests(data.settings.get("test"),
                                              data.settings.get("correction"))
                             + " over all pairs)." + common.get(first, "")),
        f"decisions-{first}": (f"corrected decisions {first}",
                               f"Tests against the baseline on {first} under every "
                               "multiple-comparison correction (green: significant"
                               + ("; cell: adjusted p-value" if _tests_of(data, first)
                                  <= plots.DECISION_VALUES_MAX else "; the adjusted p-values: "
                                  "Against the baseline")
                               + "); drawn because the corrections disagree."),
        f"swap-{first}": (f"swap rates {first}",
                          f"Swap rate of {first} against topic-set size, by difference of the "
                          "means among the top 75% of the runs (random disjoint topic sets, "
                          "100 trials; Kazai & Lalmas 2006, §6.2.2)."),
    })
    return captions


def _common_topics(data: ReportData) -> dict[str, str]:
    """``{measure: sentence}`` for the measures whose tests left out topics some run did not
    answer (the comparison figures are over the topics of the tests)."""
    from .page import tested_topics

    return {m: " Over the topics every run answered, as the tests (see Against the baseline)."
            for m in data.measures if tested_topics(data, m)}


def _tests_of(data: ReportData, measure: str) -> int:
    """The tests against the baseline on ``measure`` (the rows of the decisions figure)."""
    if data.compare is None:
        return 0
    return int((data.compare["measure"].astype(str) == measure).sum())


def _banded(data: ReportData, key: str) -> bool:
    """Curve ``key`` has a confidence band for some run (or is not drawn: nothing to say)."""
    if key not in data.curves:
        return True
    table = data.curves[key][1]
    bounds = [c for c in ("low", "high", "ci_low", "ci_high") if c in table.columns]
    return not bounds or bool(table[bounds].notna().any().any())


def _mean_intervals(data: ReportData):
    intervals = {}
    for measure in data.measures:
        rows = data.results[data.results["measure"].astype(str) == measure]
        intervals[measure] = bridge.bootstrap_ci(rows, level=data.ci_level,
                                                 samples=data.ci_samples, seed=data.seed)
    return figures.plot_mean_intervals(intervals, data.runs, data.ci_level)
