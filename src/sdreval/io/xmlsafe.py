"""Safe XML parsing and the small element helpers the INEX XML readers share.

Every XML reader parses with lxml, ``resolve_entities=False``, ``no_network=True``,
``load_dtd=False``, ``huge_tree=False``: the DTD is never fetched, entity references in element
content are never expanded, and libxml2's own limits stop entity amplification.  libxml2 still
expands entities declared in the document's internal DTD subset inside *attribute values*, so a
document that declares entities is refused: :func:`refuses_entities` reads the declarations
from the DTD the parser built (``docinfo.internalDTD``), whatever the encoding, comments or
length of the prolog -- never by searching the text.  The helpers read attributes and child
texts case-insensitively (``-``/``_`` alike) and free elements once read.
"""
from __future__ import annotations

import itertools
from functools import lru_cache
from pathlib import Path
from typing import BinaryIO, Callable, Iterator

from ..errors import ProblemLog
from ..lazy import lazy_module

etree = lazy_module("lxml.etree")  # imported by the first XML read, not by format detection

#: the message ending of every refusal of entity declarations
ENTITIES_REFUSED = ("entity declarations are refused (entities are never expanded): the "
                    "document is not read")


# UTF-16 / UTF-32 signatures (XML 1.0 Appendix F), with and without a byte order mark
_WIDE = ((b"\x00\x00\xfe\xff", "utf-32"), (b"\xff\xfe\x00\x00", "utf-32"),
         (b"\x00\x00\x00<", "utf-32-be"), (b"<\x00\x00\x00", "utf-32-le"),
         (b"\xfe\xff", "utf-16"), (b"\xff\xfe", "utf-16"),
         (b"\x00<\x00?", "utf-16-be"), (b"<\x00?\x00", "utf-16-le"))


def wide_codec(head: bytes) -> str | None:
    """The Python codec of an XML document in UTF-16 or UTF-32 (from its first bytes), else
    None (an ASCII-compatible encoding: UTF-8, ISO-8859-x ...)."""
    return next((codec for signature, codec in _WIDE if head.startswith(signature)), None)


#: the parser options of every XML read (the module docstring says why)
SAFE = {"resolve_entities": False, "no_network": True, "load_dtd": False, "huge_tree": False}


def safe_iterparse(source: Path | BinaryIO, events: tuple[str, ...], tag=None):
    """:func:`lxml.etree.iterparse` of a file (path or binary file object), safely; a file
    starting with the gzip signature (``FILE.xml.gz``, a compressed pipe) is decompressed."""
    if isinstance(source, Path):
        with open(source, "rb") as probe:
            compressed = probe.read(2) == b"\x1f\x8b"
        if compressed:
            import gzip  # compressed input only

            source = gzip.open(source, "rb")  # type: ignore[assignment]
    source = str(source) if isinstance(source, Path) else source
    etree.clear_error_log()  # the log of this parse only (:func:`report_syntax_error`)
    return etree.iterparse(source, events=events, tag=tag, remove_comments=True,
                           remove_pis=True, **SAFE)


#: bytes of a file read to find its root element (:func:`head_root`)
HEAD_BYTES = 4096


def head_root(path: Path) -> etree._Element | None:
    """The root element as the first bytes of the file begin it (its children parsed so far),
    parsed safely; None where they do not (a long prolog, a syntax error)."""
    parser = etree.XMLPullParser(events=("start",), **SAFE)
    try:
        with open(path, "rb") as handle:
            parser.feed(handle.read(HEAD_BYTES))
    except (OSError, etree.XMLSyntaxError):
        pass
    try:
        return next((element for _, element in parser.read_events()), None)
    except etree.XMLSyntaxError:
        return None


def refuses_entities(el: etree._Element, file: str | None, log: ProblemLog) -> bool:
    """True, and an error logged at ``el``'s line, if the internal DTD subset of the document
    ``el`` belongs to declares entities (general or parameter), as parsed by libxml2 (the
    DOCTYPE precedes the root, so this is complete from the first parse event on)."""
    dtd = el.getroottree().docinfo.internalDTD
    names = [] if dtd is None else sorted({entity.name or "" for entity in dtd.entities()})
    if names:
        shown = ", ".join(names[:5]) + (f" and {len(names) - 5} more" if len(names) > 5 else "")
        log.error(file, el.sourceline, f"the DOCTYPE declares entities ({shown}); "
                  f"{ENTITIES_REFUSED}")
    return bool(names)


def checked_events(events, file: str, log: ProblemLog) -> Iterator | None:
    """``events`` (an iterparse iterator) after checking, at the first event, that the document
    declares no entity; None (and an error logged at the first element's line) if it does.
    XML syntax errors raised by the first event propagate."""
    first = next(events, None)
    if first is None:
        return iter(())
    if refuses_entities(first[1], file, log):
        return None
    return itertools.chain((first,), events)


def local_name(tag: str) -> str:
    return tag.rsplit("}", 1)[-1].lower()


@lru_cache(maxsize=1024)
def _wanted(names: tuple[str, ...]) -> frozenset[str]:
    return frozenset(n.lower().replace("_", "-") for n in names)


@lru_cache(maxsize=4096)
def _normal(key: str) -> str:
    return local_name(key).replace("_", "-")


class GivenTwice(ValueError):
    """Two attributes of one element, named alike (as :func:`xml_attr` matches), give
    different values (``a='x' and A='y'``): which is meant is not clear; ``first`` the
    first value."""

    def __init__(self, message: str, first: str) -> None:
        super().__init__(message)
        self.first = first


def xml_attr(el: etree._Element, *names: str,
             key: Callable[[str], object] | None = None) -> str | None:
    """The value (stripped) of the attributes whose names are among ``names``
    (case-insensitive, namespaces ignored, ``-``/``_`` alike); :class:`GivenTwice` if two of
    them give different values.  ``key``: what a value says (a number, a canonical path; None
    where it says nothing the reader takes), so that one value written two ways is one value
    (``start='10' offset='010'``)."""
    wanted = _wanted(names)
    found = [(k.rsplit("}", 1)[-1], v.strip()) for k, v in el.items() if _normal(k) in wanted]
    if not found:
        return None
    (name, value), other = found[0], [f for f in found[1:]
                                      if not same_value(f[1], found[0][1], key)]
    if other:
        raise _clash(name, value, *other[0])
    return value


def xml_attributes(el: etree._Element) -> dict[str, str]:
    """Every attribute of ``el`` (stripped) by its name as :func:`xml_attr` matches it (lower
    case, namespaces ignored, ``_`` as ``-``); :class:`GivenTwice` if two named alike give
    different values (``run-id='a' RUN-ID='b'``)."""
    out: dict[str, str] = {}
    names: dict[str, str] = {}
    for key, value in el.items():
        name, value = _normal(key), value.strip()
        first = out.setdefault(name, value)
        names.setdefault(name, key.rsplit("}", 1)[-1])
        if not same_value(first, value):
            raise _clash(names[name], first, key.rsplit("}", 1)[-1], value)
    return out


def _clash(name: str, value: str, other_name: str, other_value: str) -> GivenTwice:
    """:class:`GivenTwice` of two attributes named alike that give different values."""
    return GivenTwice(f"{name}={value!r} and {other_name}={other_value!r}", value)


def same_value(one: str, other: str, key: Callable[[str], object] | None = None) -> bool:
    """True if two texts (stripped) give one value: equal text, or equal ``key`` (not None)."""
    one, other = one.strip(), other.strip()
    if one == other:
        return True
    if key is None:
        return False
    said = key(one)
    return said is not None and said == key(other)


#: the attributes naming a topic (a submission's ``<topic>``, an ``<assessments>``)
TOPIC_ID = ("topic-id", "topicid", "id", "topic")


def topic_attr(el: etree._Element) -> tuple[str | None, str | None]:
    """The topic id ``el`` gives (:data:`TOPIC_ID`, by :func:`xml_attr`), else None and, when
    two of those attributes differ, ``a='x' and b='y'`` (else None): which topic is meant is
    then not clear."""
    try:
        return xml_attr(el, *TOPIC_ID), None
    except GivenTwice as clash:
        return None, str(clash)


def element_values(el: etree._Element) -> dict[str, list[str]]:
    """Normalised name (as :func:`xml_attr` matches it) -> every value the attributes, then the
    child elements (``<element path="..."><exhaustivity>2</exhaustivity></element>``), of
    ``el`` give under it, read from the element once for :func:`pick`."""
    values: dict[str, list[str]] = {}
    for key, value in el.items():
        values.setdefault(_normal(key), []).append(value)
    for child in el:
        if isinstance(child.tag, str):
            values.setdefault(_normal(child.tag), []).append("".join(child.itertext()))
    return values


def pick(values: dict[str, list[str]], *names: str) -> str | None:
    """The first value of :func:`element_values` whose name is among ``names``, stripped."""
    wanted = _wanted(names)
    for key, found in values.items():
        if key in wanted:
            return found[0].strip()
    return None


def given_twice(values: dict[str, list[str]], *groups: tuple[str, ...],
                key: Callable[[str], object] | None = None) -> list[str]:
    """The first name of each of ``groups`` (the names of one value) under which
    :func:`element_values` holds two different values (:func:`same_value` with ``key``: ``2``
    and ``2.0`` are one value): which is meant is not clear."""
    out = []
    for names in groups:
        given = [value for name in _wanted(names) for value in values.get(name, ())]
        if any(not same_value(value, given[0], key) for value in given[1:]):
            out.append(names[0])
    return out


def child_texts(el: etree._Element) -> dict[str, str]:
    """Child element name (lower case) -> its text, stripped (the first child of a name); an
    unexpanded entity reference in the text is kept as ``&name;`` (reported by the caller)."""
    out: dict[str, str] = {}
    for child in el:
        name = child.tag
        if type(name) is not str:
            continue
        name = local_name(name)
        if name not in out:
            text = child.text if not len(child) else "".join(child.itertext())
            out[name] = (text or "").strip()
    return out


def free_element(el: etree._Element) -> None:
    """Release a processed element and its already processed preceding siblings."""
    el.clear(keep_tail=True)
    drop_preceding(el)


def drop_preceding(el: etree._Element) -> None:
    """Release the preceding siblings of ``el`` (already processed)."""
    parent = el.getparent()
    if parent is not None:
        while el.getprevious() is not None:
            del parent[0]


def report_syntax_error(log: ProblemLog, file: str, exc: etree.XMLSyntaxError) -> None:
    """An error naming the cause of ``exc``: the first fatal error of the parse, which libxml2
    may go past (an undeclared ``&d;`` at line 4 raised as "Start tag expected" at line 1, or
    "no element found" at line 0), else the exception's own."""
    line, message = exc.lineno or None, exc.msg
    first = next((e for e in exc.error_log if e.line and e.level_name == "FATAL"), None)
    if first is not None:  # worded as lxml words the exception
        line, message = first.line, f"{first.message}, line {first.line}, column {first.column}"
    if "amplification" in message or ("entity" in message.lower() and "loop" in message.lower()):
        message = f"{message} (an entity bomb; {ENTITIES_REFUSED})"
    log.error(file, line, f"malformed XML: {message}")
