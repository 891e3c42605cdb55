"""PRUM's refusals about one topic's ranking name the topic (the count of documents is that
topic's), and the advice names the measure the user asked for: PRUM takes the proximity
parameter A as EPRUM does (Piwowarski et al. 2007), so ``PRUM(A=10)``, not ``EPRUM(A=10)``."""
from __future__ import annotations

import pytest

import sdreval
from sdreval.errors import UsageError


@pytest.fixture
def files(tmp_path):
    # highlighted-passage judgements (INEX 2008+ FOL, best entry point at character 5) and an
    # element run: placing the element needs the collection
    (tmp_path / "q.txt").write_text("7 Q0 d1 10 100 5 0:10\n")
    (tmp_path / "run").write_text("7 Q0 d1 1 1 r /article[1]\n")
    return tmp_path / "q.txt", tmp_path / "run"


def test_best_entry_points_advice_names_the_measure_asked_for(files):
    with pytest.raises(UsageError, match=r"^topic 7: PRUM: best entry points need the "
                       r"proximity model; give A, e\.g\. PRUM\(A=10\)$") as caught:
        sdreval.evaluate(*files, "PRUM", navigation=None)
    assert caught.value.topic == "7"


def test_unknown_positions_name_the_topic(files):
    with pytest.raises(UsageError, match=r"^topic 7: PRUM\(A=10\): character positions unknown "
                       r"in 1 documents \(e\.g\. d1\); give the collection \(--collection DIR, "
                       r"or collection= in Python\)$"):
        sdreval.evaluate(*files, "PRUM(A=10)", navigation=None)
