"""Ali, Consens & Lalmas (2012, ESR) toy example as data: the article of Fig. 4(a), the
routes of Fig. 5, the relevance of Table 4, the navigation of Table 5, the three system
outputs of Table 6 and the PRUM example of Table 9.

:data:`INPUTS`-style constants are the paper's *inputs*; :data:`EXPECTED` holds the values the
paper prints, used only as expected values in tests and examples (never as inputs).

Element sizes: the tables fix ``size(e1) = 100`` (SRiP@2 of System 3 is 30/130), ``size(e3) =
30`` and ``size(e4) = 20`` (Fig. 4(a), Table 4).  No printed value depends on the sizes of
``e2``, ``e5``, ``e6``; the values below (70, 25, 25) are our choice, consistent with the tree.
"""
from __future__ import annotations

from ..judgements.qrels import Qrels
from ..model.run import Ranking, Run

DOC = "fig4"
TOPIC = "toy"

#: Fig. 4(a): node id -> (canonical XPath, tag, size in characters).  e1 is the article,
#: e2, e3 sections, e6 a sub-section (ss1) of e2, e4, e5 paragraphs of e2.
NODES: dict[str, tuple[str, str, int]] = {
    "e1": ("/article[1]", "article", 100),
    "e2": ("/article[1]/sec[1]", "sec", 70),
    "e3": ("/article[1]/sec[2]", "sec", 30),
    "e4": ("/article[1]/sec[1]/p[1]", "p", 20),
    "e5": ("/article[1]/sec[1]/p[2]", "p", 25),
    "e6": ("/article[1]/sec[1]/ss1[1]", "ss1", 25),
}

#: Fig. 5: observed routes (node ids, in navigation order).
ROUTES: list[list[str]] = [
    ["e3", "e1", "e2", "e4"],
    ["e3", "e2", "e4", "e5"],
    ["e3", "e1", "e6"],
]

#: Fig. 4(b): partition of the nodes by tag (S1 article, S2 sections, S3 paragraphs).
PARTITION_GROUPS = {"article": "S1", "sec": "S2", "ss1": "S2", "p": "S3"}

#: Table 4: relevant elements -> (binary relevance, relevance by length in characters).
RELEVANCE: dict[str, tuple[int, int]] = {"e3": (1, 30), "e4": (1, 20)}

#: Table 5: p̃(to; from) as printed; key (from, to) — row = from, column = to.
TABLE5: dict[tuple[str, str], float] = {
    ("e1", "e2"): 0.53, ("e1", "e3"): 0.16, ("e1", "e4"): 0.11, ("e1", "e5"): 0.11,
    ("e1", "e6"): 0.11,
    ("e2", "e1"): 0.63, ("e2", "e4"): 0.133, ("e2", "e5"): 0.133, ("e2", "e6"): 0.133,
    ("e3", "e1"): 1.0,
    ("e4", "e1"): 0.5, ("e4", "e2"): 0.5,
    ("e5", "e1"): 0.5, ("e5", "e2"): 0.5,
    ("e6", "e1"): 0.5, ("e6", "e2"): 0.5,
}

#: Table 6: the three example system outputs (ranks 1, 2, 3).
SYSTEMS: dict[str, list[str]] = {
    "System 1": ["e1", "e3", "e4"],
    "System 2": ["e1", "e2", "e6"],
    "System 3": ["e3", "e1", "e4"],
}

#: Table 9 (PRUM example): the output, the ideal elements, the desired number of ideal elements
#: and the only possible navigation P(e1 ⇝ e4) = 0.2.
PRUM_EXAMPLE = {"run": ["e3", "e1", "e4"], "ideal": ["e3", "e4"], "desired": 2,
                "navigation": {("e1", "e4"): 0.2}}

#: Values printed in the paper — expected values only.  Table 7: (system, k) ->
#: {"hits"|"near"|"miss": {node: (binary, by length)}} (None where the table prints "-").
EXPECTED: dict = {
    "table2": {("e1", "e2"): (1, 0.5), ("e1", "e6"): (1, 0.5), ("e2", "e4"): (2, 1.0),
               ("e3", "e1"): (2, 0.66), ("e3", "e2"): (1, 0.33), ("e4", "e5"): (1, 1.0)},
    "table3": {("S1", "S2"): (2, 1.0), ("S2", "S1"): (2, 0.4), ("S2", "S2"): (1, 0.2),
               ("S2", "S3"): (2, 0.4), ("S3", "S3"): (1, 1.0)},
    "table7": {
        ("System 1", 1): {"near": {"e3": (0.16, 4.8), "e4": (0.11, 2.2)},
                          "miss": {"e3": (0.84, 25.2), "e4": (0.89, 17.8)}},
        ("System 2", 1): {"near": {"e3": (0.16, 4.8), "e4": (0.11, 2.2)},
                          "miss": {"e3": (0.84, 25.2), "e4": (0.89, 17.8)}},
        ("System 3", 1): {"hits": {"e3": (1, 30)}, "near": {"e4": (0, 0)},
                          "miss": {"e4": (1, 20)}},
        ("System 1", 2): {"hits": {"e3": (0.84, 25.2)}, "near": {"e4": (0.11, 2.2)},
                          "miss": {"e4": (0.89, 17.8)}},
        ("System 2", 2): {"near": {"e3": (0.16, 4.8), "e4": (0.23, 4.56)},
                          "miss": {"e3": (0.84, 25.2), "e4": (0.77, 15.4)}},
        ("System 3", 2): {"hits": {"e3": (1, 30)}, "near": {"e4": (0.11, 2.2)},
                          "miss": {"e4": (0.89, 17.8)}},
        ("System 1", 3): {"hits": {"e3": (0.84, 25.2), "e4": (0.89, 17.8)}},
        ("System 2", 3): {"near": {"e3": (0.16, 4.8), "e4": (0.23, 4.56)},
                          "miss": {"e3": (0.84, 25.2), "e4": (0.77, 15.4)}},
        ("System 3", 3): {"hits": {"e3": (1, 30), "e4": (0.89, 17.8)}},
    },
    # Table 8: recall-base, binary (by length), k = 1, 2, 3
    "table8": {"System 1": [(2, 50), (1.84, 45.2), (1.73, 43)],
               "System 2": [(2, 50), (2, 50), (2, 50)],
               "System 3": [(2, 50), (2, 50), (1.89, 47.8)]},
    # Table 11: (ESRP@k, ESRR@k), k = 1, 2, 3
    "table11": {"System 1": [(0, 0.135), (0.42, 0.516), (0.577, 1)],
                "System 2": [(0, 0.135), (0, 0.194), (0, 0.194)],
                "System 3": [(1, 0.5), (0.5, 0.555), (0.63, 1)]},
    # Table 12: (SRiP@k, SRiR@k), k = 1, 2, 3
    "table12": {"System 1": [(0, 0), (0.194, 0.558), (0.287, 1)],
                "System 2": [(0, 0), (0, 0), (0, 0)],
                "System 3": [(1, 0.6), (0.231, 0.6), (0.319, 1)]},
    # Table 13: (CG, CD, NSRCG) with l = 1, m = 2; the k = 3 column is an erratum (it omits the
    # hit at rank 3): printed CG[3] = 25.2 / 30 where Eq. 23 gives 43 / 47.8.
    "table13": {"System 1": [(0, 25, 0), (25.2, 45.2, 0.56), (25.2, 64.5, 0.39)],
                "System 2": [(0, 25, 0), (0, 50, 0), (0, 75, 0)],
                "System 3": [(30, 25, 1.2), (30, 50, 0.6), (30, 71.7, 0.42)]},
    "table13_corrected_cg3": {"System 1": 43.0, "System 3": 47.8},
    # Table 14: SRPRUM at desired recall 1
    "table14": {"System 1": 0.577, "System 2": 0.129, "System 3": 0.63},
    # §6.5 text: System 3, k = 2, SRPRUM with C = 2 is 0.555
    "table9": {"P(A)": 0.2, "P(B)": 0.8, "E[CL(2)]": 2.0, "E[C(2)]": 2.8, "PRUM": 0.714},
}


def path(node: str) -> str:
    return NODES[node][0]


def qrels(scale: str = "inex2005") -> Qrels:
    """Table 4 as INEX 2005-style assessments: e3 and e4 relevant and fully highlighted
    (exhaustivity 2, specificity 1.0, so relevance by length = size), the other nodes
    judged non-relevant; every node carries its size."""
    q = Qrels(scale)
    for node, (p, _, size) in NODES.items():
        if node in RELEVANCE:
            q.add_element(TOPIC, DOC, p, 2.0, 1.0, float(size))
        else:
            q.add_element(TOPIC, DOC, p, 0.0, 0.0, float(size))
    return q


def runs() -> list[Run]:
    """Table 6: one run per system, topic :data:`TOPIC`."""
    out = []
    for name, nodes in SYSTEMS.items():
        ranking = Ranking.from_elements([(DOC, path(n)) for n in nodes])
        out.append(Run(name, {TOPIC: ranking}))
    return out


def table5_navigation():
    """Table 5 as an explicit navigation model."""
    from ..model.navigation import ExplicitNavigation

    nav = ExplicitNavigation()
    for (f, t), p in TABLE5.items():
        nav.set(DOC, path(f), path(t), p)
    return nav


def routes() -> list[tuple[str, list[str]]]:
    """Fig. 5 routes as ``(doc, [xpath, ...])``."""
    return [(DOC, [path(n) for n in route]) for route in ROUTES]


def inputs():
    """``(qrels, runs, navigation)`` of the paper's running example (Tables 4, 5, 6)."""
    return qrels(), runs(), table5_navigation()
