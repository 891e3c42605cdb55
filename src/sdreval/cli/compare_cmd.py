"""``sdreval compare``: significance of every pair of runs.

``sdreval compare QRELS RUN... -m MEASURE`` evaluates the runs first (every qrels topic counts,
missing topics score 0, as ``eval -c``: paired tests need every run on every topic);
``sdreval compare --scores PER_TOPIC.csv -m MEASURE`` reads scores as ``eval -q --format csv``
writes them.
"""
from __future__ import annotations

import click

from ..errors import UsageError
from ..stats.compare import compare_runs
from ..stats.correction import CORRECTIONS
from ..stats.matrix import read_scores
from ..stats.output import TABLE_FORMATS, table_text, write_text
from ..stats.paired import TESTS, WILCOXON_METHODS
from .common import echo_warnings, evaluate_runs, handle_errors, quiet_option
from .eval_cmd import context_options


def scores_from_inputs(inputs: tuple[str, ...], scores: str | None, measures: tuple[str, ...],
                       options: dict, min_runs: int = 1):
    """The per-topic table from ``--scores`` or from evaluating ``QRELS RUN...``."""
    if scores is not None:
        if inputs:
            raise UsageError("give either --scores FILE or QRELS RUN..., not both")
        return read_scores(scores)
    if len(inputs) < 1 + min_runs:
        raise UsageError(f"expected QRELS and at least {min_runs} run file(s), or --scores FILE")
    if not measures:
        raise UsageError("-m MEASURE is required with QRELS RUN...")
    from .eval_cmd import build_context, load_inputs

    ctx = build_context(options)
    qrels, runs, log = load_inputs(inputs[0], inputs[1:], options)
    echo_warnings([str(p) for p in log.warnings])
    names = [run.name for run in runs]
    duplicated = sorted({n for n in names if names.count(n) > 1})
    if duplicated:
        raise UsageError(f"several run files have the same run name: {', '.join(duplicated)}")
    table = evaluate_runs(qrels, runs, measures, ctx, all_topics=True)
    echo_warnings(ctx.warnings)
    return table


EXAMPLES = """\b
Examples:
  sdreval compare qrels.tsv run1.txt run2.txt run3.txt -m MAep --test t --correction by
  sdreval compare qrels.tsv runs/*.txt -m MAep -m nxCG@10 --test bootstrap --samples 20000
  sdreval compare --scores scores.csv -m MAep --test wilcoxon --format csv
"""


@click.command("compare", epilog=EXAMPLES)
@click.argument("inputs", nargs=-1, type=click.Path(exists=True, dir_okay=False))
@click.option("--scores", type=click.Path(exists=True, dir_okay=False), default=None,
              help="Per-topic scores CSV (run,topic,measure,value) instead of QRELS RUN...")
@click.option("-m", "--measure", "measures", multiple=True,
              help="Measure (repeatable; one correction family per measure).")
@click.option("--test", type=click.Choice(TESTS), default="t", show_default=True,
              help="Paired test over topics (t, Wilcoxon signed-rank, sign, bootstrap, "
                   "randomisation; Ogilvie & Lalmas 2006).")
@click.option("--correction", type=click.Choice(list(CORRECTIONS)), default="by",
              show_default=True, help="Multiple-comparison control over all pairs.")
@click.option("--alternative", type=click.Choice(["two-sided", "greater"]),
              default="two-sided", show_default=True,
              help="greater: is the run with the higher mean better?")
@click.option("--level", type=float, default=0.05, show_default=True,
              help="Significance level of the decisions (reject column).")
@click.option("--samples", type=click.IntRange(min=1), default=10_000, show_default=True,
              help="Bootstrap / randomisation samples.")
@click.option("--seed", type=int, default=0, show_default=True,
              help="Random seed of bootstrap / randomisation resampling.")
@click.option("--wilcoxon-method", type=click.Choice(WILCOXON_METHODS), default="approx",
              show_default=True, help="Normal approximation, exact, or exact where no ties.")
@click.option("--missing", type=click.Choice(["error", "drop", "zero"]), default="error",
              show_default=True, help="--scores: a run without a topic's score.")
@click.option("--format", "fmt", type=click.Choice(TABLE_FORMATS), default="text",
              help="text: tab-separated records with a header; csv; json records.")
@click.option("-o", "--output", default=None, help="Write to FILE instead of stdout.")
@context_options
@quiet_option
@handle_errors
def compare_command(inputs, scores, measures, test, correction, alternative, level, samples,
                    seed, wilcoxon_method, missing, fmt, output, **options):
    """Test every pair of runs for a significant difference (QRELS RUN... or --scores)."""
    table = scores_from_inputs(inputs, scores, measures, options, min_runs=2)
    if not 0 < level < 1:
        raise UsageError(f"--level must be in (0, 1), got {level}")
    chosen = list(measures) or None
    if chosen is None:
        result = compare_runs(table, None, test, correction, alternative, level, samples, seed,
                              wilcoxon_method, missing)
    else:
        import pandas as pd

        from ..stats._progress import track

        result = pd.concat([compare_runs(table, m, test, correction, alternative, level,
                                         samples, seed, wilcoxon_method, missing)
                            for m in track(chosen, "comparing runs")], ignore_index=True)
    write_text(table_text(result, fmt), output)
