"""An X-RAI passage whose start and end points are the same character was an error ('empty
or reversed'), while an empty offset passage is a warning, ignored.  One rule for both: an
empty passage highlights nothing (a warning, ignored); a reversed one stays an error."""
from __future__ import annotations

from sdreval.errors import ProblemLog
from sdreval.io.collection import read_collection
from sdreval.io.inex_assessments import read_inex_assessments

TEXT = "/article[1]/p[1]/text()[1].{}"


def _read(tmp_path, start, end, collection=True):
    folder = tmp_path / "collection"
    folder.mkdir(exist_ok=True)
    # text "abcdefghij": p[1] is characters [0, 5), p[2] is [5, 10)
    (folder / "d.xml").write_text("<article><p>abcde</p><p>fghij</p></article>")
    path = tmp_path / "a.xml"
    path.write_text(f"<assessments topic='1'>\n<file file='d'>\n<passage start='{start}' "
                    f"end='{end}'/>\n</file>\n</assessments>\n")
    log = ProblemLog()
    qrels = read_inex_assessments(path, log, **(
        {"collection": read_collection(folder)} if collection else {}))
    found = {doc: (p.ranges, p.relevant_chars) for doc, p in qrels["1"].passages.items()} \
        if "1" in qrels.topics else {}
    return found, [(p.severity, p.line, p.message) for p in log.problems]


def test_empty_xrai_passage_is_ignored_as_an_empty_offset_passage(tmp_path):
    points, said = _read(tmp_path, TEXT.format(2), TEXT.format(2))  # character 2 to 2
    offsets, said_offsets = _read(tmp_path, "2", "2", collection=False)
    assert said_offsets == [("warning", 3, "topic 1, d: empty passage 2:0 (ignored)")]
    assert points == offsets == {"d": ([(2, 0)], 0)}  # nothing highlighted; was no passage
    assert said == [("warning", 3, "topic 1, d: empty passage 2:0 (ignored; points "
                     f"{TEXT.format(2)} .. {TEXT.format(2)})")]  # was an error


def test_reversed_xrai_passage_stays_an_error(tmp_path):
    found, said = _read(tmp_path, TEXT.format(3), TEXT.format(1))  # character 3 to 1
    assert found == {}
    assert said == [("error", 3, f"topic 1, d: passage {TEXT.format(3)} .. {TEXT.format(1)} "
                     "is reversed (characters 3 to 1); not used")]
    found, said = _read(tmp_path, TEXT.format(1), TEXT.format(3))  # characters 1, 2
    assert (found, said) == ({"d": ([(1, 2)], 2)}, [])
