"""A Parquet dataset whose files hold different columns: pyarrow reads a dataset by the schema
of its first file, so a column only a later file holds was dropped without a word -- a
``rank`` column (the ranking: AP 0.5 by score where the ranks give 0.25) or a ``run`` column
naming two runs -- while ``--jobs``, reading each file on its own, kept it (AP 0.25): two
numbers for one run.  Such a dataset is refused, naming the files and their columns."""
from __future__ import annotations

import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from click.testing import CliRunner

from sdreval.cli.main import cli

QRELS = "1 0 d1 1\n2 0 d1 1\n2 0 d9 1\n"


def _dataset(tmp_path, second):
    for topic, table in (("1", {"docno": ["d1", "d2"], "score": [1.0, 0.5]}), ("2", second)):
        (tmp_path / "run" / f"qid={topic}").mkdir(parents=True)
        pq.write_table(pa.table(table), tmp_path / "run" / f"qid={topic}" / "part-0.parquet")
    (tmp_path / "qrels.txt").write_text(QRELS)


@pytest.mark.parametrize("jobs", [[], ["--jobs", "2"]])
def test_a_column_only_a_later_file_holds_is_refused(tmp_path, jobs):
    # topic 2 ranks d2 (not relevant) first by its rank column, d1 first by score
    _dataset(tmp_path, {"docno": ["d2", "d1"], "score": [0.1, 0.9], "rank": [1, 2]})
    result = CliRunner().invoke(cli, ["eval", str(tmp_path / "qrels.txt"),
                                      str(tmp_path / "run"), "-m", "AP", "--quiet", *jobs])
    assert result.exit_code == 1, result.output
    assert "qid=2/part-0.parquet" in result.stderr and "rank" in result.stderr
    assert "different columns" in result.stderr


def test_files_with_the_same_columns_are_read(tmp_path):
    _dataset(tmp_path, {"docno": ["d9", "d1"], "score": [0.1, 0.9]})
    result = CliRunner().invoke(cli, ["eval", str(tmp_path / "qrels.txt"),
                                      str(tmp_path / "run"), "-m", "AP", "-q", "--quiet"])
    assert result.exit_code == 0, result.output
    # topic 1: d1 at rank 1 (AP 1); topic 2: d1 at 1, d9 at 2, both relevant (AP 1)
    assert result.stdout.split()[-1] == "1.0000"
