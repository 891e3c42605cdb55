"""Conversion to and from ranx (``Qrels``/``Run``) and ir_measures (``Qrel``/``ScoredDoc``
tuples), and from plain dicts, where the units are whole documents.

sdreval stores a whole document as the element ``(doc, "/article[1]")`` (document runs carry
unit ``document``, as the TREC document-run reader does).  Document qrels from a dict
``{topic: {doc: grade}}`` become the ``graded`` scale with ``e = s = grade`` (so the ``graded``
quantisation gives the grade itself and ``anyrel`` any grade > 0).

Going out, only whole documents can be represented: element qrels or runs with results below
the document root raise a :class:`~sdreval.errors.UsageError` unless ``documents="max"``, which
keeps, per document, the highest grade (qrels) or the best-placed result (runs, its RSV).
Relevance written to ranx/ir_measures is an integer: the grade ``e`` on the ``graded`` scale,
else ``quant`` (default ``anyrel``: binary) of ``(e, s)``; a non-integer value is an error.
Run dicts are ordered by score descending, ties by document id descending (trec_eval's order,
which ranx and ir_measures follow).
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Literal

import numpy as np

from ..errors import InputError, Problem, UsageError
from ..judgements.qrels import Qrels
from ..model.run import Ranking, Run
from ..model.xpath import canonical_xpath

ROOT = "/article[1]"
Documents = Literal["strict", "max"]


# ------------------------------------------------------------------------------- from dicts

def qrels_from_dict(data: Mapping[str, Mapping[Any, Any]], scale: str | None = None) -> Qrels:
    """Qrels from ``{topic: {doc: grade}}`` (whole documents, ``graded`` scale) or
    ``{topic: {(doc, path): grade | (e, s)}}`` (elements; with ``(e, s)`` pairs the scale
    defaults to ``inex2003``)."""
    pairs = any(isinstance(v, (tuple, list)) for judged in data.values()
                for v in judged.values())
    qrels = Qrels(scale or ("inex2003" if pairs else "graded"), source="(dict)")
    for topic, judged in data.items():
        qrels.topic(str(topic))
        for key, value in judged.items():
            doc, path = _unit(key)
            if isinstance(value, (tuple, list)):
                if len(value) != 2:
                    raise UsageError(f"topic {topic} {doc}: expected (e, s), got {value!r}")
                e, s = (_number(v, f"topic {topic} {doc}: grade") for v in value)
            else:
                e = s = _number(value, f"topic {topic} {doc}: grade")
            qrels.add_element(str(topic), doc, path, e, s)
    check_pairs(qrels, "(dict)")
    return qrels


def check_pairs(qrels: Qrels, source: str) -> None:
    """Raise :class:`InputError` listing every assessment invalid on the qrels' scale (docs/formats-xml.md:
    invalid pairs such as (0, 2) are reported, never guessed)."""
    from .native import pair_problem

    problems = []
    for topic, judged in qrels.topics.items():
        for (doc, path), a in judged.elements.items():
            why = pair_problem(qrels.scale, a.e, a.s)
            if why:
                problems.append(Problem(source, None, f"topic {topic} {doc} {path} "
                                                      f"({a.e:g}, {a.s:g}): {why}"))
    if problems:
        raise InputError(problems)


def run_from_dict(data: Mapping[str, Mapping[Any, Any]], name: str = "run") -> Run:
    """A run from ``{topic: {doc: score}}`` (whole documents) or ``{topic: {(doc, path):
    score}}`` (elements), ranked by score descending, ties by id descending."""
    unit = "element" if any(isinstance(k, tuple) for scored in data.values()
                            for k in scored) else "document"
    topics: dict[str, Ranking] = {}
    for topic, scored in data.items():
        keys = [_unit(k) for k in scored]
        scores = np.array([_number(v, f"topic {topic}: score") for v in scored.values()],
                          dtype=np.float64)
        topics[str(topic)] = _ranking(keys, scores, unit)
    return Run(name, topics, unit, "(dict)")


def _unit(key: Any) -> tuple[str, str]:
    if isinstance(key, tuple):
        if len(key) != 2:
            raise UsageError(f"expected (doc, path), got {key!r}")
        return str(key[0]), canonical_xpath(str(key[1]))
    return str(key), ROOT


def _number(value: Any, what: str) -> float:
    try:
        number = float(value)
    except (TypeError, ValueError):
        raise UsageError(f"{what} {value!r} is not a number") from None
    if not np.isfinite(number):
        raise UsageError(f"{what} {value!r} is not finite")
    return number


def _ranking(keys: list[tuple[str, str]], scores: np.ndarray, unit: str) -> Ranking:
    """Results ranked by score descending, ties by (doc, path) descending (trec_eval)."""
    if not keys:
        return Ranking.empty(unit)  # type: ignore[arg-type]
    ids = np.array([f"{d}\x00{p}" for d, p in keys])
    _, id_rank = np.unique(ids, return_inverse=True)
    order = np.lexsort((-id_rank, -scores))
    n = len(keys)
    return Ranking(np.array([keys[i][0] for i in order], dtype=object),
                   np.array([keys[i][1] for i in order], dtype=object),
                   np.full(n, -1, dtype=np.int64), np.full(n, -1, dtype=np.int64),
                   np.arange(1, n + 1, dtype=np.int64), scores[order], unit)  # type: ignore


# --------------------------------------------------------------------------------- to dicts

def qrels_to_dict(qrels: Qrels, quant: str | None = None, documents: Documents = "strict",
                  integer: bool = True) -> dict[str, dict[str, int | float]]:
    """``{topic: {doc: relevance}}`` for document-level tools (see the module docstring)."""
    from ..judgements.quantise import get_quantisation

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
        if integer:
            bad = [d for d, v in grades.items() if v != int(v)]
            if bad:
                raise UsageError(f"qrels topic {topic}: non-integer relevance for {bad[0]} "
                                 f"({grades[bad[0]]}); choose an integer quantisation such as "
                                 "quant='anyrel'")
            out[str(topic)] = {d: int(v) for d, v in grades.items()}
        else:
            out[str(topic)] = grades
    return out


def run_to_dict(run: Run, documents: Documents = "strict") -> dict[str, dict[str, float]]:
    """``{topic: {doc: score}}`` (the RSVs).  ranx and ir_measures rank by score, so a run
    whose file order disagrees with its RSVs is ranked differently there; with
    ``documents="max"`` a repeated document keeps its first (best-placed) result's RSV."""
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


def _check_root(path: str, documents: Documents, what: str) -> None:
    if documents not in ("strict", "max"):
        raise UsageError(f"documents must be strict or max, not {documents!r}")
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

def qrels_from_ir_measures(qrels: Iterable[Any]) -> Qrels:
    """sdreval qrels from ir_measures ``Qrel`` tuples ``(query_id, doc_id, relevance[,
    iteration])`` or a DataFrame with those columns."""
    data: dict[str, dict[str, float]] = {}
    for row in _tuples(qrels, ("query_id", "doc_id", "relevance")):
        data.setdefault(str(row[0]), {})[str(row[1])] = row[2]
    return qrels_from_dict(data)


def run_from_ir_measures(run: Iterable[Any], name: str = "run") -> Run:
    """An sdreval document run from ``ScoredDoc`` tuples ``(query_id, doc_id, score)`` or a
    DataFrame with those columns."""
    data: dict[str, dict[str, float]] = {}
    for row in _tuples(run, ("query_id", "doc_id", "score")):
        topic = data.setdefault(str(row[0]), {})
        if str(row[1]) in topic:
            raise UsageError(f"run {name} query {row[0]}: document {row[1]} scored twice")
        topic[str(row[1])] = row[2]
    return run_from_dict(data, name)


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


def _tuples(items: Iterable[Any], columns: tuple[str, str, str]) -> Iterable[tuple]:
    import pandas as pd

    if isinstance(items, pd.DataFrame):
        missing = [c for c in columns if c not in items.columns]
        if missing:
            raise UsageError(f"DataFrame lacks column(s) {', '.join(missing)}")
        yield from items[list(columns)].itertuples(index=False, name=None)
        return
    for item in items:
        if len(item) < 3:
            raise UsageError(f"expected {', '.join(columns)}, got {item!r}")
        yield tuple(item[:3])


__all__ = ["qrels_from_dict", "run_from_dict", "qrels_to_dict", "run_to_dict",
           "qrels_from_ranx", "run_from_ranx", "qrels_to_ranx", "run_to_ranx",
           "qrels_from_ir_measures", "run_from_ir_measures", "qrels_to_ir_measures",
           "run_to_ir_measures"]
