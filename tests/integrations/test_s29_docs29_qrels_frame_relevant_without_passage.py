"""qrels_frame wrote a FOL document relevant without a passage (relchars 30, no offset:length;
the FOL reader keeps it relevant, with a warning) as a judged non-relevant one (length 0,
relevance 0): ir_measures' measures and sdreval reading the frame back scored P@1 0 where
sdreval eval on the FOL file scores 1.  Now the row says relevance 1 with no passage: ir_measures
reads the document as relevant, and sdreval refuses the frame (a relevance grades a passage)."""
from __future__ import annotations

import warnings

import pytest

import sdreval
from sdreval.errors import InputError
from sdreval.integrations.ir_measures import qrels_frame


@pytest.fixture
def fol(tmp_path):
    path = tmp_path / "x.fol"
    path.write_text("1 Q0 d 50 1000 0:50\n1 Q0 e 0 1000\n1 Q0 f 30 1000\n")
    return path


def test_relevant_without_passage_stays_relevant_in_the_frame(fol):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        qrels = sdreval.read_qrels(fol)
    frame = qrels_frame(qrels).set_index("doc_id")
    assert frame.loc["f", "relevance"] == 1 and frame.loc["f"][["offset", "length"]].isna().all()
    assert frame.loc["e", "relevance"] == 0 and frame.loc["e", "length"] == 0
    assert (frame.loc["d", ["offset", "length", "relevance"]] == [0, 50, 1]).all()
    with pytest.raises(InputError, match="relevance 1 but no passage"):
        sdreval.read_qrels(frame.reset_index())
