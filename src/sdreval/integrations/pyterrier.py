"""sdreval's measures in PyTerrier experiments (``pt.Experiment``), through the ir_measures
integration (:mod:`sdreval.integrations.ir_measures`): PyTerrier evaluates with ir_measures, so
an sdreval measure object is a PyTerrier measure.  ``pt.Experiment`` reads a measure given as a
string by trec_eval's names only (``"map"``, ``"ndcg_cut_10"``): give sdreval's measures, and
ir_measures' own, as objects (``measure("MAiP")``, ``ir_measures.nDCG @ 10``).

>>> import ir_measures
>>> import pyterrier as pt
>>> from sdreval.integrations.pyterrier import measure, qrels_frame, results_frame
>>> pt.Experiment([system], topics, qrels_frame("qrels.fol"),
...               [measure("MAiP"), measure("iP@0.01"), ir_measures.nDCG @ 10])

PyTerrier's column names are used (``qid``, ``docno``, ``label``, ``score``, ``rank``); the
extra columns sdreval needs travel with them: ``xpath`` for element results, ``offset`` and
``length`` (characters) for passages, and for passage qrels one row per highlighted passage.
Nothing here starts Java: evaluating a transformer's DataFrame output needs no JVM.
"""
from __future__ import annotations

import warnings
from typing import Any

import pandas as pd

from . import ir_measures as _bridge
from .ir_measures import register

_TO_PT = {"query_id": "qid", "doc_id": "docno", "relevance": "label"}


_OVER_TOPICS = {"sum": "the sum over the topics (as trec_eval prints a count)",
                "gmean": "the geometric mean over the topics (trec_eval's gm_map, Robertson 2006)"}


def measure(text: Any, **context: Any):
    """An sdreval measure for ``pt.Experiment`` (see
    :func:`sdreval.integrations.ir_measures.sdreval_measure`).  pt.Experiment averages the
    per-topic values itself: for a count or GMAP, whose number over topics is not the
    arithmetic mean, a warning says what its column shows."""
    built = _bridge.sdreval_measure(text, **context)
    definition = type(built)._sdreval
    if definition.aggregate in _OVER_TOPICS:
        warnings.warn(f"sdreval: {built}'s number is {_OVER_TOPICS[definition.aggregate]}, "
                      "but pt.Experiment averages the per-topic values itself: its column is "
                      "the arithmetic mean of the per-topic values; sdreval.evaluate and "
                      "ir_measures.calc_aggregate give the number sdreval eval prints "
                      "(perquery=True values are right)", stacklevel=2)
    return built


def qrels_frame(qrels: Any) -> pd.DataFrame:
    """sdreval judgements as a PyTerrier qrels DataFrame (``qid, docno, label`` plus ``xpath``
    and the elements' ``size``, or ``offset, length, doclen, bep`` for passages)."""
    return _bridge.qrels_frame(qrels).rename(columns=_TO_PT)


def results_frame(run: Any) -> pd.DataFrame:
    """A sdreval run as a PyTerrier results DataFrame (``qid, docno, score, rank`` plus
    ``xpath`` or ``offset, length``), e.g. for ``pt.Transformer.from_df``."""
    return _bridge.run_frame(run).rename(columns=_TO_PT)


__all__ = ["measure", "qrels_frame", "results_frame", "register"]
