"""All-pairs comparison of runs on one measure: p-values, correction, decisions.

:func:`compare_runs` is what ``sdreval compare`` prints: one record per pair of runs (in input
order, ``run_a`` before ``run_b``) with both means, the raw and adjusted p-values and whether
H0 is rejected at ``level`` after the correction (counts such as ``num_rel_ret``: their sums
over the topics, as trec_eval prints them), and ``topics``, the number of topics
both means and the test cover.  With ``alternative="greater"`` each pair is
tested one-sided in the direction of its observed means (H1: the run with the higher mean is
better, Ogilvie & Lalmas 2006, Eq. 10); with ``two-sided`` the direction is not part of H1.

With ``baseline`` (one run name or several, as PyTerrier's ``Experiment(baseline=...)``) only
the pairs (run, baseline) are tested, one record per run and baseline with ``run_a`` the run
and ``run_b`` the baseline (so ``diff`` is the run's gain over the baseline), and the
correction runs over those tests only: fewer tests, more power.  Two baselines are tested
against each other once.  Every record also carries the effect-size columns of
:mod:`sdreval.stats.effect` (mean difference, its confidence interval, Cohen's d_z, wins /
ties / losses over topics); for a count, ``diff`` and its interval are of the sums, so that
``diff = mean_a − mean_b`` holds.  ``direction`` is the side the test's own statistic takes
(:func:`test_direction`): 1 where it finds run_a higher, −1 run_b, 0 neither.  The sign test
and Wilcoxon's do not test the means: they can reject where the run with the lower mean wins
most topics (differences 0.05 on nine topics, −0.9 on one: mean −0.045, sign test p = 0.021
for run_a); a rejection says which run is better by ``direction``, never by the means.
"""
from __future__ import annotations

from typing import Sequence

import numpy as np
import pandas as pd
from scipy import stats

from ..errors import InputError, UsageError
from .aggregate import aggregates, refuse_geometric, topic_scale
from .choices import CORRECTION_WORDS, TEST_SAMPLES
from .correction import adjust
from .matrix import ScoreMatrix, as_values, measures_of, score_matrix
from .effect import EFFECT_COLUMNS, paired_effects
from .paired import DECIMALS, differences, pair_differences, paired_test
from ..measures.results import stacked

RECORD_COLUMNS = ["run_a", "run_b", "measure", "mean_a", "mean_b", "p_value", "p_adjusted",
                  "reject", "topics"] + EFFECT_COLUMNS + ["direction"]
#: what each test's direction is taken from (:func:`test_direction`), for notes and legends
DIRECTION_WORDS = {"sign": "wins over losses", "wilcoxon": "signed ranks, W+ against W−"}


def test_direction(diffs: np.ndarray, test: str, mean: np.ndarray) -> np.ndarray:
    """The side of each row's test statistic: 1 (run_a higher), −1 (run_b) or 0.  The sign
    test counts the positive against the negative differences; Wilcoxon's signed-rank test
    sums the ranks of the positive against those of the negative ones (zeros dropped, tied
    absolute differences at their mean rank, as the test ranks them); the t, bootstrap and
    randomisation tests take the mean difference ``mean``."""
    d = np.atleast_2d(np.asarray(diffs, dtype=float))
    if test == "sign":
        side = np.count_nonzero(d > 0, axis=1) - np.count_nonzero(d < 0, axis=1)
    elif test == "wilcoxon":
        side = np.zeros(len(d))
        for row, values in enumerate(d):
            nonzero = values[values != 0]
            ranks = stats.rankdata(np.abs(nonzero))
            side[row] = ranks[nonzero > 0].sum() - ranks[nonzero < 0].sum()
    else:
        side = np.asarray(mean, dtype=float)
    return np.sign(side).astype(int)


test_direction.__test__ = False  # not a pytest test despite the name


def mean_sides(table: pd.DataFrame) -> np.ndarray:
    """Each record's side of the means: the sign of ``mean_a − mean_b`` to 12 decimals (1:
    run_a's mean is the higher, −1 run_b's, 0 the means are equal)."""
    d = np.round(table["mean_a"].to_numpy(dtype=float) - table["mean_b"].to_numpy(dtype=float),
                 DECIMALS)
    return np.sign(d).astype(int)


def directions(table: pd.DataFrame) -> np.ndarray:
    """Each record's direction: its ``direction`` column, or for a compare table without one
    (written before it had one) the side of the means (:func:`mean_sides`)."""
    if "direction" in table.columns:
        return table["direction"].fillna(0).to_numpy(dtype=float).astype(int)
    return mean_sides(table)


def pair_square(table: pd.DataFrame, runs: Sequence[str], values: np.ndarray, fill: object,
                sign: int = 1) -> np.ndarray:
    """Runs × runs matrix of a compare table: each record's value at (run_a, run_b) and
    times ``sign`` at (run_b, run_a), whatever the records' order; ``fill`` elsewhere (a
    record naming a run not in ``runs`` is left out)."""
    index = {r: i for i, r in enumerate(runs)}
    out = np.full((len(runs), len(runs)), fill, dtype=np.asarray(values).dtype)
    for a, b, value in zip(table["run_a"].astype(str), table["run_b"].astype(str), values):
        if a in index and b in index:
            out[index[a], index[b]], out[index[b], index[a]] = value, value * sign
    return out


def against_means(table: pd.DataFrame) -> pd.DataFrame:
    """The rejected records whose test's direction is not that of their means (the means
    tie, or the other run's is higher): a sign or Wilcoxon test can reject so."""
    if table.empty:
        return table
    rejected = table["reject"].astype(bool).to_numpy()
    return table[rejected & (directions(table) != mean_sides(table))]


def against_means_pairs(odd: pd.DataFrame, named: bool = False, shown: int = 5) -> str:
    """``a–b on m, ... and k more``: the first ``shown`` records of ``odd`` (from
    :func:`against_means`); ``named``: each with the run it is for, ``(for a)``."""
    head = odd.head(shown)
    pairs = [f"{r.run_a}–{r.run_b} on {r.measure}"
             + (f" (for {r.run_a if side > 0 else r.run_b})" if named else "")
             for r, side in zip(head.itertuples(index=False), directions(head))]
    return ", ".join(pairs) + (f" and {len(odd) - shown} more" if len(odd) > shown else "")


def direction_notes(table: pd.DataFrame, test: str) -> list[str]:
    """Words for the rejections whose side is not that of the means (:func:`against_means`),
    naming the run each is for; empty when there is none."""
    odd = against_means(table)
    if odd.empty:
        return []
    return [f"{len(odd)} rejection(s) favour the run whose mean is not higher: "
            f"{against_means_pairs(odd, named=True)}; the {test} test decides by "
            f"{DIRECTION_WORDS.get(test, 'the mean difference')}, not by the means "
            "(the direction column gives its side)"]


def p_resolution(test: str, samples: int, alternative: str) -> float | None:
    """The smallest p above 0 that the bootstrap test can give: its p is a fraction of the
    ``samples`` resamples (Ogilvie & Lalmas 2006, Eq. 13), two-sided twice the smaller
    tail, so ``1/samples`` one-sided and ``2/samples`` two-sided.  None for the other tests:
    the randomisation test's p is never 0 (the observed signs are among the flips, and a
    sampled p is ``(count + 1)/(samples + 1)``, Phipson & Smyth 2010), and the t, Wilcoxon
    and sign tests compute theirs."""
    if test != "bootstrap":
        return None
    return (1 if alternative in ("greater", "less") else 2) / samples


def unresolved_zeros(table: pd.DataFrame, test: str, samples: int, alternative: str,
                     correction: str, level: float) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``(zero, bound, lost)`` per record of a compare table: ``zero`` where a bootstrap
    p_value is 0 and neither run wins on every topic (no resample fell on the other side of
    0, yet some could have: p is below the resolution :func:`p_resolution`, not 0; Phipson &
    Smyth 2010, a Monte-Carlo p-value is never 0; where one run wins on every topic no
    resample can, and 0 is Eq. 13's exact value); ``bound``, the adjusted p with those zeros
    at the resolution (each family, a measure, corrected again: the adjusted p lies below
    it); ``lost``, the rejections that the correction would not make at that bound."""
    none = np.zeros(len(table), dtype=bool)
    step = p_resolution(test, samples, alternative)
    if step is None or table.empty:
        return none, np.full(len(table), np.nan), none
    p = table["p_value"].to_numpy(dtype=float)
    zero = p == 0
    if {"wins", "losses", "topics"} <= set(table.columns):
        topics = table["topics"].to_numpy()
        zero &= (table["wins"].to_numpy() != topics) & (table["losses"].to_numpy() != topics)
    bound = np.full(len(table), np.nan)
    lost = none.copy()
    if zero.any():
        reject = table["reject"].to_numpy(dtype=bool)
        for measure in dict.fromkeys(table["measure"].astype(str)):  # one family each
            rows = (table["measure"].astype(str) == measure).to_numpy()
            bound[rows], again = adjust(np.where(zero[rows], step, p[rows]), correction, level)
            lost[rows] = reject[rows] & ~again
    return zero, bound, lost


def resolution_notes(table: pd.DataFrame, test: str, samples: int, alternative: str,
                     correction: str, level: float) -> list[str]:
    """Words for the bootstrap p-values of 0 below the resolution (:func:`unresolved_zeros`)
    and the rejections that rest on them; empty where there is none."""
    zero, _, lost = unresolved_zeros(table, test, samples, alternative, correction, level)
    if not zero.any():
        return []
    step = p_resolution(test, samples, alternative)
    tail = "" if alternative in ("greater", "less") else "; two-sided: twice the smaller tail"
    lines = [f"{int(zero.sum())} bootstrap p_value(s) 0 where neither run wins on every "
             f"topic: no resampled mean difference fell on the other side of 0 among the "
             f"{samples:,} samples (p is their fraction, Ogilvie & Lalmas 2006, Eq. 13{tail}), "
             f"though some could: read p < {step:.3g}, the resolution of {samples:,} samples, "
             "not p = 0 (Phipson & Smyth 2010)"]
    if lost.any():
        how = CORRECTION_WORDS.get(correction, f"{correction} correction")
        lines.append(f"{int(lost.sum())} rejection(s) rest on such a p_value of 0: at p = "
                     f"{step:.3g} they would not be made ({how}, level {level:g}); more "
                     "samples (--samples) resolve smaller p-values")
    return lines


def with_p_texts(table: pd.DataFrame, test: str, samples: int, alternative: str,
                 correction: str, level: float) -> pd.DataFrame:
    """``table`` with ``p_text`` and ``adjusted_text``: p_value and p_adjusted for a reader, to
    3 significant digits; a bootstrap p of 0 below the resolution (:func:`unresolved_zeros`)
    as ``< 0.0002``, its adjusted p as ``≤`` the adjusted p at the resolution."""
    zero, bound, _ = unresolved_zeros(table, test, samples, alternative, correction, level)
    step = p_resolution(test, samples, alternative)
    texts = [(f"< {step:.3g}", f"≤ {high:.3g}") if unresolved else (f"{p:.3g}", f"{adj:.3g}")
             for p, adj, unresolved, high in zip(table["p_value"], table["p_adjusted"], zero,
                                                 bound)]
    return table.assign(p_text=[t[0] for t in texts], adjusted_text=[t[1] for t in texts])


def baseline_pairs(runs: Sequence[str], baseline: str | Sequence[str]
                   ) -> tuple[np.ndarray, np.ndarray]:
    """Row indices ``(i, j)``: every run ``i`` against every baseline ``j`` (baselines in the
    order given, runs in input order; a pair of baselines once)."""
    names = [baseline] if isinstance(baseline, str) else list(dict.fromkeys(baseline))
    if not names:
        raise UsageError("baseline: give at least one run name")
    position = {run: k for k, run in enumerate(runs)}
    unknown = [b for b in names if b not in position]
    if unknown:
        raise UsageError(f"baseline {', '.join(map(repr, unknown))} is not one of the runs "
                         f"({', '.join(runs)})")
    pairs: list[tuple[int, int]] = []
    seen: set[frozenset] = set()
    for b in names:
        for run in runs:
            key = frozenset((run, b))
            if run != b and key not in seen:
                seen.add(key)
                pairs.append((position[run], position[b]))
    return np.array([p[0] for p in pairs], dtype=int), np.array([p[1] for p in pairs], dtype=int)


def pairwise_pvalues(values: np.ndarray, test: str = "t", alternative: str = "two-sided",
                     samples: int = TEST_SAMPLES, seed: int | None = 0,
                     wilcoxon_method: str = "approx", show_progress: bool | None = None,
                     pairs: tuple[np.ndarray, np.ndarray] | None = None
                     ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``(i, j, p)`` for all pairs of rows of a runs × topics array (or the ``pairs`` given).

    ``alternative``: ``two-sided``, ``greater`` (the higher-mean run is better) or ``less``
    (literal: run i worse than run j, for API use)."""
    values = as_values(values)
    if values.shape[0] < 2:
        raise UsageError("comparing runs needs at least two runs")
    if values.shape[1] < 2:
        raise InputError(f"a paired test needs at least two topics, got {values.shape[1]}")
    i, j, d = pair_differences(values, alternative == "greater", pairs)
    p = paired_test(d, test, alternative, samples, seed, wilcoxon_method, show_progress)
    return i, j, p


def compare_runs(scores: ScoreMatrix | pd.DataFrame, measure: str | None = None,
                 test: str = "t", correction: str = "by", alternative: str = "two-sided",
                 level: float = 0.05, samples: int = TEST_SAMPLES, seed: int | None = 0,
                 wilcoxon_method: str = "approx", missing: str = "error",
                 show_progress: bool | None = None,
                 baseline: str | Sequence[str] | None = None) -> pd.DataFrame:
    """Compare every pair of runs (or every run with the ``baseline`` run(s)); a per-topic
    table with several measures gives one family (and one correction) per measure.  The
    interval of the difference is at ``1 − level``: the t interval with the t test, the
    percentile bootstrap otherwise (``samples``, ``seed``)."""
    if alternative not in ("two-sided", "greater"):
        raise UsageError(f"alternative must be two-sided or greater, got {alternative!r}")
    if isinstance(scores, pd.DataFrame):
        names = [measure] if measure is not None else measures_of(scores)
        frames = [compare_runs(score_matrix(scores, m, missing=missing), None, test,
                               correction, alternative, level, samples, seed, wilcoxon_method,
                               missing, show_progress, baseline) for m in names]
        return stacked(frames) if frames else \
            pd.DataFrame(columns=RECORD_COLUMNS)
    refuse_geometric(measure or scores.measure, "compare's paired tests and differences")
    values = as_values(scores)
    pairs = None if baseline is None else baseline_pairs(list(scores.runs), baseline)
    i, j, p = pairwise_pvalues(values, test, alternative, samples, seed, wilcoxon_method,
                               show_progress, pairs)
    adjusted, reject = adjust(p, correction, level)
    # counts (num_rel_ret ...) are summed over topics, as eval and trec_eval print them
    means = aggregates(values, measure or scores.measure)
    runs = np.array(scores.runs, dtype=object)
    # diff = mean_a − mean_b: for a count the sum of the differences, its interval n times
    scale = topic_scale(measure or scores.measure, values.shape[1])
    effects = paired_effects(differences(values[i], values[j]), 1.0 - level,
                             "t" if test == "t" else "bootstrap", samples, seed, scale > 1,
                             (values[i], values[j]))
    for column in ("diff_ci_low", "diff_ci_high"):
        effects[column] = effects[column] * scale
    direction = test_direction(differences(values[i], values[j]), test, effects["diff"])
    return pd.DataFrame({
        "run_a": runs[i], "run_b": runs[j], "measure": measure or scores.measure,
        "mean_a": means[i], "mean_b": means[j], "p_value": p, "p_adjusted": adjusted,
        "reject": reject, "topics": values.shape[1], **effects, "direction": direction,
    }, columns=RECORD_COLUMNS)
