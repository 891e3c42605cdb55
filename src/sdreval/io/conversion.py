"""The element -> passage conversion, a model concern: :mod:`sdreval.model.conversion` (this
name is kept for existing imports)."""
from ..model.conversion import element_run_to_passage_run, passage_of_element

__all__ = ["element_run_to_passage_run", "passage_of_element"]
