"""The run reader equals the reference reader of tests/reference (every line parsed in Python,
the rules checked with plain loops): same objects, same problems.

Random files mix valid lines with every kind of trouble the careful readers report (wrong field
counts, bad numbers, ranks below 1, bad XPaths, repeats, ranks out of order, several run-ids,
overlapping and empty passages) and with what the columnar parser must hand back to them
(comments, blank lines, CRLF, a byte-order mark, tabs, doubled or odd white space, non-UTF-8
and non-ASCII lines).  Blocks are made tiny so that files are cut into many blocks and Arrow
chunks, and bad blocks are halved down to the careful path.
"""
from __future__ import annotations

import gzip

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from textfiles import encode_lines

from sdreval.errors import InputError, ProblemLog
from sdreval.io import columnar
from sdreval.io.trec import read_trec_run
from reference.trec_run import read_trec_run_reference


def assert_same_run(a, b) -> None:
    assert (a.name, a.unit, a.source) == (b.name, b.unit, b.source)
    assert list(a.topics) == list(b.topics)
    for topic in a.topics:
        x, y = a.topics[topic], b.topics[topic]
        assert x.unit == y.unit
        for name in ("docs", "paths", "offsets", "lengths", "ranks", "rsv"):
            u, v = getattr(x, name), getattr(y, name)
            assert u.dtype == v.dtype, (topic, name)
            assert u.tolist() == v.tolist(), (topic, name)


def both(path, layout):
    """(run, problems) of the library's reader and of the reference reader."""
    fast_log, careful_log = ProblemLog(), ProblemLog()
    fast = read_trec_run(path, layout, fast_log)
    careful = read_trec_run_reference(path, layout, careful_log)
    return (fast, fast_log.problems), (careful, careful_log.problems)


@pytest.fixture
def tiny_blocks(monkeypatch):
    monkeypatch.setattr(columnar, "BLOCK_BYTES", 700)
    monkeypatch.setattr(columnar, "CAREFUL_BYTES", 90)
    monkeypatch.setattr(columnar, "ARROW_BLOCK_BYTES", 256)


TAILS = {"element": ["/article[1]/sec[1]", "/article[1]", "/article[1]/p[2]", "/a/b[3]"],
         "passage": ["0 10", "5 10", "100 0", "20 30"], "document": [""]}
TROUBLE = [
    "x", "1 Q0", "1 Q0 d 1 2.5 r extra fields here", "1 Q0 d x 2.5 r {tail}",
    "1 Q0 d 0 2.5 r {tail}", "1 Q0 d -3 2.5 r {tail}", "1 Q0 d 1 nan r {tail}",
    "1 Q0 d 1 inf r {tail}", "1 Q0 d 1 1e999 r {tail}", "1 Q0 d 1_000 2 r {tail}",
    "1 Q0 d +4 2 r {tail}", "1 Q0 d 007 .5 r {tail}", "1 Q0 d 99999999999999999999 1 r {tail}",
    "1 Q0 d 1 2.5 r //bad", "1 Q0 d 1 2.5 r /a[0]", "1 Q0 d 1 2.5 r -1 5",
    "1 Q0 d 1 2.5 r 5000000000 1", "# a comment", "", "   ", "#", "1  Q0 d 1 2 r {tail}",
    " 1 Q0 d 1 2 r {tail}", "1 Q0 d 1 2 r {tail} ", "1\tQ0\td\t1\t2\tr\t{tail}",
    "1 Q0 d 1 2 r\v{tail}", "1 Q0 d\u00a01 2 r {tail}", "1 Q0 dé 1 2 r {tail}",
    "1 Q0 d 1 2 other-run {tail}", "2 Q0 d 1 2 r {tail}", "#1 Q0 d 1 2 r {tail}",
]


@st.composite
def run_files(draw, layout, trouble=True):
    tails = TAILS[layout]
    lines = []
    for _ in range(draw(st.integers(0, 40))):
        if trouble and draw(st.integers(0, 4)) == 0:
            line = draw(st.sampled_from(TROUBLE)).replace("{tail}", draw(st.sampled_from(tails)))
            if layout == "document":
                line = line.replace("  ", " ").rstrip() if "{tail}" in line else line
        else:
            topic = draw(st.sampled_from(["1", "2", "10"]))
            doc = draw(st.sampled_from(["d", "e", "f", "12345"]))
            rank = draw(st.integers(1, 6))
            rsv = draw(st.sampled_from(["1", "2.5", "-0.25", "1e-3", "3.0000000000000004"]))
            run = draw(st.sampled_from(["r", "r", "r", "s"]))
            tail = draw(st.sampled_from(tails))
            line = f"{topic} Q0 {doc} {rank} {rsv} {run}" + (f" {tail}" if tail else "")
        lines.append(line)
    return encode_lines(draw, st, lines, damage=trouble)


@pytest.mark.parametrize("layout", ["element", "passage", "document"])
@settings(max_examples=120, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(data=st.data())
def test_columnar_equals_careful_on_random_files(tmp_path, tiny_blocks, layout, data):
    content = data.draw(run_files(layout))
    path = tmp_path / "run.txt"
    path.write_bytes(content)
    (fast, fast_problems), (careful, careful_problems) = both(path, layout)
    assert_same_run(fast, careful)
    assert fast_problems == careful_problems


@pytest.mark.parametrize("layout", ["element", "passage", "document"])
def test_large_clean_files_use_the_columnar_path(tmp_path, tiny_blocks, monkeypatch, layout):
    rng = np.random.default_rng(7)
    tail = {"element": " /article[1]/sec[{}]", "passage": " {}0 5", "document": ""}[layout]
    lines = [f"{t} Q0 doc{d} {r + 1} {s!r} run" + tail.format(d % 4 + 1)
             for t in (3, 1, 2) for r, (d, s) in enumerate(zip(rng.integers(0, 60, 200).tolist(),
                                                                 rng.random(200).tolist()))]
    lines[5] = lines[5].replace(" 6 ", " 2 ")  # ranks out of order
    path = tmp_path / "run.txt"
    path.write_text("# header\n" + "\n".join(lines) + "\n", encoding="utf-8")
    calls = []
    original = columnar.parse_columns
    monkeypatch.setattr(columnar, "parse_columns",
                        lambda *a, **k: calls.append(1) or original(*a, **k))
    from sdreval.io import trec
    monkeypatch.setattr(trec, "parse_columns", columnar.parse_columns)
    careful_calls = []
    original_careful = trec.careful_block
    monkeypatch.setattr(trec, "careful_block",
                        lambda *a: careful_calls.append(1) or original_careful(*a))
    (fast, fast_problems), (careful, careful_problems) = both(path, layout)
    assert_same_run(fast, careful)
    assert fast_problems == careful_problems
    assert any("repeats line" in p.message for p in fast_problems)
    assert calls and not careful_calls


def test_gzip_and_corrupt_gzip(tmp_path, tiny_blocks):
    text = "".join(f"1 Q0 d{i} {i} 1.5 r /article[1]\n" for i in range(1, 300))
    good = tmp_path / "run.txt.gz"
    good.write_bytes(gzip.compress(text.encode()))
    (fast, p1), (careful, p2) = both(good, "element")
    assert_same_run(fast, careful) or p1 == p2
    assert len(fast["1"]) == 299
    broken = tmp_path / "broken.txt.gz"
    broken.write_bytes(gzip.compress(text.encode())[:-40])
    (fast, p1), (careful, p2) = both(broken, "element")
    assert_same_run(fast, careful)
    assert p1 == p2 and any("cannot read further" in p.message for p in p1)


def test_without_a_log_errors_are_raised_like_the_reference_reader(tmp_path):
    path = tmp_path / "run.txt"
    path.write_text("1 Q0 d 1 2 r /a\n1 Q0 d x 2 r /a\n1 Q0 d 0 2 r /a\n", encoding="utf-8")
    with pytest.raises(InputError) as fast:
        read_trec_run(path, "element")
    with pytest.raises(InputError) as careful:
        read_trec_run_reference(path, "element")
    assert str(fast.value) == str(careful.value)


@pytest.mark.parametrize("layout", ["element", "passage", "document"])
@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(data=st.data())
def test_columnar_equals_careful_in_whole_blocks(tmp_path, layout, data):
    """Default block sizes: a clean file is one Arrow piece, so the vectorised pre-checks of
    repeats and overlaps (not the per-piece fallbacks) decide which topics the careful code
    re-examines."""
    content = data.draw(run_files(layout, trouble=False))
    path = tmp_path / "run.txt"
    path.write_bytes(content)
    (fast, fast_problems), (careful, careful_problems) = both(path, layout)
    assert_same_run(fast, careful)
    assert fast_problems == careful_problems


@settings(max_examples=300, deadline=None)
@given(rows=st.lists(st.tuples(st.integers(0, 3), st.integers(0, 3), st.integers(0, 40),
                               st.integers(0, 12)), max_size=30),
       wide=st.sampled_from([0, 20, 29]), far=st.sampled_from([0, 2**31]))
def test_overlap_check_finds_exactly_the_topics_with_overlapping_passages(rows, wide, far):
    """The sort-based check of the columnar reader equals a pairwise check (``wide`` spreads
    the document codes and ``far`` the offsets so that the packed keys no longer fit and the
    lexicographic sort decides)."""
    from sdreval.model.result_rules import topics_with_overlaps

    topic, doc, offset, length = (np.array([r[i] for r in rows], dtype=np.int64)
                                  for i in range(4))
    doc = (doc << wide).astype(np.int32)
    offset += far
    truth = np.zeros(4, dtype=bool)
    for i, a in enumerate(rows):
        for b in rows[i + 1:]:
            if (a[0], a[1]) == (b[0], b[1]) and a[3] and b[3] and \
                    max(a[2], b[2]) < min(a[2] + a[3], b[2] + b[3]):
                truth[a[0]] = True
    found = topics_with_overlaps(topic.astype(np.int32), doc, offset, length,
                                 np.zeros(4, dtype=bool))
    assert found.tolist() == truth.tolist()


def test_unicode_white_space_pattern_is_exactly_what_str_split_splits_on():
    """Non-ASCII blocks take the columnar path only without white space that ``str.split()``
    would cut fields at: the pattern must match the UTF-8 of exactly those characters."""
    spaces = {chr(c) for c in range(0x80, 0x110000)
              if chr(c).isspace() and not 0xD800 <= c <= 0xDFFF}
    found = {chr(c) for c in range(0x80, 0x110000) if not 0xD800 <= c <= 0xDFFF
             and columnar._UNICODE_SPACE.fullmatch(chr(c).encode("utf-8"))}
    assert found == spaces


@pytest.mark.parametrize("layout", ["element", "passage", "document"])
def test_clean_non_ascii_files_use_the_columnar_path(tmp_path, tiny_blocks, monkeypatch, layout):
    """Document ids and XPaths in UTF-8 (Wikipedia titles, chunk ids of RAG collections) are
    read columnar, with the same run as the careful reader; the line with a no-break space
    (which ``str.split()`` takes for a field separator) is read by the careful reader."""
    tail = {"element": " /article[1]/séc[{}]", "passage": " {}0 5", "document": ""}[layout]
    lines = [f"{t} Q0 Café_{d}—naïve {r + 1} {10 - r / 7!r} rün" + tail.format(d % 4 + 1)
             for t in ("1", "2") for r, d in enumerate(range(60))]
    lines[70] = lines[70].replace(" Q0 ", "\u00a0Q0 ")  # one line for the careful reader
    path = tmp_path / "run.txt"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    from sdreval.io import trec
    careful_calls = []
    original_careful = trec.careful_block
    monkeypatch.setattr(trec, "careful_block",
                        lambda *a: careful_calls.append(a[1]) or original_careful(*a))
    (fast, fast_problems), (careful, careful_problems) = both(path, layout)
    assert_same_run(fast, careful)
    assert fast_problems == careful_problems == []
    assert len(careful_calls) == 1  # only the piece with the no-break space
    assert fast["2"].docs[10] == "Café_10—naïve"  # its fields, cut at the no-break space
    assert fast["1"].docs[0] == "Café_0—naïve"
