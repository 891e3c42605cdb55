"""Evaluate a run that lives in a Dask DataFrame (e.g. a Parquet dataset on shared storage).

>>> import sdreval.dask
>>> table = sdreval.dask.evaluate("s3://bucket/run/", qrels, ["AP"])  # doctest: +SKIP

Each partition of the DataFrame is turned into a run as :func:`sdreval.io.read_run` reads a
DataFrame (the table reader, :func:`sdreval.io.frames.run_from_table`, or for span keys
``query_id, doc_id, start, end`` the span reader: their columns, checks, order of results) and
evaluated where it lives, with the qrels sent once to each worker (scattered when a
``distributed`` client is active).  The partitions send back their per-topic values only; the
table is the one :func:`sdreval.measures.evaluate` returns for the whole run read at once (same
rows, same order, same values, same warnings, and the hint ``sdreval eval`` gives when a rank
column is not trec_eval's order).  With ``output=DIR`` the per-topic rows are
written there by the partitions, and the client receives counts and exact sums only (no topic
names, no values): the means come back.

Every topic's rows must lie in one partition (a dataset written by topic, or
``ddf.shuffle("query_id")``); a topic found in two partitions is refused, since its ranking
would otherwise be cut in two.
"""
from __future__ import annotations

import os
import warnings
from dataclasses import replace
from typing import Any, Iterable

import pandas as pd

from .errors import InputError, ProblemLog, SdrevalError, UsageError
from .io.options import ARGUMENTS_ORDER, called_as
from .io.textlines import finish
from .judgements.qrels import Qrels
from .measures.defaults import rsv_order_hints
from .measures.doc_ids import chunk_id_error, names_a_document, span_documents
from .measures.partitions import (Part, Piece, assemble, evaluate_part, gather, merge_run_hints,
                                  split_topic)
from .measures.registry import EvalContext, Measure
from .measures.serial import (check_topic_names, measures_by_family, serial_failure,
                              topics_to_evaluate)
from .model.run import Run
from .orchestrate.dataset import (Repeated, Settle, add_sums, first_repeat, forget_topics,
                                  keep_topics, means_from_sums, part_path, settle, value_sums,
                                  write_part)

__all__ = ["evaluate", "read_parquet"]


def _evaluate_frame(frame: pd.DataFrame, qrels: Qrels, measures: list[str], ctx: EvalContext,
                    given: str | None, index: int) -> Piece:
    """One partition: its answered topics, the topics it scores, their values, its warnings;
    ``extra``: its read warnings (a :class:`~sdreval.errors.ProblemLog`), its file-order hints,
    the run its run column names (None without one or rows), its evaluation error, and for a
    document run against span judgements whether it names a judged document (else None)."""
    from .io.frames import run_from_table
    from .io.readers import is_span_data
    from .io.table_checks import chosen_run_name, single_run_name

    own = single_run_name(frame, f"(partition {index})")
    name = chosen_run_name(given, own)[0]
    log = ProblemLog()  # sent back: put together with the other partitions' by the client
    try:
        if is_span_data(frame, None):  # as read_run reads a DataFrame: overlap expected
            from .io.spans import span_run_from_frame

            run = span_run_from_frame(frame, name, log=log)
        else:  # the rows named as in the DataFrame read whole (its index)
            run = run_from_table(frame, name, "(DataFrame)", log=log, named=own)
    except InputError as error:  # a bad row refuses the run, as sdreval.evaluate refuses it
        if error.logged_in is not log:
            raise
        return Piece([], [], None, [], "document", (log, None, [], own, None, None))
    if log.errors:
        return Piece(list(run.topics), [], None, [], run.unit,
                     (log, None, [], own, None, None))
    hints = rsv_order_hints([run], ctx.order)
    try:
        check_topic_names(qrels, [run])
        topics = topics_to_evaluate(qrels, run, False, replace(ctx, warnings=[], cache={}))
        _, matrix, found = evaluate_part(Part(0, run, topics), qrels, measures, ctx)
    except SdrevalError as error:  # raised after the read errors of every partition
        return Piece(list(run.topics), [], None, [], run.unit,
                     (log, None, hints, own, error, None))
    judged = names_a_document(run, span_documents(qrels)) if qrels.scale == "fol" and \
        run.unit == "document" and run.topics else None  # (check_chunk_ids, over the parts)
    return Piece(list(run.topics), topics, matrix, found, run.unit,
                 (log, None, hints, own, None, judged))


def _sums(piece: Piece, measures: list[str]) -> Piece:
    """What a partition held for ``output`` sends back: its warnings and the exact sums of
    each measure's values (no topic names, no values)."""
    read, _, hints, own, failed, judged = piece.extra
    sums = None if piece.values is None else value_sums(measures, piece.values)
    return Piece([], [], None, piece.warnings, piece.unit,
                 (read, sums, hints, own, failed, judged))


def _answered(piece: Piece) -> list[str]:
    """A held partition's answered topics (the names, not its values)."""
    return piece.answered


def _repeated(answered: list[list[str]]) -> Repeated | None:
    """The first topic two held partitions answer (their names put together on a worker)."""
    return first_repeat(answered)


def _check_output(output: str | None) -> None:
    """Refuse, before anything is computed, a local ``output`` that is no directory (an
    fsspec URL is the workers' to reach)."""
    from .io.locations import is_url

    if output is not None and not is_url(str(output)) and not os.path.isdir(output):
        what = "is a file, not a directory" if os.path.exists(output) else \
            "no such directory; make it first"
        raise UsageError(f"output={str(output)!r}: {what} (an existing directory, shared by "
                         "the workers, receives the per-topic rows)")


def _write(piece: Piece, name: str, measures: list[str], output: str, index: int) -> None:
    """A held partition's per-topic rows and topic names, written to ``output``."""
    write_part(part_path(output, 0, index), assemble([Run(name, {}, piece.unit)],
                                                     [piece.topics], measures,
                                                     [(0, piece.values, [])]))
    keep_topics(output, 0, index, piece.answered, piece.topics)


def evaluate(run_ddf: Any, qrels: Qrels | Any, measures: Iterable[str | Measure],
             ctx: EvalContext | None = None, all_topics: bool = False,
             name: str | None = None, output: str | None = None) -> pd.DataFrame:
    """Per-topic values (``run, topic, measure, value``) of the run in the Dask DataFrame
    ``run_ddf`` (columns as :func:`sdreval.io.frames.run_from_table` reads them; a Parquet
    dataset's path is read by :func:`read_parquet`), computed partition by partition on the
    active Dask scheduler; :func:`sdreval.measures.summarise` gives the means.  The run is
    named ``name`` when given, else by its run column, else ``run`` (as
    :func:`sdreval.io.read_run` names a DataFrame; a ``name`` that differs from the run
    column is said in a warning).  The rules applied are Python warnings, as
    :func:`sdreval.evaluate` gives them (and in ``ctx.warnings``).  ``qrels``: anything
    :func:`sdreval.io.read_qrels` accepts (a :class:`Qrels`, a path, a DataFrame such as
    ``pandas.read_parquet(PATH)``, a dict).

    With ``output`` (a directory, local or an fsspec URL, that exists and is shared by the
    workers), each partition writes its per-topic rows to ``output/part-00000-N.parquet``
    (columns ``run, topic, measure, value, topics``: the rows of ``sdreval eval -q --format
    parquet -o DIR/``; the topics ``-c`` adds, which no partition answered, to
    ``part-00000-unanswered.parquet``) and sends back only how many topics it answered and
    each measure's exact sum of values; the topic names stay in ``output`` (in ``_topics/``,
    removed at the end), put together by one task to find the topics left out.  The
    partitions are held on the workers until every one is read and no topic lies in two of
    them: a refused input (a bad row, a topic in two partitions, two run names) leaves
    ``output`` as it was.  What comes back, and is returned, is the
    means (``summarise(..., counts=True)``: run, ``all``, measure, value, topics), the
    numbers of the gathered per-topic rows to the last bit (one exact sum, divided once; a
    geometric mean such as gm_map from the exact sum of the logs)."""
    from .api_evaluate import say

    ctx = ctx or EvalContext()
    seen = len(ctx.warnings)
    token = ARGUMENTS_ORDER.set("sdreval.dask.evaluate(run_ddf, qrels, measures): the run "
                                "comes first, the judgements second")
    try:
        with called_as("sdreval.dask.evaluate"):
            table = _evaluate(run_ddf, qrels, measures, ctx, all_topics, name, output)
    finally:
        ARGUMENTS_ORDER.reset(token)
    say(ctx.warnings[seen:])  # the rules applied, as Python warnings (as sdreval.evaluate)
    return table


def _evaluate(run_ddf: Any, qrels: Qrels | Any, measures: Iterable[str | Measure],
              ctx: EvalContext, all_topics: bool, name: str | None, output: str | None
              ) -> pd.DataFrame:
    import dask

    from .io.readers import read_qrels

    if hasattr(qrels, "to_delayed") and not hasattr(run_ddf, "to_delayed"):
        raise UsageError("sdreval.dask.evaluate(run_ddf, qrels, measures) takes the run first "
                         "(sdreval.evaluate takes the qrels first): the second argument is a "
                         "Dask DataFrame; give the run's Dask DataFrame (or Parquet path) first")
    _check_output(output)
    if isinstance(run_ddf, (str, os.PathLike)):
        run_ddf = read_parquet(run_ddf)
    qrels = read_qrels(qrels, collection=ctx.collection)  # a path, a DataFrame ...: read once
    texts = [m.text for m in measures_by_family(measures)[0]]
    settings = replace(ctx, warnings=[], cache={})
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # Dask's own ("Sending large graph ...")
            shared = _shared(qrels)
            task = dask.delayed(_evaluate_frame, pure=True)
            tasks = [task(part, shared, texts, settings, name, i)
                     for i, part in enumerate(run_ddf.to_delayed())]
            if output is None:
                results = list(dask.compute(*tasks))
            else:  # every partition held where it was read; refused before a file is written
                held = dask.persist(*tasks)
                results = list(dask.compute(*[dask.delayed(_sums)(p, texts) for p in held]))
        name, differs = _run_name(name, results)
        _read_first(results, differs, texts)
        _check_ids(qrels, results, name)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            if output is not None:  # the names put together where they were written
                repeated = dask.compute(dask.delayed(_repeated)(
                    [dask.delayed(_answered)(p) for p in held]))[0]
                if repeated is not None:
                    raise split_topic(repeated.topic, repeated.first, repeated.second, None)
                dask.compute(*[dask.delayed(_write)(p, name, texts, output, i)
                               for i, p in enumerate(held)])
                job = Settle(0, None, name, output, [p.warnings for p in results],
                             [p.unit for p in results], all_topics)
                settled = dask.compute(dask.delayed(settle, pure=False)(
                    job, shared, texts, settings))[0]
    finally:
        if output is not None:
            forget_topics(output)
    for message in merge_run_hints([p.extra[2] for p in results], name):
        ctx.warn(message)  # file order that is not trec_eval's, counted over the partitions
    if output is None:
        answered_run, topics, matrix, _ = gather(results, qrels, name, texts, ctx, all_topics)
        return assemble([answered_run], [topics], texts, [(0, matrix, [])])
    if isinstance(settled, Repeated):
        raise split_topic(settled.topic, settled.first, settled.second, None)
    messages, missing, scored = settled
    for message in messages:
        ctx.warn(message)
    return means_from_sums(name, texts, add_sums([p.extra[1] for p in results] + missing,
                                                 texts), scored)


def _check_ids(qrels: Qrels, results: list[Piece], name: str) -> None:
    """:func:`~sdreval.measures.doc_ids.check_chunk_ids` over the partitions: a document run
    against span judgements none of whose partitions names a judged document is refused."""
    judged = [r.extra[5] for r in results if r.extra[5] is not None]  # type: ignore[index]
    if judged and not any(judged):
        raise chunk_id_error(name, "(DataFrame)")


def _read_first(results: list[Piece], differs: str | None, measures: list[str]) -> None:
    """The partitions' read problems as the reader of the whole DataFrame gives them (one
    log: its warnings, then its errors raised), then the error of the partitions' evaluation
    that the run read whole raises (:func:`~sdreval.measures.serial.serial_failure`): as when
    the run is read before it is evaluated."""
    read = ProblemLog()
    if differs:
        read.warn("(DataFrame)", None, differs)
    for result in results:
        read.absorb(result.extra[0])  # type: ignore[index]
    finish(read, True)
    failed = [r.extra[4] for r in results if r.extra[4] is not None]  # type: ignore
    if failed:
        raise serial_failure(failed, measures)


def read_parquet(path: str | os.PathLike) -> Any:
    """The Dask DataFrame of a Parquet dataset (a directory, local or an fsspec URL), its Hive
    partition values read as text as sdreval's table reader reads them (a folder
    ``topic=01`` is the topic ``"01"``; ``dask.dataframe.read_parquet`` alone would infer
    the integer 1, which no longer matches the qrels' ``01``)."""
    import dask.dataframe as dd

    from .io.locations import dataset_parts, is_directory
    from .io.parquet_tables import text_partitioning

    base = str(path).rstrip("/" + os.sep)
    files = dataset_parts(path) if is_directory(path) else []
    return dd.read_parquet(str(path), dataset={"partitioning": text_partitioning(files, base)})


def _run_name(given: str | None, results: list[Piece]) -> tuple[str, str | None]:
    """The run's name by the rule of a DataFrame read whole
    (:func:`sdreval.io.table_checks.chosen_run_name`: ``name=``, else the run column, else
    ``run``) and its statement, if any (a read warning); partitions whose run columns name
    different runs are refused (a DataFrame is one run)."""
    from .io.table_checks import chosen_run_name

    owns = {r.extra[3]: i for i, r in reversed(list(enumerate(results))) if r.extra[3]}
    if len(owns) > 1:
        shown = ", ".join(f"{own!r} (partition {i})" for own, i in sorted(owns.items(),
                                                                          key=lambda o: o[1]))
        raise InputError(f"the run column names several runs: {shown}; a DataFrame is one "
                         "run: evaluate each run's rows on their own", "(DataFrame)")
    return chosen_run_name(given, next(iter(owns), None))


def _shared(qrels: Qrels):
    """The qrels as every task refers to them: scattered once to every worker of an active
    ``distributed`` client, else one graph key holding the object (threads of this process;
    given as the object itself, Dask would walk and hash all of the qrels once per task)."""
    try:
        from distributed import default_client
        client = default_client()
    except (ImportError, ValueError):
        import uuid

        import dask

        return dask.delayed(qrels, name=f"sdreval-qrels-{uuid.uuid4().hex}", traverse=False)
    from .measures.parallel import check_workers

    check_workers(client, "sdreval.dask.evaluate")
    return client.scatter(qrels, broadcast=True, hash=False)
