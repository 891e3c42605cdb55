"""Document trees: elements of one XML document with sizes and character ranges.

Character offsets follow the INEX convention: Unicode characters of the text content from the
root element's start to its end, entities decoded.  An element's text is ``text[start:end]``.
Built by :mod:`sdreval.io.collection`; measures only read these objects.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Iterator, Mapping

import numpy as np


@dataclass
class DocumentTree:
    """Elements of one document in document (pre-)order.

    ``paths[i]`` canonical XPath, ``parent[i]`` index of the parent (-1 for the root),
    ``start[i]``/``end[i]`` character range (end exclusive), ``words[i]`` word count;
    ``breaks``: the offsets of the comments and processing instructions inside the root, which
    count no characters but separate text nodes (XPath 1.0, §5.7).
    """

    doc: str
    paths: list[str]
    parent: np.ndarray
    start: np.ndarray
    end: np.ndarray
    words: np.ndarray
    text: str | None = None
    index: dict[str, int] = field(default_factory=dict)
    breaks: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        if not self.index:
            self.index = {p: i for i, p in enumerate(self.paths)}

    def __len__(self) -> int:
        return len(self.paths)

    def __contains__(self, path: str) -> bool:
        return path in self.index

    def chars(self, path: str) -> int:
        """Size of an element in characters."""
        i = self.index[path]
        return int(self.end[i] - self.start[i])

    def char_range(self, path: str) -> tuple[int, int]:
        """``(offset, length)`` of an element's text: the element as a passage."""
        i = self.index[path]
        return int(self.start[i]), int(self.end[i] - self.start[i])

    def children(self, path: str) -> list[str]:
        i = self.index[path]
        return [self.paths[j] for j in np.flatnonzero(self.parent == i)]

    @property
    def length(self) -> int:
        """Length of the document's text in characters."""
        return int(self.end[0]) if len(self.paths) else 0


@dataclass
class Collection(Mapping[str, DocumentTree]):
    """doc id -> :class:`DocumentTree`, loaded lazily through ``loader`` and cached."""

    doc_ids: list[str]
    loader: Callable[[str], DocumentTree]
    _cache: dict[str, DocumentTree] = field(default_factory=dict)

    def __getitem__(self, doc: str) -> DocumentTree:
        tree = self._cache.get(doc)
        if tree is None:
            if doc not in self._ids:
                raise KeyError(doc)
            tree = self._cache[doc] = self.loader(doc)
        return tree

    @property
    def _ids(self) -> set[str]:
        ids = self.__dict__.get("_id_set")
        if ids is None:
            ids = self.__dict__["_id_set"] = set(self.doc_ids)
        return ids

    def __iter__(self) -> Iterator[str]:
        return iter(self.doc_ids)

    def __len__(self) -> int:
        return len(self.doc_ids)

    def __contains__(self, doc: object) -> bool:
        return doc in self._ids

    @classmethod
    def from_trees(cls, trees: list[DocumentTree]) -> "Collection":
        by_id = {t.doc: t for t in trees}
        return cls(list(by_id), by_id.__getitem__, dict(by_id))

    def element_count(self) -> int:
        """Total number of elements (loads every document)."""
        return sum(len(self[d]) for d in self.doc_ids)
