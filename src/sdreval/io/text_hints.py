"""What the first data lines of a TREC-like text file most likely are where detection
(:mod:`sdreval.io.detect`) cannot tell: the hint added to "unrecognised format"
(:func:`unrecognised_hint`) and the refusal of lines that read as two formats
(:func:`twofold_qrels`)."""
from __future__ import annotations

import re

from .options import format_option
from .table_syntax import case_hint
from .textlines import parse_float, parse_grade, parse_int


#: the grades of TREC qrels, as told from passage lengths by :func:`twofold_qrels`
GRADE_LIMIT = 10


def twofold_qrels(lines: list[list[str]]) -> str | None:
    """Why lines detected as passage qrels (``topic doc offset length``) are refused as
    ambiguous, or None: every line has 4 fields, the same number in the second field and a
    grade-sized fourth one (below :data:`GRADE_LIMIT`), as TREC qrels ``qid iter docno rel``
    with numeric document ids and an iteration field other than 0 are written (``1 1 7067032
    2``); read as passages, each topic would hold one document, named by the iteration, and
    its grades would be passage lengths."""
    data = [f for f in lines if f[0].lower() != "topic"]
    if not data or any(len(f) != 4 or f[1] != data[0][1] for f in data):
        return None
    if parse_float(data[0][1]) is None or any(abs(parse_grade(f[3]) or 0) >= GRADE_LIMIT
                                              for f in data):
        return None
    line = " ".join(data[0])[:60]
    return (f"ambiguous format: {line!r} reads as TREC qrels whose iteration field is "
            f"{data[0][1]!r} (qid iter docno rel) and as passage qrels (topic doc offset "
            f"length: every line in document {data[0][1]!r}); name the format: "
            f"{format_option('qrels', 'trec')} or {format_option('qrels', 'passages')}")


#: a whole number written with a decimal point (``3.0``), as spreadsheets and pandas write ranks
_WHOLE_DECIMAL = re.compile(r"^[0-9]+\.0*$")


def unrecognised_hint(lines: list[list[str]]) -> str:
    """What the first lines of a file no format fits most likely lack (``""`` if no guess)."""
    header = lines[0][0].split(",") if lines and len(lines[0]) == 1 else lines[0] if lines \
        else []
    if hint := case_hint([name.strip().strip('"') for name in header]):
        return hint
    if all(len(f) == 4 and parse_grade(f[3]) is not None for f in lines):
        return ("; TREC qrels whose second field is not 0 are read with "
                + format_option("qrels", "trec"))
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
    return ""
