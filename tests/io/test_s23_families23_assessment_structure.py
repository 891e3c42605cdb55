"""INEX XML assessments whose structure says nothing clear were read as if they did, dropping
judgements without a word (``sdreval validate`` said "ok"):

* a judgement outside any ``<file>`` was skipped;
* a ``<file>`` nested in a ``<file>``: the outer file's judgements after the inner one ended
  were skipped (the Kazai & Lalmas 2006 example then gave MAep 0 instead of 1);
* an ``<assessments topic=...>`` nested in another: its judgements went to the inner topic and
  the outer topic vanished.

Each is an error now, at its line."""
from __future__ import annotations

from sdreval.errors import ProblemLog
from sdreval.io.inex_assessments import read_inex_assessments

J = "<path path='/article[1]/bdy[1]/sec[{}]' exhaustiveness='2' specificity='2'/>"


def _errors(tmp_path, text):
    path = tmp_path / "a.xml"
    path.write_text(text)
    log = ProblemLog()
    qrels = read_inex_assessments(path, log)
    return [(p.line, p.message) for p in log.problems if p.severity == "error"], qrels


def test_judgement_outside_a_file(tmp_path):
    errors, _ = _errors(tmp_path, "<assessments topic='1'>\n<file file='d'>\n" + J.format(1)
                        + "\n</file>\n" + J.format(2) + "\n</assessments>\n")
    assert [line for line, _ in errors] == [5]
    assert "outside a <file>" in errors[0][1]


def test_file_nested_in_a_file(tmp_path):
    errors, _ = _errors(tmp_path, "<assessments topic='1'>\n<file file='d'>\n" + J.format(1)
                        + "\n<file file='e'>\n" + J.format(2) + "\n</file>\n" + J.format(3)
                        + "\n</file>\n</assessments>\n")
    assert [line for line, _ in errors] == [4]
    assert "nested in the <file> of d" in errors[0][1]


def test_assessments_nested_in_assessments(tmp_path):
    errors, _ = _errors(tmp_path, "<assessments topic='1'>\n<assessments topic='2'>\n"
                        "<file file='d'>\n" + J.format(1) + "\n</file>\n</assessments>\n"
                        "</assessments>\n")
    assert [line for line, _ in errors] == [2]
    assert "nested in the <assessments> of topic 1" in errors[0][1]


def test_container_of_assessments_still_read(tmp_path):
    errors, qrels = _errors(tmp_path, "<inex-assessments>\n<assessments topic='1'>\n"
                            "<file file='d'>\n" + J.format(1) + "\n</file>\n</assessments>\n"
                            "<assessments topic='2'>\n<file file='d'>\n" + J.format(2)
                            + "\n</file>\n</assessments>\n</inex-assessments>\n")
    assert not errors
    assert sorted(qrels.topics) == ["1", "2"]
