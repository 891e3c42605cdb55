"""``sdreval report QRELS RUN... -o report.html`` (SPEC §11): the static HTML report, the
summary as trec_eval-like text or LaTeX, and every plot as a file of its own."""
from __future__ import annotations

from pathlib import Path

import click

from ..errors import UsageError
from ..measures.evaluate import coverage_lines, summarise
from .common import (LEVEL, POSITIVE_INT, SEED, echo_notes, echo_problems, echo_warnings,
                     handle_errors)
from .eval_cmd import build_context, context_options, load_inputs

_PLOTS = ("epgr", "nxcg", "ip", "precall", "spanr", "distribution", "ci", "heatmap", "decisions",
          "swap")


@click.command("report")
@click.argument("qrels", required=False, type=click.Path(exists=True))
@click.argument("runs", nargs=-1, type=click.Path(exists=True, dir_okay=False))
@click.option("-o", "--output", type=click.Path(dir_okay=False), default=None,
              help="HTML report file (default report.html unless only tables are asked for).")
@click.option("-m", "--measure", "measures", multiple=True,
              help="Measure (repeatable); default: the usual measures of the runs' unit.")
@click.option("--scores", "scores", type=click.Path(exists=True, dir_okay=False), default=None,
              help="Per-topic scores CSV (eval -q --format csv) instead of QRELS RUN...")
@click.option("--plot", "plots", multiple=True, type=click.Choice(_PLOTS),
              help="Only these plots (repeatable): ep/gr, nxCG, interpolated precision, "
                   "precall, span recall curves, per-topic distributions, CIs, significance heatmaps, "
                   "corrected decisions, swap rates. Default: all that apply.")
@click.option("--no-plots", is_flag=True, help="Tables only.")
@click.option("--plot-dir", type=click.Path(file_okay=False), default=None,
              help="Also write every plot as a separate file into this directory.")
@click.option("--image-format", type=click.Choice(["png", "svg"]), default="png")
@click.option("--text-table", type=click.Path(dir_okay=False), default=None,
              help="Write the trec_eval-like summary table here ('-' for stdout).")
@click.option("--latex-table", type=click.Path(dir_okay=False), default=None,
              help="Write the LaTeX summary table here ('-' for stdout).")
@click.option("--test", type=click.Choice(["t", "wilcoxon", "sign", "bootstrap",
                                           "randomization"]), default="t")
@click.option("--correction", type=click.Choice(["by", "bh", "holm", "bonferroni", "none"]),
              default="by", help="Multiple-comparison correction per measure "
                                 "(default by: Benjamini-Yekutieli, as sdreval compare).")
@click.option("--level", type=LEVEL, default=0.05, help="Significance level.")
@click.option("--samples", type=POSITIVE_INT, default=10_000,
              help="Bootstrap/randomisation samples.")
@click.option("--seed", type=SEED, default=0)
@click.option("-c", "all_topics", is_flag=True,
              help="Average over every qrels topic with something relevant (topics a run "
                   "did not answer score 0); default: the answered ones.")
@click.option("--title", default="sdreval report")
@context_options
@handle_errors
def report_command(qrels, runs, output, measures, scores, plots, no_plots, plot_dir,
                   image_format, text_table, latex_table, test, correction, level, samples,
                   seed, all_topics, title, **options):
    """Write a self-contained HTML report of RUNS against QRELS (summary table, significance
    matrix, plots, per-topic tables)."""
    from ..report import html as report_html

    wanted = () if no_plots else (tuple(plots) or report_html.PLOT_KINDS)
    common = dict(test=test, correction=correction, level=level, samples=samples, seed=seed,
                  plots_wanted=wanted, title=title)
    if scores:
        if qrels or runs:
            raise UsageError("give either --scores FILE or QRELS RUN..., not both")
        data = report_html.report_data(_read_scores(scores), measures=list(measures) or None,
                                       settings={"scores": scores}, **common)
    else:
        if not qrels or not runs:
            raise UsageError("give QRELS and at least one RUN (or --scores FILE)")
        ctx = build_context(options)
        qrels_obj, run_objs, log = load_inputs(qrels, runs, options)
        echo_problems(log)
        data = report_html.build_report(qrels_obj, run_objs, list(measures) or None, ctx,
                                        all_topics=all_topics, **common)
        echo_warnings(ctx.warnings)
        coverage = coverage_lines(summarise(data.results, counts=True), all_topics)
        data.notes.extend(line.strip() for line in coverage)
        echo_notes(coverage)
    _write_tables(data, text_table, latex_table)
    if plot_dir:
        _write_plot_files(data, Path(plot_dir), image_format)
    if output is None and (text_table or latex_table or plot_dir):
        return
    path = report_html.write_report(data, output or "report.html", image_format)
    click.echo(f"sdreval: report written to {path}", err=True)


def _read_scores(path: str):
    from ..stats import read_scores

    return read_scores(path)


def _write_tables(data, text_table: str | None, latex_table: str | None) -> None:
    from ..report.tables import format_latex_table, format_text_table

    for target, render in ((text_table, format_text_table), (latex_table, format_latex_table)):
        if not target:
            continue
        text = render(data.results, data.compare, data.measures,
                      significance=f"{data.settings.get('test')} test, "
                                   f"{data.settings.get('correction')} correction, level "
                                   f"{data.settings.get('level')}")
        if target == "-":
            click.echo(text, nl=False)
        else:
            Path(target).write_text(text, encoding="utf-8")


def _write_plot_files(data, directory: Path, fmt: str) -> None:
    """Every plot of the report as its own file (``<kind>[-<measure>].<fmt>``)."""
    from ..report import bridge, plots

    directory.mkdir(parents=True, exist_ok=True)
    figures = []
    drawers = {"epgr": plots.plot_ep_gr, "nxcg": plots.plot_nxcg,
               "ip": plots.plot_interpolated_precision, "precall": plots.plot_precall,
               "spanr": plots.plot_span_recall}
    for key, (_, table) in data.curves.items():
        if key in data.plots:
            figures.append((key, drawers[key](table)))
    for measure in data.measures:
        rows = data.results[data.results["measure"].astype(str) == measure]
        if "distribution" in data.plots:
            figures.append((f"distribution-{measure}",
                            plots.plot_topic_distribution(data.results, measure)))
        if "ci" in data.plots:
            intervals = bridge.bootstrap_ci(rows, samples=data.samples, seed=data.seed)
            figures.append((f"ci-{measure}", plots.plot_confidence_intervals(intervals,
                                                                             measure)))
        if "heatmap" in data.plots and data.compare is not None and \
                data.compare.loc[data.compare["measure"] == measure, "p_adjusted"].notna().any():
            figures.append((f"heatmap-{measure}",
                            plots.plot_significance_heatmap(data.compare, measure, data.level)))
    if "decisions" in data.plots and data.decisions is not None and not data.decisions.empty:
        figures.append(("decisions", plots.plot_significance_decisions(data.decisions)))
    if "swap" in data.plots and data.swaps is not None and not data.swaps.empty:
        figures.append(("swap", plots.plot_swap_rates(data.swaps)))
    for name, fig in figures:
        safe = "".join(ch if ch.isalnum() or ch in "-_.@" else "_" for ch in name)
        (directory / f"{safe}.{fmt}").write_bytes(plots.figure_bytes(fig, fmt))
