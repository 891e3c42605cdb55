"""Hints for runs whose document ids do not match the judgements'.

Ids are compared as written; a hint only names the likely cause, in a warning of its own that
names no topic or example (so that a run cut into topic partitions, ``--jobs``, warns as the
whole run does)."""
from __future__ import annotations

from typing import Iterable

from ..judgements.qrels import Qrels
from ..model.run import Run

SUFFIX = ".xml"


def xml_suffix_warning(run: Run, qrels: Qrels, topics: Iterable[str]) -> str | None:
    """A warning when a run id not judged for its topic would be after removing (or adding)
    ``.xml`` -- INEX file names against ids without the extension -- else None (removing
    is named when both would match somewhere)."""
    added = False
    for topic in topics:
        ranking = run.topics.get(topic)
        if ranking is None or topic not in qrels:
            continue
        tq = qrels[topic]
        judged = {d for d, _ in tq.elements} | set(tq.passages)
        docs = ranking.docs
        unknown = set(docs.tolist() if hasattr(docs, "tolist") else docs) - judged
        if not unknown:
            continue
        if any(str(d)[:-len(SUFFIX)] in judged for d in unknown
               if str(d).lower().endswith(SUFFIX)):
            return _message(run, "removed from")
        added = added or any(f"{d}{SUFFIX}" in judged for d in unknown)
    return _message(run, "added to") if added else None


def _message(run: Run, change: str) -> str:
    return (f"run {run.name}: some results of documents not judged for their topic would be "
            f"judged with '{SUFFIX}' {change} their document ids; ids are compared as written: "
            "write them as the judgements do")


def warn_xml_suffix(ctx: object, run: Run, qrels: Qrels, topics: Iterable[str]) -> None:
    """Give :func:`xml_suffix_warning`'s warning, if any, through ``ctx.warn``."""
    warn = getattr(ctx, "warn", None)
    if warn is not None:
        message = xml_suffix_warning(run, qrels, topics)
        if message is not None:
            warn(message)
