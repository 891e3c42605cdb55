"""The root of an INEX XML submission read by the rule of every other attribute of the INEX XML
readers (xml_attr): names alike in any case, namespaces ignored, ``_`` as ``-``.  An attribute
given twice with different values (``run-id='a' RUN-ID='b'``) was a warning and the first was
used, where a result's or an assessment file's root attribute given twice is refused: now an
error at the root's line, the file not read further (as an ``<assessments>`` root), exit 1.
``run_id='x'`` did not name the run (named by the file) although ``file_name`` is ``file-name``
everywhere else; now it does.  The same value given twice is read."""
from __future__ import annotations

from click.testing import CliRunner

from sdreval.cli.main import cli
from sdreval.errors import ProblemLog
from sdreval.io.inex_submission import read_inex_submission

RUN = """<inex-submission run-id='a' RUN-ID='b' task='CO.Focused' TASK='CO.Focused'>
<topic topic-id='1'><result><file>d1</file><path>/article[1]</path></result></topic>
</inex-submission>
"""
QRELS = "1 0 d1 1\n"


def test_root_attribute_twice_with_two_values_is_refused(tmp_path):
    (tmp_path / "r.xml").write_text(RUN)
    log = ProblemLog()
    run = read_inex_submission(tmp_path / "r.xml", log)
    assert [(p.line, p.severity) for p in log.problems] == [(1, "error")]
    assert "run-id='a' and RUN-ID='b'" in log.problems[0].message
    assert "not read further" in log.problems[0].message
    assert not run.topics
    (tmp_path / "q.txt").write_text(QRELS)
    for stream in ("--no-stream", "--stream"):
        result = CliRunner().invoke(cli, ["eval", str(tmp_path / "q.txt"), str(tmp_path / "r.xml"),
                                          "-m", "map", stream])
        assert result.exit_code == 1, result.output
        assert "run-id='a' and RUN-ID='b'" in result.output


def test_root_attributes_read_as_every_attribute(tmp_path):
    (tmp_path / "r.xml").write_text(RUN.replace("RUN-ID='b'", "RUN_ID=' a '").replace(
        "run-id='a'", "run_id='a'"))
    log = ProblemLog()
    run = read_inex_submission(tmp_path / "r.xml", log)
    assert not log.problems
    assert run.name == "a" and run.attributes == {"run-id": "a", "task": "CO.Focused"}
    assert list(run.topics["1"].docs) == ["d1"]
