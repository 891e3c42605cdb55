"""A score table whose mean rows say ALL (or " all") instead of all: the statistics took them
for one more topic whose scores are the runs' means, so compare tested 4 topics instead of 3
(p 0.20 where the three topics give 0.37; exit 0).  Such a topic is refused, naming the line."""
from __future__ import annotations

import pytest
from click.testing import CliRunner
from scipy import stats

from sdreval.cli.main import cli

A, B = [0.5, 0.3, 0.2], [0.4, 0.1, 0.25]


@pytest.mark.parametrize("label", ["ALL", "All", " all", "all "])
def test_mean_row_spelt_otherwise_is_refused(tmp_path, label):
    rows = [f"{r},{t},map,{v}" for r, vs in (("a", A), ("b", B)) for t, v in enumerate(vs, 1)]
    rows.insert(3, f'a,"{label}",map,{sum(A) / 3}')
    path = tmp_path / "scores.csv"
    path.write_text("run,topic,measure,value\n" + "\n".join(rows) + "\n")
    for command in ("compare", "stability"):
        result = CliRunner().invoke(cli, [command, "--scores", str(path), "-m", "map"])
        assert result.exit_code == 1, result.output
        assert f"scores.csv:5: error: topic {label!r} looks like a mean row" in result.stderr


def test_topic_all_is_still_left_out(tmp_path):
    rows = [f"{r},{t},map,{v}" for r, vs in (("a", A), ("b", B)) for t, v in enumerate(vs, 1)]
    path = tmp_path / "scores.csv"
    path.write_text("run,topic,measure,value\n" + "\n".join(rows + ["a,all,map,0.9"]) + "\n")
    result = CliRunner().invoke(cli, ["compare", "--scores", str(path), "--format", "csv"])
    assert result.exit_code == 0, result.output
    p = float(result.stdout.splitlines()[1].split(",")[5])
    assert p == pytest.approx(stats.ttest_rel(A, B).pvalue)  # 0.370 over the three topics
