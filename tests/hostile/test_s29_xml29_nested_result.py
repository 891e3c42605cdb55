"""A ``<result>`` nested in another ``<result>`` of an INEX XML submission: the inner one was
read as a result of the topic (at the outer one's position, so the outer's rank given to it),
the outer one's ``<file>`` freed with it and reported as "inside <topic> is not a <result>", and
the outer one refused as "without <file>".  Now the nested one is an error (which result it
is is not clear, as a ``<topic>`` nested in a ``<topic>``) and the outer one is read as
written, bulk or one by one."""
from __future__ import annotations

import pytest

from sdreval.errors import ProblemLog
from sdreval.io.inex_submission import read_inex_submission

RUN = """<inex-submission run-id='r'><topic topic-id='1'>
<result><file>d1</file><result><file>x</file><path>/a</path></result><path>/article[1]</path>
<rank>1</rank></result>
<result><file>d2</file><path>/article[1]</path><rank>2</rank></result>
</topic></inex-submission>
"""


@pytest.mark.parametrize("bulk", [True, False])
def test_nested_result_is_an_error_and_the_outer_one_is_read(tmp_path, bulk):
    (tmp_path / "r.xml").write_text(RUN)
    log = ProblemLog()
    ranking = read_inex_submission(tmp_path / "r.xml", log, bulk=bulk).topics["1"]
    assert [(p.line, p.severity, p.message) for p in log.problems] == [
        (2, "error", "topic 1: <result> nested in the <result> of line 2: which result it is "
                     "is not clear; not used")]
    assert (list(ranking.docs), list(ranking.paths), list(ranking.ranks)) == (
        ["d1", "d2"], ["/article[1]", "/article[1]"], [1, 2])
