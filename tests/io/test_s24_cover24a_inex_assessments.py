"""INEX assessments: inputs no other test gave the reader (session 24 coverage hunt).  Each is
a clean refusal or a stated rule naming file and line, per ``docs/formats-xml.md``."""
from __future__ import annotations

import gzip

import pytest

from sdreval.errors import InputError, ProblemLog, UsageError
from sdreval.io.inex_assessments import read_inex_assessments

J = "<path path='/article[1]/bdy[1]' exhaustiveness='2' specificity='2'/>"


def _read(tmp_path, name, text, **options):
    path = tmp_path / name
    path.write_bytes(text if isinstance(text, bytes) else text.encode())
    log = ProblemLog()
    qrels = read_inex_assessments(path, log, **options)
    return qrels, [(p.severity, p.line, p.message) for p in log.problems]


def _file(body, root="<assessments topic='3'>"):
    return f"{root}\n<file file='d'>\n{body}\n</file>\n</assessments>\n"


def test_topic_taken_from_the_file_name_is_a_warning(tmp_path):
    qrels, problems = _read(tmp_path, "7.xml", _file(J, "<assessments>"))
    assert sorted(qrels.topics) == ["7"]
    assert ("7", "d") in [(t, a.doc) for t in qrels.topics
                          for a in qrels[t].elements.values()]
    assert problems == [("warning", 3, "no topic attribute on <assessments>: topic id taken "
                         "from the file name ('7')")]


def test_a_file_without_assessments_is_a_warning(tmp_path):
    qrels, problems = _read(tmp_path, "a.xml", "<assessments topic='3'>\n</assessments>\n")
    assert not qrels.topics
    assert problems == [("warning", None, "no assessment found")]


def test_unknown_pool_policy_is_a_usage_error(tmp_path):
    with pytest.raises(UsageError, match="unknown pool policy 'x': one of main, error, union"):
        _read(tmp_path, "a.xml", _file(J), pool_policy="x")


def test_a_truncated_gzip_file_is_an_error_naming_it(tmp_path):
    data = gzip.compress(_file(J).encode())[:40]
    qrels, problems = _read(tmp_path, "a.xml.gz", data)
    assert not qrels.topics
    assert len(problems) == 1 and problems[0][0] == "error"
    assert problems[0][2].startswith("cannot read: ")


def test_a_directory_without_xml_files_is_refused(tmp_path):
    (tmp_path / "in_progress").mkdir()
    with pytest.raises(InputError, match=r"no \.xml assessment file in this directory$"):
        read_inex_assessments(tmp_path, ProblemLog())
    (tmp_path / "in_progress" / "pool-1.xml").write_text(_file(J))
    with pytest.raises(InputError, match=r"\(only in_progress/ pools\)"):
        read_inex_assessments(tmp_path, ProblemLog())


def test_an_element_without_exhaustivity_or_specificity_is_not_used(tmp_path):
    # <path> without e/s is INEX 2004's unassessed default (counted); any other element is an
    # error at its line
    qrels, problems = _read(tmp_path, "a.xml", _file("<element path='/article[1]'/>"))
    assert not qrels["3"].elements
    assert problems == [("error", 3, "topic 3, d /article[1]: no exhaustivity/specificity (or "
                         "relevance/coverage); the assessment is not used")]


@pytest.mark.parametrize("passage, why", [
    ("<passage start='10'/>", "a passage needs start and end (both XPointers/element paths, "
     "or both character offsets) or offset and length"),
    ("<passage start='10' end='5'/>", "passage end '5' is before its start '10'")])
def test_a_passage_without_an_end_or_reversed_is_not_used(tmp_path, passage, why):
    qrels, problems = _read(tmp_path, "a.xml", _file(passage))
    assert "d" not in qrels["3"].passages
    assert problems == [("error", 3, f"topic 3, d: {why}; the passage is not used")]


def test_best_entry_points_numeric_and_missing(tmp_path):
    body = ("<best-entry-point/>\n<best-entry-point offset='120'/>\n"
            "<passage start='100' length='40'/>")
    qrels, problems = _read(tmp_path, "a.xml", _file(body))
    passages = qrels["3"].passages["d"]
    assert (passages.ranges, passages.bep) == ([(100, 40)], 120)
    assert problems == [("error", 3, "topic 3, d: <best-entry-point> without a path: not used")]


def test_a_syntax_error_outside_the_topic_copy_is_reported_at_its_line(tmp_path):
    text = ("<assessments topic='3'>\n<inex_topic>a and b</inex_topic>\n<file file='d'>\n"
            f"{J}\n</file>\n<bad & </assessments>\n")
    _, problems = _read(tmp_path, "a.xml", text)
    assert [(s, line) for s, line, _ in problems] == [("error", 6)]
    assert problems[0][2].startswith("malformed XML")
