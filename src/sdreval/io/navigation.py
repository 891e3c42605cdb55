"""Read an ESR navigation matrix (``--navigation FILE``).

One line per step, ``doc from_xpath to_xpath probability`` (tab or space separated): the
probability ``p̃(to; from)`` of stepping from the first element to the second (Ali, Consens &
Lalmas 2012, Table 5: row = from, column = to); ``from == to`` is the abandonment probability.
Blank and ``#`` lines are ignored, a header line ``doc from to probability`` skipped.  Pairs not
listed have probability 0; there is no navigation across documents.  Errors (file and line):
wrong number of fields, malformed XPath, a probability not in [0, 1], the same step twice with
different probabilities (the first kept).  Warnings: the same step twice with the same
probability (the repeat ignored, as by the qrels readers); probabilities leaving one element
summing to more than 1 + 5 % (Table 5 sums to 1.029 in row e2, beyond its rounding).  A file
with no step is an error (leave the option out for the default navigation).

Other models: ``route DOC XPATH XPATH ...`` lines (observed routes, Ali, Consens & Lalmas
2012, Fig. 5) give the elementary graph estimated from them (Table 2); of the directive lines
(``#!``, anywhere in the file), ``#! abandonment`` counts route ends as abandonment (footnote
4), ``#! partition=tag`` estimates the summary graph by tag instead (Table 3) -- both
ignored, with a warning, where no route is given -- and ``#! model=depth`` alone is the
depth-weighted summary model (§4.2).
"""
from __future__ import annotations

import zlib
from pathlib import Path

from ..errors import ProblemLog
from ..model.navigation import (ExplicitNavigation, NavigationModel, depth_weighted_summary,
                               elementary_from_routes, summary_from_routes, tag_partition)
from ..model.xpath import XPathError, canonical_xpath
from .textlines import finish, given_log, is_repeat, iter_fields, open_binary, parse_float

ROW_SUM_TOLERANCE = 0.05
_HEADER = ("doc", "from", "from_xpath")


def _directives(path: str | Path, log: ProblemLog) -> tuple[dict[str, str], dict[str, int]]:
    """The ``#!`` directives, anywhere in the file (key -> value), and the line of each (its
    first); unknown keys and values are errors at their line."""
    found: dict[str, str] = {}
    where: dict[str, int] = {}
    name = str(path)
    try:
        with open_binary(path) as handle:
            lines = [(n, raw.decode("utf-8", "replace").strip().lstrip("\ufeff"))
                     for n, raw in enumerate(handle, 1) if b"#!" in raw]
    except (OSError, EOFError, zlib.error):
        return found, where  # the data lines' reader reports it
    for number, line in lines:
        if not line.startswith("#!"):
            continue
        items = [item.partition("=") for item in line[2:].split()]
        here = {key.strip().lower(): value.strip().lower() for key, _, value in items}
        unknown = set(here) - {"model", "abandonment", "partition"}
        if unknown:
            log.error(name, number, f"unknown directive(s) {sorted(unknown)}; known: "
                                    "model=depth, abandonment, partition=tag")
        for key, known in (("model", "depth"), ("partition", "tag")):
            if here.get(key) not in (None, known):
                log.error(name, number, f"unknown {key} {here[key]!r} (known: {known})")
        found.update(here)
        for key in here:
            where.setdefault(key, number)
    return found, where


def read_navigation(path: str | Path, log: ProblemLog | None = None) -> NavigationModel:
    """Read a navigation file: an explicit matrix (:class:`ExplicitNavigation`), routes
    (elementary or summary graph) or the depth-weighted model (see the module doc)."""
    log, own = given_log(log)
    name = str(path)
    directives, directive_lines = _directives(path, log)
    model = ExplicitNavigation()
    routes: list[tuple[str, list[str]]] = []
    where: dict = {}  # step -> (line, probability): the repeat rule of every reader
    first = True
    data_line: int | None = None  # the first data line with valid XPaths
    for number, fields in iter_fields(path, log):
        route = fields[0] == "route"
        if (route and where) or (routes and not route):
            log.error(name, number, "routes and explicit probabilities cannot be mixed")
            continue
        if route and len(fields) < 4:
            log.error(name, number, "a route needs a document and at least two XPaths")
            continue
        if not route:
            if first and fields[0].lower() in _HEADER and len(fields) == 4 \
                    and parse_float(fields[3]) is None:
                first = False
                continue
            first = False
            if len(fields) != 4:
                log.error(name, number, "expected 4 fields (doc from_xpath to_xpath "
                                        f"probability), got {len(fields)}")
                continue
        try:
            steps = [canonical_xpath(p) for p in (fields[2:] if route else fields[1:3])]
        except XPathError as error:
            log.error(name, number, str(error.problems[0].message if error.problems else error))
            continue
        data_line = data_line or number
        if route:
            if any(a == b for a, b in zip(steps, steps[1:])):
                log.error(name, number, "a route cannot step from an element to itself")
            else:
                routes.append((fields[1], steps))
            continue
        doc, (src, dst), raw_p = fields[0], steps, fields[3]
        p = parse_float(raw_p)
        if p is None or not 0.0 <= p <= 1.0:
            log.error(name, number, f"probability must be a number in [0, 1], got {raw_p!r}")
        elif not is_repeat(where, (doc, src, dst), p, number, f"step {src} -> {dst} in {doc}",
                           name, log):
            model.set(doc, src, dst, p)
    depth = directives.get("model") == "depth"
    ignored = [key for key in ("abandonment", "partition") if key in directives]
    if ignored and not routes and (depth or where):  # they shape graphs from routes only
        named = [f"{key}={directives[key]}" if directives[key] else key for key in ignored]
        log.warn(name, min(directive_lines[key] for key in ignored), f"#! {' and '.join(named)} "
                 f"{'apply' if len(named) > 1 else 'applies'} to route lines only: ignored (the "
                 f"file gives {'model=depth' if depth else 'explicit probabilities'})")
    if depth:
        if routes or where:
            log.error(name, data_line, "model=depth takes no data lines")
        finish(log, own, None)  # validate reads no navigation file
        return depth_weighted_summary()
    if routes:
        finish(log, own, None)
        abandonment = "abandonment" in directives
        if directives.get("partition") == "tag":
            return summary_from_routes(routes, tag_partition(), abandonment)
        return elementary_from_routes(routes, abandonment)
    if not where:
        log.error(name, None, "no navigation step in the file (expected lines 'doc from_xpath "
                              "to_xpath probability', 'route' lines or '#! model=depth'); "
                              "leave --navigation out for the default navigation")
    for (doc, src), total in model.row_sums().items():
        if total > 1.0 + ROW_SUM_TOLERANCE:
            line = min(n for (d, f, _), (n, _) in where.items() if d == doc and f == src)
            log.warn(name, line, f"probabilities leaving {src} in {doc} sum to {total:.3f} > 1")
    finish(log, own, None)  # validate reads no navigation file
    return model
