"""XML collections: document trees with INEX character offsets (docs/inputs.md).

Offsets follow the INEX convention (checked against the INEX 2010 qrels, see
``docs/formats-xml.md``): the document text is the concatenation of every text node from the
root's start tag to its end tag -- whitespace-only nodes included, comments and processing
instructions excluded, entities decoded -- and offsets count Unicode characters (code points)
of that text.  An element's range is ``[start, end)``: from the first character after its start
tag to the last character before its end tag.

Safety: documents are parsed with lxml, ``resolve_entities=False``, ``no_network=True``,
``load_dtd=False``; the DTD is never fetched.  Entity references are mapped before parsing:
the five XML entities stay, HTML/XHTML names (``&nbsp;`` ...) become character references
(:data:`html.entities.html5`, the table the Wikipedia DTD declares), and any other reference
(including entities declared inside the document, which are never expanded) is removed and
reported as an error naming file and line.
"""
from __future__ import annotations

import html.entities
import re
from pathlib import Path
from typing import Union

import numpy as np
from lxml import etree

from ..errors import InputError, ProblemLog
from ..model.tree import Collection, DocumentTree

Source = Union[str, Path, bytes]

_XML_ENTITIES = frozenset({b"amp", b"lt", b"gt", b"quot", b"apos"})
_ENTITY_REF = re.compile(rb"&([A-Za-z_][A-Za-z0-9._:\-]*);")
_WORD = re.compile(r"\w+")


def _html_entity_table() -> dict[bytes, bytes]:
    """HTML 4 / XHTML / HTML5 entity names -> numeric character references (bytes)."""
    table: dict[bytes, bytes] = {}
    for name, chars in html.entities.html5.items():
        if not name.endswith(";"):
            continue
        refs = "".join(f"&#{ord(c)};" for c in chars)
        table[name[:-1].encode("ascii")] = refs.encode("ascii")
    for name, code in html.entities.name2codepoint.items():
        table.setdefault(name.encode("ascii"), f"&#{code};".encode("ascii"))
    return table


_HTML_ENTITIES = _html_entity_table()


def _parser() -> etree.XMLParser:
    return etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False,
                           dtd_validation=False, huge_tree=False, remove_comments=False,
                           remove_pis=False, strip_cdata=True)
    # (collect_ids=False would make libxml2 load the external DTD: do not set it)


def map_entities(data: bytes, name: str | None = None, log: ProblemLog | None = None) -> bytes:
    """Replace HTML entity references by character references; remove (and report) unknown
    ones.  The five XML entities are left to the parser."""
    unknown: list[tuple[int, bytes]] = []

    def replace(match: re.Match) -> bytes:
        ref = match.group(1)
        if ref in _XML_ENTITIES:
            return match.group(0)
        mapped = _HTML_ENTITIES.get(ref)
        if mapped is not None:
            return mapped
        unknown.append((match.start(), ref))
        return b""

    if b"&" not in data:
        return data
    out = _ENTITY_REF.sub(replace, data)
    if unknown:
        log = log if log is not None else ProblemLog(strict=True)
        for position, ref in unknown:
            line = data.count(b"\n", 0, position) + 1
            log.error(name, line, f"unknown entity &{ref.decode('ascii', 'replace')}; "
                      "(not an HTML entity; entities declared in documents are never "
                      "expanded): it counts no characters")
    return out


def _tag_name(element: etree._Element) -> str:
    tag = element.tag
    if tag[0] != "{":
        return tag
    local = etree.QName(tag).localname
    return f"{element.prefix}:{local}" if element.prefix else local


def _read_source(source: Source) -> tuple[bytes, str | None, str | None]:
    """(bytes, file name for messages, default doc id)."""
    if isinstance(source, bytes):
        return source, None, None
    if isinstance(source, str) and source.lstrip().startswith("<"):
        return source.encode("utf-8"), None, None
    path = Path(source)
    try:
        return path.read_bytes(), str(path), path.stem
    except OSError as exc:
        raise InputError(f"cannot read document: {exc}", str(path)) from None


def parse_document(source: Source, doc_id: str | None = None,
                   log: ProblemLog | None = None) -> DocumentTree:
    """Parse one XML document into a :class:`DocumentTree` (paths, char ranges, word counts).

    ``source`` is a file path, XML bytes or an XML string.  Malformed XML raises
    :class:`InputError` with file and line; unknown entities are reported to ``log`` (an error
    raised at once when no log is given).
    """
    data, name, stem = _read_source(source)
    doc = doc_id if doc_id is not None else (stem or "")
    data = map_entities(data, name, log)
    try:
        root = etree.fromstring(data, _parser())
    except etree.XMLSyntaxError as exc:
        line = exc.lineno if exc.lineno else None
        raise InputError(f"malformed XML: {exc.msg}", name, line) from None
    except ValueError as exc:
        raise InputError(f"malformed XML: {exc}", name) from None
    if root is None:
        raise InputError("empty XML document", name)
    return _build_tree(root, doc)


def _build_tree(root: etree._Element, doc: str) -> DocumentTree:
    """Walk the tree once: canonical paths, parents, [start, end) ranges, text pieces."""
    pieces: list[str] = []
    paths: list[str] = []
    parents: list[int] = []
    starts: list[int] = []
    ends: list[int] = []
    element_type = etree._Element
    tag = _tag_name(root)
    paths.append(f"/{tag}[1]")
    parents.append(-1)
    starts.append(0)
    ends.append(0)
    pos = 0
    if root.text:
        pieces.append(root.text)
        pos = len(root.text)
    # explicit stack of (element, its index, its path, child iterator, sibling tag counters)
    stack = [(root, 0, paths[0], iter(root), {})]
    while stack:
        node, me, my_path, children, counters = stack[-1]
        child = next(children, None)
        if child is None:
            stack.pop()
            ends[me] = pos
            tail = node.tail
            if tail and stack:        # the root's tail is outside the text
                pieces.append(tail)
                pos += len(tail)
        elif type(child) is element_type:
            tag = child.tag
            if tag[0] == "{":
                tag = _tag_name(child)
            index = counters.get(tag, 0) + 1
            counters[tag] = index
            path = f"{my_path}/{tag}[{index}]"
            stack.append((child, len(paths), path, iter(child), {}))
            paths.append(path)
            parents.append(me)
            starts.append(pos)
            ends.append(pos)
            text = child.text
            if text:
                pieces.append(text)
                pos += len(text)
        elif child.tail:  # comment, processing instruction, entity: only its tail is text
            pieces.append(child.tail)
            pos += len(child.tail)
    text = "".join(pieces)
    start = np.asarray(starts, dtype=np.int64)
    end = np.asarray(ends, dtype=np.int64)
    return DocumentTree(doc, paths, np.asarray(parents, dtype=np.int64), start, end,
                        _word_counts(text, start, end), text)


_NON_WORD = re.compile(r"\W")


def _word_counts(text: str, start: np.ndarray, end: np.ndarray) -> np.ndarray:
    """Words per element: maximal runs of ``\\w`` characters, also split at element
    boundaries (a tag separates words); a word is counted in every element containing it."""
    if not text:
        return np.zeros(len(start), dtype=np.int64)
    # length-preserving: every non-word character becomes NUL (which XML text cannot contain)
    codes = np.frombuffer(_NON_WORD.sub("\x00", text).encode("utf-32-le"), dtype=np.uint32)
    is_word = codes != 0
    first = is_word.copy()
    first[1:] &= ~is_word[:-1]
    # an element boundary inside a run of word characters also starts a word
    bounds = np.concatenate([start, end])
    bounds = bounds[(bounds > 0) & (bounds < len(is_word))]
    first[bounds[is_word[bounds] & is_word[bounds - 1]]] = True
    cumulative = np.concatenate([[0], np.cumsum(first, dtype=np.int64)])
    return cumulative[end] - cumulative[start]


class _DocumentLoader:
    """Parses a document on first use; a class (not a closure) so that a collection pickles
    for parallel evaluation (``--jobs``, ``--scheduler``)."""

    def __init__(self, files: dict[str, Path], log: ProblemLog | None) -> None:
        self.files = files
        self.log = log

    def __call__(self, doc: str) -> DocumentTree:
        return parse_document(self.files[doc], doc, self.log)


def read_collection(directory: str | Path, log: ProblemLog | None = None) -> Collection:
    """A lazily parsed collection: every ``*.xml`` under ``directory`` (recursively), document
    id = file name without extension.  Two files with the same id are reported (the first in
    sorted path order is kept).  A single ``.xml`` file is a collection of one document."""
    root = Path(directory)
    if root.is_file():
        files = [root]
    elif root.is_dir():
        files = sorted(p for p in root.rglob("*") if p.suffix.lower() == ".xml" and p.is_file())
    else:
        raise InputError(f"no such collection directory: {root}", str(root))
    by_id: dict[str, Path] = {}
    for path in files:
        seen = by_id.get(path.stem)
        if seen is not None:
            message = (f"duplicate document id {path.stem!r}: also {seen}; "
                       "this file is ignored")
            if log is not None:
                log.error(str(path), None, message)
            else:
                raise InputError(message, str(path))
            continue
        by_id[path.stem] = path

    collection = Collection(list(by_id), _DocumentLoader(by_id, log))
    collection.__dict__["files"] = by_id
    return collection
