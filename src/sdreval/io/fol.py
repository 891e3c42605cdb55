"""FOL qrels of INEX 2008+ (highlighted passages): ``topic Q0 doc relchars doclen [BEP off:len
...]``, one judged document a line, read in blocks (:mod:`sdreval.io.tokens`; a refused line
explained by :func:`parse_fol_line` and :func:`check_fol_line`) into
:class:`~sdreval.judgements.columns.PassageColumns` of scale ``fol``, peaking at about 1.4
times the file's size; and the passage qrels of one passage a line
(:func:`read_passage_qrels`).  The layouts and the policy for each bad line: docs/inputs.md.
"""
from __future__ import annotations

from pathlib import Path

import numpy as np

from ..errors import HeldProblems, Problem, ProblemLog
from ..judgements.qrels import Qrels
from ..model.result_rules import overlapping_rows
from .columnar import arrow_pool
from .textlines import (CHAR_LIMIT, beyond_char_limit, given_log, iter_fields,
                        nonnegative, parse_int, passage_fields)
from .keyed_rows import KeyedRows, find_repeats, finished, smallest_integers
from .tokens import DIGITS, Fields, digit_integers, read_in_blocks, system_allocator
from .run_columns import TRIM_BYTES, joined, release_heap_memory


FolLine = tuple[str, str, int, int, "int | None", list[tuple[int, int]]]


def parse_fol_line(fields: list[str], number: int, file: str, log: ProblemLog
                   ) -> FolLine | None:
    """``(topic, doc, relchars, doclen, bep, ranges)`` of one line, or None after reporting
    why the line cannot be used."""
    if len(fields) < 5:
        log.error(file, number, f"expected at least 5 fields (topic Q0 doc relchars doclen "
                                f"[BEP offset:length ...]), found {len(fields)}")
        return None
    topic, doc = fields[0], fields[2]
    bad: list[str] = []
    relchars = nonnegative(fields[3], "relchars", bad)
    doclen = nonnegative(fields[4], "doclen", bad)
    bep: int | None = None
    tokens = fields[5:]
    if tokens and ":" not in tokens[0]:
        bep = nonnegative(tokens[0], "best entry point", bad)
        tokens = tokens[1:]
    ranges: list[tuple[int, int]] = []
    for token in tokens:
        offset, sep, length = token.partition(":")
        o, n = parse_int(offset), parse_int(length)
        if not sep or o is None or n is None or o < 0 or n < 0:
            bad.append(f"passage {token!r} is not offset:length with non-negative "
                       f"integers")
        elif o + n >= CHAR_LIMIT:
            bad.append(beyond_char_limit(token))
        else:
            ranges.append((o, n))
    if log.refuse(file, number, bad):
        return None
    return topic, doc, relchars, doclen, bep, ranges  # type: ignore[return-value]


def check_fol_line(topic: str, doc: str, relchars: int, doclen: int, bep: int | None,
                   ranges: list[tuple[int, int]]) -> list[str]:
    """Warnings about a line that is well-formed but inconsistent."""
    found: list[str] = []
    where = f"topic {topic}, document {doc}"
    total = sum(n for _, n in ranges)
    if ranges and total != relchars:
        found.append(f"{where}: relchars {relchars} differs from the passages' total "
                     f"length {total}")
    if relchars > 0 and not ranges:
        found.append(f"{where}: relchars {relchars} but no passage given")
    for offset, length in ranges:
        if length == 0:
            found.append(f"{where}: empty passage {offset}:0 (ignored)")
        if offset + length > doclen:
            found.append(f"{where}: passage {offset}:{length} reaches beyond doclen "
                         f"{doclen} (kept)")
    if bep is not None and bep > doclen:
        found.append(f"{where}: best entry point {bep} beyond doclen {doclen}")
    ordered = sorted(r for r in ranges if r[1] > 0)
    reach, before = -1, None
    for offset, length in ordered:
        if (offset, length) == before:
            found.append(f"{where}: passage {offset}:{length} is given twice on the line "
                         "(read once)")
        elif offset < reach:
            found.append(f"{where}: passage {offset}:{length} overlaps another "
                         f"passage of the line")
        reach, before = max(reach, offset + length), (offset, length)
    return found


class _Rows:
    """The parsed lines, compact: the keys (:class:`~sdreval.io.keyed_rows.KeyedRows`) and, per
    piece, the numbers in the narrowest integers that hold them."""

    def __init__(self) -> None:
        self.keyed = KeyedRows()
        #: per column (relchars, doclen, bep, passages per line, offsets, lengths), per piece
        self.parts: list[list[np.ndarray]] = [[] for _ in range(6)]
        self.warnings: dict[int, list[str]] = {}  # row -> warnings (explained lines only)

    def add_columns(self, lines, topics, docs, *numbers) -> None:
        """A piece of rows: line numbers, global topic ids, documents (Arrow), numbers."""
        self.keyed.add(lines, topics, docs)
        for part, values in zip(self.parts, numbers):
            part.append(smallest_integers(np.asarray(values)))

    def add_explained(self, rows: list[tuple[int, tuple, list[str]]]) -> None:
        """Rows parsed one by one: ``(line, (topic, doc, relchars, doclen, bep, ranges),
        warnings)``."""
        import pyarrow as pa

        if not rows:
            return
        lines, parsed, warnings = zip(*rows)
        self.warnings.update((len(self.keyed) + i, w) for i, w in enumerate(warnings) if w)
        topics, docs, relchars, doclen, bep, ranges = zip(*parsed)
        flat = [r for line_ranges in ranges for r in line_ranges]
        self.add_columns(np.array(lines, dtype=np.int64), self.keyed.ids_of_names(list(topics)),
                         pa.array(docs, pa.string()), *(np.array(c, dtype=np.int64) for c in (
                             relchars, doclen, [-1 if b is None else b for b in bep],
                             [len(r) for r in ranges], [o for o, _ in flat],
                             [n for _, n in flat])))

    def joined(self) -> list[np.ndarray]:
        """The number columns, each joined as its pieces are released."""
        out = []
        for i, part in enumerate(self.parts):
            self.parts[i] = []
            out.append(joined(part))
            del part
            if out[-1].nbytes >= TRIM_BYTES:  # the pieces' memory back to the system
                release_heap_memory()
        return out


def read_fol_qrels(path: str | Path, log: ProblemLog | None = None) -> Qrels:
    """Read FOL qrels; problems go to ``log`` (without one, all errors are raised at the end).
    Read in blocks into shared columns (module docstring)."""
    log, own = given_log(log)
    file = str(path)
    held = HeldProblems()
    rows = _Rows()

    def explain(pairs) -> None:  # the lines of a part the column checks refused, one by one
        rows.add_explained([(number, row, check_fol_line(*row)) for number, fields in pairs
                            if (row := parse_fol_line(fields, number, file, held)) is not None])

    with system_allocator():
        read_in_blocks(path, lambda found: fast_block(found, rows), explain, file, held)
        qrels = _finish_rows(rows, held.held, file, log)
    release_heap_memory()
    return finished(qrels, file, log, own)


def fast_block(found: Fields, rows: _Rows) -> bool:
    """Add a block's lines; False (nothing added) unless every line is certain to be read
    without any problem."""
    import pyarrow as pa
    from .. import arrow_kernels as pc

    counts, starts, numbers, field = found.counts, found.starts, found.numbers, found.field
    if counts.min() < 5:
        return False

    sixth = counts >= 6
    bep_given = np.zeros(len(counts), dtype=bool)
    if sixth.any():
        colon = pc.match_substring(field(5, sixth), ":").to_numpy(zero_copy_only=False)
        bep_given[np.flatnonzero(sixth)[~colon]] = True
    numbers_text = pc.take(found.tokens, np.concatenate(
        (starts + 3, starts + 4, (starts + 5)[bep_given])))
    values = digit_integers(numbers_text)
    if values is None:
        return False
    relchars, doclen = values[:len(counts)], values[len(counts):2 * len(counts)]
    bep = np.full(len(counts), -1, dtype=np.int64)
    bep[bep_given] = values[2 * len(counts):]
    # passages: the tokens after the fifth field and the BEP
    passages = counts - 5 - bep_given
    owner = np.repeat(np.arange(len(counts)), passages)
    first = np.concatenate(([0], np.cumsum(passages)[:-1]))
    position = (starts + 5 + bep_given)[owner] + (np.arange(len(owner)) - first[owner])
    offsets = lengths = np.zeros(0, dtype=np.int64)
    if len(owner):
        text = pc.take(found.tokens, position)
        if not pc.all(pc.match_substring_regex(
                text, rf"^[0-9]{{1,{DIGITS}}}:[0-9]{{1,{DIGITS}}}$")).as_py():
            return False
        pairs = pc.cast(pc.list_flatten(pc.split_pattern(text, ":")), pa.int64()).to_numpy()
        offsets, lengths = pairs[0::2], pairs[1::2]
        ends = offsets + lengths
        if (ends >= CHAR_LIMIT).any() or lengths.min() == 0 or (ends > doclen[owner]).any():
            return False
        same = owner[1:] == owner[:-1]  # passages of one line in order and apart: no overlap
        if not (offsets[1:] >= ends[:-1])[same].all() and overlapping_rows(
                owner, offsets, lengths, np.zeros(len(owner), dtype=bool)):
            return False
    running = np.concatenate(([0], np.cumsum(lengths)))
    total = running[first + passages] - running[first]
    if (total != relchars).any() or (bep > doclen).any():
        return False
    docs = pc.take(found.tokens, starts + 2, memory_pool=arrow_pool())
    rows.add_columns(numbers, rows.keyed.ids_of_column(field(0)), docs, relchars, doclen, bep,
                     passages, offsets, lengths)
    return True


def _finish_rows(rows: _Rows, held: list[Problem], file: str, log: ProblemLog) -> Qrels:
    """Find the repeats, report every problem in line order, build the qrels' columns (one
    column at a time, so that no two copies of the judgements are held at once)."""
    from ..judgements.columns import PassageColumns

    keyed = rows.keyed
    repeats = find_repeats(keyed, held, file, log)
    if repeats is None:
        return Qrels("fol", source=file)
    relchars, doclen, bep, counts, offsets, lengths = rows.joined()
    bounds = np.zeros(len(counts) + 1, dtype=np.int32 if len(offsets) < 1 << 31 else np.int64)
    np.cumsum(counts, dtype=bounds.dtype, out=bounds[1:])
    del counts
    release_heap_memory()
    def content(row: int) -> tuple:
        ranges = tuple(zip(offsets[bounds[row]:bounds[row + 1]].tolist(),
                           lengths[bounds[row]:bounds[row + 1]].tolist()))
        b = int(bep[row])
        return int(relchars[row]), int(doclen[row]), None if b < 0 else b, ranges

    keyed.report(repeats, held, file, log, content, rows.warnings)
    order, topic_bounds = keyed.grouped(repeats)
    if order is not None:
        counts = np.diff(bounds)[order]
        grouped = np.concatenate(([0], np.cumsum(counts, dtype=np.int64)))
        take = np.arange(grouped[-1]) + np.repeat(bounds[order] - grouped[:-1], counts)
        offsets, lengths, bounds = offsets[take], lengths[take], grouped
        relchars, doclen, bep = relchars[order], doclen[order], bep[order]
    table = PassageColumns(keyed.docs_in(order), relchars, doclen, bep, bounds, offsets, lengths)
    return Qrels.from_columns("fol", keyed.names(), topic_bounds, table, source=file)


def read_passage_qrels(path: str | Path, log: ProblemLog | None = None) -> Qrels:
    """Read highlighted-passage qrels ``topic doc offset length [BEP]``: one passage
    per line, a document's lines are gathered into one :class:`DocPassages` (scale ``fol``,
    document length unknown) by the rule of every table
    (:func:`~sdreval.io.frame_qrels.passage_judgements`).  Errors as for FOL qrels; an empty
    or repeated passage is a warning (ignored), overlapping passages' characters are counted
    once, a second, different BEP for a document is a warning (the first is kept)."""
    from .frame_qrels import passage_judgements
    from .table_checks import Checker

    log, own = given_log(log)
    file = str(path)
    held = HeldProblems()  # the lines' problems and the judgements', reported in line order
    rows: list[tuple[int, str, str, int, int, int]] = []
    for number, fields in iter_fields(path, held):
        if len(fields) not in (4, 5):
            held.error(file, number, f"expected 4 or 5 fields (topic doc offset length [BEP]), "
                                     f"found {len(fields)}")
            continue
        bep_bad: list[str] = []
        bep = nonnegative(fields[4], "best entry point", bep_bad) if len(fields) == 5 else -1
        bad: list[str] = []
        offset, length = passage_fields(fields[2], fields[3], bad, tuple(bep_bad))
        if not held.refuse(file, number, bad):
            rows.append((number, fields[0], fields[1], offset, length, bep))
    lines, topics, docs, offsets, lengths, beps = (
        np.array([row[i] for row in rows], dtype=object if i in (1, 2) else np.int64)
        for i in range(6))
    check = Checker(file, held, lambda i: f"line {lines[i]}", lines)
    qrels = passage_judgements(check, topics, docs, offsets, lengths, None, bep=beps)
    held.flush(log)
    return finished(qrels, file, log, own)
