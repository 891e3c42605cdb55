"""UTF-16 text (as Windows tools save "Unicode" text) is refused by detection with one message
("a text file in UTF-16 ... iconv"), but with the format given by name it gave one error per
line ("line is not UTF-8", then "the line holds a NUL character ... C programs") for text files,
and "cannot read as CSV: 'utf-8' codec can't decode byte 0xff" for tables.  Now every reader
gives detection's message, once."""
from __future__ import annotations

import json

import pytest

from sdreval.errors import InputError
from sdreval.io import read_qrels, read_run

RUN = "1 Q0 d1 1 3.0 r\r\n1 Q0 d4 2 2.5 r\r\n2 Q0 d5 1 1.0 r\r\n"
QRELS = "1 0 d1 1\r\n2 0 d5 1\r\n"
CSV = "qid,docno,score\r\n1,d1,3.0\r\n"
JSONL = json.dumps({"qid": "1", "docno": "d1", "score": 3.0}) + "\n"


@pytest.mark.parametrize("codec", ["utf-16", "utf-16-be-bom", "utf-32"])
@pytest.mark.parametrize("text, fmt, reader", [
    (RUN, "document-run", read_run), (QRELS, "trec-qrels", read_qrels),
    (RUN.replace(" r\r", " r /article[1]\r"), "element-run", read_run),
    (CSV, "table-run", read_run), (JSONL, "table-run", read_run)])
def test_a_named_format_refuses_wide_text_once(tmp_path, codec, text, fmt, reader):
    data = (b"\xfe\xff" + text.encode("utf-16-be") if codec == "utf-16-be-bom"
            else text.encode(codec))
    path = tmp_path / ("f.jsonl" if text is JSONL else "f.csv" if text is CSV else "f.txt")
    path.write_bytes(data)
    with pytest.raises(InputError) as error:
        reader(path, fmt=fmt)
    problems = error.value.problems
    assert len(problems) == 1 and problems[0].message.startswith("a text file in UTF-")
    assert "iconv" in problems[0].message
