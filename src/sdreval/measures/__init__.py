"""Measures: pure functions of (judgements, ranking, parameters), one registry.

Each family registers its measures when its module is imported; the registry imports a family
on the first lookup of one of its names (:mod:`.declared`), so ``-m map`` loads only the classic
family.  The family packages (``sdreval.measures.xcg``, ...) load on first access too.
"""
from __future__ import annotations

import importlib
from typing import Any

from .registry import (FAMILIES, MEASURES, EvalContext, Measure, MeasureDef, Param,
                       parse_measure, register_family, register_measure)
from .evaluate import aggregate_of, evaluate, summarise  # noqa: E402

__all__ = ["FAMILIES", "MEASURES", "EvalContext", "Measure", "MeasureDef", "Param",
           "parse_measure", "register_family", "register_measure", "evaluate", "summarise",
           "aggregate_of"]


def __getattr__(name: str) -> Any:
    try:
        return importlib.import_module(f"{__name__}.{name}")
    except ModuleNotFoundError as error:
        if error.name != f"{__name__}.{name}":
            raise
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}") from None


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
