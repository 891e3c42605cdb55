"""Qrels from a dict of (e, s) pairs, read without a log: the read's warnings are issued as
InputWarning, as they are for a dict of grades (the "no log given" policy of every reader)."""
from __future__ import annotations

import warnings

import pytest

from sdreval.io.interop import qrels_from_dict
from sdreval.io.textlines import InputWarning

# two keys naming one element (/article/sec is /article[1]/sec[1]): the second row repeats
# the first, identically -- a warning, the repeat ignored
PAIRS = {"1": {("d1", "/article[1]/sec[1]"): (2, 1), ("d1", "/article/sec"): (2, 1)}}
GRADES = {"1": {("d1", "/article[1]/sec[1]"): 2, ("d1", "/article/sec"): 2}}


@pytest.mark.parametrize("data", [PAIRS, GRADES], ids=["pairs", "grades"])
def test_repeat_warning_issued_without_a_log(data):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        # (the pairs' scale named: (2, 1) fits inex2003 and inex2005, a warning of its own)
        qrels = qrels_from_dict(data, "inex2003" if data is PAIRS else None)
    found = [str(w.message) for w in caught if issubclass(w.category, InputWarning)]
    assert len(found) == 1 and "identical; ignored" in found[0], found
    assert len(qrels.topics["1"].elements) == 1
