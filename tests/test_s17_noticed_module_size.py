"""Modules stay small (the project's layout rule: modules of about 400 lines at most); io/tables.py
had grown to 428 lines before it was split by concern (io/table_model.py, io/parquet_tables.py)."""
from __future__ import annotations

from pathlib import Path

import sdreval

ROOT = Path(sdreval.__file__).resolve().parent
LIMIT = 400


def test_no_module_over_the_limit():
    long = {str(p.relative_to(ROOT)): n for p in ROOT.rglob("*.py")
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > LIMIT}
    assert not long, long
