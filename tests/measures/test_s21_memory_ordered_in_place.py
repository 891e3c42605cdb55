"""A run whose topics are already in the order asked for (``--order rsv`` on scores that go
down strictly, ``--order rank`` on ranks that never go down) is evaluated on its own columns:
no re-ordered copy of every column (about 30 bytes a result: 60 MB for 2,000 topics × 1,000
documents).  Runs not in order, or with tied scores, are still re-ordered as trec_eval does
(score descending, then document id descending)."""
from __future__ import annotations

import pytest

from sdreval.errors import ProblemLog
from sdreval.io.trec import read_trec_run
from sdreval.measures.serial import ordered_run


def _run(tmp_path, lines: list[str]):
    path = tmp_path / "r.txt"
    path.write_text("".join(lines), encoding="ascii")
    return read_trec_run(path, "document", ProblemLog())


def test_a_run_in_score_order_keeps_its_columns(tmp_path):
    # topic 1 ends on score 1; topic 2 starts higher (5): a new topic, not a disorder
    run = _run(tmp_path, ["1 Q0 a 1 3 r\n", "1 Q0 b 2 2 r\n", "1 Q0 c 3 1 r\n",
                          "2 Q0 d 1 5 r\n", "2 Q0 e 2 4.5 r\n"])
    assert ordered_run(run, "rsv").topics is run.topics
    assert ordered_run(run, "rank").topics is run.topics
    assert ordered_run(run, "rsv").topics["2"].docs.tolist() == ["d", "e"]


@pytest.mark.parametrize("lines, want", [
    # a score that goes up within topic 1: sorted, b first
    (["1 Q0 a 1 2 r\n", "1 Q0 b 2 3 r\n", "2 Q0 c 1 1 r\n"], ["b", "a"]),
    # a tie: trec_eval breaks it by document id, descending (b before a)
    (["1 Q0 a 1 2 r\n", "1 Q0 b 2 2 r\n", "2 Q0 c 1 1 r\n"], ["b", "a"]),
])
def test_a_run_out_of_score_order_is_reordered(tmp_path, lines, want):
    run = _run(tmp_path, lines)
    got = ordered_run(run, "rsv")
    assert got.topics is not run.topics
    assert got.topics["1"].docs.tolist() == want and got.topics["2"].docs.tolist() == ["c"]


def test_ranks_going_down_are_reordered_and_equal_ranks_keep_file_order(tmp_path):
    run = _run(tmp_path, ["1 Q0 a 2 1 r\n", "1 Q0 b 1 1 r\n", "1 Q0 c 1 1 r\n"])
    got = ordered_run(run, "rank")
    assert got.topics is not run.topics and got.topics["1"].docs.tolist() == ["b", "c", "a"]
    same = _run(tmp_path, ["1 Q0 a 1 3 r\n", "1 Q0 b 1 2 r\n", "1 Q0 c 2 1 r\n"])
    assert ordered_run(same, "rank").topics is same.topics
