"""Kendall's tau against a qrels test set that gives every run the same mean is 0/0: such sets
were left out of tau_mean/max/min silently (numpy's nanmean), with ``sets`` counting them.
Now ``tau_sets`` says how many sets the three are over, and the CLI warns."""
from __future__ import annotations

import math

import numpy as np

from sdreval.stats import variant_correlation


def test_tau_statistics_say_over_how_many_sets():
    means = np.array([[0.1, 0.2, 0.3],    # set 0: a < b < c
                      [0.5, 0.5, 0.5],    # every run tied: no ranking, tau 0/0
                      [0.3, 0.2, 0.1],    # reversed: tau -1
                      [0.1, 0.2, 0.4]])   # same order: tau 1
    got = variant_correlation(means)
    assert got["sets"] == 4 and got["tau_sets"] == 2
    assert got["tau_mean"] == 0.0 and got["tau_max"] == 1.0 and got["tau_min"] == -1.0


def test_no_defined_tau_gives_nan_without_numpy_warning(recwarn):
    got = variant_correlation(np.array([[0.2, 0.2], [0.1, 0.3]]))
    assert got["tau_sets"] == 0 and math.isnan(got["tau_mean"])
    assert not [w for w in recwarn if issubclass(w.category, RuntimeWarning)]


def test_cli_warns_which_sets_are_left_out(tmp_path, sdreval_cli):
    rows = ["run,topic,variant,measure,value"]
    # topic 2 has two variants (x, y), topic 1 one
    for run, t1, x, y in (("a", 0.2, 0.4, 0.3), ("b", 0.4, 0.2, 0.1)):
        rows += [f"{run},1,x,AP,{t1}", f"{run},2,x,AP,{x}",
                 f"{run},2,y,AP,{y}"]
    # varied topics only: set 0 (x): a 0.4 > b 0.2; set 1 (y): a 0.3 > b 0.1 -> tau 1
    path = tmp_path / "v.csv"
    path.write_text("\n".join(rows) + "\n")
    done = sdreval_cli("stability", "--variants", path, "-m", "AP", "-a", "variants",
                       "--variant-topics", "varied", "--format", "csv")
    assert done.returncode == 0, done.stderr
    assert "tau_sets" in done.stdout and "undefined" not in done.stderr
    tied = path.read_text().replace("b,2,y,AP,0.1", "b,2,y,AP,0.3")  # set y: a = b
    path.write_text(tied)
    done = sdreval_cli("stability", "--variants", path, "-m", "AP", "-a", "variants",
                       "--variant-topics", "varied", "--format", "csv")
    assert done.returncode == 0, done.stderr
    assert "1 test set(s) (or the original) give every run the same mean" in done.stderr
