"""A name given to a file's run (``name=``, a key of a dict of runs) wins over the file's own
(its run-id), and a warning says so when they differ, as for a DataFrame whose run column
names another run.  ``evaluate(qrels, {"A": "sim01.txt"})`` named the run ``A`` silently
while the file's run-id is ``sim01``."""
import warnings

import pytest

import sdreval
from sdreval.data import example_path

BASE = example_path("synthetic")
RUN = str(BASE / "runs" / "sim01.txt")


def _read(**kwargs):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        run = sdreval.read_run(RUN, **kwargs)
    return run, [str(w.message) for w in caught if "as given" in str(w.message)]


def test_a_different_name_is_stated():
    run, said = _read(name="A")
    assert run.name == "A"
    assert said == [f"{RUN}: warning: the file names the run 'sim01' (its run-id, run column "
                    "or file name); it is named 'A' as given"]


@pytest.mark.parametrize("kwargs", [{}, {"name": "sim01"}])
def test_the_same_name_is_not(kwargs):
    run, said = _read(**kwargs)
    assert run.name == "sim01" and said == []


def test_dict_key_of_a_file():
    with pytest.warns(UserWarning, match="names the run 'sim01'.*named 'A' as given"):
        table = sdreval.evaluate(str(BASE / "qrels.tsv"), {"A": RUN}, ["MAep"])
    assert table["run"].tolist() == ["A"]
