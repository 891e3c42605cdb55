"""TREC qrels: ``qid iter docno rel``, one judged document a line (trec_eval's format; ``iter``
ignored, ``rel`` an integer grade, ``2.0`` and ``2.`` read as 2, ``1.5`` refused, ``rel <= 0``
non-relevant as in trec_eval).  Each judgement is the whole document ``(docno,
"/article[1]")`` with ``e = s = rel`` on the ``graded`` scale, as document runs are held, so
the classic measures evaluate document runs against them directly.  Policies: docs/inputs.md.
Read in blocks (:mod:`sdreval.io.tokens`; a line refused explained by :func:`parse_line`);
reading peaks at about 1.3 times the file's size.
"""
from __future__ import annotations

from pathlib import Path

import numpy as np

from ..errors import HeldProblems, ProblemLog
from ..judgements.qrels import Qrels
from .run_columns import release_heap_memory
from .textlines import given_log, grade_problem, parse_grade
from .trec_lines import DOCUMENT_PATH, header_line, is_word
from .keyed_rows import KeyedRows, find_repeats, finished, smallest_integers
from .tokens import DIGITS, Fields, read_in_blocks, system_allocator

LAYOUT = "qid iter docno rel"
#: bytes read at a time (half the FOL blocks: the peak memory of 2,000 x 1,000 qrels is then
#: what it was with the CSV parse, 125 MB, against 131 MB at 1 MiB)
BLOCK_BYTES = 1 << 19


def parse_line(fields: list[str], number: int, file: str, log: ProblemLog
               ) -> tuple[str, str, int] | None:
    """``(topic, doc, rel)`` of one line (split on white space), or None after reporting why
    it cannot be used: the explanation of a line the block parser rejects."""
    if len(fields) != 4:
        log.error(file, number, f"expected 4 fields ({LAYOUT}), found {len(fields)}")
        return None
    rel = parse_grade(fields[3])
    if rel is None and fields[1] != "Q0" and all(is_word(fields[i]) for i in (0, 1, 3)):
        log.error(file, number, header_line(fields, f"one judgement per line: {LAYOUT}"))
        return None
    if rel is None:
        log.error(file, number, grade_problem("relevance", fields[3]))
        return None
    return fields[0], fields[2], rel


def read_trec_qrels(path: str | Path, log: ProblemLog | None = None) -> Qrels:
    """Read TREC qrels; problems go to ``log`` (without one, all errors are raised at the end).
    The file is read by blocks into shared columns (module docstring)."""
    import pyarrow as pa
    from .. import arrow_kernels as pc

    log, own = given_log(log)
    file = str(path)
    keyed = KeyedRows()
    grades: list[np.ndarray] = []
    held = HeldProblems()

    def fast(found: Fields) -> bool:
        """Take a block's lines if every one is certain to be read without a problem: 4
        fields, a rel of at most 18 decimal digits, unsigned or with a ``-``."""
        if (found.counts != 4).any():
            return False
        text = found.field(3)
        if not pc.all(pc.match_substring_regex(text, rf"^-?[0-9]{{1,{DIGITS}}}$")).as_py():
            return False
        keyed.add(found.numbers, keyed.ids_of_column(found.field(0)), found.field(2))
        grades.append(smallest_integers(pc.cast(text, pa.int64()).to_numpy()))
        return True

    def explain(pairs) -> None:  # the lines of a part Arrow refused, one by one
        rows = [(number, *found) for number, fields in pairs
                if (found := parse_line(fields, number, file, held)) is not None]
        if rows:
            numbers, topics, docs, rel = zip(*rows)
            keyed.add(np.array(numbers, dtype=np.int64), keyed.ids_of_names(list(topics)),
                      pa.array(docs, pa.string()))
            grades.append(smallest_integers(np.array(rel, dtype=np.int64)))

    with system_allocator():
        read_in_blocks(path, fast, explain, file, held, BLOCK_BYTES)
        qrels = judgements_of_rows(keyed, grades, held.held, file, log)
    release_heap_memory()
    return finished(qrels, file, log, own)


def judgements_of_rows(keyed: KeyedRows, grades: list[np.ndarray], held: list, file: str,
                log: ProblemLog) -> Qrels:
    """Repeats found and reported (with the held problems, in line order), columns built."""
    from ..judgements.columns import ElementColumns

    repeats = find_repeats(keyed, held, file, log)
    if repeats is None:
        return Qrels("graded", source=file)
    rel = np.concatenate(grades)
    grades.clear()
    keyed.report(repeats, held, file, log, lambda r: int(rel[r]))
    order, bounds = keyed.grouped(repeats)
    rel = rel if order is None else rel[order]
    table = ElementColumns(keyed.docs_in(order), DOCUMENT_PATH, rel, rel, None)
    return Qrels.from_columns("graded", keyed.names(), bounds, table, source=file)
