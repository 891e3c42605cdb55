"""ir_measures' calls in the Python API (:mod:`sdreval.api`): :func:`iter_calc`,
:func:`calc_aggregate` and :func:`evaluator`, keyed by the measure objects given."""
from __future__ import annotations

from typing import Any, Iterator, NamedTuple

from .api_evaluate import evaluate
from .api_measures import is_one_measure, measure
from .errors import UsageError
from .io.options import called_as
from .io.readers import read_qrels, read_runs


class Metric(NamedTuple):
    """One per-query value, as ir_measures' ``Metric``."""

    query_id: str
    measure: Any
    value: float


class Evaluator:
    """Measures and judgements fixed, runs given one at a time, as ir_measures'
    ``evaluator(measures, qrels)``: the qrels are read once (with the collection of the
    ``collection`` option or of ``ctx``, as :func:`evaluate` reads them: INEX assessments'
    passages given as element paths need it)."""

    def __init__(self, measures: Any, qrels: Any, **options: Any):
        self.measures, self.options = measures, options
        ctx = options.get("ctx")
        with called_as("sdreval.evaluator"):
            self.qrels = read_qrels(qrels, collection=options.get("collection") if ctx is None
                                    else ctx.collection)

    def iter_calc(self, run: Any) -> Iterator[Metric]:
        """Per-query :class:`Metric` records of ``run`` (see :func:`iter_calc`)."""
        return iter_calc(self.measures, self.qrels, run, **self.options)

    def calc_aggregate(self, run: Any) -> dict[Any, float]:
        """Means of ``run`` keyed by the measures given (see :func:`calc_aggregate`)."""
        return calc_aggregate(self.measures, self.qrels, run, **self.options)

    def calc(self, run: Any) -> tuple[dict[Any, float], list[Metric]]:
        """``(means, per-query records)`` of ``run`` from one evaluation."""
        table, keys = _calc(self.measures, self.qrels, run, self.options,
                             "Evaluator.calc")
        return _aggregate(table, keys), list(_metrics(table, keys))


def evaluator(measures: Any, qrels: Any, **options: Any) -> Evaluator:
    """An :class:`Evaluator` (ir_measures' ``evaluator``)."""
    return Evaluator(measures, qrels, **options)


def _calc(measures: Any, qrels: Any, run: Any, options: dict[str, Any], name: str):
    given = [measures] if is_one_measure(measures) else list(measures)
    keys: dict[str, list[Any]] = {}
    for item in given:
        keys.setdefault(measure(item).text, []).append(item)
    with called_as(name):
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
    table, keys = _calc(measures, qrels, run, options, "sdreval.iter_calc")
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
    table, keys = _calc(measures, qrels, run, options, "sdreval.calc_aggregate")
    return _aggregate(table, keys)


def _aggregate(table: Any, keys: dict[str, list[Any]]) -> dict[Any, float]:
    means = table[table["topic"] == "all"]
    return {key: float(value) for name, value in zip(means["measure"], means["value"])
            for key in keys[name]}
