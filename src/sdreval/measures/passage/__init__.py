"""Measure family ``passage``: HiXEval (Ali, Consens & Lalmas 2012, Eq. 15-17) and the INEX 2007-2010 Focused,
Relevant in Context and Best in Context measures on passage (FOL) runs.

Measures: ``iP@x``, ``MAiP``, ``HiXiP@r``, ``HiXiR@r``, ``gP@k``, ``gR@k``, ``MAgP`` (the last
three with ``task=ric|bic``).  See ``docs/passage-tasks.md``.
"""
from . import definitions  # noqa: F401  (registers the measures)
from .definitions import MEASURE_DEFS, compute, judges_text, require_passage_judgements
from .placing import as_passage_run

__all__ = ["MEASURE_DEFS", "as_passage_run", "compute", "judges_text",
           "require_passage_judgements"]
