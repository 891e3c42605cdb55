"""Data model: element ids and XPaths, document trees, passages, runs.

The names below load their module on first use (importing the package loads none of them: a
command that reads a document run needs neither trees nor XPaths)."""
from __future__ import annotations

import importlib
from typing import Any

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


def __getattr__(name: str) -> Any:
    module = _NAMES.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
