"""The names of the paired tests and multiple-comparison corrections, with no dependency, so
that option parsers and help texts list them without importing scipy or statsmodels."""
from __future__ import annotations

#: paired tests over topics (Ogilvie & Lalmas 2006)
TESTS = ("t", "wilcoxon", "sign", "bootstrap", "randomization")
#: alternative hypotheses of a paired test
ALTERNATIVES = ("two-sided", "greater", "less")
#: how the Wilcoxon signed-rank test computes its p-values
WILCOXON_METHODS = ("approx", "exact", "auto")
#: correction → statsmodels' ``multipletests`` method (None: each p against the level)
CORRECTIONS = {"by": "fdr_by", "bh": "fdr_bh", "holm": "holm", "bonferroni": "bonferroni",
               "none": None}
#: output formats of the statistics tables (compare, stability, sensitivity)
TABLE_FORMATS = ("text", "csv", "json")

#: what each test is called in the text of tables, reports and LaTeX footnotes
TEST_WORDS = {"t": "paired t test", "wilcoxon": "Wilcoxon signed-rank test",
              "sign": "sign test", "bootstrap": "paired bootstrap test",
              "randomization": "paired randomisation test"}
#: what each correction is called there (short: the authors, as IR papers name them)
CORRECTION_WORDS = {"by": "Benjamini-Yekutieli correction",
                    "bh": "Benjamini-Hochberg correction", "holm": "Holm correction",
                    "bonferroni": "Bonferroni correction", "none": "no correction"}
#: where each test and correction is defined (the report's settings table)
SOURCES = {"t": "Ogilvie & Lalmas 2006, §3", "wilcoxon": "Ogilvie & Lalmas 2006, §3",
           "sign": "Ogilvie & Lalmas 2006, §3", "bootstrap": "Ogilvie & Lalmas 2006, Eq. 13",
           "randomization": "sign-flip permutation test of the mean difference",
           "by": "Benjamini & Yekutieli 2001; Ogilvie & Lalmas 2006, Eq. 11-12",
           "bh": "Benjamini & Hochberg 1995", "holm": "Holm 1979",
           "bonferroni": "family-wise error rate", "none": "each p-value against the level"}

#: resamples of the bootstrap and randomisation tests by default (Ogilvie & Lalmas 2006, Eq. 13:
#: b = 10,000)
TEST_SAMPLES = 10_000
#: resamples of the percentile intervals of the means by default (Vu & Gallinari 2005, §5: 5,000)
CI_SAMPLES = 5_000
#: ``--samples`` where one option serves both (report, stability)
SAMPLES_HELP = ("Resamples (default: 10,000 for the bootstrap and randomisation tests, as "
                "Ogilvie & Lalmas 2006; 5,000 for the intervals of the means, as Vu & Gallinari "
                "2005); a number given sets both.")


def resample_counts(samples: int | None) -> tuple[int, int]:
    """``(tests, intervals)``: the resamples of ``--samples`` where one option serves both
    (:data:`SAMPLES_HELP`); None gives :data:`TEST_SAMPLES` and :data:`CI_SAMPLES`."""
    return samples or TEST_SAMPLES, samples or CI_SAMPLES

#: Cohen's d_z (mean / sd of the per-topic differences) where it is 0/0 or x/0: the one text
#: of the convention (compare's help, the report's legend; compare's notes say each case)
EFFECT_LIMITS = "0 when every topic ties, ±inf when every topic differs by the same amount"

#: the corrections in one phrase, for option help texts
CORRECTIONS_HELP = ("by: Benjamini & Yekutieli 2001, false discovery rate under dependence, as "
                    "Ogilvie & Lalmas 2006, Eq. 11-12; bh: Benjamini & Hochberg 1995; holm: "
                    "Holm 1979; bonferroni; none: each p-value against the level")


def describe_tests(test: str, correction: str, level: float | str | None = None) -> str:
    """``paired t test, Benjamini-Yekutieli correction, level 0.05``: the words of a table's
    note for ``--test``, ``--correction`` and ``--level`` (an unknown name is kept as given)."""
    words = (f"{TEST_WORDS.get(str(test), f'{test} test')}, "
             f"{CORRECTION_WORDS.get(str(correction), f'{correction} correction')}")
    return words if level is None else f"{words}, level {level}"


def baseline_tests_legend(test: str, correction: str, level: float | str | None,
                          baselines: str, shared_topics: bool, untested: list[str]) -> str:
    """The summary table's legend of the tests of each run against ``baselines`` (``eval
    --baseline`` and ``report``'s tables alike): :func:`describe_tests`, whether the tests are
    over the topics every run answered (``shared_topics``), and the ``untested`` measures."""
    return (f"{describe_tests(test, correction, level)}, each run against the baseline "
            f"{baselines}"
            + ("; tests over the topics every run answered (-c scores unanswered topics 0)"
               if shared_topics else "")
            + (f"; none on {', '.join(untested)} (a geometric mean: the tests compare "
               "arithmetic means)" if untested else ""))
