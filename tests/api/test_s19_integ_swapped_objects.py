"""Qrels and run swapped, given as objects: ``sdreval.evaluate(run, qrels, ...)`` failed with
"1: error: no such file" (the Qrels was iterated and its topic '1' taken for a path), where
the same mistake with paths says "are the qrels and the run swapped?".  Objects now get that
refusal too, from the readers (read_run, read_runs, read_qrels), whatever the other argument
is; ranx's Qrels and Run objects as well."""
from __future__ import annotations

import pytest

import sdreval
from sdreval.errors import SdrevalError

QRELS_TEXT = "1 0 a 1\n1 0 b 0\n"
RUN_TEXT = "1 Q0 a 1 2.0 r\n1 Q0 b 2 1.0 r\n"


@pytest.fixture
def inputs(tmp_path):
    (tmp_path / "qrels.txt").write_text(QRELS_TEXT)
    (tmp_path / "run.txt").write_text(RUN_TEXT)
    qrels_path, run_path = tmp_path / "qrels.txt", tmp_path / "run.txt"
    return qrels_path, run_path, sdreval.read_qrels(qrels_path), sdreval.read_run(run_path)


@pytest.mark.parametrize("call", [
    lambda q, r, qo, ro: sdreval.evaluate(ro, qo, "P@10"),
    lambda q, r, qo, ro: sdreval.evaluate(r, qo, "P@10"),
    lambda q, r, qo, ro: sdreval.evaluate(ro, q, "P@10"),
    lambda q, r, qo, ro: sdreval.evaluate(r, q, "P@10"),  # paths: as before
    lambda q, r, qo, ro: sdreval.read_run(qo),
    lambda q, r, qo, ro: sdreval.read_runs(qo),
    lambda q, r, qo, ro: sdreval.read_qrels(ro),
], ids=["objects", "run path, qrels object", "run object, qrels path", "paths", "read_run",
        "read_runs", "read_qrels"])
def test_swapped_is_said(inputs, call):
    with pytest.raises(SdrevalError, match="are the qrels and the run swapped"):
        call(*inputs)


@pytest.mark.xdist_group("ranx")  # one process pays ranx's import and compilation
def test_ranx_objects_swapped():
    ranx = pytest.importorskip("ranx")
    qrels, run = ranx.Qrels({"1": {"a": 1}}), ranx.Run({"1": {"a": 1.0}})
    assert sdreval.evaluate(qrels, run, "P@1").value.item() == 1.0
    with pytest.raises(SdrevalError, match="are the qrels and the run swapped"):
        sdreval.evaluate(run, qrels, "P@1")
