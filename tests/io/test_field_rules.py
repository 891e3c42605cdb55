"""Field rules applied the same on every path (columnar blocks, the careful line-by-line parse,
the first pass of streaming): an empty field is an error, integers are decimal.

Before, the columnar path read a tab-separated line with an empty Q0 (or TREC qrels iter) field
as valid -- Arrow does not check the columns it does not keep -- and read ``0x10`` as 16, while
the careful path refused both; one space-separated line in the same file switched paths."""
from __future__ import annotations

import pytest
from click.testing import CliRunner

from sdreval.cli.main import cli
from sdreval.io import read_run
from sdreval.io.stream import iter_run_topics, last_lines

QRELS = "1 0 d1 1\n1 0 d3 1\n"


def run_eval(tmp_path, qrels: str, run: bytes, *measures: str):
    (tmp_path / "q.txt").write_text(qrels)
    (tmp_path / "r.txt").write_bytes(run)
    args = ["eval", str(tmp_path / "q.txt"), str(tmp_path / "r.txt")]
    for m in measures or ("P@2",):
        args += ["-m", m]
    return CliRunner().invoke(cli, args)


@pytest.mark.parametrize("run", [
    b"1\tQ0\td1\t1\t2.5\tr\n1\t\td3\t2\t1.5\tr\n",      # every line tab-separated
    b"1 Q0 d1 1 2.5 r\n1\t\td3\t2\t1.5\tr\n",            # with a space-separated line
])
def test_empty_field_in_a_run_is_an_error_on_every_path(tmp_path, run):
    result = run_eval(tmp_path, QRELS, run)
    assert result.exit_code == 1, result.output
    assert ":2: error: expected 6 fields" in result.output


def test_white_space_ending_a_line_is_not_a_field(tmp_path):
    # as str.split() reads it, on both paths: P@2 = 2/2
    for run in (b"1\tQ0\td1\t1\t2.5\tr\n1\tQ0\td3\t2\t1.5\tr\t\n",
                b"1 Q0 d1 1 2.5 r \n1 Q0 d3 2 1.5 r\n"):
        result = run_eval(tmp_path, QRELS, run)
        assert result.exit_code == 0 and "r\tP@2\tall\t1.0000" in result.output, result.output


def test_empty_iter_field_in_trec_qrels_is_an_error(tmp_path):
    result = run_eval(tmp_path, "1\t\td1\t1\n1\t0\td3\t1\n", b"1 Q0 d1 1 2.5 r\n")
    assert result.exit_code == 1
    assert "q.txt:1: error: expected 4 fields (qid iter docno rel), found 3" in result.output


@pytest.mark.parametrize("run,message", [
    (b"1 Q0 d1 0x1 2.5 r\n1 Q0 d3 2 1.5 r\n", ":1: error: rank '0x1' is not an integer"),
    (b"1 Q0 d1 1 2.5 r\n1 Q0 d3 0X2 1.5 r\n", ":2: error: rank '0X2' is not an integer"),
    (b"1 Q0 d1 1 2.5 r\n1 Q0 d3 -0x2 1.5 r\n", ":2: error: rank '-0x2'"),
])
def test_hexadecimal_numbers_are_refused_in_runs(tmp_path, run, message):
    result = run_eval(tmp_path, QRELS, run)
    assert result.exit_code == 1 and message in result.output, result.output


def test_hexadecimal_grade_is_refused_in_trec_qrels(tmp_path):
    result = run_eval(tmp_path, "1 0 d1 0x2\n1 0 d3 1\n", b"1 Q0 d1 1 2.5 r\n")
    assert result.exit_code == 1
    assert "q.txt:1: error: relevance '0x2' is not an integer" in result.output


def test_ids_that_look_hexadecimal_stay_ids(tmp_path):
    # a document named 0x1F is a name: the careful path takes it, the value is P@2 = 1/2
    result = run_eval(tmp_path, "1 0 0x1F 1\n1 0 d3 0\n", b"1 Q0 0x1F 1 2.5 r\n1 Q0 d3 2 1.5 r\n")
    assert result.exit_code == 0, result.output
    assert "r\tP@2\tall\t0.5000" in result.output


@pytest.mark.parametrize("byte", [b"\x1c", b"\x1d"])  # a NUL: refused (test_s15_rules_nul_ids)
def test_first_pass_of_streaming_splits_topics_as_the_reader(tmp_path, byte):
    # str.split() (the reader) splits on 0x1C-0x1F; bytes.split() did not, and a NUL inside
    # the first field compared equal to the padding of shorter topics
    lines = [b"1 Q0 d1 1 1.0 r", b"2 Q0 d1 1 1.0 r", b"1" + byte + b" Q0 d5 2 0.8 r",
             b"1 Q0 d6 3 0.7 r", b"3 Q0 d1 1 1.0 r"]
    path = tmp_path / "r.txt"
    path.write_bytes(b"\n".join(lines) + b"\n")
    topics = [line.decode().split()[0] for line in lines]  # the reader's topic of each line
    expected = {t: max(i + 1 for i, u in enumerate(topics) if u == t) for t in topics}
    assert last_lines(path)[0] == expected
    whole = read_run(path)
    streamed = dict(iter_run_topics(path))
    assert sorted(streamed) == sorted(whole.topics)
    for topic, ranking in streamed.items():
        assert list(ranking.docs) == list(whole.topics[topic].docs)
