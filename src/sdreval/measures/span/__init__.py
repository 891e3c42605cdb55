"""Measure family ``span``: character precision, recall, F, IoU (at k chunks or under a
length budget), span hit rate, reciprocal rank and gold-span recall at a coverage threshold,
and TREC Genomics 2007's character MAP — rank- and overlap-aware evaluation of chunk
retrieval for retrieval-augmented generation (``docs/rag.md``)."""
from . import definitions  # noqa: F401  (registers the measures)
from .definitions import MEASURE_DEFS, compute

__all__ = ["MEASURE_DEFS", "compute"]
