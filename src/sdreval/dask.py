"""Evaluate a run that lives in a Dask DataFrame (e.g. a Parquet dataset on shared storage).

>>> import dask.dataframe as dd
>>> import sdreval.dask
>>> run = dd.read_parquet("s3://bucket/run/")               # doctest: +SKIP
>>> table = sdreval.dask.evaluate(run, qrels, ["AP", "nDCG@10"])  # doctest: +SKIP

Each partition of the DataFrame is turned into a run as :func:`sdreval.io.read_run` reads a
DataFrame (the table reader, :func:`sdreval.io.frames.run_from_table`, or for span keys
``query_id, doc_id, start, end`` the span reader: their columns, checks, order of results) and
evaluated where it lives, with the qrels sent once to each worker (scattered when a
``distributed`` client is active).  The partitions send back their per-topic values only; the
table is the one :func:`sdreval.measures.evaluate` returns for the whole run read at once (same
rows, same order, same values, same warnings).

Every topic's rows must lie in one partition (a dataset written by topic, or
``ddf.shuffle("query_id")``); a topic found in two partitions is refused, since its ranking
would otherwise be cut in two.
"""
from __future__ import annotations

import warnings
from dataclasses import replace
from typing import Any, Iterable

import numpy as np
import pandas as pd

from .errors import ProblemLog
from .judgements.qrels import Qrels
from .measures.partitions import Part, Piece, assemble, evaluate_part, gather
from .measures.registry import EvalContext, Measure
from .measures.serial import check_topic_names, measures_by_family, topics_to_evaluate
from .model.run import Run
from .orchestrate.dataset import MeasureSums, add_sums, means_from_sums, value_sums

__all__ = ["evaluate"]


def _evaluate_frame(frame: pd.DataFrame, qrels: Qrels, measures: list[str], ctx: EvalContext,
                    name: str, index: int, output: str | None = None) -> Piece:
    """One partition: its answered topics, the topics it scores, their values (or, with
    ``output``, none: the values written to ``output/part-INDEX.parquet`` and the exact sums
    of each measure's values in ``extra``), its warnings and read problems."""
    from .io.frames import run_from_table
    from .io.readers import is_span_data

    log = ProblemLog()  # errors are raised (InputError), warnings come back
    if is_span_data(frame, None):  # as read_run reads a DataFrame: overlap expected
        from .io.spans import span_run_from_frame

        run = span_run_from_frame(frame, name, log=log)
    else:
        run = run_from_table(frame, name, f"(partition {index})", log=log)
    quiet = replace(ctx, warnings=[], cache={})
    check_topic_names(qrels, [run])
    topics = topics_to_evaluate(qrels, run, False, quiet)
    _, matrix, found = evaluate_part(Part(0, run, topics), qrels, measures, ctx)
    sums = None
    if output is not None:
        sums = _write_part(output, index, run, topics, measures, matrix)
        matrix = None
    return Piece(list(run.topics), topics, matrix, found, run.unit,
                 ([str(p) for p in log.warnings], sums))


def _write_part(output: str, index: int | str, run: Run, topics: list[str],
                measures: list[str], matrix: np.ndarray) -> list[MeasureSums]:
    """Write one partition's per-topic rows (measure, then topic) to
    ``output/part-INDEX.parquet`` (fsspec paths too); return each measure's partial sums."""
    table = assemble([run], [topics], measures, [(0, matrix, [])])
    if len(table):
        table.to_parquet(f"{str(output).rstrip('/')}/part-{index}.parquet", index=False)
    return value_sums(measures, matrix)


def evaluate(run_ddf: Any, qrels: Qrels | Any, measures: Iterable[str | Measure],
             ctx: EvalContext | None = None, all_topics: bool = False,
             name: str = "run", output: str | None = None) -> pd.DataFrame:
    """Per-topic values (``run, topic, measure, value``) of the run in the Dask DataFrame
    ``run_ddf`` (columns as :func:`sdreval.io.frames.run_from_table` reads them), computed
    partition by partition on the active Dask scheduler; :func:`sdreval.measures.summarise`
    gives the means.  ``qrels``: anything :func:`sdreval.io.read_qrels` accepts (a
    :class:`Qrels`, a path, a DataFrame such as ``pandas.read_parquet(PATH)``, a dict).

    With ``output`` (a directory, local or an fsspec URL, that exists), each partition writes
    its per-topic rows to ``output/part-N.parquet`` and sends back only the exact sums of its
    values: the table returned is then the means (``summarise(..., counts=True)``), the same
    numbers as from the gathered per-topic rows."""
    import dask

    from .io.readers import read_qrels

    qrels = read_qrels(qrels)  # a path, DataFrame, dict ...: read here, once
    ctx = ctx or EvalContext()
    texts = [m.text for m in measures_by_family(measures)[0]]
    settings = replace(ctx, warnings=[], cache={})
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # Dask's own ("Sending large graph ...")
        shared = _shared(qrels)
        task = dask.delayed(_evaluate_frame, pure=True)
        tasks = [task(part, shared, texts, settings, name, i, output)
                 for i, part in enumerate(run_ddf.to_delayed())]
        results = dask.compute(*tasks)
    for piece in results:
        for problem in piece.extra[0]:
            ctx.warn(problem)
    answered_run, topics, matrix, missing = gather(list(results), qrels, name, texts, ctx,
                                                   all_topics)
    if output is not None:
        where = pd.Index(topics).get_indexer(missing)
        extra = ([_write_part(output, "unanswered", answered_run, missing, texts,
                              matrix[:, where])] if missing else [])
        return means_from_sums(answered_run.name, texts, add_sums(
            [p.extra[1] for p in results if p.topics] + extra, texts), len(topics))
    return assemble([answered_run], [topics], texts, [(0, matrix, [])])


def _shared(qrels: Qrels):
    """The qrels as every task refers to them: scattered once to every worker of an active
    ``distributed`` client, else the object itself (threads of this process)."""
    try:
        from distributed import default_client
        client = default_client()
    except (ImportError, ValueError):
        return qrels
    from .measures.parallel import check_workers

    check_workers(client, "sdreval.dask.evaluate")
    return client.scatter(qrels, broadcast=True, hash=False)
