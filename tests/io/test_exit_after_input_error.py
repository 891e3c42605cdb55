"""A process that caught an input error exits cleanly.

A threaded Arrow read that fails returns while its other tasks still run in Arrow's thread
pool; a process that ends then aborts (exit 134, "terminate called without an active
exception"; about 1 run in 40 after ``sdreval.api.evaluate`` refused a passage run).  The
readers parse without Arrow's pool, so nothing is left running at exit."""
from __future__ import annotations

import os
import subprocess
import sys

import pytest

from sdreval.data import example_path
from sdreval.errors import InputError

SYN = example_path("synthetic")
BAD_LINE = "1 Q0 doc0002 2 0.98 sim01 abc 221\n"


@pytest.fixture
def bad_passage_run(tmp_path):
    path = tmp_path / "run.txt"
    path.write_text((SYN / "runs" / "sim01.passages.txt").read_text() + BAD_LINE)
    return path


def test_no_reader_uses_arrows_thread_pool(bad_passage_run, tmp_path, monkeypatch):
    from pyarrow import csv

    from sdreval import api

    threaded = []
    options = csv.ReadOptions

    def record(*args, **kwargs):
        threaded.append(kwargs.get("use_threads", True))
        return options(*args, **kwargs)

    monkeypatch.setattr(csv, "ReadOptions", record)
    qrels = tmp_path / "qrels.txt"
    qrels.write_text("1 0 doc0002 1\n1 0 doc0003 x\n")
    for read in (lambda: api.evaluate(str(SYN / "qrels.fol"), str(bad_passage_run), ["MAiP"]),
                 lambda: api.read_qrels(str(qrels))):
        with pytest.raises(InputError):
            read()
    assert threaded and not any(threaded)


CHILD = """
import sys
from sdreval import api
from sdreval.errors import InputError
for _ in range(3):
    try:
        api.evaluate(sys.argv[1], sys.argv[2], ["MAiP"])
    except InputError:
        pass
"""


@pytest.mark.slow
def test_exit_after_a_caught_input_error_never_aborts(bad_passage_run):
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
    for _ in range(8):  # the abort came about once in 40 runs (the test above: why)
        done = subprocess.run([sys.executable, "-c", CHILD, str(SYN / "qrels.fol"),
                               str(bad_passage_run)], env=env, capture_output=True,
                              text=True, timeout=120)
        assert done.returncode == 0, done.stderr[-2000:]
        assert "terminate called" not in done.stderr
