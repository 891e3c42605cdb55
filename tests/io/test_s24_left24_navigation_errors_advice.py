"""A navigation file (``--navigation``) with more errors than are shown ended with "(sdreval
validate lists them all)", but validate reads no navigation file (its formats are qrels, runs,
collections, chunk maps and documents): the count is kept, the advice that does not work is
not given."""
from __future__ import annotations

import pytest

from sdreval.errors import EXAMPLES_KEPT, InputError
from sdreval.io.navigation import read_navigation

LINES = 30  # each with 3 fields of the 4 a navigation step has


def test_navigation_errors_are_counted_without_naming_validate(tmp_path):
    path = tmp_path / "nav.tsv"
    path.write_text("".join(f"d{i}\t/article[1]\t/article[1]/sec[1]\n" for i in range(LINES)))
    with pytest.raises(InputError) as raised:
        read_navigation(path)
    messages = [p.message for p in raised.value.problems]
    # the kept examples of the line errors, the error of the whole file, then the count
    assert sum("expected 4 fields" in m for m in messages) == EXAMPLES_KEPT
    assert messages[-1] == f"... and {LINES - EXAMPLES_KEPT} more error(s) like the above"
