"""Python API pieces no other test reached (session 24 coverage hunt): a cut-off given as a
keyword, one run expected by ir_measures' calls, a context and options together, a
navigation file by path, Arrow arrays of other values, problems logged past the kinds kept."""
from __future__ import annotations

import pyarrow as pa
import pytest

from sdreval import api
from sdreval.arrow_kernels import from_numpy
from sdreval.errors import InputError, Problem, ProblemLog, UsageError
from sdreval.measures import EvalContext


@pytest.fixture
def files(tmp_path):
    qrels, run = tmp_path / "qrels.txt", tmp_path / "run.txt"
    qrels.write_text("1 0 a 1\n1 0 b 0\n")
    run.write_text("1 Q0 b 1 2.0 r\n1 Q0 a 2 1.0 r\n")
    return str(qrels), str(run)


def test_a_cut_off_given_as_a_keyword():
    assert api.measure("P@10", k=5).text == "P@5"
    assert api.measure("nxCG@10", at=3).text == "nxCG@3"


def test_ir_measures_calls_take_one_run(files):
    qrels, run = files
    evaluator = api.evaluator(["AP"], qrels)
    with pytest.raises(UsageError, match="one run expected \\(as in ir_measures\\), got 2"):
        evaluator.calc([run, run])


def test_a_context_and_options_together_are_refused(files):
    qrels, run = files
    with pytest.raises(UsageError, match="give either ctx or keyword options, not both"):
        api.evaluate(qrels, [run], ["AP"], ctx=EvalContext(), quant="gen")


def test_a_navigation_file_by_path(files, tmp_path):
    qrels, run = files
    navigation = tmp_path / "nav.txt"
    navigation.write_text("a /article[1] /article[1]/p[1] 0.5\n")
    table = api.evaluate(qrels, [run], ["AP"], navigation=str(navigation))
    assert table.value.tolist() == [0.5]  # a (relevant) at rank 2: AP = 1/2


def test_arrow_arrays_of_other_values():
    assert from_numpy(["x", "y"]).equals(pa.array(["x", "y"]))


def test_problems_past_the_kinds_kept():
    error = InputError(Problem("f", 3, "bad"))
    assert [(p.file, p.line, p.message) for p in error.problems] == [("f", 3, "bad")]
    log = ProblemLog()
    for i in range(205):  # 205 kinds of message: kinds after the 200th counted as "other"
        log.warn("f", i, f"kind {chr(0x4e00 + i)} of warning")
    assert len(log.problems) <= 205 and log.warning_count == 205
    assert ("warning", "f", "other") in log.counts
