"""Data model: element ids and XPaths, document trees, passages, runs.

The names below load their module on first use (importing the package loads none of them: a
command that reads a document run needs neither trees nor XPaths)."""
from __future__ import annotations

from ..lazy import lazy_attributes

#: public name -> the submodule defining it
_NAMES = {
    "Passage": "passage", "merge_ranges": "passage", "overlap_length": "passage",
    "Ranking": "run", "Result": "run", "Run": "run",
    "Collection": "tree", "DocumentTree": "tree",
    "XPathError": "xpath", "canonical_xpath": "xpath", "depth": "xpath",
    "is_ancestor": "xpath", "is_ancestor_or_self": "xpath", "overlaps": "xpath",
    "parent_path": "xpath", "parse_steps": "xpath", "tag_of": "xpath",
}

__all__ = list(_NAMES)

__getattr__, __dir__ = lazy_attributes(__name__, _NAMES)
