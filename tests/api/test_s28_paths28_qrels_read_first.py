"""``sdreval.evaluate`` reads the judgements before the runs, as ``sdreval eval`` does: with
both inputs in error (gold and retrieved texts without the documents to find them in) eval
names the gold file and the API named the run's; the warnings of the two reads came in the
other order too."""
from __future__ import annotations

import warnings

import pytest
from click.testing import CliRunner

import sdreval
from sdreval.cli.main import cli
from sdreval.data import example_path
from sdreval.errors import InputError

L = example_path("lincoln")
GOLD, RUN = str(L / "gold.jsonl"), str(L / "runs" / "sentence.jsonl")
SAID = "gold texts without offsets need the documents to be found in"


def test_first_error_is_the_judgements():
    result = CliRunner().invoke(cli, ["eval", GOLD, RUN, "-m", "SpanR"])
    assert result.exit_code == 1 and f"{GOLD}: error: {SAID}" in result.stderr
    with pytest.raises(InputError) as raised:
        sdreval.evaluate(GOLD, RUN, "SpanR")
    assert raised.value.problems[0].file == GOLD
    assert SAID in raised.value.problems[0].message


def test_warnings_in_eval_order(tmp_path):
    """A repeated qrels line and a repeated run result: the qrels' warning comes first, as
    eval prints it."""
    qrels, run = tmp_path / "q.txt", tmp_path / "r.txt"
    qrels.write_text("1 0 d1 1\n1 0 d1 1\n")
    run.write_text("1 Q0 d1 1 2 r\n1 Q0 d1 2 1 r\n")
    result = CliRunner().invoke(cli, ["eval", str(qrels), str(run), "-m", "P@2"])
    printed = [line.split(":")[0] for line in result.stderr.splitlines()][:2]
    with warnings.catch_warnings(record=True) as said:
        warnings.simplefilter("always")
        sdreval.evaluate(str(qrels), str(run), "P@2")
    issued = [str(w.message).split(":")[0] for w in said][:2]
    assert printed == issued == [str(qrels), str(run)]
