"""SRiP@k with an element result that is not in its document (the collection holds the
document) refused the whole evaluation ("sizes unknown", exit 2), while ESRP/ESRR of the same
family, PRUM/EPRUM and the passage measures score such a result nothing, keep its rank, warn
once per run and refuse it under --strict.  Now SRiP follows that rule: the element has no
nodes, so no characters (size(t), Ali, Consens & Lalmas 2012, Eq. 18), as the passage
measures leave it out.

Document d: <article><sec><p>aaaa</p></sec><sec><p>bbbb</p></sec></article>, characters
0–3 highlighted: relevant trees a1 = /article[1], a2 = /article[1]/sec[1], a3 =
/article[1]/sec[1]/p[1], each with rel(a) = 4 relevant characters.  Document e:
<article><sec><p>cccc</p></sec></article>, nothing relevant.  Depth-weighted summary model
(§4.2): from p a user steps to the article with 12/25 and to a section with 6/25."""
from __future__ import annotations

from fractions import Fraction as F

import pytest
from click.testing import CliRunner

from sdreval.cli.main import cli
from sdreval.errors import InputError
from sdreval.io import read_collection, read_qrels, read_run
from sdreval.measures import EvalContext, evaluate

from esr_two_docs import same_on_every_path, write_two_docs

MEASURES = ["SRiP(nav=depth)@3", "SRiP2(nav=depth)@3", "SRiP(nav=depth)@1"]
#: topic 1: rank 2 not in d (a document with relevant text); topic 2: rank 2 not in e
RUN = ("1 Q0 d 1 3.0 r /article[1]/sec[1]/p[1]\n1 Q0 d 2 2.0 r /article[1]/sec[99]\n"
       "1 Q0 e 3 1.0 r /article[1]\n"
       "2 Q0 d 1 3.0 r /article[1]/sec[1]/p[1]\n2 Q0 e 2 2.0 r /article[1]/sec[7]\n"
       "2 Q0 e 3 1.0 r /article[1]/sec[1]\n")


def _files(tmp_path):
    docs = write_two_docs(tmp_path)
    (tmp_path / "q.fol").write_text("1 Q0 d 4 8 0 0:4\n2 Q0 d 4 8 0 0:4\n")
    (tmp_path / "bad.run").write_text(RUN)
    return docs


def _expected():
    """Eq. 18 and 30 by hand.  E[Hits] = rel(a3) = 4 (a3 at rank 1); E[Near-misses] =
    4·12/25 + 4·6/25 = 72/25.  Sizes: p[1] of d 4, the misplaced rank 2 none, e's article or
    section 4 — the same in both topics."""
    hits, near = F(4), F(72, 25)
    size3 = F(4) + 0 + 4
    return {"SRiP(nav=depth)@3": hits / size3, "SRiP2(nav=depth)@3": (hits + near) / size3,
            "SRiP(nav=depth)@1": hits / 4}


def _evaluate(tmp_path, jobs=1, strict=False):
    ctx = EvalContext(collection=read_collection(tmp_path / "docs"), strict=strict)
    table = evaluate(read_qrels(tmp_path / "q.fol"), [read_run(tmp_path / "bad.run")],
                     MEASURES, ctx, jobs=jobs)
    values = {(row.topic, row.measure): row.value for row in table.itertuples()}
    return values, [w for w in ctx.warnings if "cannot be placed" in w]


def test_an_element_not_in_its_document_has_no_size_and_keeps_its_rank(tmp_path):
    _files(tmp_path)
    expected = _expected()
    for jobs in (1, 2):
        values, said = _evaluate(tmp_path, jobs)
        for topic in ("1", "2"):
            for measure, value in expected.items():
                assert values[(topic, measure)] == pytest.approx(float(value), abs=1e-12)
        assert len(said) == 1 and said[0].startswith(
            "run r: 2 result(s) in 2 topic(s) cannot be placed in the collection")
        assert "add no characters to the retrieved size under SRiP(nav=depth)@3" in said[0]
        assert said[0].endswith("topic 1: 1 result(s) the collection cannot place "
                                "(d /article[1]/sec[99]); topic 2: 1 result(s) the "
                                "collection cannot place (e /article[1]/sec[7])")


def test_strict_refuses_the_run(tmp_path):
    _files(tmp_path)
    with pytest.raises(InputError, match=r"e /article\[1\]/sec\[7\]"):
        _evaluate(tmp_path, strict=True)


def test_every_cli_path_gives_the_same_values_and_warning(tmp_path):
    docs = _files(tmp_path)
    args = ["eval", str(tmp_path / "q.fol"), str(tmp_path / "bad.run"), "--collection",
            str(docs), "-m", "SRiP(nav=depth)@3", "-m", "MASRiP(nav=depth)", "-q"]
    assert "r\tSRiP(nav=depth)@3\t1\t0.5000" in same_on_every_path(args)


def test_a_document_the_collection_does_not_hold_is_still_refused(tmp_path):
    """Its size is unknown (a collection may hold part of the documents only): refused, with
    what to do, never counted as nothing."""
    docs = _files(tmp_path)
    (tmp_path / "bad.run").write_text("1 Q0 d 1 3.0 r /article[1]/sec[1]/p[1]\n"
                                      "1 Q0 zz 2 2.0 r /article[1]\n")
    got = CliRunner().invoke(cli, ["eval", str(tmp_path / "q.fol"), str(tmp_path / "bad.run"),
                                   "--collection", str(docs), "-m", "SRiP(nav=depth)@2",
                                   "-q"])
    assert got.exit_code == 2
    assert "sizes unknown" in got.stderr and "document zz is not in the given collection" \
        in got.stderr
