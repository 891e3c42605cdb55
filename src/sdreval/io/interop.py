"""Conversion to and from ranx (``Qrels``/``Run``) and ir_measures (``Qrel``/``ScoredDoc``
tuples), and from plain dicts, where the units are whole documents, stored as the element
``(doc, "/article[1]")`` (document runs with unit ``document``, as the TREC document-run reader
stores them).  Document qrels from a dict ``{topic: {doc: grade}}`` are on the ``graded`` scale
with ``e = s = grade``.  Going out, element qrels or runs with results below the document root
are refused unless ``documents="max"`` (per document, the highest grade, or the best-placed
result's RSV); relevance is the grade ``e`` on the ``graded`` scale, else ``quant`` (default
``anyrel``) of ``(e, s)``, refused where not an integer; run dicts are ordered by score
descending, ties by document id descending (trec_eval's order, which ranx and ir_measures
follow).
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from itertools import chain
from typing import Any, Literal

import numpy as np

from ..errors import InputError, Problem, ProblemLog, UsageError
from ..judgements.qrels import Qrels
from ..model.run import Run
from ..model.xpath import canonical_xpath
from .frame_qrels import qrels_from_table
from .frames import run_from_table
from .ids import id_problem, id_text
from .table_checks import Checker, as_frame, records_frame
from .textlines import finish, given_log

Documents = Literal["strict", "max"]


# ------------------------------------------------------------------------------- from dicts

def qrels_from_dict(data: Mapping[Any, Any], scale: str | None = None,
                    log: ProblemLog | None = None) -> Qrels:
    """Qrels from ``{topic: {doc: grade}}`` (whole documents, ``graded`` scale),
    ``{topic: {(doc, path): grade | (e, s)}}`` (elements; with ``(e, s)`` pairs the scale,
    unless given, inferred as in the native TSV), ``{topic: {(doc, offset, length): grade}}``
    (highlighted passages, scale ``fol``: grade above 0 = highlighted, 0 = judged without
    relevant text there) or a column dict ``{"topic": [...], "doc": [...], ...}``: made a
    table and read by :func:`~sdreval.io.frame_qrels.qrels_from_table` (one reader, the rules
    of the files).  Bad values: one :class:`InputError` naming topic and document."""
    frame = as_frame(data)
    if frame is not None:
        return qrels_from_table(frame, scale, "(dict)", log)
    rows = _Rows(data, "qrels")
    columns = {"topic": [rows.topic_names[c] for c in rows.codes]}
    columns.update(rows.key_columns())
    values = rows.values()
    pair = [isinstance(v, (tuple, list)) for v in values]
    own = False  # True: the log is this read's (the pairs are checked before the table's rows)
    if "offset" not in columns and any(pair):  # (e, s) pairs: exhaustivity and specificity columns
        log, own = given_log(log)
        wrong = np.array([p and len(v) != 2 for p, v in zip(pair, values)], dtype=bool)
        Checker("(dict)", log, rows.where).report(
            wrong, lambda i: f"expected a grade or (e, s), got {values[i]!r}")
        pairs = [(None, None) if w else v if p else (v, v)
                 for v, p, w in zip(values, pair, wrong)]
        columns["exhaustivity"] = _objects([e for e, _ in pairs])
        columns["specificity"] = _objects([s for _, s in pairs])
        if log.errors:  # bad values are never left out of a table silently: errors raise
            finish(log, own)
            log.raise_if_errors()
    else:
        columns["grade"] = rows.values_array()
    qrels = qrels_from_table(_frame(columns), scale, "(dict)", log, rows.where)
    for topic in rows.topic_names:  # topics judged with nothing stay, in the dict's order
        qrels.topic(topic)
    if list(qrels.topics) != rows.topic_names:
        qrels.topics = {t: qrels.topics[t] for t in rows.topic_names}
    finish(log, own)  # the read's own log: its warnings issued, as the table reader's are
    return qrels


def run_from_dict(data: Mapping[Any, Any], name: str = "run",
                  log: ProblemLog | None = None) -> Run:
    """A run from ``{topic: {doc: score}}`` (whole documents), ``{topic: {(doc, path):
    score}}`` (elements), ``{topic: {(doc, offset, length): score}}`` (passages) or a column
    dict, ranked by score descending, ties by id descending (trec_eval): made a table and read
    by :func:`~sdreval.io.frames.run_from_table` (one reader, the rules of the files), the
    topics known from the dict's keys."""
    frame = as_frame(data)
    if frame is not None:
        return run_from_table(frame, name, "(dict)", log)
    rows = _Rows(data, "run")
    columns = rows.key_columns()
    columns["score"] = rows.values_array()
    return run_from_table(_frame(columns), name, "(dict)", log, rows.where,
                          topics=(rows.codes, rows.topic_names))


class _Rows:
    """A nested ``{topic: {key: value}}`` dict flattened to parallel columns, each built in
    one pass over the dict (no per-value Python code on the common path)."""

    def __init__(self, data: Mapping[Any, Any], what: str):
        if not isinstance(data, Mapping):
            raise UsageError(f"expected a dict {{topic: {{document: value}}}}, got "
                             f"{type(data).__name__}")
        self.data, self.what = data, what
        keys = _objects(list(data))
        names, bad = id_text(keys)  # the rule of every id: keys 1, 1.0 and "1" are one topic
        if bad.any():
            raise InputError([Problem("(dict)", None, f"{what} dict: topic key "
                                      f"{id_problem(k)}") for k in keys[bad].tolist()])
        names = names.tolist()
        self.topic_names = list(dict.fromkeys(names))
        index = {t: i for i, t in enumerate(self.topic_names)}
        for topic, inner in data.items():
            if not isinstance(inner, Mapping):
                raise UsageError(f"{what} dict: topic {topic!r} maps to "
                                 f"{type(inner).__name__}, expected a dict of "
                                 f"{'grades' if what == 'qrels' else 'scores'}")
        sizes = [len(inner) for inner in data.values()]
        self.size = sum(sizes)
        self.codes = np.repeat(np.array([index[t] for t in names], dtype=np.int64), sizes)
        self.keys = np.fromiter(chain.from_iterable(data.values()), dtype=object,
                                count=self.size)

    def key_columns(self) -> dict[str, Any]:
        """The keys as a ``doc`` column, or as the columns their tuples name: all document
        ids, all ``(doc, path)`` or all ``(doc, offset, length)`` tuples."""
        types = set(map(type, self.keys))
        if not any(issubclass(t, tuple) for t in types):
            return {"doc": self.keys}
        widths = {len(k) if isinstance(k, tuple) else 1 for k in self.keys}
        if len(widths) > 1 or widths - {1, 2, 3}:
            raise UsageError(f"{self.what} dict keys must all be document ids, all (doc, "
                             "path) or all (doc, offset, length) tuples; found tuples of "
                             f"{sorted(w for w in widths if w != 1)} items"
                             + (" and plain ids" if 1 in widths else ""))
        width = widths.pop()
        if width == 1:  # tuples of one item (and plain ids): the item is the document id
            return {"doc": _objects([k[0] if isinstance(k, tuple) else k for k in self.keys])}
        return dict(zip(("doc", "path") if width == 2 else ("doc", "offset", "length"),
                        map(list, zip(*self.keys))))

    def values(self) -> list:
        return list(chain.from_iterable(inner.values() for inner in self.data.values()))

    def where(self, i: int) -> str:
        key = self.keys[i]
        size = len(key) if isinstance(key, tuple) else 1
        text = f"document {key[0]} element {key[1]}" if size == 2 else \
            f"document {key[0]} passage {key[1]}:{key[2]}" if size == 3 else f"document {key}"
        return f"topic {self.topic_names[self.codes[i]]}, {text}"

    def values_array(self) -> np.ndarray:
        """The values as float64 when they all are real numbers, else as objects, which the
        table reader checks by the rule of every table (text ``"1_0"`` or ``"٢"`` and
        booleans are not numbers there; ``float()`` would take them)."""
        values = self.values()
        if all(issubclass(t, (int, float, np.integer, np.floating))
               and not issubclass(t, (bool, np.bool_)) for t in set(map(type, values))):
            try:
                return np.fromiter(values, dtype=np.float64, count=self.size)
            except OverflowError:
                pass
        return _objects(values)


def _frame(columns: dict[str, Any]):
    """A DataFrame of the columns, ids kept as Python objects (never typed or converted)."""
    import pandas as pd

    return pd.DataFrame({name: values if getattr(values, "dtype", object) != object else
                         pd.Series(values, dtype=object) for name, values in columns.items()})


def _objects(values: list) -> np.ndarray:
    out = np.empty(len(values), dtype=object)
    out[:] = values
    return out


# --------------------------------------------------------------------------------- to dicts

def qrels_to_dict(qrels: Qrels, quant: str | None = None, documents: Documents = "strict",
                  integer: bool = True) -> dict[str, dict[str, int | float]]:
    """``{topic: {doc: relevance}}`` for document-level tools (see the module docstring)."""
    from ..judgements.quantise import get_quantisation

    _check_policy(documents)
    function = None if (quant is None and qrels.scale == "graded") else \
        get_quantisation(quant or "anyrel")
    out: dict[str, dict[str, int | float]] = {}
    for topic, judged in qrels.topics.items():
        grades: dict[str, float] = {}
        for (doc, path), a in judged.elements.items():
            _check_root(path, documents, f"qrels topic {topic} document {doc}")
            value = float(a.e) if function is None else float(function(a.e, a.s))
            grades[doc] = max(grades.get(doc, value), value)
        for doc, passages in judged.passages.items():
            if documents == "strict" and doc not in grades:
                raise UsageError(f"qrels topic {topic} document {doc}: highlighted passages "
                                 "are not whole documents (use documents='max')")
            grades[doc] = max(grades.get(doc, 0.0), 1.0 if passages.is_relevant else 0.0)
        bad = [d for d, v in grades.items() if v != int(v)] if integer else []
        if bad:
            raise UsageError(f"qrels topic {topic}: non-integer relevance for {bad[0]} "
                             f"({grades[bad[0]]}); choose an integer quantisation such as "
                             "quant='anyrel'")
        out[str(topic)] = {d: int(v) for d, v in grades.items()} if integer else grades
    return out


def run_to_dict(run: Run, documents: Documents = "strict") -> dict[str, dict[str, float]]:
    """``{topic: {doc: score}}`` (the RSVs).  ranx and ir_measures rank by score, so a run
    whose file order disagrees with its RSVs is ranked differently there; with
    ``documents="max"`` a repeated document keeps its first (best-placed) result's RSV."""
    _check_policy(documents)
    out: dict[str, dict[str, float]] = {}
    for topic, ranking in run.topics.items():
        scores: dict[str, float] = {}
        for doc, path, rsv in zip(ranking.docs, ranking.paths, ranking.rsv):
            if run.unit == "passage":
                if documents == "strict":
                    raise UsageError(f"run {run.name}: passages are not whole documents "
                                     "(use documents='max')")
            elif path is not None:
                _check_root(path, documents, f"run {run.name} topic {topic} document {doc}")
            if doc in scores:
                if documents == "strict":
                    raise UsageError(f"run {run.name} topic {topic}: document {doc} retrieved "
                                     "twice (use documents='max')")
                continue
            scores[str(doc)] = float(rsv)
        out[str(topic)] = scores
    return out


def _check_policy(documents: Documents) -> None:
    """Refuse an unknown policy before any value is read (a passage-only input never meets
    :func:`_check_root`, and would be read as ``"max"``)."""
    if documents not in ("strict", "max"):
        raise UsageError(f"documents must be strict or max, not {documents!r}")


def _check_root(path: str, documents: Documents, what: str) -> None:
    if documents == "strict" and canonical_xpath(path).count("/") > 1:
        raise UsageError(f"{what}: element {path} is not a whole document "
                         "(use documents='max' to keep the best grade/result per document)")


# ------------------------------------------------------------------------------------- ranx

def qrels_from_ranx(qrels: Any) -> Qrels:
    """sdreval qrels (``graded`` scale, whole documents) from a ``ranx.Qrels``."""
    return qrels_from_dict(qrels.to_dict())


def run_from_ranx(run: Any, name: str | None = None) -> Run:
    """An sdreval document run from a ``ranx.Run`` (its name unless ``name``)."""
    return run_from_dict(run.to_dict(), name or getattr(run, "name", None) or "run")


def qrels_to_ranx(qrels: Qrels, quant: str | None = None, documents: Documents = "strict"):
    """A ``ranx.Qrels`` of whole documents."""
    from ranx import Qrels as RanxQrels

    data = {t: d for t, d in qrels_to_dict(qrels, quant, documents).items() if d}
    return RanxQrels.from_dict(data)


def run_to_ranx(run: Run, documents: Documents = "strict"):
    """A ``ranx.Run`` of whole documents, named like the run."""
    from ranx import Run as RanxRun

    data = {t: d for t, d in run_to_dict(run, documents).items() if d}
    return RanxRun.from_dict(data, name=run.name)


# ------------------------------------------------------------------------------ ir_measures

def qrels_from_ir_measures(qrels: Iterable[Any], scale: str | None = None,
                           log: ProblemLog | None = None) -> Qrels:
    """sdreval qrels from records: ir_measures ``Qrel`` / ir_datasets ``qrels_iter()``
    namedtuples (any iterable, generators included), dicts, plain ``(query_id, doc_id,
    relevance)`` tuples or a DataFrame; span (``offset``/``length``) and ``path`` fields are
    kept (see :mod:`sdreval.io.table_checks`)."""
    return qrels_from_table(records_frame(qrels, ("query_id", "doc_id", "relevance")), scale,
                            "(records)", log)


def run_from_ir_measures(run: Iterable[Any], name: str = "run",
                         log: ProblemLog | None = None) -> Run:
    """An sdreval run from records: ir_measures ``ScoredDoc`` / ir_datasets
    ``scoreddocs_iter()`` namedtuples (any iterable), dicts, plain ``(query_id, doc_id,
    score)`` tuples or a DataFrame; span and ``path`` fields make passage and element runs."""
    return run_from_table(records_frame(run, ("query_id", "doc_id", "score")), name, "(records)",
                          log)


def qrels_to_ir_measures(qrels: Qrels, quant: str | None = None,
                         documents: Documents = "strict") -> list:
    """A list of ``ir_measures.Qrel`` of whole documents."""
    from ir_measures import Qrel

    return [Qrel(t, d, int(v)) for t, docs in qrels_to_dict(qrels, quant, documents).items()
            for d, v in docs.items()]


def run_to_ir_measures(run: Run, documents: Documents = "strict") -> list:
    """A list of ``ir_measures.ScoredDoc`` of whole documents."""
    from ir_measures import ScoredDoc

    return [ScoredDoc(t, d, s) for t, docs in run_to_dict(run, documents).items()
            for d, s in docs.items()]


__all__ = ["qrels_from_dict", "run_from_dict", "qrels_to_dict", "run_to_dict",
           "qrels_from_ranx", "run_from_ranx", "qrels_to_ranx", "run_to_ranx",
           "qrels_from_ir_measures", "run_from_ir_measures", "qrels_to_ir_measures",
           "run_to_ir_measures"]
