"""A run read from standard input without a run column is named ``<stdin>``, as messages name
standard input, whatever its container (CSV, JSONL, a JSON object); and a compressed table
run is named by its file as a compressed TREC or JSON run is (``bm25.csv.gz`` -> ``bm25``).
Before, such a run was named ``-`` in the output records, and ``bm25.csv.gz`` was ``bm25.csv``
(where ``bm25.json.gz`` was ``bm25``)."""
from __future__ import annotations

import gzip
import subprocess
import sys

import pytest

QRELS = "1 0 a 1\n1 0 b 1\n"
INPUTS = {"csv": "query_id,doc_id,score\n1,a,0.5\n",
          "jsonl": '{"query_id": "1", "doc_id": "a", "score": 0.5}\n',
          "json": '{"1": {"a": 0.5}}'}


def sdreval(*args, stdin=None):
    return subprocess.run([sys.executable, "-m", "sdreval", *args], input=stdin,
                          capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize("kind", INPUTS)
def test_stdin_run_is_named_like_stdin(tmp_path, kind):
    (tmp_path / "q.txt").write_text(QRELS)
    result = sdreval("eval", str(tmp_path / "q.txt"), "-", "-m", "P@1", stdin=INPUTS[kind])
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["<stdin>", "P@1", "all", "1.0000"]


@pytest.mark.parametrize("kind", INPUTS)
def test_compressed_run_named_by_its_file(tmp_path, kind, sdreval_cli):
    (tmp_path / "q.txt").write_text(QRELS)
    path = tmp_path / f"bm25.{kind}.gz"
    path.write_bytes(gzip.compress(INPUTS[kind].encode()))
    result = sdreval_cli("eval", tmp_path / "q.txt", path, "-m", "P@1")  # no process needed
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["bm25", "P@1", "all", "1.0000"]
