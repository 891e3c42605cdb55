"""INEX XML read from standard input (``-``) was read from its spooled copy under that copy's
name: a submission without run-id was named ``sdreval-stdin-xxxxxxxx`` (random) and its
problems, and those of INEX assessments, were reported at ``/tmp/sdreval-stdin-...:2``, a
file removed at exit.  TREC-like text from stdin is named ``<stdin>``, as Python names it."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import sdreval

#: the sdreval under test, whatever the working directory of the process started
SRC = str(Path(sdreval.__file__).resolve().parents[1])

SUBMISSION = """<inex-submission>
<topic topic-id="1"><result><file>d1</file><path>/article[1]</path><rank>{rank}</rank></result>
</topic>
</inex-submission>
"""
ASSESSMENTS = """<assessments topic="1">
<file file="d1"><path path="/article[1]" exhaustiveness="x" specificity="3"/></file>
</assessments>
"""


def _sdreval(args: list[str], stdin: str, cwd) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "sdreval", *args], input=stdin, text=True,
                          capture_output=True, cwd=cwd, env={**os.environ, "PYTHONPATH": SRC})


@pytest.mark.parametrize("stream", [[], ["--stream"]])
def test_submission_from_stdin_is_named_stdin(tmp_path, stream):
    (tmp_path / "q.txt").write_text("1 0 d1 1\n")
    done = _sdreval(["eval", "q.txt", "-", "-m", "P@1", *stream], SUBMISSION.format(rank=1),
                    tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1].split("\t") == ["<stdin>", "P@1", "all", "1.0000"]
    bad = _sdreval(["eval", "q.txt", "-", "-m", "P@1", *stream], SUBMISSION.format(rank="x"),
                   tmp_path)
    assert "<stdin>:2: error: topic 1: rank 'x' is not a positive integer" in bad.stderr
    assert "sdreval-stdin" not in bad.stderr + bad.stdout


def test_assessments_from_stdin_are_reported_at_stdin(tmp_path):
    done = _sdreval(["validate", "-"], ASSESSMENTS, tmp_path)
    out = done.stdout + done.stderr
    assert done.returncode == 1
    assert "<stdin>:2: error: topic 1, d1 /article[1]: exhaustivity 'x'" in out
    assert "sdreval-stdin" not in out
