"""A message holding a NUL character prints it as ``\\x00`` (a terminal shows nothing there and
a C program reading the output ends the line at it), whichever way it is printed: warnings,
notes, problems of a file, usage errors.  Before, a run named by a table's run_id column
``r<NUL>x`` was warned about as ``run r<NUL>x: ...`` with the NUL byte itself."""
from __future__ import annotations

import subprocess
import sys

from sdreval.cli.common import problem_text
from sdreval.errors import Problem


def test_warning_naming_a_run_with_a_nul(tmp_path):
    (tmp_path / "q.txt").write_text("1 0 a 1\n")
    (tmp_path / "r.csv").write_bytes(b"query_id,doc_id,score,run_id\n1,a,0.5,r\x00x\n"
                                     b"3,c,1,r\x00x\n")
    result = subprocess.run([sys.executable, "-m", "sdreval", "eval", str(tmp_path / "q.txt"),
                             str(tmp_path / "r.csv"), "-m", "AP"], capture_output=True,
                            timeout=120)
    assert result.returncode == 0, result.stderr
    assert b"\x00" not in result.stderr
    assert b"sdreval: warning: run r\\x00x: 1 topic(s) not in the qrels ignored: 3" in \
        result.stderr


def test_problems_with_and_without_a_file():
    assert str(Problem("f.txt", 2, "id 'a\x00'")) == "f.txt:2: error: id 'a\\x00'"
    assert problem_text(Problem(None, None, "a\x00b", "warning")) == \
        "sdreval: warning: a\\x00b"
