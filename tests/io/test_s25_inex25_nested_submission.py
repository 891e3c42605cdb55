"""A nested <inex-submission> (session 25): the message said "ignored" while its results were
read.  A submission is one run, its root element (docs/formats-xml.md: root
``inex-submission`` holding ``topic`` elements), so the nested one is an error and the file is
not read further there, as the assessments reader does with a nested ``<assessments>``; the
results before it are kept, as before malformed XML."""
from __future__ import annotations

import pytest

from sdreval.errors import ProblemLog
from sdreval.io.inex_submission import iter_submission_topics, read_inex_submission

_R = "<result><file>{}</file><path>/article[1]</path><rank>1</rank></result>"
TEXT = ('<inex-submission run-id="t">\n<topic topic-id="1">\n' + _R.format("a") + '\n</topic>\n'
        '<inex-submission run-id="u">\n<topic topic-id="2">\n' + _R.format("b") + '\n</topic>\n'
        '</inex-submission>\n<topic topic-id="3">\n' + _R.format("c") + '\n</topic>\n'
        '</inex-submission>\n')


def test_nothing_of_a_nested_submission_or_after_it_is_read(tmp_path):
    path = tmp_path / "run.xml"
    path.write_text(TEXT)
    log = ProblemLog()
    run = read_inex_submission(path, log)
    assert run.name == "t"
    assert {t: list(r.docs) for t, r in run.topics.items()} == {"1": ["a"]}
    assert [(p.line, p.message.split(":")[0]) for p in log.errors] == [
        (5, "<inex-submission> nested in <inex-submission>")]
    assert "not read further" in log.errors[0].message
    assert "ignored" not in log.errors[0].message


@pytest.mark.parametrize("policy", ["block", "last-block"])
def test_streaming_stops_at_the_nested_submission_too(tmp_path, policy):
    path = tmp_path / "run.xml"
    path.write_text(TEXT)
    log = ProblemLog()
    assert [t for t, _ in iter_submission_topics(path, log, policy=policy)] == ["1"]
    assert [p.line for p in log.errors] == [5]
