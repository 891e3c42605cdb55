"""A ``<topic>`` nested in another ``<topic>`` of an INEX XML submission: its results went to
the inner topic and the outer one was answered with no result, scoring 0 (MAep 0 for topic 163
of the Kazai & Lalmas 2006 example, where the results give 1), with no message about the
nesting.  It is an error now, on the whole-file and streaming paths."""
from __future__ import annotations

import pytest

from sdreval.errors import ProblemLog
from sdreval.io.inex_submission import iter_submission_topics

TEXT = """<inex-submission run-id="x">
<topic topic-id="163">
<topic topic-id="164">
<result><file>co/2001/r7022</file><path>/article[1]/bdy[1]/sec[6]</path></result>
</topic>
</topic>
</inex-submission>
"""


@pytest.mark.parametrize("policy", ["file", "last-block", "block"])
def test_nested_topic_is_an_error(tmp_path, policy):
    path = tmp_path / "run.xml"
    path.write_text(TEXT)
    log = ProblemLog()
    topics = dict(iter_submission_topics(path, log, policy=policy))
    errors = [p for p in log.problems if p.severity == "error"]
    assert errors and errors[0].line == 3 and "nested in another <topic>" in errors[0].message
    assert "164" not in topics


def test_nested_topic_without_id_message_has_one_space(tmp_path):
    """The message for a nested ``<topic>`` with no id read ``<topic>  nested`` (two spaces)."""
    path = tmp_path / "run.xml"
    path.write_text(TEXT.replace(' topic-id="164"', ""))
    log = ProblemLog()
    dict(iter_submission_topics(path, log))
    messages = [p.message for p in log.problems if p.severity == "error"]
    assert messages[0].startswith("<topic> nested in another <topic>: "), messages
