"""``sdreval project SPAN_QRELS CHUNK_MAP --rule any|chunk|gold [--tau T] -o out.qrels``:
span judgements projected onto one chunking, written as TREC qrels ``qid 0 chunk_id rel``."""
from __future__ import annotations

import sys

import click

from ..errors import ProblemLog, shown_source
from .common import BoundedFloat, echo_warnings, handle_errors
from .paths import TABLE_INPUT, OutputPath


def project_qrels(qrels, chunk_map, rule: str, tau: float, gaps: bool = False):
    """Relevant chunks (topic, chunk_id, relevance), the topics with gold text but no
    relevant chunk, the documents with gold text but no chunk in the map, the gold grades
    other than 1 (the projection is binary: every relevant chunk has relevance 1) and, with
    ``gaps``, the gold text of chunked documents outside every chunk (topic, doc, chars;
    else None: it depends on the chunking only, not on the rule)."""
    from ..errors import UsageError
    from ..measures import EvalContext
    from ..measures.passage import judges_text
    from ..measures.span.definitions import gold_table
    from ..measures.span.projection import project, unchunked_gold, uncovered_gold

    if not judges_text(qrels):
        raise UsageError("project needs passage judgements (span qrels, or FOL or passage "
                         "qrels): these qrels judge elements or documents, so no text is "
                         "relevant and no chunk could be; TREC qrels of chunk ids are "
                         "already per chunk")
    gold = gold_table(qrels, EvalContext())
    table = project(gold, chunk_map.index.to_numpy(dtype=object), chunk_map.docs,
                    chunk_map.starts, chunk_map.ends, rule, tau)
    lost = sorted(set(gold["topic"]) - set(table["topic"]))
    unchunked = unchunked_gold(gold["doc"].unique(), chunk_map.docs)
    graded = sorted(set(gold["grade"].tolist()) - {1.0})
    outside = (uncovered_gold(gold, chunk_map.docs, chunk_map.starts, chunk_map.ends)
               if gaps else None)
    return table, lost, unchunked, graded, outside


def check_roles(qrels: str, chunk_map: str) -> None:
    """Refuse, naming the file and what to do, a QRELS or CHUNK_MAP argument whose format is
    detected as another input (a run, documents, judgements as the chunk map, the two
    swapped): their readers' own messages name other commands (``sdreval eval QRELS RUN``),
    or say only what the file is not."""
    from ..errors import InputError
    from ..io.detect import QRELS_FORMATS, RUN_FORMATS, detect_format

    usage = ("sdreval project QRELS CHUNK_MAP: the span judgements first, then the chunk map "
             "(chunk_id, doc_id, start, end; docs/rag.md)")
    kinds = []
    for path in (qrels, chunk_map):
        try:
            kinds.append(detect_format(path))
        except InputError:
            kinds.append(None)  # its reader says what is wrong
    if kinds[0] == "chunk-map" and kinds[1] in QRELS_FORMATS:
        raise InputError(f"this is a chunk map, and CHUNK_MAP ({chunk_map}) holds judgements: "
                         f"are the two swapped? {usage}", file=qrels)
    wrong = [(path, kind, role) for path, kind, role in
             ((qrels, kinds[0], "judgements"), (chunk_map, kinds[1], "a chunk map"))
             if kind is not None and kind not in (QRELS_FORMATS if role == "judgements"
                                                  else ("chunk-map",))]
    if not wrong:
        return
    path, found, role = wrong[0]
    if found in RUN_FORMATS:
        what = (f"a run ({found}), not {role}: project projects span judgements onto a "
                "chunking's map of chunk ids to character spans; a run of chunk ids is "
                "evaluated with `sdreval eval QRELS RUN --chunk-map FILE`")
    elif found == "documents":
        what = f"documents (doc_id, text), not {role}: give them with --documents FILE"
    elif found == "chunk-map":
        what = f"a chunk map, not {role}: give the span judgements as QRELS"
    elif found in QRELS_FORMATS:
        what = (f"judgements ({found}), not {role}: project writes TREC qrels of chunk ids "
                "from span judgements and a chunk map")
    else:
        what = (f"an XML collection, not {role}" if found == "collection" else
                f"an input of format {found}, not {role}")
    raise InputError(f"this looks like {what}. {usage}", file=path)


EXAMPLES = """\b
Examples:
  sdreval project qrels.jsonl chunks/sentence.jsonl --rule gold --tau 0.5 -o sentence.qrels
  sdreval project qrels.jsonl chunks/fixed.jsonl --rule any
"""


@click.command("project", epilog=EXAMPLES)
@click.argument("qrels", type=TABLE_INPUT)
@click.argument("chunk_map", type=TABLE_INPUT)
@click.option("--rule", type=click.Choice(["any", "chunk", "gold"]), default="any",
              show_default=True,
              help="A chunk is relevant when it touches gold text (any), when at least tau of "
                   "the chunk is gold (chunk), or when it holds at least tau of a gold span "
                   "(gold).")
@click.option("--tau", type=BoundedFloat(0.0, 1.0, low_open=True), default=0.5,
              show_default=True,
              help="Threshold of the chunk and gold rules, in (0, 1].")
@click.option("--documents", type=TABLE_INPUT, default=None,
              help="Documents (doc_id, text) to check offsets and convert bytes/tokens.")
@click.option("-o", "--output", type=OutputPath(dir_okay=False), default=None,
              help="Write the qrels to FILE (default stdout).")
@handle_errors
def project_command(qrels, chunk_map, rule, tau, documents, output):
    """Project span QRELS onto the chunks of CHUNK_MAP: TREC qrels for ID-based tools.

    Such qrels hold for this chunking only: evaluate another chunker against the span qrels,
    or project them again."""
    from ..io import read_qrels
    from ..io.ids import check_writable
    from ..io.spans import read_chunk_map, read_documents
    from ..measures.span.projection import unchunked_warning

    given = click.get_current_context().get_parameter_source("tau")
    if rule == "any" and given is click.core.ParameterSource.COMMANDLINE:
        echo_warnings([f"--tau {tau:g} is ignored with --rule any (a chunk touching gold "
                       "text is relevant): give --rule chunk or --rule gold to use it"])
    check_roles(qrels, chunk_map)
    log = ProblemLog()
    docs = read_documents(documents, log) if documents else None
    judgements = read_qrels(qrels, log=log, documents=docs)
    chunks = read_chunk_map(chunk_map, log, docs)
    log.raise_if_errors()
    echo_warnings([str(p) for p in log.warnings])
    table, lost, unchunked, graded, outside = project_qrels(judgements, chunks, rule, tau,
                                                            gaps=True)
    check_writable(table.iloc[:, 0].unique(), "topic", first=True)
    check_writable(table.iloc[:, 1].tolist(), "chunk id")
    text = "".join(f"{t} 0 {c} {r}\n" for t, c, r in table.itertuples(index=False))
    if output:
        with open(output, "w", encoding="utf-8") as out:
            out.write(text)
    else:
        sys.stdout.write(text)
    setting = "any" if rule == "any" else f"{rule}, tau={tau:g}"
    click.echo(f"sdreval: {len(table)} relevant chunk(s) in {table['topic'].nunique()} "
               f"topic(s) (rule {setting})", err=True)
    if graded:
        grades = ", ".join(f"{g:g}" for g in graded)
        echo_warnings([f"the span judgements are graded (grade(s) {grades}): the projected "
                       "qrels are binary, every relevant chunk written with relevance 1 (the "
                       "rule decides relevance, not the grade); graded span measures (SpanNDCG) "
                       "read the span judgements themselves"])
    shown = shown_source(chunk_map)
    if unchunked[0]:
        echo_warnings([unchunked_warning(*unchunked, shown,
                                         "their gold text is in no projected chunk")])
    if outside is not None and len(outside):
        echo_warnings([f"{int(outside['chars'].sum())} character(s) of gold text in "
                       f"{outside['topic'].nunique()} topic(s) and {outside['doc'].nunique()} "
                       f"chunked document(s) lie outside every chunk of {shown} (the chunks "
                       "leave gaps): the projected qrels cannot reach that text"])
    if lost:
        echo_warnings([f"{len(lost)} topic(s) with gold text have no relevant chunk under rule "
                       f"{setting}; ID-based tools will leave them out: "
                       + ", ".join(map(str, lost[:20])) + (" ..." if len(lost) > 20 else "")])
