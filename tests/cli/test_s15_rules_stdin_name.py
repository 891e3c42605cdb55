"""Standard input is named ``<stdin>`` in messages (as Python and its tools name it), on every
path that reads it: text and table readers, the JSON dict path, validate's summary line and the
grouped warnings of eval.  Before, it was named ``-`` (``-:2: error: ...``).  Each case runs
``python -m sdreval`` with its own standard input (a process reads its standard input once)."""
from __future__ import annotations

import json
import re

import subprocess
import sys

import pytest

QRELS = "1 0 d1 1\n"


def sdreval(*args: str, stdin: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "sdreval", *args], input=stdin,
                          capture_output=True, text=True, timeout=120)

INPUTS = {
    "trec-qrels": ("1 0 d1 1\n1 0 d2 x\n", ":2: error: relevance 'x' is not an integer"),
    "run": ("1 Q0 d1 1 x r\n1 Q0 d2 2 1.0 r\n", ":1: error: rsv 'x' is not a finite number"),
    "jsonl": (json.dumps({"query_id": "1", "doc_id": "d1", "score": "x"}) + "\n",
              ":1: error: score 'x' is not a finite number"),
    "json": (json.dumps({"1": {"d1": "x"}}), ": error: topic 1, document d1: grade 'x'"),
}


@pytest.mark.parametrize("kind", INPUTS)
def test_validate_names_stdin(kind):
    text, problem = INPUTS[kind]
    result = sdreval("validate", "-", stdin=text)
    assert result.returncode == 1
    assert f"<stdin>{problem}" in result.stdout, result.stdout
    assert re.search(r"^<stdin>: INVALID: ", result.stdout, re.M), result.stdout
    assert not re.search(r"^-:", result.stdout, re.M), result.stdout


def test_eval_names_stdin_in_errors_and_grouped_warnings(tmp_path):
    (tmp_path / "q.trec").write_text(QRELS)
    result = sdreval("eval", str(tmp_path / "q.trec"), "-", "-m", "P@1", stdin=INPUTS["run"][0])
    assert result.returncode == 1 and "<stdin>:1: error: rsv 'x'" in result.stderr
    repeated = "".join(f"1 Q0 d1 {i + 1} {100 - i} r\n" for i in range(30))  # 29 repeats
    result = sdreval("eval", str(tmp_path / "q.trec"), "-", "-m", "P@1", stdin=repeated)
    assert result.returncode == 0, result.stderr
    assert "sdreval: warning: <stdin>: 29 warning(s)" in result.stderr
    assert "more like this in <stdin>" in result.stderr
    assert not re.search(r"^-:", result.stderr, re.M), result.stderr
