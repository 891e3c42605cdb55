"""The field names RAG tools write, mapped onto sdreval's span keys.

* LlamaIndex nodes: ``ref_doc_id`` -> ``doc_id``, ``start_char_idx`` -> ``start``,
  ``end_char_idx`` -> ``end``, ``node_id`` -> ``chunk_id``; as ``model_dump()`` writes a node,
  ``id_`` is its ``node_id`` and its ``relationships`` SOURCE (``"1"``) entry's ``node_id`` its
  ``ref_doc_id``, and a ``NodeWithScore``'s ``node`` holds the node;
* LangChain ``Document(page_content, metadata)``: ``page_content`` -> ``text``;
  ``metadata.start_index`` -> ``start`` and ``end = start + len(page_content)``;
  ``metadata.source`` (or ``doc_id``) -> ``doc_id``; without ``start_index`` the text is
  located in the documents (:mod:`sdreval.io.spans.locate`);
* ir_datasets span qrels ``doc_id, start, length, relevance``: ``end = start + length``;
* Chroma's chunking evaluation (Smith & Troynikov, 2024): chunk metadata ``start_index``,
  ``end_index``, ``corpus_id`` -> ``start``, ``end``, ``doc_id`` (beside a ``doc_id``, as
  ``source``, ``corpus_id`` is another column); its questions
  (``question``, ``references``, ``corpus_id``): ``references`` is a list, or its JSON text as
  in its questions CSV, of ``{"content", "start_index", "end_index"}``, one gold span each
  (``content`` its text, checked against the documents when given);
* gold given as text: ``reference_contexts`` (RAGAS), ``expected_texts`` (LlamaIndex),
  ``gold_text`` -> ``text`` (a list is one gold span per item); ``relevance`` defaults to 1;
* RAGAS samples: ``user_input`` (Chroma's questions: ``question``) is the query id when no
  ``query_id`` is given (gold and samples hold one row per question: a question in two rows
  is refused; a run of one row per chunk repeats it); a run's chunk texts are
  ``retrieved_contexts`` (a list in rank order), located as every chunk text; a run never
  reads the gold text keys, nor gold the ``retrieved_contexts``; an empty list is left out
  (a warning);
* a ranked list with neither ``score`` nor ``rank``: the order of the rows is the ranking,
  and of each row's list (a sample's ``retrieved_contexts``) where the texts are lists (a
  warning says so).

``query_id`` may also be ``qid`` or ``query_id``; every other key keeps its name.  A text given
with its offsets is checked: its length against the offsets, and against the documents when
they are given (:mod:`sdreval.io.spans.text_check`).
"""
from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import replace

import numpy as np

from ...errors import InputError, ProblemLog
from ...lazy import lazy_module
from ..ids import shown
from .objects import llamaindex_dump
from ..table_checks import bad_value, integer_values, passage_twice
from ..table_syntax import GRADE, SCORE
from .documents import Documents, refuse_paged
from .locate import locate_texts
from .text_check import check_texts
from ..table_model import Table
from ..tables import GOLD_TEXT

pd = lazy_module("pandas")

RENAMES = {"ref_doc_id": "doc_id", "start_char_idx": "start", "end_char_idx": "end",
           "node_id": "chunk_id", "page_content": "text", "start_index": "start",
           "qid": "query_id", "source": "doc_id", "end_index": "end", "corpus_id": "doc_id"}
#: the keys naming the document only where no doc_id key does (LangChain's metadata source,
#: Chroma's corpus_id): beside a doc_id they are other columns, left as they are
DOC_FALLBACKS = ("source", "corpus_id")
#: RAGAS's key for a sample's retrieved chunk texts (a list in rank order)
RETRIEVED = "retrieved_contexts"
#: Chroma's chunking evaluation's key for a question's gold excerpts (a list of dicts)
REFERENCES = "references"
#: the keys naming the question, taken as the query id when there is no query_id key
QUESTION = ("user_input", "question")
_LIST_TEXT = re.compile(r"""^\s*\[\s*(\]|['"].*['"]\s*\])\s*$""", re.S)
METADATA_KEYS = ("doc_id", "ref_doc_id", "source", "start_index", "start_char_idx",
                 "end_char_idx", "end_index", "corpus_id")


def canonical_columns(columns) -> list[str]:
    """The keys a table with ``columns`` has once renamed (for format detection)."""
    have = [str(c) for c in columns]
    out = {"query_id"} if set(QUESTION) & set(have) and not {"query_id", "qid"} & set(have) \
        else set()
    for c in have:
        name = "text" if c in GOLD_TEXT else RENAMES.get(c, c)
        if c in DOC_FALLBACKS and "doc_id" in have:
            continue
        out.add(name)
    if "metadata" in out:  # nested LangChain metadata: its keys are read when loading
        out |= {"doc_id", "start"}
    if "node" in out:  # a LlamaIndex NodeWithScore's dump: the node's keys are read as well
        out |= {"chunk_id", "doc_id", "start", "end", "text"}
    if llamaindex_dump(out):  # a LlamaIndex node's dump
        out |= {"chunk_id", "doc_id"}
    if "start" in out and out & {"length", "text"}:
        out.add("end")
    if any(c in GOLD_TEXT for c in have) or chroma_references(have):
        out |= {"gold_text"} | ({"start", "end"} if chroma_references(have) else set())
    return sorted(out)


def chroma_references(columns) -> bool:
    """Whether a table's ``references`` column holds Chroma's gold excerpts (module
    docstring): its questions' table has no column giving spans, scores, ranks or grades (a
    run or judgements keep a column of that name as one more column, unread)."""
    have = {str(c) for c in columns}
    spans = {k for k, v in RENAMES.items() if v in ("start", "end")}
    return REFERENCES in have and not have & (
        {"start", "end", "offset", "length", "rank"} | spans | set(SCORE) | set(GRADE))


def _llamaindex_dumps(frame: pd.DataFrame) -> pd.DataFrame:
    """LlamaIndex nodes as ``model_dump()`` (``to_dict()``, ``json()``) writes them (module
    docstring): a ``NodeWithScore``'s ``node`` unnested (a ``score`` None in every row: no
    score, the list order is the ranking, as for the objects), then ``id_`` as ``node_id`` and
    the SOURCE relationship's ``node_id`` as ``ref_doc_id``."""
    if "node" in frame.columns and frame["node"].map(lambda n: isinstance(n, Mapping)).all():
        inner = pd.DataFrame(frame["node"].tolist(), index=frame.index)
        frame = pd.concat([frame.drop(columns=["node"]),
                           inner.drop(columns=[c for c in inner.columns
                                               if c in frame.columns])], axis=1)
        if "score" in frame.columns and frame["score"].isna().all():
            frame = frame.drop(columns=["score"])  # no score (None), as NodeWithScore objects
    if llamaindex_dump(frame.columns) and "node_id" not in frame.columns:
        source = frame["relationships"].map(
            lambda r: (r.get("1") or r.get("SOURCE")) if isinstance(r, Mapping) else None)
        frame = frame.drop(columns=["relationships"]).rename(columns={"id_": "node_id"})
        if "ref_doc_id" not in frame.columns:
            frame["ref_doc_id"] = source.map(
                lambda s: s.get("node_id") if isinstance(s, Mapping) else None)
    return frame


def _flatten_metadata(frame: pd.DataFrame, file: str) -> pd.DataFrame:
    meta = frame["metadata"]
    frame = frame.drop(columns=["metadata"])
    for key in METADATA_KEYS:
        if key in frame.columns:
            continue
        values = meta.map(lambda m: m.get(key) if isinstance(m, Mapping) else None)
        if values.notna().any():
            frame[key] = values
    pages = meta.map(lambda m: m.get("page") if isinstance(m, Mapping) else None)
    doc = next((k for k in ("doc_id", "ref_doc_id", "source") if k in frame.columns), None)
    if doc is not None:
        refuse_paged(frame[doc], pages, file)
    return frame


def _ragas_samples(frame: pd.DataFrame, at: np.ndarray, table: Table, log: ProblemLog,
                   what: str) -> tuple[pd.DataFrame, np.ndarray]:
    """RAGAS samples' keys (module docstring): the question as the query id (in gold and in
    samples, one row per question: a question asked again is reported, its row not used; a
    run of one row per retrieved chunk repeats it); the text keys of the other side dropped."""
    columns = set(map(str, frame.columns))
    asked = next((c for c in QUESTION if c in columns), None)
    if asked is not None and not columns & {"query_id", "qid"}:
        again = frame[asked].duplicated().to_numpy() if what == "gold" or RETRIEVED in \
            columns else np.zeros(len(frame), dtype=bool)
        for i in np.flatnonzero(again).tolist():
            table.report(log, int(at[i]), f"{asked} {shown(frame[asked].iloc[i])} given "
                         "again: without a query_id key the question is the query id, one "
                         "sample each (give a query_id key)")
        frame = frame[~again].rename(columns={asked: "query_id"})
        at = at[~again]
    gold = set(GOLD_TEXT) | {REFERENCES}
    other = [c for c in frame.columns if (c in gold) == (what == "retrieved")
             and (c in gold or c == RETRIEVED)]
    return frame.drop(columns=other), at


def _chroma_references(frame: pd.DataFrame, at: np.ndarray, table: Table, log: ProblemLog
                       ) -> tuple[pd.DataFrame, np.ndarray]:
    """One row per gold excerpt of Chroma's ``references`` (module docstring): ``text``,
    ``start`` and ``end`` from its ``content``, ``start_index`` and ``end_index``.  A value
    that is not such a list is reported, its row not used; an empty list is left out, with a
    warning."""
    rows, kept, empty = [], [], []
    for i, value in enumerate(frame[REFERENCES].tolist()):
        if isinstance(value, str):
            try:
                value = json.loads(value)
            except ValueError:
                value = None
        if not isinstance(value, (list, tuple, np.ndarray)) or not all(
                isinstance(v, Mapping) and {"start_index", "end_index"} <= set(v)
                for v in value):
            table.report(log, int(at[i]), f"{REFERENCES} {shown(frame[REFERENCES].iloc[i])} "
                         'is not a list of {"content", "start_index", "end_index"} (Chroma\'s '
                         "chunking evaluation's gold excerpts): give each excerpt's offsets")
            continue
        if not len(value):
            empty.append(i)
        for ref in value:
            rows.append({"text": ref.get("content"), "start": ref["start_index"],
                         "end": ref["end_index"]})
            kept.append(i)
    _left_out_empty(at[empty], REFERENCES, table, log)
    rest = frame.drop(columns=[REFERENCES]).iloc[kept].reset_index(drop=True)
    return pd.concat([rest, pd.DataFrame(rows, index=rest.index,
                                         columns=["text", "start", "end"])], axis=1), at[kept]


def _refuse_lists_as_text(values: pd.Series, key: str, table: Table) -> None:
    """A list written as its Python or JSON text (``"['a', 'b']"``: how pandas, and so RAGAS's
    ``to_csv``, write a list to CSV) is refused: read as one text, it would be located as one
    span that is nowhere in the documents.  Only keys that hold lists (``reference_contexts``,
    ``retrieved_contexts``, ...): under ``expected_text`` such a text is one text."""
    if key not in (RETRIEVED, "reference_contexts", "expected_texts", "gold_texts"):
        return
    texts = values.dropna()
    if len(texts) and texts.map(lambda v: isinstance(v, str)
                                and _LIST_TEXT.match(v) is not None).all():
        raise InputError(f"{key} holds lists written as text ({shown(texts.iloc[0])}), as a "
                         "CSV file writes them: give the samples as JSONL (RAGAS: "
                         "EvaluationDataset.to_jsonl) or as a DataFrame of lists (a DataFrame "
                         f"read from such a CSV: map its {key} with ast.literal_eval)",
                         table.file)


def canonical_table(table: Table, documents: Documents | None, log: ProblemLog, what: str,
                    occurrences: str) -> Table:
    """``table`` with RAG tools' keys renamed, offsets derived, texts located (see the
    module docstring).  ``what`` is ``gold`` or ``retrieved``; ``occurrences`` the default
    rule for a text found more than once (:mod:`sdreval.io.spans.locate`)."""
    frame, at = table.frame, np.arange(len(table.frame))
    columns = set(map(str, frame.columns))
    if not columns & ({"length", "offset", "metadata", "text", RETRIEVED, REFERENCES, "node",
                       "id_"} | set(QUESTION) | set(RENAMES) | set(GOLD_TEXT)):
        return _ranked_by_order(table, log, what)  # nothing to rename or derive
    frame = _llamaindex_dumps(frame)
    columns = set(map(str, frame.columns))
    if "metadata" in columns:
        frame = _flatten_metadata(frame, table.file)
    frame, at = _ragas_samples(frame, at, table, log, what)
    if chroma_references(frame.columns):
        frame, at = _chroma_references(frame, at, table, log)
    gold = [c for c in frame.columns if c in GOLD_TEXT or c == RETRIEVED]
    listed = None  # the key of the lists expanded into rows, if any
    if gold:
        _refuse_lists_as_text(frame[gold[0]], gold[0], table)
        frame = frame.rename(columns={gold[0]: "text"})
        if frame["text"].map(lambda v: isinstance(v, (list, tuple, np.ndarray))).any():
            frame, at = _one_row_per_text(frame, at, gold[0], table, log)
            listed = gold[0]
    if "doc_id" in frame.columns:
        frame = frame.drop(columns=[c for c in DOC_FALLBACKS if c in frame.columns])
    named = [RENAMES.get(str(c), str(c)) for c in frame.columns]
    twice = [n for n in dict.fromkeys(named) if named.count(n) > 1]
    if twice:  # e.g. start and start_char_idx: which is meant is not clear
        given = [str(c) for c, n in zip(frame.columns, named) if n == twice[0]]
        raise InputError(f"columns {' and '.join(given)} both give the {twice[0]}: which one is "
                         "meant is not clear; keep one", table.file)
    frame = frame.rename(columns={k: v for k, v in RENAMES.items() if k in frame.columns})
    if (twice := passage_twice(list(frame.columns))) is not None:
        raise InputError(twice, table.file)
    if "length" in frame.columns and "start" in frame.columns and "end" not in frame.columns:
        frame, at = _end_from_length(frame, at, table, log)
    if "text" in frame.columns:
        if what == "gold" and "relevance" not in frame.columns:
            frame = frame.assign(relevance=1)
        if "start" in frame.columns and "end" not in frame.columns:
            frame = frame.assign(end=pd.to_numeric(frame["start"], errors="coerce")
                                 + frame["text"].map(lambda t: len(t) if isinstance(t, str)
                                                     else np.nan))
        frame, at = _offsets_of_texts(frame, at, table, documents, log,
                                         occurrences, what)
    return _ranked_by_order(table.taken(frame.reset_index(drop=True), at), log, what,
                            None if listed is None else (listed, at))


def _one_row_per_text(frame: pd.DataFrame, at: np.ndarray, key: str, table: Table,
                      log: ProblemLog) -> tuple[pd.DataFrame, np.ndarray]:
    """One row per item of the ``text`` lists (``key``: the name they were given under).  A
    row with an empty list holds no text: it is left out, with a warning (an empty
    ``retrieved_contexts``: nothing retrieved, the question unanswered)."""
    repeat = frame["text"].map(lambda v: len(v) if isinstance(
        v, (list, tuple, np.ndarray)) else 1).to_numpy()
    _left_out_empty(at[repeat == 0], key, table, log)
    frame, at, repeat = frame[repeat > 0], at[repeat > 0], repeat[repeat > 0]
    return frame.explode("text", ignore_index=True), np.repeat(at, repeat)


def _left_out_empty(rows: np.ndarray, key: str, table: Table, log: ProblemLog) -> None:
    """One warning for the ``rows`` (of ``table``) whose ``key`` list is empty: left out."""
    if rows.size:
        places = ", ".join(table.place(int(row)) for row in rows[:5])
        said = "nothing retrieved: the question is unanswered (-c scores it 0)" \
            if key == RETRIEVED else "no gold text for the question there"
        table.report(log, None, f"{rows.size} row(s) with an empty {key} list ({places}"
                     f"{' ...' if rows.size > 5 else ''}): {said}", "warning")


def _end_from_length(frame: pd.DataFrame, at: np.ndarray, table: Table, log: ProblemLog
                     ) -> tuple[pd.DataFrame, np.ndarray]:
    """``end = start + length`` (ir_datasets' span qrels); a length that is not a
    non-negative integer by the rule of every table (``1e1`` and ``10.0`` written as text are
    not) is reported and its row not used (the start is checked with the other offsets)."""
    raw = frame["length"].to_numpy()
    lengths, bad = integer_values(raw)
    for i in np.flatnonzero(bad).tolist():
        table.report(log, int(at[i]), bad_value("length", raw[i],
                                                 "is not a non-negative integer"))
    keep = ~bad
    frame = frame[keep].reset_index(drop=True)
    end = pd.to_numeric(frame["start"], errors="coerce").to_numpy() + lengths[keep]
    return frame.assign(end=end), at[keep]


def _offsets_of_texts(frame: pd.DataFrame, at: np.ndarray, table: Table,
                      documents: Documents | None, log: ProblemLog, occurrences: str, what: str
                      ) -> tuple[pd.DataFrame, np.ndarray]:
    """Rows with offsets are checked (:func:`.text_check.check_texts`); rows without are
    located (row order kept; a text found several times gives consecutive rows)."""
    if "start" not in frame.columns:
        return locate_texts(frame, at, table, documents, log, occurrences, what)
    given = frame["start"].notna().to_numpy()
    if given.any():
        check_texts(frame[given], at[given], table, documents, log)
    if given.all():
        return frame, at
    frame = frame.assign(_row=np.arange(len(frame)))
    found, found_at = locate_texts(frame[~given].drop(columns=["start", "end"]),
                                      at[~given], table, documents, log, occurrences, what)
    merged = pd.concat([frame[given], found], ignore_index=True)
    order = np.argsort(merged["_row"].to_numpy(), kind="stable")
    at = np.concatenate((at[given], found_at))[order]
    return merged.iloc[order].drop(columns=["_row"]).reset_index(drop=True), at


def _ranked_by_order(table: Table, log: ProblemLog, what: str,
                     listed: tuple[str, np.ndarray] | None = None) -> Table:
    """A retrieved list without score or rank: row order is the ranking (rank 1, 2, ...
    within each query), said in a warning; ``listed``: the key whose lists were expanded
    into these rows and the row each came from (the order within each list is then the
    ranking, and the order of the rows where a query has several)."""
    frame = table.frame
    if what != "retrieved" or {"score", "rank"} & set(frame.columns) or \
            "query_id" not in frame.columns:
        return table
    if not len(frame):  # no row to rank: nothing to say
        return replace(table, frame=frame.assign(rank=np.zeros(0, dtype=np.int64)))
    rank = frame.groupby("query_id", sort=False).cumcount().to_numpy() + 1
    log.warn(table.file, None, "no score or rank: " + _order_rule(frame["query_id"], listed))
    return replace(table, frame=frame.assign(rank=rank))


def _order_rule(queries: pd.Series, listed: tuple[str, np.ndarray] | None) -> str:
    """What order ranks a retrieved list without score or rank: the rows', or that of each
    sample's list (``listed``: its key and the row of every item), and then the rows' where a
    query's items come from several rows."""
    if listed is None:
        return "the order of the rows is the ranking (the first row of each query is rank 1)"
    key, at = listed
    if (pd.Series(at).groupby(queries.to_numpy()).nunique() <= 1).all():
        return (f"the order of each {key} list is the ranking (the first item of each list "
                "is rank 1)")
    return (f"the order of the rows, and of each row's {key} list, is the ranking (the first "
            "item of each query's first row is rank 1)")
