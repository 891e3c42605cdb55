"""Field rules applied alike by every reader (docs/inputs.md, "Fields of tables and text files"):
integers are decimal, empty fields are errors, ids are strings and never typed, white space
around separators is handled the same in every tabular format."""
from __future__ import annotations

import pytest

from sdreval.errors import InputError, ProblemLog
from sdreval.io.trec_qrels import read_trec_qrels


def _problems(reader, path, **kw):
    log = ProblemLog()
    value = reader(path, log, **kw)
    return value, [str(p) for p in log.problems]


@pytest.mark.parametrize("careful", [False, True])
def test_trec_qrels_empty_iter_field_is_an_error(tmp_path, careful):
    path = tmp_path / "q.txt"
    path.write_text("1\t\td1\t1\n1\t0\td2\t0\n")
    qrels, problems = _problems(read_trec_qrels, path, careful=careful)
    assert problems == [f"{path}:1: error: expected 4 fields (qid iter docno rel), found 3"]
    assert list(qrels.topics["1"].elements) == [("d2", "/article[1]")]


@pytest.mark.parametrize("grade", ["0x2", "0X10", "0xFFFFFFFFFFFFFFFF"])
@pytest.mark.parametrize("careful", [False, True])
def test_trec_qrels_hex_grade_is_not_an_integer(tmp_path, grade, careful):
    path = tmp_path / "q.txt"
    path.write_text(f"1 0 d1 {grade}\n1 0 d2 0\n")
    _, problems = _problems(read_trec_qrels, path, careful=careful)
    assert problems == [f"{path}:1: error: relevance {grade!r} is not an integer"]


def test_run_hex_rank_is_not_an_integer(tmp_path):
    from sdreval.io.trec import read_trec_run

    path = tmp_path / "r.txt"
    path.write_text("1 Q0 d1 0x10 2.0 r\n1 Q0 d2 2 1.0 r\n")
    log = ProblemLog()
    read_trec_run(path, "document", log)
    assert any(p.line == 1 and "0x10" in p.message for p in log.problems), log.problems
