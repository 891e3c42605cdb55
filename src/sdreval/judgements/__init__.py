"""Judgements: assessments, quantisation functions, recall-bases.

The names below load their module on first use (importing the package loads none of them)."""
from __future__ import annotations

import importlib
from typing import Any

#: public name -> the submodule defining it
_NAMES = {
    "TopicJudgements": "columns",
    "COVERAGE_CODES": "qrels", "TOO_SMALL": "qrels", "DocPassages": "qrels",
    "ElementAssessment": "qrels", "Qrels": "qrels", "TopicQrels": "qrels",
    "QUANTISATIONS": "quantise", "Quantisation": "quantise",
    "default_quantisation": "quantise", "get_quantisation": "quantise",
    "register_quantisation": "quantise",
}

__all__ = list(_NAMES)


def __getattr__(name: str) -> Any:
    module = _NAMES.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
