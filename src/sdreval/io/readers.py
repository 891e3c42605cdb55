"""``read_qrels`` and ``read_run``: judgements and runs from any source, one entry each.

A source is a file path (its format detected from content, :mod:`sdreval.io.detect`, unless
``fmt`` names it; tables of documents as Parquet files or datasets, JSONL, CSV or TSV:
:mod:`sdreval.io.doc_tables`), an open file, an sdreval object, a dict (``{topic: {doc:
grade}}`` qrels, ``{topic: {doc: score}}`` runs, ``(doc, path)`` keys for elements, ``(doc,
offset, length)`` keys for passages, or columns ``{"topic": [...], ...}``), a pandas DataFrame
(an Arrow table, a polars DataFrame or a RAGAS EvaluationDataset is read as one), records
(ir_measures/ir_datasets namedtuples, dicts or tuples; any iterable) or ranx ``Qrels``/``Run``.
Tables keep their units (``path`` columns make elements, ``offset``/``length`` passages) and
are validated by the file readers' rules (:mod:`sdreval.io.table_checks`); span keys
(``query_id, doc_id, start, end``) make span inputs (:mod:`sdreval.io.spans`).
"""
from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from importlib import import_module
from numbers import Number
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import ProblemLog, UsageError
from .detect import QRELS_FORMATS, RUN_FORMATS, resolve_format
from .json_files import is_qa_dataset, qa_judgements, read_json_file
from .table_syntax import TOPIC
from .text_hints import aid_checked
from .textlines import finish, given_log

if TYPE_CHECKING:  # annotations only: reading a file imports no pandas
    from ..judgements.qrels import Qrels
    from ..model.run import Run
    from ..model.tree import Collection


# ------------------------------------------------------------------------------------ files

#: the readers (module, function; imported on first use) of the qrels formats that set their
#: own scale
_OWN_SCALE = {"span-qrels": (".spans", "read_span_qrels"), "fol-qrels": (".fol", "read_fol_qrels"),
              "passage-qrels": (".fol", "read_passage_qrels"),
              "native-qrels": (".native", "read_native_qrels"),
              "trec-qrels": (".trec_qrels", "read_trec_qrels")}


def _qrels_file(path: str | Path, fmt: str | None, log: ProblemLog | None, documents,
                collection: Collection | None, pool_policy: str,
                scale: str | None = None) -> Qrels:
    kind = resolve_format(path, fmt, QRELS_FORMATS, "judgements")
    if kind == "ranx-json":
        from .interop import qrels_from_dict

        return read_json_file(path, log,
                              lambda data, inner: qrels_from_dict(data, scale, inner),
                              qrels=True, told=fmt is not None)
    if kind == "table-qrels":
        from .doc_tables import read_table_qrels

        return read_table_qrels(path, log, scale)
    if kind in _OWN_SCALE:  # a file that sets its own scale: a scale= naming another refused
        module, name = _OWN_SCALE[kind]
        read = getattr(import_module(module, __package__), name)
        found = read(path, log, documents) if kind == "span-qrels" else read(path, log)
        if scale is not None and scale != found.scale:
            raise UsageError(f"scale={scale!r}, but the judgements of this {kind} file are on "
                             f"scale {found.scale!r} (scale= sets the scale of tables, "
                             "ranx-json files and INEX assessments)")
        return found
    from .inex_assessments import read_inex_assessments

    return read_inex_assessments(path, log, scale, collection=collection,
                                 pool_policy=pool_policy)


def _run_file(path: str | Path, fmt: str | None, log: ProblemLog | None, chunk_map,
              documents) -> Run:
    kind = resolve_format(path, fmt, RUN_FORMATS, "a run")
    if kind == "ranx-json":
        from .interop import run_from_dict
        from ..model.runnames import file_stem

        return read_json_file(path, log,
                              lambda data, inner: run_from_dict(data, file_stem(path), inner),
                              told=fmt is not None)
    if kind == "document-run" and chunk_map is not None:
        kind = "chunk-run"
    if kind == "table-run":
        from .doc_tables import read_table_run

        return read_table_run(path, log)
    if kind == "span-run":
        from .spans import read_span_run

        return read_span_run(path, log, documents)
    if kind == "chunk-run":
        if chunk_map is None:
            raise UsageError(f"{path}: a chunk-ID run needs the chunk map (--chunk-map FILE "
                             "with chunk_id, doc_id, start, end)")
        from .spans import read_chunk_run

        return read_chunk_run(path, chunk_map, log)
    if kind == "inex-submission":
        from .inex_submission import read_inex_submission

        return read_inex_submission(path, log)
    from .trec import read_trec_run

    return read_trec_run(path, kind.split("-")[0], log)


def read_collection(path: str | Path, log: ProblemLog | None = None) -> Collection:
    """A lazily loaded collection from a directory of XML documents
    (:func:`sdreval.io.collection.read_collection`, imported on first use)."""
    from .collection import read_collection as read_directory

    return read_directory(path, log)


# ---------------------------------------------------------------------------------- sources

def is_file_object(obj: Any) -> bool:
    """An open file (anything with a ``read`` method)."""
    return hasattr(obj, "read") and callable(obj.read)


def is_frame(obj: Any) -> bool:
    """A pandas DataFrame (checked without importing pandas)."""
    return type(obj).__name__ == "DataFrame" and type(obj).__module__.startswith("pandas")


def is_span_data(source: Any, key: str | None, what: str | None = None) -> bool:
    """A DataFrame or list of records with span keys (``query_id, doc_id, start, end``, and
    ``key`` when given): span qrels or span runs (:mod:`sdreval.io.spans`)."""
    return _table_kind(source, key, what) == ("span-qrels" if key else "span-run")


def _table_kind(source: Any, key: str | None, what: str | None = None) -> str | None:
    """The span input (``span-qrels``, ``span-run``, ``chunk-run``) a DataFrame or records
    hold, by a file's keys (``key``: a qrels key), or None; as ``what``, documents refused."""
    if is_frame(source):
        columns = set(source.columns)
    elif isinstance(source, list) and source and isinstance(source[0], Mapping):
        columns = set(source[0])
    else:
        return None
    if {"query_id", "doc_id", "start", "end"} | ({key} if key else set()) <= columns:
        return "span-qrels" if key else "span-run"
    from .spans import span_format  # RAG tools' keys (LlamaIndex, LangChain), as in files

    records = None if is_frame(source) else source
    return aid_checked(span_format([str(c) for c in columns], None if key else "run"), what,
                       "(DataFrame)" if records is None else "(records)", records)


def _span_aids(chunk_map, documents) -> tuple:
    """A chunk map and documents given by path read (:func:`sdreval.io.spans.given_aids`)."""
    if chunk_map is None and documents is None:
        return None, None
    from .spans import given_aids

    return given_aids(chunk_map, documents)


def _from_file(obj: Any, read):
    """``read(path)`` of a path, or of an open file spooled to a temporary file (readers take
    paths; named ``.gz`` when its bytes are gzip data, whatever the object's name)."""
    if isinstance(obj, (str, os.PathLike)):
        return read(obj)
    data = obj.read()
    raw = data.encode("utf-8") if isinstance(data, str) else bytes(data)
    suffix = ".gz" if raw.startswith(b"\x1f\x8b") else ""  # gzip.open(...) gives plain bytes
    import tempfile  # open files only (with shutil, bz2, lzma: ~5 ms at every start)

    handle, temporary = tempfile.mkstemp(suffix=suffix, prefix="sdreval-")
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(raw)
        return read(temporary)
    finally:
        os.unlink(temporary)


def _as_source(source: Any, wanted: str) -> Any:
    """``source`` as the readers take it (``wanted``: "judgements" or "a run"): an Arrow
    ``Table``/``RecordBatch``, a polars ``DataFrame`` or a RAGAS ``EvaluationDataset`` as a
    pandas DataFrame (same rules); sdreval's or ranx's ``Qrels`` given as a run, or a run
    object as the judgements, refused (the arguments swapped, said as for files)."""
    name, module = type(source).__name__, type(source).__module__
    if (module.startswith("pyarrow") and name in ("Table", "RecordBatch")) or \
            (module.startswith("polars") and name == "DataFrame") or \
            (module.startswith("ragas") and name == "EvaluationDataset"):
        return source.to_pandas()
    kind = {"Qrels": "judgements", "Run": "a run"}.get(name)
    if kind is not None and kind != wanted:
        raise UsageError(f"this is a {name} object ({kind}), not {wanted}: are the qrels and "
                         "the run swapped? (evaluate(qrels, runs, ...): the judgements come "
                         "first)")
    return source


def _no_format(fmt: str | None, source: Any, run: bool = False) -> None:
    if fmt is not None:
        raise UsageError(f"fmt={fmt!r} names a file format, but the source is a "
                         f"{type(source).__name__}, not a file"
                         + (" (give a run's name as name=)" if run else ""))


def read_qrels(source: Any, fmt: str | None = None, log: ProblemLog | None = None,
               documents=None, *, scale: str | None = None, collection: Any = None,
               pool_policy: str = "main") -> Qrels:
    """Judgements from any source (module docstring): a :class:`Qrels` is returned as it is.

    Files: ``fmt`` forces a format (detected from content otherwise); INEX XML assessments
    (a file or a directory of pool files) resolve their X-RAI passages against
    ``collection`` (a Collection or a directory) and combine pools by ``pool_policy``;
    ``documents`` (:class:`sdreval.io.spans.Documents`, or a path) checks span offsets.
    Tables and records: columns topic, doc and relevance (or exhaustivity and specificity),
    with ``path`` for elements and ``offset``/``length`` (or ``start``/``end``) for
    highlighted passages.  ``scale`` names the judgement scale of tables, records, dicts and
    ranx-json files, and forces that of INEX assessments (inferred otherwise); another file
    sets its own, and a ``scale`` naming another is refused.  Problems go to ``log``;
    without one, every error is raised at the end as one :class:`InputError` naming the
    file and line (or row)."""
    from ..judgements.qrels import Qrels

    if isinstance(source, Qrels):
        return source
    source, documents = _as_source(source, "judgements"), _span_aids(None, documents)[1]
    if isinstance(source, (str, os.PathLike)) or is_file_object(source):
        if isinstance(collection, (str, os.PathLike)):
            collection = read_collection(collection)
        return _from_file(source, lambda path: _qrels_file(path, fmt, log, documents,
                                                           collection, pool_policy, scale))
    _no_format(fmt, source)
    from . import interop
    from .doc_tables import ragas_id_records
    from .spans.objects import result_rows

    source = ragas_id_records(result_rows(source))  # LangChain/LlamaIndex objects: dicts
    if is_span_data(source, "relevance", "judgements"):
        from .spans import span_qrels_from_frame

        return span_qrels_from_frame(source, documents, log=log)
    if is_frame(source):
        from .doc_tables import ragas_frame_qrels, ragas_samples
        from .frame_qrels import qrels_from_table

        if ragas_samples(source.columns):  # RAGAS's ID-based samples
            return ragas_frame_qrels(source, scale, log)
        return qrels_from_table(source, scale, "(DataFrame)", log)
    if isinstance(source, Mapping):
        if is_qa_dataset(source):  # LlamaIndex's retrieval dataset, as read from its file
            source = qa_judgements(dict(source), "(dict)", True)
        return interop.qrels_from_dict(source, scale, log)
    if type(source).__name__ == "Qrels" and hasattr(source, "to_dict"):
        return interop.qrels_from_ranx(source)
    if isinstance(source, Iterable) and not isinstance(source, (bytes, bytearray)):
        return interop.qrels_from_ir_measures(source, scale, log)
    raise UsageError(f"cannot read qrels from {type(source).__name__}")


def read_run(source: Any, fmt: str | None = None, log: ProblemLog | None = None,
             chunk_map=None, documents=None, *, name: str | None = None) -> Run:
    """A run from any source (module docstring): a :class:`Run` is returned as it is (renamed
    when ``name`` is given).  A given ``name`` wins over the name a file or table gives its
    run (run-id, run column, file name): a warning says so when they differ.

    Files: ``fmt`` forces a format (detected from content otherwise); ``chunk_map`` (a
    :class:`sdreval.io.spans.ChunkMap`, a path or a table) maps a chunk-ID run (JSONL, a TREC
    document run, a table or records of chunk ids) onto spans; ``documents`` (or a path)
    checks and converts span offsets.  Tables and records: columns topic, doc, score and
    optionally rank, path, offset/length or start/end.  Scores may be any real numbers
    (numpy scalars included); NaN, infinities, negative offsets and the like are refused as
    in files.  Problems go to ``log`` as for :func:`read_qrels`."""
    from ..model.run import Run

    if isinstance(source, Run):
        return _renamed(source, name, log, "(run)", "the Run object is named")
    source = _as_source(source, "a run")
    chunk_map, documents = _span_aids(chunk_map, documents)
    if isinstance(source, (str, os.PathLike)) or is_file_object(source):
        run = _from_file(source, lambda path: _run_file(path, fmt, log, chunk_map, documents))
        where = getattr(source, "name", None) if is_file_object(source) else source
        return _renamed(run, name, log, str(where or "(file)"), "the file names the run",
                        " (its run-id, run column or file name)")
    _no_format(fmt, source, run=True)
    from . import interop
    from .doc_tables import ragas_id_records
    from .spans.objects import result_rows

    source = ragas_id_records(result_rows(source))  # LangChain/LlamaIndex objects: dicts
    named = ...
    if is_frame(source) and name:  # a given name differing from its run column's: stated
        from .table_checks import chosen_run_name, single_run_name

        named = single_run_name(source, "(DataFrame)")
        differs = chosen_run_name(name, named)[1]
        if differs:
            _state(log, "(DataFrame)", differs)
    kind = _table_kind(source, None, "a run")  # a span input's, by its keys
    if kind == "chunk-run":  # chunk ids: spans by the map, as in files
        from .spans import chunk_run_from_frame

        if chunk_map is None:
            raise UsageError("a chunk-ID run needs the chunk map (chunk_map=: read_chunk_map, "
                             "chunk_id, doc_id, start, end)")
        return chunk_run_from_frame(source, chunk_map, name, log)
    if kind == "span-run":  # a table's run column names it, as a table file's does
        from .spans import span_run_from_frame

        return span_run_from_frame(source, name, documents, log=log)
    if is_frame(source):
        from .doc_tables import ragas_id_rows, ragas_samples
        from .frames import run_from_table

        if ragas_samples(source.columns):  # RAGAS's ID-based samples
            source = ragas_id_rows(source, "run")[0]
        return run_from_table(source, name, "(DataFrame)", log, named=named)
    if isinstance(source, Mapping):
        if is_qa_dataset(source):  # judgements (LlamaIndex's retrieval dataset): refused
            qa_judgements(dict(source), "(dict)", False)
        return interop.run_from_dict(source, name or "run", log)
    if type(source).__name__ == "Run" and hasattr(source, "to_dict"):
        return interop.run_from_ranx(source, name)
    if isinstance(source, Iterable) and not isinstance(source, (bytes, bytearray)):
        return interop.run_from_ir_measures(source, name or "run", log)
    raise UsageError(f"cannot read a run from {type(source).__name__}")


def _state(log: ProblemLog | None, where: str, message: str) -> None:
    """A rule applied in reading, said as a warning of ``where``."""
    stated, own = given_log(log)
    stated.warn(where, None, message)
    finish(stated, own)


def _renamed(run: Run, name: str | None, log: ProblemLog | None = None, where: str = "",
             owner: str = "", owner_note: str = "") -> Run:
    """``run`` under the given ``name``: the given name wins over the run's own, said as a
    warning of ``where`` (``owner``: who named the run) when they differ."""
    from ..model.run import Run

    if name is None or name == run.name:
        return run
    if name and owner:
        _state(log, where, f"{owner} {run.name!r}{owner_note}; it is named {name!r} as given")
    return Run(name, run.topics, run.unit, run.source, run.overlap_expected)


def read_runs(runs: Any) -> list[Run]:
    """Several runs: a :class:`Run`/path/dict/table/records, a list of them, or a mapping
    ``{name: run}`` (names given to the runs).  A mapping whose values are ``{doc: score}``
    dicts, or a column dict, is one run; an iterable of records is one run.  Names are
    made distinct once here (:func:`sdreval.model.runnames.distinct_runs`)."""
    import warnings

    from ..model.run import Run
    from ..model.runnames import distinct_runs
    from .doc_tables import ragas_id_records
    from .spans.objects import result_rows

    runs = ragas_id_records(result_rows(_as_source(runs, "a run")))  # {query: [Document]}: 1 run
    if isinstance(runs, Mapping) and not _is_run_dict(runs):
        return [read_run(value, name=str(key)) for key, value in runs.items()]
    if isinstance(runs, (Run, str, os.PathLike, Mapping)) or is_frame(runs) or \
            is_file_object(runs) or type(runs).__name__ == "Run" or is_span_data(runs, None):
        return [read_run(runs)]
    items = list(runs)
    if items and _is_record(items[0]):
        return [read_run(items)]
    return distinct_runs([read_run(r) for r in items], warnings.warn)


def _is_run_dict(mapping: Mapping) -> bool:
    """One run: ``{topic: {unit: score}}`` (values are mappings of numbers, or of text the
    run's reader reads as numbers, as a table's) or columns; the first non-empty mapping
    decides (an empty one is a topic without results, or a run without any)."""
    if any(key in mapping for key in TOPIC) and all(
            isinstance(v, (list, tuple)) or hasattr(v, "__array__")
            for v in mapping.values()):
        return True
    for value in mapping.values():
        if isinstance(value, Mapping):
            if not value:
                continue
            return all(isinstance(v, (Number, str)) or v is None for v in value.values())
            # None: a missing score, refused by the run's reader
        return False
    return True


def _is_record(item: Any) -> bool:
    """An ir_measures/ir_datasets namedtuple, a record dict or a ``(qid, doc, score)``
    tuple (rather than a run)."""
    if hasattr(item, "_fields"):
        return True
    if isinstance(item, Mapping):
        return any(key in item for key in TOPIC)
    return isinstance(item, tuple) and len(item) >= 3 and (isinstance(item[2], Number) or
                                                           item[2] is None)  # None: refused
