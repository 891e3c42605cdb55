"""Shared test configuration: where the real INEX data lives."""
from pathlib import Path

#: Real INEX 2009/2010 data, copied from shared/data (see tests/realdata/README.md).
REAL_DATA = Path(__file__).resolve().parent / "realdata"

# The real-data tests skip where data is missing; the data ships with the tests, so a missing
# folder is a broken checkout and must fail loudly rather than skip silently.
assert (REAL_DATA / "inex2010-adhoc" / "inex2010.qrels").is_file(), REAL_DATA
