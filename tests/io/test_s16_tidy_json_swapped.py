"""A JSON object ``{topic: {doc: value}}`` does not say whether it holds a run or qrels, but how
its numbers are written does: ranx's ``Run.save`` writes scores as decimals (``3.0``), its
``Qrels.save`` (and pytrec_eval's qrels, ``json.dump``) write grades as integers (``3``).
Qrels whose every grade is a decimal, or a run whose every score is an integer, are refused as
probably swapped (``eval RUN QRELS``) unless ``--qrels-format`` / ``--run-format`` says what
the file is.  Before, both orders were evaluated (exit 0): the swapped one gave AP 0.3889
where the right order gives 0.25 (below)."""
from __future__ import annotations

import json

import pytest

from sdreval import api

# ranx's files: Qrels({"1": {"a": 1, "b": 0, "c": 1}}).save(...), a Run's scores as decimals
QRELS = '{"1": {"a": 1, "b": 0, "c": 1}}'
RUN = '{"1": {"b": 3.0, "a": 2.0, "d": 1.0}}'
RUN_INT = '{"1": {"b": 3, "a": 2, "d": 1}}'
# the right order: relevant a at rank 2 (P = 1/2), c not retrieved: AP = (1/2) / 2 = 0.25


def files(tmp_path, **texts):
    for name, text in texts.items():
        (tmp_path / f"{name}.json").write_text(text)
    return {name: str(tmp_path / f"{name}.json") for name in texts}


def test_right_order_is_evaluated(sdreval_cli, tmp_path):
    f = files(tmp_path, qrels=QRELS, run=RUN)
    result = sdreval_cli("eval", f["qrels"], f["run"], "-m", "AP")
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["run", "AP", "all", "0.2500"]


@pytest.mark.parametrize("jobs", [[], ["--jobs", "2"]])
def test_swapped_files_are_refused(sdreval_cli, tmp_path, jobs):
    f = files(tmp_path, qrels=QRELS, run=RUN)
    result = sdreval_cli("eval", f["run"], f["qrels"], "-m", "AP", *jobs)
    assert result.returncode == 1 and result.stdout == ""
    assert "run.json: error: every grade is written as a decimal (3.0)" in result.stderr
    assert "--qrels-format ranx-json" in result.stderr


def test_run_of_integers_is_refused_unless_told(sdreval_cli, tmp_path):
    f = files(tmp_path, qrels=QRELS, run=RUN_INT)
    result = sdreval_cli("eval", f["qrels"], f["run"], "-m", "AP")
    assert result.returncode == 1 and result.stdout == ""
    assert "run.json: error: every score is a whole number" in result.stderr
    assert "--run-format ranx-json" in result.stderr
    told = sdreval_cli("eval", f["qrels"], f["run"], "-m", "AP", "--run-format", "ranx-json")
    assert told.returncode == 0, told.stderr
    assert told.stdout.split() == ["run", "AP", "all", "0.2500"]


def test_told_formats_read_as_told(sdreval_cli, tmp_path):
    f = files(tmp_path, qrels=QRELS, run=RUN)
    # the run's decimals read as grades because the user says so: b and a and d relevant
    result = sdreval_cli("eval", f["run"], f["qrels"], "-m", "AP", "--qrels-format", "json",
                         "--run-format", "json")
    assert result.returncode == 0, result.stderr


def test_api_paths_and_dicts(tmp_path):
    f = files(tmp_path, qrels=QRELS, run=RUN, run_int=RUN_INT)
    with pytest.raises(Exception, match="every grade is written as a decimal"):
        api.read_qrels(f["run"])
    with pytest.raises(Exception, match="every score is a whole number"):
        api.read_run(f["run_int"])
    assert len(api.read_run(f["run_int"], fmt="ranx-json").topics["1"]) == 3
    # dicts are read as given (pytrec_eval takes integer scores; pandas makes grades floats)
    assert len(api.read_run(json.loads(RUN_INT)).topics["1"]) == 3
    assert api.read_qrels({"1": {"a": 1.0}}).topics["1"].elements
