"""An INEX XML submission whose root gives run-id twice in two cases (``run-id='a'
RUN-ID='b'``): the run was named 'b' (the last, silently), so its rows in every table were
labelled with a name the file also contradicts.  The first is now used and the rule said (a
warning at the root's line)."""
from __future__ import annotations

from sdreval.errors import ProblemLog
from sdreval.io.inex_submission import read_inex_submission

RUN = """<inex-submission run-id='a' RUN-ID='b' task='CO.Focused' TASK='CO.Focused'>
<topic topic-id='1'><result><file>d1</file><path>/article[1]</path></result></topic>
</inex-submission>
"""


def test_run_id_given_twice_the_first_is_used_and_said(tmp_path):
    (tmp_path / "r.xml").write_text(RUN)
    log = ProblemLog()
    run = read_inex_submission(tmp_path / "r.xml", log)
    assert run.name == "a"
    assert [(p.line, p.severity) for p in log.problems] == [(1, "warning")]
    assert "run-id given twice ('a' and 'b'): the first is used" in log.problems[0].message
