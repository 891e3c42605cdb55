"""pandas 2 and pandas 3 read tables alike (pyproject allows ``pandas>=2.0``).

pandas 2 differs from pandas 3 in three ways that changed what sdreval read:

* its CSV parser cuts a field at a NUL byte (``d1\\x00x`` is read as ``d1``), where pandas 3
  keeps it: the id rule (a NUL is refused, as C programs such as trec_eval end the text there)
  never saw the NUL, and the id was silently another;
* a date column is ``datetime64[ns]``, whose numpy ``item()`` is a bare integer, so a date
  given as an id read ``'1609459200000000000' is empty``;
* ``pd.to_numeric`` and the CSV float parser are off by one unit in the last place for most
  long decimals (so ``compare --scores`` and ``compare QRELS RUN...`` differed in the last
  digit) and read ``1e400`` as no number.

On pandas 3 (the 3.11 venv) the first and third do not show, so those tests feed the reader
what pandas 2 gives (a parser that cuts at the NUL, the numbers pandas 2.3.3 reads); on
pandas 2 (Python 3.10 venv, pandas 2.3.3) they run as they are."""
from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from sdreval import api
from sdreval.errors import InputError
from sdreval.io.ids import id_problem
from sdreval.io.table_checks import numbers_of
from sdreval.stats.matrix import read_scores

# Python's float gives the double nearest the decimal (IEEE 754 round to nearest): the value
# a text file's reader takes, and pandas 3's
LONG = ["0.1234567890123456789", "0.7071067811865475244008", "0.06552885923981312"]


def _cut_at_nul(read_csv):
    """``pd.read_csv`` as pandas 2's C parser reads a field holding a NUL: up to the NUL."""
    def read(*args, **kwargs):
        frame = read_csv(*args, **kwargs)
        for i in range(frame.shape[1]):
            frame.isetitem(i, frame.iloc[:, i].map(
                lambda v: v.split("\x00")[0] if isinstance(v, str) else v))
        return frame
    return read


#: texts and the numbers pandas 2.3.3's ``pd.to_numeric`` reads them as (one unit in the last
#: place below the nearest double; the last two, two neighbouring doubles, read as one)
PANDAS_2 = {"0.1234567890123456789": 0.1234567890123456,
            "0.7071067811865475244008": 0.7071067811865475,
            "0.06552885923981311": 0.0655288592398131, "0.06552885923981312": 0.0655288592398131}


def _as_pandas_2(to_numeric):
    """``pd.to_numeric`` as pandas 2's reads the texts of :data:`PANDAS_2`."""
    def convert(values, *args, **kwargs):
        numbers = to_numeric(values, *args, **kwargs)
        if isinstance(values, pd.Series):
            known = values.map(lambda v: isinstance(v, str) and v in PANDAS_2)
            numbers = numbers.where(~known.to_numpy(dtype=bool), values.map(PANDAS_2.get))
        return numbers
    return convert


def test_a_nul_in_a_csv_id_is_refused_though_the_parser_cuts_there(tmp_path, monkeypatch):
    monkeypatch.setattr(pd, "read_csv", _cut_at_nul(pd.read_csv))
    (tmp_path / "q.txt").write_text("1 0 d1 1\n")
    (tmp_path / "r.csv").write_bytes(b"topic,doc,score\n1,d1\x00x,1.0\n")
    with pytest.raises(InputError) as caught:
        api.evaluate(tmp_path / "q.txt", tmp_path / "r.csv", "P@1")
    problem = caught.value.problems[0]
    assert "holds a NUL character" in problem.message and problem.line == 2, problem


def test_a_nul_in_a_tsv_id_of_a_file_holding_the_stand_in(tmp_path, monkeypatch):
    monkeypatch.setattr(pd, "read_csv", _cut_at_nul(pd.read_csv))
    (tmp_path / "q.txt").write_text("1 0 d1 1\n")
    # U+FDD0 (the first stand-in) is in the file: the NUL still reads as a NUL
    (tmp_path / "r.tsv").write_bytes("topic\tdoc\tscore\n1\td1\x00\ufdd0\t1.0\n".encode())
    with pytest.raises(InputError, match="holds a NUL character"):
        api.evaluate(tmp_path / "q.txt", tmp_path / "r.tsv", "P@1")


def test_a_nanosecond_date_is_named_as_a_date():
    for value in (np.datetime64("2021-01-01", "ns"), np.datetime64("2021-01-01", "us")):
        assert id_problem(value).startswith("'2021-01-01 00:00:00' is a Timestamp, not an id")
    assert id_problem(np.datetime64("NaT", "ns")) == "is missing"


def test_a_date_column_of_a_frame_is_refused_naming_the_date():
    frame = pd.DataFrame({"query_id": ["1"], "doc_id": [pd.Timestamp("2021-01-01")],
                          "score": [1.0]}).astype({"doc_id": "datetime64[ns]"})
    with pytest.raises(InputError, match="'2021-01-01 00:00:00' is a Timestamp, not an id"):
        api.read_run(frame)


def test_text_numbers_are_the_nearest_double(monkeypatch):
    monkeypatch.setattr(pd, "to_numeric", _as_pandas_2(pd.to_numeric))
    got = numbers_of(np.array(LONG + ["1e400", "1_000", "\uff17", "abc"], dtype=object))
    assert got[:3].tolist() == [float(t) for t in LONG]
    assert got[3] == np.inf and np.isnan(got[4:]).all()


def test_a_csv_run_scores_as_written(tmp_path, monkeypatch):
    """d2 (relevant) scores 0.06552885923981311, d1 0.06552885923981312, the next double up:
    d1 ranks first, P@1 = 0, as from the same run in TREC format.  pandas 2 read both as
    0.0655288592398131, a tie, which trec_eval's order breaks by document id descending: d2
    first, P@1 = 1."""
    monkeypatch.setattr(pd, "to_numeric", _as_pandas_2(pd.to_numeric))
    (tmp_path / "q.txt").write_text("1 0 d1 0\n1 0 d2 1\n")
    (tmp_path / "r.csv").write_text("topic,doc,score\n1,d1,0.06552885923981312\n"
                                    "1,d2,0.06552885923981311\n")
    (tmp_path / "r.trec").write_text("1 Q0 d1 1 0.06552885923981312 r\n"
                                     "1 Q0 d2 2 0.06552885923981311 r\n")
    for run in ("r.csv", "r.trec"):
        table = api.evaluate(tmp_path / "q.txt", tmp_path / run, ["P@1"])
        assert table["value"].tolist() == [0.0], (run, table)


def test_score_table_values_are_the_nearest_double(tmp_path):
    rows = "".join(f"r,{i + 1},AP,{t}\n" for i, t in enumerate(LONG + ["1e-320"]))
    (tmp_path / "s.csv").write_text("run,topic,measure,value\n" + rows)
    values = read_scores(tmp_path / "s.csv")["value"].tolist()
    assert values == [float(t) for t in LONG] + [1e-320]


def test_a_nul_in_a_score_table_name_is_refused(tmp_path, sdreval_cli, monkeypatch):
    """A score CSV whose run is ``r\\x00x``: pandas 3 kept the NUL (compare wrote it to
    stdout), pandas 2 read ``r``; a NUL in a name is refused, as in every table."""
    monkeypatch.setattr(pd, "read_csv", _cut_at_nul(pd.read_csv))
    (tmp_path / "s.csv").write_bytes(b"run,topic,measure,value\nr\x00x,1,AP,0.5\nr\x00x,2,AP,0.25\n"
                                     b"s,1,AP,0.1\ns,2,AP,0.2\n")
    result = sdreval_cli("compare", "--scores", tmp_path / "s.csv", "-m", "AP")
    assert result.returncode == 1 and result.stdout == "", result
    assert "s.csv:2: error: run 'r\\x00x' holds a NUL character" in result.stderr


def test_a_score_table_not_utf8_is_named_at_its_line(tmp_path):
    """A byte that is no UTF-8 (0x80) on line 3: pandas 2 said "cannot read score table:
    'utf-8' codec can't decode byte 0x80", pandas 3 read on and named other problems; both
    now name the line."""
    (tmp_path / "s.csv").write_bytes(b"run,topic,measure,value\na,1,AP,0.5\na,2,AP,0.\x80\n")
    with pytest.raises(InputError) as caught:
        read_scores(tmp_path / "s.csv")
    problem = caught.value.problems[0]
    assert problem.line == 3 and "not UTF-8" in problem.message, problem
