"""Shared test configuration.

Real INEX 2009/2010 data is bundled in tests/realdata (see its README); test modules find it at
``Path(__file__).resolve().parents[1] / "realdata"``.  Real-data tests skip where data is
missing, so a missing copy is a broken checkout and must fail loudly instead.
"""
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
