"""ESR result sizes (Ali, Consens & Lalmas 2012, Eq. 18) of a result whose document is not in
the collection given with --collection: the message said "give --collection" although it was
given.  It now says the document is not in the given collection, and names the directory."""
from __future__ import annotations

import pytest

import sdreval
from sdreval.errors import InputError, UsageError


def _setup(tmp_path, run_doc, run_path="/article[1]/sec[2]"):
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "d1.xml").write_text("<article><sec>alpha alpha</sec><sec>beta beta</sec></article>")
    (tmp_path / "q.tsv").write_text(
        "# scale=inex2003\ntopic\tfile\tpath\texhaustivity\tspecificity\tsize\n"
        "1\td1\t/article[1]\t1\t1\t20\n1\td1\t/article[1]/sec[1]\t3\t3\t11\n")
    (tmp_path / "run").write_text("1 Q0 d1 1 2 r /article[1]/sec[1]\n"
                                  f"1 Q0 {run_doc} 2 1 r {run_path}\n")
    return tmp_path / "q.tsv", tmp_path / "run", docs


def test_document_not_in_the_given_collection(tmp_path):
    qrels, run, docs = _setup(tmp_path, "d2")
    with pytest.raises(UsageError) as caught:
        sdreval.evaluate(qrels, run, "SRiP(rel=length)@2", collection=str(docs))
    message = str(caught.value)
    assert "give the collection" not in message
    assert "d2 is not in the given collection" in message
    assert str(docs) in message


def test_element_not_in_the_document(tmp_path):
    # since session 26 the rule of the ESR family for results the collection cannot place:
    # the element has no characters (SRiP@2 = 11/(11 + 0)), a warning, --strict refuses
    qrels, run, docs = _setup(tmp_path, "d1", "/article[1]/sec[3]")
    with pytest.warns(UserWarning, match="cannot be placed in the collection"):
        table = sdreval.evaluate(qrels, run, "SRiP(rel=length)@2", collection=str(docs))
    assert table["value"].tolist() == [1.0]
    with pytest.raises(InputError, match=r"d1 /article\[1\]/sec\[3\]"):
        sdreval.evaluate(qrels, run, "SRiP(rel=length)@2", collection=str(docs), strict=True)


def test_no_collection_still_asks_for_one(tmp_path):
    qrels, run, _ = _setup(tmp_path, "d2")
    with pytest.raises(UsageError, match=r"give the collection \(--collection DIR, or "
                       r"collection= in Python\) or assessments with sizes"):
        sdreval.evaluate(qrels, run, "SRiP(rel=length)@2")


def test_prum_positions_of_a_document_not_in_the_collection(tmp_path):
    # EPRUM's proximity model (Piwowarski & Dupret 2006) needs character positions: a
    # relevant document d9 missing from the given collection is named as missing from it
    _, _, docs = _setup(tmp_path, "d1")
    (tmp_path / "q9.tsv").write_text(
        "# scale=inex2003\ntopic\tfile\tpath\texhaustivity\tspecificity\n"
        "1\td9\t/article[1]\t2\t2\n1\td1\t/article[1]/sec[1]\t3\t3\n")
    (tmp_path / "run9").write_text("1 Q0 d9 1 2 r /article[1]\n"
                                   "1 Q0 d1 2 1 r /article[1]/sec[2]\n")
    with pytest.raises(UsageError) as caught:
        sdreval.evaluate(tmp_path / "q9.tsv", tmp_path / "run9", "EPRUM(A=10)",
                         collection=str(docs))
    message = str(caught.value)
    assert "give the collection" not in message
    assert "d9 is not in the given collection" in message and str(docs) in message
