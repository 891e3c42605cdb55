"""A rank of 0 in an element or passage run says what to do, on every reader.

Element and passage runs count ranks from 1, as INEX submissions do; a run written by a tool
that counts from 0 (PyTerrier's frames do) was refused with "rank '0' is not a positive
integer" and nothing more.  The refusal stays (exit 1); the message now says to add 1.  A
negative or non-integer rank keeps the plain message: adding 1 would not help.
"""
from __future__ import annotations

import pandas as pd
import pytest

from sdreval.errors import InputError, ProblemLog
from sdreval.io import read_run

ADVICE = "add 1 to ranks counted from 0"


def _errors(path) -> list[str]:
    log = ProblemLog()
    try:
        read_run(str(path), log=log)
    except InputError:
        pass
    return [p.message for p in log.errors]


def test_trec_element_line(tmp_path):
    path = tmp_path / "run.txt"
    path.write_text("1 Q0 d 0 3 r /article[1]\n1 Q0 e -2 2 r /article[1]\n")
    got = _errors(path)
    assert ADVICE in got[0] and got[0].startswith("rank '0' is not a positive integer")
    assert got[1] == "rank '-2' is not a positive integer"


def test_passage_table_row(tmp_path):
    path = tmp_path / "run.csv"
    pd.DataFrame({"query_id": ["1"], "doc_id": ["d"], "offset": [0], "length": [5],
                  "score": [1.0], "rank": [0]}).to_csv(path, index=False)
    assert any(ADVICE in m for m in _errors(path))


def test_inex_xml_submission(tmp_path):
    path = tmp_path / "run.xml"
    path.write_text('<inex-submission participant-id="1" run-id="r" task="Focused" '
                    'query="automatic" result-type="element"><topic topic-id="1">'
                    "<result><file>d</file><path>/article[1]</path><rank>0</rank>"
                    "<rsv>1</rsv></result></topic></inex-submission>\n")
    got = _errors(path)
    assert got and ADVICE in got[0], got


@pytest.mark.parametrize("rank", ["-1", "abc"])
def test_no_advice_where_adding_one_would_not_help(tmp_path, rank):
    path = tmp_path / "run.xml"
    path.write_text('<inex-submission participant-id="1" run-id="r" task="Focused" '
                    'query="automatic" result-type="element"><topic topic-id="1">'
                    f"<result><file>d</file><path>/article[1]</path><rank>{rank}</rank>"
                    "<rsv>1</rsv></result></topic></inex-submission>\n")
    assert not any(ADVICE in m for m in _errors(path))
