"""``qrels_frame`` of INEX 2002 judgements (relevance × coverage, Gövert & Kazai 2002) read
back as INEX 2003 (exhaustivity × specificity): the frame had the pairs but not their scale,
and the table reader takes integer pairs as INEX 2003.  Each scale has its own default
quantisation (generalised: gen2002 on 2002, gen on 2003), so the frame scored other numbers
than its file, silently.  The frame now names its scale (a ``scale`` column), which the table
reader follows (one scale per table; a name it does not know is refused).

Qrels (INEX 2002): /article[1] relevance 1, coverage S; /article[1]/sec[1] 3, E.  Run:
/article[1].  The file's evaluation is the value the frame must give (the second path); the
pair (1, S) is worth 0 under gen2002 and 0.25 under INEX 2003's gen, so the two differ."""
from __future__ import annotations

import warnings

import pandas as pd
import pytest

import sdreval
from sdreval.errors import SdrevalError
from sdreval.integrations.ir_measures import qrels_frame, run_frame, sdreval_measure

QRELS = ("# scale=inex2002\ntopic\tfile\tpath\texhaustivity\tspecificity\tsize\n"
         "1\td1\t/article[1]\t1\tS\t100\n1\td1\t/article[1]/sec[1]\t3\tE\t40\n")
RUN = "1 Q0 d1 1 3.0 r /article[1]\n"
MEASURES = ["xCG@1", "MAep"]


@pytest.fixture
def files(tmp_path):
    (tmp_path / "qrels.tsv").write_text(QRELS)
    (tmp_path / "run.txt").write_text(RUN)
    return tmp_path / "qrels.tsv", tmp_path / "run.txt"


def _values(qrels, run):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return sdreval.evaluate(qrels, run, MEASURES).value.tolist()


def test_frame_scores_on_its_own_scale(files):
    qrels, run = files
    frame = qrels_frame(qrels)
    assert set(frame["scale"]) == {"inex2002"}
    assert sdreval.read_qrels(frame).scale == "inex2002"
    assert _values(frame, run) == pytest.approx(_values(qrels, run), abs=1e-12)
    assert _values(frame.drop(columns="scale"), run) != pytest.approx(_values(qrels, run))


def test_inside_ir_measures(files):
    ir_measures = pytest.importorskip("ir_measures")
    qrels, run = files
    measure = sdreval_measure("xCG@1")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        value = ir_measures.calc_aggregate([measure], qrels_frame(qrels),
                                           run_frame(run))[measure]
    assert value == pytest.approx(_values(qrels, run)[0], abs=1e-12)


@pytest.mark.parametrize("scales, said", [(["inex2002", "inex2003"], "one scale"),
                                          (["inex2009", "inex2009"], "inex2009")])
def test_unclear_scale_column_is_refused(files, scales, said):
    frame = qrels_frame(files[0]).assign(scale=scales)
    with pytest.raises(SdrevalError, match=said):
        sdreval.read_qrels(frame)
