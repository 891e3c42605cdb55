"""A table's run column naming the run with a NUL character is refused, as a NUL in a
document or topic id is (C programs such as trec_eval end the text there).  Before, the run
was evaluated and its name printed with the NUL byte in stdout's records."""
from __future__ import annotations

import pandas as pd
import pytest

from sdreval import api
from sdreval.errors import InputError


def test_file_run_id_with_nul_is_refused(tmp_path, sdreval_cli):
    (tmp_path / "q.txt").write_text("1 0 a 1\n")
    (tmp_path / "r.csv").write_bytes(b"query_id,doc_id,score,run_id\n1,a,0.5,r\x00x\n")
    result = sdreval_cli("eval", tmp_path / "q.txt", tmp_path / "r.csv", "-m", "AP")
    assert result.returncode == 1 and result.stdout == ""
    assert "r.csv: error: column 'run_id': run name 'r\\x00x' holds a NUL character" in \
        result.stderr


def test_frame_run_column_with_nul_is_refused():
    frame = pd.DataFrame({"query_id": ["1"], "doc_id": ["a"], "score": [0.5],
                          "run": ["r\x00x"]})
    with pytest.raises(InputError, match="run name 'r\\\\x00x' holds a NUL character"):
        api.read_run(frame)
