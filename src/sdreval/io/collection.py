"""XML collections: document trees with INEX character offsets.

Offsets follow the INEX convention (checked against the INEX 2010 qrels, see
``docs/formats-xml.md``): the document text is the concatenation of every text node from the
root's start tag to its end tag -- whitespace-only nodes included, comments and processing
instructions excluded, entities decoded -- and offsets count Unicode characters (code points)
of that text.  An element's range is ``[start, end)``: from the first character after its start
tag to the last character before its end tag.

Safety: documents are parsed as every XML input is (:mod:`sdreval.io.xmlsafe`: the DTD is never
fetched, a document whose DOCTYPE declares entities is refused).  Entity references are mapped
before parsing (UTF-16/UTF-32 documents are decoded first): the five XML entities stay,
HTML/XHTML names (``&nbsp;`` ...) become character references (:data:`html.entities.html5`, the
table the Wikipedia DTD declares, which includes the ISO Latin and symbol sets), and any other
reference -- non-ASCII names included -- is removed and reported as an error naming file and
line ("counts no characters").  An entity reference that still reaches the tree (an encoding
the mapping cannot read) is reported the same way, never dropped silently.
"""
from __future__ import annotations

import html.entities
import re
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Iterator, Union

import numpy as np
from lxml import etree

from ..errors import InputError, ProblemLog, UsageError
from ..model.tree import Collection, DocumentTree
from .textlines import finish
from .xmlsafe import SAFE, head_root, refuses_entities, report_syntax_error, wide_codec

Source = Union[str, Path, bytes]

# XML names, non-ASCII ones included (bytes >= 0x80 of any ASCII-compatible encoding); a
# CDATA section, comment or processing instruction is matched whole (group 1) and kept: an
# ``&name;`` inside it is text, not a reference (XML 1.0, 2.7)
_ENTITY_REF = re.compile(rb"(<!\[CDATA\[.*?\]\]>|<!--.*?-->|<\?.*?\?>)"
                         rb"|&([A-Za-z_:\x80-\xff][A-Za-z0-9._:\-\x80-\xff]*);", re.DOTALL)
#: entity name -> replacement: HTML 4 / XHTML / HTML5 names (:data:`html.entities.html5` holds
#: HTML 4's) -> numeric character references; the five XML entities stay (the parser's)
_ENTITIES = {name[:-1].encode("ascii"): "".join(f"&#{ord(c)};" for c in chars).encode()
             for name, chars in html.entities.html5.items() if name.endswith(";")}
_ENTITIES.update((name, b"&%s;" % name) for name in (b"amp", b"lt", b"gt", b"quot", b"apos"))


#: root elements of XML files that are no documents: topics, and sdreval's other XML inputs
#: (INEX assessments and run submissions); Indri's query files (``<parameters>`` of ``<query>``
#: elements) too (:func:`_not_a_document`)
NOT_DOCUMENTS = {"inex-topic-file": "INEX topics", "inex-topics": "INEX topics",
                 "inex_topic": "an INEX topic", "topics": "topics",
                 "assessments": "INEX assessments", "assessment": "INEX assessments",
                 "inex-assessments": "INEX assessments",
                 "inex-submission": "an INEX run submission"}


class NotADocument(InputError):
    """An XML file whose root element names topics, queries, assessments or a run: no
    document, so a collection directory holding it is read without it."""


def _not_a_document(root: etree._Element) -> str | None:
    """What a file with this root element is, when it is no document (:data:`NOT_DOCUMENTS`)."""
    name = etree.QName(root).localname.lower()
    if name == "parameters" and root.find("query") is not None:
        return "Indri queries"
    return NOT_DOCUMENTS.get(name)


def not_a_document(root: etree._Element, what: str) -> str:
    """What is said of a file of a collection directory whose ``root`` makes it ``what``."""
    return (f"not a document: its root element <{_tag_name(root)}> makes it {what}; a "
            "collection directory is read without it (its elements are not counted; a run or "
            "judgements naming it are refused)")


def _parser() -> etree.XMLParser:
    return etree.XMLParser(dtd_validation=False, remove_comments=False, remove_pis=False,
                           strip_cdata=True, **SAFE)
    # (collect_ids=False would make libxml2 load the external DTD: do not set it)


def map_entities(data: bytes, name: str | None = None, log: ProblemLog | None = None) -> bytes:
    """Replace HTML entity references by character references; remove (and report) unknown
    ones.  The five XML entities are left to the parser."""
    out, unknown = _map_entities(_ascii_compatible(data))
    _report_unknown(unknown, name, log)
    return out


def _map_entities(data: bytes) -> tuple[bytes, list[tuple[int, str]]]:
    """``data`` with HTML entity references mapped and unknown ones removed, and the unknown
    ones as (line, name)."""
    if b"&" not in data:
        return data, []
    unknown: list[tuple[int, bytes]] = []

    def replace(match: re.Match) -> bytes:
        if match.group(1) is not None:  # CDATA, comment, PI: as written
            return match.group(1)
        mapped = _ENTITIES.get(match.group(2))
        if mapped is None:
            unknown.append((match.start(), match.group(2)))
            return b""
        return mapped

    out = _ENTITY_REF.sub(replace, data)
    return out, [(data.count(b"\n", 0, position) + 1, ref.decode("utf-8", "replace"))
                 for position, ref in unknown]


def _report_unknown(unknown: list[tuple[int | None, str]], name: str | None,
                    log: ProblemLog | None) -> None:
    log = log if log is not None else ProblemLog(strict=True)
    for line, ref in unknown:
        log.error(name, line, f"unknown entity &{ref}; (not an HTML entity; entities declared "
                  "in documents are never expanded): it counts no characters")


_DECLARATION = re.compile(r"\A<\?xml[^>]*\?>")


def _ascii_compatible(data: bytes) -> bytes:
    """UTF-16/UTF-32 documents re-encoded as UTF-8 (their XML declaration, which names the old
    encoding, replaced by as many line breaks, so line numbers stay); others unchanged."""
    codec = wide_codec(data)
    if codec is None:
        return data
    try:
        text = data.decode(codec)
    except UnicodeDecodeError:
        return data  # the parser reports it
    return _utf8(text)


def _utf8(text: str) -> bytes:
    """Decoded XML text as UTF-8 bytes, without its byte order mark and its XML declaration
    (which may name the encoding it was decoded from; replaced by as many line breaks)."""
    text = _DECLARATION.sub(lambda m: "\n" * m.group(0).count("\n"), text.lstrip("\ufeff"))
    return text.encode("utf-8")


def _tag_name(element: etree._Element) -> str:
    """``prefix:local`` (or ``local`` in a default namespace) of a namespaced element."""
    local = etree.QName(element.tag).localname
    return f"{element.prefix}:{local}" if element.prefix else local


def _read_source(source: Source) -> tuple[bytes, str | None, str | None]:
    """(bytes, file name for messages, default doc id)."""
    if isinstance(source, bytes):
        return source, None, None
    if isinstance(source, str) and source.lstrip("\ufeff \t\r\n").startswith("<"):
        return _utf8(source), None, None  # decoded: an encoding declaration no longer holds
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
    raised at once when no log is given); a file whose root element names topics, queries,
    assessments or a run (:data:`NOT_DOCUMENTS`) raises :class:`NotADocument`.
    """
    data, name, stem = _read_source(source)
    doc = doc_id if doc_id is not None else (stem or "")
    data, unknown = _map_entities(_ascii_compatible(data))
    try:
        etree.clear_error_log()  # the log of this parse only (report_syntax_error)
        root = etree.fromstring(data, _parser())
    except etree.XMLSyntaxError as exc:  # raised by a strict log, as every XML reader words it
        report_syntax_error(ProblemLog(strict=True), name, exc)
    what = _not_a_document(root)
    if what is not None:
        raise NotADocument(not_a_document(root, what), name)
    refuses_entities(root, name, ProblemLog(strict=True))  # raised
    unknown += [(node.sourceline, (node.text or "&?;")[1:-1]) for node in root.iter(etree.Entity)]
    _report_unknown(unknown, name, log)
    return _build_tree(root, doc)


def _build_tree(root: etree._Element, doc: str) -> DocumentTree:
    """Walk the tree once: canonical paths, parents, [start, end) ranges, text pieces."""
    pieces: list[str] = []
    paths: list[str] = []
    parents: list[int] = []
    starts: list[int] = []
    ends: list[int] = []
    breaks: list[int] = []  # where a comment or processing instruction splits the text
    element_type = etree._Element
    pos = 0
    # explicit stack of (element, its index, its path, child iterator, sibling tag counters),
    # from a sentinel (index -1) whose one child is the root
    stack = [(None, -1, "", iter((root,)), {})]
    while stack:
        node, me, my_path, children, counters = stack[-1]
        child = next(children, None)
        if child is None:
            stack.pop()
            if me >= 0:
                ends[me] = pos
            if len(stack) > 1 and node.tail:  # the root's tail is outside the text
                pieces.append(node.tail)
                pos += len(node.tail)
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
        else:  # comment, processing instruction, entity: only its tail is text
            breaks.append(pos)
            if child.tail:
                pieces.append(child.tail)
                pos += len(child.tail)
    text = "".join(pieces)
    start = np.asarray(starts, dtype=np.int64)
    end = np.asarray(ends, dtype=np.int64)
    return DocumentTree(doc, paths, np.asarray(parents, dtype=np.int64), start, end,
                        _word_counts(text, start, end), text, breaks=tuple(breaks))


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


def _load(files: dict[str, Path], log: ProblemLog | None, doc: str) -> DocumentTree:
    """Parse a document on first use (bound with :func:`functools.partial`, not a closure, so
    that a collection pickles for parallel evaluation: ``--jobs``, ``--scheduler``)."""
    return parse_document(files[doc], doc, log)


@dataclass
class FileCollection(Collection):
    """A collection read from a directory: documents are found by their id and by every
    other name they go by (``aliases``: name -> id)."""

    aliases: dict[str, str] = field(default_factory=dict)
    #: stems shared by several files: those documents are named by path
    ambiguous: dict[str, list[str]] = field(default_factory=dict)
    #: the directory read (named in messages about documents it does not hold)
    root: str = ""
    #: id -> file
    files: dict[str, Path] = field(default_factory=dict)
    #: the files found to be no document (topics, assessments, a run: :class:`NotADocument`),
    #: id -> what is said of it; left out of ``len()`` and iteration, refused when named
    others: dict[str, str] = field(default_factory=dict)
    #: the files found to be documents (by their root element, or parsed)
    _documents: set[str] = field(default_factory=set, repr=False)

    def __getitem__(self, doc: str) -> DocumentTree:
        doc = self.aliases.get(doc, doc)
        try:
            return super().__getitem__(doc)
        except NotADocument as error:
            self.others[doc] = error.problems[0].message
            raise

    def __contains__(self, doc: object) -> bool:
        return doc in self._ids or doc in self.aliases

    def __iter__(self) -> Iterator[str]:
        """The documents' ids: a file not parsed yet is told by its root element (its first
        bytes read), so that ``len()`` counts documents whether or not they were parsed."""
        return (doc for doc in self.doc_ids if self._is_document(doc))

    def __len__(self) -> int:
        return sum(1 for _ in self)

    def _is_document(self, doc: str) -> bool:
        if doc in self._documents or doc in self._cache:
            return True
        if doc in self.others:
            return False
        root = head_root(self.files[doc]) if doc in self.files else None
        if root is None or etree.QName(root).localname.lower() == "parameters":
            try:  # told by parsing it (Indri's <parameters> by their <query> children)
                self[doc]
            except NotADocument:
                return False
            except InputError:  # a malformed document: said where it is used
                pass
        elif (what := _not_a_document(root)) is not None:
            self.others[doc] = not_a_document(root, what)
            return False
        self._documents.add(doc)
        return True

    def element_count(self) -> int:
        """Total number of elements (loads every document); a file that is no document
        (:class:`NotADocument`: topics, assessments, a run) counts none."""
        return sum(len(self[doc]) for doc in self)


#: how documents are named: ``auto`` (the file stem when every stem is unique, else the path;
#: both names work), ``path`` (relative path without extension, as INEX runs name the IEEE
#: collection: ``an/1995/a1003``), ``stem`` (the file name without extension, as INEX runs name
#: Wikipedia documents)
NAMINGS = ("auto", "path", "stem")
#: files of a collection that are not documents (the IEEE collection's volume index)
NON_ARTICLES = frozenset({"volume.xml"})


def read_collection(directory: str | Path, log: ProblemLog | None = None,
                    naming: str = "auto") -> FileCollection:
    """A lazily parsed collection: every ``*.xml`` under ``directory`` (recursively) but the
    non-article files (:data:`NON_ARTICLES`, skipped with a count).  Files are parsed when
    first used: one whose root element names topics, queries, assessments or a run
    (:data:`NOT_DOCUMENTS`, e.g. ``<inex-topic-file>``) is then found to be no document
    (:class:`NotADocument`): it counts no elements, and naming it as a document is refused.

    Documents are named by ``naming`` (:data:`NAMINGS`).  ``auto`` registers each document
    under its relative path without extension (``an/1995/a1003``) and, when no other file has
    the same stem, under its stem (``a1003``): runs and assessments may use either.  Equal
    stems in different folders are reported once (warning) and those documents are found by
    path only.  ``stem`` refuses equal stems (an error per file; the first in sorted path order
    is kept)."""
    if naming not in NAMINGS:
        raise UsageError(f"unknown collection naming {naming!r}: one of {', '.join(NAMINGS)}")
    root = Path(directory)
    if not root.is_dir():
        raise InputError("a collection is a directory of XML documents" if root.exists() else
                         f"no such collection directory: {root}", str(root))
    files = sorted(p for p in root.rglob("*") if p.suffix.lower() == ".xml" and p.is_file())
    skipped = [p for p in files if p.name.lower() in NON_ARTICLES]
    files = [p for p in files if p.name.lower() not in NON_ARTICLES]
    paths = {p: p.relative_to(root).with_suffix("").as_posix() for p in files}
    by_stem: dict[str, list[Path]] = {}
    for p in files:
        by_stem.setdefault(p.stem, []).append(p)
    shared = {stem: found for stem, found in by_stem.items() if len(found) > 1}
    by_id: dict[str, Path] = {}
    aliases: dict[str, str] = {}
    problems = ProblemLog(strict=True) if log is None else log  # without a log: raised
    if naming == "stem":
        for p in files:
            seen = by_id.get(p.stem)
            if seen is not None:
                problems.error(str(p), None, f"duplicate document id {p.stem!r}: also {seen}; "
                               "this file is ignored (name documents by path: naming='path' or "
                               "'auto')")
                continue
            by_id[p.stem] = p
    else:
        use_stem = naming == "auto" and not shared
        for p in files:
            doc = p.stem if use_stem else paths[p]
            by_id[doc] = p
            for name in (paths[p], p.stem):
                if name != doc and (name == paths[p] or name not in shared):
                    aliases.setdefault(name, doc)
        if shared and naming == "auto":
            stem, found = next(iter(shared.items()))
            problems.warn(str(found[1]), None, f"{len(shared)} file stem(s) are shared by "
                          f"several files (first: {stem!r}: {', '.join(paths[q] for q in found)}"
                          "): documents are named by their path without extension")
    if skipped:
        problems.warn(str(skipped[0]), None, f"{len(skipped)} non-article file(s) skipped "
                      "(volume.xml: the volume index of the IEEE collection)")
    if log is None:
        finish(problems, True)
    return FileCollection(list(by_id), partial(_load, by_id, log), aliases=aliases,
                          ambiguous={s: [paths[q] for q in f] for s, f in shared.items()},
                          root=str(root), files=by_id)
