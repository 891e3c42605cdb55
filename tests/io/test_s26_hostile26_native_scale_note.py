"""Element assessments whose pairs fit the INEX 2003/2004 scale and the INEX 2005 one (every
exhaustivity 0..2, every specificity 0 or 1) were read as inex2003 without a word, though the
same pairs give other gains on inex2005 (``inex_eval`` 0.2560 against 0.3921 on this file).
The rule applied is now stated as a warning, by the native TSV and the table readers alike."""
from __future__ import annotations

import pandas as pd
import pytest

from sdreval.errors import ProblemLog
from sdreval.io.frame_qrels import qrels_from_table
from sdreval.io.native import read_native_qrels

HEADER = "topic\tfile\tpath\texhaustivity\tspecificity\n"
ROWS = [("1", "d1", "/article[1]", 1, 1), ("1", "d1", "/article[1]/sec[1]", 2, 1),
        ("1", "d2", "/article[1]", 0, 0)]


def _tsv(tmp_path, rows=ROWS, head: str = "") -> ProblemLog:
    path = tmp_path / "q.tsv"
    path.write_text(head + HEADER + "".join("\t".join(map(str, r)) + "\n" for r in rows))
    log = ProblemLog()
    qrels = read_native_qrels(path, log)
    assert not log.errors, log.problems
    return qrels, log


def _notes(log: ProblemLog) -> list[str]:
    return [p.message for p in log.warnings if "fits inex2005 too" in p.message]


def test_native_tsv_that_fits_both_scales_says_which_was_read(tmp_path):
    qrels, log = _tsv(tmp_path)
    assert qrels.scale == "inex2003"  # the documented rule, unchanged
    notes = _notes(log)
    assert len(notes) == 1, log.problems  # was none
    assert "# scale=inex2005" in notes[0]


@pytest.mark.parametrize("head, rows", [
    ("# scale=inex2003\n", ROWS),  # named: nothing to say
    ("# scale=inex2005\n", ROWS),
    ("", ROWS + [("1", "d3", "/article[1]", 3, 3)]),  # a 3: only inex2003 fits
    ("", ROWS + [("1", "d3", "/article[1]", 1, 0.5)]),  # a fraction: inferred inex2005
])
def test_no_note_where_the_scale_is_clear(tmp_path, head, rows):
    _, log = _tsv(tmp_path, rows, head)
    assert _notes(log) == []


def test_table_that_fits_both_scales_says_which_was_read():
    frame = pd.DataFrame(ROWS, columns=["topic", "doc", "path", "exhaustivity", "specificity"])
    log = ProblemLog()
    assert qrels_from_table(frame, None, "(DataFrame)", log).scale == "inex2003"
    notes = _notes(log)
    assert len(notes) == 1 and "column scale" in notes[0]  # was none
    log = ProblemLog()
    qrels_from_table(frame.assign(scale="inex2005"), None, "(DataFrame)", log)
    assert _notes(log) == []
