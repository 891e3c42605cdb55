"""An attribute given twice in one element under names read alike (case, ``-``/``_``, or two
names of one value: ``file``/``name``, ``path``/``xpath``, ``start``/``offset``) with different
values: the first was taken silently (a judgement of d1 where the file also says d2, a
passage at 10 where it also says 50, a submitted result for d1 where it also says d2).  Now
the element is refused at its line; the same value given twice is read."""
from __future__ import annotations

import pytest

from sdreval.errors import ProblemLog
from sdreval.io import read_qrels
from sdreval.io.inex_submission import read_inex_submission

POOL = """<assessments topic='1'>
<file file='d1' FILE='d2'><element path='/article[1]' exhaustivity='2' specificity='1'/></file>
<file file='d3'><element path='/article[1]' Path='/article[1]/sec[1]' e='2' s='1'/></file>
<file file='d4'><passage start='10' offset='50' length='5'/></file>
<file file='d5' name='d5'><element path='/article[1]' exhaustivity='1' specificity='1'/>
<passage start='7' OFFSET='7' length='3'/></file>
</assessments>
"""


def test_assessments_attribute_twice_is_an_error(tmp_path):
    (tmp_path / "a.xml").write_text(POOL)
    log = ProblemLog()
    topic = read_qrels(tmp_path / "a.xml", log=log).topics["1"]
    assert [(p.line, p.severity) for p in log.problems] == [(2, "error"), (3, "error"),
                                                            (4, "error")]
    assert "file='d1' and FILE='d2'" in log.problems[0].message
    assert "path='/article[1]' and Path='/article[1]/sec[1]'" in log.problems[1].message
    assert "start='10' and offset='50'" in log.problems[2].message
    assert list(topic.elements) == [("d5", "/article[1]")]
    assert list(topic.passages) == ["d5"] and topic.passages["d5"].ranges == [(7, 3)]


RUN = """<inex-submission run-id='r'><topic topic-id='1'>
<result File='d1' file='d2'><path>/article[1]</path><rank>1</rank></result>
<result file='d3' FILE='d3'><path>/article[1]</path><rank>2</rank></result>
</topic></inex-submission>
"""


@pytest.mark.parametrize("bulk", [True, False])
def test_submission_attribute_twice_is_an_error(tmp_path, bulk):
    (tmp_path / "r.xml").write_text(RUN)
    log = ProblemLog()
    ranking = read_inex_submission(tmp_path / "r.xml", log, bulk=bulk).topics["1"]
    assert [(p.line, p.severity) for p in log.problems] == [(2, "error")]
    assert "File='d1' and file='d2'" in log.problems[0].message
    assert list(ranking.docs) == ["d3"]
