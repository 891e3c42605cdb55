"""stability -a extrapolate --extrapolate=-5,0,3 printed swap rates "extrapolated" to topic
sets of -5 and 0 topics (numbers where the fit had points; exit 0), and --extrapolate ""
printed an empty table.  A topic-set size is a whole number of topics, at least 1: usage
error (exit 2), from the CLI and from extrapolate_swap_rates alike."""
from __future__ import annotations

import pandas as pd
import pytest
from click.testing import CliRunner

from sdreval.cli.main import cli
from sdreval.errors import UsageError
from sdreval.stats import extrapolate_swap_rates

RATES = pd.DataFrame({"size": [1, 2, 3], "bin": "<0.0025", "bin_low": 0.0, "bin_high": 0.0025,
                      "comparisons": 100, "swaps": [40, 20, 10],
                      "error_rate": [0.4, 0.2, 0.1]})


@pytest.mark.parametrize("sizes", [(-5, 0, 3), (0,), (), (2.5,)])
def test_sizes_below_one_are_refused(sizes):
    with pytest.raises(UsageError, match="whole numbers of topics, at least 1"):
        extrapolate_swap_rates(RATES, sizes)


def test_the_fit_itself():
    # rate = 0.8 · 0.5^size fits the three points exactly
    got = extrapolate_swap_rates(RATES, (4, 10))["error_rate"].tolist()
    assert got == pytest.approx([0.8 * 0.5 ** 4, 0.8 * 0.5 ** 10])


@pytest.mark.parametrize("value", ["-5,0,3", ""])
def test_cli_refuses(tmp_path, value):
    path = tmp_path / "scores.csv"
    pd.DataFrame([(f"r{k}", str(t), "map", (k * 7 + t * 3) % 10 / 10) for k in range(4)
                  for t in range(6)], columns=["run", "topic", "measure", "value"]
                 ).to_csv(path, index=False)
    result = CliRunner().invoke(cli, ["stability", "--scores", str(path), "-a", "extrapolate",
                                      f"--extrapolate={value}"])
    assert result.exit_code == 2, result.output
    assert "whole numbers of topics, at least 1" in result.stderr
