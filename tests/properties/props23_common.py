"""Shared strategies and helpers of the property tests of tests/properties (hypothesis).

Small random graded qrels ``{topic: {doc: grade}}`` and document runs ``{topic: [(doc,
score), ...]}`` over ids that sort differently as text and as numbers (``"9"`` < ``"10"`` as
numbers, ``"10"`` < ``"9"`` as text).  ``SDREVAL_PROPS_SCALE`` multiplies the number of
examples (e.g. 20 for a hard local run; CI keeps the small default)."""
from __future__ import annotations

import math
import os
import warnings

from hypothesis import settings
from hypothesis import strategies as st

import sdreval

TOPICS = ["1", "2", "10", "9", "a", "B"]
DOCS = ["d1", "d2", "d10", "d9", "x", "Y", "3", "20", "d3", "d30", "4", "40"]

#: measures of document runs on graded qrels
MEASURES = ["P@1", "P@3", "P@5", "AP", "gAP", "AWP", "nDCG", "nDCG@3", "nDCG(gains=exp)", "RR",
            "Rprec", "recall@2", "recall@5", "bpref", "Q", "Q(beta=10)", "R", "MAep", "iMAep",
            "nxCG@1", "nxCG@3", "MAnxCG@5", "ep@0.5", "xCG@3", "inex_eval", "set_F", "ERR@5",
            "RBP", "Success@3", "AP(rel=2)", "num_rel", "num_ret", "num_rel_ret", "gm_map",
            "infAP", "11pt_avg"]
#: measures whose values lie in [0, 1] by their definitions (``RBP`` sums the grades as they
#: are, as ir_measures' ``RBP``: 1.08 for two documents of grade 3; ``gAP`` and ``xCG`` sum
#: grades too)
UNIT = [m for m in MEASURES if m not in ("gAP", "xCG@3", "RBP", "num_rel", "num_ret",
                                         "num_rel_ret")]
#: counts: the mean over topics is their sum, as trec_eval's
COUNTS = ("num_rel", "num_ret", "num_rel_ret")


def examples(n: int) -> settings:
    """Hypothesis settings with ``n`` examples (scaled by ``SDREVAL_PROPS_SCALE``)."""
    scale = float(os.environ.get("SDREVAL_PROPS_SCALE", "1"))
    return settings(max_examples=max(1, int(n * scale)), deadline=None)


grades = st.integers(0, 3)


@st.composite
def qrels(draw, min_topics: int = 1, max_topics: int = 3, relevant: bool = True):
    """``{topic: {doc: grade}}``; with ``relevant`` every topic has a relevant document."""
    topics = draw(st.lists(st.sampled_from(TOPICS), min_size=min_topics, max_size=max_topics,
                           unique=True))
    out = {}
    for topic in topics:
        judged = draw(st.dictionaries(st.sampled_from(DOCS), grades, min_size=1, max_size=8))
        if relevant and not any(judged.values()):
            judged[next(iter(judged))] = draw(st.integers(1, 3))
        out[topic] = judged
    return out


@st.composite
def ranking(draw, min_size: int = 1, max_size: int = 7, ties: bool = False):
    """``[(doc, score), ...]`` of distinct documents in decreasing score (strictly, unless
    ``ties``)."""
    docs = draw(st.lists(st.sampled_from(DOCS), min_size=min_size, max_size=max_size,
                         unique=True))
    if ties:
        scores = sorted(draw(st.lists(st.integers(0, 3), min_size=len(docs),
                                      max_size=len(docs))), reverse=True)
    else:
        scores = list(range(len(docs), 0, -1))
    return [(doc, float(score)) for doc, score in zip(docs, scores)]


@st.composite
def qrels_and_run(draw, ties: bool = False, extra_topic: bool = True, longest: int = 7,
                  **kwargs):
    """Qrels and a run answering some of their topics (and, perhaps, a topic they lack)."""
    judged = draw(qrels(**kwargs))
    topics = draw(st.lists(st.sampled_from(sorted(judged)), min_size=1, unique=True))
    if extra_topic and draw(st.booleans()):
        topics.append(next(t for t in TOPICS if t not in judged))
    return judged, {t: draw(ranking(ties=ties, max_size=longest)) for t in topics}


def records(run: dict, name: str = "run") -> list[dict]:
    """The run as records with ranks, in its order."""
    return [{"query_id": t, "doc_id": d, "score": s, "rank": i + 1, "run": name}
            for t, ranked in run.items() for i, (d, s) in enumerate(ranked)]


def as_dict(run: dict) -> dict:
    """The run as ``{topic: {doc: score}}``."""
    return {t: dict(ranked) for t, ranked in run.items()}


def scores(qrels_, run, measures=MEASURES, **options) -> dict:
    """``{(topic, measure): value}`` of one run (means under topic ``"all"``); warnings
    (the rules applied) are ignored."""
    if isinstance(run, dict) and run and isinstance(next(iter(run.values())), list):
        run = records(run)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        table = sdreval.evaluate(qrels_, run, measures, per_topic=True, **options)
    return {(t, m): v for t, m, v in zip(table.topic, table.measure, table.value)}


def same(a: float, b: float, tol: float = 1e-12) -> bool:
    """Equal values (NaN equals NaN), to ``tol`` relative and absolute."""
    if math.isnan(a) or math.isnan(b):
        return math.isnan(a) and math.isnan(b)
    return math.isclose(a, b, rel_tol=tol, abs_tol=tol)


def assert_same(got: dict, want: dict, tol: float = 1e-12) -> None:
    """The two score dicts have the same keys and values; the differing ones listed."""
    assert set(got) == set(want), sorted(set(got) ^ set(want))
    bad = {k: (got[k], want[k]) for k in want if not same(got[k], want[k], tol)}
    assert not bad, bad
