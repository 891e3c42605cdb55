"""A Parquet dataset whose folder ``qid=007/`` and whose files' own ``qid`` column disagree:
pyarrow's dataset reader silently takes the folder's value, so the rows were scored against
topic 007 while the file says 8.  Which is meant is not clear: the file is refused, naming
it, the row and both values.  Folder and column agreeing is read as before."""
from __future__ import annotations

import pyarrow as pa
import pyarrow.parquet as pq
from click.testing import CliRunner

from sdreval.cli.main import cli

QRELS = "007 0 d1 1\n007 0 d2 0\n8 0 d2 1\n"


def _eval(tmp_path, column):
    part = tmp_path / "run" / "qid=007"
    part.mkdir(parents=True)
    pq.write_table(pa.table({"qid": column, "docno": ["d1", "d2"], "score": [1.0, 0.5]}),
                   part / "part-0.parquet")
    qrels = tmp_path / "qrels.txt"
    qrels.write_text(QRELS)
    return CliRunner().invoke(cli, ["eval", str(qrels), str(tmp_path / "run"), "-m", "AP",
                                    "-q", "--quiet"])


def test_folder_and_column_disagreeing_is_refused(tmp_path):
    result = _eval(tmp_path, ["007", "8"])
    assert result.exit_code == 1, result.output
    assert "qid=007/part-0.parquet:2: error:" in result.stderr
    assert "'8'" in result.stderr and "qid=007" in result.stderr


def test_folder_and_column_agreeing_is_read(tmp_path):
    result = _eval(tmp_path, ["007", " 007"])  # white space around an id is not part of it
    assert result.exit_code == 0, result.output
    # topic 007: d1 relevant at rank 1 (AP 1); topic 8 not in the run
    assert result.stdout.split() == ["run", "AP", "007", "1.0000", "run", "AP", "all",
                                     "1.0000"]
