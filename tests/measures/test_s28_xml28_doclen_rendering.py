"""An element run placed through the collection (``--collection``) against FOL qrels whose
doclen says the qrels counted another rendering of the text (the zendel qrels of INEX
2009/2010: doc 1164 is 74,827 characters there, 74,312 in the collection's text, and the
"Learning" section highlighted at 16617:901 where the element's text is 16605:906): the
results' offsets (the collection's) and the highlighted passages do not line up, and the
scores came out without a word.  Now a warning names the documents whose doclen is not the
collection's text length; qrels counting the collection's text (doclen = length) raise none.
Numbers are unchanged (said, not refused: the "past the end" check's rule)."""
from __future__ import annotations

import pytest

from sdreval.io import read_collection, read_run
from sdreval.judgements.qrels import DocPassages, Qrels
from sdreval.measures import EvalContext, evaluate

DOC = "<article><p>abc</p><p>defg</p></article>"  # text 'abcdefg': 7 characters


def _rendering_warnings(tmp_path, doclen, run_line):
    docs = tmp_path / "docs"
    docs.mkdir(exist_ok=True)
    (docs / "d1.xml").write_text(DOC)
    qrels = Qrels("fol")
    qrels.topic("1").passages["d1"] = DocPassages("d1", [(0, 3)], 3, doclen, None)
    (tmp_path / "run.txt").write_text(run_line)
    ctx = EvalContext(collection=read_collection(docs))
    scores = evaluate(qrels, read_run(tmp_path / "run.txt"), ["iP@0.5"], ctx)
    return [w for w in ctx.warnings if "rendering" in w], scores


@pytest.mark.parametrize("doclen", [9, 6])
def test_an_element_run_with_qrels_of_another_rendering_is_warned(tmp_path, doclen):
    said, _ = _rendering_warnings(tmp_path, doclen, "1 Q0 d1 1 1 r /article[1]/p[1]\n")
    assert len(said) == 1 and "1 topic(s) with 1 document(s)" in said[0], said


def test_qrels_of_the_collections_text_are_not(tmp_path):
    said, _ = _rendering_warnings(tmp_path, 7, "1 Q0 d1 1 1 r /article[1]/p[1]\n")
    assert said == []


def test_a_passage_run_is_not_placed_through_the_collection(tmp_path):
    # its offsets are the participant's, the collection only sizes unjudged documents
    said, _ = _rendering_warnings(tmp_path, 9, "1 Q0 d1 1 1 r 0 3\n")
    assert said == []
