"""stability -a error-rate --tests "" stopped with a Python traceback (IndexError from pandas),
and --tests t,t printed the t test's row twice.  No test is a usage error (exit 2); a test
named twice is run once, as -m map -m map is evaluated once."""
from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from click.testing import CliRunner

from sdreval.cli.main import cli
from sdreval.errors import UsageError
from sdreval.stats import test_error_rates

X = np.array([[(k * 7 + t * 3) % 10 / 10 + k / 5 for t in range(8)] for k in range(4)])


def _path(tmp_path):
    path = tmp_path / "scores.csv"
    pd.DataFrame([(f"r{k}", str(t), "map", X[k, t]) for k in range(4) for t in range(8)],
                 columns=["run", "topic", "measure", "value"]).to_csv(path, index=False)
    return str(path)


def test_no_test_is_a_usage_error(tmp_path):
    with pytest.raises(UsageError, match="no test given"):
        test_error_rates(X, ())
    result = CliRunner().invoke(cli, ["stability", "--scores", _path(tmp_path), "-a",
                                      "error-rate", "--tests", ""])
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output and "no test given" in result.stderr


def test_a_test_named_twice_runs_once(tmp_path):
    assert test_error_rates(X, ("t", "t"), splits=3)["test"].tolist() == ["t"]
    result = CliRunner().invoke(cli, ["stability", "--scores", _path(tmp_path), "-a",
                                      "error-rate", "--tests", "t,t", "--splits", "3",
                                      "--format", "csv"])
    assert result.exit_code == 0, result.output
    assert [line.split(",")[1] for line in result.stdout.splitlines()[1:]] == ["t"]
