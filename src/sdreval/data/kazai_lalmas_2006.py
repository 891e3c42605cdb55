"""Kazai & Lalmas (2006, XCG) worked example as data: the assessments of Fig. 3 / Table I
(topic 163, article ``co/2001/r7022``) and the four simulated runs of Table I.

:data:`NODES` and :data:`RUNS` are the paper's *inputs*; :data:`TABLE2` holds the values the
paper prints in Table II and is used only as expected values in tests (never as inputs).

Element sizes: Fig. 3 shows each relevant node's size in words, but the figure is an image
and its numbers are not in the paper text.  The sizes below are our choice, consistent with
the tree (a parent is larger than the sum of its relevant children; the rest of a parent's
text is in non-relevant children: front/back matter, other sections, titles).  No value
printed in the paper depends on them (with α = 1 every overlapping result in Table I meets an
exhausted near-miss budget or a fully seen ancestor); the tests check that.
"""
from __future__ import annotations

from ..judgements.qrels import Qrels
from ..model.run import Ranking, Run

TOPIC = "163"
DOC = "co/2001/r7022"
_B = "/article[1]/bdy[1]"

#: Fig. 3 / Table I: every relevant node -> ((e, s), size in words).  Six relevant paths end
#: at the six leaves sec[4]/{ip1[2], p[1], p[2]} and sec[6]/{ip1[2], p[1], p[2]}.
NODES: dict[str, tuple[tuple[int, int], int]] = {
    "/article[1]": ((3, 1), 5200),
    _B: ((3, 1), 4300),
    f"{_B}/sec[4]": ((2, 2), 900),
    f"{_B}/sec[4]/ip1[2]": ((2, 3), 120),
    f"{_B}/sec[4]/p[1]": ((2, 3), 150),
    f"{_B}/sec[4]/p[2]": ((1, 2), 210),
    f"{_B}/sec[6]": ((3, 3), 640),
    f"{_B}/sec[6]/ip1[2]": ((2, 3), 110),
    f"{_B}/sec[6]/p[1]": ((2, 3), 180),
    f"{_B}/sec[6]/p[2]": ((2, 3), 170),
}

#: Non-relevant elements of the article (assessed (0, 0)) with their sizes in words: the
#: remaining text of the article, of the body and of the two relevant sections.
NON_RELEVANT: dict[str, int] = {
    "/article[1]/fm[1]": 300,
    "/article[1]/bm[1]": 600,
    f"{_B}/sec[1]": 700,
    f"{_B}/sec[2]": 800,
    f"{_B}/sec[3]": 650,
    f"{_B}/sec[5]": 610,
    f"{_B}/sec[4]/st[1]": 6,
    f"{_B}/sec[4]/ip1[1]": 414,
    f"{_B}/sec[6]/st[1]": 5,
    f"{_B}/sec[6]/ip1[1]": 175,
}

#: Table I: the four simulated runs (paths relative to the article, in rank order).
RUNS: dict[str, list[str]] = {
    "frb": [f"{_B}/sec[6]", f"{_B}/sec[4]/ip1[2]", f"{_B}/sec[4]/p[1]", f"{_B}/sec[6]/ip1[2]",
            f"{_B}/sec[6]/p[1]", f"{_B}/sec[6]/p[2]", f"{_B}/sec[4]", "/article[1]", _B,
            f"{_B}/sec[4]/p[2]"],
    "ideal": [f"{_B}/sec[6]", f"{_B}/sec[4]"],
    "reverse_ideal": [f"{_B}/sec[4]", f"{_B}/sec[6]"],
    "rel_leaves": [f"{_B}/sec[6]/ip1[2]", f"{_B}/sec[6]/p[1]", f"{_B}/sec[6]/p[2]",
                   f"{_B}/sec[4]/ip1[2]", f"{_B}/sec[4]/p[1]", f"{_B}/sec[4]/p[2]"],
}

#: Table I's printed quant_sog values (for a test that the quantisation agrees).
TABLE1_SOG: dict[str, float] = {
    "/article[1]": 0.25, _B: 0.25, f"{_B}/sec[4]": 0.5, f"{_B}/sec[4]/ip1[2]": 0.9,
    f"{_B}/sec[4]/p[1]": 0.9, f"{_B}/sec[4]/p[2]": 0.25, f"{_B}/sec[6]": 1.0,
    f"{_B}/sec[6]/ip1[2]": 0.9, f"{_B}/sec[6]/p[1]": 0.9, f"{_B}/sec[6]/p[2]": 0.9,
}

#: Table II cut-offs and recall points.
TABLE2_NXCG_CUTOFFS = (1, 2, 3, 4, 5, 10, 25, 50, 100, 1500)
TABLE2_EP_POINTS = (0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0)

#: Table II as printed (strings keep the printed precision).  Expected values only.
TABLE2: dict[str, dict[str, str]] = {}


def _row(nxcg: str, ep: str, overall: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for k, v in zip(TABLE2_NXCG_CUTOFFS, nxcg.split()):
        out[f"nxCG@{k}"] = v
    for r, v in zip(TABLE2_EP_POINTS, ep.split()):
        out[f"ep@{r}"] = v
    for name, v in zip(("iMAep", "MAep", "Q", "R", "MAnxCG@1500"), overall.split()):
        out[name] = v
    return out


TABLE2.update({
    "ideal": _row("1 1 1 1 1 1 1 1 1 1", "1 1 1 1 1 1 1 1 1 1", "1 1 1 1 1"),
    "frb": _row("1 1 1 1 1 1 1 1 1 1", "1 1 1 1 1 1 1 1 1 1", "1 1 1 1 1"),
    "reverse_ideal": _row("0.5 1 1 1 1 1 1 1 1 1", "0.5 0.5 0.5 0.43 0.5 0.56 1 1 1 1",
                          "0.6991 0.75 0.875 1 1"),
    "rel_leaves": _row("0.9 0.66 0.66 1 1 1 1 1 1 1",
                       "0.9 0.9 0.9 0.9 0.9 0.9 0.46 0.47 0.49 0.5",
                       "0.732 0.633 0.8751 0.857 0.9995"),
})

#: §6.1.2 claims (expected values only): R and ep@0.1 in the "insert" case, and the relative
#: drops between "insert 1" and "precede 1".
SECTION_612 = {"R_insert": 0.5714, "ep@0.1_insert": 1.0,
               "drop_Q": 0.25, "drop_MAep": 0.30, "drop_iMAep": 0.48}


def kazai_lalmas_qrels(with_sizes: bool = True, with_non_relevant: bool = True) -> Qrels:
    """The assessments of topic 163 for ``co/2001/r7022`` (Fig. 3), INEX 2003/2004 scale."""
    qrels = Qrels("inex2003", source="Kazai & Lalmas 2006, Fig. 3")
    for path, ((e, s), size) in NODES.items():
        qrels.add_element(TOPIC, DOC, path, e, s, float(size) if with_sizes else None)
    if with_non_relevant:
        for path, size in NON_RELEVANT.items():
            qrels.add_element(TOPIC, DOC, path, 0, 0, float(size) if with_sizes else None)
    return qrels


def kazai_lalmas_runs() -> list[Run]:
    """The four simulated runs of Table I."""
    return [Run(name, {TOPIC: Ranking.from_elements([(DOC, p) for p in paths])})
            for name, paths in RUNS.items()]


def kazai_lalmas_example() -> tuple[Qrels, list[Run]]:
    """``(qrels, runs)`` of Kazai & Lalmas 2006, §6.1: evaluate with ``quant=sog`` to get Table II."""
    return kazai_lalmas_qrels(), kazai_lalmas_runs()


__all__ = ["TOPIC", "DOC", "NODES", "NON_RELEVANT", "RUNS", "TABLE1_SOG", "TABLE2",
           "TABLE2_NXCG_CUTOFFS", "TABLE2_EP_POINTS", "SECTION_612", "kazai_lalmas_qrels",
           "kazai_lalmas_runs", "kazai_lalmas_example"]
