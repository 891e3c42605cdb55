"""``sdreval budget QRELS RUNS... [--budgets 128,...,8192] [--plot FILE]``: context-budget
curves — span recall and precision against the length budget, per run, with bootstrap CIs."""
from __future__ import annotations

import click

from ..stats.choices import CI_SAMPLES
from .common import (all_topics_option, confidence_level_caveat, echo_notes, echo_problems,
                     echo_warnings, handle_errors, quiet_option)
from .eval_inputs import (build_context, context_options, load_inputs, unused_param_options,
                          unused_pool_policy)
from .paths import InputPath, WritePath

EXAMPLES = """\b
Examples:
  sdreval budget qrels.jsonl runs/fixed.txt runs/sentence.txt --chunk-map chunks/fixed.jsonl \\
      --chunk-map chunks/sentence.jsonl --budgets 128,256,512,1024 --plot budget.png
  sdreval budget gold.jsonl run.jsonl --documents docs.jsonl --span-unit tokens:cl100k_base
"""


@click.command("budget", epilog=EXAMPLES)
@click.argument("qrels", type=InputPath(exists=True, allow_dash=True))
@click.argument("runs", nargs=-1, required=True,
                type=InputPath(exists=True, dir_okay=False, allow_dash=True))
@click.option("--budgets", default="128,256,512,1024,2048,4096,8192", show_default=True,
              help="Budgets N (characters, or tokens with --span-unit), comma-separated.")
@click.option("--level", type=click.FloatRange(0, 1, min_open=True, max_open=True),
              default=0.95, show_default=True, help="Confidence level of the intervals.")
@click.option("--samples", type=click.IntRange(min=100), default=CI_SAMPLES, show_default=True,
              help="Bootstrap resamples of each interval of a mean (Vu & Gallinari 2005).")
@click.option("--plot", "plot_path", type=WritePath(dir_okay=False), default=None,
              help="Also draw the curves (PNG, SVG or PDF by the file's suffix).")
@all_topics_option
@context_options
@quiet_option
@handle_errors
def budget_command(qrels, runs, budgets, level, samples, plot_path, all_topics, **options):
    """Span recall SpanR(budget=N) and precision SpanP(budget=N) of RUNS for every budget N:
    mean over queries and percentile-bootstrap CI, one line per run, measure and budget."""
    from ..report.budget import BUDGET_MEASURES, budget_curve, parse_budgets, plot_budget_curve

    points = parse_budgets(budgets)
    echo_warnings(confidence_level_caveat(level))
    ctx = build_context(options)
    names = [f"{m}(budget={points[0]})" for m in BUDGET_MEASURES]  # the options they take
    for warning in unused_param_options(options, names) + [unused_pool_policy([qrels])]:
        if warning:
            ctx.warn(warning)
    qrels_obj, run_objs, log = load_inputs(qrels, runs, options, ctx.collection)
    echo_problems(log)
    curve = budget_curve(qrels_obj, run_objs, points, ctx, all_topics, level, samples)
    echo_warnings(ctx.warnings)
    from ..measures.evaluate import topic_policy, zero_rel_option

    echo_notes([f"means over {topic_policy(all_topics, zero_rel_option(ctx))} (topics: how "
                f"many each covers); intervals: percentile bootstrap over the topics, "
                f"{samples} samples, seed 0"])
    unit = "characters" if (options.get("span_unit") or "chars") == "chars" else \
        options["span_unit"]
    click.echo("run\tmeasure\tbudget\tmean\tci_low\tci_high\ttopics")
    for row in curve.itertuples(index=False):
        click.echo(f"{row.run}\t{row.measure}\t{row.budget}\t{row.mean:.4f}\t{row.ci_low:.4f}"
                   f"\t{row.ci_high:.4f}\t{row.topics}")
    if plot_path:
        fig = plot_budget_curve(curve, unit, level=level)
        fig.savefig(plot_path)
        echo_notes([f"budget curves drawn in {plot_path} (budgets in {unit})"])
