"""Element pairs (e, s) without a scale: the native TSV and tables (CSV, DataFrame) infer the
scale by one rule: INEX 2005's pairs (exhaustivity 0..2, specificity a fraction in [0, 1];
Ogilvie & Lalmas 2006) read on inex2005, pairs outside every INEX scale on graded."""
import warnings

import pandas as pd
import pytest

import sdreval
from sdreval.errors import InputError

ROWS = [("1", "d1", "/article[1]", 2, 0.5), ("1", "d2", "/article[1]/sec[1]", 1, 1.0)]


def _native(tmp_path, rows):
    path = tmp_path / "q.tsv"
    path.write_text("".join(f"{t}\t{d}\t{p}\t{e}\t{s}\n" for t, d, p, e, s in rows))
    return sdreval.read_qrels(path, fmt="native-qrels")


def _csv(tmp_path, rows):
    path = tmp_path / "q.csv"
    path.write_text("topic,file,path,exhaustivity,specificity\n"
                    + "".join(f"{t},{d},{p},{e},{s}\n" for t, d, p, e, s in rows))
    return sdreval.read_qrels(path, fmt="table-qrels")


def _frame(tmp_path, rows):
    return sdreval.read_qrels(pd.DataFrame(
        rows, columns=["topic", "file", "path", "exhaustivity", "specificity"]))


@pytest.mark.parametrize("read", [_native, _csv, _frame])
def test_inex2005_pairs_read_on_inex2005_by_every_path(tmp_path, read):
    # s = 0.5 is no inex2003 value (0..3 integers): only inex2005 holds (2, 0.5)
    assert read(tmp_path, ROWS).scale == "inex2005"


@pytest.mark.parametrize("read", [_native, _csv, _frame])
def test_pairs_beyond_inex_scales_are_graded_by_every_path(tmp_path, read):
    rows = [("1", "d1", "/article[1]", 3, 0.5)]  # e = 3 is not inex2005, s = 0.5 not inex2003
    assert read(tmp_path, rows).scale == "graded"


@pytest.mark.parametrize("read", [_native, _csv, _frame])
def test_integer_pairs_stay_inex2003_with_the_warning(tmp_path, read):
    rows = [("1", "d1", "/article[1]", 2, 1)]
    with warnings.catch_warnings(record=True):
        warnings.simplefilter("always")
        assert read(tmp_path, rows).scale == "inex2003"


def test_inex2005_pairs_on_inex2003_say_which_scale_holds_them():
    frame = pd.DataFrame(ROWS, columns=["topic", "file", "path", "exhaustivity",
                                        "specificity"])
    with pytest.raises(InputError, match="inex2005"):
        sdreval.read_qrels(frame, scale="inex2003")
