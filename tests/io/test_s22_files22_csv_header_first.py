"""A CSV/TSV table whose first line is blank or a ``#`` comment: detection skips such lines to
find the header, but the reader (pandas) takes line 1 as the header, so the file was refused
with "the table has no topic column ... columns: none" (blank line) or "3 fields where the
header names 1" (the comment taken for the header).  Now it is refused at line 1 saying that
the header must come first; JSONL keeps skipping blank and comment lines."""
from __future__ import annotations

import pytest
from click.testing import CliRunner

from sdreval.cli.main import cli

QRELS = "1 0 d1 1\n2 0 d5 1\n"
TABLE = "qid,docno,score\n1,d1,3.0\n2,d5,1.0\n"


@pytest.mark.parametrize("before, said", [("\n", "line 1 is blank"),
                                          ("# made by bm25.py\n", "line 1 is a comment"),
                                          (" \t\n", "line 1 is blank")])
@pytest.mark.parametrize("sep", [",", "\t"])
def test_a_line_before_the_header_is_refused_at_line_1(tmp_path, before, said, sep):
    (tmp_path / "q").write_text(QRELS)
    (tmp_path / "r.csv").write_text(before + TABLE.replace(",", sep))
    done = CliRunner().invoke(cli, ["eval", str(tmp_path / "q"), str(tmp_path / "r.csv"),
                                    "-m", "AP"])
    assert done.exit_code == 1
    assert f"r.csv:1: error: {said}: the first line of a" in done.output, done.output
    assert "header" in done.output and "columns: none" not in done.output


def test_the_header_first_reads_as_before(tmp_path):
    (tmp_path / "q").write_text(QRELS)
    (tmp_path / "r.csv").write_bytes(b"\xef\xbb\xbf" + TABLE.encode())
    done = CliRunner().invoke(cli, ["eval", str(tmp_path / "q"), str(tmp_path / "r.csv"),
                                    "-m", "AP"])
    assert done.exit_code == 0 and "r\tAP\tall\t1.0000" in done.output, done.output
