"""A score table where run c has no value on the measure compared (NaN, or no row at all)
while it has other measures: compare left c out silently (exit 0, one pair a−b instead of
three), so the correction family and the decisions changed unsaid.  c must count as a run
with a gap on every topic: an error, or the --missing rule (zero: c scores 0)."""
from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from click.testing import CliRunner
from scipy import stats

from sdreval.cli.main import cli
from sdreval.errors import InputError
from sdreval.stats.compare import compare_runs

A, B = [0.5, 0.7, 0.1], [0.4, 0.2, 0.3]
ROWS = [("a", t, "map", v) for t, v in zip("123", A)] + \
    [("b", t, "map", v) for t, v in zip("123", B)] + \
    [("c", t, "P@5", v) for t, v in zip("123", [0.4, 0.2, 0.3])]
NO_ROWS = pd.DataFrame(ROWS, columns=["run", "topic", "measure", "value"])
NAN_ROWS = pd.concat([NO_ROWS, pd.DataFrame([("c", t, "map", np.nan) for t in "123"],
                                            columns=NO_ROWS.columns)], ignore_index=True)


@pytest.mark.parametrize("table", [NO_ROWS, NAN_ROWS], ids=["no-rows", "nan-rows"])
def test_a_run_without_the_measure_is_a_gap(table):
    with pytest.raises(InputError, match="run c has no map value on topic 1"):
        compare_runs(table, "map")
    with pytest.raises(InputError, match="no topic has a value for every run"):
        compare_runs(table, "map", missing="drop")
    zero = compare_runs(table, "map", missing="zero")
    assert list(zip(zero.run_a, zero.run_b)) == [("a", "b"), ("a", "c"), ("b", "c")]
    a_c = zero.iloc[1]
    assert np.isclose(a_c.p_value, stats.ttest_rel(A, [0, 0, 0]).pvalue)


def test_cli_compare_refuses(tmp_path):
    path = tmp_path / "s.csv"
    NAN_ROWS.to_csv(path, index=False)
    result = CliRunner().invoke(cli, ["compare", "--scores", str(path), "-m", "map"])
    assert result.exit_code == 1, result.output
    assert "run c has no map value" in result.stderr
