"""``sdreval validate FILE...``: check qrels, runs and collections; list every problem.

Each problem is printed as ``file:line: severity: message`` as soon as it is found (so that
memory stays bounded however many there are), then one summary line per input.  When qrels
and runs are validated together, run topics without judgements are reported as warnings
(``eval`` reports them too).  Exit status: 1 if any input has an error, else 0 (warnings
alone do not fail).
"""
from __future__ import annotations

import os
import sys
from typing import Callable

import click

from ..errors import InputError, Problem, ProblemLog, UsageError, shown_source
from ..io.detect import (ALIASES, ALL_FORMATS, QRELS_FORMATS, RUN_FORMATS, SPAN_TABLES,
                         detect_format, normalise_format)
from ..io import read_collection, read_qrels, read_run
from ..io.json_files import json_holds
from ..judgements.qrels import Qrels
from ..model.run import Run
from ..measures.doc_ids import check_chunk_ids
from ..orchestrate.inputs import check_input_topics
from .common import EXIT_INVALID_INPUT, EXIT_OK, NAME, handle_errors, pool_policy_option
from .paths import TABLE_INPUT, InputPath



def forced_format(fmt: str | None, path: str | None = None) -> str | None:
    """The canonical name of ``validate --format`` (a format of judgements, runs, a collection,
    or a chunk map or documents); a usage error naming every format validate takes."""
    if not fmt or fmt.lower() in SPAN_TABLES:
        return fmt.lower() if fmt else None
    if ALIASES.get(fmt.lower(), fmt.lower()) not in ALL_FORMATS + ("table",):
        raise UsageError(f"unknown format {fmt!r}; expected one of "
                         f"{', '.join(ALL_FORMATS + SPAN_TABLES)}")
    return normalise_format(fmt, path=path)


def validate_file(path: str, fmt: str | None = None, sink: Callable[[Problem], None] | None = None,
                  collection=None, pool_policy: str = "main", documents=None, chunk_map=None
                  ) -> tuple[str, ProblemLog, object, str]:
    """Read one input leniently: ``(format, log, object read or None, summary)``.  With a
    ``sink`` every problem goes to it as found (none is kept: bounded memory); the log
    counts them.  INEX XML assessments resolve their X-RAI passages against ``collection``
    when given; span qrels and runs are located in ``documents`` when given; with a
    ``chunk_map``, TREC document runs and chunk-ID runs are read as chunk-ID runs (as
    ``eval --chunk-map`` reads them)."""
    log = ProblemLog(sink=sink)
    try:
        kind = forced_format(fmt, path) if fmt else detect_format(path)
    except InputError as error:
        _add(log, error)
        return "unknown", log, None, "format not recognised"
    obj: object = None
    summary = ""
    try:
        if kind in ("chunk-map", "documents") or (kind == "chunk-run" and chunk_map is None):
            summary = _span_summary(path, kind, log, documents)
            return kind, log, None, summary + (_NODES if kind == "chunk-map" and not fmt
                                               and _llamaindex_dump(path) else "")
        if kind in QRELS_FORMATS and (kind != "ranx-json" or json_holds(path) == "qrels"):
            obj = qrels = read_qrels(path, kind, log, documents, collection=collection,
                                     pool_policy=pool_policy)
            judged = sum(len(t.elements) + len(t.passages) for t in qrels.topics.values())
            summary = f"{len(qrels):,} topics, {judged:,} judgements, relevance scale {qrels.scale}"
            check_input_topics(qrels, ())  # as eval refuses it, at its line
            if kind == "inex-assessments" and os.path.isdir(path):
                summary += f", {_tree_files(path)}"
        elif kind in RUN_FORMATS:
            obj = run = read_run(path, kind, log, chunk_map=chunk_map, documents=documents)
            kind = "chunk-run" if chunk_map is not None and kind == "document-run" else kind
            summary = f"run {run.name!r}, {len(run.topics):,} topics, {len(run):,} results"
            check_input_topics(None, (run,))  # as eval refuses it, at its line
            if collection is not None and run.unit in ("element", "document") and not \
                    log.error_count:
                summary += _placed(run, collection, log)
        else:
            obj = collection = read_collection(path, log)
            elements = 0
            for doc in collection:  # the documents (element_count's, each error logged)
                try:
                    elements += len(collection[doc])
                except InputError as error:
                    _add(log, error)
            documents, others = len(collection), len(collection.others)
            for doc, message in collection.others.items():  # topics beside the documents
                log.warn(str(collection.files[doc]), None, message)
            summary = f"{documents:,} documents, {elements:,} elements" + (
                f" ({others} XML file(s) left out: not documents)" if others else "")
            if not documents:
                log.error(path, None, "no .xml document in this directory (a collection is a "
                                      "directory of XML files, one per document" + (
                                          "; its XML files are not documents"
                                          if others else "") + ")")
    except InputError as error:  # a problem that stops the reader (unreadable file, strict)
        _add(log, error)
    except NotImplementedError:
        log.error(path, None, f"the {kind} reader is not available in this version")
    return kind, log, obj, summary


def _placed(run: Run, collection, log: ProblemLog) -> str:
    """The results of an element or document run placed in the collection as ``convert --to
    passage`` and the passage measures of ``eval`` place them: each that cannot be (its
    document not in the collection, its path not an element of the document) a warning, as
    ``eval`` leaves it out (``convert --strict`` and ``eval --strict`` refuse the run)."""
    from dataclasses import replace

    from ..model.conversion import element_run_to_passage_run

    placing = ProblemLog(sink=lambda problem: log.add(replace(problem, severity="warning")))
    placed = len(element_run_to_passage_run(run, collection, placing))
    return f", {placed:,} of them placed in the collection"


def roles(path: str, fmt: str | None) -> list[str | None]:
    """The formats to check ``path`` in: ``fmt`` when given, else the one detected; a file
    read as a run where a run is given and as judgements where judgements are (RAGAS samples:
    gold and retrieved contexts, as ``eval`` detects them) is checked in both roles."""
    if fmt:
        return [fmt]
    try:
        as_judgements, as_run = detect_format(path), detect_format(path, "run")
    except InputError:
        return [None]  # validate_file reports it
    return [None] if as_run == as_judgements else [as_judgements, as_run]


def _tree_files(path: str) -> str:
    """How many assessment files of a directory tree were checked (``in_progress/`` pools, which
    X-RAI had not completed, are counted apart: they are not read)."""
    from pathlib import Path

    xml = [p for p in Path(path).rglob("*") if p.suffix.lower() == ".xml" and p.is_file()]
    unfinished = sum("in_progress" in (part.lower() for part in p.relative_to(path).parts)
                     for p in xml)
    return (f"{len(xml) - unfinished} file(s) checked"
            + (f", {unfinished} under in_progress/ not read" if unfinished else ""))


def _add(log: ProblemLog, error: InputError) -> None:
    if error.logged_in is log:  # raised for the errors already in the log: counted once
        return
    for problem in error.problems:
        log.add(problem)


#: the reading chosen for LlamaIndex dumps, whose keys a node and a document share
_NODES = (" (read as LlamaIndex nodes: a dumped LlamaIndex Document has the same keys; "
          "--format documents reads it as documents)")


def _llamaindex_dump(path: str) -> bool:
    """Whether a table has the keys of LlamaIndex's ``model_dump()`` (``id_`` and
    ``relationships``): TextNodes, and Documents alike."""
    from ..io.spans import sniff_columns
    from ..io.spans.objects import llamaindex_dump

    found = sniff_columns(path)
    return found is not None and llamaindex_dump(found[1])


def _span_summary(path: str, kind: str, log: ProblemLog, documents=None) -> str:
    """Chunk maps (their offsets checked in ``documents`` when given) and documents of span
    evaluation (``docs/rag.md``); a chunk-ID run needs its chunk map, so it is only
    recognised here."""
    from ..io.spans import read_chunk_map, read_documents

    if kind == "chunk-map":
        return f"{len(read_chunk_map(path, log, documents))} chunks"
    if kind == "documents":
        return f"{len(read_documents(path, log).texts)} documents"
    log.warn(path, None, "a chunk-ID run is checked with its chunk map: sdreval validate RUN "
                         "--chunk-map FILE")
    return "chunk-ID run (not checked without its chunk map)"


EXAMPLES = """\b
Examples:
  sdreval validate qrels.tsv run1.txt run2.xml
  sdreval validate docs/ --errors-only
  sdreval validate --format passage-run run.txt
"""


@click.command("validate", epilog=EXAMPLES)
@click.argument("files", nargs=-1, required=True, type=InputPath(exists=True, allow_dash=True))
@click.option("--format", "fmt", type=NAME, default=None,
              help="Force the format of every FILE instead of detecting it: "
                   + ", ".join(dict.fromkeys(QRELS_FORMATS + RUN_FORMATS)) + ", collection, "
                   + ", ".join(SPAN_TABLES) + ".")
@click.option("--errors-only", is_flag=True, help="Do not print warnings.")
@click.option("--collection", "collection_dir", type=click.Path(exists=True, file_okay=False),
              default=None, help="XML collection: INEX assessment passages given as XPointers "
                                 "are resolved (and checked) against it, and the results of "
                                 "element and document runs placed in it (as convert --to "
                                 "passage places them; each that cannot be is a warning).")
@pool_policy_option
@click.option("--documents", type=TABLE_INPUT, default=None,
              help="Documents (doc_id, text) of span qrels and runs: offsets checked, text "
                   "given contexts located (RAGAS samples).")
@click.option("--chunk-map", multiple=True, type=TABLE_INPUT,
              help="Chunk map (chunk_id, doc_id, start, end): chunk-ID runs (TREC or JSONL) "
                   "are read through it, as eval --chunk-map reads them; repeat for several "
                   "chunkings (an id in two names one span).")
@handle_errors
def validate_command(files, fmt, errors_only, collection_dir, pool_policy, documents, chunk_map):
    """Check qrels, runs or collection directories and list every problem (exit 1 on errors).

    A file named - is read from standard input (gzip-compressed too)."""
    failed = False
    collection = read_collection(collection_dir) if collection_dir else None
    qrels_topics: set[str] | None = None
    runs, kinds, qrels_read = [], set(), []
    def show(problem: Problem) -> None:  # every problem, printed as found, none kept
        if not errors_only or problem.severity == "error":
            click.echo(str(problem))

    chunk_map_path, chunk_map = chunk_map, chunk_map or None
    if documents or chunk_map:  # an error stops, as in eval; warnings shown as the inputs'
        from .eval_inputs import span_inputs

        documents_log = ProblemLog()
        documents, chunk_map = span_inputs({"documents": documents, "chunk_map": chunk_map},
                                           documents_log)[:2]
        for problem in documents_log.warnings:
            show(problem)
    for path, role in ((path, role) for path in files for role in roles(path, fmt)):
        kind, log, obj, summary = validate_file(path, role, show, collection, pool_policy,
                                                documents, chunk_map)
        kinds.add(kind)
        if isinstance(obj, Qrels):  # (a ranx JSON file is either)
            qrels_topics = (qrels_topics or set()) | set(obj.topics)
            qrels_read.append(obj)
        elif isinstance(obj, Run):
            runs.append((path, obj))
        errors, warnings = log.error_count, log.warning_count
        failed |= errors > 0
        status = "INVALID" if errors else "ok"
        click.echo(f"{shown_source(path)}: {status}: {kind}{', ' + summary if summary else ''}; "
                   f"{errors} error(s), {warnings} warning(s)")
    if not errors_only:
        from .eval_inputs import unused_documents, unused_pool_policy

        collection_unused = collection_dir and "inex-assessments" not in kinds and not any(
            run.unit in ("element", "document") for _, run in runs) and (
            "--collection not used: it resolves the XPointer passages of INEX XML "
            "assessments and places the results of element and document runs, and no input "
            "is one (a collection is checked as a FILE)")
        from ..measures.defaults import rsv_order_hints
        from ..model.runnames import distinct_runs

        distinct_runs([run for _, run in runs],  # as eval says it
                      lambda message: click.echo(f"sdreval: warning: {message}"))
        for path, run in runs:  # eval's ranking of document runs (file order by default)
            for hint in rsv_order_hints([run], "file"):
                click.echo(f"{shown_source(path)}: warning: {hint}")
        for unused in (unused_documents(kinds, {"documents": documents,
                                                "chunk_map": chunk_map_path}),
                       unused_pool_policy(files), collection_unused):
            if unused:
                click.echo(f"sdreval: warning: {unused}")
    if qrels_topics is not None and not errors_only:
        from ..measures.serial import unjudged_run_topics

        for path, run in runs:  # as eval says it
            if (unknown := unjudged_run_topics(run, qrels_topics)) is not None:
                click.echo(f"{shown_source(path)}: warning: {unknown}")
    for qrels in qrels_read:  # a chunk-ID run without its chunk map, as eval refuses it
        try:
            check_chunk_ids(qrels, [run for _, run in runs])
        except InputError as error:
            failed = True
            for problem in error.problems:
                click.echo(str(problem))
            break
    sys.exit(EXIT_INVALID_INPUT if failed else EXIT_OK)

