"""ESR on highlighted-passage qrels with a collection: an element result that is not in its
document (``/article[1]/sec[99]`` in a document of two sections) took navigation credit from
its XPath string alone (the depth-weighted model weighs partitions by tag), a near-miss by a
result a user cannot navigate from.  Now it scores nothing and keeps its rank, one warning
per run says so, --strict refuses the run: the rule of PRUM/EPRUM(A=...) and of the passage
measures for results the collection cannot place.

Document d: <article><sec><p>aaaa</p></sec><sec><p>bbbb</p></sec></article>, characters
0–3 highlighted: relevant trees a1 = /article[1], a2 = /article[1]/sec[1], a3 =
/article[1]/sec[1]/p[1] (binary rel 1).  Depth-weighted summary model (Ali, Consens & Lalmas
2012, §4.2, §7; depths 1, 2, 3, 4 for article, sec, ss1, other): the probability of stepping
to an element is (1/d)/(1 + 1/2 + 1/3 + 1/4) = 12/25 (article), 6/25 (sec), 3/25 (p)."""
from __future__ import annotations

from fractions import Fraction as F

import pytest

from sdreval.errors import InputError
from sdreval.io import read_collection, read_qrels, read_run
from sdreval.measures import EvalContext, evaluate

from esr_two_docs import same_on_every_path, write_two_docs

MEASURES = ["ESRP@1", "ESRP@2", "ESRR@1", "ESRR@2", "ESRR@3"]
RANK1 = "1 Q0 d 1 3.0 r /article[1]/sec[1]/p[1]\n"
RANK3 = "1 Q0 e 3 1.0 r /article[1]\n"
BAD = RANK1 + "1 Q0 d 2 2.0 r /article[1]/sec[99]\n" + RANK3
#: rank 2 held by a result of a document without relevant text
PLAIN = RANK1 + "1 Q0 e 2 2.0 r /article[1]/sec[1]\n" + RANK3


def _files(tmp_path):
    docs = write_two_docs(tmp_path)
    (tmp_path / "q.fol").write_text("1 Q0 d 4 8 0 0:4\n")
    (tmp_path / "bad.run").write_text(BAD)
    (tmp_path / "plain.run").write_text(PLAIN)
    return docs


def _expected():
    """Eq. 8–11, 13, 14 by hand.  Rank 1 is a3 (a hit); from it a user reaches a1 with
    12/25 and a2 with 6/25 (near-misses).  Rank 2 (not in d) and rank 3 (document e) add
    nothing."""
    hits = F(1)                                   # a3 at rank 1, p(a3; R_0) = 0
    near = F(12, 25) + F(6, 25)                   # E[Near-misses] = Σ rel(a) p(a; R_k)
    misses = (1 - F(12, 25)) + (1 - F(6, 25))     # E[Misses] = Σ rel(a)(1 − p(a; R_k))
    base = hits + near + misses                   # E[Recall-base] = 3
    assert base == 3
    esrr = (hits + near) / base                   # Eq. 14: 43/75 at every k
    return {"ESRP@1": hits / 1, "ESRP@2": hits / 2, "ESRR@1": esrr, "ESRR@2": esrr,
            "ESRR@3": esrr}


def _evaluate(tmp_path, name, jobs=1, strict=False):
    ctx = EvalContext(collection=read_collection(tmp_path / "docs"), strict=strict)
    table = evaluate(read_qrels(tmp_path / "q.fol"), [read_run(tmp_path / name)], MEASURES,
                     ctx, jobs=jobs)
    values = table[table["topic"] == "1"].set_index("measure")["value"].to_dict()
    return values, [w for w in ctx.warnings if "cannot be placed" in w]


def test_a_result_not_in_its_document_scores_nothing_at_its_rank(tmp_path):
    _files(tmp_path)
    expected = _expected()
    plain, quiet = _evaluate(tmp_path, "plain.run")
    assert plain == pytest.approx({m: float(v) for m, v in expected.items()}, abs=1e-12)
    assert quiet == []
    # main gave rank 2 the tag's navigation credit: ESRR@2 = (1 + 456/625 + 264/625)/3
    for jobs in (1, 2):
        values, said = _evaluate(tmp_path, "bad.run", jobs)
        assert values == plain
        assert len(said) == 1 and said[0].startswith(
            "run r: 1 result(s) in 1 topic(s) cannot be placed in the collection")
        assert "score nothing under ESRP@1, ESRP@2, ESRR@1, ESRR@2, ESRR@3" in said[0]
        assert said[0].endswith("topic 1: 1 result(s) the collection cannot place "
                                "(d /article[1]/sec[99])")


def test_strict_refuses_the_run(tmp_path):
    _files(tmp_path)
    with pytest.raises(InputError, match=r"d /article\[1\]/sec\[99\]"):
        _evaluate(tmp_path, "bad.run", strict=True)


def test_every_cli_path_gives_the_same_values_and_warning(tmp_path):
    docs = _files(tmp_path)
    args = ["eval", str(tmp_path / "q.fol"), str(tmp_path / "bad.run"), "--collection",
            str(docs), "-m", "ESRR(nav=depth)@2", "-q"]
    assert f"r\tESRR(nav=depth)@2\t1\t{float(F(43, 75)):.4f}" in same_on_every_path(args)


def test_element_assessments_with_a_collection_follow_the_same_rule(tmp_path):
    """Assessed relevant element d /article[1]/sec[1]; rank 1 is d /article[1]/sec[99], not
    in d.  On main the depth-weighted model stepped from it to the section with 6/25:
    ESRR@1 = 6/25, PRUM(nav=depth) > 0.  Now rank 1 scores nothing under ESR and PRUM
    without A, as a result of document e does; without a collection XPaths are taken as
    given (6/25 stays)."""
    docs = _files(tmp_path)
    (tmp_path / "q.tsv").write_text("# scale=inex2003\ntopic\tfile\tpath\texhaustivity\t"
                                    "specificity\tsize\n1\td\t/article[1]/sec[1]\t3\t3\t4\n")
    (tmp_path / "el.run").write_text("1 Q0 d 1 2.0 r /article[1]/sec[99]\n" + RANK3)
    (tmp_path / "e.run").write_text("1 Q0 e 1 2.0 r /article[1]/sec[1]\n" + RANK3)
    measures = ["ESRR(nav=depth)@1", "PRUM(nav=depth)"]
    qrels = read_qrels(tmp_path / "q.tsv")

    def values(name, collection):
        ctx = EvalContext(collection=collection)
        table = evaluate(qrels, [read_run(tmp_path / name)], measures, ctx)
        got = table[table["topic"] == "1"].set_index("measure")["value"].to_dict()
        return got, [w for w in ctx.warnings if "cannot be placed" in w]

    collection = read_collection(docs)
    got, said = values("el.run", collection)
    assert got == values("e.run", collection)[0]
    assert got["ESRR(nav=depth)@1"] == 0.0 and got["PRUM(nav=depth)"] == 0.0
    assert len(said) == 1 and "(d /article[1]/sec[99])" in said[0]
    got, said = values("el.run", None)
    assert got["ESRR(nav=depth)@1"] == pytest.approx(6 / 25) and said == []
