"""Element results the collection cannot place, said for the element measures that score them
from their paths alone (XCG, inex_eval, inex_eval_ng).

A result naming an element its document does not hold (``/article[1]/bdy[1]/sec[99]``, the
collection holding the document) is scored as an unassessed element, as INEX's tools scored it
from its path alone; each family says what that means for its measures (``rule``).  With
``--collection`` the results of documents assessed for the topic are looked up (those whose
trees the measures already read); the rule is said once for the run, and ``--strict``
refuses such runs, as for the ESR and passage measures.
"""
from __future__ import annotations

import numpy as np

from ..errors import InputError, Problem, examples_text
from ..io.ids import loose_id
from ..judgements.columns import ElementColumns
from ..judgements.qrels import Qrels
from ..model.conversion import listed_by, strict_refusal
from ..model.run import Run, TopicRankings
from ..model.topic_rankings import Coded, Filled
from .registry import EvalContext, Measure


def unplaced_elements(run: Run, qrels: Qrels, topics: list[str],
                      collection) -> dict[str, list[str]]:
    """Per topic, the results (``doc path``) of documents assessed for the topic and held by
    the collection whose element the document does not hold."""
    found: dict[str, list[str]] = {}
    trees: dict[str, object] = {}
    for topic in topics:
        tq, ranking = qrels.topics.get(topic), run.get(topic)
        if tq is None or not len(ranking):
            continue
        assessed = {doc for doc, _ in tq.elements}
        lost = []
        for doc, path in zip(ranking.docs, ranking.paths):
            if doc not in assessed or (doc, path) in tq.elements:
                continue
            if doc not in trees:
                trees[doc] = collection[doc] if doc in collection else None
            tree = trees[doc]
            if tree is not None and path not in tree:
                lost.append(f"{doc} {path}")
        if lost:
            found[topic] = lost
    return found


def say_unplaced_elements(run: Run, qrels: Qrels, topics: list[str], measures: list[Measure],
                          ctx: EvalContext, rule: str) -> None:
    """The family's ``rule`` (what its ``{measures}`` do with such results, with the paper's
    equation), said (or refused with ``--strict``) for the run's results that name elements
    their documents do not hold; and, with a collection or not, the results whose path is an
    assessed element's in another case (:func:`say_other_spellings`)."""
    if run.unit != "element":
        return
    say_other_spellings(run, qrels, topics, ctx)
    if ctx.collection is None:
        return
    unplaced = unplaced_elements(run, qrels, topics, ctx.collection)
    if not unplaced:
        return
    problems = [Problem(run.source, None, f"topic {topic}: {len(results)} result(s) naming "
                        f"no element of their document ({', '.join(results[:3])}"
                        f"{', ...' if len(results) > 3 else ''})")
                for topic, results in unplaced.items()]
    names = list(dict.fromkeys(m.text for m in measures))
    if ctx.strict:
        raise InputError(problems + [Problem(None, None, strict_refusal(names))])
    total = sum(len(results) for results in unplaced.values())
    lister = listed_by(run, ctx.collection)
    listed = f"; {lister} lists them all" if lister else ""
    ctx.warn(f"run {run.name}: {total:,} result(s) in {len(unplaced):,} topic(s) name elements "
             f"their documents do not hold (results of assessed documents looked up in the "
             f"collection) and {rule.format(measures=', '.join(names))} (--strict rejects "
             f"such runs{listed}): " + examples_text([p.message for p in problems],
                                                     len(problems)))


def other_spellings(run: Run, qrels: Qrels, topics: list[str],
                    cache: dict | None = None) -> dict[str, list[str]]:
    """Per topic, the results (``doc path (assessed: other)``) not assessed whose path, in
    another case or Unicode form (:func:`~sdreval.io.ids.loose_id`), is the path of an element
    of the same document assessed for the topic.  The distinct paths of the run are looked at
    first: only when one of them is such a spelling are the results."""
    spellings = _assessed_spellings(qrels, cache)
    others = {path: sorted(spellings[loose] - {path}) for path in _distinct_paths(run, topics)
              if isinstance(path, str) and (loose := loose_id(path)) in spellings
              and spellings[loose] != {path}}  # path -> the assessed paths it may mean
    found: dict[str, list[str]] = {}
    for topic in topics if others else ():
        tq, ranking = qrels.topics.get(topic), run.get(topic)
        if tq is None or not len(ranking) or others.keys().isdisjoint(ranking.paths.tolist()):
            continue
        listed = [f"{doc} {path} (assessed: {meant[0]})"
                  for doc, path in zip(ranking.docs.tolist(), ranking.paths.tolist())
                  if path in others and (doc, path) not in tq.elements
                  and (meant := [p for p in others[path] if (doc, p) in tq.elements])]
        if listed:
            found[topic] = listed
    return found


def say_other_spellings(run: Run, qrels: Qrels, topics: list[str], ctx: EvalContext) -> None:
    """Warn of :func:`other_spellings`: XML names are case-sensitive (XML 1.0, §2.3), so
    such a result names another element, scored as unassessed; the user may mean the
    assessed one."""
    found = other_spellings(run, qrels, topics, getattr(ctx, "cache", None))
    if not found:
        return
    total = sum(len(results) for results in found.values())
    ctx.warn(f"run {run.name}: {total:,} result(s) in {len(found):,} topic(s) name elements not "
             "assessed whose paths differ from an assessed element's of their document only in "
             "case or Unicode form: XML names are case-sensitive, so they are other elements, "
             "scored as unassessed; write the paths as the assessments do if the assessed ones "
             "are meant: " + examples_text(
                 [f"topic {topic}: {', '.join(results[:3])}{', ...' if len(results) > 3 else ''}"
                  for topic, results in found.items()], len(found)))


def _assessed_spellings(qrels: Qrels, cache: dict | None) -> dict[str, set[str]]:
    """:func:`~sdreval.io.ids.loose_id` of every assessed element path -> its spellings (once
    per qrels where ``cache`` is given)."""
    key = ("assessed-path-spellings", id(qrels))
    if cache is not None and key in cache and cache[key][0] is qrels:
        return cache[key][1]
    spellings: dict[str, set[str]] = {}
    for path in _assessed_paths(qrels):
        spellings.setdefault(loose_id(path), set()).add(path)
    if cache is not None:
        cache[key] = (qrels, spellings)
    return spellings


def _assessed_paths(qrels: Qrels) -> set[str]:
    """The distinct paths of the element judgements of ``qrels`` (of its shared column in
    Arrow where it has one: no object per judgement)."""
    table = qrels.topics.columns()[2] if hasattr(qrels.topics, "columns") else None
    if isinstance(table, ElementColumns):
        from .. import arrow_kernels as pc

        paths = table.paths
        found = {paths} if isinstance(paths, str) else set(pc.unique(paths).to_pylist())
    else:
        found = {path for tq in qrels.topics.values() for _, path in tq.elements}
    return {path for path in found if isinstance(path, str)}


def _distinct_paths(run: Run, topics: list[str]) -> set[str]:
    """The distinct paths of the results of ``topics`` (a run's shared column of distinct
    paths where it has one)."""
    columns = run.topics.columns() if isinstance(run.topics, TopicRankings) else None
    if columns is not None and isinstance(columns.paths, Coded):
        return set(columns.paths.values.tolist())
    if columns is not None and isinstance(columns.paths, (Filled, np.ndarray)):
        paths = columns.paths
        return set() if isinstance(paths, Filled) else set(paths.tolist())
    return {path for topic in topics for path in run.get(topic).paths.tolist()}
