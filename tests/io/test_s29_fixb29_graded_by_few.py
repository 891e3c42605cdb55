"""One typo (an exhaustivity 4) in element assessments that otherwise fit INEX 2005 turned
the whole file's inferred scale to graded without a word.  The scale inferred is unchanged;
the few values that decided it are now named in a warning, by the native TSV and the table
readers alike, with how to fix them."""
from __future__ import annotations

import pandas as pd
import pytest

from sdreval.errors import ProblemLog
from sdreval.io.frame_qrels import qrels_from_table
from sdreval.io.native import read_native_qrels

HEADER = "topic\tfile\tpath\texhaustivity\tspecificity\n"
# INEX 2005 pairs (exhaustivity 0..2, specificity in [0, 1]) and one typo: exhaustivity 4
ROWS = [("1", "d1", "/article[1]", 2, 0.5), ("1", "d1", "/article[1]/sec[1]", 1, 1),
        ("1", "d2", "/article[1]", 4, 0.25), ("2", "d3", "/article[1]", 2, 1)]


def _read(tmp_path, rows, head: str = ""):
    path = tmp_path / "q.tsv"
    path.write_text(head + HEADER + "".join("\t".join(map(str, r)) + "\n" for r in rows))
    log = ProblemLog()
    qrels = read_native_qrels(path, log)
    assert not log.errors, log.problems
    return qrels, [p for p in log.warnings if "fit no INEX scale" in p.message]


def test_native_typo_that_makes_the_file_graded_is_named(tmp_path):
    qrels, notes = _read(tmp_path, ROWS)
    assert qrels.scale == "graded"  # the documented rule, unchanged
    assert len(notes) == 1, notes  # was none
    # header on line 1, the typo on line 2 + 2 = 4
    assert notes[0].line == 4
    text = notes[0].message
    assert "exhaustivity 4 and specificity 0.25" in text
    assert "all 4 assessments are read on scale graded" in text
    assert "the others fit inex2005" in text and "# scale=graded" in text


@pytest.mark.parametrize("head, rows", [
    ("# scale=graded\n", ROWS),  # named: nothing to say
    ("", ROWS[:2]),  # inex2005, no typo
    ("", [("1", "d1", "/article[1]", 0.5, 0.5)]),  # every value off an INEX scale: graded
    ("", [("1", f"e{i}", "/article[1]", 0.5, 0.5) for i in range(11)] + ROWS[:1]),  # 11 off
])
def test_no_note_where_graded_is_not_decided_by_few(tmp_path, head, rows):
    _, notes = _read(tmp_path, rows, head)
    assert notes == []


def test_table_typo_that_makes_it_graded_is_named():
    frame = pd.DataFrame(ROWS, columns=["topic", "doc", "path", "exhaustivity", "specificity"])
    log = ProblemLog()
    assert qrels_from_table(frame, None, "(DataFrame)", log).scale == "graded"
    notes = [p.message for p in log.warnings if "fit no INEX scale" in p.message]
    assert len(notes) == 1 and "column scale holding graded" in notes[0], log.problems
    log = ProblemLog()
    qrels_from_table(frame.assign(scale="graded"), None, "(DataFrame)", log)
    assert not [p for p in log.warnings if "fit no INEX scale" in p.message]
