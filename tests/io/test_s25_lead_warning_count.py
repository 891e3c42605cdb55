"""Reading without a log issues the first 20 warnings and a count of the rest.  The count was
taken from the warnings *kept* (20 per kind), so 30 repeated lines gave 20 warnings and no
word of the other 10 ("... and 1 more warnings" when kinds differed)."""
from __future__ import annotations

import warnings

import sdreval
from sdreval.errors import ProblemLog


def _issued(path) -> list[str]:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        sdreval.read_qrels(str(path))
    return [str(w.message) for w in caught]


def test_every_warning_is_shown_or_counted(tmp_path):
    path = tmp_path / "qrels.txt"
    path.write_text("1 0 d1 1\n" * 31)  # 30 lines repeat line 1
    issued = _issued(path)
    assert len(issued) == 21
    assert issued[-1].startswith("... and 10 more warning(s): ")
    log = ProblemLog()
    sdreval.read_qrels(str(path), log=log)
    assert [count for _, _, count, _ in log.groups("warning")] == [30]


def test_one_more_is_counted_once(tmp_path):
    path = tmp_path / "qrels.txt"
    path.write_text("1 0 d1 1\n" * 22)  # 21 repeats: 20 shown, 1 counted
    assert _issued(path)[-1].startswith("... and 1 more warning(s): ")


def test_no_count_when_all_are_shown(tmp_path):
    path = tmp_path / "qrels.txt"
    path.write_text("1 0 d1 1\n" * 21)
    issued = _issued(path)
    assert len(issued) == 20 and not any(m.startswith("...") for m in issued)
