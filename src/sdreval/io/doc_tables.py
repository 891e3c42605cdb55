"""Runs and qrels given by path as tables: Parquet files and datasets, JSONL, CSV or TSV with
the columns of ranx, PyTerrier, ir_measures or BEIR's qrels (Thakur et al. 2021).  One path:
the tabular reader (:func:`sdreval.io.tables.load_table`), then the rules of a DataFrame
(:func:`sdreval.io.frames.run_from_table`, :func:`sdreval.io.frame_qrels.qrels_from_table`),
so a table file gives the numbers of the same rows as a DataFrame or as TREC text.  The
columns and their detection (:func:`table_kind`): docs/inputs.md, "Runs and qrels as tables".
RAGAS's ID-based samples are a run and judgements of one row per id (:func:`ragas_id_rows`).
"""
from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from ..errors import InputError, ProblemLog, UsageError
from .options import format_option
from .ids import id_problem, id_text, shown
from .table_checks import Checker, checker, listed, row_place
from .table_syntax import DOC, E, GRADE, S, SCORE, TOPIC
from .tables import load_table
from .textlines import finish, given_log

if TYPE_CHECKING:
    from ..judgements.qrels import Qrels
    from ..model.run import Run

TABLE_RUN, TABLE_QRELS = "table-run", "table-qrels"
#: the columns holding ids: read as text, never typed
ID_COLUMNS = TOPIC + DOC
_SPAN_KEYS = ("start", "end", "chunk_id")
#: RAGAS's ID-based samples: the list of expected ids (judgements) and of retrieved ids (run);
#: the same lists in LlamaIndex's RetrieverEvaluator results (RetrievalEvalResult)
RAGAS_IDS = {"qrels": ("reference_context_ids", "expected_ids"),
             "run": ("retrieved_context_ids", "retrieved_ids")}
ID_LISTS = frozenset(RAGAS_IDS["qrels"] + RAGAS_IDS["run"])
EXPECTED = (f"a run: a topic column ({', '.join(TOPIC)}), a document column "
            f"({', '.join(DOC)}) and a score ({', '.join(SCORE)}) or rank column; "
            f"qrels: topic and document columns and a relevance column ({', '.join(GRADE)})")


def ragas_samples(columns) -> bool:
    """Whether a table (or a record) with ``columns`` (keys) holds RAGAS's ID-based samples
    (or LlamaIndex's retrieval results, the same lists under other keys)."""
    return any(str(c) in ID_LISTS for c in columns)


def id_list_key(columns, what: str) -> str | None:
    """The key of the samples' list of ids for ``what`` (``qrels``: expected; ``run``:
    retrieved) among ``columns``, RAGAS's or LlamaIndex's; None if neither.  Both: refused."""
    found = [key for key in RAGAS_IDS[what] if key in {str(c) for c in columns}]
    if len(found) > 1:
        side = "expected" if what == "qrels" else "retrieved"
        raise UsageError(f"both {' and '.join(found)} give the {side} ids: which one is meant "
                         "is not clear; keep one")
    return found[0] if found else None


def table_kind(layout: str, columns: list[str], file: str, role: str | None = None
               ) -> str | None:
    """``table-run`` or ``table-qrels`` from a table's columns (RAGAS's ID-based samples
    holding both lists: the run when ``role`` is ``run``); None for a CSV/TSV file whose
    header names no topic and document column (it may be a text file with commas or tabs).
    Raises :class:`InputError` for a table that is neither, or both."""
    have = set(columns)
    ids = have.intersection(ID_LISTS)
    if ids and have.intersection(TOPIC + ("user_input",)):
        return TABLE_RUN if ids.intersection(RAGAS_IDS["run"]) and (
            role == "run" or not ids.intersection(RAGAS_IDS["qrels"])) else TABLE_QRELS
    shown = ", ".join(columns[:12]) + (", ..." if len(columns) > 12 else "") or "none"
    topic, doc = have.intersection(TOPIC), have.intersection(DOC)
    if layout in ("csv", "tsv") and (not (topic and doc) or layout == "tsv" and [
            c.lower() for c in columns[:3]] == ["topic", "file", "path"]):
        return None  # not a table's header, or the native TSV's own (its reader's; the
        # native reader splits on white space, so the same header with commas is a CSV's)
    what = f"{layout.upper()} {'dataset' if file.endswith('/') else 'file'} with columns {shown}"
    from .frame_qrels import beir_qrels  # the qrels tables' reader holds their rules

    if beir_qrels(columns):
        return TABLE_QRELS
    run = sorted(have.intersection(SCORE + ("rank",)))
    qrels = sorted(have.intersection(GRADE) | (have.intersection(E + S)
                                                if have.intersection(E) and have.intersection(S)
                                                else set()))
    # start/end (or start/length) columns beside a table's topic and document columns are
    # passages, as in a DataFrame (frames.span_columns); a chunk id needs a chunk map
    spans = have.intersection(_SPAN_KEYS)
    if "chunk_id" in spans or (spans and not (run or qrels)) or not (topic and doc):
        raise InputError(f"{what}: neither a span input (span qrels need query_id, doc_id, "
                         "start, end, relevance; span runs query_id, doc_id, start, end, "
                         "score or rank; chunk runs query_id, chunk_id, score or rank; chunk "
                         "maps chunk_id, doc_id, start, end) nor a "
                         f"document table ({EXPECTED})", file)
    if run and qrels:
        raise InputError(f"{what}: both run columns ({', '.join(run)}) and qrels columns "
                         f"({', '.join(qrels)}), so it is not clear which it is: say it with "
                         f"{format_option('run', TABLE_RUN)} or "
                         f"{format_option('qrels', TABLE_QRELS)}, or drop the other columns", file)
    if not run and not qrels:
        raise InputError(f"{what}: no score, rank or relevance column ({EXPECTED})", file)
    return TABLE_RUN if run else TABLE_QRELS


def read_table_run(path: str | Path, log: ProblemLog | None = None, name: str | None = None,
                   root: str | Path | None = None) -> Run:
    """A run from a table file or Parquet dataset (module docstring); ``root``: ``path`` is one
    file of the dataset in that directory (its Hive partition values read as columns), so
    that each file of a dataset can be read on its own.  The run's name: ``name``, else the
    table's run column (a table naming several runs is refused), else the file's stem."""
    from .frames import run_from_table

    return _read(path, log, root, lambda table, log_: run_from_table(
        table.frame, name, table.file, log_, table=table), "run")


def read_table_qrels(path: str | Path, log: ProblemLog | None = None,
                     scale: str | None = None, root: str | Path | None = None) -> Qrels:
    """Qrels from a table file or Parquet dataset (module docstring; ``root`` as for
    :func:`read_table_run`); ``scale`` names the judgement scale (graded by default)."""
    from .frame_qrels import qrels_from_table

    return _read(path, log, root, lambda table, log_: qrels_from_table(
        table.frame, scale, table.file, log_, table=table), "qrels")


def ragas_id_rows(frame: Any, what: str, place: Callable[[int], str] | None = None,
                  log: ProblemLog | None = None, file: str = "(DataFrame)", table: Any = None
                  ) -> tuple[Any, np.ndarray]:
    """RAGAS's ID-based samples as one row per id (``what``: ``qrels``, from the
    ``reference_context_ids``, each relevance 1; ``run``, from the ``retrieved_context_ids``
    in list order, ranked 1, 2, ...), the query id the ``query_id``, else the ``user_input``;
    an empty list gives no row (a question without expected ids: judged with nothing relevant,
    :func:`ragas_judged_empty`; or unanswered), nor does a missing one (the question not
    judged, said in a warning in ``log``; ``file``: the input; no log: issued at once).  A sample
    holds its question's lists whole, as RAGAS scores each sample: a question in two samples
    is refused (merged, its two rankings would be one).  ``place``: where sample ``i`` is
    (default ``row <label>``); ``table``: the file's table the samples are (errors at
    ``file:line``).  Returns the rows (indexed by their sample's label) and each
    one's sample position."""
    import pandas as pd

    key = id_list_key(frame.columns, what)
    asked = next((c for c in TOPIC + ("user_input",) if c in frame.columns), None)
    if key is None or asked is None:
        raise UsageError(f"RAGAS samples read as {'judgements' if what == 'qrels' else 'a run'} "
                         f"need a query_id (or user_input) and {RAGAS_IDS[what][0]} (a list of "
                         f"ids; LlamaIndex's results: {RAGAS_IDS[what][1]}); columns: "
                         + listed(frame))
    codes = pd.factorize(frame[asked])[0]  # (a missing id, -1: refused as every missing id)
    again = np.flatnonzero(pd.Series(codes).duplicated().to_numpy() & (codes >= 0)).tolist()
    if again:
        place = place or (lambda i: row_place(frame.index[i]))
        first = int(np.argmax(codes == codes[again[0]]))
        raise UsageError(f"{asked} {shown(frame[asked].iloc[again[0]])} given again "
                         f"({place(again[0])}; first {place(first)}"
                         f"{f'; {len(again)} repeats in all' if len(again) > 1 else ''}): each "
                         "RAGAS sample holds one question's ids, scored alone; give each "
                         "question one sample (or each sample its own query_id)")
    lists = [list(v) if isinstance(v, (list, tuple, np.ndarray)) else v
             for v in frame[key].tolist()]
    bad = next((v for v in lists if not isinstance(v, list) and not pd.isna(v)), None)
    if bad is not None:
        raise UsageError(f"{key} holds {bad!r}, not a list of ids (a CSV file writes lists "
                         "as text): give the samples as JSONL or Parquet, or as a DataFrame of "
                         "lists")
    missing = np.array([not isinstance(v, list) for v in lists], dtype=bool)
    lists = [v if isinstance(v, list) else [] for v in lists]
    counts = np.fromiter(map(len, lists), np.int64, len(lists))
    if what == "qrels" and missing.any():
        _say_missing(frame, key, asked, np.flatnonzero(missing), place, log, file)
    at = np.repeat(np.arange(len(lists)), counts)
    ids = np.empty(len(at), dtype=object)
    ids[:] = [i for v in lists for i in v]
    rank = np.arange(1, len(at) + 1) - np.repeat(np.cumsum(counts) - counts, counts)
    log, own = given_log(log)
    ok = _good_ids(ids, at, rank, key, checker(frame, file, log, place, table))
    finish(log, own)  # the reader's own log: its errors raised at once
    rows = pd.DataFrame({"query_id": frame[asked].to_numpy(dtype=object)[at[ok]],
                         "doc_id": ids[ok]}, index=frame.index[at[ok]])
    if what == "qrels":
        return rows.assign(relevance=1), at[ok]
    return rows.assign(rank=rank[ok]), at[ok]


def _good_ids(ids: np.ndarray, at: np.ndarray, rank: np.ndarray, key: str, check: Checker
              ) -> np.ndarray:
    """Which of the samples' ``ids`` (each item ``rank - 1`` of sample ``at``'s list) are
    ids; each one that is not (:func:`~sdreval.io.ids.id_text`: a boolean, a fraction, a
    null...) is an error of its sample naming the list and the item (``retrieved_context_ids[1]
    is missing``), not the ``doc_id`` the rows are read as."""
    bad = id_text(ids)[1]
    for j in np.flatnonzero(bad).tolist():
        check.report([int(at[j])], lambda _, j=j: f"{key}[{rank[j] - 1}] {id_problem(ids[j])}")
    return ~bad


def _say_missing(frame: Any, key: str, asked: str, missing: np.ndarray,
                 place: Callable[[int], str] | None, log: ProblemLog | None, file: str) -> None:
    """Warn of the samples without a list of expected ids (RAGAS refuses them): their
    questions are not in the judgements, so a run's results for them are ignored (the run's
    warning says only that)."""
    log, own = given_log(log)
    first = int(missing[0])
    where = (place or (lambda i: row_place(frame.index[i])))(first)
    log.warn(file, None, f"{key} is missing in {len(missing)} sample(s) (first: "
             f"{where}, {asked} {shown(frame[asked].iloc[first])}): that question is not "
             "judged, so it is not in the judgements and a run's results for it are "
             "ignored; give its expected ids ([] if none), or leave the sample out")
    finish(log, own)


def ragas_frame_qrels(frame: Any, scale: str | None, log: ProblemLog | None) -> Qrels:
    """The judgements of RAGAS's ID-based samples in a DataFrame (records are read as one):
    :func:`ragas_id_rows`, the table's rules, then :func:`ragas_judged_empty`."""
    from .frame_qrels import qrels_from_table

    rows = ragas_id_rows(frame, "qrels", log=log)[0]
    return ragas_judged_empty(frame, qrels_from_table(rows, scale, "(DataFrame)", log))


def ragas_judged_empty(frame: Any, qrels: Qrels, place: Callable[[int], str] | None = None
                       ) -> Qrels:
    """``qrels`` read from RAGAS's ID-based samples ``frame`` (:func:`ragas_id_rows`) with the
    questions whose ``reference_context_ids`` is an empty list added, judged with nothing
    relevant, as a topic judged with no relevant document is in TREC qrels (RAGAS scores its
    ``IDBasedContextPrecision`` 0 and its ``IDBasedContextRecall`` NaN): the means leave it out
    or, with ``--zero-rel-as-zero`` (``zero_rel=True``), score it 0, as every such topic,
    and say which.  The topics in the samples' order."""
    asked = next(c for c in TOPIC + ("user_input",) if c in frame.columns)
    key = id_list_key(frame.columns, "qrels")
    empty = np.array([isinstance(v, (list, tuple, np.ndarray)) and not len(v)
                      for v in frame[key].tolist()], dtype=bool) if key else np.zeros(0, bool)
    if not empty.any():
        return qrels
    raw = frame[asked].to_numpy(dtype=object)
    names, bad = id_text(raw)
    wrong = np.flatnonzero(bad & empty)
    if len(wrong):
        first = int(wrong[0])
        raise UsageError(f"{(place or (lambda i: row_place(frame.index[i])))(first)}: "
                         f"{asked} {id_problem(raw[first])}")
    for topic in names[empty].tolist():
        qrels.topic(topic)
    order = [t for t in dict.fromkeys(names.tolist()) if t in qrels.topics]
    if list(qrels.topics) != order:
        qrels.topics = {t: qrels.topics[t] for t in order}
    return qrels


def _read(path, log, root, build, what):
    log, own = given_log(log)
    table = load_table(path, log, ID_COLUMNS, root)
    try:
        samples = table if ragas_samples(table.frame.columns) else None
        if samples is not None:
            frame, at = ragas_id_rows(table.frame, what, table.place, log, table.file, table)
            table = table.taken(frame.reset_index(drop=True), at)
        result = build(table, log)
        if samples is not None and what == "qrels":
            result = ragas_judged_empty(samples.frame, result, samples.place)
    except UsageError as error:  # columns missing or clashing: the file's problem
        log.raise_if_errors()  # unless the rows were refused first (none left: no columns)
        raise InputError(str(error), table.file) from None
    finish(log, own)
    return result


def ragas_id_records(source: Any) -> Any:
    """Records of RAGAS's ID-based samples as their DataFrame (read as one: the lists of ids
    make rows, :func:`ragas_id_rows`); anything else as it is."""
    from collections.abc import Mapping

    if isinstance(source, list) and source and isinstance(source[0], Mapping) and \
            ragas_samples(source[0]):
        import pandas as pd

        return pd.DataFrame(source)
    return source
