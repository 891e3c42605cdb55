"""FOL qrels: reading, each policy of docs/inputs.md, writer round trip."""
from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from sdreval.errors import InputError, ProblemLog
from sdreval.io.fol import read_fol_qrels, read_passage_qrels
from sdreval.io.writers import write_fol_qrels, write_passage_qrels
from sdreval.judgements.qrels import DocPassages, Qrels


def read(tmp_path, text, log=None):
    path = tmp_path / "q.qrels"
    path.write_text(text, encoding="utf-8")
    return read_fol_qrels(path, log if log is not None else ProblemLog()), path


def test_relevant_nonrelevant_and_bep(tmp_path):
    log = ProblemLog()
    q, _ = read(tmp_path, "2010003 Q0 19243417 2932 3901 3901 491:1908 2801:25 2885:999 \r\n"
                          "2010003 Q0 298021 0 4263 \r\n"
                          "2010004 Q0 5 10 100 7:10\n", log)
    assert q.scale == "fol" and list(q) == ["2010003", "2010004"]
    dp = q["2010003"].passages["19243417"]
    assert dp == DocPassages("19243417", [(491, 1908), (2801, 25), (2885, 999)], 2932, 3901, 3901)
    nonrel = q["2010003"].passages["298021"]
    assert not nonrel.is_relevant and nonrel.doc_length == 4263 and nonrel.ranges == []
    assert q["2010004"].passages["5"].bep is None  # 6th field already a range: no BEP
    assert log.problems == []


@pytest.mark.parametrize("line, text", [
    ("1 Q0 d 10", "expected at least 5 fields"),
    ("1 Q0 d x 100", "relchars 'x'"),
    ("1 Q0 d 10 -1", "doclen '-1'"),
    ("1 Q0 d 10 100 b 0:10", "best entry point 'b'"),
    ("1 Q0 d 10 100 0 0-10", "passage '0-10'"),
    ("1 Q0 d 10 100 0 5:-10", "passage '5:-10'"),
    ("1 Q0 d 10 100 0 -5:10", "passage '-5:10'"),
])
def test_malformed_lines_are_errors(tmp_path, line, text):
    log = ProblemLog()
    q, path = read(tmp_path, "1 Q0 ok 0 10\n" + line + "\n", log)
    assert [(p.file, p.line) for p in log.errors] == [(str(path), 2)]
    assert text in log.errors[0].message
    assert list(q["1"].passages) == ["ok"]


@pytest.mark.parametrize("line, text", [
    ("1 Q0 d 10 100 0 95:10", "reaches beyond doclen 100"),
    ("1 Q0 d 10 100 200 0:10", "best entry point 200 beyond doclen 100"),
    ("1 Q0 d 12 100 0 0:10", "differs from the passages' total length 10"),
    ("1 Q0 d 10 100 0 0:10 5:0", "empty passage 5:0"),
    ("1 Q0 d 15 100 0 0:10 5:5", "overlaps"),
    ("1 Q0 d 10 100", "relchars 10 but no passage"),
])
def test_inconsistent_lines_are_warnings_and_kept(tmp_path, line, text):
    log = ProblemLog()
    q, _ = read(tmp_path, line + "\n", log)
    assert log.errors == [] and len(log.warnings) == 1 and text in log.warnings[0].message
    assert "d" in q["1"].passages


def test_duplicate_qrels_lines(tmp_path):
    log = ProblemLog()
    q, _ = read(tmp_path, "1 Q0 d 10 100 0 0:10\n1 Q0 d 10 100 0 0:10\n"
                          "1 Q0 d 0 100\n2 Q0 d 0 100\n", log)
    assert [(p.line, p.severity) for p in log.problems] == [(2, "warning"), (3, "error")]
    assert "repeats line 1" in log.problems[0].message
    assert "differently from line 1" in log.problems[1].message
    assert q["1"].passages["d"].ranges == [(0, 10)]  # first kept
    assert "d" in q["2"].passages  # same document, other topic: fine


def test_no_log_raises_all_errors(tmp_path):
    path = tmp_path / "q"
    path.write_text("1 Q0 d x 1\n1 Q0 e 1\n1 Q0 f 0 1\n")
    with pytest.raises(InputError) as info:
        read_fol_qrels(path)
    assert [p.line for p in info.value.problems] == [1, 2]


ranges = st.lists(st.tuples(st.integers(0, 5000), st.integers(1, 500)), max_size=5)


@settings(max_examples=40, deadline=None)
@given(st.dictionaries(st.text("0123456789", min_size=1, max_size=7),
                       st.dictionaries(st.text("abc123", min_size=1, max_size=5),
                                       st.tuples(ranges, st.one_of(st.none(),
                                                                   st.integers(0, 6000))),
                                       min_size=1, max_size=4), min_size=1, max_size=3))
def test_write_read_round_trip(tmp_path_factory, topics):
    qrels = Qrels("fol")
    for topic, docs in topics.items():
        for doc, (rs, bep) in docs.items():
            qrels.topic(topic).passages[doc] = DocPassages(
                doc, rs, sum(n for _, n in rs), 6000, bep if rs else None)
    path = tmp_path_factory.mktemp("fol") / "q.qrels"
    write_fol_qrels(qrels, path)
    back = read_fol_qrels(path, ProblemLog())  # overlaps may warn; content must survive
    assert back.topics == qrels.topics


def test_passage_qrels_one_passage_a_line(tmp_path):
    path = tmp_path / "p.qrels"
    path.write_text("1 d1 10 20 12\n1 d1 25 10\n1 d1 40 5 13\n2 d2 0 5\n1 d1 10 20\n"
                    "1 d1 x 5\n1 d1 5\n1 d3 -1 4\n")
    log = ProblemLog()
    q = read_passage_qrels(path, log)
    dp = q["1"].passages["d1"]
    # 10:20 and 25:10 overlap on 25..29: characters 10..34 and 40..44 are relevant, 25 + 5
    assert dp == DocPassages("d1", [(10, 20), (25, 10), (40, 5)], 30, None, 12)
    assert [(p.line, p.severity) for p in log.problems] == [
        (2, "warning"), (3, "warning"), (5, "warning"), (6, "error"), (7, "error"),
        (8, "error")]
    assert [p.message for p in log.warnings] == [
        "topic 1, document d1: passage 25:10 overlaps 10:20 at line 1 (characters counted "
        "once)",
        "topic 1, document d1: best entry point 13 differs from an earlier row's (the first "
        "kept)", "topic 1, document d1: passage 10:20 repeats line 1 (read once; --compat "
        "chroma counts each copy, as Chroma's evaluation code does)"]
    out = tmp_path / "o.qrels"
    write_passage_qrels(q, out)
    assert read_passage_qrels(out, ProblemLog()).topics == q.topics


def test_passage_qrels_follow_the_rule_of_tables(tmp_path):
    """Intended change: the passage-qrels reader counted overlapping passages' characters
    twice (relchars 20 for 0:10 and 5:10, whose union is 0..14) and kept an empty passage
    (its document then relevant), where a table of the same rows gives 15 and ignores the
    empty passage (a warning); the file now follows the table's rule, and both say when
    passages overlap (the rule applied is in the output)."""
    import pandas as pd

    from sdreval.io.frame_qrels import qrels_from_table

    path = tmp_path / "p.qrels"
    path.write_text("1 d 0 10\n1 d 5 10\n1 e 7 0\n")
    log = ProblemLog()
    q = read_passage_qrels(path, log)
    assert q["1"].passages["d"].relevant_chars == 15  # characters 0..14
    assert q["1"].passages["e"].ranges == [] and not q["1"].passages["e"].is_relevant
    assert [(p.line, p.message) for p in log.problems] == [
        (2, "topic 1, document d: passage 5:10 overlaps 0:10 at line 1 (characters counted "
            "once)"),
        (3, "topic 1, document e: empty passage 7:0 (ignored)")]
    table = pd.DataFrame({"topic": ["1"] * 3, "doc": ["d", "d", "e"], "offset": [0, 5, 7],
                          "length": [10, 10, 0]})
    overlap = "row 1: .*passage 5:10 overlaps 0:10 at row 0 .*counted once"
    with pytest.warns(UserWarning, match=overlap):
        assert qrels_from_table(table).topics == q.topics


def test_passages_beyond_the_supported_positions_are_errors(tmp_path):
    """``validate`` refuses what evaluation cannot index (issue 11, item 12): 2**32 chars."""
    log = ProblemLog()
    q, _ = read(tmp_path, "1 Q0 d 10 6000000000 5 5000000000:10\n1 Q0 e 10 100 0:10\n", log)
    assert [(p.line, p.severity) for p in log.problems] == [(1, "error")]
    assert "5000000000:10 ends beyond 4294967295 characters" in log.problems[0].message
    assert list(q["1"].passages) == ["e"]
    path = tmp_path / "p.txt"
    path.write_text("1 d 4294967290 10\n1 d 0 10\n", encoding="utf-8")
    log = ProblemLog()
    q = read_passage_qrels(path, log)
    assert [(p.line, p.severity) for p in log.problems] == [(1, "error")]


def test_passage_beyond_doclen_is_a_warning(tmp_path):
    log = ProblemLog()
    read(tmp_path, "1 Q0 d 10 100 5 95:10\n", log)
    assert [p.message for p in log.warnings] == [
        "topic 1, document d: passage 95:10 reaches beyond doclen 100 (kept)"]
