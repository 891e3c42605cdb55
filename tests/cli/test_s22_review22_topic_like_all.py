"""A qrels or run topic spelt like the mean rows but not ``all`` (``ALL``, ``All``): eval wrote
it as a topic, and compare / stability --scores then refused the file eval wrote (the score
tables take such a topic for a mistyped mean row).  eval refuses it, as it refuses ``all``,
naming the file and line, so what eval writes the statistics read."""
from __future__ import annotations

import pytest
from click.testing import CliRunner

from sdreval.cli.main import cli


@pytest.mark.parametrize("topic", ["ALL", "All"])
def test_eval_refuses_a_topic_like_all(tmp_path, topic):
    qrels, run = tmp_path / "q.txt", tmp_path / "r.txt"
    qrels.write_text(f"1 0 a 1\n{topic} 0 b 1\n")
    run.write_text(f"1 Q0 a 1 2.0 s\n{topic} Q0 b 1 1.0 s\n")
    got = CliRunner().invoke(cli, ["eval", str(qrels), str(run), "-m", "AP"])
    assert got.exit_code == 1, got.output
    assert f"q.txt:2: error: qrels: a topic is named {topic!r}" in got.output
    qrels.write_text("1 0 a 1\n")
    got = CliRunner().invoke(cli, ["eval", str(qrels), str(run), "-m", "AP"])
    assert got.exit_code == 1, got.output
    assert f"r.txt:2: error: run s: a topic is named {topic!r}" in got.output
    got = CliRunner().invoke(cli, ["validate", str(run)])
    assert got.exit_code == 1 and f"a topic is named {topic!r}" in got.output


def test_topics_that_only_begin_like_all_are_evaluated(tmp_path):
    qrels, run, scores = tmp_path / "q.txt", tmp_path / "r.txt", tmp_path / "s.csv"
    qrels.write_text("ALLx 0 a 1\nall_topics 0 b 1\n")
    run.write_text("ALLx Q0 a 1 2.0 s\nall_topics Q0 c 1 1.0 s\n")
    got = CliRunner().invoke(cli, ["eval", str(qrels), str(run), "-m", "AP", "-q", "--format",
                                   "csv", "-o", str(scores), "--quiet"])
    assert got.exit_code == 0, got.output
    rows = scores.read_text().splitlines()
    # AP: ALLx retrieves its one relevant document first (1), all_topics none (0); mean 1/2
    assert rows[1:] == ["s,ALLx,AP,1.0,", "s,all_topics,AP,0.0,", "s,all,AP,0.5,2"]
