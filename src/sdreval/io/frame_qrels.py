"""Qrels from tables (DataFrames, records, column and nested dicts made tables by
:mod:`sdreval.io.interop`), validated by the rules of the file readers
(:mod:`sdreval.io.table_checks`; the columns: docs/inputs.md, "Runs and qrels as tables"), and
the two judgement builders every source shares: :func:`element_judgements` (tables, the native
TSV) and :func:`passage_judgements` (tables, span files, passage qrels), which state the rules
of repeated and invalid rows.
"""
from __future__ import annotations

from collections.abc import Callable

import numpy as np

from ..errors import ProblemLog, UsageError
from ..judgements.qrels import COVERAGE_CODES, TOO_SMALL, DocPassages, Qrels
from ..lazy import lazy_module
from ..model.result_rules import repeated_rows
from .table_checks import (Checker, bad_value, checker, column, listed, numbers_of,
                           span_columns, span_values)
from .table_syntax import DOC, E, GRADE, PATH, S, TOPIC
from .native_lines import SCALES, check_scale, chosen_scale, pair_problem, show_value
from .textlines import finish, fractional_grade, given_log, grade_problem
from .trec_lines import DOCUMENT_PATH

pd = lazy_module("pandas")  # imported on first use: span files met by detection need none


def beir_qrels(columns) -> bool:
    """Whether a table has BEIR's qrels layout (``qrels/test.tsv``: query-id, corpus-id,
    score; Thakur et al. 2021), whose score column is the relevance grade: BEIR's ids, no
    relevance column of another name, and no rank (a run's: its score is the retrieval's)."""
    return {"query-id", "corpus-id", "score"} <= set(columns) and \
        not set(columns).intersection(GRADE + ("rank",))


def qrels_from_table(frame: pd.DataFrame, scale: str | None = None,
                     source: str = "(DataFrame)", log: ProblemLog | None = None,
                     where: Callable[[int], str] | None = None, table=None) -> Qrels:
    """Qrels from a DataFrame (columns: docs/inputs.md); ``where`` and ``table`` as for
    :func:`~sdreval.io.frames.run_from_table`."""
    log, own = given_log(log)
    check = checker(frame, source, log, where, table)
    topic = column(frame, TOPIC, "topic", check=check)
    doc = column(frame, DOC, "document", check=check)
    topics = check.ids(frame[topic].to_numpy(), topic)
    docs = check.ids(frame[doc].to_numpy(), doc)
    spans = span_columns(frame)
    grade = column(frame, GRADE + (("score",) if beir_qrels(frame.columns) else ()),
                   "relevance", False, check)
    try:
        if spans is not None:
            qrels = _passage_qrels(frame, spans, grade, topics, docs, check)
        else:
            qrels = _element_qrels(frame, grade, scale or _scale_column(frame), topics, docs,
                                   check)
    finally:  # the warnings found before an error are issued too, as a run table's are
        finish(log, own)
    log.raise_if_errors()
    return qrels


def _scale_column(frame: pd.DataFrame) -> str | None:
    """The scale a ``scale`` column names (as ``qrels_frame`` writes it), one per table."""
    if "scale" not in frame.columns or not len(frame):
        return None
    named = [str(v) for v in pd.unique(frame["scale"])]
    if len(named) != 1 or named[0] not in SCALES:
        raise UsageError(f"the scale column must name one scale ({', '.join(SCALES)}) for "
                         f"the whole table; it holds {', '.join(named[:5])}")
    return named[0]


def _element_qrels(frame, grade, scale, topics, docs, check: Checker) -> Qrels:
    path = column(frame, PATH, "path", required=False)
    e_col, s_col = column(frame, E, "e", False), column(frame, S, "s", False)
    if grade is None and (e_col is None or s_col is None):
        raise UsageError("a qrels table needs a relevance column (relevance, grade, rel or "
                         "label), exhaustivity and specificity columns, or offset/length "
                         "columns; columns: " + listed(frame))
    paths = check.xpaths(frame[path].to_numpy(), path) if path else \
        np.full(len(frame), DOCUMENT_PATH, dtype=object)
    summary, grade = (grade, None) if e_col and s_col else (None, grade)  # (e, s): the grades
    if grade is not None:
        e = s = check.floats(frame[grade].to_numpy(), grade)
        if path is None:  # documents: TREC qrels' whole grades (peers truncate or refuse 1.5)
            raw = frame[grade].to_numpy()
            text = np.array([isinstance(v, str) for v in raw], dtype=bool) & np.isfinite(
                numbers_of(raw))  # text read as a number: TREC qrels' rule (1e3 refused)
            said = {i: grade_problem(grade, raw[i].strip()) for i in np.flatnonzero(text)}
            check.report([i for i, problem in said.items() if problem], said.__getitem__)
            check.report((e != np.floor(e)) & ~text,
                         lambda i: fractional_grade(grade, show_value(e[i])))
    else:
        e, question = _pair_values(check, frame[e_col].to_numpy(), e_col, {"?": TOO_SMALL},
                                   "a number or '?'")
        s, letter = _pair_values(check, frame[s_col].to_numpy(), s_col, COVERAGE_CODES,
                                 "a number or a coverage letter (N, S, L, E)", upper=True)
        if summary is not None:  # beside the pairs, only their binary summary is clear
            r = check.floats(frame[summary].to_numpy(), summary)
            check.report(r != ((e > 0) & (s > 0)), lambda i: (
                f"{summary} {show_value(r[i])} beside {e_col} {show_value(e[i])} and {s_col} "
                f"{show_value(s[i])} is not their binary summary (1 where e > 0 and s > 0): "
                f"the pair is the grade, {summary} ignored (drop one of the columns)"),
                "warning")
    size = _sizes(check, frame["size"].to_numpy()) if "size" in frame.columns else None
    check.log.raise_if_errors()
    if grade is not None:
        question = letter = np.zeros(len(e), dtype=bool)
    scale, rule = chosen_scale(scale or ("graded" if grade is not None else None), e, s,
                               letter, question, "add a column scale holding inex2005 or "
                               "inex2003 (in Python: scale= of read_qrels)", check.warn,
                               "add a column scale holding graded (in Python: scale= of "
                               "read_qrels)")
    if rule:  # the rule applied, as the native TSV states it
        check.log.warn(check.source, None, rule)
    # too small is written '?' (as qrels_frame writes it), never as its code -1: refused, as
    # by the native TSV and the INEX assessments
    return element_judgements(check, scale, topics, docs, paths, e, s, size, letter,
                              question, documents=path is None)


def _sizes(check: Checker, raw: np.ndarray) -> np.ndarray:
    """Element sizes as the native TSV reads its sixth field: a non-negative number, or
    unknown (NaN) where missing (``qrels_frame`` writes NaN where a size is unknown)."""
    size = numbers_of(raw)
    missing = np.asarray(pd.isna(raw), dtype=bool)  # None, NaN, pd.NA
    bad = ~missing & ~(np.isfinite(size) & (size >= 0))
    check.report(bad, lambda i: bad_value("size", raw[i], "is not a non-negative number"))
    return np.where(bad | missing, np.nan, size)


def _pair_values(check: Checker, raw: np.ndarray, name: str, words: dict[str, float],
                 what: str, upper: bool = False) -> tuple[np.ndarray, np.ndarray]:
    """An exhaustivity or specificity column read as the native TSV reads its field: finite
    numbers, or one of ``words`` (``?``; the coverage letters, in any case if ``upper``), and
    which rows were words; another value is an error (``name 'x' is not <what>``)."""
    numbers = numbers_of(raw)
    word = np.zeros(len(raw), dtype=bool)
    if raw.dtype.kind == "O":
        keys = [(v.strip().upper() if upper else v.strip()) if isinstance(v, str) else None
                for v in raw]
        word = np.array([k in words for k in keys], dtype=bool)
        numbers[word] = [words[k] for k, w in zip(keys, word) if w]
    bad = ~np.isfinite(numbers)
    check.report(bad, lambda i: bad_value(name, raw[i], f"is not {what}"))
    return np.where(bad, 0.0, numbers), word


def element_judgements(check: Checker, scale: str, topics, docs, paths, e: np.ndarray,
                       s: np.ndarray, size: np.ndarray | None, letter: np.ndarray,
                       question: np.ndarray, documents: bool = False) -> Qrels:
    """Qrels of element assessments on ``scale`` from the validated rows of any source (the
    native TSV's lines, tables): ``topics``, ``docs`` and ``paths`` (canonical) as Arrow or
    object arrays, ``size`` NaN where unknown; ``letter``: s was a coverage letter,
    ``question``: e was ``?``.  A pair invalid on the scale
    (:func:`~sdreval.io.native_lines.pair_problem`) is an error; an element judged again is a
    warning when both rows agree (the repeat ignored) and an error when they differ (the first
    kept); ``documents``: the rows judge whole documents (no path column), named in messages
    as a TREC qrels line's are."""
    import pyarrow as pa
    from .. import arrow_kernels as pc

    from ..judgements.columns import ElementColumns
    from ..judgements.quantise import valid_pairs

    check_scale(scale)  # (given by the caller: the files' directives are checked)
    topics, docs, paths = (c if isinstance(c, pa.Array) else pa.array(c, pa.string())
                           for c in (topics, docs, paths))
    n = len(e)
    size = np.full(n, np.nan) if size is None else size
    # the pairs: each distinct (e, s, letter, question) judged once
    _, e_codes = np.unique(e, return_inverse=True)
    s_values, s_codes = np.unique(s, return_inverse=True)
    combined = ((e_codes.ravel() * len(s_values) + s_codes.ravel()) * 2 + letter) * 2 + question
    _, example, which = np.unique(combined, return_index=True, return_inverse=True)
    which = which.ravel()
    # the pairs valid on the scale, without a letter or a '?', need no message: pair_problem
    # only for the others
    doubt = (~valid_pairs(scale, e[example], s[example]) | letter[example]
             | question[example] | (e[example] == TOO_SMALL))
    problems = [pair_problem(scale, float(e[i]), float(s[i]), bool(letter[i]),
                             bool(question[i])) if need else None
                for i, need in zip(example.tolist(), doubt.tolist())]
    invalid = np.array([p is not None for p in problems], dtype=bool)[which]
    check.report(invalid, lambda i: f"invalid ({'?' if question[i] else show_value(e[i])}, "
                                    f"{show_value(s[i])}) on scale {scale}: {problems[which[i]]}")
    encoded = pc.dictionary_encode(topics)
    topic_codes = encoded.indices.to_numpy()
    valid = np.flatnonzero(~invalid)
    repeated, first = repeated_rows((topic_codes[valid], *(
        pc.dictionary_encode(pc.take(c, pa.array(valid))).indices.to_numpy()
        for c in (docs, paths))))
    again, earlier = valid[repeated], valid[first[repeated]]
    first_of = dict(zip(again.tolist(), earlier.tolist()))
    same = (e[again] == e[earlier]) & (s[again] == s[earlier]) & (
        (size[again] == size[earlier]) | (np.isnan(size[again]) & np.isnan(size[earlier])))
    what = ((lambda i: f"topic {topics[i]}: document {docs[i]}") if documents else
            (lambda i: f"topic {topics[i]}: element {docs[i]} {paths[i]}"))
    check.warn(again[same], lambda i: f"{what(i)} repeats {check.before(first_of[i], i)} "
                                      f"(identical; ignored)")
    def differs(i: int) -> str:
        kept = check.before(first_of[i], i)
        return (f"{what(i)} judged again, differently from {kept} "
                f"({'that one' if kept.startswith('an ') else kept} kept)")

    check.report(again[~same], differs)
    dropped = invalid.copy()
    dropped[again] = True
    if dropped.all():
        return Qrels(scale, source=check.source)  # type: ignore[arg-type]
    if dropped.any():  # topics numbered again: one may have lost all its lines
        kept = np.flatnonzero(~dropped)
        encoded = pc.dictionary_encode(pc.take(topics, pa.array(kept)))
        codes = encoded.indices.to_numpy()
    else:
        kept, codes = np.arange(n), topic_codes
    names = encoded.dictionary.to_pylist()
    if len(codes) > 1 and (np.diff(codes) < 0).any():
        order = np.argsort(codes, kind="stable")
        kept, codes = kept[order], codes[order]
    bounds = np.concatenate(([0], np.cumsum(np.bincount(codes, minlength=len(names)))))
    if len(kept) == n and (np.diff(kept) == 1).all():
        table = ElementColumns(docs, paths, e, s, size)
    else:
        rows = pa.array(kept)
        table = ElementColumns(docs.take(rows), paths.take(rows), e[kept], s[kept], size[kept])
    return Qrels.from_columns(scale, names, bounds, table,  # type: ignore[arg-type]
                              source=check.source)


def _passage_qrels(frame, spans, grade, topics, docs, check: Checker) -> Qrels:
    first, second, _ = spans
    no_span = (frame[first].isna() & frame[second].isna()).to_numpy()
    offsets, lengths = span_values(frame, spans, check, missing=no_span)
    grades = check.floats(frame[grade].to_numpy(), grade) if grade else None
    if grades is not None:  # a grade is a passage's: without one, is the document relevant?
        check.report(no_span & (grades > 0), lambda i: (
            f"{grade} {grades[i]:g} but no passage ({first} and {second} empty): a row of "
            f"passage judgements grades its highlighted passage; give the passage, or {grade} "
            "0 for a document judged with nothing relevant"))
    given = {key: check.integers(frame[key].to_numpy(), name, missing=frame[key].isna().to_numpy())
             for key, name in (("doclen", "doclen"), ("bep", "best entry point"))
             if key in frame.columns}  # optional columns: -1 where empty
    check.log.raise_if_errors()
    return passage_judgements(check, topics, docs, offsets, lengths, grades,
                              doclen=given.get("doclen"), bep=given.get("bep"), ends=spans[2])


def passage_judgements(check: Checker, topics: np.ndarray, docs: np.ndarray,
                       offsets: np.ndarray, lengths: np.ndarray, grades: np.ndarray | None,
                       keep: np.ndarray | None = None, doclen: np.ndarray | None = None,
                       bep: np.ndarray | None = None,
                       doc_length: Callable[[str], int | None] | None = None,
                       ends: bool = False) -> Qrels:
    """Qrels of scale ``fol`` from the rows of any table (span files, DataFrames, records,
    dicts; ``keep``: the rows validated, all by default): a row with a passage (offset and
    length, -1 where none) and a grade above 0 (or no grade column) is a highlighted passage,
    its grade kept for the graded measures; any other row marks its document judged.  An
    empty passage (ignored) and a repeated one (read once; ``--compat chroma`` counts each copy)
    are warnings, one given two grades an error (relevant and not included: 1, then 0); the
    relevant characters of a document are the union of its passages (overlapping passages: a
    warning stating it).
    ``doclen`` and ``bep`` (-1 where none) as in FOL qrels: a document given two lengths is
    an error, two best entry points a warning (the first kept); the length may also come
    from ``doc_length(doc)`` (the documents).  Messages name a passage in the units of its
    input: ``start-end`` where it gave ``ends`` (span files, start/end columns), else
    ``offset:length`` (FOL, passage tables)."""
    from ..model.passage import merge_ranges
    from .run_topics import range_text

    highlighted = (offsets >= 0) & (lengths >= 0)
    if grades is not None:
        highlighted &= grades > 0
    if keep is not None:
        highlighted &= keep
    qrels = Qrels("fol", source=check.source)
    seen: dict[tuple, int] = {}
    graded: dict[tuple, int] = {}  # a passage given with a grade -> its first row, any grade
    rows_of: dict[tuple, list[int]] = {}  # (topic, doc) -> rows of its kept passages
    noted: dict[int, str] = {}  # row -> its warning, in row order (as the files' lines)
    other_doclen, other_grade = [], {}  # other_grade: row -> its error
    where = (lambda i: f"topic {topics[i]}, document {docs[i]}")
    span = (lambda offset, length: range_text(offset, length, ends))  # in the input's units
    for i in range(len(docs)) if keep is None else np.flatnonzero(keep).tolist():
        judged = qrels.topic(topics[i]).passages
        entry = judged.get(docs[i])
        if entry is None:
            entry = judged[docs[i]] = DocPassages(
                docs[i], doc_length=None if doc_length is None else doc_length(docs[i]),
                grades=None if grades is None else [])
        key = (topics[i], docs[i], int(offsets[i]), int(lengths[i]))
        first = i  # the same passage judged relevant and not (grade 1, then 0) is two grades
        if grades is not None and key[2] >= 0 and key[3] > 0:
            first = graded.setdefault(key, i)
        if highlighted[i] and not key[3]:
            noted[i] = f"{where(i)}: empty passage {span(key[2], 0)} (ignored)"
        elif first != i and grades[i] != grades[first]:  # type: ignore[index]
            other_grade[i] = (f"{where(i)}: passage {span(*key[2:])} judged again, "
                              f"differently from {check.before(first, i)} (that one kept)")
        elif highlighted[i]:
            if key in seen:
                noted[i] = (f"{where(i)}: passage {span(*key[2:])} repeats "
                            f"{check.before(seen[key], i)} (read once; --compat chroma counts "
                            "each copy, as Chroma's evaluation code does)")
                entry.repeats[key[2:]] = entry.repeats.get(key[2:], 0) + 1
            else:
                seen[key] = i
                rows_of.setdefault(key[:2], []).append(i)
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
    for (topic, doc), rows in rows_of.items():
        if len(rows) > 1:  # overlapping passages: their characters counted once
            entry = qrels.topics[topic].passages[doc]
            entry.relevant_chars = sum(n for _, n in merge_ranges(entry.ranges))
            _note_overlaps(rows, offsets, lengths, noted, where, check, span)
    check.warn(sorted(noted), noted.__getitem__)
    check.report(np.array(sorted(other_grade), dtype=np.int64), other_grade.__getitem__)
    check.report(np.array(other_doclen, dtype=np.int64),
                 lambda i: f"{where(i)}: doclen {doclen[i]} differs from an earlier row's")
    beyond = [i for i in np.flatnonzero(highlighted) if doclen is not None
              and (size := qrels.topics[topics[i]].passages[docs[i]].doc_length) is not None
              and offsets[i] + lengths[i] > size]
    check.warn(beyond, lambda i: f"{where(i)}: passage {span(offsets[i], lengths[i])} "
                                 f"reaches beyond doclen (kept)")
    return qrels


def _note_overlaps(rows: list[int], offsets: np.ndarray, lengths: np.ndarray,
                   noted: dict[int, str], where: Callable[[int], str], check: Checker,
                   span: Callable[[int, int], str]) -> None:
    """Note the passages of one document that overlap another, each at the later of the
    two rows (its characters are counted once)."""
    by_start = sorted(rows, key=lambda i: (offsets[i], i))
    reach = by_start[0]  # the passage reaching furthest so far
    for i in by_start[1:]:
        if offsets[i] < offsets[reach] + lengths[reach]:
            later, earlier = max(i, reach), min(i, reach)
            noted.setdefault(later, f"{where(later)}: passage "
                                    f"{span(offsets[later], lengths[later])} overlaps "
                                    f"{span(offsets[earlier], lengths[earlier])} at "
                                    f"{check.before(earlier, later)} (characters counted once)")
        if offsets[i] + lengths[i] > offsets[reach] + lengths[reach]:
            reach = i
