"""INEX XML submissions: one event loop (inex_submission.iter_submission_topics) for read_inex_submission
and --stream.  Streaming takes the bulk path and gives the one-by-one reader's topics and
problems (same order); each policy yields when documented; the caller's gc state is restored
while it holds a topic; a refused file is never parsed (not even by the first pass)."""
from __future__ import annotations

import gc
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from sdreval.errors import InputError, ProblemLog
from sdreval.io import inex_results, inex_submission
from sdreval.io.inex_submission import TopicsNotContiguous, iter_submission_topics, read_inex_submission
from sdreval.io.stream import iter_run_topics

sys.path.insert(0, str(Path(__file__).resolve().parent))
# the random submission strategy and the batch-size fixture
from test_inex_xml_fast import monkeypatch_batch, submissions  # noqa: E402,F401

RESULT = "<result><file>{}</file><path>/article[1]/sec[{}]</path><rank>{}</rank></result>"


def _topic(topic: str, *rows: tuple[str, int, int]) -> str:
    return f'<topic topic-id="{topic}">' + "".join(RESULT.format(*r) for r in rows) + "</topic>"


def _write(tmp_path: Path, body: str, name: str = "sub.xml") -> Path:
    path = tmp_path / name
    path.write_text(f'<inex-submission run-id="r">{body}</inex-submission>', encoding="utf-8")
    return path


def _items(path: Path, policy: str, bulk: bool) -> tuple[list, list]:
    log = ProblemLog()
    out = []
    try:
        for topic, ranking in iter_submission_topics(path, log, policy=policy, bulk=bulk):
            out.append((topic, list(ranking.docs), list(ranking.paths), ranking.ranks.tolist(),
                        ranking.rsv.tolist(), len(log.problems)))
    except TopicsNotContiguous as exc:
        out.append(("raised", str(exc)))
    return out, log.problems


@settings(max_examples=80, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                 HealthCheck.function_scoped_fixture])
@given(submissions(), st.sampled_from([2, 3, 4096]), st.sampled_from(["last-block", "block"]))
def test_streaming_bulk_equals_one_by_one(  # noqa: F811  (the imported fixture)
        tmp_path_factory, monkeypatch_batch, text, batch, policy):
    """Every yield (topic, columns, problems logged so far) and every problem in order."""
    path = tmp_path_factory.mktemp("shared") / "run.xml"
    path.write_text(text, encoding="utf-8")
    monkeypatch_batch(batch)
    assert _items(path, policy, True) == _items(path, policy, False)


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                 HealthCheck.function_scoped_fixture])
@given(submissions())
def test_stream_equals_read_inex_submission(tmp_path_factory, text):
    """Same topics as the whole-file reader, same problems (streaming logs a topic's build
    warnings when it is yielded, so as a multiset)."""
    path = tmp_path_factory.mktemp("shared") / "run.xml"
    path.write_text(text, encoding="utf-8")
    full_log, stream_log = ProblemLog(), ProblemLog()
    run = read_inex_submission(path, full_log)
    stream = iter_run_topics(path, "inex-submission", log=stream_log)
    got = {t: (list(r.docs), list(r.paths), r.ranks.tolist(), r.rsv.tolist()) for t, r in stream}
    assert got == {t: (list(r.docs), list(r.paths), r.ranks.tolist(), r.rsv.tolist())
                   for t, r in run.topics.items()}
    assert stream.name == run.name
    assert stream.attributes == getattr(run, "attributes", {})
    assert sorted(map(str, stream_log.problems)) == sorted(map(str, full_log.problems))


def test_streaming_reads_plain_results_in_bulk(tmp_path, monkeypatch):
    rows = [(f"d{i}", i, i) for i in range(1, 40)]
    path = _write(tmp_path, _topic("1", *rows) + _topic("2", *rows))
    calls = []
    original = inex_results._read_plain
    monkeypatch.setattr(inex_results, "_read_plain",
                        lambda batch, *a: calls.append(len(batch)) or original(batch, *a))
    monkeypatch.setattr(inex_results.ResultReader, "read_one", None)  # one by one must not run
    log = ProblemLog()
    topics = dict(iter_run_topics(path, log=log))
    assert calls == [39, 39] and not log.problems
    assert [int(r) for r in topics["2"].ranks] == list(range(1, 40))


def test_policies_yield_when_documented(tmp_path):
    path = _write(tmp_path, _topic("1", ("a", 1, 1)) + _topic("2", ("b", 1, 1))
                  + _topic("1", ("c", 2, 2)) + _topic("3", ("d", 1, 1)))
    order = {policy: [item[0] for item in _items(path, policy, True)[0]]
             for policy in ("file", "last-block", "block")}
    assert order["file"] == ["1", "2", "3"]  # first appearance, resumed topic appended
    assert order["last-block"] == ["2", "1", "3"]  # topic 1 held until its second block
    assert order["block"][:2] == ["1", "2"] and order["block"][2] == "raised"
    items, problems = _items(path, "block", True)
    assert "topics not contiguous" in items[2][1] and problems[-1].line == 1
    whole, _ = _items(path, "file", True)
    assert whole[0][1] == ["a", "c"]
    with pytest.raises(ValueError):
        list(iter_submission_topics(path, ProblemLog(), policy="sorted"))


def test_topic_is_yielded_before_the_rest_is_parsed(tmp_path):
    path = _write(tmp_path, _topic("1", ("a", 1, 1)) + _topic("2", ("b", 1, 1))
                  + '<topic topic-id="3"><result><file>x</file><path>//</path></result></topic>')
    log = ProblemLog()
    stream = iter_run_topics(path, log=log)
    assert next(stream)[0] == "1" and stream.name == "r" and not log.problems
    assert [t for t, _ in stream] == ["2", "3"] and len(log.errors) == 1


def test_gc_is_on_while_the_caller_holds_a_topic(tmp_path):
    path = _write(tmp_path, _topic("1", ("a", 1, 1)) + _topic("2", ("b", 1, 1)))
    assert gc.isenabled()
    stream = iter_run_topics(path, log=ProblemLog())
    next(stream)
    assert gc.isenabled()  # the parse turned it off; the caller gets it back
    stream.close()
    assert gc.isenabled()
    gc.disable()
    try:
        for _ in iter_run_topics(path, log=ProblemLog(), contiguous=True):
            assert not gc.isenabled()  # a caller's disabled gc stays disabled
    finally:
        gc.enable()


def test_refused_file_is_not_parsed_by_the_first_pass(tmp_path, monkeypatch):
    path = tmp_path / "bomb.xml"
    path.write_text('<!DOCTYPE x [<!ENTITY a "aaaa">]><inex-submission run-id="&a;">'
                    '<topic topic-id="&a;"/></inex-submission>')
    monkeypatch.setattr(inex_submission, "topic_counts", None)  # would fail if called
    log = ProblemLog()
    stream = iter_run_topics(path, log=log)
    assert list(stream) == [] and stream.name == "bomb" and stream.attributes == {}
    assert len(log.errors) == 1 and "entity declarations are refused" in log.errors[0].message
    with pytest.raises(InputError, match="refused"):
        list(iter_run_topics(path))
