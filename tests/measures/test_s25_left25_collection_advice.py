"""Measures that need the XML collection told Python callers to "give --collection", an option
of the commands only; the API takes ``collection=`` (``sdreval.evaluate(..., collection=DIR)``,
``EvalContext(collection=...)``).  The messages now name both, as ``--documents FILE, or
documents= in Python`` does."""
from __future__ import annotations

import pytest

import sdreval
from sdreval.data import example_path
from sdreval.errors import UsageError

ROOT = example_path("synthetic")
BOTH = "(--collection DIR, or collection= in Python)"


@pytest.mark.parametrize("measure, start", [
    ("ESRP@10", "ESR measures on highlighted-passage qrels need the collection"),
    ("PRUM(A=10)", "topic 1: PRUM(A=10): character positions unknown in 3 documents "
                   "(e.g. doc0002); give the collection"),
    ("MAiP", "run sim01 retrieves elements: passage measures need their character ranges; "
             "give the collection"),
])
def test_advice_names_the_option_and_the_keyword(measure, start):
    with pytest.raises(UsageError) as caught:
        sdreval.evaluate(ROOT / "qrels.fol", ROOT / "runs" / "sim01.txt", [measure])
    message = str(caught.value)
    assert message.startswith(f"{start} {BOTH}")
    # and the keyword it names is the one the API takes
    sdreval.evaluate(ROOT / "qrels.fol", ROOT / "runs" / "sim01.txt", [measure],
                     collection=ROOT / "docs")


def test_navigation_and_element_count_advice_names_both():
    with pytest.warns(Warning) as caught:
        sdreval.evaluate(ROOT / "qrels.tsv", ROOT / "runs" / "sim01.txt",
                         ["ESRP@5", "inex_eval"])
    said = [str(w.message) for w in caught]
    assert any("ESR: no navigation model given (--navigation FILE, or navigation= in "
               "Python)" in s for s in said), said
    assert any("(give the collection's element count, --collection-elements N, or "
               f"collection_elements= in Python; or the collection, {BOTH[1:-1]})" in s
               for s in said), said
