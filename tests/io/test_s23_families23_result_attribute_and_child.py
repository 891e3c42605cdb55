"""A ``<result>`` of an INEX XML submission giving a field both as an attribute and as a child,
with different values (``<result file="a"><file>b</file>``): the child won without a word, so
the result was scored as another document's element.  Two children of one name were already an
error ("which one is meant is not clear"); an attribute and a child that disagree are now the
same error, on the bulk and the one-by-one paths; spellings of one value agree."""
from __future__ import annotations

import pytest

from sdreval.errors import ProblemLog
from sdreval.io.inex_submission import read_inex_submission


def _read(tmp_path, result: str, bulk: bool):
    path = tmp_path / "run.xml"
    path.write_text('<inex-submission run-id="x"><topic topic-id="1">\n' + result
                    + "\n</topic></inex-submission>\n")
    log = ProblemLog()
    run = read_inex_submission(path, log, bulk=bulk)
    return run, [p for p in log.problems if p.severity == "error"]


@pytest.mark.parametrize("bulk", [True, False])
@pytest.mark.parametrize("result, field", [
    ('<result file="a"><file>b</file><path>/x[1]</path><rank>1</rank><rsv>1</rsv></result>',
     "file"),
    ('<result path="/x[2]"><file>b</file><path>/x[1]</path><rank>1</rank><rsv>1</rsv></result>',
     "path"),
    ('<result rsv="5"><file>b</file><path>/x[1]</path><rank>1</rank><rsv>1</rsv></result>',
     "rsv"),
])
def test_disagreeing_attribute_and_child_is_an_error(tmp_path, result, field, bulk):
    run, errors = _read(tmp_path, result, bulk)
    assert len(errors) == 1 and errors[0].line == 2
    assert f"<{field}>" in errors[0].message and "say different things" in errors[0].message
    assert len(run.topics.get("1", [])) == 0


@pytest.mark.parametrize("bulk", [True, False])
def test_agreeing_spellings_are_read(tmp_path, bulk):
    run, errors = _read(tmp_path, '<result file="b" path="/x" rank="01" rsv="1.0"><file>b'
                        "</file><path>/x[1]</path><rank>1</rank><rsv>1</rsv></result>", bulk)
    assert not errors
    ranking = run.topics["1"]
    assert list(ranking.docs) == ["b"] and list(ranking.paths) == ["/x[1]"]
