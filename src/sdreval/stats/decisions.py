"""Agreement between the significance decisions of two settings (Ogilvie & Lalmas 2006, §3.4, Fig. 1).

With ``reject(Q)`` the set of run pairs found significantly different under setting Q (a
quantisation, a measure, a qrels variant), Q1's decisions predict Q2's ("ground truth"):

    recall(Q1, Q2)    = |reject(Q1) ∩ reject(Q2)| / |reject(Q2)|
    precision(Q1, Q2) = |reject(Q1) ∩ reject(Q2)| / |reject(Q1)|
    F1 = 2·recall·precision / (recall + precision)                      (Ogilvie & Lalmas 2006, Eq. 14)

The paper prints ∪ in the numerators; with ∪ recall and precision would be ≥ 1, so ∩ is meant
(erratum).  By default a rejection is *directional*: the pair ``(better, worse)`` by the
side the setting's test rejected for (the records' ``direction``, the means' for a table
without one), so two settings that both find a difference but disagree on its direction
do not agree.  An undefined ratio (empty denominator) is NaN.  A table of several measures
keys each pair by its measure too (each measure's decisions against the same measure's); two
tables of one measure each compare their pairs, whatever the measures (a measure can be the
setting).

:func:`decision_outcomes` is the data of Ogilvie & Lalmas 2006, Fig. 1: for every pair, the mean differences
under both settings and the outcome — ``both``, ``neither``, ``miss`` (rejected under the
y-axis setting, retained under the x-axis one) or ``false alarm`` (retained under y, rejected
under x).
"""
from __future__ import annotations

import numpy as np
import pandas as pd

from ..errors import UsageError
from .compare import directions

_KEY = ["run_a", "run_b", "measure"]


def rejection_set(compared: pd.DataFrame, directional: bool = True,
                  by_measure: bool = False) -> set[tuple]:
    """Rejected pairs of a :func:`~sdreval.stats.compare.compare_runs` table (with their
    measure last if ``by_measure``)."""
    rejected = compared[compared["reject"].astype(bool)]
    out = set()
    for r, side in zip(rejected.itertuples(index=False), directions(rejected)):
        if directional:  # the test's side (no side: the given order)
            pair = (r.run_b, r.run_a) if side < 0 else (r.run_a, r.run_b)
        else:
            pair = tuple(sorted((r.run_a, r.run_b)))
        out.add(pair + (r.measure,) if by_measure else pair)
    return out


def _by_measure(*tables: object) -> bool:
    """Whether pairs are keyed by their measure too: a table holds several measures."""
    return any(isinstance(t, pd.DataFrame) and "measure" in t.columns
               and t["measure"].nunique() > 1 for t in tables)


def agreement(predicting: set | pd.DataFrame, truth: set | pd.DataFrame,
              directional: bool = True) -> dict[str, float]:
    """Recall, precision and F1 of ``predicting``'s rejections against ``truth``'s (Eq. 14)."""
    keyed = _by_measure(predicting, truth)
    if keyed and all(isinstance(t, pd.DataFrame) for t in (predicting, truth)) and \
            set(predicting["measure"]) != set(truth["measure"]):
        raise UsageError("the two settings do not compare the same measures: "
                         f"{sorted(set(predicting['measure']))} and "
                         f"{sorted(set(truth['measure']))}")
    r1 = rejection_set(predicting, directional, keyed) \
        if isinstance(predicting, pd.DataFrame) else set(predicting)
    r2 = rejection_set(truth, directional, keyed) if isinstance(truth, pd.DataFrame) \
        else set(truth)
    both = len(r1 & r2)
    recall = both / len(r2) if r2 else float("nan")
    precision = both / len(r1) if r1 else float("nan")
    if np.isnan(recall) or np.isnan(precision) or recall + precision == 0:
        f1 = float("nan") if (np.isnan(recall) or np.isnan(precision)) else 0.0
    else:
        f1 = 2 * recall * precision / (recall + precision)
    return {"recall": recall, "precision": precision, "f1": f1, "rejected_predicting": len(r1),
            "rejected_truth": len(r2), "rejected_both": both}


def agreement_matrix(settings: dict[str, pd.DataFrame], directional: bool = True
                     ) -> pd.DataFrame:
    """Eq. 14 for every ordered pair of settings (Ogilvie & Lalmas 2006, Tables 3–4 as a long table):
    ``predicting, truth, recall, precision, f1, ...`` plus each setting's share of pairs
    rejected."""
    rows = []
    for name1, table1 in settings.items():
        for name2, table2 in settings.items():
            row = {"predicting": name1, "truth": name2}
            row.update(agreement(table1, table2, directional))
            row["share_rejected_predicting"] = (float(table1["reject"].mean())
                                                if len(table1) else float("nan"))
            rows.append(row)
    return pd.DataFrame(rows)


def _direction(table: pd.DataFrame) -> np.ndarray:
    """−1 where the test rejected for run b (:func:`~sdreval.stats.compare.directions`), else
    1 (no side: the given order)."""
    return np.where(directions(table) < 0, -1, 1)


def decision_outcomes(x_setting: pd.DataFrame, y_setting: pd.DataFrame,
                      directional: bool = True) -> pd.DataFrame:
    """Ogilvie & Lalmas 2006, Fig. 1 as data: per pair, ``diff_x``, ``diff_y``, decisions and
    outcome (per pair and ``measure`` when a table holds several measures)."""
    for table in (x_setting, y_setting):
        missing = [c for c in _KEY + ["mean_a", "mean_b", "reject"] if c not in table.columns]
        if missing:
            raise UsageError(f"comparison table lacks columns {', '.join(missing)}")
    x = x_setting.assign(diff=x_setting["mean_a"] - x_setting["mean_b"],
                         side=_direction(x_setting))
    y = y_setting.assign(diff=y_setting["mean_a"] - y_setting["mean_b"],
                         side=_direction(y_setting))
    key = _KEY if _by_measure(x_setting, y_setting) else _KEY[:2]
    merged = x[key + ["diff", "side", "reject"]].merge(
        y[key + ["diff", "side", "reject"]], on=key, suffixes=("_x", "_y"), how="outer",
        indicator=True)
    if (merged["_merge"] != "both").any():
        raise UsageError("the two settings do not compare the same pairs of runs"
                         + (" on the same measures" if len(key) > 2 else ""))
    rx = merged["reject_x"].astype(bool).to_numpy()
    ry = merged["reject_y"].astype(bool).to_numpy()
    if directional:  # a rejection in the opposite direction is a disagreement
        # directions as rejection_set takes them: the tests' sides, none in given order
        same_sign = (merged["side_x"] == merged["side_y"]).to_numpy()
        agree_both = rx & ry & same_sign
        opposite = rx & ry & ~same_sign
    else:
        agree_both = rx & ry
        opposite = np.zeros_like(rx)
    outcome = np.select([agree_both, opposite, ry & ~rx, rx & ~ry],
                        ["both", "opposite", "miss", "false alarm"], "neither")
    out = merged[key + ["diff_x", "diff_y", "reject_x", "reject_y"]].copy()
    out["outcome"] = outcome
    return out


def outcomes_by_difference(outcomes: pd.DataFrame, bins: np.ndarray | None = None
                           ) -> pd.DataFrame:
    """Counts of each outcome per bin of ``|diff_x|`` (the density of Ogilvie & Lalmas 2006, Fig. 1b)."""
    diff = outcomes["diff_x"].abs().to_numpy()
    if bins is None:
        bins = np.linspace(0, max(diff.max(initial=0.0), 1e-12) * (1 + 1e-9), 11)
    labels = pd.cut(diff, bins, include_lowest=True, right=False)
    table = pd.crosstab(labels, outcomes["outcome"]).reset_index()
    table = table.rename(columns={"row_0": "abs_diff_x"})
    table.columns.name = None
    return table
