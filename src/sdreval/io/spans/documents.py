"""Documents of a span collection (JSONL ``{"doc_id", "text"}``) and offset units.

Offsets of span qrels, span runs and chunk maps are half-open character offsets into the
document text (Python ``str`` indexing: Unicode code points).  A record may carry ``unit``:

* ``chars`` (default): character offsets;
* ``bytes``: offsets into the UTF-8 encoding of the text; converted to characters, an offset
  falling inside a multi-byte character is an error;
* ``tokens``: token indices ``[start, end)`` of a tokenizer (default: white-space tokens, the
  maximal runs of non-space characters, as ``str.split`` gives them); token span ``[s, e)``
  becomes the characters from the start of token ``s`` to the end of token ``e - 1``.

Bytes and tokens need the document text (``--documents FILE``).  With the documents given,
every span is checked: ``end <= len(text)`` in its unit.
"""
from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Callable

import numpy as np

from ...errors import InputError, ProblemLog, UsageError
from ...lazy import lazy_module
from ..ids import AS_WRITTEN, loose_id, loose_index
from ..table_model import Table
from ..tables import load_table
from ..textlines import finish, given_log
from .document_checks import marked, same_texts, unspaced

pd = lazy_module("pandas")

UNITS = ("chars", "bytes", "tokens")
#: the keys of a documents file
DOCUMENT_KEYS = ("doc_id", "text")
#: the id key of BEIR's corpus.jsonl and queries.jsonl (Thakur et al. 2021)
BEIR_ID = "_id"


def beir_texts(columns) -> str | None:
    """``corpus`` for a table with the keys of BEIR's corpus.jsonl (``_id``, ``title``,
    ``text``), ``queries`` for its queries.jsonl's (``_id``, ``text``, no ``title``), else
    None (a table naming a doc_id, query_id or chunk_id is not BEIR's)."""
    have = {str(c) for c in columns}
    if not {BEIR_ID, "text"} <= have or have & {"doc_id", "query_id", "chunk_id"}:
        return None
    return "corpus" if "title" in have else "queries"


def refuse_beir_queries(columns, file: str | None) -> None:
    """Refuse BEIR's queries.jsonl (``_id``, ``text``) given as judgements or a run."""
    if beir_texts(columns) == "queries":
        raise InputError("this has the keys of BEIR's queries.jsonl (_id, text: Thakur et "
                         "al. 2021), a file of queries: sdreval reads no queries, only the "
                         "judgements (BEIR's qrels/test.tsv: query-id, corpus-id, score, or "
                         "span qrels) and the runs; a corpus without titles given as the "
                         "documents is read with --documents FILE (validate --format "
                         "documents; in Python documents=read_documents(FILE), "
                         "sdreval.io.spans)",
                         file)


def unit_values(frame: Any) -> np.ndarray | None:
    """Each row's offset unit as the span readers read it (any case; none given: ``chars``),
    None for a table without a ``unit`` column."""
    if "unit" not in frame.columns:
        return None
    return frame["unit"].fillna("chars").astype(str).str.lower().to_numpy(dtype=object)


Tokenizer = Callable[[str], list[tuple[int, int]]]
_TOKEN = re.compile(r"\S+")


def whitespace_tokens(text: str) -> list[tuple[int, int]]:
    """Character spans of the white-space separated tokens of ``text``."""
    return [m.span() for m in _TOKEN.finditer(text)]


@dataclass
class Documents:
    """Texts by document id, with lazily built byte and token maps."""

    texts: dict[str, str]
    tokenizer: Tokenizer = whitespace_tokens
    source: str | None = None
    _bytes: dict[str, np.ndarray] = field(default_factory=dict, repr=False)
    _tokens: dict[str, np.ndarray] = field(default_factory=dict, repr=False)
    _loose: dict[str, str] = field(default_factory=dict, repr=False)

    def __contains__(self, doc: object) -> bool:
        return doc in self.texts

    def spelled(self, doc: str) -> str:
        """For a document id not among these: the hint naming the id it may mean once leading
        zeros, case and the Unicode form are set aside (:func:`~sdreval.io.ids.loose_id`)."""
        if not self._loose:  # (built once, on the first unknown id)
            self._loose.update(loose_index(self.texts))
        found = self._loose.get(loose_id(doc))
        return "" if found is None else f"; the documents file has {found!r}: {AS_WRITTEN}"

    def length(self, doc: str, unit: str = "chars") -> int:
        if unit == "bytes":
            return int(self.byte_starts(doc).size - 1)
        if unit == "tokens":
            return int(self.token_spans(doc).shape[0])
        return len(self.texts[doc])

    def byte_starts(self, doc: str) -> np.ndarray:
        """For each byte offset 0..len(bytes): the character index there, or -1 inside a
        multi-byte character."""
        found = self._bytes.get(doc)
        if found is None:
            raw = np.frombuffer(self.texts[doc].encode("utf-8"), dtype=np.uint8)
            lead = (raw & 0xC0) != 0x80
            chars = np.concatenate(([0], np.cumsum(lead)))
            found = np.where(np.concatenate((lead, [True])), chars, -1)
            self._bytes[doc] = found
        return found

    def token_spans(self, doc: str) -> np.ndarray:
        found = self._tokens.get(doc)
        if found is None:
            found = np.asarray(self.tokenizer(self.texts[doc]), dtype=np.int64).reshape(-1, 2)
            self._tokens[doc] = found
        return found


def read_documents(path: str | Path, log: ProblemLog | None = None,
                   tokenizer: Tokenizer = whitespace_tokens) -> Documents:
    """Read a documents file (JSONL/CSV/Parquet with ``doc_id`` and ``text``, or documents as
    LangChain and LlamaIndex write them: :func:`_tool_documents`); document ids are text,
    never typed, by the rule of every table (``007`` stays ``007``, a Parquet ``1.0`` is
    ``1``), so they match the ids of span qrels and runs."""
    log, own = given_log(log)
    table = load_table(path, log)
    titled = _beir_titled(table.frame)
    table = replace(table, frame=_tool_documents(table.frame, str(path)))
    file = str(path)
    table.require(DOCUMENT_KEYS, "documents", log)
    if titled:
        table.report(log, None, titled, "warning")
    check = table.checker(log)
    ids = check.ids(table.frame["doc_id"].to_numpy(), "doc_id")
    texts: dict[str, str] = {}
    first: dict[str, int] = {}
    for i in np.flatnonzero(check.kept(len(ids))).tolist():
        doc, text = ids[i], table.frame["text"].iat[i]
        if not isinstance(text, str):
            table.report(log, i, f"text of document {doc} is not a string")
        elif doc in texts:
            table.report(log, i, f"document {doc} given again (first on "
                         f"{table.place(first[doc])}; that one is kept)")
        else:
            texts[doc], first[doc] = text, i
    same_texts(texts, first, table, log)
    marked(texts, first, table, log)
    finish(log, own)
    return Documents(texts, tokenizer, file)


def refuse_paged(docs: Any, pages: Any, file: str) -> None:
    """Refuse LangChain Documents of several pages (``pages``: each row's ``metadata.page``)
    under one document id (``docs``, the same rows): a PDF loader's page counts its
    ``start_index`` in its own text."""
    many = pages.groupby(docs.astype(str)).nunique()
    if (many > 1).any():
        doc = str(many[many > 1].index[0])
        raise InputError(f"document {doc} is given as several pages (metadata page): "
                         "LangChain's loaders of paged files (PDF) give one Document per page, "
                         "its start_index counted in its page, so the offsets of two pages "
                         "would be read as offsets in one text; give each page its own id "
                         f"(metadata doc_id, e.g. '{doc}#page=3') in the chunks, the gold and "
                         "the documents alike", file)


def _tool_documents(frame: Any, file: str) -> Any:
    """Documents as their tools' ``model_dump()`` writes them, under sdreval's keys (a table
    with ``doc_id`` is left as it is): LangChain's ``Document`` (``page_content``, its
    ``metadata``'s ``doc_id``, else ``source``: the ``doc_id`` its chunks' metadata name, and
    the text their ``start_index`` counts in; the pages of a paged file under one id are
    refused, :func:`refuse_paged`) and LlamaIndex's (``id_``, the ``ref_doc_id`` of
    its nodes, and ``text``) and BEIR's corpus (``_id``; the ``text`` field alone is the
    text, its ``title`` not counted: :func:`_beir_titled`)."""
    if "doc_id" in frame.columns:
        return frame
    if "id_" in frame.columns:
        return frame.rename(columns={"id_": "doc_id"})
    if beir_texts(frame.columns):  # BEIR's corpus: the offsets count in its text field
        return frame.rename(columns={BEIR_ID: "doc_id"})
    if "metadata" in frame.columns and "page_content" in frame.columns:
        meta = frame["metadata"].map(lambda m: m if isinstance(m, Mapping) else {})
        doc = meta.map(lambda m: m.get("doc_id", m.get("source")))
        refuse_paged(doc, meta.map(lambda m: m.get("page")), file)
        return frame.drop(columns=["metadata"]).assign(doc_id=doc).rename(
            columns={"page_content": "text"})
    return frame


def _beir_titled(frame: Any) -> str | None:
    """The rule said when a BEIR corpus has titles: offsets count in the ``text`` field, the
    ``title`` is not part of it (a chunker fed ``title + " " + text`` counts from the title's
    start, and nothing in the chunks tells which it did); None when no title is given."""
    if beir_texts(frame.columns) != "corpus":
        return None
    titles = frame["title"].map(lambda t: isinstance(t, str) and t != "")
    if not titles.any():
        return None
    first = frame[BEIR_ID].iat[int(np.flatnonzero(titles.to_numpy())[0])]
    return (f"a BEIR corpus (_id, title, text: Thakur et al. 2021): offsets count in each "
            f"document's text field alone; its title (given for {int(titles.sum())} of "
            f"{len(frame)} documents, e.g. {first}) is not counted: if the chunks were cut from "
            "the title and the text joined, every offset is off by the title's length and "
            "separator; then give documents whose text is the text the chunker read "
            "({\"doc_id\", \"text\"})")


def to_characters(docs: np.ndarray, starts: np.ndarray, ends: np.ndarray, units: np.ndarray | None,
                  documents: Documents | None, at: np.ndarray, table: Table, log: ProblemLog
                  ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Character offsets of spans given in ``units`` (None: all characters), checked against
    the documents when given.  Returns ``(starts, ends, ok)``; rows not ok were reported
    (as rows ``at`` of ``table``)."""
    starts, ends = starts.copy(), ends.copy()
    ok = np.ones(starts.size, dtype=bool)
    unit_of = np.full(starts.size, "chars", dtype=object) if units is None else units
    if documents is None:
        special = np.flatnonzero(unit_of != "chars")
        for i in special[:20]:
            table.report(log, int(at[i]), f"offsets in {unit_of[i]} need the document "
                         "text (give --documents FILE)")
        if special.size > 20:
            table.report(log, None, f"... and {special.size - 20} more spans in bytes or "
                         "tokens (give --documents FILE)")
        ok[special] = False
        return starts, ends, ok
    missing_first: dict[str, list[int]] = {}
    order = np.argsort(docs, kind="stable")
    for rows in np.split(order, np.flatnonzero(docs[order][1:] != docs[order][:-1]) + 1):
        if not rows.size:
            continue
        doc = str(docs[rows[0]])
        if doc not in documents:
            missing_first[doc] = [int(at[rows].min()), rows.size]
            bad = rows[unit_of[rows] != "chars"]
            for i in bad:
                table.report(log, int(at[i]), f"document {doc} is not in the documents "
                             f"file: its {unit_of[i]} cannot be converted")
            ok[bad] = False
            continue
        for unit in UNITS:
            mine = rows[unit_of[rows] == unit]
            if not mine.size:
                continue
            limit = documents.length(doc, unit)
            beyond = ends[mine] > limit
            for i in mine[beyond]:
                table.report(log, int(at[i]), f"span {starts[i]}-{ends[i]} reaches beyond "
                             f"the end of document {doc} ({limit} {unit})"
                             + _other_unit(documents, doc, unit, int(ends[i])))
            ok[mine[beyond]] = False
            mine = mine[~beyond]
            if unit == "bytes":
                chars = documents.byte_starts(doc)
                s, e = chars[starts[mine]], chars[ends[mine]]
                inside = (s < 0) | (e < 0)
                for i in mine[inside]:
                    table.report(log, int(at[i]), f"byte span {starts[i]}-{ends[i]} of "
                                 f"document {doc} cuts a UTF-8 character")
                ok[mine[inside]] = False
                starts[mine], ends[mine] = s, e
            elif unit == "tokens":  # token span [s, e): from token s's start to e - 1's end
                spans = documents.token_spans(doc)
                full = mine[ends[mine] > starts[mine]]  # an empty one becomes 0:0
                first, last = spans[starts[full], 0], spans[ends[full] - 1, 1]
                starts[mine], ends[mine] = 0, 0
                starts[full], ends[full] = first, last
    for doc, (row, count) in missing_first.items():
        table.report(log, row, f"document {doc} is not in the documents file "
                     f"({documents.source}); its {count} span(s) are not checked"
                     + documents.spelled(doc), "warning")
    return starts, ends, ok


def _other_unit(documents: Documents, doc: str, unit: str, end: int) -> str:
    """What to do about a span past the end of its document: its offsets may count UTF-16
    code units or UTF-8 bytes, not characters."""
    if unit != "chars":
        return ""
    text = documents.texts[doc]
    utf16 = len(text.encode("utf-16-le")) // 2
    if len(text) < utf16 and end <= utf16:
        return (f"; it fits the text's {utf16} UTF-16 code units (JavaScript and Java count "
                "a character outside the BMP, an emoji, as two): give Unicode character "
                "offsets")
    if end <= documents.length(doc, "bytes"):
        return '; it fits the text\'s UTF-8 bytes: if the offsets count bytes, say "unit": ' \
            '"bytes"'
    return "; offsets count the Unicode characters of the documents' text"


def _token_range(documents: Documents, doc: str, starts: np.ndarray, ends: np.ndarray
                 ) -> tuple[np.ndarray, np.ndarray]:
    """Token index range ``[first, last)`` of the tokens a character span touches (an empty
    span touches none, even inside a token)."""
    spans = documents.token_spans(doc)
    first = np.searchsorted(spans[:, 1], starts, side="right")  # first token ending after start
    last = np.searchsorted(spans[:, 0], ends, side="left")      # tokens starting before end
    return first, np.where(ends > starts, np.maximum(last, first), first)


def _require_documents(documents: Documents, docs, what: str) -> None:
    missing = sorted({str(d) for d in docs} - set(documents.texts))
    if missing:  # the first id spelled otherwise in the file is named, as to_characters does
        raise InputError(f"{what}: counting tokens needs the text of every document; not in "
                         f"{documents.source}: " + ", ".join(missing[:10])
                         + (" ..." if len(missing) > 10 else "")
                         + next(filter(None, map(documents.spelled, missing)), ""),
                         documents.source)


def qrels_in_tokens(qrels, documents: Documents, log: ProblemLog | None = None):
    """Span qrels in tokens (a gold span covers every token it touches; element and document
    judgements as they are); white-space tokens of unspaced documents said in a warning."""
    from ...judgements.qrels import DocPassages, Qrels
    from ...model.passage import merge_ranges

    gold_docs = {d for tq in qrels.topics.values() for d in tq.passages}
    _require_documents(documents, gold_docs, f"qrels {qrels.source}")
    log, own = given_log(log)
    if documents.tokenizer is whitespace_tokens and \
            (said := unspaced(documents.texts, gold_docs)) is not None:
        log.warn(documents.source, None, said)
    finish(log, own)
    out = Qrels(qrels.scale, source=qrels.source, span_unit="tokens")  # as_passage_run reads it
    for topic, tq in qrels.topics.items():
        target = out.topic(topic)
        target.elements.update(tq.elements)
        for doc, dp in tq.passages.items():
            ranges = np.asarray(dp.ranges, dtype=np.int64).reshape(-1, 2)
            first, last = _token_range(documents, doc, ranges[:, 0], ranges[:, 0] + ranges[:, 1])
            grades = dp.grades or [1.0] * len(dp.ranges)
            kept = [(int(a), int(b - a)) for a, b in zip(first, last) if b > a]
            repeats = {(int(a), int(b - a)): dp.repeats[key] for key, a, b in
                       zip(dp.ranges, first, last) if b > a and key in dp.repeats}
            target.passages[doc] = DocPassages(doc, kept, sum(n for _, n in merge_ranges(kept)),
                                               documents.length(doc, "tokens"), None,
                                               [g for g, a, b in zip(grades, first, last) if b > a],
                                               repeats)
    return out


def _spans_in_tokens(documents: Documents, docs: np.ndarray, starts: np.ndarray,
                     ends: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Token ranges of the character spans ``[starts, ends)`` of ``docs`` (a document not in
    ``documents`` keeps its offsets)."""
    starts, ends = starts.astype(np.int64), ends.astype(np.int64)
    codes, uniques = pd.factorize(docs)
    order = np.argsort(codes, kind="stable")
    for doc, rows in zip(uniques, np.split(order, np.cumsum(np.bincount(codes))[:-1])):
        if str(doc) in documents:
            starts[rows], ends[rows] = _token_range(documents, str(doc), starts[rows],
                                                    ends[rows])
    return starts, ends


#: the refusal of tokens for a run of elements (or documents) placed through the collection
PLACED = ("run {} retrieves {}s, which the passage and span measures place through the "
          "collection in characters, not tokens: convert it to a passage run first (sdreval "
          "convert RUN OUT --collection DIR --to passage) and count that in tokens")


def run_in_tokens(run, documents: Documents):
    """A span or chunk run with offsets in tokens (a span covers every token it touches; and a
    chunk run's chunk map, which SpanOmega reads); a document run (no offsets) as it is."""
    from ...model.run import Ranking

    if run.unit != "passage":  # elements: placed in characters when evaluated
        if run.unit == "element":
            raise UsageError(PLACED.format(run.name, "element"))
        return run
    chunk_map = getattr(run, "chunk_map", None)
    if chunk_map is not None:  # (gold in tokens is in documents with text: qrels_in_tokens)
        s, e = _spans_in_tokens(documents, chunk_map.docs, chunk_map.starts, chunk_map.ends)
        run = replace(run, chunk_map=replace(chunk_map, starts=s, ends=e))
    rankings = list(run.topics.values())
    if not rankings:
        return run
    docs = np.concatenate([r.docs for r in rankings])
    starts = np.concatenate([r.offsets for r in rankings]).astype(np.int64)
    ends = starts + np.concatenate([r.lengths for r in rankings]).astype(np.int64)
    _require_documents(documents, set(docs), f"run {run.name}")
    starts, ends = _spans_in_tokens(documents, docs, starts, ends)
    cuts = np.cumsum([len(r) for r in rankings])[:-1]
    return replace(run, topics={
        t: Ranking(r.docs, r.paths, s, e - s, r.ranks, r.rsv, r.unit)
        for t, r, s, e in zip(run.topics, rankings, np.split(starts, cuts), np.split(ends, cuts))})
