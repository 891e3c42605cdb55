"""Percentile intervals from too few resamples are refused: ``--samples 1`` printed a
difference interval of one point, [0.069, 0.069], that did not hold the observed difference
(-0.0068), with exit 0.  A percentile interval at 1 − α needs a resampled mean beyond each
of its quantiles α/2 and 1 − α/2: at least 2/α resamples (40 at 95%, 200 at 99%)."""
from __future__ import annotations

import numpy as np
import pytest

from sdreval.errors import UsageError
from sdreval.stats.bootstrap import percentile_ci

SCORES = "run,topic,measure,value\n" + "".join(
    f"{run},{t},AP,{v}\n" for t in range(1, 11)
    for run, v in (("a", (t * 37 % 11) / 10), ("b", (t * 53 % 7) / 6)))


@pytest.mark.parametrize("level, fewest", [(0.95, 40), (0.99, 200), (0.9, 20)])
def test_percentile_interval_needs_two_over_alpha_resamples(level, fewest):
    values = np.arange(12, dtype=float)[None, :] / 12
    with pytest.raises(UsageError, match=f"needs at least {fewest} "):
        percentile_ci(values, level, fewest - 1)
    low, high = percentile_ci(values, level, fewest)
    assert low[0] < values.mean() < high[0]


@pytest.mark.parametrize("test", ["bootstrap", "randomization", "wilcoxon", "sign"])
def test_compare_refuses_before_reading_and_keeps_the_t_test(tmp_path, sdreval_cli, test):
    path = tmp_path / "s.csv"
    path.write_text(SCORES)
    done = sdreval_cli("compare", "--scores", path, "--test", test, "--samples", "39")
    assert done.returncode == 2 and "39 resample(s) are too few" in done.stderr
    assert sdreval_cli("compare", "--scores", path, "--test", test, "--samples", "40"
                       ).returncode == 0
    # the t test resamples nothing: its interval is the t interval
    assert sdreval_cli("compare", "--scores", path, "--test", "t", "--samples", "1"
                       ).returncode == 0


def test_stability_interval_refused_too(tmp_path, sdreval_cli):
    path = tmp_path / "s.csv"
    path.write_text(SCORES)
    done = sdreval_cli("stability", "--scores", path, "-m", "AP", "-a", "ci", "--samples", "5")
    assert done.returncode == 2 and "5 resample(s) are too few" in done.stderr
