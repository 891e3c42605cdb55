"""Shared test configuration.

Real INEX 2009/2010 data is bundled in tests/realdata (see its README); test modules find it at
``Path(__file__).resolve().parents[1] / "realdata"``.  Real-data tests skip where data is
missing, so a missing copy is a broken checkout and must fail loudly instead.
"""
from pathlib import Path

_REAL_DATA = Path(__file__).resolve().parent / "realdata"
assert (_REAL_DATA / "inex2010-adhoc" / "inex2010.qrels").is_file(), _REAL_DATA
