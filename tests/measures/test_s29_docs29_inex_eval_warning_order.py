"""inex_eval's "collection size unknown" warning came after the classic repeat warning in a
parallel partition whose first topic repeats a relevant result, and before it serially (the
first topic warned of the size, a later one of its repeat): --jobs gave the warnings in
another order than the serial evaluation (docs/scale.md: the warnings of a serial
evaluation).  The size is now warned of once, before any topic."""
from __future__ import annotations

import warnings

import pytest

import sdreval
from sdreval.measures import EvalContext, evaluate
from sdreval.model.run import Run

QRELS = "".join(f"{t}\td{t}\t/article[1]\t3\t3\n{t}\td{t}\t/article[1]/sec[1]\t1\t1\n"
                for t in (1, 2, 3))
# topic 1 repeats nothing; topic 3 repeats its relevant result
RUN = ("1 Q0 d1 1 3 r /article[1]\n2 Q0 d2 1 3 r /article[1]\n"
       "3 Q0 d3 1 3 r /article[1]\n3 Q0 d3 2 2 r /article[1]\n")


@pytest.fixture
def files(tmp_path):
    (tmp_path / "q.tsv").write_text(QRELS)
    (tmp_path / "r.txt").write_text(RUN)
    return tmp_path / "q.tsv", tmp_path / "r.txt"


def _said(messages):
    return [m for m in messages if "collection size" in m or "repeated relevant" in m]


@pytest.mark.parametrize("topics", [["1", "2", "3"], ["3"]])
def test_the_size_comes_first_whatever_the_first_topic(files, topics):
    qrels = sdreval.read_qrels(files[0])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        run = sdreval.read_run(files[1])
    part = Run(run.name, {t: run.topics[t] for t in topics}, run.unit)
    ctx = EvalContext()
    evaluate(qrels, [part], ["inex_eval"], ctx)
    said = _said(ctx.warnings)
    assert len(said) == 2 and "collection size" in said[0], said


def test_serial_and_parallel_say_the_same_in_the_same_order(files):
    def said(**kw):
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            sdreval.evaluate(*files, ["inex_eval"], **kw)
        return _said([str(w.message) for w in caught])

    serial = said()
    assert len(serial) == 2 and "collection size" in serial[0]
    assert said(jobs=2) == serial
