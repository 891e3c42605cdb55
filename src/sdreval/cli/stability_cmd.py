"""``sdreval stability``: how stable and discriminating are measures (SPEC §10)?

Input is a per-topic score table (``--scores``, as ``eval -q --format csv`` writes it) or
``QRELS RUN...`` (evaluated with the topic policy of ``eval``: answered topics with something
relevant; ``-c`` every such qrels topic, unanswered ones scoring 0).  Analyses (``--analysis``,
repeatable):

- ``ci``: bootstrap percentile CI of each run's mean (seed 003 §5);
- ``discrimination``: size of group A by CI overlap and Tukey HSD (seed 003 §6);
- ``swap``: topic-set-size swap rates in the 23 difference bins (seed 000 §6.2.2);
- ``extrapolate``: swap rates extrapolated to larger topic sets (``--extrapolate``);
- ``min-diff``: per topic-set size, the difference needed for 95% confidence;
- ``tau``: Kendall tau / Spearman between the system rankings of the measures;
- ``variants``: qrels variants (``--variants CSV`` with a ``variant`` column, or
  ``--alt-qrels FILE`` alternative assessments): Kendall tau against the original test set,
  error rate and ties (seed 000 Eq. 15–16) over all combinations;
- ``error-rate``: significance-test error rates by topic splits (seed 001 §3.3.2).

JSON output is an object ``{analysis: [records]}``; CSV and text put all analyses in one table
with an ``analysis`` column first.
"""
from __future__ import annotations

import json
from pathlib import Path

import click
import pandas as pd

from ..errors import UsageError
from ..stats.bootstrap import confidence_intervals
from ..stats.correction import CORRECTIONS
from ..stats.correlation import means_by_measure, ranking_correlations
from ..stats.discrimination import discrimination_power
from ..stats.error_rate import test_error_rates
from ..stats.matrix import measures_of, read_scores, score_matrix
from ..stats.output import TABLE_FORMATS, records, table_text, write_text
from ..stats.paired import TESTS
from ..stats.stability import (error_rate_and_ties, extrapolate_swap_rates,
                               minimum_difference, swap_rates, top_runs, variant_correlation,
                               variant_means)
from .common import (LEVEL, SEED, UNIT_INTERVAL, BoundedFloat, echo_problems, echo_warnings,
                     handle_errors)
from .compare_cmd import scores_from_inputs
from .eval_cmd import context_options

ANALYSES = ("ci", "discrimination", "swap", "extrapolate", "min-diff", "tau", "variants",
            "error-rate")
DEFAULT_ANALYSES = ("ci", "discrimination", "swap", "tau")


def _int_list(text: str) -> list[int]:
    try:
        return [int(v) for v in text.split(",") if v.strip()]
    except ValueError:
        raise UsageError(f"expected comma-separated integers, got {text!r}") from None


def _variant_table(inputs, variants_path, alt_qrels, measures, options,
                   all_topics: bool = False) -> pd.DataFrame | None:
    if variants_path:
        table = read_scores(variants_path)
        if "variant" not in table.columns:
            raise UsageError(f"{variants_path}: a variant table needs a 'variant' column")
        table["variant"] = table["variant"].astype(str)
        return table
    if not alt_qrels:
        return None
    if len(inputs) < 2:
        raise UsageError("--alt-qrels needs QRELS RUN... (the original assessments and runs)")
    from ..measures import evaluate
    from .eval_cmd import build_context, load_inputs

    ctx = build_context(options)
    frames = []
    for name, path in [("original", inputs[0])] + [(Path(p).stem, p) for p in alt_qrels]:
        qrels, runs, log = load_inputs(path, inputs[1:], options)
        echo_problems(log)
        frames.append(evaluate(qrels, runs, measures, ctx, all_topics=all_topics)
                      .assign(variant=name))
    echo_warnings(ctx.warnings)
    return pd.concat(frames, ignore_index=True)


@click.command("stability")
@click.argument("inputs", nargs=-1, type=click.Path(exists=True))
@click.option("--scores", type=click.Path(exists=True, dir_okay=False), default=None,
              help="Per-topic scores CSV (run,topic,measure,value) instead of QRELS RUN...")
@click.option("-m", "--measure", "measures", multiple=True, help="Measure (repeatable).")
@click.option("-a", "--analysis", "analyses", multiple=True, type=click.Choice(ANALYSES),
              help=f"Analysis to run (repeatable; default {', '.join(DEFAULT_ANALYSES)}).")
@click.option("--variants", "variants_path", type=click.Path(exists=True, dir_okay=False),
              default=None, help="Per-topic scores with a 'variant' column (qrels variants).")
@click.option("--alt-qrels", multiple=True, type=click.Path(exists=True, dir_okay=False),
              help="Alternative assessments of some topics (repeatable; with QRELS RUN...).")
@click.option("--original", default=None, help="Name of the original variant.")
@click.option("--variant-topics", type=click.Choice(["all", "varied", "both"]), default="both",
              show_default=True, help="Average over all topics, the varied ones, or both.")
@click.option("--equivalence", type=UNIT_INTERVAL, default=0.05, show_default=True,
              help="Equal performance: difference below this share of the larger score.")
@click.option("--trials", type=click.IntRange(min=1), default=100, show_default=True)
@click.option("--max-size", type=click.IntRange(min=1), default=None,
              help="Largest topic-set size (default: half the topics).")
@click.option("--top-fraction", type=BoundedFloat(0.0, 1.0, low_open=True), default=0.75,
              show_default=True,
              help="Swap rates use the best runs only (seed 000: top 75%).")
@click.option("--extrapolate", "extrapolate_to", default="25,34,50", show_default=True,
              help="Topic-set sizes to extrapolate swap rates to.")
@click.option("--samples", type=click.IntRange(min=1), default=5_000, show_default=True,
              help="Bootstrap samples for CIs (and tests in error-rate).")
@click.option("--level", type=LEVEL, default=0.95, show_default=True,
              help="Confidence level of CIs (discrimination uses 1 - level as alpha).")
@click.option("--tests", default="t,wilcoxon,sign,bootstrap", show_default=True,
              help="error-rate: comma-separated tests.")
@click.option("--splits", type=click.IntRange(min=1), default=50, show_default=True)
@click.option("--correction", type=click.Choice(list(CORRECTIONS)), default="by",
              show_default=True, help="error-rate: correction applied on each half.")
@click.option("--seed", type=SEED, default=0, show_default=True)
@click.option("--missing", type=click.Choice(["error", "drop", "zero"]), default="error",
              show_default=True)
@click.option("-c", "all_topics", is_flag=True,
              help="QRELS RUN...: every qrels topic with something relevant counts (topics a "
                   "run did not answer score 0); default: the answered ones.")
@click.option("--format", "fmt", type=click.Choice(TABLE_FORMATS), default="json")
@click.option("-o", "--output", type=click.Path(dir_okay=False), default=None,
              help="Write to FILE instead of stdout.")
@context_options
@handle_errors
def stability_command(inputs, scores, measures, analyses, variants_path, alt_qrels, original,
                      variant_topics, equivalence, trials, max_size, top_fraction,
                      extrapolate_to, samples, level, tests, splits, correction, seed, missing,
                      all_topics, fmt, output, **options):
    """Stability and discrimination of measures: CIs, swap rates, tau, qrels variants."""
    chosen = tuple(dict.fromkeys(analyses or DEFAULT_ANALYSES))
    only_variants = chosen == ("variants",) and (variants_path or alt_qrels) and not scores \
        and not inputs
    table = None if only_variants else scores_from_inputs(inputs, scores, measures, options, 1,
                                                                 all_topics)
    names = list(measures) or (measures_of(table) if table is not None else [])
    test_list = [t.strip() for t in tests.split(",") if t.strip()]
    for t in test_list:
        if t not in TESTS:
            raise UsageError(f"unknown test {t!r} in --tests; expected {', '.join(TESTS)}")
    targets = _int_list(extrapolate_to)
    results: dict[str, list[pd.DataFrame]] = {a: [] for a in chosen}
    for measure in names if table is not None else []:
        sm = score_matrix(table, measure, missing=missing)
        if "ci" in chosen:  # topics: what each mean covers
            results["ci"].append(confidence_intervals(sm, level, samples, seed)
                                 .assign(topics=len(sm.topics)))
        if "discrimination" in chosen:
            results["discrimination"].append(discrimination_power(sm, 1 - level, samples, seed))
        if {"swap", "extrapolate", "min-diff"} & set(chosen):
            top = top_runs(sm, top_fraction)
            half = len(sm.topics) // 2
            if half < 1:
                raise UsageError("swap rates need at least two topics")
            sizes = range(1, min(half, max_size or half) + 1)
            rates = swap_rates(top, trials, sizes, seed=seed)
            extra = extrapolate_swap_rates(rates, targets)
            best = float(sm.means.max())
            if "swap" in chosen:
                results["swap"].append(rates.assign(measure=measure))
            if "extrapolate" in chosen:
                results["extrapolate"].append(extra.assign(measure=measure))
            if "min-diff" in chosen:
                both = pd.concat([minimum_difference(rates, best_score=best)
                                  .assign(source="observed"),
                                  minimum_difference(extra, best_score=best)
                                  .assign(source="extrapolated")], ignore_index=True)
                results["min-diff"].append(both.assign(measure=measure))
        if "error-rate" in chosen:
            results["error-rate"].append(test_error_rates(sm, tuple(test_list), splits,
                                                          correction, samples=samples,
                                                          seed=seed))
    if "tau" in chosen and table is not None:
        if len(names) < 2:
            echo_warnings(["tau: needs at least two measures; skipped"])
        else:
            wide = means_by_measure(table[table["measure"].isin(names)])
            results["tau"].append(ranking_correlations(wide[names]))
    if "variants" in chosen:
        vtable = _variant_table(inputs, variants_path, alt_qrels, measures, options,
                                all_topics)
        if vtable is None:
            raise UsageError("the variants analysis needs --variants CSV or --alt-qrels FILE")
        scopes = ("all", "varied") if variant_topics == "both" else (variant_topics,)
        for measure in list(measures) or measures_of(vtable):
            for scope in scopes:
                _, combos, means = variant_means(vtable, measure, scope, original)
                row = {"measure": measure, "topics": scope, "varied_topics": len(combos[0])}
                row.update(variant_correlation(means))
                row.update(error_rate_and_ties(means, equivalence))
                results["variants"].append(pd.DataFrame([row]))
    tables = {a: (pd.concat(frames, ignore_index=True) if frames else pd.DataFrame())
              for a, frames in results.items()}
    if fmt == "json":
        write_text(json.dumps({a: records(t) for a, t in tables.items()}, indent=1) + "\n",
                   output)
    else:
        combined = pd.concat([t.assign(analysis=a) for a, t in tables.items() if len(t)],
                             ignore_index=True) if any(len(t) for t in tables.values()) \
            else pd.DataFrame(columns=["analysis"])
        combined = combined[["analysis"] + [c for c in combined.columns if c != "analysis"]]
        write_text(table_text(combined, fmt), output)
