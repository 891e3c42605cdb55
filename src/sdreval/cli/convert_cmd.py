"""``sdreval convert IN OUT [--collection DIR] [--to ...]``.

Runs: INEX XML submission -> TREC-like element run (default), element/document run ->
passage (FOL) run with ``--collection`` (each element becomes the character range of its text;
results in documents missing from the collection are reported), any run -> ``inex-xml``;
element/passage run -> ``document`` lists each document once, at its first result.
Judgements: INEX XML assessments -> native TSV (elements) or FOL qrels (passages); FOL qrels ->
TREC qrels at the document level (``--to trec-qrels``, the default for FOL input: a document is
relevant, rel 1, when it has highlighted text, relchars > 0 or a passage, and judged
non-relevant, rel 0, when listed with relchars 0 and no passage; graded span qrels: the highest
grade of the document's gold spans);
span qrels -> FOL qrels with ``--documents`` (their lengths; grades are not written: warned).
Problems of the input are listed; errors exit 1, warnings are printed and the output written.
Results that cannot be converted (document not in the collection, path not in the document)
are each listed and left out of the output, with a count; ``--strict`` makes them errors.
``--collection`` and ``--strict`` given where the conversion does not read them are said to
be unused (a warning).
OUT named as a table file (``.parquet``, ``.csv``, ``.jsonl``, ``.json``) is a usage error:
convert writes text and INEX XML only.
"""
from __future__ import annotations

import click

from ..errors import ProblemLog, SdrevalError, UsageError
from ..io.detect import QRELS_FORMATS, RUN_FORMATS, detect_format, normalise_format
from ..io import read_collection, read_qrels, read_run
from ..io.json_files import json_holds
from ..io.writers import write_fol_qrels, write_native_qrels, write_run, write_trec_qrels
from .common import NAME, echo_problems, handle_errors, pool_policy_option
from .paths import TABLE_INPUT, InputPath, WritePath

TARGETS = ("element", "passage", "document", "inex-xml", "native", "fol", "trec-qrels")


EXAMPLES = """\b
Examples:
  sdreval convert run.xml run.txt
  sdreval convert run.txt run.passages.txt --collection docs/ --to passage
  sdreval convert assessments.xml qrels.tsv
  sdreval convert inex2010.qrels documents.qrels --to trec-qrels
"""


@click.command("convert", epilog=EXAMPLES)
@click.argument("source", metavar="IN", type=InputPath(exists=True, allow_dash=True))
@click.argument("target", metavar="OUT", type=WritePath(dir_okay=False))
@click.option("--to", "to", type=click.Choice(TARGETS), default=None,
              help="Output format (default: element run for XML runs, passage run when "
                   "--collection is given, native TSV or FOL for judgements, TREC qrels for "
                   "FOL qrels).")
@click.option("--collection", "collection_dir", type=click.Path(exists=True, file_okay=False),
              default=None, help="XML collection, to turn elements into character ranges.")
@click.option("--format", "fmt", type=NAME, default=None,
              help="Force the input format instead of detecting it: inex-submission, "
                   "inex-assessments, element-run, passage-run, document-run, fol-qrels, "
                   "native-qrels, passage-qrels, trec-qrels, table-run, table-qrels (Parquet, "
                   "JSONL, CSV, TSV tables: docs/inputs.md).")
@click.option("--strict", is_flag=True,
              help="Fail (exit 1, nothing written) if a result cannot be converted.")
@click.option("--documents", type=TABLE_INPUT, default=None,
              help="Documents (doc_id, text) of span qrels or runs: offsets checked, and the "
                   "document lengths that FOL qrels need.")
@pool_policy_option
@handle_errors
def convert_command(source, target, to, collection_dir, fmt, strict, documents, pool_policy):
    """Convert IN (a run or judgements) to OUT in another format.

    OUT is text (TREC-like runs and qrels, FOL, native TSV) or INEX XML (- for standard
    output); an OUT named as a table (.parquet, .csv, .jsonl, .json) is refused."""
    from .eval_inputs import unused_pool_policy

    _text_target(target)
    log = ProblemLog()
    unused = unused_pool_policy([source])
    if unused:
        log.warn(None, None, unused)
    kind = normalise_format(fmt, path=source) if fmt else detect_format(source)
    if documents:
        from .eval_inputs import span_inputs, unused_documents

        unused = unused_documents({kind}, {"documents": documents})
        if unused:
            log.warn(None, None, unused)
        documents = span_inputs({"documents": documents}, log)[0]
    listed = f" --collection {collection_dir}" if collection_dir else ""
    try:
        if kind in RUN_FORMATS and (kind != "ranx-json" or json_holds(source) == "run"):
            count, what = _convert_run(source, target, kind, to, collection_dir, log, strict,
                                       documents)
        elif kind in QRELS_FORMATS:
            count, what = _convert_qrels(source, target, kind, to, log, collection_dir,
                                         documents, strict, pool_policy)
        else:
            raise UsageError(f"{source} is a {kind}; convert takes a run or judgements")
    except NotImplementedError:
        raise SdrevalError("this conversion is not available in this version") from None
    except SdrevalError:  # the warnings found so far, before the error
        echo_problems(log, validate_options=listed)
        raise
    echo_problems(log, validate_options=listed)
    click.echo(f"wrote {count} {what} to "
               f"{'standard output' if target == '-' else target}", err=True)


#: endings of table files, which convert does not write (it writes text and INEX XML)
TABLE_SUFFIXES = (".parquet", ".pq", ".csv", ".jsonl", ".ndjson", ".json")


def _text_target(target: str) -> None:
    """Refuse an OUT named as a table file: convert writes TREC-like text, FOL, native TSV
    and INEX XML, and a text file named ``run.parquet`` is no Parquet file."""
    name = str(target).lower().removesuffix(".gz")
    suffix = next((s for s in TABLE_SUFFIXES if name.endswith(s)), None)
    if suffix:
        raise UsageError(f"OUT {target} ends in {suffix}, but convert writes text (TREC-like "
                         f"runs and qrels, FOL, native TSV) or INEX XML, not {suffix} tables: "
                         f"name OUT .txt (eval, compare and report read either the same way)")


def _convert_run(source, target, kind, to, collection_dir, log, strict=False, documents=None):
    run = read_run(source, kind, log, documents=documents)
    log.raise_if_errors()
    if to is None:
        to = "passage" if collection_dir and run.unit != "passage" else (
            "element" if kind == "inex-submission" else run.unit)
    if to in ("native", "fol", "trec-qrels"):
        raise UsageError(f"a run cannot be written as judgements (--to {to})")
    if not (to == "passage" and run.unit != "passage"):
        _unused(log, {"--collection": collection_dir, "--strict": strict},
                f"read only when element or document results become passages (--to passage);"
                f" this converts a {run.unit} run to {to}")
    if to == "passage" and run.unit != "passage":
        if not collection_dir:
            raise UsageError("element -> passage conversion needs --collection DIR")
        from ..model.conversion import element_run_to_passage_run, listed_by

        collection = read_collection(collection_dir, log)
        log.raise_if_errors()
        converting = ProblemLog()
        before = len(run)
        run = element_run_to_passage_run(run, collection, converting)
        # results that could not be converted: counted, the first of each kind listed
        log.absorb(converting, "error" if strict else "warning")
        if len(run) < before:
            message = f"{before - len(run)} of {before} results not converted"
            if strict:
                log.error(source, None, f"{message}; " + (
                    f"without --strict the {len(run)} that convert are written" if len(run)
                    else "none converts"))
            else:
                log.warn(source, None, f"{message} (see above; --strict makes this an error)")
        log.raise_if_errors(listed_by(run, collection))
    if (to == "document") != (run.unit == "document"):
        from ..measures.classic.gains import document_run

        before, documents = len(run), document_run(run)
        if to == "document":  # TREC runs list a document once (trec_eval refuses repeats)
            run, lost = documents, "paths" if run.unit == "element" else "character ranges"
            log.warn(source, None, f"{run.unit} results written as their documents, each once "
                                   f"at its first result ({lost} not kept; "
                                   f"{before - len(run)} later results of a document already "
                                   f"written dropped): {_same_values(run.unit)}")
        elif len(documents) < before:
            log.warn(source, None, f"{before - len(documents)} repeated document(s): "
                                   f"document-level measures score a repeat in a document run "
                                   f"as non-relevant, but read an {to} run as its documents, "
                                   f"each once at its first result (values differ; drop the "
                                   f"repeats to keep them)")
    if to == "inex-xml":
        from ..io.inex_submission import write_inex_submission

        write_inex_submission(run, target)
        return len(run), "results (INEX XML submission)"
    empty = [topic for topic, ranking in run.topics.items() if not len(ranking)]
    if empty:  # answered (scored 0) in IN; a TREC-like run has no line to list them
        more = " ..." if len(empty) > 20 else ""
        log.warn(source, None, f"{len(empty)} topic(s) without results cannot be written to a "
                               f"TREC-like run: {', '.join(empty[:20])}{more} (IN answers them, "
                               f"scoring 0; means over answered topics differ: -c averages "
                               f"over every judged topic)")
    return write_run(run, target, to), f"results ({to} run)"


def _same_values(unit: str) -> str:
    """Which values the document run written from a ``unit`` run keeps (docs/classic.md)."""
    if unit != "element":  # a passage run is read only on judgements of whole documents
        return "document-level measures read the passage run so (the same values)"
    return ("document-level measures give the same values for both runs on judgements of "
            "whole documents (TREC or FOL qrels), which read an element run so; not on "
            "element judgements (native TSV, INEX assessments), which score each element as "
            "itself (Vu & Gallinari 2005), the document run then its documents' root elements "
            "only")


def _unused(log, given: dict, why: str) -> None:
    """Warn of the options given (a value) that this conversion does not read."""
    flags = [flag for flag, value in given.items() if value]
    if flags:
        log.warn(None, None, f"{' and '.join(flags)} not used: {why}")


def _convert_qrels(source, target, kind, to, log, collection_dir=None, documents=None,
                   strict=False, pool_policy="main"):
    collection = read_collection(collection_dir, log) if collection_dir else None
    qrels = read_qrels(source, kind, log, documents,  # resolves X-RAI passages
                       collection=collection, pool_policy=pool_policy)
    log.raise_if_errors()
    _unused(log, {"--collection": collection_dir if kind != "inex-assessments" else None,
                  "--strict": strict},
            "judgements are converted whole (--collection reads only the XPointer passages "
            "of INEX XML assessments)")
    has_elements = any(t.elements for t in qrels.topics.values())
    has_passages = any(t.passages for t in qrels.topics.values())
    empty = [t for t, judged in qrels.topics.items() if not judged.elements and
             not judged.passages]
    if empty:  # judged with nothing (an empty list of expected ids); no line can list them
        more = " ..." if len(empty) > 20 else ""
        log.warn(source, None, f"{len(empty)} topic(s) judged with no document cannot be "
                               f"written to a judgements file: {', '.join(empty[:20])}{more} "
                               "(IN holds them with nothing relevant: --zero-rel-as-zero "
                               "scores them 0 on IN, not on the file written)")
    if to is None:
        to = ("trec-qrels" if kind == "fol-qrels" else
              "native" if has_elements or not has_passages else "fol")
    if to == "trec-qrels":
        return write_trec_qrels(qrels, target), "judged documents (TREC qrels)"
    if to == "native":
        if has_passages:
            log.warn(source, None, "highlighted passages are not written to native TSV "
                                   "(use --to fol for them)")
        return write_native_qrels(qrels, target), "element judgements (native TSV)"
    if to == "fol":
        if has_elements and not has_passages:  # nothing to write: refuse, not an empty file
            raise UsageError("these are element assessments without highlighted passages, "
                             "and FOL qrels hold passages only: write them with --to native")
        if has_elements:
            log.warn(source, None, "element assessments are not written to FOL qrels "
                                   "(use --to native for them)")
        graded = sorted({g for t in qrels.topics.values() for dp in t.passages.values()
                         for g in dp.grades or ()} - {0.0, 1.0})
        if graded:
            log.warn(source, None, "the span judgements are graded (grade(s) "
                                   f"{', '.join(f'{g:g}' for g in graded)}): FOL qrels have no "
                                   "grades, every gold span is written as highlighted text, "
                                   "so graded measures (SpanNDCG, SpanDocNDCG) score them as "
                                   "grade 1; evaluate the span qrels themselves for grades")
        return write_fol_qrels(qrels, target), "judged documents (FOL qrels)"
    raise UsageError(f"judgements cannot be written as --to {to}; use native, fol or "
                     f"trec-qrels")
