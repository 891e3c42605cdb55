"""Safe XML parsing and the small element helpers the INEX XML readers share.

:func:`safe_iterparse` is :func:`lxml.etree.iterparse` with ``resolve_entities=False``,
``no_network=True``, ``load_dtd=False`` (no entity expansion, the DTD is never fetched);
:func:`refuse_entity_declarations` refuses documents that declare entities.  The helpers read
attributes and child texts case-insensitively (``-``/``_`` alike) and free elements once read.
"""
from __future__ import annotations

import re
from pathlib import Path

from lxml import etree

from ..errors import ProblemLog

def safe_iterparse(path: Path, events: tuple[str, ...], tag=None):
    return etree.iterparse(str(path), events=events, tag=tag, resolve_entities=False,
                           no_network=True, load_dtd=False, huge_tree=False,
                           remove_comments=True, remove_pis=True)


_DOCTYPE = re.compile(rb"<!DOCTYPE", re.IGNORECASE)
_PROLOG_LIMIT = 1 << 20


def refuse_entity_declarations(path: Path, file: str, log: ProblemLog) -> bool:
    """True (and an error logged) if the document declares entities in an internal DTD subset:
    libxml2 expands internal entities inside attribute values even with
    ``resolve_entities=False``, so such files are refused outright (as defusedxml does)."""
    with open(path, "rb") as handle:
        head = handle.read(_PROLOG_LIMIT)
    match = _DOCTYPE.search(head)
    if match is None:
        return False
    root = re.compile(rb"<[A-Za-z_]").search(head, match.end())
    prolog = head[match.start():root.start() if root else len(head)]
    if b"<!ENTITY" in prolog.upper():
        line = head.count(b"\n", 0, match.start()) + 1
        log.error(file, line, "the DOCTYPE declares entities; entity declarations are refused "
                  "(no entity expansion): the file is not read")
        return True
    return False


def local_name(tag) -> str:
    if not isinstance(tag, str):
        return ""
    return tag.rsplit("}", 1)[-1].lower()


def xml_attr(el: etree._Element, *names: str) -> str | None:
    """The first attribute present among ``names`` (case-insensitive, ``-``/``_`` alike)."""
    wanted = {n.lower().replace("_", "-") for n in names}
    for key, value in el.attrib.items():
        if local_name(key).replace("_", "-") in wanted:
            return value.strip()
    return None


def child_texts(el: etree._Element) -> dict[str, tuple[str, None]]:
    """Child element name -> (text, None); an unexpanded entity reference in the text is
    kept as ``&name;`` (and reported by the caller)."""
    out: dict[str, tuple[str, None]] = {}
    for child in el:
        name = child.tag
        if type(name) is not str:
            continue
        if name[0] == "{":
            name = name.rsplit("}", 1)[-1]
        name = name.lower()
        if name not in out:
            text = child.text if not len(child) else "".join(child.itertext())
            out[name] = ((text or "").strip(), None)
    return out


def xml_value(el: etree._Element, *names: str) -> str | None:
    """An attribute among ``names``, else the text of a child element with one of the names
    (``<element path="..."><exhaustivity>2</exhaustivity>...</element>``)."""
    found = xml_attr(el, *names)
    if found is not None or not len(el):
        return found
    wanted = {n.lower().replace("_", "-") for n in names}
    for child in el:
        if local_name(child.tag).replace("_", "-") in wanted:
            return "".join(child.itertext()).strip()
    return None


def entity_refs(el: etree._Element) -> list[str]:
    return [node.text for node in el.iter(etree.Entity)]


def free_element(el: etree._Element) -> None:
    """Release a processed element and its already processed preceding siblings."""
    el.clear(keep_tail=True)
    parent = el.getparent()
    if parent is not None:
        while el.getprevious() is not None:
            del parent[0]


def report_syntax_error(log: ProblemLog, file: str, exc: etree.XMLSyntaxError) -> None:
    line = exc.lineno if getattr(exc, "lineno", None) else None
    log.error(file, line, f"malformed XML: {exc.msg if hasattr(exc, 'msg') else exc}")
