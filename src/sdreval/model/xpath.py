"""Canonical XPaths of XML elements and structural relations computed from paths alone.

An element is identified by ``(doc_id, xpath)``; the canonical XPath indexes every step:
``/article/bdy/sec[6]`` -> ``/article[1]/bdy[1]/sec[6]``.  Two canonical paths are in an
ancestor/descendant relation exactly when one is a step-prefix of the other.
"""
from __future__ import annotations

import re
from functools import lru_cache

from ..errors import InputError

# XML 1.0 (Fifth Edition) names, §2.3 productions [4] and [4a], without the colon (Namespaces
# in XML 1.0, NCName): non-ASCII letters too (``/artículo[1]/sección[2]``), as the
# collection's parser takes them
_START = ("A-Z_a-z\xc0-\xd6\xd8-\xf6\xf8-\u02ff\u0370-\u037d\u037f-\u1fff\u200c\u200d"
          "\u2070-\u218f\u2c00-\u2fef\u3001-\ud7ff\uf900-\ufdcf\ufdf0-\ufffd"
          "\U00010000-\U000effff")
_NAME = f"[{_START}][{_START}\\-.0-9\xb7\u0300-\u036f\u203f\u2040]*"
# a step: a name (a prefix too) and an optional index in ASCII digits (``\d`` takes ``٢`` as 2)
_STEP = re.compile(rf"^({_NAME}(?::{_NAME})?)(?:\[([0-9]+)\])?$")


class XPathError(InputError):
    """A path that is not a simple, absolute, child-axis XPath."""


@lru_cache(maxsize=1 << 18)
def parse_steps(path: str) -> tuple[tuple[str, int], ...]:
    """Split an absolute XPath into ``(tag, index)`` steps; missing indexes are 1.

    Accepts ``/a/b[2]`` and ``a/b[2]`` (INEX 2002 relative paths are taken as absolute);
    rejects empty steps, ``//``, predicates other than a positive integer, and axes.
    """
    if not isinstance(path, str):
        raise XPathError(f"malformed XPath {path!r}: not a string")
    text = path.strip()
    if text.startswith("/"):
        text = text[1:]
    if not text:
        raise XPathError(f"malformed XPath {path!r}: empty")
    steps = []
    for raw in text.split("/"):
        match = _STEP.match(raw.strip())
        if match is None:
            raise XPathError(f"malformed XPath {path!r}: bad step {raw!r}")
        index = int(match.group(2)) if match.group(2) is not None else 1
        if index < 1:
            raise XPathError(f"malformed XPath {path!r}: index must be >= 1 in {raw!r}")
        steps.append((match.group(1), index))
    return tuple(steps)


def format_steps(steps: tuple[tuple[str, int], ...]) -> str:
    """Inverse of :func:`parse_steps`: the canonical string of a step tuple."""
    return "".join(f"/{tag}[{index}]" for tag, index in steps)


@lru_cache(maxsize=1 << 18)
def canonical_xpath(path: str) -> str:
    """The canonical form of ``path``: absolute, every step indexed (``/article[1]/bdy[1]``)."""
    return format_steps(parse_steps(path))


def canonical_or_none(path: str) -> str | None:
    """:func:`canonical_xpath`, or None for a malformed path (what a path says, to compare two
    spellings of one: ``/a/b`` is ``/a[1]/b[1]``)."""
    try:
        return canonical_xpath(path)
    except XPathError:
        return None


def is_ancestor_or_self(ancestor: str, path: str) -> bool:
    """True if canonical ``ancestor`` is ``path`` or one of its ancestors."""
    return path == ancestor or path.startswith(ancestor + "/")


def is_ancestor(ancestor: str, path: str) -> bool:
    """True if canonical ``ancestor`` is a proper ancestor of canonical ``path``."""
    return len(path) > len(ancestor) and path.startswith(ancestor + "/")


def overlaps(a: str, b: str) -> bool:
    """True if two canonical paths of the same document share content (one contains the other)."""
    return is_ancestor_or_self(a, b) or is_ancestor(b, a)


def parent_path(path: str) -> str | None:
    """The canonical parent path, or None for the root."""
    cut = path.rfind("/")
    return path[:cut] if cut > 0 else None


def depth(path: str) -> int:
    """Number of steps of a canonical path (the root has depth 1)."""
    return path.count("/")


def tag_of(path: str) -> str:
    """Tag name of the last step of a canonical path."""
    last = path[path.rfind("/") + 1:]
    cut = last.find("[")
    return last if cut < 0 else last[:cut]
