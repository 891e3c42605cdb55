"""An INEX XML submission's ``<topic id="5" topic-id="163">``: the first id attribute in
document order was taken without a word (its results answered topic 5).  Like a result's
``file`` given twice saying different things, it is an error now, at the topic's line, and the
topic's results are not used; two id attributes that agree are read as before."""
from __future__ import annotations

import pytest

from sdreval.errors import ProblemLog
from sdreval.io.inex_submission import iter_submission_topics, read_inex_submission

RESULT = "<result><file>d1</file><path>/article[1]</path><rank>1</rank><rsv>1</rsv></result>"


def _write(tmp_path, attributes) -> str:
    lines = ['<?xml version="1.0"?>', '<inex-submission run-id="x">']
    for attribute in attributes:
        lines += [f"<topic {attribute}>", RESULT, "</topic>"]
    lines += ["</inex-submission>"]
    path = tmp_path / "run.xml"
    path.write_text("\n".join(lines) + "\n")
    return path


@pytest.mark.parametrize("bulk", [True, False])
def test_two_different_topic_ids_are_an_error(tmp_path, bulk):
    path = _write(tmp_path, ['id="5" topic-id="163"', 'topic-id="7" topic_id="7"'])
    log = ProblemLog()
    run = read_inex_submission(path, log, bulk=bulk)
    errors = [p for p in log.problems if p.severity == "error"]
    assert errors and errors[0].line == 3
    assert "two topic ids" in errors[0].message and "'5'" in errors[0].message \
        and "'163'" in errors[0].message
    assert set(run.topics) == {"7"}  # agreeing ids are read as before


def test_streaming_refuses_it_too(tmp_path):
    path = _write(tmp_path, ['topic-id="163" topic="5"'])
    log = ProblemLog()
    topics = [t for t, _ in iter_submission_topics(path, log)]
    assert topics == []
    assert any("two topic ids" in p.message for p in log.problems)
