"""INEX assessment pools: a file holding two topics, the other year's attributes, best entry
points alone and points that cannot be resolved (session 24 coverage hunt).  Expected values
are the characters of the small documents below, counted by hand."""
from __future__ import annotations

from sdreval.errors import ProblemLog
from sdreval.io.collection import read_collection
from sdreval.io.inex_assessments import read_inex_assessments


def _read(tmp_path, text, **options):
    path = tmp_path / "a.xml"
    path.write_text(text)
    log = ProblemLog()
    qrels = read_inex_assessments(path, log, **options)
    return qrels, [(p.severity, p.line, p.message) for p in log.problems]


def test_one_file_holding_two_topics_keeps_each_topics_passages(tmp_path):
    text = ("<inex-assessments>\n<assessments topic='1'>\n<file file='d'>\n"
            "<passage offset='0' length='3'/>\n</file>\n</assessments>\n"
            "<assessments topic='2'>\n<file file='d'>\n<passage offset='5' length='2' bep='6'/>\n"
            "</file>\n</assessments>\n</inex-assessments>\n")
    qrels, problems = _read(tmp_path, text)
    assert not problems
    one, two = qrels["1"].passages["d"], qrels["2"].passages["d"]
    assert (one.ranges, one.relevant_chars, one.bep) == ([(0, 3)], 3, None)
    assert (two.ranges, two.relevant_chars, two.bep) == ([(5, 2)], 2, 6)


def test_exhaustivity_in_inex_2002_assessments_is_not_used(tmp_path):
    # relevance/coverage make the file INEX 2002; an e/s judgement beside them is the other
    # year's and is refused at its line
    text = ("<assessments topic='1'>\n<file file='d'>\n"
            "<path path='/article[1]' relevance='2' coverage='E'/>\n"
            "<path path='/article[1]/p[1]' exhaustiveness='2' specificity='1'/>\n"
            "</file>\n</assessments>\n")
    qrels, problems = _read(tmp_path, text)
    assert list(qrels["1"].elements) == [("d", "/article[1]")]
    assert problems == [("error", 4, "topic 1, d /article[1]/p[1]: exhaustivity/specificity "
                         "in INEX 2002 assessments (relevance/coverage expected); the "
                         "assessment is not used")]


def test_a_best_entry_point_without_passage_is_ignored_and_counted(tmp_path):
    text = "<assessments topic='1'>\n<file file='d'>\n<best-entry-point offset='3'/>\n" \
           "</file>\n</assessments>\n"
    qrels, problems = _read(tmp_path, text)
    assert not qrels["1"].passages
    assert problems == [("warning", None, "1 best entry point(s) in a document without "
                         "highlighted passage ignored (topic 1, d)")]


def test_points_that_cannot_be_resolved_are_errors_at_their_lines(tmp_path):
    folder = tmp_path / "collection"
    folder.mkdir()
    # text "abcdefghij": p[1] is characters [0, 5), p[2] is [5, 10)
    (folder / "d.xml").write_text("<article><p>abcde</p><p>fghij</p></article>")
    (folder / "bad.xml").write_text("<article><p>abc</article>")
    passage = "<passage start='/article[1]/p[{}]' end='/article[1]/p[{}]'/>"
    text = ("<assessments topic='1'>\n"
            f"<file file='x'>\n{passage.format(1, 1)}\n</file>\n"
            f"<file file='bad'>\n{passage.format(1, 1)}\n</file>\n"
            f"<file file='d'>\n{passage.format(2, 1)}\n</file>\n</assessments>\n")
    qrels, problems = _read(tmp_path, text, collection=read_collection(folder))
    assert [p.ranges for p in qrels["1"].passages.values()] == [[(5, 0)]]  # empty: ignored
    assert [(s, line) for s, line, _ in problems] == [("error", 3), ("error", 6), ("warning", 9)]
    assert problems[0][2] == ("topic 1, x: the document is not in the collection; its passage "
                              "cannot be resolved (not used)")
    assert problems[1][2].startswith("topic 1, bad: the document cannot be read (malformed XML")
    assert problems[2][2] == ("topic 1, d: empty passage 5:0 (ignored; points "
                              "/article[1]/p[2] .. /article[1]/p[1])")  # as an offset one
