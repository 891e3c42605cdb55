"""A reference reader of TREC-like runs, for tests only: every line parsed in Python, topics
grouped in dicts, and the rules for ranks out of order, repeated results and overlapping
passages checked with plain loops (no sort tricks), so that the library's one reader
(:func:`sdreval.io.trec.read_trec_run`: blocks parsed by Arrow, vectorised rules) is compared
with an independent reading of the same file: same run, same problems in the same order.

Only the per-line parse (:func:`~sdreval.io.trec_lines.parse_result_fields`, which the library
keeps to explain a rejected line) and the messages of the rules are shared.
"""
from __future__ import annotations

from pathlib import Path

import numpy as np

from sdreval.errors import ProblemLog
from sdreval.io.textlines import finish, iter_fields
from sdreval.io.trec_lines import (DOCUMENT_PATH, LAYOUTS, note_run_id,
                                   parse_result_fields)
from sdreval.model.result_rules import disorder_message, overlap_message, repeat_message
from sdreval.model.runnames import file_stem
from sdreval.model.run import Ranking, Run


def read_trec_run_reference(path: str | Path, layout: str, log: ProblemLog | None = None,
                            name: str | None = None) -> Run:
    """The run of ``path`` in ``layout`` and its problems, as the library's reader gives them."""
    if layout not in LAYOUTS:
        raise ValueError(f"unknown run layout {layout!r}")
    own = log is None
    log = log if log is not None else ProblemLog()
    file = str(path)
    topics: dict[str, list[tuple]] = {}  # first appearance order; rows in file order
    raw_paths: dict[str, str] = {}
    run_ids: dict[str, int] = {}
    for number, fields in iter_fields(path, log):
        parsed = parse_result_fields(fields, number, layout, raw_paths, file, log)
        if parsed is None:
            continue
        rank, rsv, offset, length, canon = parsed
        if layout == "document":
            canon = DOCUMENT_PATH
        note_run_id(run_ids, fields[5], number, file, log)
        topics.setdefault(fields[0], []).append((fields[2], canon, offset, length, rank, rsv,
                                                 number))
    for topic, rows in topics.items():
        _report(topic, rows, layout, file, log)
    if not topics and not log.errors:
        log.warn(file, None, "the run holds no results")
    rankings = {}
    for topic, rows in topics.items():
        docs, paths, offsets, lengths, ranks, rsv, _ = zip(*rows)
        rankings[topic] = Ranking(np.array(docs, dtype=object), np.array(paths, dtype=object),
                                  np.array(offsets, dtype=np.int64),
                                  np.array(lengths, dtype=np.int64),
                                  np.array(ranks, dtype=np.int64),
                                  np.array(rsv, dtype=np.float64), layout)
    run = Run(name or (next(iter(run_ids)) if run_ids else file_stem(file)), rankings, layout,
              file)
    finish(log, own)
    return run


def _report(topic: str, rows: list[tuple], layout: str, file: str, log: ProblemLog) -> None:
    """One topic's ranks out of order, then repeats, then overlaps, each in line order."""
    down = [i for i in range(1, len(rows)) if rows[i][4] < rows[i - 1][4]]
    if down:
        i = down[0]
        log.warn(file, rows[i][6], disorder_message(topic, len(down), rows[i][4],
                                                    rows[i - 1][4]))
    first: dict[tuple, int] = {}
    repeats = set()
    for i, (doc, canon, offset, length, *_rest, line) in enumerate(rows):
        key = (doc, offset, length) if layout == "passage" else (doc, canon)
        if key in first:
            repeats.add(i)
            what = {"passage": f"{doc} {offset}:{length}", "document": doc}.get(
                layout, f"{doc} {canon}")  # a document run has no paths to name
            log.warn(file, line, f"topic {topic}: " + repeat_message(
                what, f"line {rows[first[key]][6]}"))
        else:
            first[key] = i
    if layout != "passage":
        return
    found = []  # (row, other): a passage starting before the furthest end of those before it
    by_doc: dict[str, list[int]] = {}
    for i, row in enumerate(rows):
        if row[3] > 0 and i not in repeats:
            by_doc.setdefault(row[0], []).append(i)
    for members in by_doc.values():
        members.sort(key=lambda i: rows[i][2])  # by offset, then file order
        reach, furthest = None, None
        for i in members:
            start, end = rows[i][2], rows[i][2] + rows[i][3]
            if reach is not None and start < reach:
                found.append((i, furthest))
            if reach is None or end >= reach:
                reach, furthest = end, i
    for i, j in sorted(found):
        log.warn(file, rows[i][6], f"topic {topic}: " + overlap_message(
            f"{rows[i][0]} {rows[i][2]}:{rows[i][3]}", f"{rows[j][2]}:{rows[j][3]}",
            rows[j][6]))
