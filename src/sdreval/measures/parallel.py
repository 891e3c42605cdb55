"""Parallel evaluation: processes (``--jobs N``) or a Dask cluster (``--scheduler ADDRESS``,
or ``local``).  Runs are cut into topic partitions (:mod:`sdreval.measures.partitions`), so
that one run uses every process or worker; the values are put back in the serial order, so
the table is identical to the serial one.  Warnings raised in workers are merged into
``ctx.warnings``.
"""
from __future__ import annotations

import warnings
from contextlib import contextmanager
from dataclasses import replace
from typing import TYPE_CHECKING

from ..errors import SdrevalError, UsageError
from ..judgements.qrels import Qrels
from ..lazy import lazy_module
from ..model.run import Run
from ..model.runnames import distinct_runs
from .registry import EvalContext
from .partitions import Part, assemble, evaluate_part, merge_warnings, part_of, plan, split_runs
from .serial import check_topic_names, evaluate_serial, serial_failure, topics_to_evaluate
from .results import stacked

if TYPE_CHECKING:
    from concurrent.futures import ProcessPoolExecutor

pd = lazy_module("pandas")
# multiprocessing, concurrent.futures and logging are imported where a pool or a Dask client is
# made: a serial evaluation does not pay for them (about 20 ms at every start)


def _evaluate_one(args) -> tuple[pd.DataFrame, list[str]]:
    qrels, runs, measures, ctx, all_topics = args
    if isinstance(runs, Run):
        runs = [runs]
    local = replace(ctx, warnings=[], cache={})
    table = evaluate_serial(qrels, runs, measures, local, all_topics)
    return table, local.warnings


#: what every task of a worker process shares (sent once, by the pool's initializer): the
#: qrels, measures and settings, and (processes forked from this one) the runs and their topics
_SHARED: dict = {}


def _share(qrels: Qrels, measures: list[str], ctx: EvalContext, runs=None, topics=None) -> None:
    _SHARED.update(qrels=qrels, measures=measures, ctx=ctx, runs=runs, topics=topics)


def _evaluate_shared(task: Part | tuple[int, int, int]):
    """One task: a :class:`Part`, or (runs inherited by a forked process) a task of
    :func:`~.partitions.plan`, the partition cut out here."""
    part = task if isinstance(task, Part) else part_of(_SHARED["runs"], _SHARED["topics"], task)
    return _attempt(part, _SHARED["qrels"], _SHARED["measures"], _SHARED["ctx"])


def _attempt(part: Part, qrels: Qrels, measures: list[str], ctx: EvalContext):
    """:func:`~.partitions.evaluate_part`, or the error it raised (sent back: of the
    partitions' errors, the serial one is raised, :func:`_raise_serial`)."""
    try:
        return evaluate_part(part, qrels, measures, ctx)
    except SdrevalError as error:
        return error


def _raise_serial(results: list, measures: list[str]) -> None:
    """Raise the error of the partitions' evaluation that a serial one raises: of the first
    run that failed, :func:`~.serial.serial_failure` (partitions cut in topic order, so that
    the first that failed need not hold it: an earlier family fails in a later one)."""
    failed = [r for r in results if isinstance(r[1], SdrevalError)]
    if failed:
        first = min(index for index, _ in failed)
        raise serial_failure([e for index, e in failed if index == first], measures)


def process_pool(jobs: int, initializer=None, initargs: tuple = ()) -> ProcessPoolExecutor:
    """A pool of ``jobs`` processes forked from this one where the system can (the shared
    inputs are then inherited, not copied through a pipe), else started afresh."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    context = multiprocessing.get_context("fork" if forks() else None)
    return ProcessPoolExecutor(max_workers=jobs, mp_context=context, initializer=initializer,
                               initargs=initargs)


def forks() -> bool:
    """True if :func:`process_pool` forks (the workers inherit this process's memory)."""
    import multiprocessing

    return "fork" in multiprocessing.get_all_start_methods()


def evaluate_parallel(qrels: Qrels, runs: list[Run], measures: list[str], ctx: EvalContext,
                      all_topics: bool, jobs: int = 2, scheduler: str | None = None
                      ) -> pd.DataFrame:
    """Evaluate ``runs`` in parallel, cut into topic partitions (:mod:`.partitions`): one run
    uses every process (``jobs``) or every Dask worker (``scheduler``).  The topics of each
    run and the warnings about them are decided here, once, as the serial path does; the
    qrels go to each process or worker once.  Same rows, same order, same values, same
    warnings as the serial path."""
    ctx_settings = replace(ctx, warnings=[], cache={})
    topics = [topics_to_evaluate(qrels, run, all_topics, ctx) for run in runs]
    if not runs:
        return assemble(runs, topics, measures, [])
    if scheduler:
        with dask_client(scheduler, jobs) as client:
            workers = max(1, len(client.scheduler_info()["workers"]))
            parts = split_runs(runs, topics, 2 * workers)
            shared, settings = client.scatter([qrels, ctx_settings], broadcast=True,
                                              hash=False)
            # the partitions go to the workers as data (spread over them), not in the graph
            futures = client.map(_attempt, client.scatter(parts, hash=False), qrels=shared,
                                 measures=measures, ctx=settings, pure=False)
            results = client.gather(futures)
        _raise_serial([(p.index, r) for p, r in zip(parts, results)], measures)
        scored = [any(t in runs[p.index].topics for t in p.topics) for p in parts]
    else:
        tasks = plan(runs, topics, 2 * max(1, jobs))
        # forked workers inherit the runs (a task names its slice of topics); others get
        # each partition's rows, gathered into columns of their own
        inherit = forks()
        with process_pool(min(max(1, jobs), len(tasks)), _share,
                          (qrels, measures, ctx_settings) + ((runs, topics) if inherit else ())
                          ) as pool:
            results = list(pool.map(_evaluate_shared, tasks if inherit else
                                    [part_of(runs, topics, task) for task in tasks]))
        _raise_serial([(task[0], r) for task, r in zip(tasks, results)], measures)
        scored = [any(t in runs[i].topics for t in topics[i][lo:hi]) for i, lo, hi in tasks]
    for message in merge_warnings(results, runs, scored):  # partitions with results
        ctx.warn(message)
    return assemble(runs, topics, measures, results)


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
        results = _with_dask(tasks, scheduler, jobs)
    elif jobs > 1:
        with process_pool(jobs) as pool:
            results = list(pool.map(_evaluate_one, tasks))
    else:
        results = [_evaluate_one(task) for task in tasks]
    tables = []
    for (table, messages), (name, _) in zip(results, [(n, r) for n in names for r in runs]):
        for message in messages:
            ctx.warn(message)
        tables.append(table.assign(qrels=name))
    out = stacked(tables)
    return out[["qrels"] + [c for c in out.columns if c != "qrels"]]


def _with_dask(tasks: list, scheduler: str, workers: int) -> list:
    with dask_client(scheduler, workers) as client:
        return client.gather(client.map(_evaluate_one, tasks, pure=False))


@contextmanager
def dask_client(scheduler: str, workers: int = 1):
    """A Dask client of the scheduler at ``scheduler``, or of a local cluster of ``workers``
    processes (``"local"``).  Dask's own warnings and log lines (large graphs, worker
    restarts) do not reach the user: what matters is said by sdreval."""
    import logging

    host, colon, count = scheduler.partition(":")
    if host == "local" and colon:  # "local:4" (a host "local" would be named tcp://local:4)
        raise UsageError(f"--scheduler {scheduler}: 'local' takes its worker count from --jobs "
                         f"(--scheduler local --jobs {count if count.isdigit() else 'N'})")
    try:
        from distributed import Client, LocalCluster
    except ImportError:  # pragma: no cover - depends on the environment
        raise UsageError("--scheduler needs dask.distributed: pip install 'sdreval[dask]'") from None
    quiet = [logging.getLogger(name) for name in ("distributed", "dask")]
    levels = [log.level for log in quiet]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for log in quiet:
            log.setLevel(logging.ERROR)
        try:
            if scheduler == "local":
                with LocalCluster(n_workers=max(1, workers), threads_per_worker=1,
                                  processes=True, dashboard_address=":0",
                                  silence_logs=logging.CRITICAL) as cluster, \
                        Client(cluster) as client:
                    yield client
            else:
                try:
                    client = Client(scheduler, timeout="20s")
                except (OSError, TimeoutError) as error:
                    raise UsageError(f"--scheduler {scheduler}: no Dask scheduler answers "
                                     f"there ({error}); start one with `dask scheduler` and "
                                     "`dask worker ADDRESS`, or use --scheduler local") from None
                with client:
                    check_workers(client, f"--scheduler {scheduler}")
                    yield client
        finally:
            for log, level in zip(quiet, levels):
                log.setLevel(level)


def check_workers(client, what: str) -> None:
    """Refuse a cluster whose workers cannot import sdreval, or run another version of it
    than this process (their tasks would fail with a traceback, or give other numbers)."""
    from .. import __version__

    def version() -> str | None:  # sent by value: it runs where sdreval may be missing
        try:
            from sdreval import __version__ as theirs
        except ImportError:
            return None
        return theirs

    found = client.run(version)
    if not found:
        raise UsageError(f"{what}: the Dask cluster has no workers; start some with "
                         "`dask worker ADDRESS`")
    missing = sorted(w for w, v in found.items() if v is None)
    other = sorted(f"{w} ({v})" for w, v in found.items() if v not in (None, __version__))
    if missing or other:
        detail = (f"{len(missing)} worker(s) cannot import sdreval ({', '.join(missing[:3])})"
                  if missing else
                  f"worker(s) run another sdreval than this {__version__}: "
                  + ", ".join(other[:3]))
        raise UsageError(f"{what}: {detail}; install the same sdreval where the workers run "
                         "(pip install 'sdreval[dask]') and start them again")
