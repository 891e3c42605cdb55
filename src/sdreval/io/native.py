"""The native judgement TSV: ``topic file path exhaustivity specificity [size]``, one element
assessment a line, an optional header line whose first field is ``topic`` and ``#`` comments,
one of which (``# scale=NAME``) may fix the scale, else inferred from all values; the values
and policies: docs/inputs.md, the rules: :mod:`sdreval.io.native_lines`.  Read in two steps:
the lines, in blocks (:mod:`sdreval.io.tokens`); then the assessments (the scale, invalid
pairs, repeated elements), vectorised, as columns
(:class:`~sdreval.judgements.columns.ElementColumns`).
"""
from __future__ import annotations

from pathlib import Path

import numpy as np

from ..errors import HeldProblems, ProblemLog, UsageError
from ..judgements.qrels import COVERAGE_CODES, COVERAGE_LETTERS, TOO_SMALL, Qrels
from ..model.xpath import XPathError, canonical_xpath
from .ids import checked_topics
from .native_lines import (SCALES, chosen_scale, infer_scale, native_line, scale_directive,
                           show_value)
from .textlines import finish, given_log
from .tokens import Fields, read_in_blocks
from .written import whole_file
from .run_columns import release_heap_memory

#: a number as the fast path takes it (Python's float() and Arrow read it alike)
_NUMBER = r"^[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][+-]?[0-9]+)?$"


class _State:
    """What the blocks read so far leave for the next: the rows (per piece: lines, topics,
    documents, paths, e, s, letter, question, size) and the header rule."""

    def __init__(self) -> None:
        self.chunks: list[tuple] = []
        self.first_line = True

    def add_explained(self, rows: list[tuple]) -> None:
        import pyarrow as pa

        if rows:
            columns = list(zip(*rows))
            self.chunks.append((np.array(columns[0], dtype=np.int64),
                                *(pa.array(c, pa.string()) for c in columns[1:4]),
                                *(np.array(c, dtype=np.float64) for c in columns[4:6]),
                                *(np.array(c, dtype=bool) for c in columns[6:8]),
                                np.array(columns[8], dtype=np.float64)))  # None: NaN


def read_native_qrels(path: str | Path, log: ProblemLog | None = None) -> Qrels:
    """Read the native TSV, on the scale of its ``# scale=`` line, else inferred.  Problems go
    to ``log`` (without one, all errors are raised at the end)."""
    log, own = given_log(log)
    file = str(path)
    scale = scale_directive(path, file, log)
    state = _State()

    def explain(pairs) -> None:  # the lines of a part the column checks refused, one by one
        rows = []
        for number, fields in pairs:
            header = state.first_line and fields[0].lower() == "topic"
            state.first_line = False
            if not header and (row := native_line(fields, number, file, log)) is not None:
                rows.append(row)
        state.add_explained(rows)

    read_in_blocks(path, lambda found: fast_block(found, state), explain, file, log)
    qrels = _assessments(state, scale, file, log)
    release_heap_memory()
    finish(log, own)
    return qrels


def fast_block(found: Fields, state: _State) -> bool:
    """Add a block's lines; False (nothing added) unless every line is certain to be read
    without a problem."""
    import pyarrow as pa
    from .. import arrow_kernels as pc

    topics = found.field(0)
    header = pc.equal(pc.ascii_lower(topics), "topic").to_numpy(zero_copy_only=False)
    if header.any():  # the file's first data line may be a header, skipped
        if not (state.first_line and header[0] and not header[1:].any()):
            return False
        found = found.rows(slice(1, None))
        topics = topics[1:]
    counts = found.counts
    if not len(counts):
        state.first_line = False
        return True
    if counts.min() < 5 or counts.max() > 6:
        return False
    paths = pc.dictionary_encode(found.field(2))  # each distinct path canonicalised once
    try:
        canon = pa.array([canonical_xpath(value) for value in paths.dictionary.to_pylist()],
                         pa.string()).take(paths.indices)
    except XPathError:
        return False
    e, question = _numbers(found.field(3), {"?": TOO_SMALL})
    s, letter = _numbers(found.field(4), COVERAGE_CODES, upper=True)
    if e is None or s is None:
        return False
    size = np.full(len(counts), np.nan)
    sixth = counts == 6
    if sixth.any():
        values, _ = _numbers(found.field(5, sixth))
        if values is None or (values < 0).any():
            return False
        size[sixth] = values
    state.first_line = False
    state.chunks.append((found.numbers, topics, found.field(1), canon, e, s, letter, question,
                         size))
    return True


def _numbers(text, words: dict[str, float] | None = None, upper: bool = False
             ) -> tuple[np.ndarray | None, np.ndarray]:
    """float64 values of the strings and which were one of ``words`` (their value taken from
    there; compared in upper case if ``upper``), or None if another is not a plainly written
    finite number.  Each distinct string is looked at once."""
    import pyarrow as pa
    from .. import arrow_kernels as pc

    encoded = pc.dictionary_encode(text)
    distinct, codes = encoded.dictionary, encoded.indices.to_numpy()
    keys = pc.ascii_upper(distinct) if upper else distinct
    special = np.zeros(len(distinct), dtype=bool)
    if words:
        special = pc.is_in(keys, pa.array(list(words))).to_numpy(zero_copy_only=False)
    values = np.zeros(len(distinct))
    plain = distinct.filter(pa.array(~special)) if special.any() else distinct
    if len(plain) and not pc.all(pc.match_substring_regex(plain, _NUMBER)).as_py():
        return None, special
    found = pc.cast(plain, pa.float64()).to_numpy()  # (_NUMBER admits what Arrow parses)
    if not np.isfinite(found).all():
        return None, special
    values[~special] = found
    if special.any():
        values[special] = [words[k] for k in keys.filter(pa.array(special)).to_pylist()]
    return values[codes], special[codes]


def _assessments(state: _State, scale: str | None, file: str, log: ProblemLog) -> Qrels:
    """Step 2: the scale, then the judgements' rules (invalid pairs, repeats: reported in line
    order) and columns of every source (:func:`~sdreval.io.frame_qrels.element_judgements`)."""
    import pyarrow as pa

    from .frame_qrels import element_judgements
    from .table_checks import Checker

    if not state.chunks:
        chosen = scale or infer_scale(*[np.zeros(0)] * 4)
        if not log.errors:
            log.warn(file, None, "the judgements file holds no assessments")
        return Qrels(chosen, source=file)  # type: ignore[arg-type]
    columns = list(zip(*state.chunks))
    lines = np.concatenate(columns[0])
    topics, docs, paths = (pa.concat_arrays(c) for c in columns[1:4])
    e, s, letter, question, size = (np.concatenate(c) for c in columns[4:])
    held = HeldProblems()
    check = Checker(file, held, lambda i: f"line {lines[i]}", lines)
    chosen, rule = chosen_scale(scale, e, s, letter, question, "write '# scale=inex2005' (or "
                                "'# scale=inex2003') on a line of its own", check.warn,
                                "write '# scale=graded' on a line of its own")
    qrels = element_judgements(check, chosen, topics, docs, paths, e, s, size, letter,
                               question)
    held.flush(log)
    if rule:  # the rule applied
        log.warn(file, None, rule)
    return qrels


def write_native_qrels(qrels: Qrels, path: str | Path) -> int:
    """Write the element assessments of ``qrels`` as native TSV (with ``# scale=`` and a
    header); returns the number of rows.  Passages are not representable: use FOL qrels."""
    if qrels.scale not in SCALES:
        raise UsageError(f"native TSV holds element assessments on scales {', '.join(SCALES)}; "
                         f"scale {qrels.scale!r} (passages) is written as FOL qrels")
    count = 0
    with whole_file(path) as out:
        out.write(f"# sdreval native judgements\n# scale={qrels.scale}\n")
        out.write("topic\tfile\tpath\texhaustivity\tspecificity\tsize\n")
        for topic, tq in checked_topics(qrels):
            for (doc, canon), a in tq.elements.items():
                e = "?" if (qrels.scale == "inex2005" and a.e == TOO_SMALL) else show_value(a.e)
                s = COVERAGE_LETTERS[a.s] if qrels.scale == "inex2002" else show_value(a.s)
                size = "" if a.size is None else "\t" + show_value(a.size)
                out.write(f"{topic}\t{doc}\t{canon}\t{e}\t{s}{size}\n")
                count += 1
    return count
