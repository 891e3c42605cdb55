"""An element inside an INEX XML ``<topic>`` that is not a ``<result>`` (``<RESULT>``,
``<Result>``: XML names are case-sensitive) was skipped without a word, so a topic of such
elements scored 0 (MAep 0 where the same results as ``<result>`` give 1).  It is an error
now, at its line, on the whole-file and streaming paths alike."""
from __future__ import annotations

import pytest

from sdreval.errors import ProblemLog
from sdreval.io.inex_submission import iter_submission_topics, read_inex_submission

RESULT = ("<{tag}><file>co/2001/r7022</file><path>/article[1]/bdy[1]/sec[{i}]</path>"
          "<rank>{i}</rank><rsv>{rsv}</rsv></{tag}>")


def _write(tmp_path, tags) -> str:
    lines = ['<?xml version="1.0"?>', '<inex-submission run-id="x">', '<topic topic-id="163">']
    lines += [RESULT.format(tag=tag, i=i, rsv=10 - i) for i, tag in enumerate(tags, 1)]
    lines += ["</topic>", "</inex-submission>"]
    path = tmp_path / "run.xml"
    path.write_text("\n".join(lines) + "\n")
    return path


@pytest.mark.parametrize("tags, lines", [
    (["RESULT", "RESULT", "RESULT"], [4, 5, 6]),  # the whole topic: it scored 0
    (["result", "Result", "result"], [5]),  # one of three
    (["result", "result", "hit"], [6]),  # after the last result
])
@pytest.mark.parametrize("bulk", [True, False])
def test_non_result_in_topic_is_an_error(tmp_path, tags, lines, bulk):
    path = _write(tmp_path, tags)
    log = ProblemLog()
    run = read_inex_submission(path, log, bulk=bulk)
    errors = [p for p in log.problems if p.severity == "error"]
    assert [p.line for p in errors] == lines
    assert all("is not a <result>" in p.message and "case-sensitive" in p.message
               for p in errors)
    assert len(run.topics["163"]) == tags.count("result")


def test_streaming_reports_them_too(tmp_path):
    path = _write(tmp_path, ["result", "RESULT"])
    log = ProblemLog()
    list(iter_submission_topics(path, log, policy="block"))
    assert [p.line for p in log.problems if p.severity == "error"] == [5]


def test_wrapped_results_and_plain_results_are_not_strays(tmp_path):
    path = tmp_path / "run.xml"
    path.write_text('<inex-submission run-id="x"><topic topic-id="1"><group>'
                    + RESULT.format(tag="result", i=1, rsv=1) + "</group>"
                    + RESULT.format(tag="result", i=2, rsv=0) + "</topic></inex-submission>")
    log = ProblemLog()
    run = read_inex_submission(path, log)
    assert not [p for p in log.problems if p.severity == "error"]
    assert len(run.topics["1"]) == 2


def test_eval_refuses_instead_of_scoring_zero(tmp_path):
    from click.testing import CliRunner

    from sdreval.cli.main import cli
    from sdreval.data import example_path

    qrels = str(example_path("kazai-lalmas-2006") / "qrels.tsv")
    path = _write(tmp_path, ["RESULT"] * 3)
    result = CliRunner().invoke(cli, ["eval", qrels, str(path), "-m", "MAep"])
    assert result.exit_code == 1, result.output
    assert f"{path}:4: error: topic 163: <RESULT> inside <topic>" in result.output
    assert "Traceback" not in result.output
