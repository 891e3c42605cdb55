"""The workers of ``--jobs`` and ``--scheduler``: processes of this machine or a Dask
cluster, and one way to run a function over items on either."""
from __future__ import annotations

from contextlib import contextmanager

from ..errors import UsageError
from ..judgements.qrels import Qrels
from ..measures.registry import EvalContext


@contextmanager
def workers(jobs: int, scheduler: str | None):
    """``(number of workers, Dask client or None)``: ``jobs`` processes, or a cluster."""
    from ..measures.parallel import dask_client

    if not scheduler:
        yield max(1, jobs), None
        return
    with dask_client(scheduler, jobs) as client:
        yield max(1, len(client.scheduler_info()["workers"])), client


@contextmanager
def runner(client, count: int, qrels: Qrels, measures: list[str], ctx: EvalContext):
    """``run(function, items)``: ``function(item, qrels, measures, ctx)`` for every item, in
    the cluster's workers (the qrels and settings scattered once) or in at most ``count``
    processes (one pool for every call, the inputs inherited or sent once to each), results in
    the items' order."""
    from ..measures.parallel import process_pool

    shared = None if client is None else client.scatter([qrels, ctx], broadcast=True,
                                                        hash=False)
    pools: list = []

    def run(function, items: list) -> list:
        if not items:
            return []
        if client is not None:
            return client.gather(client.map(function, items, qrels=shared[0],
                                            measures=measures, ctx=shared[1], pure=False))
        if not pools:
            pools.append(process_pool(min(count, len(items)), _share, (qrels, measures, ctx)))
        return list(pools[0].map(_call_shared, [(function, item) for item in items]))
    try:
        yield run
    finally:
        for pool in pools:
            pool.shutdown()


_SHARED: dict = {}


def _share(qrels: Qrels, measures: list[str], ctx: EvalContext) -> None:
    _SHARED.update(qrels=qrels, measures=measures, ctx=ctx)


def _call_shared(call: tuple) -> object:
    function, item = call
    return function(item, _SHARED["qrels"], _SHARED["measures"], _SHARED["ctx"])


def _size(path: str) -> int | None:
    """The size of the file at ``path`` (local, or a URL) where this runs (a Dask worker),
    None if not there (or its URL's library is missing there)."""
    from ..io.locations import file_size

    try:
        return file_size(path)
    except (OSError, UsageError):
        return None


def seen_by_workers(client, paths: list[str]) -> list[bool]:
    """For each run, whether every worker of the cluster sees its files, of the sizes seen
    here (a cluster on shared storage)."""
    from .parquet import dataset_files

    out = []
    for path in paths:
        seen = True
        for file in dataset_files(path) or [path]:
            sizes = client.run(_size, file)
            seen = seen and bool(sizes) and set(sizes.values()) == {_size(file)}
        out.append(seen)
    return out
