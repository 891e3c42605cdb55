"""ESR's SRiP never sums result sizes of two units in one ranking.

SRiP@k = E[Hits] / Σ size(t_i) (Ali, Consens & Lalmas 2012, Eq. 18).  A result's size came
from the assessments when they size it, else from the collection (characters).  With
assessments sized in words (as Kazai & Lalmas 2006, Fig. 3 gives element sizes) an unassessed
result was then counted in characters beside assessed ones in words: SRiP(rel=length)@2 of the
run below was 10 / (10 + 499) = 0.0196, a number of no unit.  Now the collection sizes such a
result in the assessments' unit -- characters (or X-RAI's one more), or words when the
assessments count the collection's words -- and sizes that are neither are refused.
"""
from __future__ import annotations

import pytest

import sdreval
from sdreval.errors import UsageError

SEC1 = " ".join(["alpha"] * 10)   # 10 words, 59 characters
SEC2 = " ".join(["beta"] * 100)   # 100 words, 499 characters
MEASURE = "SRiP(rel=length)@2"


def _setup(tmp_path, article_size, sec1_size):
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "d1.xml").write_text(f"<article><sec>{SEC1}</sec><sec>{SEC2}</sec></article>")
    (tmp_path / "q.tsv").write_text(
        "# scale=inex2003\ntopic\tfile\tpath\texhaustivity\tspecificity\tsize\n"
        f"1\td1\t/article[1]\t1\t1\t{article_size}\n1\td1\t/article[1]/sec[1]\t3\t3\t{sec1_size}\n")
    (tmp_path / "run").write_text("1 Q0 d1 1 2 r /article[1]/sec[1]\n"
                                  "1 Q0 d1 2 1 r /article[1]/sec[2]\n")  # sec[2]: not assessed
    return tmp_path / "q.tsv", tmp_path / "run", docs


def _srip(qrels, run, docs):
    table = sdreval.evaluate(qrels, run, MEASURE, collection=str(docs), navigation=None)
    return table[table.topic == "all"].value.item()


def test_sizes_in_words_are_not_summed_with_characters(tmp_path):
    qrels, run, docs = _setup(tmp_path, 110, 10)  # words: sec[2] is sized 100 words, not 499
    assert _srip(qrels, run, docs) == pytest.approx(10 / (10 + 100))


def test_sizes_of_another_unit_are_refused(tmp_path):
    qrels, run, docs = _setup(tmp_path, 7, 3)  # neither characters nor words
    with pytest.raises(UsageError, match="neither the collection's characters nor its words"):
        _srip(qrels, run, docs)


@pytest.mark.parametrize("article, sec1, relevant", [(558, 59, 59), (559, 60, 60)])
def test_sizes_in_characters_combine_with_the_collection(tmp_path, article, sec1, relevant):
    # characters as the collection counts them, or X-RAI's one more: sec[1] is relevant
    # by its size, sec[2] (499 characters) holds nothing relevant
    qrels, run, docs = _setup(tmp_path, article, sec1)
    assert _srip(qrels, run, docs) == pytest.approx(relevant / (sec1 + 499))
