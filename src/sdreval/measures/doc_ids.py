"""Hints for runs whose document ids do not match the judgements', and the refusal of a
chunk-ID run against span judgements (:func:`check_chunk_ids`).

Ids are compared as written; a hint only names the likely cause, in a warning of its own that
names no topic or example (so that a run cut into topic partitions, ``--jobs``, warns as the
whole run does), or as examples of topics ending a warning (:func:`spelled_otherwise`)."""
from __future__ import annotations

import weakref
from typing import Iterable

from ..errors import InputError, examples_text
from ..io.ids import loose_id, loose_index
from ..io.options import chunk_map_option
from ..judgements.qrels import Qrels
from ..model.run import Run

SUFFIX = ".xml"


def xml_suffix_warning(run: Run, qrels: Qrels, topics: Iterable[str]) -> str | None:
    """A warning when a run id not judged for its topic would be after removing (or adding)
    ``.xml`` -- INEX file names against ids without the extension -- else None (removing
    is named when both would match somewhere).  The distinct ids of the run and of the
    judgements are compared first, in Arrow (no object per result): only when some id would
    match a judged one of any topic are the topics looked at one by one."""
    if not _may_match(_distinct(_run_docs(run)), _distinct_judged(qrels)):
        return None
    added = False
    for topic in topics:
        ranking = run.topics.get(topic)
        if ranking is None or topic not in qrels:
            continue
        tq = qrels[topic]
        judged = {d for d, _ in tq.elements} | set(tq.passages)
        docs = ranking.docs
        unknown = set(docs.tolist() if hasattr(docs, "tolist") else docs) - judged
        if not unknown:
            continue
        if any(str(d)[:-len(SUFFIX)] in judged for d in unknown
               if str(d).lower().endswith(SUFFIX)):
            return _message(run, "removed from")
        added = added or any(f"{d}{SUFFIX}" in judged for d in unknown)
    return _message(run, "added to") if added else None


def spelled_otherwise(run: Run, qrels: Qrels, topics: Iterable[str]) -> str:
    """For a run none of whose results is judged: for each of ``topics`` where a document of
    the run names one judged for the topic once leading zeros, case and the Unicode form are
    set aside (:func:`~sdreval.io.ids.loose_id`), an example naming the first such pair
    (``: topic q1: the qrels have '007' for '7'``), as the chunk maps' and the documents'
    checks name them; '' if none.  Examples of topics, which the partitions of a run
    (``--jobs``) put together (:func:`~sdreval.measures.partitions.merge_warnings`)."""
    found = _spelled(run, qrels, topics)
    return ": " + examples_text(found, len(found)) if found else ""


def _spelled(run: Run, qrels: Qrels, topics: Iterable[str]) -> list[str]:
    found = []
    for topic in topics:
        ranking = run.topics.get(topic)
        if ranking is None or topic not in qrels:
            continue
        loose = loose_index(_judged_documents(qrels, topic))
        ours = next((d for d in dict.fromkeys(map(str, ranking.docs.tolist()))
                     if loose_id(d) in loose), None)
        if ours is not None:
            found.append(f"topic {topic}: the qrels have {loose[loose_id(ours)]!r} for {ours!r}")
    return found


def _judged_documents(qrels: Qrels, topic: str) -> set[str]:
    """The documents judged for ``topic`` (of its element and its passage judgements)."""
    judged = qrels[topic]
    return {doc for doc, _ in judged.elements} | set(judged.passages)


def ids_question(run: Run, qrels: Qrels, topics: Iterable[str], ids: str, depth: int | None,
                 uncut: Run | None) -> str:
    """The end of a warning that no result of ``run`` is judged for its topic: ``ids``, the
    question whether its document ids match the qrels', with the examples of
    :func:`spelled_otherwise`; with ``-M depth`` (``uncut``: the run before the cut), first
    the topics whose judged results the cut left out (``topic q1: 2 judged result(s) ranked
    below 10``): the same text in every topic partition (``--jobs``), the topics examples."""
    if depth is None or uncut is None:
        return ids + spelled_otherwise(run, qrels, topics)
    found = []
    for topic in topics:
        ranking = uncut.topics.get(topic)
        if ranking is not None and topic in qrels and len(ranking) > depth:
            judged = _judged_documents(qrels, topic)
            n = sum(str(d) in judged for d in ranking.docs.tolist())
            if n:
                found.append(f"topic {topic}: {n:,} judged result(s) ranked below {depth}")
    listed = found + _spelled(run, qrels, topics)
    return (f"-M {depth} evaluates the first {depth} results of each topic and leaves out the "
            f"judged results ranked below (topics listed); where none is listed, {ids}"
            + (": " + examples_text(listed, len(listed)) if listed else ""))


def _may_match(run_ids, judged_ids) -> bool:
    """Whether an id of ``run_ids`` with ``.xml`` removed (any case, as the topic check) or
    added is one of ``judged_ids`` (distinct ids, Arrow arrays of one string type)."""
    from .. import arrow_kernels as pc

    def stems(ids, ignore_case: bool):
        ends = pc.ends_with(ids, SUFFIX, ignore_case=ignore_case)
        return pc.utf8_slice_codeunits(pc.filter(ids, ends), 0, -len(SUFFIX))

    return bool(pc.any(pc.is_in(stems(run_ids, True), judged_ids)).as_py()) or \
        bool(pc.any(pc.is_in(run_ids, stems(judged_ids, False))).as_py())


def _distinct(ids):
    """The distinct ids of ``ids`` (an Arrow array, dictionary-encoded or not, a numpy array
    or a list of str) as an Arrow large-string array (a dictionary's values, not its rows)."""
    import pyarrow as pa

    from .. import arrow_kernels as pc

    if isinstance(ids, pa.ChunkedArray) and pa.types.is_dictionary(ids.type):
        ids = pa.chunked_array([c.dictionary for c in ids.chunks], ids.type.value_type)
    elif isinstance(ids, pa.Array) and pa.types.is_dictionary(ids.type):
        ids = ids.dictionary
    elif not isinstance(ids, (pa.Array, pa.ChunkedArray)):
        ids = pa.array([str(i) for i in ids], pa.large_string())
    return pc.cast(pc.unique(ids), pa.large_string())


#: the judged ids last made distinct, ``[weak reference to the Arrow array, distinct ids]``:
#: the parts of a streamed or partitioned run share one qrels (Arrow arrays are immutable)
_LAST_JUDGED: list = []


def _distinct_judged(qrels: Qrels):
    """:func:`_distinct` of the judged ids of ``qrels``, made once per shared column (each
    part of a run streamed against 10 million judgements took 0.15 s here, 26 s in all)."""
    import pyarrow as pa

    docs = _judged_docs(qrels)
    if not isinstance(docs, (pa.Array, pa.ChunkedArray)):
        return _distinct(docs)
    if _LAST_JUDGED and _LAST_JUDGED[0]() is docs:
        return _LAST_JUDGED[1]
    found = _distinct(docs)
    _LAST_JUDGED[:] = [weakref.ref(docs), found]
    return found


def _run_docs(run: Run):
    """The document ids of every result of ``run``: its shared column where it has one."""
    from ..model.run import TopicRankings

    columns = run.topics.columns() if isinstance(run.topics, TopicRankings) else None
    if columns is not None:
        return columns.docs
    return [d for ranking in run.topics.values() for d in set(ranking.docs.tolist())]


def _judged_docs(qrels: Qrels):
    """The judged document ids of every topic of ``qrels``: its shared column where it has
    one."""
    table = qrels.topics.columns()[2] if hasattr(qrels.topics, "columns") else None
    if table is not None:
        return table.docs
    return [d for tq in qrels.topics.values()
            for d in {doc for doc, _ in tq.elements} | set(tq.passages)]


def _message(run: Run, change: str) -> str:
    return (f"run {run.name}: some results of documents not judged for their topic would be "
            f"judged with '{SUFFIX}' {change} their document ids; ids are compared as written: "
            "write them as the judgements do")


def warn_xml_suffix(ctx: object, run: Run, qrels: Qrels, topics: Iterable[str]) -> None:
    """Give :func:`xml_suffix_warning`'s warning, if any, through ``ctx.warn``."""
    warn = getattr(ctx, "warn", None)
    if warn is not None:
        message = xml_suffix_warning(run, qrels, topics)
        if message is not None:
            warn(message)


def check_chunk_ids(qrels: Qrels, runs: Iterable[Run]) -> None:
    """Refuse a document run (TREC, or a table's ``doc_id`` column) against span (passage)
    judgements when none of its document ids is a judged document: its ids are chunk ids
    (every measure would be 0), which a chunk map maps onto the documents' text (a run read
    with one is a passage run).  The one rule of every path (``sdreval eval``, validate,
    sensitivity, :func:`sdreval.evaluate`, reports, streaming, Dask)."""
    runs = [run for run in runs if run.unit == "document" and run.topics]
    if qrels.scale != "fol" or not runs:
        return  # the judged documents are gathered only for document runs
    documents = span_documents(qrels)
    for run in runs:
        if not names_a_document(run, documents):
            raise chunk_id_error(run.name, run.source)


def span_documents(qrels: Qrels) -> set[str]:
    """The documents of span (passage) judgements."""
    return {doc for topic in qrels.topics.values() for doc in topic.passages}


def names_a_document(run: Run, documents: set[str]) -> bool:
    """Whether some result of ``run`` is one of ``documents``."""
    return any(not documents.isdisjoint(ranking.docs.tolist())
               for ranking in run.topics.values())


def chunk_id_error(name: str, source: str | None) -> InputError:
    """The refusal of :func:`check_chunk_ids`, for run ``name`` read from ``source`` (also
    when the run was read in partitions: :mod:`sdreval.dask`)."""
    return InputError(f"run {name}: none of its result ids is a document of the span "
                      "judgements: is it a chunk-ID run? Give the chunk map "
                      f"({chunk_map_option()} with chunk_id, doc_id, start, end), and a table "
                      "run its chunk ids in a chunk_id column", source)
