"""Shared test configuration: where the real INEX data lives."""
from pathlib import Path

#: Real INEX 2009/2010 data, copied from shared/data (see tests/realdata/README.md).
REAL_DATA = Path(__file__).resolve().parent / "realdata"
