"""An INEX XML assessment passage reaching beyond its document's text (offset 5, length 100 in a
document of 7 characters, the collection's): 102 relevant characters were counted where the
document holds 7, without a word, so no run could reach full recall.  It is now said (a
warning naming the document's length and the passage's end), as the FOL qrels reader says a
passage beyond doclen; the passage is kept as written, as there."""
from __future__ import annotations

from sdreval.errors import ProblemLog
from sdreval.io import read_collection
from sdreval.io.inex_assessments import read_inex_assessments


def _read(tmp_path, passage):
    (tmp_path / "docs").mkdir(exist_ok=True)
    (tmp_path / "docs" / "d1.xml").write_text("<article><p>abc</p><p>defg</p></article>")
    (tmp_path / "a.xml").write_text(f"<assessments topic='1'>\n<file file='d1'>{passage}"
                                    "</file></assessments>\n")
    log = ProblemLog()
    qrels = read_inex_assessments(tmp_path / "a.xml", log,
                                  collection=read_collection(tmp_path / "docs"))
    return qrels.topics["1"].passages["d1"], log


def test_a_passage_past_the_end_is_said(tmp_path):
    dp, log = _read(tmp_path, "<passage offset='5' length='100'/>")
    assert [(p.line, p.severity) for p in log.problems] == [(2, "warning")]
    assert "beyond the document's length 7 (to 105; kept)" in log.problems[0].message
    assert (dp.doc_length, dp.ranges, dp.relevant_chars) == (7, [(5, 100)], 100)


def test_a_passage_ending_at_the_end_is_not(tmp_path):
    dp, log = _read(tmp_path, "<passage offset='3' length='4'/>")  # 'defg': 3..7
    assert log.problems == [] and dp.relevant_chars == 4
