"""A friendly Python API in the style of ir_measures and ranx.

>>> from sdreval.api import nxCG, MAep, P, measure, evaluate
>>> nxCG(k=10, quant="gen", overlap="on")          # a measure object with parameters
Measure('nxCG(quant=gen,overlap=on)@10')
>>> measure("MAep(quant=sog)"), measure("P@10")     # parsed from strings (any name)
(Measure('MAep(quant=sog)'), Measure('P@10'))
>>> P @ 10                                          # ir_measures' cut-off notation
Measure('P@10')

and ``evaluate(qrels, {"bm25": run_a, "xml": "runs/xml.txt"}, [nxCG(k=10), "MAep"])`` gives
the tidy table (``per_topic=True`` keeps the per-topic rows), which
:func:`confidence_intervals` and :func:`compare` take as it is.  ir_measures' calls have their
namesakes: :func:`calc_aggregate` (``{measure: mean}``) and :func:`iter_calc` (per-query
:class:`Metric` records).

Every registered measure (:data:`sdreval.measures.MEASURES`) is a module attribute: calling it
builds a :class:`~sdreval.measures.Measure` (``k``/``r``/``at`` give the cut-off, the other
keywords its parameters).  Names that are not Python identifiers (``P@10``) go through
:func:`measure`; ir_measures measure objects (``ir_measures.AP``, ``ir_measures.nDCG@10``)
are accepted wherever a measure is and mapped to the sdreval measure computing the same
thing (:func:`from_ir_measures`; what has no equivalent is refused).

Inputs are accepted as sdreval objects, file paths, open files, dicts (``{topic: {doc:
grade}}`` qrels, ``{topic: {doc: score}}`` runs, ``(doc, path)`` keys for elements,
``(doc, offset, length)`` keys for passages), pandas DataFrames and records (ir_measures /
ir_datasets namedtuples, generators included, dicts, tuples; ranx's and PyTerrier's column
names), ranx ``Qrels``/``Run``.  Tables keep their units (``path`` columns make elements,
``offset``/``length`` passages) and are validated by the file readers' rules.
"""
from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterator, NamedTuple, Sequence

from .errors import UsageError
from .io.readers import read_qrels, read_run, read_runs  # the one reader of each

if TYPE_CHECKING:  # annotations only
    import pandas as pd

    from .judgements.qrels import Qrels
    from .measures import EvalContext, Measure, MeasureDef
    from .model.run import Run

# Importing this module is light (no numpy, pandas or measure families): the measures, readers
# and data model load on first use, and the names below resolve through ``__getattr__``.
_INTEROP = ("qrels_from_ir_measures", "qrels_from_ranx", "qrels_to_ir_measures", "qrels_to_ranx",
            "run_from_ir_measures", "run_from_ranx", "run_to_ir_measures", "run_to_ranx")

#: the keyword options of :func:`context` (evaluation-wide measure defaults)
CONTEXT_KEYS = ("quant", "overlap", "alpha", "ideal", "beta", "bep_distance", "order", "compat",
                 "strict", "collection", "navigation", "collection_elements", "depth",
                 "rel_level", "zero_rel")
_CUTOFF_ALIASES = ("k", "r", "at", "cutoff")


# ----------------------------------------------------------------------------------- measures

def measure(text: str | Measure | MeasureDef, **params: Any) -> Measure:
    """A measure from its name as typed (``"P@10"``, ``"MAep(quant=sog)"``, ``"nxCG@25"``),
    with keyword parameters added or overriding those in the text (``k``/``r``/``at`` set the
    cut-off)."""
    from .measures import MEASURES, MeasureDef, parse_measure
    from .measures.registry import make_measure

    if isinstance(text, MeasureDef):
        return text(**params)
    if is_ir_measures_measure(text):
        text = from_ir_measures(text)
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
        if _is_one_measure(item):
            out.append(measure(item))
        else:
            out.extend(measure(m) for m in item)
    return out


def _is_one_measure(item: Any) -> bool:
    from .measures.registry import Measure, MeasureDef

    return isinstance(item, (str, Measure, MeasureDef)) or is_ir_measures_measure(item)


def is_ir_measures_measure(obj: Any) -> bool:
    """An ir_measures measure object (``ir_measures.AP``, ``ir_measures.nDCG@10``)."""
    return type(obj).__module__.split(".")[0] == "ir_measures" and hasattr(obj, "NAME") \
        and isinstance(getattr(obj, "params", None), dict)


#: ir_measures parameter -> sdreval parameters with the same meaning (None: no equivalent)
_IR_MEASURES_PARAMS: dict[str, Any] = {
    "rel": lambda v: {"rel": v},  # both: relevant iff grade >= rel
    "dcg": lambda v: {} if v == "log2" else ({"gains": "exp"} if v == "exp-log2" else None),
    "judged_only": lambda v: None if v else {},
    "gains": lambda v: {} if v is None else None,
    "beta": lambda v: {"beta": v},  # SetF: both trec_eval's set_F beta
}


#: ir_measures names whose sdreval namesake is another measure (sdreval's R is Sakai's
#: R-measure; ir_measures' R is recall) -> the name to look up instead
_IR_MEASURES_NAMES = {"R": "Recall"}


def from_ir_measures(obj: Any) -> Measure:
    """The sdreval measure computing what an ir_measures measure object computes:
    ``AP`` -> ``AP``, ``nDCG@10`` -> ``nDCG@10``, ``P(rel=2)@5`` -> ``P(rel=2)@5``,
    ``nDCG(dcg='exp-log2')`` -> ``nDCG(gains=exp)``, ``NumRelRet`` (ir_measures'
    ``NumRet(rel=1)``) -> ``NumRelRet(rel=1)``, ``SetF(beta=2.0)`` -> ``SetF(beta=2.0)``,
    ``IPrec@0.1`` (``IPrec(recall=0.1)``) -> ``IPrec@0.1``; names go through the measure registry
    (trec_eval and ir_measures aliases included).  A parameter without an equivalent
    (``judged_only=True``, custom ``gains`` maps, other DCG discounts) is refused."""
    from .measures import parse_measure

    params = dict(obj.params)
    cutoff = params.pop("cutoff", None)
    if obj.NAME == "IPrec" and "recall" in params:  # IPrec@0.1: the recall level
        cutoff = params.pop("recall")
    translated: dict[str, Any] = {}
    for key, value in params.items():
        rule = _IR_MEASURES_PARAMS.get(key)
        found = rule(value) if rule is not None else None
        if found is None:
            raise UsageError(f"ir_measures measure {obj} has no sdreval equivalent: parameter "
                             f"{key}={value!r} is not supported (give the measure without it, "
                             f"or an sdreval measure; `sdreval measures` lists them)")
        translated.update(found)
    inner = ",".join(f"{k}={v}" for k, v in translated.items())
    name = _IR_MEASURES_NAMES.get(obj.NAME, obj.NAME)
    if name == "NumRet" and "rel" in translated:  # ir_measures.NumRelRet is NumRet(rel=1)
        name = "NumRelRet"
    text = name + (f"({inner})" if inner else "") + (f"@{cutoff}" if cutoff is not None
                                                         else "")
    try:
        return parse_measure(text)
    except UsageError as error:
        raise UsageError(f"ir_measures measure {obj} has no sdreval equivalent ({error})"
                         ) from None


def __getattr__(name: str) -> Any:
    """``from sdreval.api import nxCG`` — every registered measure by name (and the
    conversion functions of :mod:`sdreval.io.interop`, ``parse_measure``), loaded on use."""
    if name.startswith("__"):
        raise AttributeError(f"module 'sdreval.api' has no attribute {name!r}")
    if name in _INTEROP:
        from .io import interop

        return getattr(interop, name)
    from .measures import MEASURES, parse_measure

    if name == "parse_measure":
        return parse_measure
    definition = MEASURES.get(name)
    if definition is None:
        raise AttributeError(f"module 'sdreval.api' has no attribute {name!r} (measures: "
                             f"{', '.join(sorted(MEASURES, key=str.lower))})")
    return definition


def __dir__() -> list[str]:
    from .measures import MEASURES

    return sorted(set(globals()) | set(_INTEROP) | {"parse_measure"} |
                  {m for m in MEASURES if m.isidentifier()})


# ------------------------------------------------------------------------------------ inputs

# ---------------------------------------------------------------------------------- evaluate

def check_options(options: Mapping[str, Any]) -> None:
    """UsageError naming the keyword options that are not evaluation options
    (:data:`CONTEXT_KEYS`)."""
    unknown = set(options) - set(CONTEXT_KEYS)
    if unknown:
        raise UsageError(f"unknown option(s) {', '.join(sorted(unknown))}; known: "
                         + ", ".join(CONTEXT_KEYS))


def context(**options: Any) -> EvalContext:
    """An :class:`EvalContext` from keyword options (``quant``, ``overlap``, ``alpha``,
    ``ideal``, ``beta``, ``bep_distance``, ``order``, ``compat``, ``strict``, ``collection``
    (a directory or a Collection), ``navigation``, ``collection_elements``, ``depth``
    (trec_eval -M), ``rel_level`` (trec_eval -l), ``zero_rel`` (a topic with nothing relevant
    scores 0 and counts in the means, as in trec_eval))."""
    from .measures import EvalContext

    check_options(options)
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
             all_topics: bool = False, ctx: EvalContext | None = None, jobs: int = 1,
             scheduler: str | None = None, **options: Any) -> pd.DataFrame:
    """Evaluate runs on measures: a tidy DataFrame ``run, topic, measure, value``.

    Means (topic ``"all"``) by default, as ir_measures' ``calc_aggregate`` and ranx's
    ``evaluate``; ``per_topic=True`` gives the per-topic rows followed by the means (like
    ``sdreval eval -q``), the table :func:`confidence_intervals` and :func:`compare` take.
    ``qrels`` and ``runs``: anything :func:`read_qrels` and :func:`read_runs` accept (objects,
    paths, DataFrames, dicts, records, ranx objects).  ``all_topics`` averages over every
    qrels topic (``-c``).  ``measures``: names (``"P@10"``), sdreval measures
    (``nxCG(k=10)``, ``P @ 10``) or ir_measures measure objects, one or a list.  ``jobs`` and
    ``scheduler`` spread the runs over processes or a Dask cluster (the same numbers).
    Keyword options set measure defaults (see :func:`context`), or ``ctx`` gives them all."""
    from .measures import evaluate as evaluate_table
    from .measures import summarise

    if ctx is not None and options:
        raise UsageError("give either ctx or keyword options, not both")
    ctx = ctx or context(**options)
    table = evaluate_table(read_qrels(qrels, collection=ctx.collection), read_runs(runs),
                           _measure_list(measures), ctx, all_topics=all_topics, jobs=jobs,
                           scheduler=scheduler)
    return summarise(table, keep_topics=per_topic)


def budget_curve(qrels: Any, runs: Any, budgets: Any = None, *, all_topics: bool = False,
                 level: float = 0.95, samples: int = 2_000, seed: int | None = 0,
                 **options: Any) -> pd.DataFrame:
    """Context-budget curves: ``SpanR(budget=N)`` and ``SpanP(budget=N)`` of every run at
    every budget N (default 128, 256, ..., 8192), mean over queries with a percentile-bootstrap
    CI: columns ``run, measure, budget, mean, ci_low, ci_high, topics``
    (:mod:`sdreval.report.budget`; ``sdreval budget`` on the command line)."""
    from .report.budget import DEFAULT_BUDGETS
    from .report.budget import budget_curve as _curve

    ctx = context(**options)
    return _curve(read_qrels(qrels, collection=ctx.collection), read_runs(runs),
                  DEFAULT_BUDGETS if budgets is None else budgets, ctx, all_topics, level,
                  samples, seed)


def _measure_list(given: Any) -> list[Measure]:
    return [measure(given)] if _is_one_measure(given) else [measure(m) for m in given]


def _measure_name(given: Any) -> str:
    """The name a measure has in results tables."""
    return given if isinstance(given, str) else measure(given).text


def _per_topic(table: Any, what: str) -> None:
    if "topic" in getattr(table, "columns", ()) and (table["topic"].astype(str) != "all").any():
        return
    raise UsageError(f"{what} needs per-topic values: evaluate(..., per_topic=True) "
                     "(a table of means has none)")


def compare(results: Any, measure: Any = None, test: str = "t", correction: str = "by",
            baseline: str | Sequence[str] | None = None, **kwargs: Any) -> Any:
    """Every pair of runs from a per-topic results table (``evaluate(...,
    per_topic=True)``; mean rows are ignored), or with ``baseline`` (a run name or several,
    as PyTerrier's ``baseline=``) every run against the baseline(s) only, the correction over
    those tests: columns ``run_a, run_b, measure, mean_a, mean_b, p_value, p_adjusted,
    reject, topics`` then ``diff, diff_ci_low, diff_ci_high`` (the mean difference
    ``run_a − run_b`` and its interval), ``effect_size`` (Cohen's d_z, Lakens 2013, Eq. 6),
    ``wins, ties, losses``; one family (and correction) per measure.  ``test``
    is t, wilcoxon, sign, bootstrap or randomization; ``correction`` by (Benjamini-Yekutieli),
    bh, holm, bonferroni or none; further keywords as :func:`sdreval.stats.compare_runs`."""
    from .stats import compare_runs

    _per_topic(results, "compare")
    name = None if measure is None else _measure_name(measure)
    return compare_runs(results, name, test=test, correction=correction, baseline=baseline,
                        **kwargs)


def confidence_intervals(results: Any, measure: Any = None, level: float = 0.95,
                         samples: int = 5_000, seed: int | None = 0,
                         missing: str = "error") -> Any:
    """Percentile-bootstrap confidence intervals of each run's mean, per measure, from a
    per-topic results table: columns ``run, measure, mean, ci_low, ci_high, ci_length``
    (runs by decreasing mean within a measure).  ``missing``: a run without a value on a
    topic is an error (``error``), leaves the topic out (``drop``) or scores 0 (``zero``)."""
    import pandas as pd

    from .stats import confidence_intervals as intervals
    from .stats import score_matrix
    from .stats.matrix import measures_of

    _per_topic(results, "confidence_intervals")
    names = [_measure_name(measure)] if measure is not None else measures_of(results)
    return pd.concat([intervals(score_matrix(results, m, missing=missing), level, samples,
                                seed) for m in names], ignore_index=True)


# ------------------------------------------------------------------- ir_measures-style calls

class Metric(NamedTuple):
    """One per-query value, as ir_measures' ``Metric``."""

    query_id: str
    measure: Any
    value: float


class Evaluator:
    """Measures and judgements fixed, runs given one at a time, as ir_measures'
    ``evaluator(measures, qrels)``: the qrels are read once."""

    def __init__(self, measures: Any, qrels: Any, **options: Any):
        self.measures, self.qrels, self.options = measures, read_qrels(qrels), options

    def iter_calc(self, run: Any) -> Iterator[Metric]:
        """Per-query :class:`Metric` records of ``run`` (see :func:`iter_calc`)."""
        return iter_calc(self.measures, self.qrels, run, **self.options)

    def calc_aggregate(self, run: Any) -> dict[Any, float]:
        """Means of ``run`` keyed by the measures given (see :func:`calc_aggregate`)."""
        return calc_aggregate(self.measures, self.qrels, run, **self.options)

    def calc(self, run: Any) -> tuple[dict[Any, float], list[Metric]]:
        """``(means, per-query records)`` of ``run`` from one evaluation."""
        table, keys = _calc(self.measures, self.qrels, run, self.options)
        return _aggregate(table, keys), list(_metrics(table, keys))


def evaluator(measures: Any, qrels: Any, **options: Any) -> Evaluator:
    """An :class:`Evaluator` (ir_measures' ``evaluator``)."""
    return Evaluator(measures, qrels, **options)


def _calc(measures: Any, qrels: Any, run: Any, options: dict[str, Any]):
    given = [measures] if _is_one_measure(measures) else list(measures)
    keys: dict[str, list[Any]] = {}
    for item in given:
        keys.setdefault(measure(item).text, []).append(item)
    runs = read_runs(run)
    if len(runs) != 1:
        raise UsageError(f"one run expected (as in ir_measures), got {len(runs)}; "
                         "evaluate() takes several")
    table = evaluate(qrels, runs, list(keys), per_topic=True, **options)
    return table, keys


def iter_calc(measures: Any, qrels: Any, run: Any, **options: Any) -> Iterator[Metric]:
    """Per-query values as ir_measures' ``iter_calc``: :class:`Metric` ``(query_id,
    measure, value)`` records, ``measure`` being the object given (an ir_measures measure,
    a name or an sdreval measure).  Topics follow sdreval's policy: the run's topics with
    something relevant (``all_topics=True``: every qrels topic with something relevant);
    keyword options as :func:`evaluate`."""
    table, keys = _calc(measures, qrels, run, options)
    yield from _metrics(table, keys)


def _metrics(table: Any, keys: dict[str, list[Any]]) -> Iterator[Metric]:
    rows = table[table["topic"] != "all"]
    for topic, name, value in zip(rows["topic"], rows["measure"], rows["value"]):
        for key in keys[name]:
            yield Metric(topic, key, float(value))


def calc_aggregate(measures: Any, qrels: Any, run: Any, **options: Any) -> dict[Any, float]:
    """Means over topics as ir_measures' ``calc_aggregate``: ``{measure: value}`` keyed by
    the objects given (``calc_aggregate([ir_measures.AP, "P@10"], qrels, run)
    [ir_measures.AP]``)."""
    table, keys = _calc(measures, qrels, run, options)
    return _aggregate(table, keys)


def _aggregate(table: Any, keys: dict[str, list[Any]]) -> dict[Any, float]:
    means = table[table["topic"] == "all"]
    return {key: float(value) for name, value in zip(means["measure"], means["value"])
            for key in keys[name]}


def report(qrels: Any, runs: Any, measures: Any = None, path: str | os.PathLike =
           "report.html", *, all_topics: bool = False, test: str = "t",
           correction: str = "by", image_format: str = "svg", baseline: str | None = None,
           **options: Any) -> Path:
    """Write the self-contained HTML report (:mod:`sdreval.report.html`); returns its path.
    Runs are tested against ``baseline`` (default: the first run)."""
    from .report.html import build_report, write_report

    names = None if measures is None else _measure_list(measures)
    ctx = context(**options)
    data = build_report(read_qrels(qrels, collection=ctx.collection), read_runs(runs), names, ctx,
                        all_topics=all_topics, test=test, correction=correction,
                        baseline=baseline)
    return write_report(data, path, image_format)


__all__ = ["measure", "measures", "read_qrels", "read_run", "read_runs", "context",
           "evaluate", "compare", "confidence_intervals", "iter_calc", "calc_aggregate", "Metric",
           "evaluator", "Evaluator",
           "from_ir_measures", "report", "budget_curve", "qrels_from_ranx", "qrels_to_ranx",
           "run_from_ranx", "run_to_ranx", "qrels_from_ir_measures", "qrels_to_ir_measures",
           "run_from_ir_measures", "run_to_ir_measures", "parse_measure"]
