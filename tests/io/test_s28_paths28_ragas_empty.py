"""RAGAS ID-based samples read as judgements: a sample whose ``reference_context_ids`` is
empty expects no id; this was only seen as the run's "topic(s) not in the qrels ignored".
Since session 29 its question is judged with nothing relevant
(:func:`sdreval.io.doc_tables.ragas_judged_empty`), and the means say it, on every path."""
from __future__ import annotations

import json
import warnings

import pandas as pd
import pytest
from click.testing import CliRunner

import sdreval
from sdreval.cli.main import cli

SAMPLES = [
    {"user_input": "q one", "retrieved_context_ids": ["d1", "d2"],
     "reference_context_ids": ["d1"]},
    {"user_input": "q two", "retrieved_context_ids": ["d4", "d5"], "reference_context_ids": []},
]
SAID = "1 qrels topic(s) with nothing relevant left out of means: q two"


def test_cli_file(tmp_path):
    path = tmp_path / "samples.jsonl"
    path.write_text("".join(json.dumps(s) + "\n" for s in SAMPLES))
    result = CliRunner().invoke(cli, ["eval", str(path), str(path), "-m", "P@2"])
    assert result.exit_code == 0
    assert SAID in result.stderr
    assert "\tP@2\tall\t0.5000" in result.stdout  # q one only: 1 of 2 relevant


@pytest.mark.parametrize("given", [pd.DataFrame(SAMPLES), SAMPLES])
def test_api(given):
    with pytest.warns(UserWarning) as said:
        table = sdreval.evaluate(given, pd.DataFrame(SAMPLES), "P@2")
    assert any(SAID in str(w.message) for w in said)
    assert table["value"].tolist() == [0.5]


def test_answered_everywhere_nothing_said():
    with warnings.catch_warnings(record=True) as said:
        warnings.simplefilter("always")
        sdreval.evaluate(pd.DataFrame(SAMPLES[:1]), pd.DataFrame(SAMPLES[:1]), "P@2")
    assert not any("reference_context_ids" in str(w.message) for w in said)
