"""Points of INEX 2005-2007 assessment files (X-RAI) resolved to INEX character offsets.

X-RAI, the INEX assessment system (B. Piwowarski), wrote the ends of highlighted passages and
best entry points either as a plain element path (``/article[1]/bdy[1]/sec[2]``: the start of
the element for a passage start or a best entry point, its end for a passage end) or as an
XPointer into a text node (``/article[1]/bdy[1]/sec[2]/p[1]/text()[2].17``: the 2nd text node
child of the element, 17 units into it; an end point is exclusive).  The unit is what X-RAI's
PHP code counted with ``strlen`` on the parser's UTF-8 output: bytes of UTF-8, which are
characters for ASCII text; a byte offset inside a multi-byte character is rounded down to it.
When a file says ``whitespace-text-node="strip"`` (from November 2007), text nodes made only of
whitespace are not counted in ``text()[k]``.

Text nodes are the maximal runs of text between the element's start tag, its child elements,
comments and processing instructions, and its end tag (XPath 1.0, §5.7: a text node has no
text node sibling next to it; a comment between two runs of text makes two text nodes, as in
the DOM X-RAI's pages were built on), in the document text of :mod:`sdreval.io.collection`
(entities decoded).
"""
from __future__ import annotations

import re

import numpy as np

from .tree import DocumentTree
from .xpath import XPathError, canonical_xpath

_TEXT_POINT = re.compile(r"^(?P<path>.*?)/text\(\)\[(?P<node>[0-9]+)\]\.(?P<offset>[0-9]+)$")


class PointError(ValueError):
    """A point that is malformed or not in the document."""


def parse_point(raw: str) -> tuple[str, int | None, int | None]:
    """``(canonical element path, text node k or None, offset or None)`` of a point."""
    text = raw.strip()
    match = _TEXT_POINT.match(text)
    try:
        if match is None:
            return canonical_xpath(text), None, None
        return canonical_xpath(match["path"]), int(match["node"]), int(match["offset"])
    except XPathError as error:
        raise PointError(f"malformed point {raw!r}: {error.problems[0].message}") from None


def text_nodes(tree: DocumentTree, path: str, strip_whitespace: bool = False
               ) -> list[tuple[int, int]]:
    """``[start, end)`` of the text node children of the element ``path``, in order."""
    i = tree.index[path]
    children = np.flatnonzero(tree.parent == i)
    bounds = [int(tree.start[i])]
    for child in children:
        bounds += [int(tree.start[child]), int(tree.end[child])]
    bounds.append(int(tree.end[i]))
    cuts = sorted(set(tree.breaks))  # comments and processing instructions
    nodes = [piece for a, b in zip(bounds[0::2], bounds[1::2])
             for piece in _split(a, b, [c for c in cuts if a < c < b]) if piece[1] > piece[0]]
    if strip_whitespace and tree.text is not None:
        nodes = [(a, b) for a, b in nodes if tree.text[a:b].strip()]
    return nodes


def _split(a: int, b: int, cuts: list[int]) -> list[tuple[int, int]]:
    """``[a, b)`` cut at ``cuts`` (sorted, inside it)."""
    edges = [a, *cuts, b]
    return list(zip(edges[:-1], edges[1:]))


def resolve_point(tree: DocumentTree, raw: str, end: bool,
                  strip_whitespace: bool = False) -> int:
    """The character offset of a point in ``tree`` (``end``: the point ends a passage, so a
    plain element path stands for the element's end)."""
    path, node, offset = parse_point(raw)
    if path not in tree.index:
        raise PointError(f"element {path} of point {raw!r} is not in document {tree.doc}")
    i = tree.index[path]
    if node is None:
        return int(tree.end[i] if end else tree.start[i])
    nodes = text_nodes(tree, path, strip_whitespace)
    if not 1 <= node <= len(nodes):
        raise PointError(f"point {raw!r}: {path} has {len(nodes)} text node(s) in document "
                         f"{tree.doc}, not {node}")
    start, stop = nodes[node - 1]
    encoded = (tree.text or "")[start:stop].encode("utf-8")
    if offset > len(encoded):  # type: ignore[operator]
        raise PointError(f"point {raw!r}: offset {offset} is beyond its text node "
                         f"({len(encoded)} bytes) in document {tree.doc}")
    return start + len(encoded[:offset].decode("utf-8", "ignore"))


def size_agrees(text: str, size: float) -> bool:
    """True if X-RAI's ``size`` of a passage fits its ``text``: UTF-8 bytes, one more (2005 to
    mid-2007 files), or with runs of whitespace counted once (from September 2007)."""
    length = len(text.encode("utf-8"))
    merged = len(re.sub(r"\s+", " ", text).encode("utf-8"))
    return size in (length, length + 1, merged, merged + 1)
