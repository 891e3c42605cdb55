"""A text run or qrels file whose lines end with lone carriage returns (classic Mac OS) is one
line to the readers (which cut lines at LF), so it was refused as "expected 6 fields ..., found
30" at line 1.  Now detection says why and what to do; one record ended by a CR, CRLF files,
CSV tables (pandas reads CR line ends) and XML (which reads CR as a line end) read as before."""
from __future__ import annotations

import pytest

from sdreval.errors import InputError
from sdreval.io import detect_format

RUN = "1 Q0 d1 1 3.0 r\n1 Q0 d4 2 2.5 r\n2 Q0 d5 1 1.0 r\n"
QRELS = "1 0 d1 1\n2 0 d5 1\n"


@pytest.mark.parametrize("text", [RUN, QRELS])
def test_lone_cr_line_ends_are_named(tmp_path, text):
    path = tmp_path / "f"
    path.write_bytes(text.replace("\n", "\r").encode())
    with pytest.raises(InputError, match="lone carriage returns") as error:
        detect_format(path)
    assert "tr " in str(error.value)


@pytest.mark.parametrize("name, data, kind", [
    ("crlf", RUN.replace("\n", "\r\n"), "document-run"),
    ("one", "1 Q0 d1 1 3.0 r\r", "document-run"),
    ("t.csv", "qid,docno,score\r1,d1,3.0\r2,d5,1.0\r", "table-run"),
])
def test_other_line_ends_read_as_before(tmp_path, name, data, kind):
    path = tmp_path / name
    path.write_bytes(data.encode())
    assert detect_format(path) == kind
