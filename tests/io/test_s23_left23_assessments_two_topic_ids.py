"""INEX assessments ``<assessments topic="5" id="163">``: two topic ids that differ.  The
first attribute won without a word (the judgements went to topic 5); submissions refuse such a
``<topic>`` at its line, and the assessments reader now does the same."""
from __future__ import annotations

from sdreval.errors import ProblemLog
from sdreval.io.inex_assessments import read_inex_assessments

J = "<path path='/article[1]/bdy[1]' exhaustiveness='2' specificity='2'/>"


def _read(tmp_path, root):
    path = tmp_path / "a.xml"
    path.write_text(f"{root}\n<file file='d'>\n{J}\n</file>\n</assessments>\n")
    log = ProblemLog()
    qrels = read_inex_assessments(path, log)
    return [(p.line, p.message) for p in log.problems if p.severity == "error"], qrels


def test_two_topic_ids_that_differ_are_an_error(tmp_path):
    errors, qrels = _read(tmp_path, "<assessments topic='5' id='163'>")
    assert [line for line, _ in errors] == [1]
    assert errors[0][1].startswith("<assessments> with two topic ids, topic='5' and id='163':")
    assert not qrels.topics  # neither topic gets the judgements


def test_two_topic_ids_that_agree_are_read(tmp_path):
    errors, qrels = _read(tmp_path, "<assessments topic='5' topic-id=' 5'>")
    assert not errors
    assert sorted(qrels.topics) == ["5"]
