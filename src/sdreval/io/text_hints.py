"""What the first data lines of a TREC-like text file most likely are where detection
(:mod:`sdreval.io.detect`) cannot tell: the hint added to "unrecognised format"
(:func:`unrecognised_hint`), the refusal of lines that read as two formats
(:func:`twofold_qrels`), and of documents or a chunk map given as judgements or a run, as a
file or a table (:func:`aid_refusal`)."""
from __future__ import annotations

import re
from collections.abc import Mapping

from ..errors import InputError
from .options import format_option
from .table_syntax import TOPIC, case_hint
from .textlines import fractional_grade, parse_float, parse_grade, parse_int


#: what a hint says of a file that is no input (topics, queries)
ONLY_INPUTS = "sdreval needs only the judgements and the runs"
#: a record naming its topic (a table's topic column)
_TOPIC_KEYS = frozenset(TOPIC)
#: where the inputs of span evaluation that are neither judgements nor a run are given
_AIDS = {"documents": "documents (doc_id, text; BEIR's corpus.jsonl: _id, title, text) are "
                      "given beside the judgements and the run: --documents FILE, in Python "
                      "documents= of read_qrels and read_run",
         "chunk-map": "a chunk map (chunk_id, doc_id, start, end) is given beside a chunk-ID "
                      "run: --chunk-map FILE, in Python chunk_map= of read_run"}


def aid_refusal(found: str, what: str, noun: str = "file") -> str:
    """Why a documents or chunk-map ``found`` (a ``noun``: file or table) given as ``what``
    (judgements, a run) is refused, and where it is given: one text for files and tables."""
    return f"this is a {found} {noun}, not {what}: {_AIDS[found]}"


def aid_checked(found: str | None, what: str | None, source: str,
                records: list | None = None) -> str | None:
    """``found``, the span input a table's keys name, refused when it is documents or a chunk
    map and the table was given as ``what`` (judgements, a run; None: not refused), with
    the text their files are refused with (``source``: the table, in the message); of
    ``records`` (their first one's keys: ``found``), those where no record names a topic."""
    if what and found in _AIDS and not (records and any(
            isinstance(r, Mapping) and not _TOPIC_KEYS.isdisjoint(r) for r in records)):
        raise InputError(aid_refusal(found, what, "table"), source)
    return found


#: the grades of TREC qrels, as told from passage lengths by :func:`twofold_qrels`
GRADE_LIMIT = 10


def twofold_qrels(lines: list[list[str]]) -> str | None:
    """Why lines detected as passage or TREC qrels are refused as ambiguous, or None: every
    line has 4 fields, the same number in the second field, an integer third and fourth one,
    and the fourth is grade-sized (below :data:`GRADE_LIMIT`) with an iteration field other
    than 0, as TREC qrels ``qid iter docno rel`` with numeric document ids are written (``1 1
    7067032 2``; read as passages, each topic would hold one document, named by the
    iteration, and its grades would be passage lengths), or never grade-sized with an
    iteration field 0 (``1 0 100 50``: passage qrels in a document named ``0``, whose lengths
    TREC qrels would read as grades)."""
    data = [f for f in lines if f[0].lower() != "topic"]
    if not data or any(len(f) != 4 or f[1] != data[0][1] for f in data):
        return None
    if parse_float(data[0][1]) is None or any(parse_int(f[2]) is None for f in data):
        return None
    grades, zero = [parse_int(f[3]) for f in data], data[0][1] == "0"
    if None in grades or not all(g >= GRADE_LIMIT if zero else abs(g) < GRADE_LIMIT
                                 for g in grades):
        return None
    line = " ".join(data[0])[:60]
    trec = (f"TREC qrels with grade {data[0][3]!r} (qid iter docno rel: grades of TREC qrels "
            f"are most often below {GRADE_LIMIT})" if zero else
            f"TREC qrels whose iteration field is {data[0][1]!r} (qid iter docno rel)")
    return (f"ambiguous format: {line!r} reads as {trec} and as passage qrels (topic doc "
            f"offset length: every line in document {data[0][1]!r}); name the format: "
            f"{format_option('qrels', 'trec')} or {format_option('qrels', 'passages')}")


#: a whole number written with a decimal point (``3.0``), as spreadsheets and pandas write ranks
_WHOLE_DECIMAL = re.compile(r"^[0-9]+\.0*$")


#: the counts trec_eval prints first for each topic (and ``runid``, once)
_TREC_EVAL_COUNTS = frozenset({"runid", "num_q", "num_ret", "num_rel", "num_rel_ret"})


def evaluation_output(lines: list[list[str]]) -> str | None:
    """Which evaluation output the lines are, or None: trec_eval's ``measure topic value``
    (``num_rel 2010003 157``; ``map all 0.2``) or sdreval eval's ``run measure topic value``
    (a measure name, never a number, second; a value with a decimal point last)."""
    if all(len(f) == 3 for f in lines) and any(f[1] == "all" or f[0] in _TREC_EVAL_COUNTS
                                               for f in lines):
        return "trec_eval's output (measure topic value)"
    if all(len(f) == 4 and parse_float(f[1]) is None and f[1].upper() != "Q0"
           and parse_float(f[3]) is not None
           for f in lines) and any(f[2] == "all" or "." in f[3] for f in lines):
        return "the output of sdreval eval (run measure topic value)"
    return None


def unrecognised_hint(lines: list[list[str]]) -> str:
    """What the first lines of a file no format fits most likely lack (``""`` if no guess)."""
    header = lines[0][0].split(",") if lines and len(lines[0]) == 1 else lines[0] if lines \
        else []
    if hint := case_hint([name.strip().strip('"') for name in header]):
        return hint
    if re.match(r"\[\s*\{", " ".join(" ".join(f) for f in lines[:2])):
        return ("; it holds a JSON array of records: write one record per line (JSONL, as "
                "RAGAS's EvaluationDataset.to_jsonl and pandas' to_json(orient='records', "
                "lines=True) write it), or give the list in Python (json.load)")
    if output := evaluation_output(lines):
        return (f"; it looks like {output}: scores, not judgements or a run; give the qrels "
                "and the runs that were evaluated")
    if all(len(f) == 4 and parse_grade(f[3]) is not None for f in lines):
        return ("; TREC qrels whose second field is not 0 are read with "
                + format_option("qrels", "trec"))
    fraction = [f[3] for f in lines if len(f) == 4 and parse_grade(f[3]) is None]
    if fraction and all(len(f) == 4 and f[1].upper() in ("0", "Q0")
                        and parse_float(f[3]) is not None for f in lines):
        if any(f[1].upper() == "Q0" for f in lines):  # Q0: a run's marker
            return ("; its lines have 4 fields: a TREC run has 6 (topic Q0 doc rank rsv "
                    "run-id: are the rank and the run-id missing?), and TREC qrels (qid iter "
                    f"docno rel) take an integer grade, not {fraction[0]!r}")
        return ("; its lines look like TREC qrels (qid iter docno rel), but "
                + fractional_grade("relevance", repr(fraction[0])))
    decimal = [f[3] for f in lines if len(f) >= 6 and _WHOLE_DECIMAL.match(f[3])]
    if decimal and all(len(f) >= 6 and f[1] == "Q0" and (
            parse_int(f[3]) is not None or _WHOLE_DECIMAL.match(f[3])) for f in lines):
        return (f"; its lines look like a TREC run (topic Q0 doc rank rsv run-id), but rank "
                f"{decimal[0]!r} has a decimal point: write each rank in decimal digits (3, "
                "not 3.0)")
    if all(len(f) == 5 and f[1] == "Q0" for f in lines):
        return ("; its lines have 5 fields: a TREC run has 6 (topic Q0 doc rank rsv run-id); "
                "is a column missing (most often the run-id)?")
    if all(len(f) == 3 and parse_float(f[2]) is not None for f in lines):
        return ("; its lines have 3 fields: a TREC run has 6, topic Q0 doc rank rsv run-id "
                "('1 Q0 doc1 1 3.5 myrun'), TREC qrels 4 (topic 0 doc grade); or give the 3 "
                "columns as CSV/TSV with a header line (qid,docno,score for a run; "
                "qid,docno,relevance for qrels: docs/inputs.md)")
    if all(len(f) == 1 and f[0].count(",") >= 2 for f in lines):
        return ("; it looks comma-separated: TREC-like runs and qrels are separated by white "
                "space; CSV files are read with a header naming their columns (document runs "
                "and qrels: topic/qid/query_id, doc/docno/doc_id, score/rank or relevance/"
                "label: docs/inputs.md; span inputs: query_id, doc_id, start, end, ...: "
                "docs/rag.md)")
    if all(len(f) >= 2 and parse_int(f[0]) is not None
           and all(parse_float(word) is None for word in f[1:]) for f in lines):
        return ("; its lines are a number and words (topic id and query?): a topics file? "
                + ONLY_INPUTS)
    return ""
