"""``sdreval eval QRELS RUN... -m MEASURE...``: how the runs are evaluated (the default
measures, whole or streamed, in one process or split among workers) and written; the options
and inputs it shares with the other evaluating commands are in :mod:`.eval_inputs`."""
from __future__ import annotations

import os
from contextlib import contextmanager

import click

from ..errors import InputError, ProblemLog, SdrevalError, UsageError
from ..io import read_qrels
from ..lazy import decline_arrow_pandas_probe, import_pyarrow_without_cloudpickle
from ..measures import parse_measure
from ..measures.defaults import default_measures, run_kind
from ..measures.evaluate import (coverage_lines, summarise, summarise_columns,
                                 zero_rel_option)
from ..measures.results import ResultColumns
from ..orchestrate.inputs import check_input_topics
from ..report.output import COLUMN_FORMATS, FORMATS, check_target, write_results
from .common import (all_topics_option, echo_notes, echo_problems, echo_warnings, evaluate_runs,
                     handle_errors, jobs_options, quiet_option)
from .eval_inputs import (build_context, context_options, in_tokens, input_kinds, load_inputs,
                          qrels_options, unused_param_options, unused_pool_policy,
                          warn_unused_documents)
from .paths import InputPath, OutputPath
from .summary_options import summary_options, table_options


EXAMPLES = """\b
Examples:
  sdreval eval qrels.tsv run1.txt run2.txt -m nxCG@10 -m MAep -m "Q(beta=10)"
  sdreval eval qrels.tsv run.txt -m "MAep(quant=sog,overlap=off)" -q --format csv -o scores.csv
  sdreval eval inex2010.qrels run.txt -m MAiP -m iP@0.01 -m "MAgP(task=bic)"
  sdreval eval qrels.tsv runs/*.txt -m inex_eval --collection docs/ --format table
  sdreval eval qrels.txt bm25.run -m map -m P_10 -m ndcg_cut_10 --order rsv -M 1000 -l 2
  sdreval eval qrels.txt bm25.run dense.run        # no -m: a default set for the data
"""


def chosen_measures(qrels, units: list[str], ctx, options: dict,
                    files: list[str] | None = None) -> list[str]:
    """The default measures for the data (``files``: the runs' files), said on stderr."""
    kind, names = default_measures(qrels, units, files)
    say_chosen(kind, names, ctx, options)
    return names


def say_chosen(kind: str, names: list[str], ctx, options: dict) -> None:
    """Name the default set on stderr (a note: --quiet silences it); options that no measure
    of it takes: warned in ``ctx``."""
    echo_notes([f"no -m given: evaluating the {kind}-run set {', '.join(names)} "
                "(choose others with -m)"])
    for warning in unused_param_options(options, names):
        ctx.warn(warning)


def file_unit(path: str, fmt: str | None, detected: str | None = None) -> str:
    """The unit of a run file from its forced or ``detected`` format, without reading it."""
    from ..io.detect import RUN_FORMATS, detect_format, normalise_format

    kind = normalise_format(fmt, RUN_FORMATS) if fmt else detected or detect_format(path)
    return {"passage-run": "passage", "document-run": "document",
            "table-run": "document"}.get(kind, "element")


def detected_formats(runs: tuple[str, ...], options: dict, parallel: bool = False
                     ) -> dict[str, str]:
    """The format of each run file, detected once (none when ``--run-format`` forces one);
    with ``parallel``, Parquet table runs are left out (read file by file by the workers:
    :mod:`sdreval.orchestrate.parquet`); span and chunk runs are read whole, by their reader."""
    from ..io.detect import detect_format
    from ..orchestrate.parquet import dataset_files

    if options.get("run_format"):
        return {}
    found = {path: detect_format(path, "run") for path in runs}
    return {path: kind for path, kind in found.items()
            if not (parallel and kind == "table-run" and dataset_files(path))}


def _span_inputs_given(formats: dict[str, str], options: dict) -> bool:
    """Span and chunk inputs are read whole (the streaming reader takes TREC-like runs)."""
    from ..io.detect import RUN_FORMATS

    forced = options.get("run_format")
    if forced:
        return forced.lower() in ("span-run", "chunk-run", "span", "chunk")
    kinds = set(formats.values())
    return bool(kinds & {"span-run", "chunk-run"}) or not kinds <= set(RUN_FORMATS)


def _tables_given(formats: dict[str, str], options: dict) -> bool:
    """Runs given as tables (:mod:`sdreval.io.doc_tables`) or JSON objects are read whole."""
    forced = options.get("run_format")
    return (forced.lower() in ("table-run", "table", "run-table", "ranx-json", "json")
            if forced else bool({"table-run", "ranx-json"} & set(formats.values())))


def _split_runs(runs: tuple[str, ...], formats: dict[str, str], options: dict,
                measures: tuple[str, ...]) -> list[str] | None:
    """The layouts of the run files when each is a plain TREC text run that workers can read
    in byte ranges (:mod:`sdreval.orchestrate.ranges`), else None (also for element runs
    without ``-m``: their default measures depend on their results)."""
    from ..io.detect import RUN_FORMATS, normalise_format
    from ..orchestrate.ranges import splittable

    forced = options.get("run_format")
    forced = normalise_format(forced, RUN_FORMATS) if forced else None
    layouts = [splittable(path, forced or formats.get(path)) for path in runs]
    if not all(layouts) or (not measures and "element" in layouts):
        return None
    return layouts  # type: ignore[return-value]


def _evaluate_split(qrels: str, runs: tuple[str, ...], layouts: list[str], measures, ctx,
                    all_topics: bool, jobs: int, scheduler: str | None, options: dict,
                    dataset: str | None = None):
    """The per-topic table of run files read in byte ranges by the workers (the qrels read
    here, once), or with ``dataset`` the means (the per-topic rows written there by the
    workers); None for document runs (TREC or Parquet tables) against span qrels (read whole,
    to check their ids)."""
    from ..orchestrate.ranges import evaluate_run_files

    log = ProblemLog()
    qrels_obj = read_qrels(qrels, fmt=options.get("qrels_format"), log=log,
                           **qrels_options(options, ctx.collection))
    _raise_read_errors(log, runs, options, [layout != "parquet" for layout in layouts])
    warn_unused_documents(log, qrels, runs, options)
    if qrels_obj.scale == "fol" and {"document", "parquet"} & set(layouts):
        return None  # chunk-ID runs (TREC or table) are told by all their results
        # (check_chunk_ids); a Parquet run here is a document table (span runs: read whole)
    check_input_topics(qrels_obj, [])
    kind = None
    if not measures:
        kind, measures = default_measures(qrels_obj, layouts, list(runs))
    hints: list[str] = []
    with _read_first(log, kind, measures, ctx, options, hints):
        table = evaluate_run_files(qrels_obj, list(runs), layouts, measures, ctx, all_topics,
                                   jobs, scheduler, log, dataset, hints)
    return table


def _raise_read_errors(log: ProblemLog, runs: tuple[str, ...], options: dict,
                       streamed: list[bool]) -> None:
    """Qrels with read errors: the runs read for their problems too (streamed where they can
    be), then every error raised, as when the qrels and the runs are read before any run is
    evaluated."""
    from ..orchestrate.stream import read_problems

    if log.errors:
        for path, stream in zip(runs, streamed):
            read_problems(path, options.get("run_format"), log, stream)
    log.raise_if_errors()


@contextmanager
def _read_first(log: ProblemLog, kind: str | None, measures, ctx, options: dict,
                said: list[str]):
    """Around an evaluation that reads the runs as it goes: then, as when the runs are read
    before they are evaluated, their problems, ``said`` (runs renamed, hints about their
    order; filled by the evaluation) and the default measures chosen are told before its warnings,
    and before an error of the evaluation (not before the runs' read errors)."""
    try:
        yield
    except SdrevalError as error:
        if not (isinstance(error, InputError) and error.logged_in is log):
            _tell_read(log, kind, measures, ctx, options, said)
        raise
    _tell_read(log, kind, measures, ctx, options, said)


def _tell_read(log: ProblemLog, kind: str | None, measures, ctx, options: dict,
               said: list[str]) -> None:
    echo_problems(log)
    echo_warnings(said)  # in the log of the runs read whole: told with their problems
    if kind:  # after the read problems, where the command says it when it reads the runs
        say_chosen(kind, measures, ctx, options)


@click.command("eval", epilog=EXAMPLES)
@click.argument("qrels", type=InputPath(exists=True, allow_dash=True))
@click.argument("runs", nargs=-1, required=True,
                type=InputPath(exists=True, allow_dash=True))
@click.option("-m", "--measure", "measures", multiple=True,
              help="Measure name, e.g. nxCG@10, MAep(quant=sog), iP@0.01, or trec_eval's and "
                   "ir_measures' names (map, P_10, ndcg_cut_10, nDCG@10, R@100) (repeatable). "
                   "Default: a set chosen from the data (document runs: AP, nDCG@10, P@10, "
                   "RR, R@100, Judged@10; element runs: MAep, nxCG@5..50; passage runs or "
                   "passage qrels: MAiP, iP@0.00..0.10; span/chunk runs: SpanP@5, SpanR@5, "
                   "SpanIoU@5, SpanRR(tau=0.5), CharMAP), named on stderr.")
@click.option("-q", "per_topic", is_flag=True, help="Add per-topic rows to the means.")
@all_topics_option
@click.option("--format", "fmt", type=click.Choice(FORMATS), default="text",
              help="text: trec_eval-like run/measure/topic/value lines; table: runs × "
                   "measures (with -q, a line per topic); csv, json, parquet (needs -o): the "
                   "tidy table; latex: a booktabs table; trec_eval: trec_eval's own layout "
                   "(measure, topic, value; runid and num_q rows; one block per run).")
@click.option("-o", "--output", type=OutputPath(), default=None,
              help="Write to FILE instead of stdout; with --format parquet, a directory "
                   "(DIR/, new or empty) gets the per-topic rows of -q one file per "
                   "partition and the means in part-means.parquet (docs/scale.md).")
@jobs_options
@click.option("--stream/--no-stream", "stream", default=None,
              help="Evaluate each run one topic at a time, in bounded memory (runs one after "
                   "another; with --jobs/--scheduler each worker reads byte ranges of TREC "
                   "text runs, refused for other runs). Default: only runs larger than "
                   "512 MB are streamed (docs/streaming.md, docs/scale.md).")
@context_options
@quiet_option
@handle_errors
@summary_options
def eval_command(qrels, runs, measures, per_topic, all_topics, fmt, output, jobs, scheduler,
                 stream, **options):
    """Evaluate RUNS against QRELS on the given measures (means; -q adds per-topic rows).

    Measure names as in `sdreval measures`: parameters in parentheses before any cut-off,
    e.g. nxCG@10, MAep(quant=sog), gP(task=bic)@5; trec_eval's and ir_measures' names too
    (map, P_10, ndcg_cut_10, nDCG@10, R@100).  A file named - is read from standard input
    (gzip-compressed too)."""
    if fmt == "trec_eval":
        from ..report.trec_format import check_names, printed_anyway

        measures = printed_anyway(measures)
        check_names(measures)
    for name in measures:  # a mistyped name is reported before any file is read
        parse_measure(name)
    check_target(fmt, output)
    import_pyarrow_without_cloudpickle()  # every reader uses Arrow
    ctx = build_context(options)
    for warning in unused_param_options(options, measures) + [unused_pool_policy([qrels])]:
        if warning:
            ctx.warn(warning)
    from ..io.stream import should_stream
    from ..orchestrate.dataset import is_dataset, prepare, write_means, write_table

    formats = detected_formats(runs, options, jobs > 1 or bool(scheduler))
    spans = (options.get("chunk_map") or in_tokens(options)  # span qrels with --documents:
             or _span_inputs_given(formats, options)  # read whole, their offsets checked
             or (options.get("documents") and "span-qrels" in input_kinds(qrels, (), options)))
    if spans and stream:
        ctx.warn("--stream does not apply to span inputs (span qrels with --documents, span "
                 "and chunk runs, --chunk-map, --span-unit tokens): the runs are read whole")
    tables = _tables_given(formats, options)  # Parquet/JSONL/CSV runs: read whole, as spans
    if tables and stream:
        ctx.warn("--stream does not apply when a run is a table (Parquet, JSONL, CSV) or a "
                 "JSON object: the runs are read whole")
    dataset = prepare(output, fmt) if is_dataset(output) else None
    split = (jobs > 1 or scheduler) and not spans and _split_runs(runs, formats, options,
                                                                   measures)
    # every worker reads its own byte ranges of the run files (None: span qrels); with a
    # dataset directory and -q, each writes its per-topic rows there (table: the means)
    written = bool(split and dataset and per_topic)
    table = _evaluate_split(qrels, runs, split, measures, ctx, all_topics, jobs, scheduler,
                            options, dataset if written else None) if split else None
    written = written and table is not None
    if table is None and not spans and not tables and (stream or (stream is None
                                                   and any(should_stream(p) for p in runs))):
        from ..orchestrate.stream import evaluate_files

        if jobs > 1 or scheduler:
            limit = os.environ.get("SDREVAL_STREAM_MB")  # as should_stream read it
            limit = f"{limit} MB (SDREVAL_STREAM_MB)" if limit else "512 MB"
            big = "" if stream else f" (a run is larger than {limit}, so it would be streamed)"
            raise UsageError("--jobs/--scheduler evaluate compressed or XML runs read whole "
                             "by this process, --stream one topic at a time in one "
                             f"process{big}: give --no-stream to evaluate in parallel, or "
                             "leave out --jobs/--scheduler to stream (docs/scale.md)")
        if fmt in COLUMN_FORMATS:
            decline_arrow_pandas_probe()  # written without pandas: not imported for Arrow
        log = ProblemLog()
        qrels_obj = read_qrels(qrels, fmt=options.get("qrels_format"), log=log,
                               **qrels_options(options, ctx.collection))
        _raise_read_errors(log, runs, options, [True] * len(runs))
        warn_unused_documents(log, qrels, runs, options, formats)
        kind = None
        if not measures:
            kind, measures = default_measures(qrels_obj, [
                file_unit(p, options.get("run_format"), formats.get(p)) for p in runs],
                list(runs))
        from ..progress import track

        said: list[str] = []  # runs renamed, hints about their order: as when read whole
        with _read_first(log, kind, measures, ctx, options, said):
            # the files are pulled one by one: the bar counts the runs evaluated
            table = evaluate_files(qrels_obj, track(runs, "evaluating runs (streamed)"),
                                   measures, ctx, all_topics, options.get("run_format"), log,
                                   stream, columns=True, said=said)
    elif table is None:
        from ..io.detect import RUN_FORMATS

        known = {path: kind for path, kind in formats.items() if kind in RUN_FORMATS}
        if not spans and jobs == 1 and not scheduler and fmt in COLUMN_FORMATS:
            decline_arrow_pandas_probe()  # written without pandas: not imported for Arrow
        qrels_obj, run_objs, log = load_inputs(qrels, runs, options, ctx.collection, known)
        echo_problems(log)
        if not measures:
            measures = chosen_measures(qrels_obj, [run_kind(r) for r in run_objs], ctx,
                                       options, list(runs))
        table = evaluate_runs(qrels_obj, run_objs, measures, ctx, all_topics=all_topics,
                              jobs=jobs, scheduler=scheduler, columns=True)
    echo_warnings(ctx.warnings)
    if dataset:
        frame = table.to_frame() if isinstance(table, ResultColumns) else table
        results = frame if written else summarise(frame, counts=True)
        if per_topic and not written:
            write_table(dataset, frame)
        echo_notes(coverage_lines(results, all_topics, zero_rel_option(ctx)))
        write_means(dataset, results)
        return
    if not isinstance(table, ResultColumns):  # evaluated by workers: a DataFrame
        table = ResultColumns.from_frame(table)
    trec = fmt == "trec_eval"  # its means are sums of the per-topic rows, topic by topic
    results = summarise_columns(table, keep_topics=per_topic or trec, counts=True)
    echo_notes(coverage_lines(results, all_topics, zero_rel_option(ctx)))
    write_results(results, fmt, output, topic_rows=per_topic or not trec,
                  **table_options(table, fmt, options))
