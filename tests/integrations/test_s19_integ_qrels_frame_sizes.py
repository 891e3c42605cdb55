"""``qrels_frame`` (the ir_measures / PyTerrier qrels DataFrame of sdreval judgements) kept
the elements' grades but dropped their sizes (characters, the ``size`` column of sdreval's
native judgements), which the XCG measures need for partially seen results (Kazai & Lalmas
2006, Eq. 9); read back, the frame scored other numbers than its file (with a warning about
unknown sizes).  Element sizes now travel as a ``size`` column (NaN where unknown).

Qrels (INEX 2003 scale, generalised quantisation): /article[1] (e 3, s 2: q 0.75, 100
characters), /article[1]/sec[1] (3, 3: q 1, 40 characters), /article[1]/sec[2] (1, 1: q 0.25,
60 characters).  Run: sec[1], then article (partially seen).  xCG(ideal=full, alpha=0.5)@2:
rank 1: 1; rank 2, Eq. 9: rv = α·(rv(sec1)·40/100 + rv(sec2)·60/100) + (1-α)·0.75 with
rv(sec1) = (1-α)·1 = 0.5 (seen) and rv(sec2) = 0.25 (unseen): 0.5·(0.2 + 0.15) + 0.375 = 0.55;
xCG@2 = 1.55 (without sizes the article is scored (1-α)·q = 0.375: 1.375)."""
from __future__ import annotations

import math
import warnings

import pytest

import sdreval
from sdreval.integrations.ir_measures import qrels_frame

QRELS = ("# sdreval native judgements\n# scale=inex2003\n"
         "topic\tfile\tpath\texhaustivity\tspecificity\tsize\n"
         "1\td1\t/article[1]\t3\t2\t100\n"
         "1\td1\t/article[1]/sec[1]\t3\t3\t40\n"
         "1\td1\t/article[1]/sec[2]\t1\t1\t60\n")
RUN = "1 Q0 d1 1 2.0 r /article[1]/sec[1]\n1 Q0 d1 2 1.0 r /article[1]\n"
MEASURES = ["xCG(ideal=full,alpha=0.5)@2", "MAep(ideal=full,alpha=0.5)"]


def _values(qrels, run):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        table = sdreval.evaluate(qrels, run, MEASURES)
    return table.value.tolist(), " ".join(str(w.message) for w in caught)


def test_frame_carries_sizes_and_scores_as_the_file(tmp_path):
    (tmp_path / "qrels.tsv").write_text(QRELS)
    (tmp_path / "run.txt").write_text(RUN)
    frame = qrels_frame(tmp_path / "qrels.tsv")
    assert frame["size"].tolist() == [100, 40, 60]
    from_file, _ = _values(tmp_path / "qrels.tsv", tmp_path / "run.txt")
    from_frame, said = _values(frame, tmp_path / "run.txt")
    assert from_file[0] == pytest.approx(1.55)
    assert from_frame == pytest.approx(from_file, rel=1e-12)
    assert "without known element sizes" not in said


def test_unknown_sizes_are_nan(tmp_path):
    (tmp_path / "qrels.tsv").write_text(QRELS.replace("\t100\n", "\t\n"))
    frame = qrels_frame(tmp_path / "qrels.tsv")
    assert math.isnan(frame["size"][0]) and frame["size"][1] == 40
