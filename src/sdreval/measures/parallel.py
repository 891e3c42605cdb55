"""Parallel evaluation of many runs: processes (``--jobs N``) or a Dask cluster
(``--scheduler ADDRESS``).  Each worker evaluates a share of the runs with the serial
:func:`~sdreval.measures.serial.evaluate_serial`; results are concatenated in run order, so
the table is identical to the serial one.  Warnings raised in workers are merged into
``ctx.warnings``.
"""
from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace

import pandas as pd

from ..errors import UsageError
from ..judgements.qrels import Qrels
from ..model.run import Run
from ..model.runnames import distinct_runs
from .registry import EvalContext
from .serial import check_topic_names, evaluate_serial


def _evaluate_one(args) -> tuple[pd.DataFrame, list[str]]:
    qrels, runs, measures, ctx, all_topics = args
    if isinstance(runs, Run):
        runs = [runs]
    local = replace(ctx, warnings=[], cache={})
    table = evaluate_serial(qrels, runs, measures, local, all_topics)
    return table, local.warnings


def run_batches(runs: list[Run], batches: int) -> list[list[Run]]:
    """``runs`` cut into at most ``batches`` contiguous groups of about equal size (results
    counted), so that each process receives the qrels once and shares its per-topic cache
    between the runs of its group."""
    if not runs:
        return []
    sizes = [max(1, len(run)) for run in runs]
    total, groups, current, filled = sum(sizes), [], [], 0
    for run, size in zip(runs, sizes):
        current.append(run)
        filled += size
        if filled >= total * (len(groups) + 1) / batches and len(groups) < batches - 1:
            groups.append(current)
            current = []
    if current:
        groups.append(current)
    return groups


def evaluate_parallel(qrels: Qrels, runs: list[Run], measures: list[str], ctx: EvalContext,
                      all_topics: bool, jobs: int = 2, scheduler: str | None = None
                      ) -> pd.DataFrame:
    """Evaluate ``runs`` in parallel; same rows, same order as the serial path.  Processes
    take contiguous batches of runs (one per process); Dask takes one task per run."""
    if scheduler:
        results = _with_dask([(qrels, run, measures, ctx, all_topics) for run in runs],
                             scheduler)
    else:
        jobs = max(1, jobs)
        tasks = [(qrels, batch, measures, ctx, all_topics) for batch in run_batches(runs, jobs)]
        with ProcessPoolExecutor(max_workers=min(jobs, max(1, len(tasks)))) as pool:
            results = list(pool.map(_evaluate_one, tasks))
    for _, warnings in results:
        for message in warnings:
            ctx.warn(message)
    return pd.concat([table for table, _ in results], ignore_index=True)


def sweep(qrels_variants: dict[str, Qrels], runs: list[Run], measures: list[str],
          ctx: EvalContext | None = None, all_topics: bool = False, jobs: int = 1,
          scheduler: str | None = None) -> pd.DataFrame:
    """Evaluate every run against every qrels variant, one task per (variant, run), serially,
    in ``jobs`` processes or on a Dask cluster (``scheduler``; ``"local"`` starts one).

    Sweeps over quantisations, overlap settings or α are measure parameters
    (``MAep(quant=sog,overlap=off)``) of the same call.  The table has a first column
    ``qrels`` (the variant's name) and is identical whichever way it is computed."""
    ctx = ctx or EvalContext()
    runs = distinct_runs(runs, ctx.warn)
    for variant in qrels_variants.values():
        check_topic_names(variant, runs)
    names = list(qrels_variants)
    tasks = [(qrels_variants[name], run, list(measures), ctx, all_topics)
             for name in names for run in runs]
    if scheduler:
        results = _with_dask(tasks, scheduler)
    elif jobs > 1:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            results = list(pool.map(_evaluate_one, tasks))
    else:
        results = [_evaluate_one(task) for task in tasks]
    tables = []
    for (table, warnings), (name, _) in zip(results, [(n, r) for n in names for r in runs]):
        for message in warnings:
            ctx.warn(message)
        tables.append(table.assign(qrels=name))
    out = pd.concat(tables, ignore_index=True)
    return out[["qrels"] + [c for c in out.columns if c != "qrels"]]


def _with_dask(tasks: list, scheduler: str) -> list:
    try:
        from distributed import Client, LocalCluster
    except ImportError:  # pragma: no cover - depends on the environment
        raise UsageError("--scheduler needs dask.distributed: pip install 'sdreval[dask]'") from None
    if scheduler == "local":
        with LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                          dashboard_address=None) as cluster, Client(cluster) as client:
            return client.gather(client.map(_evaluate_one, tasks, pure=False))
    with Client(scheduler) as client:
        return client.gather(client.map(_evaluate_one, tasks, pure=False))
