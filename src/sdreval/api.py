"""A friendly Python API in the style of ir_measures and ranx.

>>> from sdreval.api import nxCG, MAep, measure, evaluate
>>> nxCG(k=10, quant="gen", overlap="on")          # a measure object with parameters
Measure('nxCG(quant=gen,overlap=on)@10')
>>> measure("MAep(quant=sog)"), measure("P@10")     # parsed from strings (any name)
(Measure('MAep(quant=sog)'), Measure('P@10'))

and ``evaluate(qrels, {"bm25": run_a, "xml": "runs/xml.txt"}, [nxCG(k=10), "MAep"])`` gives
the tidy table.

Every registered measure (:data:`sdreval.measures.MEASURES`) is a module attribute: calling it
builds a :class:`~sdreval.measures.Measure` (``k``/``r``/``at`` give the cut-off, the other
keywords its parameters).  Names that are not Python identifiers (``P@10``) go through
:func:`measure`.

Inputs are accepted as sdreval objects, file paths, open files, dicts (``{topic: {doc:
grade}}`` qrels, ``{topic: {doc: score}}`` runs, or ``(doc, path)`` keys for elements), pandas
DataFrames, ranx ``Qrels``/``Run`` and ir_measures ``Qrel``/``ScoredDoc`` lists.
"""
from __future__ import annotations

import os
import tempfile
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any, Sequence

import pandas as pd

from .errors import ProblemLog, UsageError
from .io import interop
from .io.interop import (qrels_from_ir_measures, qrels_from_ranx, qrels_to_ir_measures,
                         qrels_to_ranx, run_from_ir_measures, run_from_ranx, run_to_ir_measures,
                         run_to_ranx)
from .judgements.qrels import Qrels
from .measures import MEASURES, EvalContext, Measure, MeasureDef, parse_measure
from .measures.registry import make_measure
from .model.run import Ranking, Run
from .model.xpath import canonical_xpath

_CONTEXT_KEYS = ("quant", "overlap", "alpha", "ideal", "beta", "bep_distance", "order", "compat",
                 "strict", "collection", "navigation", "collection_elements")
_CUTOFF_ALIASES = ("k", "r", "at", "cutoff")


# ----------------------------------------------------------------------------------- measures

def measure(text: str | Measure | MeasureDef, **params: Any) -> Measure:
    """A measure from its name as typed (``"P@10"``, ``"MAep(quant=sog)"``, ``"nxCG@25"``),
    with keyword parameters added or overriding those in the text (``k``/``r``/``at`` set the
    cut-off)."""
    if isinstance(text, MeasureDef):
        return text(**params)
    if isinstance(text, str) and text.strip() in MEASURES:
        return MEASURES[text.strip()](**params)  # a bare name: parameters as keywords
    parsed = parse_measure(text)
    if not params:
        return parsed
    cutoff = parsed.cutoff
    own = {p.name for p in parsed.definition.params}
    for alias in _CUTOFF_ALIASES:
        if alias in params and alias not in own:
            cutoff = params.pop(alias)
    merged = dict(parsed.params)
    merged.update(params)
    return make_measure(parsed.definition, merged, cutoff)


def measures(*items: str | Measure | Iterable[str | Measure]) -> list[Measure]:
    """Measures from names, objects or lists of them (``measures("MAep", "nxCG@10")``)."""
    out: list[Measure] = []
    for item in items:
        if isinstance(item, (str, Measure, MeasureDef)):
            out.append(measure(item))
        else:
            out.extend(measure(m) for m in item)
    return out


def __getattr__(name: str) -> MeasureDef:
    """``from sdreval.api import nxCG`` — every registered measure by name."""
    definition = MEASURES.get(name)
    if definition is None:
        raise AttributeError(f"module 'sdreval.api' has no attribute {name!r} (measures: "
                             f"{', '.join(sorted(MEASURES, key=str.lower))})")
    return definition


def __dir__() -> list[str]:
    return sorted(set(globals()) | {m for m in MEASURES if m.isidentifier()})


# ------------------------------------------------------------------------------------ inputs

_TOPIC = ("topic", "query_id", "qid", "q_id", "query")
_DOC = ("doc", "doc_id", "docno", "docid", "file")
_PATH = ("path", "xpath")
_GRADE = ("relevance", "grade", "rel", "label")
_E = ("exhaustivity", "e")
_S = ("specificity", "s")
_SCORE = ("score", "rsv")


def _column(frame: pd.DataFrame, names: Sequence[str], what: str, required: bool = True
            ) -> str | None:
    for name in names:
        if name in frame.columns:
            return name
    if required:
        raise UsageError(f"DataFrame has no {what} column (one of {', '.join(names)}); "
                         f"columns: {', '.join(map(str, frame.columns))}")
    return None


def _is_file(obj: Any) -> bool:
    return hasattr(obj, "read") and callable(obj.read)


def _via_file(obj: Any, reader, fmt: str | None, log: ProblemLog | None):
    """Read an open file by spooling it to a temporary file (readers take paths; the name's
    suffix is kept for format detection)."""
    data = obj.read()
    raw = data.encode("utf-8") if isinstance(data, str) else bytes(data)
    suffix = Path(getattr(obj, "name", "") or "").suffix if isinstance(
        getattr(obj, "name", None), str) else ""
    handle, name = tempfile.mkstemp(suffix=suffix, prefix="sdreval-")
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(raw)
        return reader(name, fmt=fmt, log=log)
    finally:
        os.unlink(name)


def read_qrels(source: Any, fmt: str | None = None, scale: str | None = None,
               log: ProblemLog | None = None, *, collection: Any = None,
               pool_policy: str = "main") -> Qrels:
    """Judgements from a :class:`Qrels`, a path, an open file, a dict (``{topic: {doc:
    grade}}`` or ``{topic: {(doc, path): grade | (e, s)}}``), a DataFrame (columns topic,
    doc[, path] and relevance, or exhaustivity and specificity), a ``ranx.Qrels`` or a list of
    ir_measures ``Qrel``.  INEX XML assessments (a file or a directory of pool files) resolve
    their X-RAI passages against ``collection`` and combine pools by ``pool_policy``."""
    from .io import read_qrels as _read_qrels

    if isinstance(source, Qrels):
        return source
    if isinstance(source, (str, os.PathLike)):
        if isinstance(collection, (str, os.PathLike)):
            from .io import read_collection

            collection = read_collection(collection)
        return _read_qrels(source, fmt=fmt, log=log, collection=collection,
                           pool_policy=pool_policy)
    if _is_file(source):
        return _via_file(source, _read_qrels, fmt, log)
    if _is_span_data(source, "relevance"):
        from .io.spans import span_qrels_from_frame

        return span_qrels_from_frame(source, log=log)
    if isinstance(source, pd.DataFrame):
        return _qrels_from_frame(source, scale)
    if isinstance(source, Mapping):
        return interop.qrels_from_dict(source, scale)
    if type(source).__name__ == "Qrels" and hasattr(source, "to_dict"):
        return qrels_from_ranx(source)
    if isinstance(source, Iterable):
        return qrels_from_ir_measures(source)
    raise UsageError(f"cannot read qrels from {type(source).__name__}")


def _qrels_from_frame(frame: pd.DataFrame, scale: str | None) -> Qrels:
    topic, doc = _column(frame, _TOPIC, "topic"), _column(frame, _DOC, "document")
    path = _column(frame, _PATH, "path", required=False)
    grade = _column(frame, _GRADE, "relevance", required=False)
    e_col, s_col = _column(frame, _E, "e", False), _column(frame, _S, "s", False)
    if grade is None and (e_col is None or s_col is None):
        raise UsageError("qrels DataFrame needs a relevance column or exhaustivity and "
                         "specificity columns")
    qrels = Qrels(scale or ("graded" if grade is not None else "inex2003"), source="(DataFrame)")
    for row in frame.itertuples(index=False):
        values = row._asdict()
        t, d = str(values[topic]), str(values[doc])
        p = canonical_xpath(str(values[path])) if path else interop.ROOT
        if grade is not None:
            e = s = float(values[grade])
        else:
            e, s = float(values[e_col]), float(values[s_col])
        qrels.add_element(t, d, p, e, s, float(values["size"]) if "size" in values and
                          pd.notna(values["size"]) else None)
    interop.check_pairs(qrels, "(DataFrame)")
    return qrels


def read_run(source: Any, name: str | None = None, fmt: str | None = None,
             log: ProblemLog | None = None) -> Run:
    """A run from a :class:`Run`, a path, an open file, a dict (``{topic: {doc: score}}`` or
    ``{topic: {(doc, path): score}}``), a DataFrame (columns topic, doc, score and optionally
    path, offset/length, rank), a ``ranx.Run`` or a list of ir_measures ``ScoredDoc``."""
    from .io import read_run as _read_run

    if isinstance(source, Run):
        return _renamed(source, name)
    if isinstance(source, (str, os.PathLike)):
        return _renamed(_read_run(source, fmt=fmt, log=log), name)
    if _is_file(source):
        return _renamed(_via_file(source, _read_run, fmt, log), name)
    if _is_span_data(source, None):
        from .io.spans import span_run_from_frame

        return span_run_from_frame(source, name or "run", log=log)
    if isinstance(source, pd.DataFrame):
        return _run_from_frame(source, name or "run")
    if isinstance(source, Mapping):
        return interop.run_from_dict(source, name or "run")
    if type(source).__name__ == "Run" and hasattr(source, "to_dict"):
        return run_from_ranx(source, name)
    if isinstance(source, Iterable):
        return run_from_ir_measures(source, name or "run")
    raise UsageError(f"cannot read a run from {type(source).__name__}")


def _is_span_data(source: Any, key: str | None) -> bool:
    """A DataFrame or list of records with span keys (``query_id, doc_id, start, end``, and
    ``key`` when given): span qrels or span runs (:mod:`sdreval.io.spans`)."""
    if isinstance(source, pd.DataFrame):
        columns = set(source.columns)
    elif isinstance(source, list) and source and isinstance(source[0], Mapping):
        columns = set(source[0])
    else:
        return False
    needed = {"query_id", "doc_id", "start", "end"} | ({key} if key else set())
    return needed <= columns


def _renamed(run: Run, name: str | None) -> Run:
    return run if name is None or name == run.name else Run(name, run.topics, run.unit,
                                                             run.source, run.overlap_expected)


def _run_from_frame(frame: pd.DataFrame, name: str) -> Run:
    topic, doc = _column(frame, _TOPIC, "topic"), _column(frame, _DOC, "document")
    score = _column(frame, _SCORE, "score", required=False)
    path = _column(frame, _PATH, "path", required=False)
    rank = "rank" if "rank" in frame.columns else None
    passage = "offset" in frame.columns and "length" in frame.columns
    if score is None and rank is None:
        raise UsageError("run DataFrame needs a score (or rsv) or a rank column")
    unit = "passage" if passage else ("element" if path else "document")
    topics: dict[str, Ranking] = {}
    for t, rows in frame.groupby(topic, sort=False):
        if rank is not None:
            rows = rows.sort_values(rank, kind="stable")
        else:
            rows = rows.sort_values([score, doc], ascending=False, kind="stable")  # trec_eval
        n = len(rows)
        results = []
        for i, r in enumerate(rows.itertuples(index=False)):
            v = r._asdict()
            p = canonical_xpath(str(v[path])) if path else (None if passage else interop.ROOT)
            results.append((str(v[doc]), p, int(v["offset"]) if passage else -1,
                            int(v["length"]) if passage else -1,
                            int(v[rank]) if rank else i + 1,
                            float(v[score]) if score else float(n - i)))
        topics[str(t)] = Ranking.from_results(results, unit)
    return Run(name, topics, unit, "(DataFrame)")


def read_runs(runs: Any) -> list[Run]:
    """Several runs: a :class:`Run`/path/dict, a list of them, or a mapping ``{name: run}``
    (names given to the runs).  A mapping whose values are ``{doc: score}`` dicts is one run."""
    if isinstance(runs, Mapping) and not _is_run_dict(runs):
        return [read_run(value, name=str(key)) for key, value in runs.items()]
    if isinstance(runs, (Run, str, os.PathLike, pd.DataFrame, Mapping)) or _is_file(runs) or \
            type(runs).__name__ == "Run" or _is_ir_measures_run(runs) or \
            _is_span_data(runs, None):
        return [read_run(runs)]
    import warnings

    from .model.runnames import distinct_runs

    return distinct_runs([read_run(r) for r in runs], warnings.warn)


def _is_run_dict(mapping: Mapping) -> bool:
    """``{topic: {doc: score}}``: values are mappings whose values are numbers."""
    for value in mapping.values():
        if isinstance(value, (Run, str, os.PathLike, pd.DataFrame)):
            return False
        if isinstance(value, Mapping):
            return all(isinstance(v, (int, float)) for v in value.values())
        return False
    return True


def _is_ir_measures_run(obj: Any) -> bool:
    if not isinstance(obj, list) or not obj:
        return False
    first = obj[0]
    return isinstance(first, tuple) and hasattr(first, "_fields") and "score" in first._fields


# ---------------------------------------------------------------------------------- evaluate

def context(**options: Any) -> EvalContext:
    """An :class:`EvalContext` from keyword options (``quant``, ``overlap``, ``alpha``,
    ``ideal``, ``beta``, ``bep_distance``, ``order``, ``compat``, ``strict``, ``collection``
    (a directory or a Collection), ``navigation``, ``collection_elements``)."""
    unknown = set(options) - set(_CONTEXT_KEYS)
    if unknown:
        raise UsageError(f"unknown option(s) {', '.join(sorted(unknown))}; known: "
                         + ", ".join(_CONTEXT_KEYS))
    collection = options.get("collection")
    if isinstance(collection, (str, os.PathLike)):
        from .io import read_collection

        options["collection"] = read_collection(collection)
    navigation = options.get("navigation")
    if isinstance(navigation, (str, os.PathLike)):
        from .io.navigation import read_navigation

        options["navigation"] = read_navigation(navigation)
    if options.get("order") is None:
        options.pop("order", None)
    return EvalContext(**options)


def evaluate(qrels: Any, runs: Any, measures: Any, *, per_topic: bool = False,
             all_topics: bool = False, ctx: EvalContext | None = None,
             **options: Any) -> pd.DataFrame:
    """Evaluate runs on measures: a tidy DataFrame ``run, topic, measure, value``.

    Means (topic ``"all"``) by default; ``per_topic=True`` gives the per-topic rows followed
    by the means (like ``sdreval eval -q``).  ``all_topics`` averages over every qrels topic
    (``-c``).  Keyword options set measure defaults (see :func:`context`)."""
    from .measures import evaluate as _evaluate, summarise

    if ctx is not None and options:
        raise UsageError("give either ctx or keyword options, not both")
    ctx = ctx or context(**options)
    names = [measures] if isinstance(measures, (str, Measure, MeasureDef)) else list(measures)
    parsed = [measure(m) for m in names]
    table = _evaluate(read_qrels(qrels, collection=ctx.collection), read_runs(runs), parsed, ctx,
                      all_topics=all_topics)
    return summarise(table, keep_topics=per_topic)


def compare(results: pd.DataFrame, measure: str | None = None, test: str = "t",
            correction: str = "by", **kwargs: Any) -> pd.DataFrame:
    """Every pair of runs (SPEC §11 compare table) from per-topic results
    (:func:`sdreval.stats.compare_runs`)."""
    from .stats import compare_runs

    return compare_runs(results, measure, test=test, correction=correction, **kwargs)


def report(qrels: Any, runs: Any, measures: Any = None, path: str | os.PathLike =
           "report.html", *, all_topics: bool = False, test: str = "t",
           correction: str = "by", image_format: str = "png", **options: Any) -> Path:
    """Write the self-contained HTML report (:mod:`sdreval.report.html`); returns its path."""
    from .report.html import build_report, write_report

    names = None if measures is None else (
        [measure(measures)] if isinstance(measures, (str, Measure, MeasureDef))
        else [measure(m) for m in measures])
    ctx = context(**options)
    data = build_report(read_qrels(qrels, collection=ctx.collection), read_runs(runs), names, ctx,
                        all_topics=all_topics, test=test, correction=correction)
    return write_report(data, path, image_format)


__all__ = ["measure", "measures", "read_qrels", "read_run", "read_runs", "context",
           "evaluate", "compare", "report", "qrels_from_ranx", "qrels_to_ranx",
           "run_from_ranx", "run_to_ranx", "qrels_from_ir_measures", "qrels_to_ir_measures",
           "run_from_ir_measures", "run_to_ir_measures", "parse_measure"]
