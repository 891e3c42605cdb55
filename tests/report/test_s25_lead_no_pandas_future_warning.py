"""A run that scores no topic made pandas 2 (which sdreval supports) print a FutureWarning
("The behavior of DataFrame concatenation with empty or all-NA entries is deprecated") on the
stderr of ``report``, ``stability`` and ``eval`` with several runs: joined frames of results
where one is empty.  pandas 3 does not warn; on pandas 2 these tests failed."""
from __future__ import annotations

import warnings

import pandas as pd
from click.testing import CliRunner

from sdreval.cli.main import cli
from sdreval.measures.results import stacked


def test_stacked_frames_with_an_empty_one_say_nothing():
    full = pd.DataFrame({"run": ["a"], "topic": ["1"], "measure": ["map"], "value": [1.0]})
    empty = full.iloc[:0].astype({"value": object})
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        out = stacked([full, empty, full.assign(value=float("nan"))])
    assert out["value"].tolist()[:1] == [1.0] and len(out) == 2


def test_report_with_a_run_of_no_topic_prints_no_future_warning(tmp_path):
    (tmp_path / "q.txt").write_text("1 0 d1 1\n")
    (tmp_path / "a.txt").write_text("1 Q0 d1 1 1.0 a\n")
    (tmp_path / "c.txt").write_text("2 Q0 d1 1 1.0 c\n")
    with warnings.catch_warnings():
        warnings.simplefilter("error", FutureWarning)
        result = CliRunner().invoke(cli, ["report", str(tmp_path / "q.txt"),
                                          str(tmp_path / "a.txt"), str(tmp_path / "c.txt"),
                                          "-m", "map", "--no-plots",
                                          "-o", str(tmp_path / "r.html")])
    assert "FutureWarning" not in result.output + result.stderr
    assert "run c has no score on any topic" in result.stderr
