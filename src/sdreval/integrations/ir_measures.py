"""sdreval's measures as ir_measures measures, through ir_measures' runtime-measure extension
point (a measure with a ``runtime_impl(qrels, run)``, as :func:`ir_measures.define` builds).

>>> import ir_measures
>>> from sdreval.integrations.ir_measures import sdreval_measure, register
>>> register()                                   # names usable in ir_measures.parse_measure
>>> nxcg = sdreval_measure("nxCG") @ 10          # or sdreval_measure("nxCG@10")
>>> ir_measures.calc_aggregate([nxcg, sdreval_measure("MAiP"), ir_measures.AP], qrels, run)

The qrels and run are what ir_measures takes (DataFrames, namedtuples, dicts) with sdreval's
extra columns where the units are not whole documents:

* element results: an ``xpath`` (or ``path``) column in the run, and in the qrels (graded
  ``relevance``, or ``exhaustivity``/``specificity``);
* passages: ``offset`` and ``length`` columns (characters) in the run; passage qrels carry one
  row per highlighted passage (``query_id, doc_id, offset, length`` and optionally
  ``relevance``, ``doclen``, ``bep``; a row with length 0 or relevance 0 judges the document
  non-relevant).  Element runs are scored on passage qrels with ``collection=DIR``.

Conventions inside ir_measures (they differ from ``sdreval eval``'s defaults, on purpose):
results are ranked by score, ties by id descending (trec_eval's order, as ir_measures' other
measures); every qrels topic counts and a topic the run did not answer scores 0 (``sdreval eval
-c``); a topic with nothing relevant yields NaN and is left out of the mean (sdreval's rule;
ir_measures' own measures score it 0).  sdreval's warnings are issued as Python warnings.

Names ir_measures already uses (``AP``, ``P``, ``R``, ``nDCG``, ``RR``, ``Rprec``, ``Bpref``,
``Success``, ``Judged``, ``NumRel``, ``NumRet``, ``NumRelRet``, ``infAP``, ...: any name in
ir_measures' registry) are prefixed ``sdreval_``
(``sdreval_AP``): ir_measures compares measures by name, and sdreval's classic measures score
elements as independent documents, which ir_measures' do not.
"""
from __future__ import annotations

import math
import warnings
from functools import lru_cache
from typing import Any, Iterator

import numpy as np
import pandas as pd

from ..errors import UsageError
from ..io.options import api_spelling
from ..judgements.qrels import TOO_SMALL
from ..measures import MEASURES, Measure, MeasureDef, parse_measure
from ..measures.registry import EvalContext, make_measure
from ..measures.results import stacked

PREFIX = "sdreval_"



def _ir_measures():
    try:
        import ir_measures
    except ImportError:  # pragma: no cover - peers extra not installed
        raise UsageError("the ir_measures integration needs ir_measures: "
                         "pip install ir-measures") from None
    return ir_measures


def exported_name(definition: MeasureDef) -> str:
    """The measure's name in ir_measures: sdreval's, prefixed where ir_measures has it."""
    builtin = _ir_measures().measures.registry
    return PREFIX + definition.name if definition.name in builtin and \
        getattr(builtin[definition.name], "_sdreval", None) is None else definition.name


class TopicAggregate:
    """The number ``sdreval eval`` prints over the per-topic values (NaN topics left out):
    the mean, a count's sum, gm_map's geometric mean (:func:`sdreval.stats.aggregates`)."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.values: list[float] = []

    def add(self, value: float) -> None:
        self.values.append(float(value))

    def result(self) -> float:
        from ..stats.aggregate import aggregates

        return float(aggregates(np.array([self.values], dtype=np.float64), self.name)[0])


@lru_cache(maxsize=None)
def measure_class(name: str, context: tuple[tuple[str, Any], ...] = ()) -> type:
    """The ir_measures ``Measure`` subclass of the sdreval measure ``name`` (one per context,
    named with it: ``MAiP[order=rank]``, so that ir_measures and ``pt.Experiment`` keep two
    contexts of one measure apart: they tell measures apart by name)."""
    ir_measures = _ir_measures()
    definition = MEASURES[name]
    ParamInfo = ir_measures.measures.ParamInfo
    params = {p.name: ParamInfo(dtype=None, default=p.default, desc=p.doc)
              for p in definition.params}
    if definition.cutoff != "none":
        params["cutoff"] = ParamInfo(dtype=None, required=False,
                                     desc=definition.cutoff_doc or "cut-off")
    exported = exported_name(definition)
    if context:
        exported += "[" + ",".join(f"{k}={v}" for k, v in context) + "]"

    class SdrevalMeasure(ir_measures.measures.Measure):
        __doc__ = f"{definition.name} (sdreval): {definition.doc}"
        __name__ = exported
        NAME = exported
        SUPPORTED_PARAMS = params
        RUN_INPUTS = ["query_id", "doc_id", "score"]
        QREL_INPUTS = ["query_id", "doc_id"]
        SHORT_DESC = definition.doc
        DEFAULT = 0.0
        _sdreval = definition
        _context = dict(context)

        def sdreval(self) -> Measure:
            """The sdreval :class:`~sdreval.measures.Measure` of these parameters."""
            values = {k: v for k, v in self.params.items() if k != "cutoff"}
            return make_measure(definition, values, self.params.get("cutoff"), repr(self))

        def aggregator(self):
            return TopicAggregate(definition.name)

        def runtime_impl(self, qrels: pd.DataFrame, run: pd.DataFrame) -> Iterator[Any]:
            Metric = ir_measures.Metric
            for topic, value in evaluate_frames(self.sdreval(), qrels, run, self._context):
                yield Metric(topic, self, value)

    SdrevalMeasure.__qualname__ = f"SdrevalMeasure[{exported}]"
    return SdrevalMeasure


def sdreval_measure(text: str | Measure | MeasureDef, **context: Any):
    """An ir_measures measure computing the sdreval measure ``text`` (``"nxCG@10"``,
    ``"MAep(quant=sog)"``, ``"MAiP"``; trec_eval/ir_measures aliases too).

    Keyword ``context`` options set evaluation-wide defaults as ``sdreval eval``'s options do
    (``quant``, ``overlap``, ``collection`` (a directory), ``order`` (default ``rsv``), ``depth``,
    ``rel_level``, ...)."""
    from ..api import check_options

    check_options(context)
    frozen = tuple(sorted((k, str(v)) for k, v in context.items()))
    name = text.name if isinstance(text, MeasureDef) else str(text).strip()
    if name in MEASURES:  # a bare name: the cut-off may follow (``@ 10``)
        return measure_class(name, frozen)()
    parsed = parse_measure(text)
    params = {k: int(v) if isinstance(v, float) and v.is_integer() else v  # rel=2, not 2.0
              for k, v in parsed.params}
    if parsed.cutoff is not None:
        params["cutoff"] = parsed.cutoff
    return measure_class(parsed.name, frozen)(**params)


def register() -> list[str]:
    """Make sdreval's measures known to :func:`ir_measures.parse_measure` under their exported
    names; returns the names added.  (``pt.Experiment`` reads a string measure by trec_eval's
    names only: give it objects, ``parse_measure("MAiP")`` or ``sdreval_measure("MAiP")``.)"""
    registry = _ir_measures().measures.registry
    added = []
    for name, definition in MEASURES.items():
        exported = exported_name(definition)
        if exported not in registry:
            registry[exported] = measure_class(name)()
            added.append(exported)
    return added


# --------------------------------------------------------------------------- evaluation

_LAST: dict[str, Any] = {}


def evaluate_frames(measure: Measure, qrels: pd.DataFrame, run: pd.DataFrame,
                    context: dict[str, Any]) -> Iterator[tuple[str, float]]:
    """``(topic, value)`` for every qrels topic: sdreval's value, NaN where nothing is
    relevant, 0 where the run has no result.  Conversions are kept for the next measure on
    the same frames (ir_measures evaluates measures one after another)."""
    from ..measures import evaluate

    key = tuple(sorted(context.items()))
    frames = _LAST.get("frames")
    if _LAST.get("key") != key or frames is None or frames[0] is not qrels or \
            frames[1] is not run:  # identity: the frames are held, so ids are not reused
        _LAST.clear()
        _LAST.update(key=key, frames=(qrels, run), inputs=_convert(qrels, run, context.get("order")),
                     ctx=_context(context))
    sd_qrels, sd_run = _LAST["inputs"]
    ctx: EvalContext = _LAST["ctx"]
    seen = len(ctx.warnings)
    table = evaluate(sd_qrels, sd_run, [measure], ctx, all_topics=True)
    for message in ctx.warnings[seen:]:
        warnings.warn(f"sdreval: {api_spelling(message)}", stacklevel=4)
    values = dict(zip(table["topic"], table["value"]))
    given = _given_ids(qrels)
    for topic in sd_qrels.topics:
        yield given.get(topic, topic), float(values.get(topic, math.nan))


def _given_ids(qrels: pd.DataFrame) -> dict[str, Any]:
    """sdreval's topic (text) -> the query id as the qrels frame holds it (``1`` for an
    integer column): ir_measures adds a 0 for each qrels id it gets no value under, comparing
    the frame's ids as they are, so a value under ``"1"`` would leave ``1`` to count as 0."""
    from ..io.ids import id_text

    given = pd.unique(qrels["query_id"]) if "query_id" in qrels.columns else []
    texts, _ = id_text(np.asarray(given, dtype=object))
    return dict(zip(texts, given))


def _context(options: dict[str, Any]) -> EvalContext:
    from ..api import context

    options = dict(options)
    options.setdefault("order", "rsv")
    for key, cast in (("depth", int), ("alpha", float), ("beta", float), ("rel_level", float),
                      ("bep_distance", int), ("collection_elements", int)):
        if key in options:
            options[key] = cast(options[key])
    if "strict" in options:
        options["strict"] = options["strict"] in (True, "True", "true", "1")
    return context(**options)


def _convert(qrels: pd.DataFrame, run: pd.DataFrame, order: str | None = None):
    """sdreval qrels and run from ir_measures' frames, read by :func:`sdreval.api.read_qrels`
    and :func:`sdreval.api.read_run` (the same checks as for any table)."""
    from ..api import read_qrels, read_run

    # results are documents, elements or passages here: PyTerrier's ``text`` column is the
    # document's text, not a chunk text to locate (as the readers take it beside doc_id)
    unused = ("iteration", "query", "docid", "text") + (() if order == "rank" else ("rank",))
    run = run.drop(columns=[c for c in unused if c in run.columns])
    if order == "rank" and "rank" in run.columns:
        # PyTerrier (and :func:`run_frame`) count ranks from 0; the readers from 1 (a rank 0
        # is refused for element and passage runs): shifted, the order is the same
        ranks = pd.to_numeric(run["rank"], errors="coerce")
        if len(ranks) and ranks.notna().all() and ranks.min() == 0 and \
                bool((ranks == ranks.round()).all()):
            run = run.assign(rank=ranks.astype("int64") + 1)
    unused = ["iteration"]
    if "offset" in qrels.columns and "length" in qrels.columns:
        qrels = _passage_rows(qrels)
    sd_qrels = read_qrels(qrels.drop(columns=[c for c in unused if c in qrels.columns]))
    return sd_qrels, read_run(run, name="run")


def _passage_rows(frame: pd.DataFrame) -> pd.DataFrame:
    """Passage qrels rows as the table reader takes them: a row of length 0 judges its
    document non-relevant (relevance 0); ``doc_length`` is ``doclen``."""
    if "doc_length" in frame.columns and "doclen" not in frame.columns:
        frame = frame.rename(columns={"doc_length": "doclen"})
    empty = (pd.to_numeric(frame["length"], errors="coerce") == 0).to_numpy()
    if empty.any():
        relevance = frame["relevance"] if "relevance" in frame.columns else \
            pd.Series(1, index=frame.index)
        frame = frame.assign(relevance=relevance.where(~empty, 0))
    return frame


# ------------------------------------------------------------------ sdreval -> DataFrames

def qrels_frame(qrels: Any) -> pd.DataFrame:
    """sdreval judgements (a :class:`~sdreval.judgements.qrels.Qrels` or anything
    :func:`sdreval.api.read_qrels` reads) as an ir_measures qrels DataFrame.

    Elements: ``query_id, doc_id, xpath, relevance`` (the grade on the ``graded`` scale; on
    the INEX scales ``relevance`` is 1 when e > 0 and s > 0, and ``exhaustivity`` and
    ``specificity`` carry the pair, INEX 2005's "too small" exhaustivity written ``?``, as the
    files write it, and ``scale`` names the scale of the pairs: ``inex2002``,
    ``inex2003`` or ``inex2005``), and ``size`` (characters; NaN where unknown) when the
    judgements give sizes.  Passages: one row per highlighted passage
    ``query_id, doc_id, offset, length, relevance, doclen, bep`` (``relevance``: the range's
    grade, 1 without grades; a judged non-relevant document has one row of length 0,
    relevance 0; a document relevant without a passage, as FOL qrels may give one, one row
    of relevance 1 without offset and length, which sdreval refuses to read back)."""
    from ..api import read_qrels

    qrels = read_qrels(qrels)
    rows = []
    if qrels.scale == "fol" or any(t.passages for t in qrels.topics.values()):
        for topic, judged in qrels.topics.items():
            for doc, dp in judged.passages.items():
                grades = dp.grades or [int(length > 0) for _, length in dp.ranges]
                for (offset, length), grade in zip(dp.ranges, grades) if dp.ranges else \
                        [((None, None), 1) if dp.relevant_chars > 0 else ((0, 0), 0)]:
                    grade = int(grade) if float(grade).is_integer() else grade
                    rows.append((topic, doc, offset, length, grade, dp.doc_length, dp.bep))
        return pd.DataFrame(rows, columns=["query_id", "doc_id", "offset", "length",
                                           "relevance", "doclen", "bep"])
    graded = qrels.scale == "graded"
    question = qrels.scale == "inex2005"  # too small: '?', as the files write it
    for topic, judged in qrels.topics.items():
        for (doc, path), a in judged.elements.items():
            relevance = a.e if graded else float(a.e > 0 and a.s > 0)
            rows.append((topic, doc, path, int(relevance) if float(relevance).is_integer()
                         else relevance, "?" if question and a.e == TOO_SMALL else a.e, a.s,
                         math.nan if a.size is None else a.size))
    frame = pd.DataFrame(rows, columns=["query_id", "doc_id", "xpath", "relevance",
                                        "exhaustivity", "specificity", "size"])
    unused = ["exhaustivity", "specificity"] if graded else []
    if frame["size"].isna().all():
        unused.append("size")
    frame = frame.drop(columns=unused)
    return frame if graded else frame.assign(scale=qrels.scale)


def run_frame(run: Any) -> pd.DataFrame:
    """A sdreval run (or anything :func:`sdreval.api.read_run` reads) as an ir_measures run
    DataFrame ``query_id, doc_id, score, rank`` plus ``xpath`` (elements) or ``offset, length``
    (passages); ``rank`` is the file order (0-based, as PyTerrier's)."""
    from ..api import read_run

    run = read_run(run)
    frames = []
    for topic, ranking in run.topics.items():
        part = {"query_id": topic, "doc_id": ranking.docs.astype(str),
                "score": ranking.rsv, "rank": range(len(ranking))}
        if run.unit == "passage":
            part.update(offset=ranking.offsets, length=ranking.lengths)
        elif run.unit == "element":
            part["xpath"] = ranking.paths
        frames.append(pd.DataFrame(part))
    if not frames:
        return pd.DataFrame(columns=["query_id", "doc_id", "score", "rank"])
    return stacked(frames)
