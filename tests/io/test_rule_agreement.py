"""Rules that must read the same on every path (no silently wrong number): each test here
failed on the code before its fix.

* X-RAI passage assessments (INEX 2009/2010 XML): offsets, lengths and best entry points follow
  the integer rule of every text reader (decimal digits; ``1e3`` and ``2.0`` refused, as FOL
  qrels refuse them) and passages end before character 2^32, as in FOL qrels;
* a navigation step given twice with the same probability is a warning naming the first line
  (the repeat rule of every judgement reader), not silently ignored;
* document ids of a documents file are text, never typed (``007``, ``1``, ``2021-01-01``);
* problems of span DataFrames name the row as every other DataFrame does (``row <label>``).
"""
from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from sdreval.cli.main import cli
from sdreval.errors import ProblemLog
from sdreval.io.fol import read_fol_qrels
from sdreval.io.inex_assessments import read_inex_assessments


def invoke(*args):
    return CliRunner().invoke(cli, [str(a) for a in args])


def put(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


def xrai(tmp_path: Path, passage: str, name: str = "a.xml") -> Path:
    return put(tmp_path / name, '<assessments topic="1">\n<file name="d">\n'
               f'{passage}\n</file>\n</assessments>\n')


# ------------------------------------------------------------------ X-RAI passage offsets
@pytest.mark.parametrize("passage, field", [
    ('<passage offset="1e3" length="5"/>', "start '1e3'"),
    ('<passage offset="10" length="5e0"/>', "length '5e0'"),
    ('<passage start="10" end="2e1"/>', "end '2e1'"),
    ('<passage start="10.0" end="20"/>', "start '10.0'"),
    ('<passage offset="10" length="5" bep="1e1"/>', "bep '1e1'"),
    ('<passage offset="10" length="5" bep="0x10"/>', "bep '0x10'"),
    ('<passage offset="10" length="5" bep="-1"/>', "bep '-1'"),
])
def test_xrai_offsets_follow_the_integer_rule(tmp_path, passage, field):
    """Before: read with the float parser (``1e3`` -> 1000, ``2e1`` -> 20, a negative or
    hexadecimal BEP kept or ignored silently); now refused at the line, as FOL qrels refuse
    ``1e3``."""
    log = ProblemLog()
    read_inex_assessments(xrai(tmp_path, passage), log)
    assert [(p.line, p.severity) for p in log.errors] == [(3, "error")], log.problems
    assert field in log.errors[0].message and "not a non-negative integer" in \
        log.errors[0].message
    fol = put(tmp_path / "q.fol", "1 Q0 d 5 2000 1e3:5\n")
    fol_log = ProblemLog()
    read_fol_qrels(fol, fol_log)
    assert fol_log.errors  # the text reader's rule, the same


def test_xrai_bep_element_follows_the_integer_rule(tmp_path):
    path = xrai(tmp_path, '<passage offset="0" length="5"/>\n<best-entry-point offset="1e0"/>')
    log = ProblemLog()
    read_inex_assessments(path, log)
    assert [p.line for p in log.errors] == [4]
    assert "best entry point '1e0' is not a non-negative integer" in log.errors[0].message


def test_xrai_decimal_offsets_are_read(tmp_path):
    log = ProblemLog()
    qrels = read_inex_assessments(xrai(tmp_path, '<passage offset="+10" length="005" bep="12"/>'
                                       '\n<passage start=" 30 " end="40"/>'), log)
    assert not log.errors
    passages = qrels["1"].passages["d"]
    assert sorted(passages.ranges) == [(10, 5), (30, 10)] and passages.bep == 12


def test_xrai_passage_beyond_the_character_limit_is_refused(tmp_path):
    """Before: kept; a passage ending past 2^32 - 1 spills into the next document's band of
    the passage kernels (FOL qrels and runs refuse it)."""
    log = ProblemLog()
    read_inex_assessments(xrai(tmp_path, '<passage offset="4294967290" length="6"/>'), log)
    assert [p.line for p in log.errors] == [3]
    assert "ends beyond 4294967295 characters" in log.errors[0].message


def test_xrai_bad_offset_exits_1_on_the_cli(tmp_path):
    path = xrai(tmp_path, '<passage offset="1e3" length="5"/>')
    run = put(tmp_path / "r.txt", "1 Q0 d 1 1.0 r 1000 5\n")
    for result in (invoke("validate", path), invoke("eval", path, run, "-m", "MAiP")):
        assert result.exit_code == 1, result.output
        assert "a.xml:3: error:" in result.output and "Traceback" not in result.output


# ------------------------------------------------------------------ navigation repeats
def test_navigation_repeat_follows_the_judgement_repeat_rule(tmp_path):
    """Identical repeat: warning naming the first line (it was ignored silently); different:
    error, the first kept -- the messages of a repeated qrels line."""
    from sdreval.io.navigation import read_navigation

    path = put(tmp_path / "nav.tsv", "d /a[1] /a[1]/b[1] 0.25\n"
               "d /a[1] /a[1]/b[1] 0.25\n"
               "d /a[1] /a[1]/b[1] 0.5\n")
    log = ProblemLog()
    nav = read_navigation(path, log)
    assert [(p.line, p.severity) for p in log.problems] == [(2, "warning"), (3, "error")]
    assert "repeats line 1 (identical; ignored)" in log.problems[0].message
    assert "differently from line 1 (line 1 kept)" in log.problems[1].message
    assert nav.prob("d", "/a[1]", "/a[1]/b[1]") == 0.25
    qrels = put(tmp_path / "q.fol", "1 Q0 d 5 100 0:5\n1 Q0 d 5 100 0:5\n")
    fol_log = ProblemLog()
    read_fol_qrels(qrels, fol_log)
    assert [p.message.split(": ", 1)[1] for p in fol_log.warnings] == \
        ["document d repeats line 1 (identical; ignored)"]
