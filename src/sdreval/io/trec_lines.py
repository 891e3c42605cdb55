"""TREC-like runs line by line: the layouts (:data:`LAYOUTS`; one result a line, fields separated
by white space) and the checks of one line's fields (:func:`parse_result_fields`, which
explains every line the block reader, :mod:`sdreval.io.trec`, cannot read as columns).  A
document run's result is the whole document, stored with unit ``document`` and path
``/article[1]`` (the root of INEX IEEE and Wikipedia articles).  What each bad input gives:
the table "Policies" of docs/inputs.md.
"""
from __future__ import annotations


from ..errors import ProblemLog
from ..model.xpath import XPathError, canonical_xpath
from .textlines import NOT_A_RANK, not_from_one, parse_float, parse_int, passage_fields

DOCUMENT_PATH = "/article[1]"
#: the warning of a passage of length 0
ZERO_LENGTH = "passage of length 0 (kept; it retrieves no text)"

LAYOUTS: dict[str, tuple[int, str]] = {
    "element": (7, "topic Q0 doc rank rsv run-id xpath"),
    "passage": (8, "topic Q0 doc rank rsv run-id offset length"),
    "document": (6, "topic Q0 doc rank rsv run-id"),
}


def parse_result_fields(fields: list[str], number: int, layout: str,
                        raw_paths: dict[str, str], file: str, log: ProblemLog
                        ) -> tuple[int, float, int, int, str | None] | None:
    """Validate one result line of ``layout``; report every problem (file, line) to ``log``.

    Returns ``(rank, rsv, offset, length, canonical path)`` (offset/length -1 and path None where
    the layout has none), or None when the line is not used.  ``raw_paths`` caches XPaths as
    written -> canonical form."""
    expected, spelled = LAYOUTS[layout]
    if len(fields) != expected:
        log.error(file, number, f"expected {expected} fields ({spelled}), found {len(fields)}")
        return None
    bad: list[str] = []
    rank = parse_int(fields[3])
    if rank is None:
        bad.append(f"rank {fields[3]!r} {NOT_A_RANK}")
    elif rank < (0 if layout == "document" else 1):
        bad.append(f"rank {fields[3]!r} {not_from_one(rank)}" if layout != "document"
                   else f"rank {fields[3]!r} is negative")
    rsv = parse_float(fields[4])
    if rsv is None:
        bad.append(f"rsv {fields[4]!r} is not a finite number")
    offset = length = -1
    canon: str | None = None
    if layout == "element":
        raw = fields[6]
        canon = raw_paths.get(raw)
        if canon is None:
            try:
                canon = raw_paths[raw] = canonical_xpath(raw)
            except XPathError as error:
                bad.append(error.problems[0].message)
    elif layout == "passage":
        offset, length = passage_fields(fields[6], fields[7], bad)
    if all(is_word(fields[i]) for i in (0, 3, 4)):  # column names, not a result
        bad = [header_line(fields, f"one result per line: {spelled}")]
    if log.refuse(file, number, bad):
        return None
    if layout == "passage" and length == 0:
        log.warn(file, number, ZERO_LENGTH)
    return rank, rsv, offset, length, canon  # type: ignore[return-value]


def is_word(text: str) -> bool:
    """A field that is a column name, not a value: an ASCII identifier (``rank``, ``score``,
    ``query_id``) that is no number: not one of the words Python's ``float`` reads (``nan``,
    ``inf``, ``infinity``, in any case)."""
    return text.isascii() and text.isidentifier() and \
        text.lower() not in ("nan", "inf", "infinity")


def header_line(fields: list[str], layout: str) -> str:
    """The message of a line that looks like a header (column names where numbers go)."""
    shown = " ".join(fields)
    shown = shown if len(shown) <= 60 else shown[:57] + "..."
    return (f"{shown!r} looks like a header line (column names): TREC-like files have none "
            f"({layout}); delete this line")


def note_run_id(run_ids: dict[str, int], run_id: str, number: int, file: str,
                log: ProblemLog) -> None:
    """Remember the line where each run-id first appears; warn when a file has several."""
    if run_id in run_ids:
        return
    run_ids[run_id] = number
    if len(run_ids) == 2:
        first = next(iter(run_ids))
        log.warn(file, number, f"run-id {run_id!r} differs from {first!r} (line "
                               f"{run_ids[first]}); the run is named {first!r}")
    elif len(run_ids) > 2:
        log.warn(file, number, f"another run-id {run_id!r}")

