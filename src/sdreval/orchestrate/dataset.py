"""Per-topic results written per partition: a Parquet dataset directory
(``sdreval eval -q --format parquet -o DIR/``).

Each partition's per-topic rows go to a file of their own (``part-RUN-PIECE.parquet``, written
by the worker that evaluated them when the run was read in byte ranges), the means to
``part-means.parquet``; the client never holds the per-topic rows as one table.  Read back
(``pandas.read_parquet(DIR)``), the directory holds the rows of ``-q --format parquet -o FILE``
(columns ``run, topic, measure, value, topics``), in partition order.
"""
from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from ..errors import UsageError
from ..lazy import lazy_module
from ..measures.exact import ExactSum

pd = lazy_module("pandas")

#: after every part file in name order, as the means follow the per-topic rows
MEANS_FILE = "part-means.parquet"


def is_dataset(output: str | None) -> bool:
    """True if ``-o`` names a directory (an existing one, or a path ending in ``/``)."""
    return bool(output) and (os.path.isdir(output) or str(output).endswith(("/", os.sep)))


def prepare(output: str, fmt: str) -> str:
    """The dataset directory of ``-o``, made if new; refused unless ``--format parquet`` and
    empty (files of an earlier run would be read back with the new ones)."""
    if fmt != "parquet":
        raise UsageError(f"-o {output}: a directory takes --format parquet (one file per "
                         "partition); give a file name for --format " + fmt)
    directory = Path(output)
    directory.mkdir(parents=True, exist_ok=True)
    if any(directory.iterdir()):
        raise UsageError(f"-o {output}: the directory is not empty; give a new or empty "
                         "directory (its files would be read back with the new ones)")
    return str(directory)


def part_path(directory: str, run: int, piece: int | str) -> str:
    """The file of piece ``piece`` of run number ``run`` (names sort in the output order)."""
    label = f"{piece:05d}" if isinstance(piece, int) else piece
    return os.path.join(directory, f"part-{run:05d}-{label}.parquet")


def write_part(path: str, table: pd.DataFrame) -> None:
    """Per-topic rows (``run, topic, measure, value``) to ``path``, with the ``topics``
    column of the means (missing on per-topic rows) so every file has one schema."""
    if not len(table):
        return
    rows = table.assign(topics=pd.arrays.IntegerArray(np.zeros(len(table), dtype=np.int64),
                                                      np.ones(len(table), dtype=bool)))
    rows.to_parquet(path, index=False)


#: one measure's partial sums: the exact sum of its values (NaN left out) and, for a
#: geometric mean, that of the logs ``log(max(v, 0.00001))`` (else None)
MeasureSums = tuple[ExactSum, "ExactSum | None"]


def value_sums(measures: list[str], matrix: np.ndarray) -> list[MeasureSums]:
    """Each measure's partial sums over a partition's values (measures x topics): what a
    partition sends back instead of its values, a few numbers a measure whatever its topics."""
    from ..measures.evaluate import aggregate_of
    from ..measures.results import group_sums, log_sum

    rows, topics = matrix.shape
    sums = group_sums(matrix.reshape(-1), np.repeat(np.arange(rows), topics), rows)
    out: list[MeasureSums] = []
    for text, row, total in zip(measures, matrix, sums):
        logs = None
        if aggregate_of(text) == "gmean":
            logs = log_sum(row)
        out.append((total, logs))
    return out


def add_sums(parts: list[list[MeasureSums]], measures: list[str]) -> list[MeasureSums]:
    """The partial sums of several partitions added up (exactly: any order, any cut)."""
    out: list[MeasureSums] = [(ExactSum(), None) for _ in measures]
    for part in parts:
        out = [(a + b, c if d is None else d if c is None else c + d)
               for (a, c), (b, d) in zip(out, part)]
    return out


def means_from_sums(name: str, measures: list[str], sums: list[MeasureSums], topics: int
                    ) -> pd.DataFrame:
    """The means rows of ``summarise(..., counts=True)`` (the mean, the sum of a count, the
    geometric mean ``exp(mean(log(max(v, 0.00001))))`` of trec_eval's gm_map; the topics each
    covers) from the partitions' sums added up: the numbers of the gathered per-topic rows, to
    the last bit (one exact sum, rounded once).  No rows when no topic (``topics``) was
    scored."""
    from ..measures.evaluate import aggregate_of
    from ..measures.results import MEAN_TOPIC, ResultColumns, geometric_mean

    if not topics:
        return ResultColumns.none(True).to_frame()
    values = []
    for text, (total, logs) in zip(measures, sums):
        kind = aggregate_of(text)
        if kind == "sum":
            values.append(total.total())
        elif kind == "gmean":
            values.append(geometric_mean(logs))
        else:
            values.append(total.mean())
    size = len(measures)
    codes = np.arange(size, dtype=np.intp)
    return ResultColumns([name], np.zeros(size, dtype=np.intp), [MEAN_TOPIC],
                         np.zeros(size, dtype=np.intp), list(measures), codes,
                         np.array(values, dtype=np.float64),
                         np.array([total.count for total, _ in sums], dtype=np.int64)
                         ).to_frame()


def remove(path: str) -> None:
    """Remove a part file (written by a range whose file was then read whole), if there."""
    try:
        os.remove(path)
    except FileNotFoundError:
        pass


def write_table(directory: str, table: pd.DataFrame, first_run: int = 0) -> None:
    """A gathered per-topic table written one file per run (runs evaluated in memory)."""
    for number, (_, rows) in enumerate(table.groupby("run", sort=False), first_run):
        write_part(part_path(directory, number, 0), rows)


def write_means(directory: str, means: pd.DataFrame) -> None:
    """The means rows to :data:`MEANS_FILE`."""
    means.to_parquet(os.path.join(directory, MEANS_FILE), index=False)


# -- what the client does not hold: the topic names of the partitions ----------------------

#: the partitions' topic names, kept beside their rows until every topic is known to lie in
#: one partition (a name starting with ``_`` is not read back as part of the dataset)
TOPICS_DIR = "_topics"


def _topics_path(directory: str, run: int, piece: int) -> str:
    return os.path.join(directory, TOPICS_DIR, f"{run:05d}-{piece:05d}.arrow")


def _open(path: str, mode: str):
    """A file of the output directory opened: a local path, or a URL (fsspec: the directory
    of :func:`sdreval.dask.evaluate`'s ``output``); its folder made when written."""
    from ..io.locations import is_url, url_filesystem

    if not is_url(path):
        if "w" in mode:
            os.makedirs(os.path.dirname(path), exist_ok=True)
        return open(path, mode)
    fs, inner = url_filesystem(path)
    if "w" in mode:
        fs.makedirs(inner.rsplit("/", 1)[0], exist_ok=True)
    return fs.open(inner, mode)


def keep_topics(directory: str, run: int, piece: int, answered: list[str],
                topics: list[str]) -> None:
    """Write a partition's answered topics (in file order) and which of them it scored,
    beside its rows (by the worker that read them: the client never receives them)."""
    import pyarrow as pa
    import pyarrow.feather as feather

    scored = set(topics)
    with _open(_topics_path(directory, run, piece), "wb") as handle:
        feather.write_feather(pa.table({"topic": pa.array(answered, pa.string()),
                                        "scored": pa.array([t in scored for t in answered],
                                                           pa.bool_())}),
                              handle, compression="uncompressed")


def kept_topics(directory: str, run: int, piece: int) -> tuple[list[str], list[str]]:
    """The answered and the scored topics :func:`keep_topics` wrote."""
    import pyarrow.feather as feather

    with _open(_topics_path(directory, run, piece), "rb") as handle:
        table = feather.read_table(handle)
    answered = table.column("topic").to_pylist()
    scored = table.column("scored").to_numpy(zero_copy_only=False)
    return answered, [t for t, s in zip(answered, scored.tolist()) if s]


def forget_topics(directory: str) -> None:
    """Remove the kept topic names (once the run's partitions are settled)."""
    from ..io.locations import is_url, url_filesystem

    folder = os.path.join(directory, TOPICS_DIR)
    if not is_url(folder):
        import shutil

        shutil.rmtree(folder, ignore_errors=True)
        return
    fs, inner = url_filesystem(folder)
    if fs.exists(inner):
        fs.rm(inner, recursive=True)


@dataclass(frozen=True)
class Repeated:
    """A topic answered by two pieces of a run (numbers in piece order)."""

    topic: str
    first: int
    second: int


def first_repeat(answered: list[list[str]]) -> Repeated | None:
    """The first topic that two pieces answer (``answered``: each piece's topics), or None."""
    if len({t for topics in answered for t in topics}) == sum(map(len, answered)):
        return None
    seen: dict[str, int] = {}
    for piece, topics in enumerate(answered):
        for topic in topics:
            if seen.setdefault(topic, piece) != piece:
                return Repeated(topic, seen[topic], piece)
    return None


@dataclass(frozen=True)
class Settle:
    """The partitions of run number ``index`` to put together where their topic names are
    (:func:`settle`): ``warnings`` and ``units`` of each piece, in piece order."""

    index: int
    path: str | None
    name: str
    output: str
    warnings: list[list[str]]
    units: list[str]
    all_topics: bool


def settle(job: Settle, qrels, measures: list[str], ctx
           ) -> tuple[list[str], list, int] | Repeated:
    """Run on a worker: the pieces' topic names read back and put together as
    :func:`~sdreval.measures.partitions.gather` puts them (the topics left out and their
    warnings, the kernels' warnings added up, the unanswered topics of ``-c`` evaluated and
    written to their own file); returned: the warnings, the sums of the unanswered topics'
    values (:func:`value_sums`) and how many topics the run is scored on; or the first topic
    that lies in two pieces (they cannot give the serial result)."""
    from dataclasses import replace

    from ..measures.partitions import Piece, assemble, gather

    pieces = []
    for piece, (warnings, unit) in enumerate(zip(job.warnings, job.units)):
        answered, scored = kept_topics(job.output, job.index, piece)
        pieces.append(Piece(answered, scored, None, warnings, unit))
    repeated = first_repeat([p.answered for p in pieces])
    if repeated is not None:
        return repeated
    local = replace(ctx, warnings=[], cache={})
    run, topics, matrix, missing = gather(pieces, qrels, job.name, measures, local,
                                          job.all_topics, job.path)
    sums: list = []
    if missing:
        values = matrix[:, pd.Index(topics).get_indexer(missing)]
        write_part(part_path(job.output, job.index, "unanswered"),
                   assemble([run], [missing], measures, [(0, values, [])]))
        sums = [value_sums(measures, values)]
    return local.warnings, sums, len(topics)


def repeat_in(job: Settle, qrels, measures: list[str], ctx) -> Repeated | None:
    """Run on a worker: the first topic that two pieces of run ``job.index`` answer, from the
    topic names they wrote beside their rows (:func:`keep_topics`), or None."""
    return first_repeat([kept_topics(job.output, job.index, piece)[0]
                         for piece in range(len(job.units))])
