"""Synthetic INEX-like collections, assessments and runs, deterministic with a seed.

Used by tests, benchmarks and users studying measures::

    from sdreval.simulate import simulate
    collection, qrels, runs = simulate(n_docs=50, n_topics=10, n_runs=5, seed=7)
"""
from __future__ import annotations

from .assessments import AssessmentSpec, make_qrels
from .collection import CollectionSpec, document_xml, make_collection
from .runs import RunSpec, make_runs


def simulate(n_docs: int = 100, elements_per_doc: int = 1500, n_topics: int = 30,
             n_runs: int = 10, run_length: int = 1500, scale: str = "inex2003",
             tie_levels: int | None = None, overlap: bool = True, passages: bool = False,
             seed: int = 0):
    """Collection, qrels and runs in one call (each part seeded from ``seed``)."""
    collection = make_collection(CollectionSpec(n_docs, elements_per_doc, seed=seed))
    qrels = make_qrels(collection, AssessmentSpec(n_topics, scale=scale, seed=seed + 1))
    runs = make_runs(collection, qrels, RunSpec(n_runs, run_length, tie_levels=tie_levels,
                                                overlap=overlap, passages=passages,
                                                seed=seed + 2))
    return collection, qrels, runs


__all__ = ["AssessmentSpec", "CollectionSpec", "RunSpec", "document_xml", "make_collection",
           "make_qrels", "make_runs", "simulate"]
