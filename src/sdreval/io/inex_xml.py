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

# the first element's name, after text, comments, processing instructions and declarations
# (``<!DOCTYPE ... [internal subset]>``); possessive and atomic: nothing is read twice
_ROOT = re.compile(rb"(?>[^<]*+(?><!--.*?-->|<\?.*?\?>|<!(?!--)[^\[>]*+(?:\[.*?\][^>]*+)?>))*+"
                   rb"[^<]*+<([A-Za-z_][\w.\-]*+(?::[A-Za-z_][\w.\-]*+)?)", re.DOTALL)
_ASSESSMENT_ROOTS = {b"assessments", b"inex-assessments", b"assessment"}


def sniff_inex_xml(head: bytes) -> str | None:
    """``"inex-submission"``, ``"inex-assessments"`` or None from the first bytes of a file:
    the name of the first element (after the XML declaration, comments and DOCTYPE)."""
    codec = wide_codec(head)
    if codec is not None:  # UTF-16/UTF-32: decode what we have
        head = head.decode(codec, "ignore").lstrip("\ufeff").encode("utf-8")
    match = _ROOT.match(head)
    if match is None:
        return None
    name = match.group(1).split(b":")[-1].lower()
    if name == b"inex-submission":
        return SUBMISSION
    if name in _ASSESSMENT_ROOTS or b"<assessments" in head[match.start(1) - 1:]:
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
