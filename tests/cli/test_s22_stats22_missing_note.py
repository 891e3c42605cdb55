"""compare / stability --missing drop|zero: the records said how many topics each test covers
(topics), not which topics the rule left out or which cells it scored 0, so a mean that is not
eval's mean (over fewer topics, or with a 0 eval does not have) came without its reason.  A
note on stderr names them; means by hand."""
from __future__ import annotations

import json

import pandas as pd
import pytest
from click.testing import CliRunner

from sdreval.cli.main import cli

# run b has no value on topic 3
ROWS = [("a", "1", "map", 0.5), ("a", "2", "map", 0.3), ("a", "3", "map", 0.1),
        ("b", "1", "map", 0.4), ("b", "2", "map", 0.2)]


@pytest.mark.parametrize("rule, note, mean_a, mean_b, topics", [
    ("drop", "map: --missing drop left out 1 topic(s) where a run has no value (b): 3; "
             "2 topic(s) remain", (0.5 + 0.3) / 2, (0.4 + 0.2) / 2, 2),
    ("zero", "map: --missing zero scored 1 cell(s) 0 where a run has no value (runs b; "
             "topics 3)", (0.5 + 0.3 + 0.1) / 3, (0.4 + 0.2 + 0) / 3, 3)])
def test_the_missing_rule_names_what_it_did(tmp_path, rule, note, mean_a, mean_b, topics):
    path = tmp_path / "scores.csv"
    pd.DataFrame(ROWS, columns=["run", "topic", "measure", "value"]).to_csv(path, index=False)
    result = CliRunner().invoke(cli, ["compare", "--scores", str(path), "--missing", rule,
                                      "--format", "json"])
    assert result.exit_code == 0, result.output
    assert f"sdreval: {note}" in result.stderr
    record = json.loads(result.stdout)[0]
    assert (record["mean_a"], record["mean_b"], record["topics"]) == \
        (pytest.approx(mean_a), pytest.approx(mean_b), topics)
    result = CliRunner().invoke(cli, ["stability", "--scores", str(path), "--missing", rule,
                                      "-a", "ci"])
    assert result.exit_code == 0, result.output
    assert f"sdreval: {note}" in result.stderr


def test_the_api_warns_the_same():
    import warnings

    import sdreval.api as api

    table = pd.DataFrame(ROWS, columns=["run", "topic", "measure", "value"])
    for call in (lambda: api.compare(table, "map", missing="drop"),
                 lambda: api.confidence_intervals(table, missing="drop")):
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            call()
        assert any("map: --missing drop left out 1 topic(s) where a run has no value (b): 3"
                   in str(w.message) for w in caught)
