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

from ..errors import InputError, Problem, examples_text
from ..judgements.qrels import Qrels
from ..model.conversion import listed_by, strict_refusal
from ..model.run import Run
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
    their documents do not hold."""
    if ctx.collection is None or run.unit != "element":
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
