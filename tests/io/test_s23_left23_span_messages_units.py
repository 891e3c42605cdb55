"""Span qrels (``start``/``end``) are named in their own units in the reader's warnings: the
passage [15, 40) overlapping [10, 20) is "15-40 overlaps 10-20", not "15:25 overlaps 10:10"
(offset:length, which the file does not hold).  FOL qrels keep offset:length."""
from __future__ import annotations

from sdreval.errors import ProblemLog
from sdreval.io.fol import read_fol_qrels
from sdreval.io.spans import read_span_qrels

SPANS = ('{"query_id": "q1", "doc_id": "d", "start": 10, "end": 20, "relevance": 1}\n'
         '{"query_id": "q1", "doc_id": "d", "start": 15, "end": 40, "relevance": 1}\n')


def test_span_qrels_overlap_is_named_start_end(tmp_path):
    path = tmp_path / "gold.jsonl"
    path.write_text(SPANS)
    log = ProblemLog()
    read_span_qrels(path, log)
    assert [p.message for p in log.warnings] == [
        "topic q1, document d: passage 15-40 overlaps 10-20 at line 1 (characters counted "
        "once)"]


def test_fol_qrels_overlap_keeps_offset_length(tmp_path):
    path = tmp_path / "gold.fol"
    path.write_text("q1 Q0 d 35 100 10 10:10 15:25\n")  # the same passages, offset:length
    log = ProblemLog()
    read_fol_qrels(path, log)
    said = [p.message for p in log.warnings]
    assert any("passage 15:25 overlaps" in m for m in said), said
    assert not any("15-40" in m for m in said), said


def test_a_span_past_the_last_position_is_named_start_end(tmp_path):
    path = tmp_path / "gold.jsonl"
    end = 2 ** 32 + 5  # start 10, end past character 2**32 - 1
    path.write_text(f'{{"query_id": "q1", "doc_id": "d", "start": 10, "end": {end}, '
                    '"relevance": 1}\n')
    log = ProblemLog()
    read_span_qrels(path, log)
    assert [p.message for p in log.errors] == [
        f"passage 10-{end} ends beyond 4294967295 characters, the largest character position "
        "supported"]
