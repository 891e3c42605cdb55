"""``sdreval stability``: how stable and discriminating are measures?

Input is a per-topic score table (``--scores``, as ``eval -q --format csv`` writes it) or
``QRELS RUN...`` (evaluated with the topic policy of ``eval``: answered topics with something
relevant; ``-c`` every such qrels topic, unanswered ones scoring 0).  Analyses (``--analysis``,
repeatable):

- ``ci``: bootstrap percentile CI of each run's mean (Vu & Gallinari 2005, §5);
- ``discrimination``: size of group A by CI overlap and Tukey HSD (Vu & Gallinari 2005, §6);
- ``swap``: topic-set-size swap rates in the 23 difference bins (Kazai & Lalmas 2006, §6.2.2);
- ``extrapolate``: swap rates extrapolated to larger topic sets (``--extrapolate``);
- ``min-diff``: per topic-set size, the difference needed for 95% confidence;
- ``tau``: Kendall's tau-b / Spearman's rho between the system rankings of the measures;
- ``variants``: qrels variants (``--variants CSV`` with a ``variant`` column, or
  ``--alt-qrels FILE`` alternative assessments): Kendall tau against the original test set,
  error rate and ties (Kazai & Lalmas 2006, Eq. 15–16) over all combinations;
- ``error-rate``: significance-test error rates by topic splits (Ogilvie & Lalmas 2006, §3.3.2).

Text output (the default) has one titled table per analysis (swap rates as difference bins ×
topic-set sizes); JSON is an object ``{analysis: [records]}``; CSV puts all analyses in one table
with an ``analysis`` column first.
"""
from __future__ import annotations

import json

import click

from .. import stats
from ..errors import InputError, Problem, ProblemLog, UsageError
from ..lazy import lazy_module
from ..stats.choices import (CORRECTIONS, CORRECTIONS_HELP, SAMPLES_HELP, TABLE_FORMATS, TESTS,
                             resample_counts)
from .common import (LEVEL, SEED, UNIT_INTERVAL, BoundedFloat, all_topics_option,
                     confidence_level_caveat, echo_notes, echo_problems, echo_warnings,
                     handle_errors, jobs_options, quiet_option, unused_given, unused_missing)
from .compare_cmd import scores_from_inputs
from .eval_inputs import context_options
from .paths import SCORES_INPUT, InputPath, OutputPath
from ..measures.results import stacked
from ..model.runnames import file_stem

np = lazy_module("numpy")
pd = lazy_module("pandas")
matrix = lazy_module("sdreval.stats.matrix")
tables_out = lazy_module("sdreval.stats.output")  # (``output`` is the -o option)

ANALYSES = ("ci", "discrimination", "swap", "extrapolate", "min-diff", "tau", "variants",
            "error-rate")
DEFAULT_ANALYSES = ("ci", "discrimination", "swap", "tau")
_SWAPS = ("swap", "extrapolate", "min-diff")
#: the options each analysis reads (the others are warned of when given)
READERS = {"trials": _SWAPS, "max_size": _SWAPS, "top_fraction": _SWAPS,
           "extrapolate_to": _SWAPS[1:], "variants_path": ("variants",),
           "alt_qrels": ("variants",), "original": ("variants",),
           "variant_topics": ("variants",), "equivalence": ("variants",),
           "tests": ("error-rate",), "splits": ("error-rate",), "correction": ("error-rate",),
           "samples": ("ci", "discrimination", "error-rate"),
           "level": ("ci", "discrimination"),
           "seed": ("ci", "discrimination", *_SWAPS, "error-rate")}
#: the analyses of arithmetic means of the per-topic values (not of a geometric mean)
ARITHMETIC = ("discrimination", "swap", "extrapolate", "min-diff", "error-rate")


def _int_list(text: str) -> list[int]:
    try:
        return [int(v) for v in text.split(",") if v.strip()]
    except ValueError:
        raise UsageError(f"expected comma-separated integers, got {text!r}") from None


def _variant_table(inputs, variants_path, alt_qrels, measures, options,
                   all_topics: bool = False, judged: dict | None = None
                   ) -> pd.DataFrame | None:
    """The per-topic scores by variant; with --alt-qrels, ``judged`` gets each variant's
    qrels topics."""
    if variants_path:
        table = stats.read_scores(variants_path)
        if "variant" not in table.columns:
            raise UsageError(f"{variants_path}: a variant table needs a 'variant' column")
        table["variant"] = table["variant"].astype(str)
        return table
    if not alt_qrels:
        return None
    if len(inputs) < 2:
        raise UsageError("--alt-qrels needs QRELS RUN... (the original assessments and runs)")
    from ..measures import evaluate
    from .eval_inputs import build_context, load_inputs

    ctx = build_context(options)
    frames = []
    refused: list[Problem] = []  # every alternative's errors, said at once
    for name, path in [("original", inputs[0])] + [(file_stem(p), p) for p in alt_qrels]:
        try:
            qrels, runs, log = load_inputs(path, inputs[1:], options)
        except InputError as error:
            if name == "original":  # the runs' errors too: nothing else can be read
                raise
            refused.extend(error.problems)
            continue
        if name != "original":  # the original's and the runs' were told when first read
            echo_problems(_of_file(log, path))
        if judged is not None:
            judged[name] = set(qrels)
        if not refused:  # once one is refused, the others are only read for their errors
            frames.append(evaluate(qrels, runs, measures, ctx, all_topics=all_topics,
                                   jobs=options.get("jobs", 1),
                                   scheduler=options.get("scheduler")).assign(variant=name))
    if refused:
        raise InputError(refused)
    echo_warnings(ctx.warnings)
    return stacked(frames)


def _of_file(log: ProblemLog, path: str) -> ProblemLog:
    """The problems ``log`` holds about the file ``path`` (the runs, read again with each
    alternative assessment, had theirs told when first read)."""
    out = ProblemLog()
    out.counts = {key: n for key, n in log.counts.items() if key[1] == path}
    out.kept = {key: kept for key, kept in log.kept.items() if key[1] == path}
    out.problems = [p for p in log.problems if p.file == path]
    return out


EXAMPLES = """\b
Examples:
  sdreval stability --scores scores.csv -m MAep -m nxCG@10
  sdreval stability qrels.tsv runs/*.txt -m MAep -a swap -a extrapolate --trials 200
  sdreval stability -a variants --variants variant_scores.csv
  sdreval stability --scores scores.csv -a error-rate --tests t,wilcoxon --format json
"""


@click.command("stability", epilog=EXAMPLES)
@click.argument("inputs", nargs=-1, type=InputPath(exists=True, allow_dash=True))
@click.option("--scores", type=SCORES_INPUT, default=None,
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
@click.option("--trials", type=click.IntRange(min=1), default=100, show_default=True,
              help="swap: random pairs of disjoint topic sets per topic-set size.")
@click.option("--max-size", type=click.IntRange(min=1), default=None,
              help="Largest topic-set size (default: half the topics).")
@click.option("--top-fraction", type=BoundedFloat(0.0, 1.0, low_open=True), default=0.75,
              show_default=True,
              help="Swap rates use the best runs only (Kazai & Lalmas 2006: top 75%; runs "
                   "tied with the last one kept are kept too).")
@click.option("--extrapolate", "extrapolate_to", default="25,34,50", show_default=True,
              help="Topic-set sizes to extrapolate swap rates to.")
@click.option("--samples", type=click.IntRange(min=1), default=None, help=SAMPLES_HELP)
@click.option("--level", type=LEVEL, default=0.95, show_default=True,
              help="Confidence level of CIs (discrimination uses 1 - level as alpha).")
@click.option("--tests", default="t,wilcoxon,sign,bootstrap", show_default=True,
              help="error-rate: comma-separated tests.")
@click.option("--splits", type=click.IntRange(min=1), default=50, show_default=True,
              help="error-rate: random halvings of the topic set.")
@click.option("--correction", type=click.Choice(list(CORRECTIONS)), default="by",
              show_default=True, help="error-rate: correction applied on each half ("
                                   f"{CORRECTIONS_HELP}).")
@click.option("--seed", type=SEED, default=0, show_default=True,
              help="Random seed of resampling, topic sets and splits.")
@click.option("--missing", type=click.Choice(["error", "drop", "zero"]), default="error",
              show_default=True,
              help="A run without a topic's score (--scores, or a topic it did not answer) "
                   "stops (error), loses the topic (drop) or scores 0 (zero).")
@all_topics_option
@click.option("--format", "fmt", type=click.Choice(TABLE_FORMATS), default="text",
              show_default=True,
              help="text: one readable table per analysis; csv: all analyses in one table "
                   "(analysis column first); json: {analysis: [records]}.")
@click.option("-o", "--output", type=OutputPath(dir_okay=False), default=None,
              help="Write to FILE instead of stdout.")
@jobs_options
@context_options
@quiet_option
@handle_errors
def stability_command(inputs, scores, measures, analyses, variants_path, alt_qrels, original,
                      variant_topics, equivalence, trials, max_size, top_fraction,
                      extrapolate_to, samples, level, tests, splits, correction, seed, missing,
                      all_topics, fmt, output, **options):
    """Stability and discrimination of measures: CIs, swap rates, tau, qrels variants.

    Input: per-topic scores (--scores, as `eval -q --format csv` writes them) or QRELS
    RUN... (evaluated with the topic policy of eval; -c: every qrels topic counts)."""
    chosen = tuple(dict.fromkeys(analyses or DEFAULT_ANALYSES))
    test_samples, samples = resample_counts(samples)
    measures = tuple(dict.fromkeys(measures))  # -m map -m map: once, as eval
    if {"ci", "discrimination"} & set(chosen):
        echo_warnings(confidence_level_caveat(level))
    echo_warnings(unused_given({name: f"only -a {', '.join(users)} read it; analyses run: "
                                      f"{', '.join(chosen)}"
                                for name, users in READERS.items()
                                if not set(users) & set(chosen)}))
    asked = set(analyses)  # the analyses asked for: one that cannot run is a usage error
    if measures:  # before evaluating the runs
        _refuse_one_measure_tau(analyses, measures)
    only_variants = chosen == ("variants",) and (variants_path or alt_qrels) and not scores \
        and not inputs
    table = None if only_variants else scores_from_inputs(inputs, scores, measures, options, 1,
                                                                 all_topics)
    names = list(measures) or (matrix.measures_of(table) if table is not None else [])
    test_list = [t.strip() for t in tests.split(",") if t.strip()]
    for t in test_list:
        if t not in TESTS:
            raise UsageError(f"unknown test {t!r} in --tests; expected {', '.join(TESTS)}")
    targets = _int_list(extrapolate_to)
    results: dict[str, list[pd.DataFrame]] = {a: [] for a in chosen}
    from ..progress import track

    few: set[tuple[int, int]] = set()  # (runs in the swap rates, runs given)
    capped: set[int] = set()  # topics of a measure too few for --max-size
    tau_means: dict[str, pd.Series] = {}  # tau ranks by the means of the --missing rule
    if table is not None:
        _refuse_one_measure_tau(analyses, names)
    skipped: dict[str, list[str]] = {}  # a default analysis that cannot run: a note
    gaps = False  # whether --missing left out a topic or scored a cell 0
    for measure in track(names if table is not None else [], "analysing measures"):
        arithmetic = [a for a in chosen if a in ARITHMETIC]
        if arithmetic:
            stats.refuse_geometric(measure, f"the {', '.join(arithmetic)} analyses")
        sm = stats.score_matrix(table, measure, missing=missing)
        echo_notes(matrix.gap_note(sm, missing))
        gaps = gaps or bool(sm.gaps)
        here = _runnable(chosen, asked, measure, len(sm.runs), len(sm.topics), skipped)
        if "tau" in here:
            tau_means[measure] = pd.Series(stats.aggregates(sm.values, measure),
                                           index=list(sm.runs))
        if "ci" in here:  # topics: what each mean covers
            results["ci"].append(stats.confidence_intervals(sm, level, samples, seed)
                                 .assign(topics=len(sm.topics)))
        if "discrimination" in here:
            results["discrimination"].append(
                stats.discrimination_power(sm, 1 - level, samples, seed))
        if {"swap", "extrapolate", "min-diff"} & set(here):
            top = stats.top_runs(sm, top_fraction)
            few.add((len(top.runs), len(sm.runs)))
            half = len(sm.topics) // 2
            if half < 1:
                raise UsageError("swap rates need at least two topics")
            if max_size and max_size > half:
                capped.add(len(sm.topics))
            sizes = range(1, min(half, max_size or half) + 1)
            rates = stats.swap_rates(top, trials, sizes, seed=seed)
            extra = stats.extrapolate_swap_rates(rates, targets) \
                if {"extrapolate", "min-diff"} & set(here) else None
            best = float(sm.means.max())
            if "swap" in here:
                results["swap"].append(rates.assign(measure=measure))
            if "extrapolate" in here:
                results["extrapolate"].append(extra.assign(measure=measure))
            if "min-diff" in here:
                both = pd.concat([stats.minimum_difference(rates, best_score=best)
                                  .assign(source="observed"),
                                  stats.minimum_difference(extra, best_score=best)
                                  .assign(source="extrapolated")], ignore_index=True)
                results["min-diff"].append(both.assign(measure=measure))
        if "error-rate" in here:
            results["error-rate"].append(stats.test_error_rates(sm, tuple(test_list), splits,
                                                          correction, samples=test_samples,
                                                          seed=seed))
    echo_notes(_skipped_notes(skipped))
    if table is not None:
        echo_warnings(unused_missing(missing, gaps, all_topics))
    echo_warnings(few_runs_caveat(few, top_fraction))
    echo_warnings([f"--max-size {max_size}: two disjoint topic sets of {n} topic(s) hold at "
                   f"most {n // 2} topic(s) each; swap rates use sizes 1 to {n // 2}"
                   for n in sorted(capped)])
    if "tau" in chosen and table is not None:
        if len(names) < 2:  # one of the default analyses (asked for: refused above)
            echo_notes(["tau: needs at least two measures (-m A -m B); skipped"])
        elif len(tau_means) >= 2:  # (a measure of one run: left out, with a note)
            ranked = list(tau_means)
            wide = pd.DataFrame(tau_means)
            echo_warnings([f"tau: {name} gives every run the same mean {wide[name].iloc[0]:.4g}; "
                           "its rank correlations are undefined (left empty)"
                           for name in ranked if stats.is_constant(wide[name].to_numpy())])
            results["tau"].append(stats.ranking_correlations(wide[ranked]))
    if "variants" in chosen:
        judged: dict[str, set[str]] = {}
        vtable = _variant_table(inputs, variants_path, alt_qrels, measures, options,
                                all_topics, judged)
        if vtable is None:
            raise UsageError("the variants analysis needs --variants CSV or --alt-qrels FILE")
        scopes = ("all", "varied") if variant_topics == "both" else (variant_topics,)
        for measure in list(measures) or matrix.measures_of(vtable):
            for scope in scopes:
                _, combos, means = stats.variant_means(
                    vtable, measure, scope, original, judged=judged,
                    base="original" if judged else None)
                row = {"measure": measure, "topics": scope, "varied_topics": len(combos[0])}
                row.update(stats.variant_correlation(means))
                if row["tau_sets"] < row["sets"] - 1:
                    echo_warnings([f"variants: {measure}: {row['sets'] - 1 - row['tau_sets']} "
                                   "test set(s) (or the original) give every run the same "
                                   "mean: tau is undefined there; tau_mean, tau_max and "
                                   f"tau_min are over the other {row['tau_sets']}"])
                row.update(stats.error_rate_and_ties(means, equivalence))
                results["variants"].append(pd.DataFrame([row]))
    tables = {a: (stacked(frames) if frames else pd.DataFrame())
              for a, frames in results.items()}
    if fmt == "json":
        text = json.dumps({a: tables_out.records(t) for a, t in tables.items()}, indent=1)
        tables_out.write_text(text + "\n", output)
    elif fmt == "text":
        from .stability_text import stability_text

        tables_out.write_text(stability_text(tables, level), output)
    else:
        combined = pd.concat([t.assign(analysis=a) for a, t in tables.items() if len(t)],
                             ignore_index=True) if any(len(t) for t in tables.values()) \
            else pd.DataFrame(columns=["analysis"])
        combined = combined[["analysis"] + [c for c in combined.columns if c != "analysis"]]
        # a count stays a whole number: concat makes a column float where others lack it
        kinds = [(c, pd.api.types.is_integer_dtype(t[c])) for t in tables.values()
                 for c in t.columns if len(t)]
        for column in {c for c, _ in kinds} - {c for c, whole in kinds if not whole}:
            combined[column] = combined[column].astype("Int64")
        tables_out.write_text(tables_out.table_text(combined, fmt), output)


def _refuse_one_measure_tau(analyses: tuple, names) -> None:
    """``-a tau`` with fewer than two measures: a usage error (nothing to correlate)."""
    if "tau" in analyses and len(names) < 2:
        raise UsageError("-a tau compares the run rankings of two measures: give at least two "
                         f"(-m A -m B; got {', '.join(names) or 'none'})")


#: the runs and topics (of one measure's score matrix) an analysis needs
NEEDS = {"discrimination": (2, 2), "swap": (2, 2), "extrapolate": (2, 2), "min-diff": (2, 2),
         "tau": (2, 1), "error-rate": (2, 4)}


def _runnable(chosen: tuple, asked: set, measure: str, runs: int, topics: int,
              skipped: dict[str, list[str]]) -> tuple:
    """The analyses of ``chosen`` that ``runs`` runs and ``topics`` topics of ``measure``
    allow.  ``-a tau`` that cannot run: a usage error (exit 2; the others asked for refuse
    with their own messages); one of the default set: left out, told in ``skipped``."""
    out = []
    for analysis in chosen:
        need_runs, need_topics = NEEDS.get(analysis, (1, 1))
        if (runs >= need_runs and topics >= need_topics) or \
                (analysis in asked and analysis != "tau"):
            out.append(analysis)
            continue
        if analysis in asked:
            raise UsageError(f"-a tau compares the run rankings of two measures: it needs at "
                             f"least 2 runs; {measure} has {runs}")
        skipped.setdefault(analysis, []).append(f"{measure} ({runs} run(s), {topics} topic(s))")
    return tuple(out)


def _skipped_notes(skipped: dict[str, list[str]]) -> list[str]:
    """One note per default analysis left out: what it needs, the measures it was left out
    for."""
    notes = []
    for analysis, where in skipped.items():
        need_runs, need_topics = NEEDS[analysis]
        need = f"{need_runs} runs" + (f" and {need_topics} topics" if need_topics > 1 else "")
        notes.append(f"{analysis}: needs at least {need}; skipped for {', '.join(where)}")
    return notes


def few_runs_caveat(counts: set[tuple[int, int]], fraction: float) -> list[str]:
    """A caveat where swap rates rest on fewer runs than the report draws them for
    (:data:`~sdreval.report.page_figures.SWAP_MIN_RUNS`): each random split of the topics
    compares only the k(k-1)/2 pairs of the k runs kept, so a rate of 0 says little."""
    from ..report.page_figures import SWAP_MIN_RUNS

    return [f"swap rates over the best {kept} of {given} run(s) (--top-fraction {fraction:g}): "
            f"{kept * (kept - 1) // 2} pair(s) per split of the topics, too few to judge a "
            f"measure's stability (Kazai & Lalmas 2006 kept 51 of 69 runs; the report draws "
            f"swap rates from {SWAP_MIN_RUNS} runs); read them as an illustration"
            for kept, given in sorted(counts) if given < SWAP_MIN_RUNS]
