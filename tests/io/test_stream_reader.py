"""Topic-at-a-time run reading (sdreval.io.stream): same rankings and problems as read_run."""
from __future__ import annotations

import gzip
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sdreval.errors import InputError, ProblemLog
from sdreval.io import read_run
from sdreval.io.inex_submission import write_inex_submission
from sdreval.io.inex_submission import topic_counts
from sdreval.io.stream import iter_run_topics, last_lines, should_stream
from sdreval.io.writers import write_run
from sdreval.model.run import Ranking, Run

REAL_DATA = Path(__file__).resolve().parents[1] / "realdata"

EXAMPLES = Path(__file__).resolve().parents[2] / "src" / "sdreval" / "data" / "examples"
RUN_FILES = sorted((EXAMPLES / "kazai-lalmas-2006" / "runs").glob("*.txt")) + sorted(
    (EXAMPLES / "synthetic" / "runs").glob("*.txt")) + sorted(
    (REAL_DATA / "inex2009-wikipedia-sample" / "runs").glob("*.txt")) + [
    REAL_DATA / "inex2009-2010-zendel" / "bert_inex_converted.run"]


def assert_same_ranking(a: Ranking, b: Ranking) -> None:
    assert a.unit == b.unit and len(a) == len(b)
    for column in ("docs", "paths", "offsets", "lengths", "ranks", "rsv"):
        assert list(getattr(a, column)) == list(getattr(b, column)), column


def assert_same_run(path, fmt=None, contiguous=False) -> tuple[ProblemLog, ProblemLog]:
    """Streamed topics equal read_run's (as a mapping), with the same problems."""
    # every problem kept (a log keeps the first examples of each kind, and the two readers
    # find them in different orders)
    full_log, stream_log = ProblemLog(examples=10**9), ProblemLog(examples=10**9)
    run = read_run(path, fmt, log=full_log)
    stream = iter_run_topics(path, fmt, log=stream_log, contiguous=contiguous)
    got = dict(stream)
    assert stream.name == run.name and stream.unit == run.unit
    assert stream.topics == len(got) == len(run.topics)
    assert set(got) == set(run.topics)
    for topic, ranking in run.topics.items():
        assert_same_ranking(got[topic], ranking)
    assert sorted(map(str, stream_log.problems)) == sorted(map(str, full_log.problems))
    return full_log, stream_log


@pytest.mark.parametrize("path", RUN_FILES, ids=lambda p: p.name)
def test_bundled_and_real_runs_stream_as_read(path):
    assert_same_run(path)


@pytest.mark.parametrize("path", RUN_FILES[:3], ids=lambda p: p.name)
def test_contiguous_mode_on_sorted_files(path):
    assert_same_run(path, contiguous=True)


def _lines(topics_rows) -> str:
    return "".join(f"{t} Q0 {d} {r} {s} runA {p}\n" for t, d, r, s, p in topics_rows)


def test_resumed_topic_is_held_until_its_last_block(tmp_path):
    rows = [("1", "d1", 1, 3.0, "/article[1]"), ("1", "d2", 2, 2.0, "/article[1]/sec[1]"),
            ("2", "d1", 1, 5.0, "/article[1]"),
            ("1", "d3", 3, 1.0, "/article[1]/sec[2]"),  # topic 1 resumed
            ("3", "d9", 1, 1.0, "/article[1]")]
    path = tmp_path / "resumed.run"
    path.write_text(_lines(rows))
    last, blocks = last_lines(path)
    assert last == {"1": 4, "2": 3, "3": 5} and blocks == 4
    stream = iter_run_topics(path, log=ProblemLog())
    order = [topic for topic, _ in stream]
    assert order == ["2", "1", "3"]  # topic 1 yielded after its last line, not before
    assert_same_run(path)


def test_contiguous_mode_rejects_resumed_topic(tmp_path):
    path = tmp_path / "resumed.run"
    path.write_text(_lines([("1", "d1", 1, 3.0, "/a[1]"), ("2", "d1", 1, 3.0, "/a[1]"),
                            ("1", "d2", 2, 2.0, "/a[1]")]))
    log = ProblemLog()
    with pytest.raises(InputError, match="topics not contiguous"):
        list(iter_run_topics(path, log=log, contiguous=True))
    assert log.errors and log.errors[-1].line == 3


def test_yields_before_reading_the_rest(tmp_path, monkeypatch):
    """Streaming: topic 1 arrives before the block holding the broken last line is read
    (blocks of a few lines here; of megabytes in real use)."""
    from sdreval.io import columnar

    monkeypatch.setattr(columnar, "BLOCK_BYTES", 40)
    path = tmp_path / "lazy.run"
    path.write_text(_lines([("1", "d1", 1, 3.0, "/a[1]"), ("2", "d1", 1, 3.0, "/a[1]"),
                            ("3", "d1", 1, 3.0, "/a[1]")]) + "3 Q0 d2 x 1.0 runA /a[1]\n")
    log = ProblemLog()
    stream = iter_run_topics(path, log=log)
    assert next(stream)[0] == "1"
    assert not log.errors
    assert [t for t, _ in stream] == ["2", "3"]
    assert len(log.errors) == 1 and log.errors[0].line == 4


def test_without_log_errors_raise_at_the_end(tmp_path):
    path = tmp_path / "bad.run"
    path.write_text(_lines([("1", "d1", 1, 3.0, "/a[1]")]) + "2 Q0 d1 1 nan runA /a[1]\n")
    stream = iter_run_topics(path)
    assert next(stream)[0] == "1"
    with pytest.raises(InputError, match="rsv"):
        list(stream)


def test_problems_match_read_run(tmp_path):
    text = ("\ufeff# comment\n"
            "1 Q0 d1 1 3.0 runA /article/sec[2]\n"
            "1 Q0 d1 2 2.0 runB /article[1]/sec[2]\n"  # repeat + second run-id
            "1 Q0 d2 1 1.0 runA /article[1]\n"  # rank out of order
            "1 Q0 d2 x 1.0 runA /article[1]\n"  # bad rank
            "2 Q0 d2 1 1.0 runA /article[1]//x\n"  # malformed XPath
            "2 Q0 d2 1 1.0 runA\n"  # wrong field count
            "\n"
            "2 Q0 d3 2 0.5 runC /article[1]\n")
    path = tmp_path / "problems.run"
    path.write_text(text, encoding="utf-8")
    full, _ = assert_same_run(path)
    assert len(full.errors) == 3 and len(full.warnings) >= 4


def test_gzip_passage_and_document_layouts(tmp_path):
    rng = np.random.default_rng(1)
    topics = {}
    for t in ("7", "8", "10"):
        n = 30
        topics[t] = Ranking(np.array([f"doc{i}" for i in rng.integers(0, 9, n)], dtype=object),
                            np.full(n, None, dtype=object), rng.integers(0, 500, n),
                            rng.integers(1, 90, n), np.arange(1, n + 1),
                            np.sort(rng.random(n))[::-1], "passage")
    run = Run("pr", topics, "passage")
    plain = tmp_path / "p.run"
    write_run(run, plain)
    packed = tmp_path / "p.run.gz"
    packed.write_bytes(gzip.compress(plain.read_bytes()))
    assert_same_run(packed)
    document = tmp_path / "d.run"
    write_run(run, document, "document")
    assert_same_run(document, "document")


def test_xml_submission_streams_as_read(tmp_path):
    run = read_run(RUN_FILES[0])
    path = tmp_path / "sub.xml"
    write_inex_submission(run, path)
    assert_same_run(path)
    assert_same_run(path, contiguous=True)


def test_xml_resumed_topic(tmp_path):
    path = tmp_path / "sub.xml"
    result = "<result><file>{}</file><path>/article[1]/sec[{}]</path><rank>{}</rank></result>"
    path.write_text(
        '<inex-submission run-id="x">'
        f'<topic topic-id="1">{result.format("a", 1, 1)}{result.format("a", 2, 2)}</topic>'
        f'<topic topic-id="2">{result.format("b", 1, 1)}</topic>'
        f'<topic topic-id="1">{result.format("c", 1, 3)}</topic>'
        "</inex-submission>")
    assert topic_counts(path) == {"1": 2, "2": 1}
    assert [t for t, _ in iter_run_topics(path, log=ProblemLog())] == ["2", "1"]
    _, log = assert_same_run(path)
    assert any("given again" in str(p) for p in log.warnings)
    with pytest.raises(InputError, match="topics not contiguous"):
        list(iter_run_topics(path, log=ProblemLog(), contiguous=True))


def test_should_stream(tmp_path):
    path = tmp_path / "r.run"
    path.write_text("1 Q0 d 1 1.0 r /a[1]\n")
    assert not should_stream(path) and should_stream(path, threshold=5)
    assert not should_stream(tmp_path / "missing")


@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.tuples(st.sampled_from(["1", "2", "3", "10"]), st.integers(0, 4),
                          st.integers(1, 6)), min_size=0, max_size=40),
       st.booleans())
def test_any_interleaving_streams_as_read(tmp_path, rows, bad_line):
    """Whatever the order of topic lines, the streamed topics equal read_run's."""
    text = "".join(f"{t} Q0 d{d} {r} {1.0 / r} runA /article[1]/sec[{d + 1}]\n"
                   for t, d, r in rows)
    if bad_line and rows:
        text += f"{rows[0][0]} Q0 dx 1 1.0 runA\n"
    path = tmp_path / "any.run"
    path.write_text(text)
    if not text:
        return
    assert_same_run(path)


def test_corrupt_gzip_streams_up_to_the_damage_like_read_run(tmp_path, monkeypatch):
    from sdreval.io import columnar

    monkeypatch.setattr(columnar, "BLOCK_BYTES", 300)
    text = "".join(f"{t} Q0 d{i} {i} 1.5 runA /article[1]\n" for t in (1, 2, 3)
                   for i in range(1, 200))
    path = tmp_path / "broken.run.gz"
    path.write_bytes(gzip.compress(text.encode())[:-60])
    full, streamed = ProblemLog(), ProblemLog()
    run = read_run(path, "element-run", log=full)
    got = dict(iter_run_topics(path, "element-run", log=streamed))
    assert set(got) == set(run.topics)
    for topic, ranking in run.topics.items():
        assert_same_ranking(got[topic], ranking)
    assert sorted(map(str, streamed.problems)) == sorted(map(str, full.problems))
    assert any("cannot read further" in p.message for p in full.errors)


@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.tuples(st.sampled_from(["1", "2", "3", "10"]), st.integers(0, 4),
                          st.integers(0, 6)), min_size=1, max_size=60))
def test_small_blocks_stream_as_read(tmp_path, monkeypatch, rows):
    """Topics cut across many blocks (some parsed by Arrow, some line by line)."""
    from sdreval.io import columnar

    monkeypatch.setattr(columnar, "BLOCK_BYTES", 120)
    monkeypatch.setattr(columnar, "CAREFUL_BYTES", 50)
    monkeypatch.setattr(columnar, "ARROW_BLOCK_BYTES", 128)
    text = "".join(f"{t} Q0 d{d} {r} {1.0 / (r + 1)} runA /article[1]/sec[{d + 1}]\n"
                   for t, d, r in rows)
    path = tmp_path / "small.run"
    path.write_text(text)
    assert_same_run(path)


def _last_lines_one_by_one(path):
    """The first pass line by line (the reference of the block-wise one): each line decoded
    as UTF-8 (one byte-order mark dropped), cut by ``str.split()``; blank, comment and
    non-UTF-8 lines skipped, and those the reader refuses (holding a NUL or a later BOM)."""
    last, events = {}, []
    with open(path, "rb") as handle:
        for number, raw in enumerate(handle, 1):
            try:
                text = raw.decode("utf-8")
            except UnicodeDecodeError:
                continue
            if number == 1 and text.startswith("\ufeff"):
                text = text[1:]
            fields = text.split()
            if not fields or fields[0].startswith("#") or "\ufeff" in text or "\x00" in text:
                continue  # (a NUL or a later byte-order mark: a line the reader refuses)
            last[fields[0]] = number
            events.append(fields[0])
    blocks = sum(1 for i, key in enumerate(events) if i == 0 or key != events[i - 1])
    return last, blocks


@settings(max_examples=80, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.sampled_from([
    "1 Q0 d 1 1 r /a", "2 Q0 d 1 1 r /a", "10 Q0 d", "", "   ", "# c", " 1 Q0 d", "\t2 x",
    "1\tQ0", "é Q0 d", "1é Q0", "\ufeff1 Q0", "1\x1c2 Q0", "x" * 40 + " Q0", "x" * 40,
    "1\r", "\u00a01 Q0", "#1 Q0", "1"]), max_size=40), st.booleans(), st.booleans())
def test_block_first_pass_equals_one_by_one(tmp_path, monkeypatch, lines, bom, crlf):
    from sdreval.io import columnar

    monkeypatch.setattr(columnar, "STREAM_BLOCK_BYTES", 8)  # blocks of about 32 bytes
    text = ("\r\n" if crlf else "\n").join(lines)
    data = (b"\xef\xbb\xbf" if bom else b"") + text.encode("utf-8")
    path = tmp_path / "first.run"
    path.write_bytes(data)
    assert last_lines(path) == _last_lines_one_by_one(path)
