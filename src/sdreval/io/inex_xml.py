"""INEX XML detection: whether a file is a run submission (read by
:mod:`sdreval.io.inex_submission`) or assessments (:mod:`sdreval.io.inex_assessments`), and
whether a directory is an X-RAI assessment tree or a collection."""
from __future__ import annotations

import re
from pathlib import Path

from lxml import etree

from .inex_submission import SUBMISSION
from .xmlsafe import local_name, safe_iterparse, wide_codec

ASSESSMENTS = "inex-assessments"

_ROOT_TAG = re.compile(rb"<([A-Za-z_][\w.\-]*(?::[A-Za-z_][\w.\-]*)?)")
_ASSESSMENT_ROOTS = {b"assessments", b"inex-assessments", b"assessment"}


# --- detection ------------------------------------------------------------------------------
def sniff_inex_xml(head: bytes) -> str | None:
    """``"inex-submission"``, ``"inex-assessments"`` or None from the first bytes of a file:
    the name of the first element (after the XML declaration, comments and DOCTYPE)."""
    text = head.lstrip(b"\xef\xbb\xbf \t\r\n")
    codec = wide_codec(head)
    if codec is not None:  # UTF-16/UTF-32: decode what we have
        text = head.decode(codec, "ignore").lstrip("\ufeff \t\r\n").encode("utf-8")
    pos = 0
    while True:
        start = text.find(b"<", pos)
        if start < 0 or start + 1 >= len(text):
            return None
        nxt = text[start + 1:start + 2]
        if text.startswith(b"<!--", start):
            end = text.find(b"-->", start + 4)
            if end < 0:
                return None
            pos = end + 3
        elif nxt == b"?":
            end = text.find(b"?>", start + 2)
            if end < 0:
                return None
            pos = end + 2
        elif nxt == b"!":  # DOCTYPE, possibly with an internal subset [...]
            bracket = text.find(b"[", start)
            close = text.find(b">", start)
            if 0 <= bracket < close:
                close = text.find(b"]", bracket)
                close = text.find(b">", close) if close >= 0 else -1
            if close < 0:
                return None
            pos = close + 1
        else:
            match = _ROOT_TAG.match(text, start)
            if match is None:
                return None
            name = match.group(1).split(b":")[-1].lower()
            if name == b"inex-submission":
                return SUBMISSION
            if name in _ASSESSMENT_ROOTS or b"<assessments" in text[start:]:
                return ASSESSMENTS
            return None


def sniff_inex_xml_file(path: str | Path, head: bytes) -> str | None:
    """:func:`sniff_inex_xml` on ``head``, the first bytes of ``path``; when they do not reach
    the root element (a long comment or DOCTYPE), the parser reads up to the root instead."""
    kind = sniff_inex_xml(head)
    if kind is not None:
        return kind
    try:
        for _, el in safe_iterparse(Path(path), ("start",)):
            name = local_name(el.tag)
            if name == SUBMISSION:
                return SUBMISSION
            return ASSESSMENTS if name.encode() in _ASSESSMENT_ROOTS else None
    except etree.XMLSyntaxError:
        return None
    return None


#: X-RAI's layout, ``done/<type>/[main|others/]topic-T/pool-P.xml``, from the folder given or up
#: to four levels above the topic folders (only folder names are listed, no file is read).
_XRAI_LAYOUT = [("*/" * depth) + "topic-*/pool-*.xml" for depth in range(5)]


def sniff_xml_directory(path: str | Path, files: int = 5) -> str:
    """``"inex-assessments"`` if the directory has X-RAI's layout (``topic-T/pool-P.xml``) or its
    first XML files (in sorted walk order, at most ``files`` of them) include INEX assessments,
    else ``"collection"``."""
    import os

    root = Path(path)
    if any(next(iter(root.glob(pattern)), None) is not None for pattern in _XRAI_LAYOUT):
        return ASSESSMENTS
    seen = 0
    for folder, dirs, names in os.walk(path):
        dirs.sort()
        for name in sorted(names):
            if not name.lower().endswith(".xml"):
                continue
            file = Path(folder) / name
            try:
                with open(file, "rb") as handle:
                    head = handle.read(4096)
            except OSError:
                continue
            if sniff_inex_xml_file(file, head) == ASSESSMENTS:
                return ASSESSMENTS
            seen += 1
            if seen >= files:
                return "collection"
    return "collection"
