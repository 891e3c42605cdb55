"""The budget curve's intervals are intervals of a mean over queries, as ``stability -a ci``
and the report's interval figure draw them: the same default number of resamples (5,000,
Vu & Gallinari 2005, §5) on every path (it was 2,000 in ``sdreval budget``, the API and the
report's budget figure)."""
from __future__ import annotations

import inspect

from sdreval import api
from sdreval.report.budget import budget_curve
from sdreval.stats import confidence_intervals


def _default(function) -> int:
    return inspect.signature(function).parameters["samples"].default


def test_every_budget_path_takes_the_resamples_of_an_interval_of_a_mean():
    assert _default(confidence_intervals) == 5_000
    assert _default(api.budget_curve) == 5_000
    assert _default(budget_curve) == 5_000


def test_the_cli_default_is_the_same(sdreval_cli):
    result = sdreval_cli("budget", "--help")
    assert "Bootstrap resamples of each interval of a mean" in result.stdout
    assert "5000" in result.stdout.split("--samples")[1].split("--plot")[0]
