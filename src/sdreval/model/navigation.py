"""ESR user navigation models (Ali, Consens & Lalmas 2012, §4.2, Tables 2, 3 and 5).

Notation: ``p̃(e_i; e_j)`` is the probability of *stepping from* ``e_j`` *to* ``e_i``.
Every model answers :meth:`NavigationModel.matrix` with ``M[j, i] = p̃(paths[i]; paths[j])`` —
row = from, column = to, exactly the layout of Ali, Consens & Lalmas 2012, Tables 2, 3 and 5.  The diagonal holds
the abandonment probability ``p̃(e; e)`` (Ali, Consens & Lalmas 2012, footnote 4); Eq. 4 never uses it (a node
does not navigate to itself), but it lowers the other probabilities of a row when abandonment
weights are estimated from routes.  Navigation across documents is always zero: a model is only
ever asked about paths of one document.

Models:

* :class:`ExplicitNavigation` — a probability per ``(doc, from, to)`` (the ``--navigation`` TSV).
* :func:`elementary_from_routes` — the elementary graph estimated from observed routes
  (Table 2): ``p̃(e_i; e_j) = w(e_i; e_j) / Σ_i' w(e_i'; e_j)``, counts of steps ``e_j → e_i``
  normalised over the steps leaving ``e_j`` (the printed probabilities are row-normalised; the
  prose's "W(e_i) = total weight leading to e_i" contradicts the table, see docs/esr.md).
* :class:`SummaryNavigation` — a partition of the nodes (e.g. by tag, Fig. 4(b)) with
  probabilities between partitions (Table 3), ``p̃(e_i; e_j) ≈ p̃(S_i; S_j)``;
  :func:`summary_from_routes` estimates them from routes.
* :func:`depth_weighted_summary` — the depth-weighted summary model of §4.2 / Ali, Consens &
  Larsen (ECIR 2009): partitions article, section, ss1, other, each weighted inversely to its
  tag depth.
"""
from __future__ import annotations

from abc import ABC, abstractmethod
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Callable, Iterable, Mapping, Sequence

import numpy as np

from ..errors import UsageError
from .xpath import canonical_xpath, tag_of

Route = tuple[str, Sequence[str]]  # (doc, [path, path, ...]) in the order navigated
Partition = Callable[[str, str], str]  # (doc, path) -> summary node label


class NavigationModel(ABC):
    """A user navigation model: probabilities of stepping between nodes of one document."""

    @abstractmethod
    def matrix(self, doc: str, paths: Sequence[str]) -> np.ndarray:
        """``M[j, i] = p̃(paths[i]; paths[j])`` (row = from, column = to); diagonal =
        abandonment.  ``paths`` are canonical XPaths of nodes of document ``doc``."""

    def prob(self, doc: str, from_path: str, to_path: str) -> float:
        """``p̃(to; from)``: the probability of stepping from ``from_path`` to ``to_path``."""
        return float(self.matrix(doc, [from_path, to_path])[0, 1]) if from_path != to_path \
            else float(self.matrix(doc, [from_path])[0, 0])


@dataclass
class ExplicitNavigation(NavigationModel):
    """Explicit probabilities ``probs[doc][(from_path, to_path)] = p̃(to; from)``; absent = 0.

    ``from == to`` entries are abandonment probabilities."""

    probs: dict[str, dict[tuple[str, str], float]] = field(default_factory=dict)
    weights: dict[str, dict[tuple[str, str], float]] | None = None  # when estimated

    def set(self, doc: str, from_path: str, to_path: str, p: float) -> None:
        self.probs.setdefault(doc, {})[(canonical_xpath(from_path), canonical_xpath(to_path))] \
            = float(p)

    def matrix(self, doc: str, paths: Sequence[str]) -> np.ndarray:
        n = len(paths)
        out = np.zeros((n, n))
        table = self.probs.get(doc)
        if not table or n == 0:
            return out
        index = {p: i for i, p in enumerate(paths)}
        if len(table) < n * n:
            for (f, t), p in table.items():
                j, i = index.get(f), index.get(t)
                if j is not None and i is not None:
                    out[j, i] = p
        else:
            for j, f in enumerate(paths):
                for i, t in enumerate(paths):
                    out[j, i] = table.get((f, t), 0.0)
        return out

    def row_sums(self) -> dict[tuple[str, str], float]:
        """Total probability leaving each node (including abandonment)."""
        sums: dict[tuple[str, str], float] = defaultdict(float)
        for doc, table in self.probs.items():
            for (f, _), p in table.items():
                sums[(doc, f)] += p
        return dict(sums)


def _count_steps(routes: Iterable[Route], abandonment: bool,
                 key: Callable[[str, str], str]) -> dict[str, dict[tuple[str, str], float]]:
    counts: dict[str, dict[tuple[str, str], float]] = defaultdict(lambda: defaultdict(float))
    for doc, route in routes:
        nodes = [canonical_xpath(p) for p in route]
        if not nodes:
            continue
        for a, b in zip(nodes, nodes[1:]):
            if a == b:
                raise UsageError(f"route in {doc}: a step from {a} to itself is not a step")
            counts[doc][(key(doc, a), key(doc, b))] += 1.0
        if abandonment:  # footnote 4: the terminal node of a route weights w(e; e)
            last = key(doc, nodes[-1])
            counts[doc][(last, last)] += 1.0
    return counts


def _normalise_rows(weights: Mapping[tuple[str, str], float]) -> dict[tuple[str, str], float]:
    totals: dict[str, float] = defaultdict(float)
    for (f, _), w in weights.items():
        totals[f] += w
    return {(f, t): w / totals[f] for (f, t), w in weights.items() if totals[f] > 0}


def elementary_from_routes(routes: Iterable[Route], abandonment: bool = False
                           ) -> ExplicitNavigation:
    """Elementary user navigation graph from observed routes (Ali, Consens & Lalmas 2012, §4.2, Table 2).

    ``w(e_i; e_j)`` = number of observed steps ``e_j → e_i``; ``p̃(e_i; e_j) = w(e_i; e_j) /
    Σ_i' w(e_i'; e_j)``.  With ``abandonment`` the last node of every route adds one to
    ``w(e; e)`` (footnote 4), which then takes its share of the row."""
    counts = _count_steps(routes, abandonment, lambda d, p: p)
    weights = {doc: dict(table) for doc, table in counts.items()}
    probs = {doc: _normalise_rows(table) for doc, table in weights.items()}
    return ExplicitNavigation(probs, weights)


@dataclass(frozen=True)
class TagPartition:
    """Partition nodes by XML tag: ``groups`` maps a tag to a summary label; other tags map to
    ``default``, or to the tag itself when ``default`` is None.  (A class, so that models can
    be pickled for parallel evaluation.)"""

    groups: tuple[tuple[str, str], ...] = ()
    default: str | None = None

    def __call__(self, doc: str, path: str) -> str:
        tag = tag_of(path)
        for name, label in self.groups:
            if name == tag:
                return label
        return tag if self.default is None else self.default


def tag_partition(groups: Mapping[str, str] | None = None, default: str | None = None
                  ) -> Partition:
    """Partition nodes by XML tag (see :class:`TagPartition`)."""
    return TagPartition(tuple((groups or {}).items()), default)


@dataclass
class SummaryNavigation(NavigationModel):
    """Summary (partition) navigation graph (Ali, Consens & Lalmas 2012, §4.2, Fig. 4(b), Table 3).

    ``probs[(S_from, S_to)] = p̃(S_to; S_from)``; node level ``p̃(e_i; e_j) ≈ p̃(S_i; S_j)``
    for two distinct nodes of the same document (the paper's approximation, applied as printed:
    every node of ``S_i`` receives ``p̃(S_i; S_j)``).  The diagonal of a node is the
    partition's abandonment probability ``p̃(S; S)`` only when ``abandonment`` holds it
    separately (``abandon[S]``)."""

    partition: Partition
    probs: dict[tuple[str, str], float]
    abandon: dict[str, float] = field(default_factory=dict)
    weights: dict[tuple[str, str], float] | None = None

    def matrix(self, doc: str, paths: Sequence[str]) -> np.ndarray:
        labels = [self.partition(doc, p) for p in paths]
        names = sorted(set(labels))
        code = {name: c for c, name in enumerate(names)}
        table = np.array([[self.probs.get((a, b), 0.0) for b in names] for a in names])
        idx = np.array([code[x] for x in labels], dtype=np.int64)
        out = table[np.ix_(idx, idx)] if len(idx) else np.zeros((0, 0))
        if len(idx):
            out[np.arange(len(idx)), np.arange(len(idx))] = \
                [self.abandon.get(x, 0.0) for x in labels]
        return out


def summary_from_routes(routes: Iterable[Route], partition: Partition,
                        abandonment: bool = False) -> SummaryNavigation:
    """Summary model weights from routes (Table 3): ``w(S_i; S_j)`` = number of steps from a
    node of ``S_j`` to a node of ``S_i``; probabilities normalised over the steps leaving
    ``S_j``.  With ``abandonment`` the route ends count as ``S → abandon``."""
    routes = list(routes)
    weights: dict[tuple[str, str], float] = defaultdict(float)
    ends: dict[str, float] = defaultdict(float)
    for doc, route in routes:
        nodes = [canonical_xpath(p) for p in route]
        for a, b in zip(nodes, nodes[1:]):
            if a == b:
                raise UsageError(f"route in {doc}: a step from {a} to itself is not a step")
            weights[(partition(doc, a), partition(doc, b))] += 1.0
        if abandonment and nodes:
            ends[partition(doc, nodes[-1])] += 1.0
    totals: dict[str, float] = defaultdict(float)
    for (f, _), w in weights.items():
        totals[f] += w
    for s, w in ends.items():
        totals[s] += w
    probs = {(f, t): w / totals[f] for (f, t), w in weights.items()}
    abandon = {s: w / totals[s] for s, w in ends.items()}
    return SummaryNavigation(partition, probs, abandon, dict(weights))


#: Partition of the depth-weighted summary model (Ali, Consens & Larsen, ECIR 2009).
DEPTH_GROUPS = {"article": "article", "sec": "section", "section": "section",
                "ss1": "ss1", "ss2": "ss1", "subsection": "ss1"}
DEPTH_OF_GROUP = {"article": 1, "section": 2, "ss1": 3, "other": 4}


def depth_weighted_summary(groups: Mapping[str, str] | None = None,
                           group_depth: Mapping[str, float] | None = None
                           ) -> SummaryNavigation:
    """Depth-weighted summary model (Ali, Consens & Lalmas 2012, §4.2, §7; Ali, Consens & Larsen 2009).

    Four partitions (article, section, ss1, other; tags mapped by ``groups``); each partition
    is weighted inversely to its tag depth ``d_S`` (1, 2, 3, 4 by default):
    ``p̃(S_i; S_j) = (1/d_{S_i}) / Σ_S 1/d_S`` from every partition.  The paper gives no more
    detail; this reading is documented in docs/esr.md."""
    groups = dict(DEPTH_GROUPS if groups is None else groups)
    gdepth = dict(DEPTH_OF_GROUP if group_depth is None else group_depth)
    if not gdepth or any(d <= 0 for d in gdepth.values()):
        raise UsageError("depth-weighted navigation: depths must be positive")
    if "other" not in gdepth:
        raise UsageError("depth-weighted navigation: a depth for partition 'other' is needed")
    unknown = set(groups.values()) - set(gdepth)
    if unknown:
        raise UsageError(f"depth-weighted navigation: no depth for {sorted(unknown)}")
    norm = sum(1.0 / d for d in gdepth.values())
    probs = {(a, b): (1.0 / gdepth[b]) / norm for a in gdepth for b in gdepth}
    return SummaryNavigation(tag_partition(groups, default="other"), probs)


@dataclass
class NoNavigation(NavigationModel):
    """Users never navigate: ESRP and ESRR reduce to precision and recall (Ali, Consens & Lalmas 2012, §6.1)."""

    def matrix(self, doc: str, paths: Sequence[str]) -> np.ndarray:
        return np.zeros((len(paths), len(paths)))
