"""The FOL, native and TREC qrels readers equal the reference readers of tests/reference
(every line parsed in Python, judgements in plain objects).

Same judgements (topic order, document/element order, every value), same problems in the same
order, on random files mixing valid lines with every kind of trouble the readers report
(wrong field counts, bad numbers, bad passages and XPaths, invalid pairs, identical and
conflicting repeats, each FOL warning) and with what the block parser must hand to the per-line
parse
(comments, blank lines, CRLF, a byte-order mark, tabs, odd white space, non-ASCII and non-UTF-8
lines).  Blocks are tiny so that files are cut into many blocks and bad blocks are halved down
to the per-line parse.
"""
from __future__ import annotations

import gzip
import pickle

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from reference.qrels import (read_fol_qrels_reference, read_native_qrels_reference,
                             read_trec_qrels_reference)
from textfiles import encode_lines

from sdreval.errors import InputError, ProblemLog
from sdreval.io import columnar, fol
from sdreval.io.fol import read_fol_qrels
from sdreval.io.native import read_native_qrels
from sdreval.io.trec_qrels import read_trec_qrels
from sdreval.judgements.columns import TopicJudgements
from sdreval.judgements.qrels import DocPassages, Qrels

READERS = {"fol": read_fol_qrels, "native": read_native_qrels, "trec": read_trec_qrels}
REFERENCE = {"fol": read_fol_qrels_reference, "native": read_native_qrels_reference,
             "trec": read_trec_qrels_reference}


@pytest.fixture
def tiny_blocks(monkeypatch):
    monkeypatch.setattr(columnar, "BLOCK_BYTES", 600)
    monkeypatch.setattr(columnar, "CAREFUL_BYTES", 80)
    monkeypatch.setattr(columnar, "ARROW_BLOCK_BYTES", 256)


def plain(qrels: Qrels) -> tuple:
    """Everything a Qrels holds, in order, as plain values."""
    return (qrels.scale, qrels.source,
            [(t, q.topic, list(q.elements.items()), list(q.passages.items()))
             for t, q in qrels.topics.items()])


def both(path, kind):
    fast_log, reference_log = ProblemLog(), ProblemLog()
    fast = READERS[kind](path, fast_log)
    reference = REFERENCE[kind](path, reference_log)
    return (fast, fast_log), (reference, reference_log)


FOL_GOOD = ["{t} Q0 {d} 0 100", "{t} Q0 {d} 0 100 ", "{t} Q0 {d} 10 100 5 5:10",
            "{t} Q0 {d} 15 100 0 0:10 20:5", "{t} Q0 {d} 15 100 20:5 0:10",
            "{t} Q0 {d} 3 50 50 0:1 2:2 ", "{t} Q0 {d} 0 0", "{t} Q0 {d} 30 4000 7 10:10 40:20"]
FOL_TROUBLE = [
    "x", "1 Q0 {d} 10", "1 Q0 {d} x 100", "1 Q0 {d} 10 -1", "1 Q0 {d} 10 100 b 0:10",
    "1 Q0 {d} 10 100 0 0-10", "1 Q0 {d} 10 100 0 5:-10", "1 Q0 {d} 10 100 0 -5:10",
    "1 Q0 {d} 10 100 0 1:2:3", "1 Q0 {d} 10 100 0 4294967290:10", "1 Q0 {d} 10 100 0 95:10",
    "1 Q0 {d} 10 100 200 0:10", "1 Q0 {d} 12 100 0 0:10", "1 Q0 {d} 10 100 0 0:10 5:0",
    "1 Q0 {d} 15 100 0 0:10 5:5", "1 Q0 {d} 10 100", "1 Q0 {d} +10 100 0 0:10",
    "1 Q0 {d} 1_0 100 0 0:10", "1 Q0 {d} 10 99999999999999999999 0 0:10",
    "1 Q0 {d} 007 100 0 0:7",
    "1 Q0 {d} 10 100 0 0:10 :", "1  Q0 {d} 0 100", " 1 Q0 {d} 0 100", "1\tQ0\t{d}\t0\t100",
    "1 Q0 {d} 0\v100", "1 Q0 {d}\u00a00 100", "1 Q0 dé 0 100", "# comment", "", "   ",
    "#1 Q0 {d} 0 1",
]
NATIVE_GOOD = ["{t}\t{d}\t/article[1]/sec[{k}]\t2\t0.5\t120", "{t}\t{d}\t/article/sec[{k}]\t1\t1",
               "{t}\t{d}\t/article[1]/p[{k}]\t0\t0\t30", "{t}\t{d}\t/article[1]\t?\t0.25",
               "{t} {d} /article[1]/sec[{k}] 3 2", "{t}\t{d}\t/article[1]/sec[{k}]\t2\tE",
               "{t}\t{d}\t/article[1]/sec[{k}]\t1.5\t1e-1\t7"]
NATIVE_TROUBLE = [
    "topic\tfile\tpath\te\ts\tsize", "1\td", "1\t{d}\t/a\t1\t1\t1\t1", "1\t{d}\t//bad\t1\t1",
    "1\t{d}\t/a[0]\t1\t1", "1\t{d}\t/a\tx\t1", "1\t{d}\t/a\t1\ty", "1\t{d}\t/a\t1\t1\t-3",
    "1\t{d}\t/a\tnan\t1", "1\t{d}\t/a\t1\tinf", "1\t{d}\t/a\t1e999\t1", "1\t{d}\t/a\t1_0\t1",
    "1\t{d}\t/a\t0\t2", "1\t{d}\t/a\t2\t0", "1\t{d}\t/a\t7\t0.5", "1\t{d}\t/a\t2\tn",
    "1\t{d}\t/a\t+2\t.5", "1\t{d}\t/a\t?\tS", "1\tdé\t/a\t1\t1", "# scale=inex2005",
    "# comment", "", "1\t{d}\t/a\t1 \t1",
]


TREC_GOOD = ["{t} 0 {d} 1", "{t} Q0 {d} 0", "{t}\t0\t{d}\t2", "{t} 0 {d} -1", "{t} 0 {d} 1 "]
TREC_TROUBLE = ["1 0 {d}", "1 0 {d} 1 x", "1 0 {d} x", "1 0 {d} 1.5", "1 0 {d} +2", "1 0 {d} 1_0",
                "1 0 {d} 99999999999999999999", "1  0 {d} 1", "1 0 {d}\u00a01", "1 0 dé 1",
                "# comment", "", "   ", "#1 0 {d} 1"]
GOOD = {"fol": FOL_GOOD, "native": NATIVE_GOOD, "trec": TREC_GOOD}
TROUBLE = {"fol": FOL_TROUBLE, "native": NATIVE_TROUBLE, "trec": TREC_TROUBLE}


@st.composite
def qrels_files(draw, kind):
    good, trouble = GOOD[kind], TROUBLE[kind]
    lines = []
    if kind == "native" and draw(st.booleans()):
        lines.append(draw(st.sampled_from(["# scale=inex2005", "# scale=graded",
                                           "# scale=bogus", "topic\tfile\tpath\te\ts"])))
    for _ in range(draw(st.integers(0, 40))):
        if draw(st.integers(0, 4)) == 0:  # mostly a document not judged before
            lines.append(draw(st.sampled_from(trouble)).replace(
                "{d}", draw(st.sampled_from(["d", "u", "v", "w", "x", "y", "z"]))))
        else:
            lines.append(draw(st.sampled_from(good)).format(
                t=draw(st.sampled_from(["1", "2", "10"])),
                d=draw(st.sampled_from(["d", "e", "f", "12345"])), k=draw(st.integers(1, 3))))
    return encode_lines(draw, st, lines)


@pytest.mark.parametrize("kind", ["fol", "native", "trec"])
@settings(max_examples=150, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(data=st.data())
def test_columnar_equals_reference_on_random_files(tmp_path, tiny_blocks, kind, data):
    path = tmp_path / "qrels.txt"
    path.write_bytes(data.draw(qrels_files(kind)))
    (fast, fast_log), (reference, reference_log) = both(path, kind)
    assert plain(fast) == plain(reference)
    assert fast == reference
    assert fast_log.problems == reference_log.problems
    assert fast_log.counts == reference_log.counts


@pytest.mark.parametrize("kind", ["fol", "native", "trec"])
@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(data=st.data())
def test_columnar_equals_reference_in_whole_blocks(tmp_path, kind, data):
    """With the real block sizes a small file is one block: its troubles go line by line."""
    path = tmp_path / "qrels.txt"
    path.write_bytes(data.draw(qrels_files(kind)))
    (fast, fast_log), (reference, reference_log) = both(path, kind)
    assert plain(fast) == plain(reference) and fast_log.problems == reference_log.problems


def test_clean_fol_blocks_take_the_columnar_path(tmp_path, tiny_blocks, monkeypatch):
    lines = [f"{t} Q0 doc{b + d} {5 * (d % 3)} 100 " + " ".join(f"{10 * i}:5"
                                                              for i in range(d % 3))
             for t, b in ((3, 0), (1, 0), (2, 0), (1, 100)) for d in range(60)]
    lines[70] = lines[10]  # a repeat, several blocks later
    path = tmp_path / "q.fol"
    path.write_text("\n".join(lines) + "\n")
    explained = []
    original = fol.parse_fol_line
    monkeypatch.setattr(fol, "parse_fol_line",
                        lambda *a: explained.append(a[1]) or original(*a))
    (fast, fast_log), (reference, reference_log) = both(path, "fol")
    assert plain(fast) == plain(reference) and fast_log.problems == reference_log.problems
    assert [p.line for p in fast_log.problems] == [71] and not explained
    assert isinstance(fast.topics, TopicJudgements) and list(fast) == ["3", "1", "2"]
    assert list(fast["1"].passages) == [f"doc{d}" for d in [*range(60), *range(100, 160)]
                                        if d != 10]  # line 71 was replaced


def test_utf8_fol_blocks_take_the_columnar_path(tmp_path, monkeypatch):
    # non-ASCII ids (UTF-8, no Unicode white space) are cut by Arrow as str.split() cuts them
    # (they went line by line when the block test of the FOL reader took ASCII only)
    path = tmp_path / "q.fol"
    path.write_text("\ufeff" + "".join(f"t\u00e9{t} Q0 d\u00f6c{d} 5 100 0:5\n"
                                      for t in range(3) for d in range(50)), encoding="utf-8")
    explained = []
    original = fol.parse_fol_line
    monkeypatch.setattr(fol, "parse_fol_line",
                        lambda *a: explained.append(a[1]) or original(*a))
    (fast, fast_log), (reference, reference_log) = both(path, "fol")
    assert plain(fast) == plain(reference) and not fast_log.problems and not explained
    assert list(fast) == ["t\u00e90", "t\u00e91", "t\u00e92"]


def test_gzip_and_corrupt_gzip(tmp_path, tiny_blocks):
    text = "".join(f"1 Q0 d{i} 5 100 0:5\n" for i in range(200)).encode()
    path = tmp_path / "q.fol.gz"
    path.write_bytes(gzip.compress(text))
    (fast, fast_log), (reference, reference_log) = both(path, "fol")
    assert plain(fast) == plain(reference) and not fast_log.problems
    path.write_bytes(gzip.compress(text)[:-30])
    (fast, fast_log), (reference, reference_log) = both(path, "fol")
    assert plain(fast) == plain(reference) and fast_log.problems == reference_log.problems
    assert fast_log.errors


def test_without_a_log_errors_are_raised_like_the_reference_reader(tmp_path):
    path = tmp_path / "q"
    path.write_text("1 Q0 d x 1\n1 Q0 e 1\n1 Q0 f 0 1\n1 Q0 f 0 2\n")
    with pytest.raises(InputError) as fast:
        read_fol_qrels(path)
    with pytest.raises(InputError) as reference:
        read_fol_qrels_reference(path)
    assert str(fast.value) == str(reference.value)


@pytest.mark.parametrize("kind", ["fol", "trec"])
def test_a_problem_on_every_line(tmp_path, tiny_blocks, kind):
    """Every line explained one by one, its problems held and reported in line order with
    the repeats (found at the end)."""
    line = "1 Q0 d{i} 3 100\n" if kind == "fol" else "1 0 d{i} x\n"
    path = tmp_path / "q"
    path.write_text("".join(line.format(i=i % 150) for i in range(300)))
    (fast, fast_log), (reference, reference_log) = both(path, kind)
    assert plain(fast) == plain(reference) and fast_log.problems == reference_log.problems
    assert fast_log.counts == reference_log.counts and sum(fast_log.counts.values()) == 300


def test_views_are_built_on_demand_and_pickle(tmp_path):
    path = tmp_path / "q"
    path.write_text("1 Q0 a 5 100 3 0:5\n2 Q0 b 0 10\n1 Q0 c 0 7\n")
    qrels = read_fol_qrels(path, ProblemLog())
    assert isinstance(qrels.topics, TopicJudgements)
    assert qrels["1"].passages == {"a": DocPassages("a", [(0, 5)], 5, 100, 3),
                                   "c": DocPassages("c", [], 0, 7, None)}
    assert qrels.relevant_topics() == ["1"]
    assert pickle.loads(pickle.dumps(qrels)) == qrels
    # editing goes through topic(): the qrels become plain objects, and the edit sticks
    qrels.topic("2").passages["z"] = DocPassages("z", [(1, 2)], 2, 10)
    assert isinstance(qrels.topics, dict) and "z" in qrels["2"].passages
    assert qrels.relevant_topics() == ["1", "2"]


@pytest.mark.parametrize("kind", ["fol", "native"])
def test_views_in_chunks_and_through_a_small_cache(tmp_path, monkeypatch, kind):
    from sdreval.judgements import columns

    lines = ([f"{t} Q0 d{d} {d % 2 * 5} 100 " + ("0:5" if d % 2 else "")
              for t in range(7) for d in range(t + 1)] if kind == "fol" else
             [f"{t}\td{d}\t/article[1]/sec[{d + 1}]\t{d % 3}\t{(d % 3) / 2}"
              for t in range(7) for d in range(t + 1)])
    path = tmp_path / "q"
    path.write_text("\n".join(lines) + "\n")
    reference = REFERENCE[kind](path, ProblemLog())
    monkeypatch.setattr(columns, "ITER_TOPICS", 2)
    monkeypatch.setattr(columns, "CACHE_TOPICS", 2)
    monkeypatch.setattr(columns, "CACHE_ROWS", 3)
    monkeypatch.setattr(columns, "AHEAD_TOPICS", 3)
    fast = READERS[kind](path, ProblemLog())
    assert [fast[t] for t in fast] == [reference[t] for t in reference]  # in order: built ahead
    assert plain(fast) == plain(reference)
    for topic in ["3", "0", "6", "3", "5", "0"]:  # evictions, then rebuilt views
        assert fast[topic] == reference[topic]
    assert len(fast.topics._cache) <= 2
    assert fast.relevant_topics() == reference.relevant_topics()


TYPED_TROUBLE = ["topic\td\t/a\t1\t1", "topic\td\t/a\t1\t1\t2", "TOPIC\td\t/a\t0\t0\t2",
                 "1\t{d}\t/a\t1\t1\t-3", "1\t{d}\t/a\tnan\t1",
                 "1\t{d}\t/a\t1\tinf\t4", "1\t{d}\t/a\t1\t1\t", "1\t\t/a\t1\t1\t2",
                 "1\t{d}\t/a\t1\t1", "1\t{d}\t/a[0]\t1\t1\t2", "1\t{d}\t/a\t0\t2\t3",
                 "1\t{d}\t/article[1]/sec[1]\t2\t0.5\t120", "1 {d} /a 1 1 1"]


@pytest.mark.parametrize("kind, trouble", [("fol", t) for t in FOL_TROUBLE]
                         + [("native", t) for t in NATIVE_TROUBLE + TYPED_TROUBLE]
                         + [("trec", t) for t in TREC_TROUBLE + ["1 0 x3 1", "1 0 x3 2"]])
@pytest.mark.parametrize("where", [0, 7, 29])
def test_one_trouble_line_in_a_clean_file(tmp_path, tiny_blocks, kind, trouble, where):
    """Each trouble line alone among clean lines (which every fast path takes)."""
    clean = {"fol": [f"{t} Q0 x{d} 10 100 5 5:10 " for t in (1, 2) for d in range(15)],
             "native": [f"{t}\tx{d}\t/article[1]/sec[{d + 1}]\t2\t0.5\t{d}" for t in (1, 2)
                        for d in range(15)],
             "trec": [f"{t} 0 x{d} {d % 3}" for t in (1, 2) for d in range(15)]}[kind]
    lines = clean[:where] + [trouble.replace("{d}", "x3")] + clean[where:]
    path = tmp_path / "q"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    (fast, fast_log), (reference, reference_log) = both(path, kind)
    assert plain(fast) == plain(reference)
    assert fast_log.problems == reference_log.problems
