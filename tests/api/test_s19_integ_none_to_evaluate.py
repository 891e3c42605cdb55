"""When no run answers a qrels topic with something relevant, ``sdreval eval`` prints no mean
and says why ("none to evaluate ..."); ``sdreval.evaluate`` returned an empty table with no
word about it.  It now gives eval's sentence as a Python warning.

Qrels: topic 1 relevant a.  Run: topic 9 only (not in the qrels)."""
from __future__ import annotations

import subprocess
import sys
import warnings

import sdreval

QRELS = {"1": {"a": 1}}
RUN = {"9": {"a": 1.0}}


def test_api_says_none_to_evaluate_as_eval_does(tmp_path):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        table = sdreval.evaluate(QRELS, RUN, ["AP"])
    assert table.empty
    said = " ".join(str(w.message) for w in caught)
    (tmp_path / "q").write_text("1 0 a 1\n")
    (tmp_path / "r").write_text("9 Q0 a 1 1 r\n")
    cli = subprocess.run([sys.executable, "-m", "sdreval", "eval", str(tmp_path / "q"),
                          str(tmp_path / "r"), "-m", "AP"], capture_output=True, text=True)
    assert cli.returncode == 0 and cli.stdout == ""
    sentence = next(line for line in cli.stderr.splitlines() if "none to evaluate" in line)
    assert sentence.removeprefix("sdreval: ") in said


def test_nothing_said_when_there_are_means():
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        sdreval.evaluate(QRELS, {"1": {"a": 1.0}}, ["AP"])
    assert not [w for w in caught if "none to evaluate" in str(w.message)]
