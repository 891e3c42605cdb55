"""Qrels from tables (DataFrames, records, column and nested dicts made tables by
:mod:`sdreval.io.interop`), validated by the rules of the file readers (columns and checks:
:mod:`sdreval.io.table_checks`).

As in files, an element judged twice is a warning when both rows agree (the repeat is ignored)
and an error when they differ; a repeated highlighted passage is a warning (ignored), a
document given two ``doclen`` an error.

Passage qrels rows (:func:`passage_judgements`, also the rule of span tables): a row whose
relevance is above 0 (or that has no relevance column) is a highlighted passage, its grade
kept for the graded span measures (the INEX passage measures are binary); a row with
relevance 0, or with neither offset nor length, marks a judged document without relevant
text there.  Optional columns ``doclen`` and ``bep`` give the document length and best entry
point, as in FOL qrels.
"""
from __future__ import annotations

from collections.abc import Callable

import numpy as np

from ..errors import InputError, Problem, ProblemLog, UsageError
from ..judgements.qrels import DocPassages, ElementAssessment, Qrels
from ..lazy import lazy_module
from ..model.result_rules import repeated_rows
from .table_checks import (DOC, E, GRADE, PATH, ROOT, S, TOPIC, Checker, checker, column,
                           listed, one_unit, span_columns, span_values)
from .textlines import finish

pd = lazy_module("pandas")  # imported on first use: span files met by detection need none

def qrels_from_table(frame: pd.DataFrame, scale: str | None = None,
                     source: str = "(DataFrame)", log: ProblemLog | None = None,
                     where: Callable[[int], str] | None = None) -> Qrels:
    """Qrels from a DataFrame (columns: module docstring); ``where`` as for
    :func:`run_from_table`."""
    own = log is None
    log = log if log is not None else ProblemLog()
    check = checker(frame, source, log, where)
    topic, doc = column(frame, TOPIC, "topic"), column(frame, DOC, "document")
    topics = check.ids(frame[topic].to_numpy(), topic)
    docs = check.ids(frame[doc].to_numpy(), doc)
    spans = span_columns(frame)
    grade = column(frame, GRADE, "relevance", required=False)
    one_unit(frame, spans)
    if spans is not None:
        qrels = _passage_qrels(frame, spans, grade, topics, docs, check, source)
    else:
        qrels = _element_qrels(frame, grade, scale, topics, docs, check, source)
    finish(log, own)
    return qrels


def _element_qrels(frame, grade, scale, topics, docs, check: Checker, source: str) -> Qrels:
    path = column(frame, PATH, "path", required=False)
    e_col, s_col = column(frame, E, "e", False), column(frame, S, "s", False)
    if grade is None and (e_col is None or s_col is None):
        raise UsageError("a qrels table needs a relevance column (relevance, grade, rel or "
                         "label), exhaustivity and specificity columns, or offset/length "
                         "columns; columns: " + listed(frame))
    paths = check.xpaths(frame[path].to_numpy(), path) if path else \
        np.full(len(frame), ROOT, dtype=object)
    if grade is not None:
        e = s = check.floats(frame[grade].to_numpy(), grade)
    else:
        e = check.floats(frame[e_col].to_numpy(), e_col)
        s = check.floats(frame[s_col].to_numpy(), s_col)
    size = check.floats(frame["size"].to_numpy(), "size") if "size" in frame.columns else None
    check.log.raise_if_errors()
    qrels = Qrels(scale or ("graded" if grade is not None else "inex2003"), source=source)
    # an element judged again: identical = warning, different = error (as the files)
    repeated, first_of = repeated_rows(tuple(pd.factorize(c)[0] for c in (topics, docs, paths)))
    again = np.flatnonzero(repeated)
    earlier = first_of[again]
    same = (e[again] == e[earlier]) & (s[again] == s[earlier])
    if size is not None:
        same &= size[again] == size[earlier]
    repeats = list(zip(again[same].tolist(), earlier[same].tolist()))
    conflicts = list(zip(again[~same].tolist(), earlier[~same].tolist()))
    keep = ~repeated
    judged: dict[str, dict] = {}  # topic -> its elements (one look-up per topic)
    sizes = [None] * int(keep.sum()) if size is None else size[keep].tolist()
    for topic, doc, path, e_i, s_i, size_i in zip(topics[keep].tolist(), docs[keep].tolist(),
                                                   paths[keep].tolist(), e[keep].tolist(),
                                                   s[keep].tolist(), sizes):
        elements = judged.get(topic)
        if elements is None:
            elements = judged[topic] = qrels.topic(topic).elements
        elements[(doc, path)] = ElementAssessment(doc, path, e_i, s_i, size_i)
    first = dict(repeats + conflicts)
    what = (lambda i: f"topic {topics[i]}: element {docs[i]} {paths[i]}")
    check.warn([i for i, _ in repeats], lambda i: f"{what(i)} repeats "
                                                  f"{check.where(first[i])} (identical; ignored)")
    check.report(np.array([i for i, _ in conflicts], dtype=np.int64),
                 lambda i: f"{what(i)} judged again, differently from {check.where(first[i])} "
                           f"({check.where(first[i])} kept)")
    check.log.raise_if_errors()
    check_pairs(qrels, source)
    return qrels


def check_pairs(qrels: Qrels, source: str) -> None:
    """Raise :class:`InputError` listing every assessment invalid on the qrels' scale
    (invalid pairs such as (0, 2) are reported, never guessed)."""
    from .native_lines import pair_problem

    problems = []
    for topic, judged in qrels.topics.items():
        for (doc, path), a in judged.elements.items():
            why = pair_problem(qrels.scale, a.e, a.s)
            if why:
                problems.append(Problem(source, None, f"topic {topic} {doc} {path} "
                                                      f"({a.e:g}, {a.s:g}): {why}"))
    if problems:
        raise InputError(problems)


def _passage_qrels(frame, spans, grade, topics, docs, check: Checker, source: str) -> Qrels:
    first, second, _ = spans
    no_span = (frame[first].isna() & frame[second].isna()).to_numpy()
    offsets, lengths = span_values(frame, spans, check, missing=no_span)
    grades = check.floats(frame[grade].to_numpy(), grade) if grade else None
    doclen = check.integers(frame["doclen"].to_numpy(), "doclen",
                            missing=frame["doclen"].isna().to_numpy()) \
        if "doclen" in frame.columns else None
    bep = check.integers(frame["bep"].to_numpy(), "best entry point",
                         missing=frame["bep"].isna().to_numpy()) \
        if "bep" in frame.columns else None
    check.log.raise_if_errors()
    qrels = passage_judgements(check, topics, docs, offsets, lengths, grades, doclen=doclen,
                               bep=bep)
    check.log.raise_if_errors()
    return qrels


def passage_judgements(check: Checker, topics: np.ndarray, docs: np.ndarray,
                       offsets: np.ndarray, lengths: np.ndarray, grades: np.ndarray | None,
                       keep: np.ndarray | None = None, doclen: np.ndarray | None = None,
                       bep: np.ndarray | None = None,
                       doc_length: Callable[[str], int | None] | None = None) -> Qrels:
    """Qrels of scale ``fol`` from the rows of any table (span files, DataFrames, records,
    dicts; ``keep``: the rows validated, all by default): a row with a passage (offset and
    length, -1 where none) and a grade above 0 (or no grade column) is a highlighted passage,
    its grade kept for the graded measures; any other row marks its document judged.  An
    empty passage and a repeated one are warnings (ignored); the relevant characters of a
    document are the union of its passages.  ``doclen`` and ``bep`` (-1 where none) as in
    FOL qrels: a document given two lengths is an error, two best entry points a warning
    (the first kept); the length may also come from ``doc_length(doc)`` (the documents)."""
    from ..model.passage import merge_ranges

    highlighted = (offsets >= 0) & (lengths >= 0)
    if grades is not None:
        highlighted &= grades > 0
    if keep is not None:
        highlighted &= keep
    qrels = Qrels("fol", source=check.source)
    seen: dict[tuple, int] = {}
    noted: dict[int, str] = {}  # row -> its warning, in row order (as the files' lines)
    other_doclen = []
    where = (lambda i: f"topic {topics[i]}, document {docs[i]}")
    for i in range(len(docs)) if keep is None else np.flatnonzero(keep).tolist():
        judged = qrels.topic(topics[i]).passages
        entry = judged.get(docs[i])
        if entry is None:
            entry = judged[docs[i]] = DocPassages(
                docs[i], doc_length=None if doc_length is None else doc_length(docs[i]),
                grades=None if grades is None else [])
        if highlighted[i]:
            key = (topics[i], docs[i], int(offsets[i]), int(lengths[i]))
            if not key[3]:
                noted[i] = f"{where(i)}: empty passage {key[2]}:0 (ignored)"
            elif key in seen:
                noted[i] = (f"{where(i)}: passage {key[2]}:{key[3]} repeats "
                            f"{check.where(seen[key])} (ignored)")
            else:
                seen[key] = i
                entry.ranges.append(key[2:])
                entry.relevant_chars += key[3]
                if grades is not None:
                    entry.grades.append(float(grades[i]))  # type: ignore[union-attr]
        if doclen is not None and doclen[i] >= 0:
            if entry.doc_length is not None and entry.doc_length != doclen[i]:
                other_doclen.append(i)
            elif entry.doc_length is None:
                entry.doc_length = int(doclen[i])
        if bep is not None and bep[i] >= 0:
            if entry.bep is None:
                entry.bep = int(bep[i])
            elif entry.bep != bep[i] and i not in noted:
                noted[i] = (f"{where(i)}: best entry point {bep[i]} differs from an earlier "
                            f"row's (the first kept)")
    for entry in (p for judged in qrels.topics.values() for p in judged.passages.values()):
        if len(entry.ranges) > 1:  # overlapping passages: their characters counted once
            entry.relevant_chars = sum(n for _, n in merge_ranges(entry.ranges))
    check.warn(list(noted), noted.__getitem__)
    check.report(np.array(other_doclen, dtype=np.int64),
                 lambda i: f"{where(i)}: doclen {doclen[i]} differs from an earlier row's")
    beyond = [i for i in np.flatnonzero(highlighted) if doclen is not None
              and (size := qrels.topics[topics[i]].passages[docs[i]].doc_length) is not None
              and offsets[i] + lengths[i] > size]
    check.warn(beyond, lambda i: f"{where(i)}: passage {offsets[i]}:{lengths[i]} reaches "
                                 f"beyond doclen (kept)")
    return qrels
