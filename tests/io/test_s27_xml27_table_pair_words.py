"""Element qrels as tables read '?' (INEX 2005 "too small") and the INEX 2002 coverage
letters as the native TSV does (one rule for every source; before, a table refused them as
"not a finite number")."""
from __future__ import annotations

import pandas as pd
import pytest

from sdreval.errors import InputError, ProblemLog
from sdreval.io.frame_qrels import qrels_from_table
from sdreval.io.native import read_native_qrels
from sdreval.io.readers import read_qrels
from sdreval.judgements.qrels import TOO_SMALL


def _pairs(qrels):
    return {(t, d, p): (a.e, a.s) for t, tq in qrels.topics.items()
            for (d, p), a in tq.elements.items()}


def test_question_mark_in_csv_jsonl_and_frame_as_in_native(tmp_path):
    (tmp_path / "n.tsv").write_text("1\td1\t/article[1]\t?\t0.5\n1\td1\t/article/bdy\t2\t1\n")
    (tmp_path / "t.csv").write_text("topic,doc,path,exhaustivity,specificity\n"
                                    "1,d1,/article[1],?,0.5\n1,d1,/article/bdy,2,1\n")
    (tmp_path / "t.jsonl").write_text(
        '{"topic": "1", "doc": "d1", "path": "/article[1]", "e": "?", "s": 0.5}\n'
        '{"topic": "1", "doc": "d1", "path": "/article/bdy", "e": 2, "s": 1}\n')
    frame = pd.DataFrame({"qid": ["1", "1"], "docno": ["d1", "d1"],
                          "xpath": ["/article[1]", "/article/bdy"], "e": ["?", 2],
                          "s": [0.5, 1.0]})
    # '?' is TOO_SMALL (-1) on scale inex2005 (Ogilvie & Lalmas 2006, Table 2)
    expected = {("1", "d1", "/article[1]"): (TOO_SMALL, 0.5),
                ("1", "d1", "/article[1]/bdy[1]"): (2.0, 1.0)}
    native = read_native_qrels(tmp_path / "n.tsv")
    assert (native.scale, _pairs(native)) == ("inex2005", expected)
    for qrels in (read_qrels(str(tmp_path / "t.csv")), read_qrels(str(tmp_path / "t.jsonl")),
                  qrels_from_table(frame)):
        assert (qrels.scale, _pairs(qrels)) == ("inex2005", expected)


def test_coverage_letters_in_a_table_as_in_native(tmp_path):
    (tmp_path / "n.tsv").write_text("1\td1\t/article[1]\t3\tE\n1\td1\t/article[1]/p[1]\t1\ts\n")
    (tmp_path / "t.csv").write_text("topic,doc,path,e,s\n1,d1,/article[1],3,E\n"
                                    "1,d1,/article[1]/p[1],1,s\n")
    # N=0, S=1, L=2, E=3 (Gövert, Fuhr, Lalmas & Kazai 2006, §4.2)
    expected = {("1", "d1", "/article[1]"): (3.0, 3.0), ("1", "d1", "/article[1]/p[1]"): (1.0, 1.0)}
    for qrels in (read_native_qrels(tmp_path / "n.tsv"), read_qrels(str(tmp_path / "t.csv"))):
        assert (qrels.scale, _pairs(qrels)) == ("inex2002", expected)


def test_words_off_their_scale_or_column_are_errors(tmp_path):
    (tmp_path / "t.csv").write_text("topic,doc,path,e,s,scale\n"
                                    "1,d1,/article[1],?,0.5,inex2003\n"
                                    "1,d1,/article[1]/p[1],1,s,inex2003\n")
    log = ProblemLog()
    with pytest.raises(InputError):
        read_qrels(str(tmp_path / "t.csv"), log=log)
    messages = sorted((p.line, p.message) for p in log.problems)
    assert messages == [(2, "invalid (?, 0.5) on scale inex2003: '?' exists only on scale "
                            "inex2005"),
                        (3, "invalid (1, 1) on scale inex2003: coverage letters exist only on "
                            "scale inex2002")]
    (tmp_path / "u.csv").write_text("topic,doc,path,e,s\n1,d1,/article[1],E,?\n")
    log = ProblemLog()
    with pytest.raises(InputError):
        read_qrels(str(tmp_path / "u.csv"), log=log)
    assert sorted(p.message for p in log.problems) == [
        "e 'E' is not a number or '?'",
        "s '?' is not a number or a coverage letter (N, S, L, E)"]
