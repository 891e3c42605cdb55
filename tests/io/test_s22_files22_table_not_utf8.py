"""A JSONL table (run, qrels, span run) holding bytes that are not UTF-8 (a Latin-1 ``é`` in an
id) ended in a traceback (``pyarrow.lib.ArrowException: Wrapping d?1 failed``): Arrow's JSON
reader does not check that strings are UTF-8.  A CSV one was refused without its line ("cannot
read as CSV: 'utf-8' codec can't decode byte 0xe9 in position 1").  Now both report the line,
as the text formats do: "FILE:LINE: error: line is not UTF-8 (...)"."""
from __future__ import annotations

import pytest
from click.testing import CliRunner

from sdreval.cli.main import cli
from sdreval.errors import InputError, ProblemLog
from sdreval.io import read_qrels, read_run

LATIN1 = b"d\xe91"  # "dé1" in Latin-1: not UTF-8


@pytest.mark.parametrize("name, data, line", [
    ("r.jsonl", b'{"qid":"1","docno":"d1","score":3.0}\n{"qid":"1","docno":"' + LATIN1
     + b'","score":2.0}\n', 2),
    ("s.jsonl", b'{"query_id":"1","doc_id":"' + LATIN1 + b'","start":0,"end":5,"score":1.0}\n',
     1),
    ("r.csv", b"qid,docno,score\n1,d1,3.0\n1," + LATIN1 + b",2.0\n", 3),
])
def test_a_run_table_not_utf8_is_an_error_at_its_line(tmp_path, name, data, line):
    (tmp_path / name).write_bytes(data)
    log = ProblemLog()
    try:
        read_run(tmp_path / name, log=log)
        problems = log.errors
    except InputError as error:  # (CSV: the table is refused whole)
        problems = error.problems
    assert [(p.line, p.message.startswith("line is not UTF-8")) for p in problems] == [
        (line, True)]


def test_jsonl_qrels_too_and_the_cli_exits_1(tmp_path):
    (tmp_path / "q.jsonl").write_bytes(b'{"qid":"1","docno":"' + LATIN1 + b'","label":1}\n'
                                       b'{"qid":"2","docno":"d5","label":1}\n')
    with pytest.raises(InputError, match="line is not UTF-8"):
        read_qrels(tmp_path / "q.jsonl")
    (tmp_path / "r").write_text("1 Q0 d1 1 1.0 r\n")
    done = CliRunner().invoke(cli, ["eval", str(tmp_path / "q.jsonl"), str(tmp_path / "r"),
                                    "-m", "AP"])
    assert done.exit_code == 1 and "q.jsonl:1: error: line is not UTF-8" in done.output, \
        done.output


def test_a_ranx_json_file_names_the_line_too(tmp_path):
    (tmp_path / "r.json").write_bytes(b'{"1": {"d1": 3.0},\n "2": {"' + LATIN1 + b'": 1.0}}\n')
    with pytest.raises(InputError) as error:
        read_run(tmp_path / "r.json")
    problem = error.value.problems[0]
    assert problem.line == 2 and problem.message.startswith("line is not UTF-8"), problem
