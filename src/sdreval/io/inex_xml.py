"""INEX XML detection: whether a file is a run submission (read by
:mod:`sdreval.io.inex_submission`) or assessments (:mod:`sdreval.io.inex_assessments`), and
whether a directory is an X-RAI assessment tree or a collection."""
from __future__ import annotations

import mmap
import re
from pathlib import Path

from .textlines import local_path
from .xmlsafe import wide_codec

SUBMISSION = "inex-submission"
ASSESSMENTS = "inex-assessments"

# the first element's name, after text, comments, processing instructions and declarations
# (``<!DOCTYPE ... [internal subset]>``); possessive and atomic: nothing is read twice
_ROOT = re.compile(rb"(?>[^<]*+(?><!--.*?-->|<\?.*?\?>|<!(?!--)[^\[>]*+(?:\[.*?\][^>]*+)?>))*+"
                   rb"[^<]*+<([A-Za-z_][\w.\-]*+(?::[A-Za-z_][\w.\-]*+)?)", re.DOTALL)
_ASSESSMENT_ROOTS = {b"assessments", b"inex-assessments", b"assessment"}


def sniff_inex_xml(head: bytes, path: str | Path | None = None) -> str | None:
    """``"inex-submission"``, ``"inex-assessments"`` or None from the first bytes of a file:
    the name of the first element (after the XML declaration, comments and DOCTYPE; in
    INEX assessments, ``<assessments`` may follow another root).  When ``head`` ends before
    the first element (a long comment or DOCTYPE), the whole file ``path`` (mapped, not read
    into memory) is searched by the same rule."""
    data = head
    codec = wide_codec(head[:4])
    if codec is not None:  # UTF-16/UTF-32: decode what we have
        data = bytes(head).decode(codec, "ignore").encode("utf-8")
    match = _ROOT.match(data)
    if match is None:
        if path is None or Path(local_path(path)).stat().st_size <= len(head):
            return None
        with open(local_path(path), "rb") as handle, \
                mmap.mmap(handle.fileno(), 0, access=mmap.ACCESS_READ) as whole:
            return sniff_inex_xml(whole)
    name = match.group(1).split(b":")[-1].lower()
    if name == b"inex-submission":
        return SUBMISSION
    if name in _ASSESSMENT_ROOTS or data.find(b"<assessments", match.start(1) - 1) >= 0:
        return ASSESSMENTS
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
            if sniff_inex_xml(head, file) == ASSESSMENTS:
                return ASSESSMENTS
            seen += 1
            if seen >= files:
                return "collection"
    return "collection"
