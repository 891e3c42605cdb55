"""A run passage reaching beyond the end of a document the qrels do not judge is said when the
collection (``--collection``) gives that document's length.

The FOL qrels' doclen sizes only judged documents; a run with byte offsets (or offsets of
another rendering of the text) shows it just as well on unjudged ones.  The collection counts
the characters of a document's text from its root element (Kamps et al. 2008's offsets), so
its length bounds the run's offsets there.  Numbers are unchanged: unjudged text is not
relevant however long it is.
"""
from __future__ import annotations

from sdreval.io import read_collection, read_run
from sdreval.judgements.qrels import DocPassages, Qrels
from sdreval.measures import EvalContext, evaluate

TEXT = "hello world"  # d3's text: 11 characters


def _qrels():
    q = Qrels("fol")
    q.topic("1").passages["d1"] = DocPassages("d1", [(0, 10)], 10, 100, None)
    return q


def _warnings(tmp_path, rows, with_collection=True):
    docs = tmp_path / "docs"
    docs.mkdir(exist_ok=True)
    (docs / "d3.xml").write_text(f"<article><p>{TEXT}</p></article>")
    run = tmp_path / "run.fol"  # FOL run lines: topic Q0 doc rank score tag offset length
    run.write_text("".join(f"1 Q0 {d} {i + 1} {-i} r {o} {n}\n"
                           for i, (d, o, n) in enumerate(rows)))
    ctx = EvalContext(collection=read_collection(docs) if with_collection else None)
    evaluate(_qrels(), read_run(run), ["iP@0.5"], ctx)
    return [w for w in ctx.warnings if "beyond their document's length" in w]


def test_unjudged_passages_past_the_collections_length_are_said(tmp_path):
    # d3 (unjudged, 11 characters in the collection): 5:7 ends at 12, 20:1 at 21; d1 0:10 fits
    past = _warnings(tmp_path, [("d1", 0, 10), ("d3", 5, 7), ("d3", 20, 1)])
    assert len(past) == 1 and "1 topic(s) with 2 passage(s)" in past[0], past


def test_unjudged_passages_inside_the_collections_length_are_not(tmp_path):
    # 0:11 ends exactly at the end; d4 is in neither the qrels nor the collection
    assert not _warnings(tmp_path, [("d1", 0, 10), ("d3", 0, 11), ("d4", 10**6, 5)])
    # without the collection d3's length is unknown: nothing to check
    assert not _warnings(tmp_path, [("d3", 5, 7)], with_collection=False)
