"""An INEX XML assessment passage given by X-RAI points with a ``length`` that disagrees with
its ends' span (``start='/article[1]/p[1]' end='/article[1]/p[2]' length='3'``): the length
was ignored silently.  As for character offsets whose end and length disagree, which is meant
is not clear: the passage is refused at its line.  A length that agrees is read; a length
that is no number is refused as for offsets."""
from __future__ import annotations

from sdreval.errors import ProblemLog
from sdreval.io.collection import read_collection
from sdreval.io.inex_assessments import read_inex_assessments

PASSAGE = "<passage start='/article[1]/p[1]' end='/article[1]/p[{}]' length='{}'/>"


def test_points_whose_length_disagrees_are_refused(tmp_path):
    folder = tmp_path / "collection"
    folder.mkdir()
    # text "abcdefghij": p[1] is characters [0, 5), p[2] is [5, 10)
    for doc in ("d1", "d2", "d3"):
        (folder / f"{doc}.xml").write_text("<article><p>abcde</p><p>fghij</p></article>")
    (tmp_path / "a.xml").write_text(
        "<assessments topic='1'>\n"
        f"<file file='d1'>{PASSAGE.format(2, 3)}</file>\n"  # 10 characters, length 3
        f"<file file='d2'>{PASSAGE.format(2, 10)}</file>\n"  # 10 - 0 = 10: agrees
        f"<file file='d3'>{PASSAGE.format(1, 'x')}</file>\n</assessments>\n")
    log = ProblemLog()
    qrels = read_inex_assessments(tmp_path / "a.xml", log, collection=read_collection(folder))
    problems = [(p.severity, p.line, p.message) for p in log.problems]
    assert problems == [
        ("error", 4, "topic 1, d3: passage length 'x' is not a non-negative integer (decimal "
                     "digits); the passage is not used"),
        ("error", 2, "topic 1, d1: passage end '/article[1]/p[2]' and length '3' say "
                     "different things (start '/article[1]/p[1]': characters 0 to 10); the "
                     "passage is not used")]
    assert {doc: dp.ranges for doc, dp in qrels["1"].passages.items() if dp.ranges} == {
        "d2": [(0, 10)]}
