"""gm_map is trec_eval's geometric mean over topics, exp(mean(log(max(AP, 0.00001)))) (Robertson
2006); ``eval -q`` prints each topic's AP under it.  The statistics averaged those APs and
printed MAP under the name gm_map: the API's confidence intervals and ``stability -a ci`` as
the run's "mean", tau ranked the runs by MAP, ``compare`` printed MAP as mean_a / mean_b and
tested MAP.  Now the intervals print the geometric mean (as eval) with the percentile interval
of the resampled geometric means, tau ranks by it, and the analyses of arithmetic means
(compare's tests, swap rates, discrimination, error rates, qrels variants) refuse gm_map and
say to use map."""
from __future__ import annotations

import numpy as np
import pandas as pd
from click.testing import CliRunner
from scipy import stats

from sdreval import api
from sdreval.cli.main import cli
from sdreval.stats.resample import bootstrap_counts

# run a: MAP 0.6, GMAP (0.9 · 0.9 · 0.00001)^(1/3); run b: 0.3 on every topic (MAP = GMAP = 0.3)
AP = {"a": [0.9, 0.9, 0.0], "b": [0.3, 0.3, 0.3]}
GMAP_A = (0.9 * 0.9 * 0.00001) ** (1 / 3)
TABLE = pd.DataFrame([(run, str(t), m, v) for m in ("gm_map", "map") for run, values in AP.items()
                      for t, v in enumerate(values, 1)],
                     columns=["run", "topic", "measure", "value"])


def _scores(tmp_path) -> str:
    path = tmp_path / "s.csv"
    TABLE.to_csv(path, index=False)
    return str(path)


def test_interval_of_gm_map_is_of_the_geometric_mean():
    table = api.confidence_intervals(TABLE, "gm_map", samples=500, seed=3).set_index("run")
    assert np.isclose(table.loc["a", "mean"], GMAP_A) and np.isclose(table.loc["b", "mean"], 0.3)
    # the same resampling plan, each resample's geometric mean by scipy
    counts = bootstrap_counts(3, 500, 3).astype(int)
    floored = np.maximum(AP["a"], 0.00001)
    gmeans = [stats.gmean(np.repeat(floored, c)) for c in counts]
    low, high = np.quantile(gmeans, [0.025, 0.975])
    assert np.isclose(table.loc["a", "ci_low"], low) and np.isclose(table.loc["a", "ci_high"], high)


def test_tau_ranks_by_the_geometric_mean(tmp_path):
    result = CliRunner().invoke(cli, ["stability", "--scores", _scores(tmp_path), "-m", "gm_map",
                                      "-m", "map", "-a", "ci", "-a", "tau", "--format", "csv"])
    assert result.exit_code == 0, result.output
    table = pd.read_csv(pd.io.common.StringIO(result.stdout))
    # MAP ranks a first (0.6 > 0.3), GMAP ranks b first (0.3 > 0.0043): opposite rankings
    assert table[table["analysis"] == "tau"]["kendall_tau"].tolist() == [-1.0]
    ci = table[(table["analysis"] == "ci") & (table["measure"] == "gm_map")].set_index("run")
    assert np.isclose(ci.loc["a", "mean"], GMAP_A)


def test_compare_and_arithmetic_analyses_refuse_gm_map(tmp_path):
    scores = _scores(tmp_path)
    for args in (["compare", "--scores", scores, "-m", "gm_map"],
                 ["stability", "--scores", scores, "-m", "gm_map", "-a", "swap"],
                 ["stability", "--scores", scores, "-m", "gm_map"]):
        result = CliRunner().invoke(cli, args)
        assert result.exit_code == 2, (args, result.output)
        assert "geometric mean" in result.output and "use map" in result.output
    assert CliRunner().invoke(cli, ["compare", "--scores", scores, "-m", "map"]).exit_code == 0


QRELS = "1 0 d1 1\n1 0 d2 0\n2 0 d3 1\n3 0 d5 1\n"
RUN_R = "1 Q0 d1 1 3 r\n1 Q0 d2 2 2 r\n2 Q0 d4 1 1 r\n3 Q0 d5 1 2 r\n"
RUN_S = "1 Q0 d2 1 3 s\n1 Q0 d1 2 2 s\n2 Q0 d3 1 1 s\n3 Q0 d6 1 2 s\n"


def _eval(tmp_path, qrels: str, *measures: str):
    for name, text in (("q.txt", qrels), ("r.run", RUN_R), ("s.run", RUN_S)):
        (tmp_path / name).write_text(text)
    args = ["eval", str(tmp_path / "q.txt"), str(tmp_path / "r.run"), str(tmp_path / "s.run"),
            "--baseline", "r", "--format", "table"]
    for m in measures:
        args += ["-m", m]
    return CliRunner().invoke(cli, args)


def test_eval_letters_leave_gm_map_untested_and_say_so(tmp_path):
    result = _eval(tmp_path, QRELS, "map", "gm_map")
    assert result.exit_code == 0, result.output
    assert "none on gm_map (a geometric mean" in result.stdout
    alone = _eval(tmp_path, QRELS, "gm_map")  # no measure left to test: the table, no error
    assert alone.exit_code == 0, alone.output
    assert "gm_map" in alone.stdout


def test_eval_letters_without_any_scored_topic_is_a_usage_error(tmp_path):
    result = _eval(tmp_path, "1 0 d1 0\n", "map")  # nothing relevant: no values to test
    assert result.exit_code == 2 and not isinstance(result.exception, ValueError)


def test_report_leaves_gm_map_untested_and_draws_its_geometric_mean():
    from sdreval.report.html import render_html, report_data

    for measures in (["gm_map", "map"], ["gm_map"]):
        data = report_data(TABLE[TABLE["measure"].isin(measures)], plots_wanted=("ci",))
        assert "gm_map" not in set(data.compare["measure"].astype(str))
        assert any("gm_map: no significance tests" in note for note in data.notes)
    page = render_html(report_data(TABLE, plots_wanted=()), timestamp=False)
    assert "gm_map: no significance tests" in page
    from sdreval.report.bridge import bootstrap_ci

    table = bootstrap_ci(TABLE[TABLE["measure"] == "gm_map"]).set_index("run")
    assert np.isclose(table.loc["a", "mean"], GMAP_A)
