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
keywords its parameters; ``P(rel=2) @ 5`` takes the cut-off after the call, as ir_measures).
Names that are not Python identifiers (``P@10``) go through :func:`measure`; ir_measures
measure objects (``ir_measures.AP``, ``ir_measures.nDCG@10``) are accepted wherever a measure
is and mapped to the sdreval measure computing the same thing (:func:`from_ir_measures`; what
has no equivalent is refused).

Inputs are accepted as sdreval objects, file paths, open files, dicts (``{topic: {doc:
grade}}`` qrels, ``{topic: {doc: score}}`` runs, ``(doc, path)`` keys for elements,
``(doc, offset, length)`` keys for passages), pandas DataFrames and records (ir_measures /
ir_datasets namedtuples, generators included, dicts, tuples; ranx's and PyTerrier's column
names), ranx ``Qrels``/``Run``.  Tables keep their units (``path`` columns make elements,
``offset``/``length`` passages) and are validated by the file readers' rules.
"""
from __future__ import annotations

from typing import Any

from .api_calls import Evaluator, Metric, calc_aggregate, evaluator, iter_calc
from .api_evaluate import (CONTEXT_KEYS, budget_curve, check_options, compare,  # noqa: F401
                           confidence_intervals, context, evaluate, report)
from .api_measures import (from_ir_measures, is_ir_measures_measure,  # noqa: F401
                           measure, measures)
from .errors import UsageError  # noqa: F401  (sdreval.api.UsageError, as before)
from .io.readers import read_qrels, read_run, read_runs  # the one reader of each

# Importing this module is light (no numpy, pandas or measure families): the measures, readers
# and data model load on first use, and the names below resolve through ``__getattr__``.
_INTEROP = ("qrels_from_ir_measures", "qrels_from_ranx", "qrels_to_ir_measures", "qrels_to_ranx",
            "run_from_ir_measures", "run_from_ranx", "run_to_ir_measures", "run_to_ranx")


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


__all__ = ["measure", "measures", "read_qrels", "read_run", "read_runs", "context",
           "evaluate", "compare", "confidence_intervals", "iter_calc", "calc_aggregate", "Metric",
           "evaluator", "Evaluator",
           "from_ir_measures", "report", "budget_curve", "qrels_from_ranx", "qrels_to_ranx",
           "run_from_ranx", "run_to_ranx", "qrels_from_ir_measures", "qrels_to_ir_measures",
           "run_from_ir_measures", "run_to_ir_measures", "parse_measure"]
