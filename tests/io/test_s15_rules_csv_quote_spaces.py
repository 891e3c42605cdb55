"""White space between a CSV/TSV field's closing double quote and its separator (``"a b"  ,x``)
is refused at its line with the fix, as white space before an opening quote is: a quoted field
ends right before its separator (RFC 4180).  Before, it was refused with the generic "malformed
quoting" message, whose fix ("a field starting with a double quote ends with one") did not
apply; a quoted field followed by other text keeps that message."""
from __future__ import annotations

import pytest

from sdreval.errors import InputError, ProblemLog
from sdreval.io.spans.documents import read_documents
from sdreval.io.tables import load_table

FIX = "white space after a field's closing double quote"


@pytest.mark.parametrize("name,text,line", [
    ("q.csv", 'query_id,doc_id\nq0,d0\nq1,"d 1"  ,\n', 3),
    ("q.csv", 'query_id,doc_id\nq1,"d1"\t\n', 2),
    ("q.csv", 'query_id,doc_id\n"q1" ,d1\nq2,d2\n', 2),
    ("d.tsv", 'doc_id\ttext\nd0\tx\nd1\t"hello"  \t\n', 3),
    ("d.tsv", 'doc_id\ttext\nd1\t"two\nlines" \nd2\tx\n', 2),  # the row's first line
])
def test_blank_after_a_closing_quote_is_refused_with_the_fix(tmp_path, name, text, line):
    (tmp_path / name).write_text(text)
    with pytest.raises(InputError) as error:
        load_table(tmp_path / name, ProblemLog())
    problem = error.value.problems[0]
    assert (problem.line, FIX in problem.message) == (line, True), problem
    assert "write the separator right after the closing quote" in problem.message


def test_other_text_after_a_closing_quote_keeps_its_message(tmp_path):
    (tmp_path / "d.tsv").write_text('doc_id\ttext\nd1\t"Run," she said.\n')
    with pytest.raises(InputError, match="malformed quoting") as error:
        read_documents(tmp_path / "d.tsv")
    assert error.value.problems[0].line == 2


def test_white_space_inside_the_quotes_is_the_text(tmp_path):
    (tmp_path / "d.csv").write_text('doc_id,text\nd1,"  hello  "\n')
    assert read_documents(tmp_path / "d.csv").texts == {"d1": "  hello  "}
