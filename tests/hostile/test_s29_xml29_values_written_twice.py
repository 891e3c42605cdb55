"""One value written twice in one element, under two names read alike, as the same number in
two spellings (``start='10' offset='010'``, ``exhaustivity='2' E='2.0'``, ``rank='1'
RANK='01'``): integers are decimal (docs/inputs.md), so 010 is 10 and the value is read.  The
readers compared the texts and refused the passage, assessment or result as if the file said
two things.  Two different numbers are still refused."""
from __future__ import annotations

import pytest

from sdreval.errors import ProblemLog
from sdreval.io import read_qrels
from sdreval.io.inex_submission import read_inex_submission

POOL = """<assessments topic='1'>
<file file='d1'><passage start='10' offset='010' length='5'/></file>
<file file='d2'><passage offset='3' end='8' END='08' length='5' LENGTH='05'/></file>
<file file='d3'><element path='/article[1]' xpath='/article' exhaustivity='2' specificity='1'
 E='2.0' S='1.00'/></file>
<file file='d4'><passage start='10' offset='11' length='5'/></file>
<file file='d5'><element path='/article[1]' exhaustivity='2' specificity='1' E='1'/></file>
<file file='d6'><element path='/article[1]' exhaustivity='0' specificity='0' e='0.0' s='.0'/>
</file>
</assessments>
"""


def test_assessment_values_equal_as_numbers_are_read(tmp_path):
    (tmp_path / "a.xml").write_text(POOL)
    log = ProblemLog()
    topic = read_qrels(tmp_path / "a.xml", log=log).topics["1"]
    assert [(p.line, p.severity) for p in log.problems] == [(6, "error"), (7, "error")]
    assert "start='10' and offset='11'" in log.problems[0].message
    assert "exhaustiveness given twice" in log.problems[1].message
    assert {doc: p.ranges for doc, p in topic.passages.items()} == {"d1": [(10, 5)],
                                                                   "d2": [(3, 8 - 3)]}
    judged = topic.elements[("d3", "/article[1]")]
    assert (judged.e, judged.s) == (2, 1)
    assert ("d5", "/article[1]") not in topic.elements
    judged = topic.elements[("d6", "/article[1]")]
    assert (judged.e, judged.s) == (0, 0)


RUN = """<inex-submission run-id='r'><topic topic-id='1'>
<result file='d1' rank='1' RANK='01' rsv='0.5' RSV='.50' path='/article' PATH='/article[1]'/>
<result file='d2' rank='2' RANK='3'><path>/article[1]</path></result>
</topic></inex-submission>
"""


@pytest.mark.parametrize("bulk", [True, False])
def test_submission_values_equal_as_numbers_are_read(tmp_path, bulk):
    (tmp_path / "r.xml").write_text(RUN)
    log = ProblemLog()
    ranking = read_inex_submission(tmp_path / "r.xml", log, bulk=bulk).topics["1"]
    assert [(p.line, p.severity) for p in log.problems] == [(3, "error")]
    assert "rank='2' and RANK='3'" in log.problems[0].message
    assert (list(ranking.docs), list(ranking.paths)) == (["d1"], ["/article[1]"])
    assert (list(ranking.ranks), list(ranking.rsv)) == ([1], [0.5])
