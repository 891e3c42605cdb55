"""Swap rates (Kazai & Lalmas 2006, §6.2.2, computed on the top 51 of 69 runs) compare the
pairs of the best runs on random splits of the topics.  With 3 runs the top 75% are 2 runs,
one pair: a table of zeros that says nothing about a measure.  ``stability`` then prints a
caveat on stderr with the counts, below the 7 runs from which the report draws swap rates;
with enough runs, or without a swap analysis, it does not."""
from click.testing import CliRunner

from sdreval.cli.main import cli


def scores(tmp_path, runs: int):
    path = tmp_path / "s.csv"
    rows = [f"r{r},{t},AP,{(r * 7 + t * 3) % 10 / 10}" for r in range(runs) for t in range(8)]
    path.write_text("run,topic,measure,value\n" + "\n".join(rows) + "\n")
    return str(path)


def stability(*args):
    return CliRunner().invoke(cli, ["stability", *args])


def test_three_runs_draw_the_caveat(tmp_path):
    result = stability("--scores", scores(tmp_path, 3), "-m", "AP", "-a", "swap")
    assert result.exit_code == 0, result.output
    caveat = [line for line in result.stderr.splitlines() if "swap rates over" in line]
    assert caveat == ["sdreval: warning: swap rates over the best 2 of 3 run(s) (--top-fraction "
                      "0.75): 1 pair(s) per split of the topics, too few to judge a measure's "
                      "stability (Kazai & Lalmas 2006 kept 51 of 69 runs; the report draws swap "
                      "rates from 7 runs); read them as an illustration"]
    assert "swap rates over" not in result.stdout


def test_top_fraction_counts_in_the_caveat(tmp_path):
    result = stability("--scores", scores(tmp_path, 6), "-m", "AP", "-a", "extrapolate",
                       "--top-fraction", "1")
    assert result.exit_code == 0, result.output
    assert "swap rates over the best 6 of 6 run(s) (--top-fraction 1): 15 pair(s)" in \
        result.stderr


def test_enough_runs_have_no_caveat(tmp_path):
    result = stability("--scores", scores(tmp_path, 7), "-m", "AP", "-a", "swap")
    assert result.exit_code == 0, result.output
    assert "swap rates over" not in result.stderr  # 7 runs: as many as the report draws


def test_no_swap_analysis_no_caveat(tmp_path):
    result = stability("--scores", scores(tmp_path, 3), "-m", "AP", "-a", "ci")
    assert result.exit_code == 0, result.output
    assert "swap rates over" not in result.stderr
