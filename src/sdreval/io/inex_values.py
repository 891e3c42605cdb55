"""What the values of INEX XML assessments say: numbers by the text readers' rules, character
offsets, and the keys by which one value written two ways is one value (:func:`point_key`,
:func:`grade_key`, given to :func:`~sdreval.io.xmlsafe.xml_attr` and
:func:`~sdreval.io.xmlsafe.given_twice`: ``start='10' offset='010'``, ``e='2' E='2.0'``)."""
from __future__ import annotations

import re

from ..model.xpointer import PointError, parse_point
from .textlines import parse_float, parse_int

#: a match (true) where a text looks like a number
numeric_like = re.compile(r"^\s*[-+]?[0-9.]+(?:[eE][-+]?[0-9]+)?\s*$").match


def number(text: str | None) -> float | None:
    """A finite decimal number, or None (absent, empty or not a number: the text readers' rule)."""
    return parse_float(text) if text else None


def offset_of(text: str | None) -> int | None:
    """A character offset, length or BEP: decimal digits (the text readers' integer rule:
    ``1e3``, ``2.0`` and ``0x10`` are not integers), or None."""
    return parse_int(text.strip()) if text else None


def point_key(text: str) -> object:
    """What a passage end or best entry point says: an offset (``010`` is 10), a point in
    canonical form, or None (neither)."""
    try:
        return offset_of(text) if numeric_like(text) else parse_point(text)
    except PointError:
        return None


def grade_key(text: str) -> object:
    """What a value of an assessment says: a number (``2.0`` is 2), else the text in any case
    (``?``; coverage ``e`` is ``E``, as read)."""
    return value if (value := number(text.strip())) is not None else text.strip().upper()
