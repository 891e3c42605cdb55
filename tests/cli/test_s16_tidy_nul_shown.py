"""A message holding a NUL character prints it as ``\\x00`` (a terminal shows nothing there and
a C program reading the output ends the line at it), whichever way it is printed: warnings,
notes, problems of a file, usage errors.  Before, a run named by a table's run_id column
``r<NUL>x`` was warned about as ``run r<NUL>x: ...`` with the NUL byte itself (such a run name
is now refused: test_s16_tidy_nul_run_name.py)."""
from __future__ import annotations

from sdreval.cli.common import echo_notes, echo_warnings, problem_text
from sdreval.errors import Problem


def test_warnings_and_notes(capsys):
    # a run named 'r<NUL>x' (a table's run_id column held one before such names were refused)
    echo_warnings(["run r\x00x: 1 topic(s) not in the qrels ignored: 3"])
    echo_notes(["means over run r\x00x"])
    err = capsys.readouterr().err
    assert "\x00" not in err
    assert err == ("sdreval: warning: run r\\x00x: 1 topic(s) not in the qrels ignored: 3\n"
                   "sdreval: means over run r\\x00x\n")


def test_problems_with_and_without_a_file():
    assert str(Problem("f.txt", 2, "id 'a\x00'")) == "f.txt:2: error: id 'a\\x00'"
    assert problem_text(Problem(None, None, "a\x00b", "warning")) == \
        "sdreval: warning: a\\x00b"
