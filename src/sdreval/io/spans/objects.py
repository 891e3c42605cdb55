"""Retrievers' result objects -> the records their dict forms are read as.

LangChain retrievers return ``Document`` objects (``page_content``, ``metadata``;
``similarity_search_with_score`` pairs ``(Document, score)``), LlamaIndex retrievers
``NodeWithScore`` (``node``, ``score``) around a ``TextNode`` (``text``, ``metadata``,
``node_id``, ``ref_doc_id``, ``start_char_idx``, ``end_char_idx``).  Each object becomes the
dict those tools write (``{"page_content", "metadata"}``; ``{"text", "node_id", ...,
"score"}``), read by the rules of :mod:`sdreval.io.spans.fields`: one path for objects and
dicts.  Objects are recognised by these attributes (neither library is imported).  A list of
results carries no query id: give ``{query_id: [result, ...]}``, the list in rank order.
``(Document, score)`` pairs are ranked in list order (each pair's rank is its position): the
score of ``similarity_search_with_score`` is a distance in most stores (Chroma, FAISS: lower
is closer) and a similarity in others; it is kept (``order="rsv"`` ranks by it).
"""
from __future__ import annotations

from collections.abc import Mapping
from numbers import Number
from typing import Any

from ...errors import UsageError

ACCEPTED = ("dicts, LangChain Documents, (Document, score) pairs or LlamaIndex "
            "NodeWithScore/TextNode objects")
NODE_KEYS = ("node_id", "text", "ref_doc_id", "start_char_idx", "end_char_idx")
#: the keys of LlamaIndex's ``model_dump()`` of a node, which a dumped Document shares
LLAMAINDEX_DUMP = frozenset({"id_", "relationships"})


def llamaindex_dump(columns) -> bool:
    """Whether ``columns`` hold the keys of a LlamaIndex ``model_dump()`` (TextNodes and
    Documents alike: the keys cannot tell them apart)."""
    return LLAMAINDEX_DUMP <= {str(c) for c in columns}


def _row(item: Any) -> dict | None:
    """The dict form of one result object (None: not one)."""
    if isinstance(item, tuple) and len(item) == 2 and isinstance(item[1], Number):
        row = _row(item[0])  # LangChain's (Document, score)
        return None if row is None else {**row, "score": item[1]}
    if hasattr(item, "page_content") and hasattr(item, "metadata"):
        return {"page_content": item.page_content, "metadata": dict(item.metadata or {})}
    if hasattr(item, "node") and hasattr(item, "score"):
        row = _row(item.node)
        return None if row is None else {**row, **({} if item.score is None else
                                                   {"score": item.score})}
    if hasattr(item, "node_id") and hasattr(item, "text"):
        row = {key: getattr(item, key, None) for key in NODE_KEYS}
        row = {key: value for key, value in row.items() if value is not None}
        return {**row, "metadata": dict(getattr(item, "metadata", None) or {})}
    return None


def records(items, query: Any | None) -> list[dict]:
    """Dicts of ``items`` (dicts or result objects; others refused naming them), with
    ``query_id`` set to ``query`` unless None."""
    out = []
    for i, item in enumerate(items):
        row = item if isinstance(item, Mapping) else _row(item)
        if row is None:
            raise UsageError(f"cannot read item {i} ({type(item).__name__}) of "
                             f"{'query ' + repr(query) if query is not None else 'the list'}: "
                             f"expected {ACCEPTED}")
        if isinstance(item, tuple) and "rank" not in row:  # LangChain's (Document, score),
            row = {**row, "rank": i + 1}  # best first; the score a distance in most stores
        out.append(row if query is None else {"query_id": query, **row})
    return out


def result_rows(source: Any) -> Any:
    """``source`` with retrievers' result objects turned into dicts (module docstring):
    ``{query_id: [result, ...]}`` and lists of results give records; anything else is returned
    as it is."""
    if isinstance(source, Mapping) and all(isinstance(v, list) for v in source.values()) and \
            any(v and _row(v[0]) is not None for v in source.values()):
        return [row for query, items in source.items() for row in records(items, query)]
    if isinstance(source, (list, tuple)) and source and _row(source[0]) is not None:
        rows = records(list(source), None)
        if not any("query_id" in row or "qid" in row for row in rows):
            raise UsageError(f"a list of {type(source[0]).__name__} objects has no query id: "
                             "give {query_id: [result, ...]} (each list in rank order)")
        return rows
    return source
