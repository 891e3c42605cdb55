"""Element -> passage conversion: an element is the character range of its text.

An element ``(doc, path)`` becomes the passage ``(doc, start, end - start)`` of its text in the
INEX offsets of :mod:`sdreval.io.collection`.  With ``trim=True`` the leading and trailing
whitespace of the element's text is left out, which is how assessors' highlighted passages of
the INEX 2009/2010 qrels relate to elements (doc 1164: the section "Learning" is
``16605:906`` as an element and ``16607:902`` as a highlighted passage; see
``docs/formats-xml.md``).

Policy: a result whose document is not in the collection, or whose path is not an element of
the document, cannot be converted: it is left out of the passage run and reported as an error
(one message per topic for the documents missing from the collection, one per missing
element), so ``convert --strict`` and ``eval --strict`` exit 1 and a lenient caller can still
use the rest; ``validate RUN --collection DIR`` lists every one (:func:`listed_by`).
"""
from __future__ import annotations

from typing import Iterable

import numpy as np

from ..errors import InputError, ProblemLog, UsageError
from .run import Ranking, Run
from .tree import Collection, DocumentTree


def passage_of_element(tree: DocumentTree, path: str, trim: bool = False) -> tuple[int, int]:
    """``(offset, length)`` of the element's text; ``trim`` drops surrounding whitespace
    (an all-whitespace element becomes a zero-length passage at its start)."""
    if path not in tree.index:
        raise InputError(f"element {path} is not in document {tree.doc}")
    offset, length = tree.char_range(path)
    if trim and tree.text is not None and length:
        text = tree.text[offset:offset + length]
        stripped = text.lstrip()
        if not stripped:
            return offset, 0
        offset += len(text) - len(stripped)
        length = len(stripped.rstrip())
    return offset, length


def listed_by(run: Run, collection: Collection) -> str | None:
    """The command that lists every result of ``run`` that cannot be placed in ``collection``
    (``sdreval validate RUN --collection DIR``), or None where the run or the collection is
    not a file or directory that command can be given."""
    source, root = run.source, getattr(collection, "root", None)
    if not source or source.startswith("(") or not root:
        return None
    return f"sdreval validate {source} --collection {root}"


def strict_refusal(measures: Iterable[str]) -> str:
    """What to do when ``--strict`` refuses a run for results the collection cannot place
    (``measures``: the names of the measures that refuse it), the last line of every such
    refusal."""
    names = ", ".join(dict.fromkeys(measures)) or "passage measures"
    return (f"{names} (--strict): a result needs its element in the collection; correct "
            "the documents or XPaths, or leave out --strict to score such results nothing")


def element_run_to_passage_run(run: Run, collection: Collection, log: ProblemLog | None = None,
                               trim: bool = False, only: Iterable[str] | None = None) -> Run:
    """Convert an element (or document) run to a passage run, rank and RSV kept, file order
    kept.  Unconvertible results are reported to ``log`` (raised at once without a log) and
    left out.  ``only``: convert these topics of the run only (those an evaluation scores)."""
    if run.unit == "passage":
        raise UsageError(f"run {run.name!r} is already a passage run")
    own = log is None
    log = log if log is not None else ProblemLog()
    source = run.source
    topics: dict[str, Ranking] = {}
    wanted = None if only is None else set(only)
    for topic in run.topics:
        if wanted is not None and topic not in wanted:
            continue
        ranking = run.topics[topic]
        n = len(ranking)
        offsets = np.full(n, -1, dtype=np.int64)
        lengths = np.full(n, -1, dtype=np.int64)
        ok = np.zeros(n, dtype=bool)
        docs = ranking.docs.astype(str) if n else np.array([], dtype=str)
        unique, first, inverse = np.unique(docs, return_index=True, return_inverse=True)
        grouped = np.argsort(inverse, kind="stable")
        bounds = np.searchsorted(inverse[grouped], np.arange(len(unique) + 1))
        missing: list[str] = []
        missing_rows = 0
        for group in np.argsort(first):  # documents in order of first appearance
            doc = str(unique[group])
            rows = grouped[bounds[group]:bounds[group + 1]]
            if doc not in collection:
                missing.append(doc)
                missing_rows += len(rows)
                continue
            tree = collection[doc]
            for row in rows:
                path = ranking.paths[row] if run.unit == "element" else tree.paths[0]
                if path not in tree.index:
                    log.error(source, None, f"topic {topic}: {doc} {path} is not an element of"
                              " the document; the result is not converted to a passage")
                    continue
                offsets[row], lengths[row] = passage_of_element(tree, path, trim)
                ok[row] = True
        if missing:
            shown = ", ".join(missing[:5]) + (", ..." if len(missing) > 5 else "")
            log.error(source, None, f"topic {topic}: {missing_rows} result(s) in "
                      f"{len(missing)} document(s) not in the collection ({shown}); not "
                      f"converted to passages{_ambiguity(missing, collection)}")
        converted = ranking.take(ok)
        topics[topic] = Ranking(converted.docs, np.full(len(converted), None, dtype=object),
                                offsets[ok], lengths[ok], converted.ranks, converted.rsv,
                                "passage")
    if own:
        log.raise_if_errors()
    return Run(run.name, topics, "passage", source=source)


def _ambiguity(missing: list[str], collection: Collection) -> str:
    """A hint when missing names are file stems shared by several documents."""
    shared = getattr(collection, "ambiguous", {})
    found = [doc for doc in missing if doc in shared]
    if not found:
        return ""
    return (f" ({len(found)} of them are file stems shared by several documents, e.g. "
            f"{found[0]}: {', '.join(shared[found[0]])}: name those documents by path)")
