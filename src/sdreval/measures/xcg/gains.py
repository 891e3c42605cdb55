"""XCG gain vectors: quantisation, overlap (RV, Kazai & Lalmas 2006, Eq. 9) and near-miss cap (Eq. 8).

Gain of the result ``c`` at rank ``i``:

1. ``q = quant(assess(c))``, 0 when ``c`` is not assessed;
2. ``rv(c)`` by Eq. 9: not seen -> ``q``; fully seen (an earlier result is ``c`` or an
   ancestor) -> ``(1-α)·q``; partially seen (an earlier result is a descendant) ->
   ``α·Σ_children rv(child)·|child|/|c| + (1-α)·q``, recursively (an unseen child contributes
   its own ``q``, a fully seen child ``(1-α)·q(child)``).  Unrolled, the recursion is
   ``rv(c) = (1-α)·q(c) + Σ_x α^{depth(x)-depth(c)} · |x|/|c| · φ(x)`` over the elements ``x``
   below ``c`` where the recursion stops or passes: ``φ = q(x)`` for an unseen ``x`` with no
   seen descendant whose parent is partially seen, ``(1-α)·q(x)`` for a partially seen or a
   retrieved ``x`` reached by the recursion (the sizes of the elements in between cancel);
3. near-miss cap (Eq. 8, ``ideal="ideal"``): each ideal node holds a budget equal to its quant;
   a result on its relevant path (the ideal node, a descendant, an ancestor) is credited
   ``min(rv, remaining budget)``.  An ancestor of several ideal nodes draws on their budgets
   together and takes the credit from them in proportion to what each has left.  A result
   related to no ideal node scores 0 (there is no budget to draw on; with the default
   ``keep="ancestor"`` every relevant element lies on the path of an ideal node, so this only
   happens with ``keep="descendant"`` or for content quantised to 0).
   ``ideal="full"`` (thorough): the ideal vector is the full recall-base, no cap.

Sizes: per document, the assessments' size field when every assessed element of the document
has one; otherwise the collection's character sizes (``ctx.collection``) when it holds the
document; otherwise unknown.  A partially seen result whose recursion needs an unknown size
is scored as fully seen, ``(1-α)·q`` (never rewards possibly redundant text), and counted.

Two implementations: :func:`reference_gains` (per-result recursion, the readable definition,
used as the oracle in tests) and :func:`run_gains` (vectorised over all topics of a run).
"""
from __future__ import annotations

import numpy as np

from ...model.run import Run
from ..cumgain import GAIN_EPS
from ..segments import segmented_cumsum
from .locate import RunGains, locate
from .reference import reference_gains
from .tables import (GainSettings, GlobalTable, TopicTable, build_topic_table, element_sizes,
                     global_table, ideal_vector)

BIG = np.iinfo(np.int64).max // 4


def run_gains(gt: GlobalTable, run: Run, settings: GainSettings) -> RunGains:
    """Gain vectors of every topic of ``run`` (vectorised over results and topics)."""
    out = RunGains()
    rows, elem, time, elem_u, time_u, row_offsets = locate(gt, run, out)
    gains_all = np.zeros(int(row_offsets[-1]))
    if rows.size:
        gains_all[rows] = _global_gains(gt, rows, elem, time, elem_u, time_u,
                                        float(settings.alpha), settings, out)
    for t_i, table in enumerate(gt.tables):
        out.gains[table.topic] = gains_all[row_offsets[t_i]:row_offsets[t_i + 1]]
    return out


def _global_gains(gt: GlobalTable, rows, elem, time, elem_u, time_u, alpha,
                  settings: GainSettings, out: RunGains) -> np.ndarray:
    total = gt.total
    q, size, depth, parent, hi = gt.q, gt.size, gt.depth, gt.parent, gt.hi
    sentinel = total
    # first retrieval time of each element, and of unassessed results attached below it
    t_first = np.full(total + 1, BIG, dtype=np.int64)
    np.minimum.at(t_first, elem, time)
    d0 = np.full(total + 1, BIG, dtype=np.int64)
    if elem_u.size:
        np.minimum.at(d0, elem_u, time_u)
    # desc: first retrieval time of any proper descendant (an attached unassessed result is
    # one), bottom-up over the depth levels; covered: first retrieval time of the element or
    # any ancestor, top-down (integer minima: exact)
    desc = d0.copy()
    covered = t_first.copy()
    levels = gt.levels()
    for idx, par, starts, seg_par in reversed(levels):
        below = np.minimum.reduceat(np.minimum(t_first[idx], desc[idx]), starts)
        desc[seg_par] = np.minimum(desc[seg_par], below)
    for idx, par, _, _ in levels:
        covered[idx] = np.minimum(t_first[idx], covered[par])
    desc[sentinel] = BIG
    covered[sentinel] = BIG

    def covered_time(idx: np.ndarray) -> np.ndarray:
        """First retrieval time of the element or any ancestor."""
        return covered[idx]

    qe = q[elem]
    cov = covered_time(elem) < time
    part = ~cov & (desc[elem] < time)
    rv = np.where(cov, (1.0 - alpha) * qe, qe)
    if alpha > 0 and part.any():
        p_idx = np.flatnonzero(part)
        c = elem[p_idx]
        ti = time[p_idx]
        relpos = gt.relpos
        a = np.searchsorted(relpos, c + 1, side="left")
        b = np.searchsorted(relpos, hi[c], side="left")
        cnt = b - a
        n_pairs = int(cnt.sum())
        contrib = np.zeros(p_idx.size)
        unknown = np.zeros(p_idx.size, dtype=bool)
        if n_pairs:
            owner = np.repeat(np.arange(p_idx.size), cnt)
            start = np.repeat(a - (np.cumsum(cnt) - cnt), cnt)
            x = relpos[start + np.arange(n_pairs)]
            i_p = ti[owner]
            ax = covered_time(x)
            px = parent[x]
            pxs = np.where(px >= 0, px, sentinel)
            ap = np.where(px >= 0, covered_time(pxs), BIG)
            dx = desc[x]
            dp = desc[pxs]
            covered_x = ax < i_p
            has_desc = dx < i_p
            parent_dirty = (dp < i_p) & (ap >= i_p)
            clean_frontier = ~covered_x & ~has_desc & parent_dirty
            dirty = ~covered_x & has_desc
            retrieved_frontier = (t_first[x] < i_p) & (ap >= i_p)
            qx = q[x]
            phi = np.where(clean_frontier, qx,
                           np.where(dirty | retrieved_frontier, (1.0 - alpha) * qx, 0.0))
            live = phi > 0
            cx = c[owner]
            weight = alpha ** (depth[x] - depth[cx]).astype(np.float64)
            with np.errstate(invalid="ignore", divide="ignore"):
                term = np.where(live, phi * weight * size[x] / size[cx], 0.0)
            bad = live & ~np.isfinite(term)
            unknown = np.bincount(owner, weights=bad.astype(float), minlength=p_idx.size) > 0
            contrib = np.bincount(owner, weights=np.where(bad, 0.0, term), minlength=p_idx.size)
        qc = q[c]
        value = (1.0 - alpha) * qc + contrib
        value = np.where(unknown, (1.0 - alpha) * qc, value)
        out.size_fallbacks += int(unknown.sum())
        rv[p_idx] = value
    if settings.ideal == "full":
        return rv
    return _cap(gt, elem, rows, rv)


def _cap(gt: GlobalTable, elem, rows, rv) -> np.ndarray:
    """Near-miss cap (Eq. 8) with budgets pooled for ancestors of several ideal nodes."""
    budget = gt.budget
    e_ia, e_lo, e_hi = gt.ideal_anc[elem], gt.ideal_lo[elem], gt.ideal_hi[elem]
    group = np.where(e_ia >= 0, e_ia, np.where(e_hi - e_lo == 1, e_lo, -1))
    multi = (e_ia < 0) & (e_hi - e_lo >= 2) & (rv > 0)
    credit = np.zeros(rv.size)
    active = (group >= 0) & (rv > 0)
    affected = np.zeros(budget.size, dtype=bool)
    if multi.any():
        m = np.flatnonzero(multi)
        marks = np.zeros(budget.size + 1, dtype=np.int64)
        np.add.at(marks, e_lo[m], 1)
        np.add.at(marks, e_hi[m], -1)
        affected = np.cumsum(marks)[:-1] > 0
    slow = multi | (active & affected[np.maximum(group, 0)])
    fast = active & ~slow
    if fast.any():
        f = np.flatnonzero(fast)
        order = f[np.lexsort((rows[f], group[f]))]
        g = group[order]
        first = np.r_[True, g[1:] != g[:-1]]
        # cumulated relevance value per ideal group, accumulated group by group (exact)
        within = segmented_cumsum(rv[order], np.r_[np.flatnonzero(first), g.size])
        got = np.minimum(budget[g], within)
        prev = np.where(first, 0.0, np.r_[0.0, got[:-1]])
        credit[order] = np.maximum(got - prev, 0.0)
    if slow.any():
        s = np.flatnonzero(slow)
        s = s[np.argsort(rows[s], kind="stable")]
        left = budget.tolist()
        for k, gr, l0, h0, v in zip(s.tolist(), group[s].tolist(), e_lo[s].tolist(),
                                     e_hi[s].tolist(), rv[s].tolist()):
            if gr >= 0:
                c = min(v, left[gr])
                left[gr] -= c
            else:
                pool = sum(left[l0:h0])
                c = min(v, pool)
                if c > 0:
                    left[l0:h0] = [b - c * b / pool for b in left[l0:h0]]
            credit[k] = c
    credit[credit <= GAIN_EPS] = 0.0  # residues of budget arithmetic
    return credit


__all__ = ["GainSettings", "TopicTable", "RunGains", "build_topic_table", "run_gains",
           "reference_gains", "ideal_vector", "element_sizes", "GlobalTable", "global_table"]
