"""Shared test configuration.

Real INEX 2009/2010 data is bundled in tests/realdata (see its README); test modules find it at
``Path(__file__).resolve().parents[1] / "realdata"``.  Real-data tests skip where data is
missing, so a missing copy is a broken checkout and must fail loudly instead.
"""
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

_REAL_DATA = Path(__file__).resolve().parent / "realdata"
assert (_REAL_DATA / "inex2010-adhoc" / "inex2010.qrels").is_file(), _REAL_DATA


@pytest.fixture
def fresh_python():
    """Run Python code in a fresh interpreter (what a new process imports); its stdout."""
    def run(code: str) -> str:
        return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                              check=True).stdout
    return run


_RANX_CHILD = """
import json, sys, warnings
import ranx
qrels, run, metrics = json.load(sys.stdin)
with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    values = ranx.evaluate(ranx.Qrels(qrels), ranx.Run(run), metrics, return_mean=False)
json.dump({m: [float(v) for v in values[m]] for m in metrics}, sys.stdout)
"""


@pytest.fixture
def ranx_evaluate():
    """``ranx.evaluate(..., return_mean=False)``: per-query values of each metric (ranx's
    sorted query order), computed in a fresh interpreter with numba's JIT off, so ranx's
    kernels run as the Python they are written in.  The numbers are the same; compiling the
    kernels costs about 100 s of CPU in a fresh environment (a clean CI install), once per
    test process.  Conversions to and from ranx objects are tested with the real, compiled
    ranx (tests/io/test_interop.py)."""
    pytest.importorskip("ranx")

    def evaluate(qrels: dict, run: dict, metrics: list[str]) -> dict[str, list[float]]:
        done = subprocess.run([sys.executable, "-c", _RANX_CHILD], capture_output=True,
                              text=True, check=True, env=dict(os.environ, NUMBA_DISABLE_JIT="1"),
                              input=json.dumps([qrels, run, metrics]))
        return json.loads(done.stdout)
    return evaluate
