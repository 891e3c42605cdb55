"""A document's ``<file>`` given twice in one INEX XML assessment file (one pool): the
passages of both were united without a word, where FOL qrels refuse a document judged again
differently and a submission warns of a topic given again.  Now a warning at the second
``<file>`` says its judgements are added to the first's (passages united, a repeated element
judged by the rule of repeats)."""
from __future__ import annotations

from sdreval.errors import ProblemLog
from sdreval.io import read_qrels

POOL = """<assessments topic="1" version="2005">
<file name="d1"><passage start="0" length="10"/></file>
<file name="d2"><passage start="5" length="5"/></file>
<file name="d1"><passage start="50" length="10"/></file>
</assessments>
"""


def test_a_file_given_again_is_said_and_added(tmp_path):
    (tmp_path / "a.xml").write_text(POOL)
    log = ProblemLog()
    passages = read_qrels(tmp_path / "a.xml", log=log).topics["1"].passages
    assert [(p.line, p.severity, p.message) for p in log.problems] == [
        (4, "warning", "topic 1, d1: <file> given again (first at line 2): its judgements are "
                       "added to the first's")]
    assert passages["d1"].ranges == [(0, 10), (50, 10)] and passages["d2"].ranges == [(5, 5)]
