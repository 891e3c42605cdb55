"""``sdreval compare``: significance of every pair of runs.

``sdreval compare QRELS RUN... -m MEASURE`` evaluates the runs first with the topic policy of
``eval``: the answered topics with something relevant (``-c``: every such qrels topic,
unanswered ones scoring 0).  Paired tests need every run on every topic: a topic one run did
not answer is an error unless ``--missing drop|zero`` (or ``-c``) says what to do;
``sdreval compare --scores PER_TOPIC.csv -m MEASURE`` reads scores as ``eval -q --format csv``
writes them.  ``--baseline RUN`` (repeatable) tests each run against the baseline(s) only, as
PyTerrier's ``Experiment(baseline=...)``, with the correction over those tests.  Every record
carries the mean difference, its confidence interval, Cohen's d_z and wins / ties / losses.
"""
from __future__ import annotations

import click

from ..errors import UsageError
from ..measures.evaluate import topic_policy, zero_rel_option
from ..stats.choices import (CORRECTIONS, CORRECTIONS_HELP, EFFECT_LIMITS, TABLE_FORMATS,
                             TEST_SAMPLES, TESTS, WILCOXON_METHODS)
from .common import (LEVEL, SEED, all_topics_option, echo_notes, echo_problems, echo_warnings,
                     evaluate_runs, handle_errors, jobs_options, quiet_option, unused_given,
                     unused_missing)
from .eval_inputs import context_options
from .paths import SCORES_INPUT, InputPath, OutputPath


def scores_from_inputs(inputs: tuple[str, ...], scores: str | None, measures: tuple[str, ...],
                       options: dict, min_runs: int = 1, all_topics: bool = False):
    """The per-topic table from ``--scores`` or from evaluating ``QRELS RUN...`` (the topic
    policy of ``eval``; ``all_topics`` is ``-c``)."""
    if scores is not None:
        if inputs:
            raise UsageError("give either --scores FILE or QRELS RUN..., not both")
        from ..stats.matrix import read_scores

        echo_warnings(unused_options(scores, None, measures))
        return read_scores(scores)
    if len(inputs) < 1 + min_runs:
        raise UsageError(f"expected QRELS and at least {min_runs} run file(s), or --scores FILE")
    if not measures:
        context = click.get_current_context(silent=True)
        command = context.info_name if context else "the command"
        raise UsageError(f"{command} needs the measures named with -m (it chooses no default "
                         "set, unlike eval), e.g. -m AP; `sdreval measures` lists them")
    from .eval_inputs import build_context, load_inputs

    ctx = build_context(options)
    for warning in unused_options(None, inputs[0], measures):
        ctx.warn(warning)
    qrels, runs, log = load_inputs(inputs[0], inputs[1:], options)
    echo_problems(log)
    table = evaluate_runs(qrels, runs, measures, ctx, all_topics=all_topics,
                          jobs=options.get("jobs", 1), scheduler=options.get("scheduler"))
    echo_warnings(ctx.warnings)
    from ..stats.matrix import check_scored

    check_scored(table, [run.name for run in runs])
    echo_notes([f"per-topic scores over {topic_policy(all_topics, zero_rel_option(ctx))}"])
    return table


def unused_options(scores: str | None, qrels: str | None, measures) -> list[str]:
    """Warnings for options that change nothing, as ``eval`` gives them: evaluating ``qrels``,
    the measure defaults no measure takes and ``--pool-policy`` without INEX assessments
    (:func:`.eval_inputs.unused_param_options`, :func:`.eval_inputs.unused_pool_policy`;
    ``--documents`` is warned of while reading); reading ``scores``, every evaluation option
    given on the command line (nothing is evaluated)."""
    from .eval_inputs import unused_param_options, unused_pool_policy

    context = click.get_current_context(silent=True)
    if context is None:
        return []
    if scores is None:
        return [w for w in unused_param_options(context.params, measures)
                + [unused_pool_policy([qrels])] if w]
    evaluating = {p.name for options in (context_options, jobs_options)
                  for p in options(lambda **_: None).__click_params__} | {"all_topics"}
    return unused_given(dict.fromkeys(evaluating, f"the per-topic scores are read from "
                                                  f"--scores {scores}, nothing is evaluated"))


EXAMPLES = """\b
Examples:
  sdreval compare qrels.tsv run1.txt run2.txt run3.txt -m MAep --test t --correction by
  sdreval compare qrels.tsv runs/*.txt -m MAep -m nxCG@10 --test bootstrap --samples 20000
  sdreval compare --scores scores.csv -m MAep --test wilcoxon --format csv
  sdreval compare qrels.tsv bm25.txt new1.txt new2.txt -m MAep --baseline bm25
"""

HELP = f"""Test every pair of runs for a significant difference (QRELS RUN... or --scores).

    Each record adds the mean difference run_a − run_b (diff) and its interval at 1 − level
    (diff_ci_low, diff_ci_high: the paired t interval with --test t, else the percentile
    bootstrap of the differences; per pair, not adjusted for multiple comparisons), Cohen's
    d_z = mean / standard deviation of the per-topic differences (effect_size; Lakens 2013,
    Eq. 6; {EFFECT_LIMITS}), the topics run_a wins, ties and loses, and direction: 1 where
    the test finds run_a better, -1 run_b (the sign test by wins, Wilcoxon's by signed ranks,
    which can go against the means; the others by the mean difference)."""


@click.command("compare", epilog=EXAMPLES, help=HELP)
@click.argument("inputs", nargs=-1, type=InputPath(exists=True, allow_dash=True))
@click.option("--scores", type=SCORES_INPUT, default=None,
              help="Per-topic scores CSV (run,topic,measure,value) instead of QRELS RUN...")
@click.option("-m", "--measure", "measures", multiple=True,
              help="Measure (repeatable; one correction family per measure).")
@click.option("--test", type=click.Choice(TESTS), default="t", show_default=True,
              help="Paired test over topics (t, Wilcoxon signed-rank, sign, bootstrap, "
                   "randomisation; Ogilvie & Lalmas 2006).")
@click.option("--correction", type=click.Choice(list(CORRECTIONS)), default="by",
              show_default=True, help="Multiple-comparison control over all pairs of a measure ("
                                   f"{CORRECTIONS_HELP}).")
@click.option("--alternative", type=click.Choice(["two-sided", "greater"]),
              default="two-sided", show_default=True,
              help="greater: is the run with the higher mean better?")
@click.option("--level", type=LEVEL, default=0.05, show_default=True,
              help="Significance level of the decisions (reject column).")
@click.option("--samples", type=click.IntRange(min=1), default=TEST_SAMPLES, show_default=True,
              help="Bootstrap / randomisation samples.")
@click.option("--seed", type=SEED, default=0, show_default=True,
              help="Random seed of bootstrap / randomisation resampling.")
@click.option("--wilcoxon-method", type=click.Choice(WILCOXON_METHODS), default="approx",
              show_default=True,
              help="Normal approximation (tie-corrected), exact (refused where differences "
                   "tie), or auto: exact where the non-zero differences do not tie (at most 50).")
@click.option("--missing", type=click.Choice(["error", "drop", "zero"]), default="error",
              show_default=True,
              help="A run without a score on a topic another run has: fail, leave the topic "
                   "out of every test, or score it 0.")
@all_topics_option
@click.option("--baseline", "baselines", multiple=True, metavar="RUN",
              help="Test each run against this run only (repeatable; PyTerrier's baseline=); "
                   "the correction covers those tests.  Records: run_a = the run, run_b = the "
                   "baseline.")
@click.option("--format", "fmt", type=click.Choice(TABLE_FORMATS), default="text",
              help="text: tab-separated records with a header; csv; json records.")
@click.option("-o", "--output", type=OutputPath(dir_okay=False), default=None,
              help="Write to FILE instead of stdout.")
@jobs_options
@context_options
@quiet_option
@handle_errors
def compare_command(inputs, scores, measures, test, correction, alternative, level, samples,
                    seed, wilcoxon_method, missing, all_topics, baselines, fmt, output,
                    **options):
    """``sdreval compare`` (its help: :data:`HELP`)."""
    from ..stats.compare import compare_runs
    from ..stats.output import table_text, write_text
    measures = tuple(dict.fromkeys(measures))  # -m map -m map: once, as eval
    unused = {} if test == "wilcoxon" else \
        {"wilcoxon_method": f"only --test wilcoxon reads it (--test {test})"}
    if test == "t":
        unused |= dict.fromkeys(("samples", "seed"), "--test t resamples nothing (t test, t "
                                                     "interval of the differences)")
    echo_warnings(unused_given(unused))
    if test != "t" and 0 < level < 1:  # before any run is read: the bootstrap interval's need
        from ..stats.bootstrap import enough_resamples

        enough_resamples(samples, 1 - level)
    table = scores_from_inputs(inputs, scores, measures, options, min_runs=2,
                               all_topics=all_topics)
    chosen = list(measures) or None
    baseline = list(baselines) or None
    if chosen is None:
        result = compare_runs(table, None, test, correction, alternative, level, samples, seed,
                              wilcoxon_method, missing, baseline=baseline)
    else:
        import pandas as pd

        from ..progress import track

        result = pd.concat([compare_runs(table, m, test, correction, alternative, level,
                                         samples, seed, wilcoxon_method, missing,
                                         baseline=baseline)
                            for m in track(chosen, "comparing runs")], ignore_index=True)
    # the notes before the records, as eval's: in a terminal they would follow a long table
    if missing != "error":  # which topics the --missing rule dropped or scored 0
        from ..stats.matrix import gap_note, measures_of, score_matrix

        notes = [line for m in chosen or measures_of(table)
                 for line in gap_note(score_matrix(table, m, missing), missing)]
        echo_notes(notes)
        echo_warnings(unused_missing(missing, bool(notes), all_topics))
    if scores is None:  # with QRELS RUN..., beside the note on the topics
        echo_notes([test_rule(result, test, correction, alternative, level, samples, seed,
                              baseline)])
    echo_notes(effect_rule(result))
    from ..stats.compare import direction_notes, resolution_notes

    echo_notes(resolution_notes(result, test, samples, alternative, correction, level))
    echo_notes(direction_notes(result, test))
    write_text(table_text(result, fmt), output)


def effect_rule(result) -> list[str]:
    """The convention behind an effect_size of 0 or ±inf (:data:`EFFECT_LIMITS`), said where
    such a record is printed: d_z = mean / sd is 0/0 or x/0 there."""
    import numpy as np

    if result.empty or "effect_size" not in result:
        return []
    size = result["effect_size"].to_numpy(dtype=float)
    pairs = result["topics"].to_numpy() > 1
    lines = []
    if (pairs & (size == 0) & (result["ties"] == result["topics"]).to_numpy()).any():
        lines.append("every topic ties: p_value 1 and effect_size 0 (the runs cannot be told "
                     "apart; the tests' and d_z's 0/0 taken as no evidence, no effect)")
    if (pairs & np.isinf(size)).any():
        lines.append("effect_size ±inf: every topic differs by the same amount (standard "
                     "deviation 0; null in JSON, which has no infinity)")
    return lines


def test_rule(result, test: str, correction: str, alternative: str, level: float,
              samples: int, seed: int, baseline) -> str:
    """The rule behind p_adjusted and reject, said beside the records: ``paired t test
    (two-sided), Benjamini-Yekutieli correction over the 3 pair(s) of each measure, level
    0.05``."""
    from ..stats.choices import CORRECTION_WORDS, TEST_WORDS

    how = "two-sided" if alternative == "two-sided" else "one-sided: is the higher mean better"
    if test in ("bootstrap", "randomization"):
        how += f"; {samples} samples, seed {seed}"
    tests = int(result.groupby("measure").size().max()) if len(result) else 0
    family = (f"the {tests} test(s) against the baseline" if baseline
              else f"the {tests} pair(s)")
    return (f"{TEST_WORDS[test]} ({how}), {CORRECTION_WORDS[correction]} over {family} of "
            f"each measure, level {level:g}")
