"""sdreval budget printed means and intervals without the rule behind them: which topics each
mean covers (answered ones, or every qrels topic with -c) and the bootstrap's samples and
seed.  A note on stderr says both, as compare's does; numbers by hand (docs/rag.md's gold
span [40, 60) and chunks [0, 100), [50, 150); a second query answered by one run only)."""
from __future__ import annotations

import json

from click.testing import CliRunner

from sdreval.cli.main import cli

GOLD = [{"query_id": "q1", "doc_id": "d", "start": 40, "end": 60, "relevance": 1},
        {"query_id": "q2", "doc_id": "d2", "start": 0, "end": 10, "relevance": 1}]
RUN = [{"query_id": "q1", "doc_id": "d", "start": 0, "end": 100, "score": 2.0},
       {"query_id": "q1", "doc_id": "d", "start": 50, "end": 150, "score": 1.0},
       {"query_id": "q2", "doc_id": "d2", "start": 5, "end": 25, "score": 1.0}]


def _write(path, records):
    path.write_text("".join(json.dumps(r) + "\n" for r in records))
    return str(path)


def test_budget_states_topics_and_seed(tmp_path):
    gold = _write(tmp_path / "gold.jsonl", GOLD)
    run = _write(tmp_path / "run.jsonl", RUN)
    result = CliRunner().invoke(cli, ["budget", gold, run, "--budgets", "50,120"])
    assert result.exit_code == 0, result.output
    assert "means over answered topics" in result.stderr
    assert "5000 samples, seed 0" in result.stderr
    rows = [line.split("\t") for line in result.stdout.splitlines()[1:]]
    # budget 50: q1 keeps [0, 50): 10 of 20 gold characters in 50; q2 [5, 25): 5 of 10 in 20
    # budget 120: q1 keeps [0, 120): 20 of 20 in 120; q2 as before
    assert [r[1:4] for r in rows] == [["SpanR", "50", "0.5000"], ["SpanR", "120", "0.7500"],
                                      ["SpanP", "50", "0.2250"], ["SpanP", "120", "0.2083"]]
    # two topics: resampled means of SpanR at 120 are 1, 0.75 or 0.5
    assert rows[1][4:] == ["0.5000", "1.0000", "2"]
    quiet = CliRunner().invoke(cli, ["budget", gold, run, "--budgets", "50", "--quiet"])
    assert "seed 0" not in quiet.stderr
