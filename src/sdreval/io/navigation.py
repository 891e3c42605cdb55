"""Read an ESR navigation matrix (SPEC §9, §11 ``--navigation FILE``).

One line per step: ``doc from_xpath to_xpath probability`` (tab or space separated), the
probability ``p̃(to; from)`` of stepping from the first element to the second (seed 002
Table 5: row = from, column = to).  ``from == to`` gives the abandonment probability.
Blank lines and lines starting with ``#`` are ignored; a first line ``doc from to
probability`` (a header) is skipped.  Pairs not listed have probability 0; there is no
navigation across documents.

Errors (reported all at once with file and line): wrong number of fields, malformed XPath,
a probability that is not a number in [0, 1], the same step given twice with different
probabilities.  Warning: the probabilities leaving one element sum to more than 1 (+5 %; the
seed's own Table 5 sums to 1.03 through rounding).
"""
from __future__ import annotations

from pathlib import Path

from ..errors import ProblemLog
from ..measures.esr.navigation import ExplicitNavigation
from ..model.xpath import XPathError, canonical_xpath
from .textlines import finish, iter_fields, parse_float

ROW_SUM_TOLERANCE = 0.05
_HEADER = ("doc", "from", "from_xpath")


def read_navigation(path: str | Path, log: ProblemLog | None = None) -> ExplicitNavigation:
    """Read a navigation TSV into an :class:`ExplicitNavigation` model."""
    own = log is None
    log = log or ProblemLog()
    name = str(path)
    model = ExplicitNavigation()
    where: dict[tuple[str, str, str], int] = {}
    first = True
    for number, fields in iter_fields(path, log):
        if first and fields[0].lower() in _HEADER and len(fields) == 4 \
                and parse_float(fields[3]) is None:
            first = False
            continue
        first = False
        if len(fields) != 4:
            log.error(name, number, f"expected 4 fields (doc from_xpath to_xpath probability), "
                                    f"got {len(fields)}")
            continue
        doc, raw_from, raw_to, raw_p = fields
        try:
            src, dst = canonical_xpath(raw_from), canonical_xpath(raw_to)
        except XPathError as error:
            log.error(name, number, str(error.problems[0].message if error.problems else error))
            continue
        p = parse_float(raw_p)
        if p is None or not 0.0 <= p <= 1.0:
            log.error(name, number, f"probability must be a number in [0, 1], got {raw_p!r}")
            continue
        key = (doc, src, dst)
        if key in where:
            old = model.probs[doc][(src, dst)]
            if old != p:
                log.error(name, number, f"step {src} -> {dst} in {doc} already given with "
                                        f"probability {old} on line {where[key]}")
            continue
        where[key] = number
        model.set(doc, src, dst, p)
    for (doc, src), total in model.row_sums().items():
        if total > 1.0 + ROW_SUM_TOLERANCE:
            line = min(n for (d, f, _), n in where.items() if d == doc and f == src)
            log.warn(name, line, f"probabilities leaving {src} in {doc} sum to {total:.3f} > 1")
    finish(log, own)
    return model
