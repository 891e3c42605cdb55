"""Judgements: assessments, quantisation functions, recall-bases.

The names below load their module on first use (importing the package loads none of them)."""
from __future__ import annotations

from ..lazy import lazy_attributes

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

__getattr__, __dir__ = lazy_attributes(__name__, _NAMES)
