"""Measures: pure functions of (judgements, ranking, parameters), one registry.

Importing this package registers every measure family.
"""
from .registry import (FAMILIES, MEASURES, EvalContext, Measure, MeasureDef, Param,
                       parse_measure, register_family, register_measure)
from . import xcg, inex_eval, inex_eval_ng, classic, esr, passage, span, rankings  # noqa: F401,E402  (register)
from .evaluate import aggregate_of, evaluate, summarise  # noqa: E402

__all__ = ["FAMILIES", "MEASURES", "EvalContext", "Measure", "MeasureDef", "Param",
           "parse_measure", "register_family", "register_measure", "evaluate", "summarise",
           "aggregate_of"]
