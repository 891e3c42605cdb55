"""A result of an INEX XML submission that holds a passage (``<passage start= end=>``, INEX
2007's XPointers; ``<fol>``, ``<offset>``/``<length>``, INEX 2008's FOL) is refused: sdreval
reads the 2003-2005 element submissions.  Before, beside a ``<path>`` the passage was ignored
with a warning and the element scored in its place (exit 0)."""
from __future__ import annotations

from sdreval.errors import ProblemLog
from sdreval.io.inex_submission import read_inex_submission

SUB = """<inex-submission participant-id="1" run-id="r" task="Focused">
<topic topic-id="1">
<result><file>d1</file><path>/article[1]/bdy[1]</path><passage start="/article[1]/bdy[1]/p[1]/text()[1].3" end="/article[1]/bdy[1]/p[1]/text()[1].9"/><rank>1</rank></result>
<result><file>d1</file><path>/article[1]</path><fol offset="10" length="5"/><rank>2</rank></result>
<result><file>d1</file><path>/article[1]</path><offset>10</offset><length>5</length><rank>3</rank></result>
<result><file>d1</file><path>/article[1]/bdy[1]/p[2]</path><rank>4</rank><note>x</note></result>
</topic></inex-submission>
"""
WHY = ("in a result: passage results of INEX XML submissions are not read (convert the run to "
       "a FOL passage run: topic Q0 doc rank rsv run-id offset length); the result is not used")


def test_results_holding_passages_are_refused(tmp_path):
    (tmp_path / "run.xml").write_text(SUB)
    log = ProblemLog()
    run = read_inex_submission(tmp_path / "run.xml", log)
    assert [(p.line, p.severity, p.message) for p in log.problems] == [
        (3, "error", f"topic 1: <passage> {WHY}"),
        (4, "error", f"topic 1: <fol> {WHY}"),
        (5, "error", f"topic 1: <length> {WHY}"),
        (5, "error", f"topic 1: <offset> {WHY}"),
        (6, "warning", "topic 1: result elements note ignored")]
    assert list(run.topics["1"].paths) == ["/article[1]/bdy[1]/p[2]"]
