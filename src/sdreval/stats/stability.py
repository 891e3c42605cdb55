"""Stability of measures: qrels variants (Kazai & Lalmas 2006, §6.2.1) and topic-set size (§6.2.2).

**Qrels variants.**  When some topics were judged by several assessors, a *qrels test set*
takes one judgement set per topic; with ``k`` topics that have two alternative assessments
there are ``2**k`` test sets (32 for the paper's 5 topics).  Input is a per-topic score table
with a ``variant`` column (run, topic, measure, value, variant): a topic with one variant is
static, a topic with several is varied.  :func:`variant_means` evaluates every combination at
once (runs' means over all topics, or over the varied topics only: the paper's 34- and 5-topic
sets).  Combination 0 takes each topic's original variant (``original`` if given, else the
topic's first variant in the table).

- :func:`variant_spread`: each run's mean, minimum and maximum score over the test sets (Fig. 7).
- :func:`variant_correlation`: Kendall's tau between the original test set's system ranking
  and each other set's: average, maximum, minimum (Table III).
- :func:`error_rate_and_ties`: Kazai & Lalmas 2006, Eq. 15–16.  For every pair of runs and every test set
  the decision is A ≻ B, B ≻ A, or A = B when ``|a − b| < 0.05 · max(a, b)`` (5% of the larger
  score, both taken to 12 decimals; two equal scores, including two zeros, are equal).  Error rate
  ``Σ_pairs min(|A≻B|, |B≻A|) / Σ_pairs (|A≻B| + |B≻A| + |A=B|)`` and proportion of ties
  ``Σ_pairs |A=B| / (same total)``.  Errata: Eq. 15 prints ``min(Σ|A≻B|, Σ|B≻A|)`` — the
  minimum is taken per pair (Voorhees & Buckley), as the text says "number of incorrect
  decisions"; Eq. 16 is labelled "ErrorRate" but is the proportion of ties.

**Topic-set size.**  :func:`swap_rates` follows Voorhees & Buckley 2002 as Kazai & Lalmas 2006 does: per
trial, a random permutation of the topics; for topic-set size ``s`` the first ``s`` and the
last ``s`` topics of the permutation are two disjoint topic sets (so ``s ≤ n/2``).  For every
pair of runs the difference ``d`` of their means on the first set picks one of the 23 bins
(``d < 0.0025``, ``[0.0025, 0.005)``, ``[0.005, 0.01)``, ``[0.01, 0.02)``, …, ``[0.19, 0.2)``,
``d ≥ 0.2``) and a *swap* is counted when the two sets order the pair in opposite directions.
Differences that are 0 to 12 decimals count as 0 (no direction) so that decimal scores that
cancel exactly do not produce spurious swaps, and differences are binned to 12 decimals
(0.3 − 0.2 is 0.1, in ``[0.1, 0.11)``, not the float 0.09999999999999998).  The bins are
the papers' absolute differences of a measure on the 0–1 scale; for a count
(``num_rel_ret``: differences of 1, 2, 5 ...) or any measure with a per-topic value outside
[0, 1] they would put every pair in the
last bin, so there ``d`` is divided by the best run's mean first: the same bins read as a share
of the best score, as Kazai & Lalmas 2006, §6.2.2 relate their bins to the best score (0.01 is
9.3% of the best MAep) and Voorhees & Buckley 2002 state relative differences (0.051 is 12.75%).
The ``difference`` column says which (``absolute`` or ``relative``; :func:`difference_scale`).
:func:`extrapolate_swap_rates` fits, per bin,
``log(rate) = a + b·size`` by least squares (Excel's GROWTH, the paper's footnote 18; the
paper's unspecified smoothing is not applied) on the sizes with a non-zero rate and enough
comparisons, and predicts larger topic sets; :func:`minimum_difference` gives, per size, the
smallest bin from which every bin's error rate is at most 5% (95% confidence).
"""
from __future__ import annotations

import itertools
from typing import Iterable

import numpy as np
import pandas as pd

from ..errors import InputError, UsageError
from ..measures.evaluate import aggregate_of
from ..model.ordering import topic_sort_key
from ._progress import progress
from .aggregate import refuse_geometric
from .correlation import kendall_tau
from .effect import is_tie
from .matrix import ScoreMatrix, as_values, row_means
from .paired import DECIMALS, pair_index
from .variant_checks import check_original, check_same_topics, valued_rows

SWAP_BINS = np.array([0.0, 0.0025, 0.005] + [round(0.01 * k, 2) for k in range(1, 21)]
                     + [np.inf])
MAX_COMBINATIONS = 1 << 20


# ----------------------------------------------------------------------------- qrels variants

def variant_means(table: pd.DataFrame, measure: str | None = None, topics: str = "all",
                  original: str | None = None, runs: list[str] | None = None,
                  judged: dict[str, set[str]] | None = None, base: str | None = None
                  ) -> tuple[list[str], list[dict[str, str]], np.ndarray]:
    """``(runs, combinations, means)`` with ``means[c, r]`` run r's mean on test set c.

    ``combinations[c]`` maps each varied topic to its chosen variant; ``topics`` is ``all``
    (static + varied topics) or ``varied`` (the varied topics only).  Every test set has the
    same topics: an alternative assessment is a second judgement of a topic of the original
    assessments (Kazai & Lalmas 2006, §6.2.1, after Voorhees 2000), so with ``base`` (the
    variant of those assessments) a topic without a ``base`` score is refused, and so is a
    topic that a variant judges
    (``judged``: variant -> its assessments' topics) without a score under it (nothing
    relevant there), where another variant scores it."""
    needed = {"run", "topic", "measure", "value", "variant"}
    if not needed <= set(table.columns):
        raise InputError(f"variant table needs columns {', '.join(sorted(needed))}")
    if topics not in ("all", "varied"):
        raise UsageError(f"topics must be all or varied, got {topics!r}")
    data = table[table["topic"].astype(str) != "all"].copy()
    for column in ("run", "topic", "measure", "variant"):
        data[column] = data[column].astype(str)
    names = list(dict.fromkeys(data["measure"]))
    if measure is None:
        if len(names) != 1:
            raise UsageError(f"variant table has {len(names)} measures; choose one")
        measure = names[0]
    refuse_geometric(measure, "the qrels variants' means")
    data = data[data["measure"] == measure]
    if data.empty:
        raise UsageError(f"measure {measure!r} not in the variant table")
    data = valued_rows(table, data, measure, refuse=not judged)
    run_names = list(dict.fromkeys(data["run"])) if runs is None else list(runs)
    if data.duplicated(["run", "topic", "variant"]).any():
        raise InputError("duplicate (run, topic, variant) rows in the variant table")
    cube = data.pivot_table(index=["topic", "variant"], columns="run", values="value",
                            aggfunc="first").reindex(columns=run_names)
    if cube.isna().to_numpy().any():
        where = cube.index[cube.isna().any(axis=1)][0]
        missing = [str(r) for r, v in cube.loc[where].items() if pd.isna(v)]
        raise InputError(f"not every run has a {measure} score on topic {where[0]} "
                         f"variant {where[1]} (none for run(s) {', '.join(missing)}): every run "
                         "needs one on every topic of every variant; a run that did not answer "
                         "the topic has none, unless -c scores it 0")
    variants: dict[str, list[str]] = {}
    for topic, variant in zip(data["topic"], data["variant"]):
        variants.setdefault(topic, [])
        if variant not in variants[topic]:
            variants[topic].append(variant)
    if original is not None:
        check_original(original, variants)
        for topic, names_t in variants.items():
            if original in names_t:
                names_t.remove(original)
                names_t.insert(0, original)
    ordered = sorted(variants, key=topic_sort_key)
    check_same_topics(ordered, variants, base, judged or {})
    static = [t for t in ordered if len(variants[t]) == 1]
    varied = [t for t in ordered if len(variants[t]) > 1]
    if not varied:
        raise UsageError("no topic has more than one variant")
    total = int(np.prod([len(variants[t]) for t in varied], dtype=np.float64))
    if total > MAX_COMBINATIONS:
        raise UsageError(f"{total} qrels combinations is too many (limit {MAX_COMBINATIONS})")
    base = np.zeros(len(run_names))
    if topics == "all":
        for t in static:
            base += cube.loc[(t, variants[t][0])].to_numpy()
    count = len(varied) + (len(static) if topics == "all" else 0)
    choices = np.array(list(itertools.product(*[range(len(variants[t])) for t in varied])))
    sums = np.broadcast_to(base, (len(choices), len(run_names))).copy()
    for col, t in enumerate(varied):
        stack = np.stack([cube.loc[(t, v)].to_numpy() for v in variants[t]])  # variants × runs
        sums += stack[choices[:, col]]
    combos = [{t: variants[t][c] for t, c in zip(varied, row)} for row in choices]
    return run_names, combos, sums / count


def variant_spread(runs: list[str], means: np.ndarray) -> pd.DataFrame:
    """Per run: mean, min, max and range of its score over the test sets (Kazai & Lalmas 2006, Fig. 7)."""
    return pd.DataFrame({"run": runs, "original": means[0], "mean": means.mean(axis=0),
                         "min": means.min(axis=0), "max": means.max(axis=0),
                         "range": means.max(axis=0) - means.min(axis=0)})


def variant_correlation(means: np.ndarray) -> dict[str, float]:
    """Kendall's tau between test set 0 (original) and every other set: avg, max, min over
    the ``tau_sets`` sets where tau is defined (not where either set gives every run the same
    mean: tau is 0/0 there; NaN when no set has one)."""
    if means.shape[0] < 2:
        raise UsageError("need at least two test sets")
    taus = np.array([kendall_tau(means[0], means[c])[0] for c in range(1, means.shape[0])])
    defined = taus[~np.isnan(taus)]
    return {"sets": int(means.shape[0]), "tau_sets": int(defined.size),
            **{f"tau_{name}": float(how(defined)) if defined.size else float("nan")
               for name, how in (("mean", np.mean), ("max", np.max), ("min", np.min))}}


def pair_decisions(means: np.ndarray, equivalence: float = 0.05
                   ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per pair of runs (i < j): counts over test sets of A≻B, B≻A and A=B (5% rule)."""
    m = np.asarray(means, dtype=float)
    i, j = pair_index(m.shape[1])
    a, b = m[:, i], m[:, j]
    larger = np.maximum(a, b)
    # at 12 decimals, as the paired tests: 0.06 against 0.057 differs by 0.003 = 5%, no tie;
    # means equal to 12 decimals tie whatever the equivalence (0 included): a test set's sums
    # over topics in their order differ in the last bit (0.2+0.1+0.3 against 0.2+0.3+0.1)
    tie = (np.round(np.abs(a - b), DECIMALS) < np.round(equivalence * larger, DECIMALS)
           ) | is_tie(a - b)
    better = (a > b) & ~tie
    worse = (b > a) & ~tie
    return better.sum(axis=0), worse.sum(axis=0), tie.sum(axis=0)


def error_rate_and_ties(means: np.ndarray, equivalence: float = 0.05) -> dict[str, float]:
    """Kazai & Lalmas 2006, Eq. 15 (error rate) and Eq. 16 (proportion of ties) over test sets."""
    better, worse, ties = pair_decisions(means, equivalence)
    total = int(better.sum() + worse.sum() + ties.sum())
    if total == 0:
        raise UsageError("no comparisons: need at least two runs")
    return {"comparisons": total, "error_rate": float(np.minimum(better, worse).sum() / total),
            "ties": float(ties.sum() / total)}


# ----------------------------------------------------------------------------- topic-set size

def swap_counts(values: np.ndarray, trials: int = 100, sizes: Iterable[int] | None = None,
                bins: np.ndarray = SWAP_BINS, seed: int | None = 0, bin_by: str = "first",
                show_progress: bool | None = None, scale: float = 1.0
                ) -> tuple[list[int], np.ndarray, np.ndarray]:
    """``(sizes, comparisons, swaps)``, the last two ``len(sizes) × bins`` count arrays; the
    differences are divided by ``scale`` before binning."""
    x = as_values(values)
    n_runs, n_topics = x.shape
    if n_runs < 2:
        raise UsageError("swap rates need at least two runs")
    size_list = list(sizes) if sizes is not None else list(range(1, n_topics // 2 + 1))
    if not size_list or min(size_list) < 1 or 2 * max(size_list) > n_topics:
        raise UsageError(f"topic-set sizes must be in 1..{n_topics // 2} for {n_topics} topics")
    if bin_by not in ("first", "mean"):
        raise UsageError("bin_by must be first or mean")
    edges = np.asarray(bins, dtype=float)
    n_bins = len(edges) - 1
    rng = np.random.default_rng(seed)
    i, j = pair_index(n_runs)
    comparisons = np.zeros((len(size_list), n_bins), dtype=np.int64)
    swaps = np.zeros_like(comparisons)
    block = max(1, 2_000_000 // (len(i) * len(size_list)))
    with progress(trials, "swap trials", show_progress) as bar:
        for start in range(0, trials, block):
            count = min(block, trials - start)
            perms = np.argsort(rng.random((count, n_topics)), axis=1)
            front = np.cumsum(x[:, perms], axis=2)            # runs × trials × n
            back = np.cumsum(x[:, perms[:, ::-1]], axis=2)
            idx = np.array(size_list) - 1
            m1 = front[:, :, idx] / (idx + 1)                 # runs × trials × sizes
            m2 = back[:, :, idx] / (idx + 1)
            d1 = m1[i] - m1[j]                                # pairs × trials × sizes
            d2 = m2[i] - m2[j]
            s1 = np.where(is_tie(d1), 0.0, np.sign(d1))  # no direction: 0 to 12 decimals
            s2 = np.where(is_tie(d2), 0.0, np.sign(d2))
            swapped = (s1 * s2) < 0
            # to the decimals of the paired tests: 0.3 − 0.2 is 0.1, in [0.1, 0.11)
            diff = np.round((np.abs(d1) if bin_by == "first" else np.abs(d1 + d2) / 2) / scale,
                            DECIMALS)
            which = np.clip(np.searchsorted(edges, diff, side="right") - 1, 0, n_bins - 1)
            size_pos = np.broadcast_to(np.arange(len(size_list)), which.shape)
            flat = (size_pos * n_bins + which).ravel()
            comparisons += np.bincount(flat, minlength=len(size_list) * n_bins
                                       ).reshape(len(size_list), n_bins)
            swaps += np.bincount(flat, weights=swapped.ravel(),
                                 minlength=len(size_list) * n_bins
                                 ).astype(np.int64).reshape(len(size_list), n_bins)
            bar.update(count)
    return size_list, comparisons, swaps


def difference_scale(values: np.ndarray | ScoreMatrix) -> float | None:
    """What swap-rate differences are divided by before binning: None for a measure on the
    0–1 scale (the papers' absolute bins), else the best run's mean (bins as shares of the best
    score; see the module docstring).  A count measure (summed over topics) or any per-topic
    value outside [0, 1] is off that scale; a best mean of 0 or less keeps the absolute bins."""
    x = as_values(values)
    count = isinstance(values, ScoreMatrix) and aggregate_of(str(values.measure)) == "sum"
    if not (count or x.size and (x.min() < 0 or x.max() > 1)):
        return None
    best = float(row_means(x).max()) if x.size else 0.0
    return best if best > 0 else None


def _bin_label(low: float, high: float) -> str:
    if low == 0:
        return f"<{high:g}"
    if np.isinf(high):
        return f">={low:g}"
    return f"[{low:g},{high:g})"


def swap_rates(values: np.ndarray | ScoreMatrix, trials: int = 100,
               sizes: Iterable[int] | None = None, bins: np.ndarray = SWAP_BINS,
               seed: int | None = 0, bin_by: str = "first",
               show_progress: bool | None = None) -> pd.DataFrame:
    """Long table ``size, bin, bin_low, bin_high, comparisons, swaps, error_rate,
    difference`` (``absolute``, or ``relative`` to the best mean: :func:`difference_scale`)."""
    scale = difference_scale(values)
    size_list, comparisons, swaps = swap_counts(values, trials, sizes, bins, seed, bin_by,
                                                show_progress, scale or 1.0)
    edges = np.asarray(bins, dtype=float)
    rows = []
    for s_pos, size in enumerate(size_list):
        for b in range(len(edges) - 1):
            c, w = int(comparisons[s_pos, b]), int(swaps[s_pos, b])
            rows.append({"size": size, "bin": _bin_label(edges[b], edges[b + 1]),
                         "bin_low": edges[b], "bin_high": edges[b + 1], "comparisons": c,
                         "swaps": w, "error_rate": w / c if c else np.nan,
                         "difference": "absolute" if scale is None else "relative"})
    return pd.DataFrame(rows)


def extrapolate_swap_rates(rates: pd.DataFrame, target_sizes: Iterable[int] = (25, 34, 50),
                           min_comparisons: int = 10) -> pd.DataFrame:
    """Per bin, ``rate = exp(a + b·size)`` fitted on observed sizes, predicted at targets.

    Columns: ``bin, bin_low, bin_high, size, error_rate, fitted_points`` (NaN where fewer
    than two usable points), and the rates' ``difference`` column if they have one."""
    rows = []
    targets = list(target_sizes)
    wrong = [t for t in targets if not float(t).is_integer() or t < 1]
    if wrong or not targets:
        raise UsageError("topic-set sizes to extrapolate swap rates to (--extrapolate) are "
                         f"whole numbers of topics, at least 1 (e.g. 25,34,50); got {targets}")
    for (low, high), group in rates.groupby(["bin_low", "bin_high"], sort=True):
        usable = group[(group["comparisons"] >= min_comparisons) & (group["error_rate"] > 0)]
        label = group["bin"].iloc[0]
        if len(usable) >= 2:
            b, a = np.polyfit(usable["size"].to_numpy(float),
                              np.log(usable["error_rate"].to_numpy(float)), 1)
            predicted = np.minimum(np.exp(a + b * np.array(targets, dtype=float)), 1.0)
        else:
            predicted = np.full(len(targets), np.nan)
        for size, value in zip(targets, predicted):
            rows.append({"bin": label, "bin_low": low, "bin_high": high, "size": size,
                         "error_rate": float(value), "fitted_points": len(usable)})
            if "difference" in group.columns:
                rows[-1]["difference"] = group["difference"].iloc[0]
    return pd.DataFrame(rows)


def minimum_difference(rates: pd.DataFrame, max_error: float = 0.05,
                       best_score: float | None = None) -> pd.DataFrame:
    """Per size, the smallest difference (a bin's lower edge) from which every bin with data
    has an error rate ≤ ``max_error`` (95% confidence for 0.05); relative to ``best_score``
    if given.  NaN when even the largest bins exceed ``max_error``.  Bins ``relative`` to the
    best mean (a ``difference`` column) need ``best_score`` for the absolute difference."""
    relative = "difference" in rates.columns and bool((rates["difference"] == "relative").any())
    if relative and not best_score:
        raise UsageError("swap rates binned relative to the best mean: minimum_difference "
                         "needs best_score (the best run's mean) for the absolute difference")
    rows = []
    for size, group in rates.groupby("size", sort=True):
        group = group.sort_values("bin_low")
        rate = group["error_rate"].to_numpy(float)
        lows = group["bin_low"].to_numpy(float)
        ok = np.isnan(rate) | (rate <= max_error)
        has_data = ~np.isnan(rate)
        found = np.nan
        for k in range(len(rate)):
            if ok[k:].all() and has_data[k:].any():
                found = lows[k]
                break
        row = {"size": size, "min_difference": found}
        if relative:
            row = {"size": size, "min_difference": found * best_score,
                   "min_difference_relative": found}
        elif best_score:
            row["min_difference_relative"] = found / best_score
        rows.append(row)
    return pd.DataFrame(rows)


def top_runs(scores: ScoreMatrix, fraction: float = 0.75) -> ScoreMatrix:
    """The best ``fraction`` of runs by mean, rounded down (Kazai & Lalmas 2006, §6.2.2: the
    top 75% of 69 runs are 51 runs), and every run whose mean equals the last one kept (means
    to 12 decimals): which of tied runs to drop is no choice, and the input order must not
    make it."""
    if not 0 < fraction <= 1:
        raise UsageError(f"fraction must be in (0, 1], got {fraction}")
    keep = max(2, int(np.floor(fraction * len(scores.runs) + 1e-9)))
    means = np.round(scores.means, DECIMALS)
    order = np.flatnonzero(means >= np.sort(means)[::-1][min(keep, len(means)) - 1])
    return ScoreMatrix(tuple(scores.runs[k] for k in order), scores.topics,
                       scores.values[order], scores.measure)
