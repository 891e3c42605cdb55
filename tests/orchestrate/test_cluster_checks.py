"""A Dask cluster whose workers cannot import sdreval, or run another version of it, is
refused with what to do (it gave a traceback from the workers' unpickling).  A stand-in
client answers ``run`` as the workers would; the real cluster's accepted path is exercised
by tests/measures/test_dask_cluster.py."""
import re

import pytest

import sdreval
from sdreval.errors import UsageError
from sdreval.measures.parallel import check_workers


class Client:
    def __init__(self, answers):
        self.answers = answers

    def run(self, function):
        return dict(self.answers)


def test_workers_with_this_sdreval_are_accepted():
    check_workers(Client({"tcp://w1": sdreval.__version__, "tcp://w2": sdreval.__version__}),
                  "--scheduler x")


@pytest.mark.parametrize("answers, said", [
    ({"tcp://w1": sdreval.__version__, "tcp://w2": None}, "1 worker(s) cannot import sdreval"),
    ({"tcp://w1": "0.0.1"}, "another sdreval than this"),
    ({}, "no workers"),
])
def test_other_workers_are_refused(answers, said):
    with pytest.raises(UsageError, match=re.escape(said)):
        check_workers(Client(answers), "--scheduler tcp://head:8786")


def test_the_check_runs_where_sdreval_is_missing():
    """The function sent to the workers is pickled by value (no import of sdreval needed to
    load it) and answers None where sdreval cannot be imported."""
    import pickle
    import subprocess
    import sys

    cloudpickle = pytest.importorskip("cloudpickle")
    sent = []
    check_workers(type("C", (), {"run": lambda self, f: sent.append(f) or {"w": f()}})(), "x")
    blob = cloudpickle.dumps(sent[0])
    code = ("import pickle, sys; sys.modules['sdreval'] = None; "
            "f = pickle.loads(sys.stdin.buffer.read()); print(f())")
    out = subprocess.run([sys.executable, "-c", code], input=blob, capture_output=True,
                         check=True)
    assert out.stdout.decode().strip() == "None"
    assert pickle.loads(blob)() == sdreval.__version__
