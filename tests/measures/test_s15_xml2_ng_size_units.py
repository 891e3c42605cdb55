"""inex_eval_ng never sums component sizes of two units in one ranking.

precision_s = Σ cov(c_i)·|c_i| / Σ |c_i| (Gövert et al. 2006, Eq. 6).  A component's size came
from the collection (characters) when it holds the document, else from the assessments.  With
assessments sized in words (as Kazai & Lalmas 2006, Fig. 3 give element sizes), a component of
a document missing from the collection was counted in words beside others in characters:
below, 59 characters of d1 / (100 words of d2 + 59) = 0.371, a number of no unit.  Now the
collection sizes components in the assessments' unit (the rule ESR's SRiP follows), and an
assessed size of neither unit beside the collection's is refused.
"""
from __future__ import annotations

import pytest

import sdreval
from sdreval.errors import UsageError

SEC = " ".join(["alpha"] * 10)   # 10 words, 59 characters
MEASURE = "inex_eval_ng(variant=s,quant=strict)"


def _setup(tmp_path, d1_size):
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "d1.xml").write_text(f"<article><sec>{SEC}</sec></article>")  # d2: not in it
    (tmp_path / "q.tsv").write_text(
        "# scale=inex2003\ntopic\tfile\tpath\texhaustivity\tspecificity\tsize\n"
        f"1\td1\t/article[1]\t3\t3\t{d1_size}\n1\td2\t/article[1]\t0\t0\t100\n")
    (tmp_path / "run").write_text("1 Q0 d2 1 2 r /article[1]\n"
                                  "1 Q0 d1 2 1 r /article[1]\n")
    return tmp_path / "q.tsv", tmp_path / "run", docs


def _value(qrels, run, docs):
    table = sdreval.evaluate(qrels, run, MEASURE, collection=str(docs))
    return table[table.topic == "all"].value.item()


def test_sizes_in_words_are_not_summed_with_characters(tmp_path):
    # d1 (relevant, cov 1) is sized 10 words, d2 (not relevant) 100 words: recall 1 is first
    # reached at rank 2 with precision_s 10 / (100 + 10); Salton's interpolation gives that
    # precision at every recall point
    qrels, run, docs = _setup(tmp_path, 10)
    assert _value(qrels, run, docs) == pytest.approx(10 / 110)


def test_sizes_of_neither_unit_beside_the_collection_are_refused(tmp_path):
    qrels, run, docs = _setup(tmp_path, 7)  # neither 59 characters nor 10 words
    with pytest.raises(UsageError, match="neither the collection's characters nor its words"):
        _value(qrels, run, docs)


@pytest.mark.parametrize("d1_size", [59, 60])
def test_sizes_in_characters_combine_with_the_collection(tmp_path, d1_size):
    # characters as the collection counts them (or X-RAI's one more): d1 is 59 characters,
    # d2's 100 assessed characters
    qrels, run, docs = _setup(tmp_path, d1_size)
    assert _value(qrels, run, docs) == pytest.approx(59 / 159)
