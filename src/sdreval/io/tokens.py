"""The block loop of the judgement readers (:mod:`sdreval.io.fol`, :mod:`sdreval.io.native`,
:mod:`sdreval.io.trec_qrels`; :func:`read_in_blocks`) and the one tokenizer of their blocks
(:func:`split_fields`).  Repeats may span blocks: they are found once every line is read, then
every problem is reported in line order (:mod:`sdreval.io.keyed_rows`)."""
from __future__ import annotations

from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Iterator

import numpy as np

from ..errors import ProblemLog
from .run_columns import release_heap_memory
from .textlines import iter_fields

#: bytes read at a time (a block's tokens take several times its size while they last)
BLOCK_BYTES = 1 << 20
#: blocks read between two calls of :func:`~sdreval.io.run_columns.release_heap_memory` (a
#: call every block made reading FOL qrels 20% slower)
TRIM_EVERY = 4
#: the most digits of an integer taken by the fast path (then it fits int64, as in Python)
DIGITS = 18


@dataclass
class Fields:
    """The data lines of a block, split: line ``i`` (number ``numbers[i]`` in the file) has
    ``counts[i]`` fields, field ``k`` being ``tokens[starts[i] + k]``."""

    tokens: Any  # Arrow string array
    counts: np.ndarray
    starts: np.ndarray
    numbers: np.ndarray

    def field(self, k: int, where: np.ndarray | None = None):
        """Field ``k`` of every line (of the lines in ``where``), as an Arrow array."""
        from .. import arrow_kernels as pc

        chosen = self.starts + k if where is None else (self.starts + k)[where]
        return pc.take(self.tokens, chosen)

    def rows(self, keep: slice | np.ndarray) -> "Fields":
        """The lines in ``keep`` only."""
        return Fields(self.tokens, self.counts[keep], self.starts[keep], self.numbers[keep])


def split_fields(block, before: int) -> Fields | None:
    """The block's data lines split exactly as ``str.split()`` splits them (blank and ``#``
    lines left out, as :func:`~sdreval.io.textlines.iter_fields` does), or None if that is not
    certain (:func:`~sdreval.io.columnar.plain_text`)."""
    import pyarrow as pa
    from .. import arrow_kernels as pc

    from .columnar import plain_text

    data = plain_text(block, before)
    if not data or len(data) >= 1 << 31:  # (Arrow's string offsets are int32)
        return None
    # each line, with its line end (white space to the split), one Arrow string over the
    # block's own bytes
    ends = np.flatnonzero(np.frombuffer(data, dtype=np.uint8) == 10) + 1
    if not len(ends) or ends[-1] != len(data):
        ends = np.append(ends, len(data))
    numbers = np.arange(before + 1, before + 1 + len(ends), dtype=np.int64)
    lines = pa.StringArray.from_buffers(len(ends), pa.py_buffer(np.concatenate(
        ([0], ends)).astype(np.int32)), pa.py_buffer(data))
    split = pc.ascii_split_whitespace(lines)
    offsets = split.offsets.to_numpy()
    tokens = pc.list_flatten(split)
    line_start, line_tokens = offsets[:-1] - offsets[0], np.diff(offsets)
    # white space at a line start or end gives an empty token there (only there): left out;
    # every line gives at least one token (an empty line: one empty token)
    bounds = np.frombuffer(tokens.buffers()[1], dtype=np.int32, count=len(tokens) + 1,
                           offset=4 * tokens.offset)
    first = np.minimum(line_start, len(tokens) - 1)
    last = np.maximum(line_start + line_tokens - 1, 0)
    empty_first = bounds[first + 1] == bounds[first]
    empty_last = (bounds[last + 1] == bounds[last]) & (line_tokens > 1)
    counts = line_tokens - empty_first - empty_last
    starts = line_start + empty_first
    data_lines = counts > 0  # blank lines are skipped, as are comments
    if b"#" in data and data_lines.any():
        firsts = tokens.take(starts[data_lines])
        comment = pc.starts_with(firsts, "#").to_numpy(zero_copy_only=False)
        if comment.any():
            data_lines[np.flatnonzero(data_lines)[comment]] = False
    return Fields(tokens, counts[data_lines], starts[data_lines], numbers[data_lines])


def read_in_blocks(path, fast, explain, file: str, log: ProblemLog,
                   size: int = 0) -> None:
    """Read ``path`` by blocks of ``size`` bytes (:data:`BLOCK_BYTES` by default), each split
    into :class:`Fields`: ``fast(fields)`` takes a block's data lines or refuses them (then
    the block is halved) and ``explain(pairs)`` gets the ``(line number, fields)`` of the
    parts refused, and of the rest of a damaged ``.gz``, to parse them one by one (problems
    to ``log``).  (A parse-ahead thread, as the run reader's, was slower here: the checks are
    many small steps that hold the interpreter.)"""
    from . import columnar
    from .columnar import ReadFailed, careful_lines, iter_blocks, parse_halving

    def parse(block, before: int, newlines: int) -> bool:
        found = split_fields(block, before)
        return found is not None and (not len(found.counts) or fast(found))

    try:
        size = min(columnar.BLOCK_BYTES, size or BLOCK_BYTES)
        for count, (block, before, newlines) in enumerate(iter_blocks(path, size), 1):
            parse_halving(block, before, newlines, parse,
                          lambda b, n: explain(careful_lines(b, n, file, log)))
            del block
            if count % TRIM_EVERY == 0:
                release_heap_memory()
    except ReadFailed as failure:  # a damaged .gz: line by line up to the damage
        explain(iter_fields(path, log, failure.before))


def digit_integers(text) -> np.ndarray | None:
    """int64 values of strings of 1 to :data:`DIGITS` ASCII digits (None if one is not)."""
    import pyarrow as pa
    from .. import arrow_kernels as pc

    sizes = pc.binary_length(text).to_numpy()
    if sizes.min() == 0 or sizes.max() > DIGITS or not pc.all(pc.ascii_is_decimal(text)).as_py():
        return None
    return pc.cast(text, pa.int64()).to_numpy()


@contextmanager
def system_allocator() -> Iterator[None]:
    """Within the block Arrow allocates with the C library's allocator
    (:func:`sdreval.io.columnar.arrow_pool`, which gives freed memory back)."""
    import pyarrow as pa

    from .columnar import arrow_pool

    previous = pa.default_memory_pool()
    pa.set_memory_pool(arrow_pool())
    try:
        yield
    finally:
        pa.set_memory_pool(previous)
