"""Text output of ``sdreval stability``: one titled table per analysis (swap rates as
difference bins × topic-set sizes, minimum differences as sizes × observed / extrapolated)."""
from __future__ import annotations

from ..lazy import lazy_module

np = lazy_module("numpy")
pd = lazy_module("pandas")

_TITLES = {
    "ci": "Bootstrap percentile confidence intervals of each run's mean (Vu & Gallinari 2005, §5)",
    "discrimination": "Discrimination power: size of group A, the runs not distinguishable from "
                      "the top run (Vu & Gallinari 2005, §6)",
    "swap": "Swap rates by difference of the means (rows) and topic-set size n (columns): "
            "share of run pairs ordered differently on two disjoint topic sets (Kazai & Lalmas "
            "2006, §6.2.2)",
    "extrapolate": "Swap rates extrapolated to larger topic sets (exponential fit per "
                   "difference bin)",
    "min-diff": "Smallest difference of the means with a swap rate of 5% or less, by topic-set "
                "size",
    "tau": "Rank correlation of the run rankings of two measures: Kendall's tau-b (tied "
           "means count as ties, as scipy.stats.kendalltau) and Spearman's rho",
    "variants": "Qrels variants: Kendall's tau-b against the original and error rate / ties "
                "(Kazai & Lalmas 2006, Eq. 15-16)",
    "error-rate": "Error rates of significance tests by random topic splits (Ogilvie & Lalmas "
                  "2006, §3.3.2)",
}
_MAX_SIZE_COLUMNS = 10


def _cell(value) -> str:
    if value is None or (isinstance(value, float) and np.isnan(value)):
        return "–"
    if isinstance(value, (bool, np.bool_)):
        return "yes" if value else "no"
    if isinstance(value, (float, np.floating)):
        return "inf" if np.isinf(value) else f"{value:.4f}"
    return str(value)


def _aligned(frame: pd.DataFrame) -> list[str]:
    """A frame as left-aligned text columns (no index), NaN shown as '–'."""
    header = [str(c) for c in frame.columns]
    body = [[_cell(v) for v in row] for row in frame.itertuples(index=False)]
    widths = [max(len(h), *(len(r[i]) for r in body)) if body else len(h)
              for i, h in enumerate(header)]
    lines = ["  ".join(h.ljust(w) for h, w in zip(header, widths))]
    lines += ["  ".join(c.ljust(w) for c, w in zip(row, widths)) for row in body]
    return [line.rstrip() for line in lines]


def _bins_by_size(table: pd.DataFrame) -> list[str]:
    """One block per measure: difference bins as rows, topic-set sizes as columns."""
    lines: list[str] = []
    for measure, part in table.groupby("measure", sort=False):
        sizes = sorted(part["size"].unique())
        shown = sizes
        if len(sizes) > _MAX_SIZE_COLUMNS:
            picks = np.linspace(0, len(sizes) - 1, _MAX_SIZE_COLUMNS).round().astype(int)
            shown = [sizes[i] for i in sorted(set(picks))]
        wide = part.pivot_table(index="bin", columns="size", values="error_rate",
                                aggfunc="first", sort=False)
        wide = wide.reindex(index=list(dict.fromkeys(part["bin"])), columns=shown)
        wide = wide.dropna(how="all")        # bins without any comparison
        frame = wide.reset_index()
        frame.columns = ["difference"] + [f"n={s}" for s in shown]
        lines += ["", f"{measure}" + (f" (topic-set sizes {', '.join(map(str, shown))} of "
                                       f"{sizes[0]}..{sizes[-1]}; --format csv for all)"
                                       if shown != sizes else "")]
        if "difference" in part.columns and (part["difference"] == "relative").any():
            lines.append("difference: a share of the best run's mean (a measure off the 0-1 "
                         "scale; Kazai & Lalmas 2006, §6.2.2)")
        lines += _aligned(frame)
    return lines


def _min_diff_text(table: pd.DataFrame) -> list[str]:
    """Sizes (rows) × observed / extrapolated; a measure with no such difference at any size
    is said so (its all-NaN column stopped the pivot with a KeyError before)."""
    wide = table.pivot_table(index=["measure", "size"], columns="source",
                             values="min_difference", aggfunc="first", sort=False,
                             dropna=False).reset_index()
    wide.columns.name = None
    found = wide.drop(columns=["measure", "size"]).notna().any(axis=1)
    none = [m for m in dict.fromkeys(wide["measure"]) if not found[wide["measure"] == m].any()]
    return (_aligned(wide[found]) if found.any() else []) + \
        [f"{m}: no difference bin has a swap rate of 5% or less at any topic-set size"
         for m in none]


def stability_text(tables: dict[str, pd.DataFrame], level: float = 0.95) -> str:
    """Readable text: one titled section per analysis, each with its own columns (the
    intervals' title names their confidence level)."""
    lines: list[str] = []
    for analysis, table in tables.items():
        if table.empty:
            continue
        if lines:
            lines.append("")
        title = _TITLES.get(analysis, analysis)
        if analysis == "ci":
            title = title.replace("confidence intervals", f"{level:.0%} confidence intervals")
            from ..measures.evaluate import count_measures

            if count_measures(table["measure"].astype(str)):
                title += "; a count's mean column: its sum over the topics, as eval prints it"
        lines.append(f"== {analysis}: {title}")
        if analysis in ("swap", "extrapolate"):
            lines += _bins_by_size(table)
            continue
        if analysis == "min-diff":
            lines += _min_diff_text(table)
            continue
        frame = table.dropna(axis=1, how="all")
        if analysis == "tau":
            frame = frame.rename(columns={"a": "measure_a", "b": "measure_b"})
        if "measure" in frame.columns:
            frame = frame[["measure"] + [c for c in frame.columns if c != "measure"]]
        lines += _aligned(frame)
    return "\n".join(lines) + "\n" if lines else "no results\n"
