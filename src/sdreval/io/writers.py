"""Writers of the text formats, inverse of the readers (round trips are tested); each file is
written whole or not at all (:func:`~sdreval.io.written.whole_file`).
"""
from __future__ import annotations

from pathlib import Path

from ..errors import UsageError
from ..judgements.qrels import Qrels
from ..model.run import Run
from .ids import check_writable, checked_topics
from .native import write_native_qrels
from .trec_lines import DOCUMENT_PATH
from .written import whole_file

__all__ = ["write_run", "write_fol_qrels", "write_native_qrels", "write_passage_qrels",
           "write_trec_qrels"]


def write_run(run: Run, path: str | Path, layout: str | None = None) -> int:
    """Write ``run`` in ``layout`` (``element``, ``passage``, ``document``; default: the run's
    unit); rows in stored (file) order.  Returns the number of rows written."""
    layout = layout or run.unit
    if layout not in ("element", "passage", "document"):
        raise UsageError(f"unknown run layout {layout!r}; expected element, passage or document")
    run_id = run.name or "run"
    if any(c.isspace() for c in run_id):
        raise UsageError(f"run name {run_id!r} contains white space; it cannot be a run-id")
    check_writable(run.topics, "topic", first=True)
    for ranking in run.topics.values():
        check_writable(ranking.docs.tolist(), "document")
    count = 0
    with whole_file(path) as out:
        for topic, ranking in run.topics.items():
            head = [f"{topic} Q0 {doc} {int(rank)} {float(rsv)!r} {run_id}"
                    for doc, rank, rsv in zip(ranking.docs, ranking.ranks, ranking.rsv)]
            if layout == "element":
                if ranking.unit == "passage":
                    raise UsageError("a passage run has no XPaths, and character ranges are "
                                     "not turned back into elements (with or without a "
                                     "collection): write it as --to passage or --to document")
                tails = [f" {p or DOCUMENT_PATH}\n" for p in ranking.paths]
            elif layout == "passage":
                if len(ranking) and (ranking.offsets.min() < 0 or ranking.lengths.min() < 0):
                    raise UsageError(f"topic {topic}: results without character ranges cannot "
                                     f"be written as a passage run (convert with --collection)")
                tails = [f" {int(o)} {int(n)}\n" for o, n in zip(ranking.offsets,
                                                                 ranking.lengths)]
            else:
                tails = ["\n"] * len(ranking)
            out.writelines(h + t for h, t in zip(head, tails))
            count += len(ranking)
    return count


def write_fol_qrels(qrels: Qrels, path: str | Path) -> int:
    """Write the highlighted passages of ``qrels`` as FOL qrels; returns the number of lines.

    A document without a BEP is written without the BEP field (the reader accepts that)."""
    count = 0
    with whole_file(path) as out:
        for topic, tq in checked_topics(qrels):
            for doc, dp in tq.passages.items():
                if dp.doc_length is None:
                    raise UsageError(f"topic {topic}, document {doc}: FOL qrels need the "
                                     f"document length, which is unknown (span and passage "
                                     f"qrels do not give it): give span qrels with their "
                                     f"documents (convert --documents FILE), or evaluate the "
                                     f"qrels as they are (eval reads them), or write the "
                                     f"documents with relevant text as TREC qrels "
                                     f"(--to trec-qrels)")
                fields = [topic, "Q0", doc, str(int(dp.relevant_chars)), str(int(dp.doc_length))]
                if dp.bep is not None:
                    fields.append(str(int(dp.bep)))
                fields.extend(f"{int(o)}:{int(n)}" for o, n in dp.ranges)
                out.write(" ".join(fields) + "\n")
                count += 1
    return count


def write_passage_qrels(qrels: Qrels, path: str | Path) -> int:
    """Write highlighted passages one a line, ``topic doc offset length [BEP]`` (the BEP on
    each line of a document that has one); judged documents without passages cannot be
    represented and are left out.  Returns the number of lines."""
    count = 0
    with whole_file(path) as out:
        for topic, tq in checked_topics(qrels):
            for doc, dp in tq.passages.items():
                bep = "" if dp.bep is None else f" {int(dp.bep)}"
                for offset, length in dp.ranges:
                    out.write(f"{topic} {doc} {int(offset)} {int(length)}{bep}\n")
                    count += 1
    return count


def _integer_grade(topic: str, doc: str, grade: float) -> int:
    """``grade`` as a TREC qrels grade, which is an integer."""
    if not float(grade).is_integer():
        raise UsageError(f"topic {topic}, document {doc}: grade {grade:g} is not an integer; "
                         "TREC qrels grades are integers")
    return int(grade)


def write_trec_qrels(qrels: Qrels, path: str | Path) -> int:
    """Write ``qrels`` at the document level as TREC qrels ``qid 0 docno rel``; returns the
    number of lines.

    Highlighted passages (FOL qrels): a document with highlighted text (``relchars > 0`` or
    a passage: :attr:`~sdreval.judgements.qrels.DocPassages.is_relevant`, the measures' rule)
    is relevant (rel 1; graded span qrels: the highest grade of its gold spans, the document
    gain of SpanDocNDCG), one listed with ``relchars = 0`` and no passage judged non-relevant
    (rel 0); unlisted documents stay unjudged.  Document judgements (elements at the
    document root, as TREC qrels and document qrels from dicts are stored) keep their integer
    grade.  Element assessments below the document root have no document-level grade: a
    :class:`UsageError`."""
    count = 0
    with whole_file(path) as out:
        for topic, tq in checked_topics(qrels):
            lines = []
            for doc, dp in tq.passages.items():
                grade = (max(dp.grades) if dp.grades else 1) if dp.is_relevant else 0
                lines.append(f"{topic} 0 {doc} {_integer_grade(topic, doc, grade)}\n")
            for (doc, unit), a in tq.elements.items():
                if unit != DOCUMENT_PATH:
                    raise UsageError(f"topic {topic}: element {doc} {unit} is not a whole "
                                     f"document; TREC qrels judge documents")
                lines.append(f"{topic} 0 {doc} {_integer_grade(topic, doc, a.e)}\n")
            out.writelines(lines)
            count += len(lines)
    return count
