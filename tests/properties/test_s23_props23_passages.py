"""Passage (FOL) runs on highlighted-passage qrels (hypothesis): the Focused task's iP[x] and
MAiP and the span measures against a plain character-set reading of their definitions
(Kamps et al. 2008's Focused task; characters counted once), iP[x] non-increasing in x,
SpanR@k non-decreasing in k, and the document-level reading of a passage run (its documents
in order of first appearance)."""
from __future__ import annotations

import os
import tempfile
import warnings
from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

import sdreval
from props23_common import assert_same, examples, same

DOCS = ["7", "10", "d9"]
LEVELS = ["0.00", "0.01", "0.05", "0.10", "0.25", "0.33", "0.5", "0.67", "1.00"]


@st.composite
def fol_case(draw):
    """``(qrels, run)``: qrels ``{doc: (doclen, [(off, len), ...])}`` of one topic with
    something relevant, and a run ``[(doc, off, len), ...]`` of passages inside the documents
    (perhaps overlapping, as real runs)."""
    qrels = {}
    for doc in draw(st.lists(st.sampled_from(DOCS), min_size=1, max_size=3, unique=True)):
        doclen = draw(st.integers(5, 40))
        marks = set()
        for _ in range(draw(st.integers(0, 2))):
            off = draw(st.integers(0, doclen - 1))
            marks.update(range(off, off + draw(st.integers(1, doclen - off))))
        qrels[doc] = (doclen, runs_of(sorted(marks)))
    if not any(p for _, p in qrels.values()):
        doc = next(iter(qrels))
        qrels[doc] = (qrels[doc][0], [(0, 1)])
    run = []
    for _ in range(draw(st.integers(1, 6))):
        doc = draw(st.sampled_from(sorted(qrels)))
        doclen = qrels[doc][0]
        off = draw(st.integers(0, doclen - 1))
        run.append((doc, off, draw(st.integers(1, doclen - off))))
    return qrels, run


def runs_of(chars: list[int]) -> list[tuple[int, int]]:
    """Sorted character positions as ``(offset, length)`` passages."""
    out: list[tuple[int, int]] = []
    for c in chars:
        if out and out[-1][0] + out[-1][1] == c:
            out[-1] = (out[-1][0], out[-1][1] + 1)
        else:
            out.append((c, 1))
    return out


def evaluate(qrels, run, measures, doc_run=False):
    with tempfile.TemporaryDirectory() as folder:
        qrels_path, run_path = os.path.join(folder, "q"), os.path.join(folder, "r")
        with open(qrels_path, "w") as out:
            for doc, (doclen, passages) in qrels.items():
                rel = sum(n for _, n in passages)
                tail = (f" {passages[0][0]} " + " ".join(f"{o}:{n}" for o, n in passages)
                        if passages else "")
                out.write(f"1 Q0 {doc} {rel} {doclen}{tail}\n")
        with open(run_path, "w") as out:
            for i, (doc, off, n) in enumerate(run):
                out.write(f"1 Q0 {doc} {i + 1} {100 - i} r" +
                          ("\n" if doc_run else f" {off} {n}\n"))
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            table = sdreval.evaluate(qrels_path, run_path, measures, per_topic=True)
    return {m: v for t, m, v in zip(table.topic, table.measure, table.value) if t == "1"}


def reference(qrels, run):
    """P[r], R[r] (Fractions) of the ranks, characters counted once."""
    gold = {(d, c) for d, (_, ps) in qrels.items() for o, n in ps for c in range(o, o + n)}
    seen: set = set()
    precision, recall = [], []
    for doc, off, n in run:
        seen.update((doc, c) for c in range(off, off + n))
        hit = len(seen & gold)
        precision.append(Fraction(hit, len(seen)))
        recall.append(Fraction(hit, len(gold)))
    return precision, recall


def interpolated(precision, recall, level: Fraction) -> Fraction:
    return max((p for p, r in zip(precision, recall) if r >= level), default=Fraction(0))


@examples(12)
@given(fol_case())
def test_focused_and_span_measures_match_the_character_sets(case):
    qrels, run = case
    ks = range(1, len(run) + 1)
    names = [f"iP@{x}" for x in LEVELS] + ["MAiP"] + [f"SpanP@{k}" for k in ks] + \
        [f"SpanR@{k}" for k in ks]
    got = evaluate(qrels, run, names)
    precision, recall = reference(qrels, run)
    want = {f"iP@{x}": interpolated(precision, recall, Fraction(x)) for x in LEVELS}
    want["MAiP"] = sum(interpolated(precision, recall, Fraction(i, 100))
                       for i in range(101)) / 101
    want.update({f"SpanP@{k}": precision[k - 1] for k in ks})
    want.update({f"SpanR@{k}": recall[k - 1] for k in ks})
    assert_same(got, {k: float(v) for k, v in want.items()})


@examples(10)
@given(fol_case())
def test_ip_never_rises_with_the_recall_level_and_span_recall_never_falls(case):
    qrels, run = case
    levels = [f"iP@{i / 20:.2f}" for i in range(21)]
    spans = [f"SpanR@{k}" for k in range(1, 8)]
    got = evaluate(qrels, run, levels + spans)
    ip = [got[n] for n in levels]
    assert ip == sorted(ip, reverse=True), ip
    recall = [got[n] for n in spans]
    assert recall == sorted(recall), recall
    assert all(0 <= v <= 1 for v in got.values()), got


DOC_LEVEL = ["AP", "P@1", "P@3", "Rprec", "nDCG", "RR", "recall@2", "Q", "MAep", "nxCG@2",
             "bpref", "num_ret", "num_rel_ret"]


@examples(10)
@given(fol_case())
def test_a_passage_run_scores_as_its_documents_in_order_of_first_appearance(case):
    qrels, run = case
    first = list(dict.fromkeys(doc for doc, _, _ in run))
    want = evaluate(qrels, [(d, 0, 0) for d in first], DOC_LEVEL, doc_run=True)
    got = evaluate(qrels, run, DOC_LEVEL)
    assert_same(got, want, 0)
    whole = evaluate(qrels, [(d, 0, qrels[d][0]) for d in first], DOC_LEVEL)
    assert_same(whole, want, 0)
    relevant = sum(1 for _, ps in qrels.values() if ps)
    assert same(want["num_rel_ret"], sum(1 for d in first if qrels[d][1]))
    assert want["num_ret"] == len(first) and relevant >= want["num_rel_ret"]
