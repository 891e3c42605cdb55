"""Benchmark: every XCG measure, overlap on, 55 runs x 29 topics x 1,500 results.

Synthetic INEX-like data (generated here, deterministic): articles with front matter, a body of
sections / sub-sections / paragraphs and a bibliography; per topic ~60 judged articles with
relevant paragraphs whose exhaustivity propagates to their ancestors (INEX 2004 scale, sizes
in words); runs draw 1,500 elements from the judged articles and from other articles, with
overlapping results, by a noisy relevance score.

Compared, on the same data and in the same process:
* sdreval: ``evaluate(qrels, runs, measures)`` (vectorised gains and measures);
* baseline: a straightforward per-result Python loop (dict/set state per document, the
  recursion of Eq. 9, the cap of Eq. 8) followed by the per-topic formulas.
The two must agree to 1e-9 on every value (checked).

Run: ``python benchmarks/bench_xcg.py [--runs 55 --topics 29 --length 1500]``.
"""
from __future__ import annotations

import argparse
import time

import numpy as np

from sdreval.judgements.qrels import Qrels
from sdreval.judgements.quantise import get_quantisation
from sdreval.judgements.recallbase import ideal_recall_base
from sdreval.measures import EvalContext, evaluate
from sdreval.measures.cumgain import ep_at, i_ma_ep, ma_ep, ma_nxcg, nxcg, q_measure, r_measure
from sdreval.model.run import Ranking, Run

CUTOFFS = (1, 2, 3, 4, 5, 10, 25, 50, 100, 1500)
POINTS = tuple(round(0.1 * i, 1) for i in range(1, 11))
MEASURES = ([f"nxCG@{k}" for k in CUTOFFS] + [f"ep@{r}" for r in POINTS]
            + ["iMAep", "MAep", "Q", "R", "MAnxCG@1500", "xCG@10"])
REL_ES = [(1, 1), (1, 2), (1, 3), (2, 1), (2, 2), (2, 3), (3, 1), (3, 2), (3, 3)]


# ------------------------------------------------------------------------------ data
def make_article(rng: np.random.Generator) -> dict[str, float]:
    """path -> size in words of one synthetic article (about 60-150 elements)."""
    sizes: dict[str, float] = {}
    leaves: list[str] = ["/article[1]/fm[1]/atl[1]"]
    for s in range(1, rng.integers(3, 9)):
        sec = f"/article[1]/bdy[1]/sec[{s}]"
        leaves.append(f"{sec}/st[1]")
        leaves += [f"{sec}/p[{p}]" for p in range(1, rng.integers(2, 8))]
        for u in range(1, rng.integers(0, 3) + 1):
            leaves += [f"{sec}/ss1[{u}]/p[{p}]" for p in range(1, rng.integers(2, 5))]
    leaves += [f"/article[1]/bm[1]/bib[1]/bb[{b}]" for b in range(1, rng.integers(5, 25))]
    for leaf in leaves:
        size = float(max(1, int(rng.lognormal(3.3, 0.8))))
        node = leaf
        while node:
            sizes[node] = sizes.get(node, 0.0) + size
            node = node[:node.rfind("/")]
    return sizes


def make_data(n_topics: int, n_runs: int, length: int, seed: int = 0):
    rng = np.random.default_rng(seed)
    n_docs = 1500
    articles = [make_article(rng) for _ in range(n_docs)]
    qrels = Qrels("inex2003")
    rel_signal: dict[tuple[str, int], dict[str, float]] = {}
    for t in range(n_topics):
        topic = str(162 + t)
        judged = rng.choice(n_docs, size=60, replace=False)
        for d in judged.tolist():
            doc = f"co/{d:05d}"
            sizes = articles[d]
            paragraphs = [p for p in sizes if p.rsplit("/", 1)[-1].startswith("p[")]
            relevant = rng.choice(paragraphs, size=min(len(paragraphs), int(rng.integers(0, 5))),
                                  replace=False).tolist()
            assess: dict[str, tuple[int, int]] = {}
            for leaf in relevant:
                e, s = REL_ES[int(rng.integers(len(REL_ES)))]
                assess[leaf] = (e, s)
                node = leaf[:leaf.rfind("/")]
                while node:
                    pe, ps = assess.get(node, (0, 0))
                    assess[node] = (max(pe, e, 1), max(ps, int(rng.integers(1, 3))))
                    node = node[:node.rfind("/")]
            for path in list(assess):  # non-relevant siblings are assessed (0, 0)
                parent = path[:path.rfind("/")]
                for sib in (p for p in sizes if p.startswith(parent + "/")
                            and p.count("/") == path.count("/")):
                    assess.setdefault(sib, (0, 0))
            for path, (e, s) in assess.items():
                qrels.add_element(topic, doc, path, e, s, sizes[path])
            rel_signal[(topic, d)] = {p: (1.0 if assess.get(p, (0, 0))[0] else 0.0)
                                      for p in sizes}
    runs = []
    topics = list(qrels.topics)
    pools = {}
    for topic in topics:
        docs = [d for (t, d) in rel_signal if t == topic]
        others = rng.choice(n_docs, size=40, replace=False).tolist()
        cand_doc, cand_path, signal = [], [], []
        for d in dict.fromkeys(docs + others):
            for p in articles[d]:
                cand_doc.append(f"co/{d:05d}")
                cand_path.append(p)
                signal.append(rel_signal.get((topic, d), {}).get(p, 0.0))
        pools[topic] = (np.array(cand_doc, dtype=object), np.array(cand_path, dtype=object),
                        np.array(signal))
    for r in range(n_runs):
        quality = 0.2 + 0.7 * r / max(n_runs - 1, 1)
        per_topic = {}
        for topic, (docs, paths, signal) in pools.items():
            score = quality * signal + (1 - quality) * rng.random(signal.size)
            top = np.argsort(-score, kind="stable")[:length]
            per_topic[topic] = Ranking(docs[top], paths[top], np.full(top.size, -1),
                                       np.full(top.size, -1), np.arange(1, top.size + 1),
                                       score[top])
        runs.append(Run(f"run{r:02d}", per_topic))
    return qrels, runs


# -------------------------------------------------------------------------- baseline
def _parent(path: str) -> str | None:
    cut = path.rfind("/")
    return path[:cut] if cut > 0 else None


def baseline_gains(topic_qrels, ranking, quant, alpha=1.0) -> np.ndarray:
    """Per-result loop: Eq. 9 by recursion over children, Eq. 8 with per-node budgets."""
    fn = get_quantisation(quant)
    q = {key: float(fn(a.e, a.s)) for key, a in topic_qrels.elements.items()}
    size = {key: a.size for key, a in topic_qrels.elements.items()}
    budget = {(e.doc, e.path): e.value for e in ideal_recall_base(topic_qrels, quant)}
    ideal_of_doc: dict[str, list[str]] = {}
    for (d, p) in budget:
        ideal_of_doc.setdefault(d, []).append(p)
    children: dict[tuple[str, str], list[str]] = {}
    for (d, p) in topic_qrels.elements:
        par = _parent(p)
        if par is not None:
            children.setdefault((d, par), []).append(p)
    seen: set[tuple[str, str]] = set()
    seen_below: set[tuple[str, str]] = set()  # elements with a retrieved descendant
    out = np.zeros(len(ranking))
    for i in range(len(ranking)):
        d, p = ranking.docs[i], ranking.paths[i]
        qc = q.get((d, p), 0.0)
        node, full = p, False
        while node is not None:
            if (d, node) in seen:
                full = True
                break
            node = _parent(node)
        if full:
            rv = (1 - alpha) * qc
        elif (d, p) in seen_below:
            def value(x: str) -> float:  # rv·|x| of a partially seen x without sizes known
                total = 0.0
                for ch in children.get((d, x), ()):
                    qch = q.get((d, ch), 0.0)
                    if (d, ch) in seen:
                        total += (1 - alpha) * qch * (size[(d, ch)] or 0.0)
                    elif (d, ch) in seen_below:
                        total += alpha * value(ch) + (1 - alpha) * qch * (size[(d, ch)] or 0.0)
                    else:
                        total += qch * (size[(d, ch)] or 0.0)
                return total
            inner = value(p)
            rv = (1 - alpha) * qc + (alpha * inner / size[(d, p)] if inner > 0 else 0.0)
        else:
            rv = qc
        seen.add((d, p))
        node = _parent(p)
        while node is not None:
            seen_below.add((d, node))
            node = _parent(node)
        related = [x for x in ideal_of_doc.get(d, ())
                   if x == p or p.startswith(x + "/") or x.startswith(p + "/")]
        pool = sum(budget[(d, x)] for x in related)
        credit = min(rv, pool) if related else 0.0
        credit = credit if credit > 1e-12 else 0.0
        for x in related:
            if credit > 0:
                budget[(d, x)] -= credit * budget[(d, x)] / pool
        out[i] = credit
    return out


def baseline(qrels, runs, quant):
    values = {}
    ideal = {t: np.array(sorted((e.value for e in ideal_recall_base(qrels[t], quant)),
                                reverse=True)) for t in qrels.topics}
    for run in runs:
        for topic in qrels.topics:
            g = baseline_gains(qrels[topic], run.get(topic), quant)
            xi = ideal[topic]
            row = [nxcg(g, xi, k) for k in CUTOFFS] + list(ep_at(g, xi, np.array(POINTS)))
            row += [i_ma_ep(g, xi), ma_ep(g, xi), q_measure(g, xi), r_measure(g, xi),
                    ma_nxcg(g, xi, 1500), float(g[:10].sum())]
            for m, v in zip(MEASURES, row):
                values[(run.name, topic, m)] = v
    return values


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=55)
    parser.add_argument("--topics", type=int, default=29)
    parser.add_argument("--length", type=int, default=1500)
    parser.add_argument("--baseline-runs", type=int, default=5,
                        help="time the baseline on this many runs and scale linearly (default 5)")
    args = parser.parse_args()
    t0 = time.perf_counter()
    qrels, runs = make_data(args.topics, args.runs, args.length)
    n_results = sum(len(r) for r in runs)
    print(f"data: {len(runs)} runs x {len(qrels)} topics, {n_results:,} results, "
          f"{sum(len(t.elements) for t in qrels.topics.values()):,} assessments "
          f"({time.perf_counter() - t0:.1f} s to generate)")

    ctx = EvalContext(quant="sog", overlap="on")
    t0 = time.perf_counter()
    ours = evaluate(qrels, runs, MEASURES, ctx)
    t_ours = time.perf_counter() - t0
    print(f"sdreval : {t_ours:6.2f} s  ({len(MEASURES)} measures, overlap on, incl. building "
          f"the element tables)")

    subset = runs if args.baseline_runs is None else runs[:args.baseline_runs]
    t0 = time.perf_counter()
    base = baseline(qrels, subset, "sog")
    t_base = (time.perf_counter() - t0) * len(runs) / len(subset)
    note = "" if len(subset) == len(runs) else f" (measured on {len(subset)} runs, scaled)"
    print(f"baseline: {t_base:6.2f} s  per-result Python loop{note}")
    print(f"speed-up: {t_base / t_ours:6.1f}x   target: < 2 s and >= 20x")

    got = {(r.run, r.topic, r.measure): r.value for r in ours.itertuples()}
    worst, where = max((abs(got[k] - v), k) for k, v in base.items())
    print(f"max |sdreval - baseline| over {len(base):,} values: {worst:.2e} {where}")
    assert worst < 1e-9, "sdreval and the baseline disagree"


if __name__ == "__main__":
    main()
