"""``sdreval report QRELS RUN... -o report.html``: the static HTML report, the
summary as trec_eval-like text or LaTeX, and every plot as a file of its own."""
from __future__ import annotations

from pathlib import Path

import click

from ..errors import UsageError
from ..measures.evaluate import coverage_lines, summarise, zero_rel_option
from ..stats.choices import CORRECTIONS, CORRECTIONS_HELP, SAMPLES_HELP
from .common import (LEVEL, POSITIVE_INT, SEED, all_topics_option, echo_notes, echo_problems,
                     echo_status, echo_warnings, handle_errors, jobs_options, quiet_option,
                     unused_given)
from .compare_cmd import unused_options
from .eval_inputs import build_context, context_options, load_inputs
from .paths import SCORES_INPUT, InputPath, WritePath

_PLOTS = ("epgr", "nxcg", "ip", "iprec", "precall", "spanr", "budget", "differences", "diffci",
          "ci", "distribution", "heatmap", "decisions", "swap")


EXAMPLES = """\b
Examples:
  sdreval report qrels.tsv runs/*.txt -o report.html
  sdreval report qrels.tsv runs/*.txt -m MAep -m nxCG@10 --plot-dir figures/ --plot-format pdf
  sdreval report --scores scores.csv --latex-table table.tex --text-table -
  SOURCE_DATE_EPOCH=0 sdreval report qrels.tsv runs/*.txt --no-timestamp -o report.html
"""


@click.command("report", epilog=EXAMPLES)
@click.argument("qrels", required=False, type=InputPath(exists=True, allow_dash=True))
@click.argument("runs", nargs=-1, type=InputPath(exists=True, allow_dash=True))
@click.option("-o", "--output", type=WritePath(dir_okay=False), default=None,
              help="HTML report file (default report.html; without -o, no page is written "
                   "when only --text-table, --latex-table or --plot-dir is asked for).")
@click.option("-m", "--measure", "measures", multiple=True,
              help="Measure (repeatable); default: the usual measures of the runs' unit.")
@click.option("--scores", "scores", type=SCORES_INPUT, default=None,
              help="Per-topic scores CSV (eval -q --format csv) instead of QRELS RUN...")
@click.option("--plot", "plots", multiple=True, type=click.Choice(_PLOTS),
              help="Only these figures (repeatable): ep/gr, nxCG, interpolated precision "
                   "iP[x] of passages, trec_eval's interpolated precision-recall (documents), "
                   "precall, span recall curves (with confidence bands); context-budget "
                   "curves; per-topic "
                   "differences with the baseline; intervals of the differences; intervals "
                   "of the means; per-topic distributions; run × run decisions; decisions "
                   "under every correction; swap rates. Default: all that apply (the last "
                   "three only where they say something).")
@click.option("--no-plots", is_flag=True, help="Tables only.")
@click.option("--plot-dir", type=click.Path(file_okay=False), default=None,
              help="Write every plot as a separate file into this directory (the HTML page "
                   "too only with -o), with captions.txt: each file's caption and the "
                   "report's notes (what the figures are over and what was left out).")
@click.option("--image-format", type=click.Choice(["svg", "png"]), default="svg",
              show_default=True,
              help="Format of the figures embedded in the HTML page (svg: sharp in print).")
@click.option("--plot-format", type=click.Choice(["svg", "pdf", "png"]), default="svg",
              show_default=True,
              help="Format of the files written by --plot-dir (svg or pdf drop into a paper).")
@click.option("--dpi", type=click.IntRange(min=10, max=1200), default=100,
              help="Resolution of PNG figures, in the page and in --plot-dir (300 for "
                   "print), and of the raster parts (heatmaps) of SVG and PDF figures.")
@click.option("--no-timestamp", is_flag=True,
              help="Leave the time out of the page, so that the same inputs give the same "
                   "bytes (or set SOURCE_DATE_EPOCH to print that time instead of now).")
@click.option("--text-table", type=WritePath(dir_okay=False), default=None,
              help="Write the trec_eval-like summary table here ('-' for stdout).")
@click.option("--latex-table", type=WritePath(dir_okay=False), default=None,
              help="Write the LaTeX summary table here ('-' for stdout).")
@click.option("--test", type=click.Choice(["t", "wilcoxon", "sign", "bootstrap",
                                           "randomization"]), default="t",
              help="Paired test of the significance marks and figures.")
@click.option("--correction", type=click.Choice(list(CORRECTIONS)), default="by",
              show_default=True, help="Multiple-comparison correction over the tests of a "
                                      f"measure against the baseline ({CORRECTIONS_HELP}).")
@click.option("--level", type=LEVEL, default=0.05, help="Significance level.")
@click.option("--samples", type=POSITIVE_INT, default=None, help=SAMPLES_HELP)
@click.option("--seed", type=SEED, default=0,
              help="Random seed of bootstrap resampling and swap-rate topic sets.")
@all_topics_option
@click.option("--baseline", default=None, metavar="RUN",
              help="Test every run against this run (default: the first run), as "
                   "PyTerrier's baseline=; the correction covers those tests.")
@click.option("--title", default="sdreval report", help="Title of the HTML page.")
@jobs_options
@context_options
@quiet_option
@handle_errors
def report_command(qrels, runs, output, measures, scores, plots, no_plots, plot_dir,
                   image_format, plot_format, dpi, no_timestamp, text_table, latex_table, test,
                   correction, level, samples, seed, all_topics, baseline, title, **options):
    """Write a self-contained HTML report of RUNS against QRELS: the summary table with
    significance marks against the baseline, each run's tests against it (difference,
    interval, effect size, wins/ties/losses), one figure per kind, per-topic tables."""
    from ..report import html as report_html

    if output == "-":  # WritePath keeps "-" as standard output; the page is a file
        raise UsageError("-o -: the HTML page is written to a file, not standard output; "
                         "give a file name, or --text-table - for the summary table on "
                         "standard output")
    if no_plots and (plots or plot_dir):
        raise UsageError(f"--no-plots and {'--plot' if plots else '--plot-dir'} contradict each "
                         "other: --no-plots draws no figure; give one of them")
    page = output is not None or not (text_table or latex_table or plot_dir)
    # tables only: no figure is drawn, so none is computed (nor warned about)
    wanted = () if no_plots or not (page or plot_dir) else \
        (tuple(plots) or report_html.PLOT_KINDS)
    echo_warnings(unused_given(_unused_figure_options(wanted, page, plot_dir)))
    common = dict(test=test, correction=correction, level=level, samples=samples, seed=seed,
                  plots_wanted=wanted, title=title, baseline=baseline)
    if scores:
        if qrels or runs:
            raise UsageError("give either --scores FILE or QRELS RUN..., not both")
        echo_warnings(unused_options(scores, None, measures))
        data = report_html.report_data(_read_scores(scores), measures=list(measures) or None,
                                       settings={"scores": scores}, **common)
    else:
        if not qrels or not runs:
            raise UsageError("give QRELS and at least one RUN (or --scores FILE)")
        ctx = build_context(options)
        qrels_obj, run_objs, log = load_inputs(qrels, runs, options)
        echo_problems(log)
        chosen = list(measures) or report_html.default_measures(run_objs, qrels_obj)
        # as eval: defaults too, and the measures the figures draw
        echo_warnings(unused_options(None, qrels, report_html.report_measures(
            qrels_obj, run_objs, chosen, wanted, ctx)))
        try:
            data = report_html.build_report(qrels_obj, run_objs, chosen or None, ctx,
                                            all_topics=all_topics, jobs=options.get("jobs", 1),
                                            scheduler=options.get("scheduler"), **common)
        finally:  # before an error too: a warning often says why (topics not in the qrels)
            echo_warnings(ctx.warnings)
        data.settings.update(input_settings(options))
        if not measures:
            echo_notes([f"no -m given: reporting {', '.join(data.measures)} (choose others "
                        "with -m)"])
        coverage = coverage_lines(summarise(data.results, counts=True), all_topics,
                                  zero_rel_option(ctx))
        data.notes.extend(line.strip() for line in coverage)
        echo_notes(coverage)
    _write_tables(data, text_table, latex_table)
    if page:
        path = report_html.write_report(data, output or "report.html", image_format, dpi,
                                        timestamp=not no_timestamp)
        echo_status(f"report written to {path}")
    if plot_dir:  # after the page: the figures it rendered are reused
        count = _write_plot_files(data, Path(plot_dir), plot_format, dpi)
        echo_status(f"{count} figure(s) and captions.txt written to {plot_dir}")


def _read_scores(path: str):
    from ..stats import read_scores

    return read_scores(path)


def _unused_figure_options(wanted, page: bool, plot_dir) -> dict[str, str]:
    """The figure options (name → why) that change nothing: no figure is drawn, no page for
    --image-format, no --plot-dir for --plot-format (--dpi also sets the raster images, the
    heatmaps, of SVG and PDF figures)."""
    if not wanted:
        return dict.fromkeys(("image_format", "plot_format", "dpi"), "no figure is drawn "
                             "(--no-plots, or only tables asked for)")
    unused = {}
    if not page:
        unused["image_format"] = "no HTML page is written (give -o for one)"
    if not plot_dir:
        unused["plot_format"] = "no --plot-dir: it sets the format of the figure files"
    return unused


#: options that change what is evaluated, with the words the report's settings table uses
_INPUT_SETTINGS = (("collection_dir", "collection"), ("collection_elements", "collection elements"),
                   ("navigation", "navigation model"), ("chunk_map", "chunk maps"),
                   ("documents", "documents"), ("span_unit", "span unit"),
                   ("depth", "depth (-M)"), ("rel_level", "relevance level (-l)"),
                   ("zero_rel", "topics with nothing relevant"), ("strict", "strict"),
                   ("pool_policy", "pool policy"))


def input_settings(options: dict) -> dict[str, str]:
    """The files and options of ``eval``'s context that were given, for the report's settings
    table (a reader must see which chunk maps, documents or collection made the numbers)."""
    out = {}
    for key, label in _INPUT_SETTINGS:
        value = options.get(key)
        if value in (None, False, ()) or (key, value) in (("span_unit", "chars"),
                                                          ("pool_policy", "main")):
            continue
        if key == "zero_rel":
            value = "score 0 and count in the means (--zero-rel-as-zero, as trec_eval)"
        elif key == "strict":
            value = "runs that break a task's rules rejected (--strict)"
        settings_value = "\n".join(map(str, value)) if isinstance(value, tuple) else str(value)
        out[label] = settings_value
    return out


def _write_tables(data, text_table: str | None, latex_table: str | None) -> None:
    from ..report.page import tables_significance
    from ..report.tables import format_latex_table, format_text_table

    for target, render in ((text_table, format_text_table), (latex_table, format_latex_table)):
        if not target:
            continue
        text = render(data.results, data.compare, data.measures,
                      significance=tables_significance(data))
        if target == "-":
            click.echo(text, nl=False)
        else:
            Path(target).write_text(text, encoding="utf-8")


#: the captions of the figures --plot-dir writes, and the report's notes, in that directory
CAPTIONS_FILE = "captions.txt"


def _write_plot_files(data, directory: Path, fmt: str, dpi: int = 100) -> int:
    """Every plot of the report as its own file (``<kind>[-<measure>].<fmt>``), each drawn
    once for the page and the files when the formats agree; returns how many."""
    from ..report import html as report_html
    from ..progress import track

    directory.mkdir(parents=True, exist_ok=True)
    makers = report_html.plot_makers(data)
    captions = report_html.figure_captions(data)
    lines = []
    for key in track(makers, "writing plot files"):
        safe = "".join(ch if ch.isalnum() or ch in "-_.@" else "_" for ch in key)
        (directory / f"{safe}.{fmt}").write_bytes(
            report_html.figure_data(data, key, makers[key], fmt, dpi))
        lines.append(f"{safe}.{fmt}: {captions.get(key, ('', key))[1]}")
    # the captions and notes state the rules the figures follow (bands, topics, tests): a
    # reader of the files alone would lose them
    notes = [f"- {note}" for note in data.notes]
    (directory / CAPTIONS_FILE).write_text(
        "\n".join(lines + (["", "Notes:"] + notes if notes else [])) + "\n", encoding="utf-8")
    return len(lines)
