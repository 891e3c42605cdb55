"""inex_eval: the implicit last rank holds at least the assessed elements the run did not
retrieve, when the collection size given leaves fewer (Ogilvie & Lalmas 2006, Eq. 1-5;
Raghavan et al. 1989's expected search length over the last rank).

Topic 1 (gen quantisation, INEX 2003 scale): d1 /article[1] (3,3) -> 1, d1 sec[1] (1,1) ->
0.25, d1 sec[2] (0,0) -> 0, d2 /article[1] (2,1) -> 0.5; n = 1.75.  The run retrieves three
unassessed articles (d7, d8, d9), then d2, each with its own RSV: 4 distinct elements.

With 7 elements in the collection (4 retrieved + 3 assessed not retrieved) the last rank holds
d1 /article[1], sec[1] (mass 1.25, 2 relevant) and sec[2] (1 non-relevant).  A collection size
of 5 or 6 cannot hold those three beside the 4 retrieved; sdreval used to shrink the last rank
to the 2 relevant elements (0 non-relevant), which scores as if sec[2] did not exist.  The
assessed elements not retrieved certainly exist, so the last rank keeps them, and a warning
states the rule.
"""
from __future__ import annotations

from fractions import Fraction as F

import pytest

from sdreval.judgements.qrels import Qrels
from sdreval.measures import EvalContext, evaluate
from sdreval.model.run import Ranking, Run


def _qrels() -> Qrels:
    q = Qrels("inex2003")
    q.add_element("1", "d1", "/article[1]", 3, 3)
    q.add_element("1", "d1", "/article[1]/sec[1]", 1, 1)
    q.add_element("1", "d1", "/article[1]/sec[2]", 0, 0)
    q.add_element("1", "d2", "/article[1]", 2, 1)
    return q


def _run() -> Run:
    return Run("r", {"1": Ranking.from_elements(
        [("d7", "/article[1]"), ("d8", "/article[1]"), ("d9", "/article[1]"),
         ("d2", "/article[1]")], rsv=[4, 3, 2, 1])})


def _hand(nonrel_last: int) -> float:
    """Eq. 1-5 written out: ranks (0 | 1 non-relevant) x 3, then d2 (mass 1/2), then the last
    rank (mass 5/4, ``nonrel_last`` non-relevant); n = 7/4; mean over x = 0.01 .. 1.00."""
    n = F(7, 4)
    total = F(0)
    for i in range(1, 101):
        xn = F(i, 100) * n
        if xn <= F(1, 2):       # reached in d2's rank: NNR = 3 + left * 0 / (1/2 + 1)
            total += xn / (xn + 3)
        else:                   # reached in the last rank: left = xn - 1/2
            total += xn / (xn + 3 + (xn - F(1, 2)) * nonrel_last / (F(5, 4) + 1))
    return float(total / 100)


def test_consistent_collection_size_holds_every_unretrieved_element():
    ctx = EvalContext(collection_elements=7)
    got = evaluate(_qrels(), _run(), ["inex_eval"], ctx).value[0]
    assert got == pytest.approx(_hand(1), abs=1e-12)       # 0.20113
    assert not [w for w in ctx.warnings if "last rank" in w]


@pytest.mark.parametrize("size", [4, 5, 6])
def test_too_small_collection_keeps_the_assessed_elements_and_says_so(size):
    ctx = EvalContext(collection_elements=size)
    got = evaluate(_qrels(), _run(), ["inex_eval"], ctx).value[0]
    assert got == pytest.approx(_hand(1), abs=1e-12)       # was _hand(0) = 0.21407
    assert got != pytest.approx(_hand(0), abs=1e-6)
    said = [w for w in ctx.warnings if "last rank" in w]
    assert said and "topic 1" in said[0] and str(size) in said[0], ctx.warnings


def test_cli_parameter_gives_the_same_value(tmp_path, sdreval_cli):
    (tmp_path / "q.tsv").write_text(
        "1\td1\t/article[1]\t3\t3\n1\td1\t/article[1]/sec[1]\t1\t1\n"
        "1\td1\t/article[1]/sec[2]\t0\t0\n1\td2\t/article[1]\t2\t1\n")
    (tmp_path / "r.txt").write_text(
        "1 Q0 d7 1 4 r /article[1]\n1 Q0 d8 2 3 r /article[1]\n"
        "1 Q0 d9 3 2 r /article[1]\n1 Q0 d2 4 1 r /article[1]\n")
    done = sdreval_cli("eval", tmp_path / "q.tsv", tmp_path / "r.txt",
                       "-m", "inex_eval(elements=6)", "--format", "csv")
    assert done.returncode == 0, done.stderr
    value = float(done.stdout.splitlines()[1].split(",")[3])
    assert value == pytest.approx(_hand(1), abs=1e-12)
    assert "last rank" in done.stderr
