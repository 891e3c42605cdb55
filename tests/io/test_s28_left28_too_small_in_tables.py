"""INEX 2005's "too small" exhaustivity is written ``?`` (Ogilvie & Lalmas 2006, Table 2):
the native TSV and the INEX XML assessments refuse its internal code -1, but a table on scale
inex2005 read a numeric -1 as ``?`` (so that ``qrels_frame``, which wrote -1, read back): a
user's -1 silently became "too small".  Now ``qrels_frame`` writes ``?`` as the files do, the
table reads it back, and a numeric -1 is refused on every path."""
from __future__ import annotations

import pandas as pd
import pytest

import sdreval
from sdreval.errors import InputError
from sdreval.integrations.ir_measures import qrels_frame

NATIVE = "# scale=inex2005\n1\td1\t/article[1]\t?\t0.5\n1\td1\t/article[1]/bdy[1]\t2\t1\n"
REFUSED = "invalid (-1, 0.5) on scale inex2005: exhaustivity must be 0, 1, 2 or ?"


def _table(e):
    return pd.DataFrame({"topic": ["1", "1"], "doc": ["d1", "d1"],
                         "path": ["/article[1]", "/article[1]/bdy[1]"], "e": [e, 2],
                         "s": [0.5, 1.0]})


def test_qrels_frame_writes_a_question_mark_and_reads_back(tmp_path):
    (tmp_path / "q.tsv").write_text(NATIVE)
    qrels = sdreval.read_qrels(str(tmp_path / "q.tsv"))
    frame = qrels_frame(qrels)
    assert frame["exhaustivity"].tolist() == ["?", 2]
    again = sdreval.read_qrels(frame)
    assert again.scale == "inex2005"
    assert again.topics["1"].elements == qrels.topics["1"].elements


@pytest.mark.parametrize("path", ["frame", "csv", "native", "dict"])
def test_a_numeric_minus_one_is_refused(tmp_path, path):
    if path == "native":
        (tmp_path / "q.tsv").write_text(NATIVE.replace("?", "-1"))
        given, options = str(tmp_path / "q.tsv"), {}
    elif path == "csv":
        _table(-1).assign(scale="inex2005").to_csv(tmp_path / "q.csv", index=False)
        given, options = str(tmp_path / "q.csv"), {}
    elif path == "dict":
        given = {"1": {("d1", "/article[1]"): (-1, 0.5), ("d1", "/article[1]/bdy[1]"): (2, 1)}}
        options = {"scale": "inex2005"}
    else:
        given, options = _table(-1), {"scale": "inex2005"}
    with pytest.raises(InputError) as refused:
        sdreval.read_qrels(given, **options)
    assert REFUSED in str(refused.value)


def test_a_question_mark_in_a_table_is_read_as_too_small():
    qrels = sdreval.read_qrels(_table("?"), scale="inex2005")
    assert qrels.topics["1"].elements[("d1", "/article[1]")].e == -1.0  # TOO_SMALL
