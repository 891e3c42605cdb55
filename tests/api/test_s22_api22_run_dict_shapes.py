"""``evaluate`` tells one run ``{topic: {doc: score}}`` from runs ``{name: run}`` by what the
inner dicts hold, whatever their first entry: scores given as text (read as ``read_run``
reads them, as a table's text scores) make one run, and an empty first run does not make
the runs after it look like topics."""
from __future__ import annotations

from fractions import Fraction

import pytest

import sdreval

QRELS = {"1": {"a": 1, "b": 0, "c": 2}}
# ranked b (0.9), a (0.5), c (0.1): relevant at ranks 2 and 3, R = 2 -> AP = (1/2 + 2/3) / 2
AP = pytest.approx(float((Fraction(1, 2) + Fraction(2, 3)) / 2), abs=1e-15)


def _values(runs):
    table = sdreval.evaluate(QRELS, runs, ["map"])
    return dict(zip(table["run"], table["value"]))


def test_text_scores_make_one_run_as_read_run_reads_them():
    run = {"1": {"a": "0.5", "b": "0.9", "c": "0.1"}}
    assert _values(run) == {"run": AP}
    assert _values(sdreval.read_run(run)) == {"run": AP}


def test_an_empty_first_run_leaves_the_next_run_a_run():
    runs = {"A": {}, "B": {"1": {"a": 0.5, "b": 0.9, "c": 0.1}}}
    assert _values(runs)["B"] == AP
