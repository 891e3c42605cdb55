"""project: gold text of a chunked document that lies outside every chunk (the chunks leave
gaps) is said, with its size in characters, topics and documents; the projected qrels cannot
reach that text.  Before, only documents without any chunk were warned of."""
from __future__ import annotations

import json

import numpy as np
import pandas as pd
from click.testing import CliRunner

from sdreval.cli.main import cli
from sdreval.measures.span.projection import uncovered_gold

# q1: d [0, 30) with chunks d [0, 10), [5, 12), [20, 25): outside [12, 20) and [25, 30) = 8 + 5
#     e [0, 4) inside e [0, 8): 0
# q2: d [40, 50) and [45, 52): union [40, 52), no chunk there: 12;  f: unchunked, left out
GOLD = [{"query_id": "q1", "doc_id": "d", "start": 0, "end": 30, "relevance": 1},
        {"query_id": "q1", "doc_id": "e", "start": 0, "end": 4, "relevance": 1},
        {"query_id": "q2", "doc_id": "d", "start": 40, "end": 50, "relevance": 1},
        {"query_id": "q2", "doc_id": "d", "start": 45, "end": 52, "relevance": 1},
        {"query_id": "q2", "doc_id": "f", "start": 0, "end": 9, "relevance": 1}]
CHUNKS = [{"chunk_id": "a", "doc_id": "d", "start": 0, "end": 10},
          {"chunk_id": "b", "doc_id": "d", "start": 5, "end": 12},
          {"chunk_id": "c", "doc_id": "d", "start": 20, "end": 25},
          {"chunk_id": "x", "doc_id": "e", "start": 0, "end": 8}]


def _write(path, rows):
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return str(path)


def test_uncovered_characters_per_topic_and_document():
    gold = pd.DataFrame([(g["query_id"], g["doc_id"], g["start"], g["end"]) for g in GOLD],
                        columns=["topic", "doc", "start", "end"])
    table = uncovered_gold(gold, np.array([c["doc_id"] for c in CHUNKS], dtype=object),
                           np.array([c["start"] for c in CHUNKS]),
                           np.array([c["end"] for c in CHUNKS]))
    assert sorted(map(tuple, table.itertuples(index=False))) == [("q1", "d", 13),
                                                                 ("q2", "d", 12)]


def test_gold_text_outside_every_chunk_is_said(tmp_path):
    qrels, chunks = _write(tmp_path / "q.jsonl", GOLD), _write(tmp_path / "c.jsonl", CHUNKS)
    result = CliRunner().invoke(cli, ["project", qrels, chunks])
    assert result.exit_code == 0, result.output
    line = [w for w in result.stderr.splitlines() if "outside every chunk" in w]
    assert len(line) == 1  # one warning for the chunking
    assert line[0].startswith("sdreval: warning: 25 character(s) of gold text in 2 topic(s) "
                              "and 1 chunked document(s) lie outside every chunk")


def test_chunks_covering_the_gold_text_say_nothing(tmp_path):
    gold = [g for g in GOLD if g["doc_id"] == "e"]
    qrels, chunks = _write(tmp_path / "q.jsonl", gold), _write(tmp_path / "c.jsonl", CHUNKS)
    result = CliRunner().invoke(cli, ["project", qrels, chunks])
    assert result.exit_code == 0, result.output
    assert "outside every chunk" not in result.stderr
