"""INEX XML submissions: inputs no other test gave the reader or the writer (session 24
coverage hunt): empty file/path texts in a plain topic, a nested root, a streamed file without
the root, a missing file, the interned names dropped between topics, a passage run written."""
from __future__ import annotations

import pytest

from sdreval.errors import InputError, ProblemLog, UsageError
from sdreval.io import inex_submission
from sdreval.io.inex_submission import (iter_submission_topics, read_inex_submission,
                                        write_inex_submission)
from sdreval.model.ranking import Ranking
from sdreval.model.run import Run


def _result(doc, path, rank):
    return f"<result><file>{doc}</file><path>{path}</path><rank>{rank}</rank></result>"


def _read(tmp_path, text):
    path = tmp_path / "run.xml"
    path.write_text(text)
    log = ProblemLog()
    run = read_inex_submission(path, log)
    found = {t: (list(r.docs), list(r.paths), r.ranks.tolist()) for t, r in run.topics.items()}
    return found, [(p.severity, p.line, p.message) for p in log.problems]


def test_blank_file_or_path_in_a_plain_topic_is_an_error_at_its_line(tmp_path):
    # (each topic is read in one batch: a blank file and a blank path in topics of their own)
    one = "\n".join([_result("a", "/article[1]", 1), _result(" ", "/article[1]", 2)])
    two = "\n".join([_result("b", " ", 1), _result("c", "/article[1]", 2)])
    found, problems = _read(tmp_path, f'<inex-submission run-id="t">\n<topic topic-id="1">\n'
                                      f'{one}\n</topic>\n<topic topic-id="2">\n{two}\n'
                                      '</topic>\n</inex-submission>\n')
    assert found == {"1": (["a"], ["/article[1]"], [1]), "2": (["c"], ["/article[1]"], [2])}
    assert problems == [("error", 4, "topic 1: result without <file>; the result is not used"),
                        ("error", 7, "topic 2: result without <path>; the result is not used")]


def test_a_nested_root_is_an_error_at_its_line(tmp_path):
    text = (f'<inex-submission run-id="t">\n<inex-submission run-id="u">\n<topic topic-id="1">'
            f'\n{_result("a", "/article[1]", 1)}\n</topic>\n</inex-submission>\n'
            '</inex-submission>\n')
    _, problems = _read(tmp_path, text)
    assert problems == [("error", 2, "<inex-submission> nested in <inex-submission>: a "
                         "submission is one run, its root element; which run the results "
                         "that follow belong to is not clear; the file is not read further")]


def test_a_missing_file_is_refused():
    with pytest.raises(InputError, match="no such file"):
        read_inex_submission("/nonexistent/run.xml", ProblemLog())


@pytest.mark.parametrize("policy", ["block", "last-block"])
def test_streaming_a_file_without_the_root_reports_it_after_the_topics(tmp_path, policy):
    path = tmp_path / "run.xml"
    path.write_text(f'<foo>\n<topic topic-id="1">\n{_result("a", "/article[1]", 1)}\n</topic>'
                    '\n</foo>\n')
    log = ProblemLog()
    topics = [t for t, _ in iter_submission_topics(path, log, policy=policy)]
    assert topics == ["1"]
    assert [p.message for p in log.errors] == [
        "no <inex-submission> root element: not an INEX XML submission"]


def test_interned_names_dropped_between_streamed_topics_change_nothing(tmp_path, monkeypatch):
    path = tmp_path / "run.xml"
    path.write_text('<inex-submission run-id="t">\n'
                    + "".join(f'<topic topic-id="{t}">\n{_result("a", "/article[1]", 1)}\n'
                              f'{_result("b", "/article[1]/p[2]", 2)}\n</topic>\n'
                              for t in (1, 2, 3))
                    + "</inex-submission>\n")
    monkeypatch.setattr(inex_submission, "_INTERN_LIMIT", 0)
    log = ProblemLog()
    got = {t: (list(r.docs), list(r.paths)) for t, r in
           iter_submission_topics(path, log, policy="block")}
    assert not log.problems
    assert got == {t: (["a", "b"], ["/article[1]", "/article[1]/p[2]"]) for t in "123"}


def test_a_passage_run_is_not_written_as_a_submission(tmp_path):
    run = Run("p", {"1": Ranking.empty("passage")}, "passage")
    with pytest.raises(UsageError, match="holds element results; this run holds passage "
                                         "results"):
        write_inex_submission(run, tmp_path / "out.xml")


def test_a_well_formed_file_without_submission_elements(tmp_path):
    found, problems = _read(tmp_path, "<foo><bar/></foo>\n")
    assert found == {}
    assert problems == [("error", None,
                         "no <inex-submission> root element: not an INEX XML submission")]


def test_an_entity_between_the_fields_of_a_result_is_no_field(tmp_path):
    text = ('<!DOCTYPE inex-submission SYSTEM "x.dtd">\n<inex-submission run-id="t">\n'
            '<topic topic-id="1">\n<result>&nbsp;<file>d</file><path>/article[1]</path>'
            '<rank>1</rank></result>\n</topic>\n</inex-submission>\n')
    found, problems = _read(tmp_path, text)
    assert found == {"1": (["d"], ["/article[1]"], [1])} and problems == []
