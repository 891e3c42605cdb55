"""The interval of a run's mean has one default resample count: 5,000 (Vu & Gallinari 2005,
§5) in ``stability -a ci``, the API and the report's interval figure; the report drew it from
10,000 resamples (its tests' count), so the same interval differed between the two commands.
The bootstrap tests keep 10,000 (Ogilvie & Lalmas 2006, Eq. 13), as ``compare``."""
from __future__ import annotations

import numpy as np
import pandas as pd

from sdreval import api
from sdreval.report import html, plots
from sdreval.report.page_figures import figure_captions


def _table():
    rng = np.random.default_rng(3)
    rows = [(f"r{r}", str(t), "AP", float(rng.random())) for r in range(3) for t in range(7)]
    return pd.DataFrame(rows, columns=["run", "topic", "measure", "value"])


def test_report_interval_is_the_stability_interval():
    table = _table()
    ours = plots.bootstrap_intervals(table, "AP").set_index("run").sort_index()
    theirs = api.confidence_intervals(table, "AP").set_index("run").sort_index()
    np.testing.assert_allclose(ours["low"], theirs["ci_low"])
    np.testing.assert_allclose(ours["high"], theirs["ci_high"])


def test_report_states_each_count():
    data = html.report_data(_table())
    assert (data.samples, data.ci_samples) == (10_000, 5_000)
    assert "(5000 resamples" in figure_captions(data)["ci"][1]
    given = html.report_data(_table(), samples=300)
    assert (given.samples, given.ci_samples) == (300, 300)
