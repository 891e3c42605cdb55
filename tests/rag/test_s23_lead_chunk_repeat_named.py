"""A chunk-ID run listing a chunk twice for a question was warned of by the chunk's span only
("result d1 0:10 repeats line 1"): the run names chunks, so the warning names the chunk id
too, in TREC and JSONL chunk runs alike."""
from __future__ import annotations

import pytest

MAP = ('{"chunk_id": "c1", "doc_id": "d1", "start": 0, "end": 10}\n'
       '{"chunk_id": "c2", "doc_id": "d1", "start": 10, "end": 20}\n')
GOLD = '{"query_id": "q1", "doc_id": "d1", "start": 0, "end": 5, "relevance": 1}\n'
RUNS = {"run.txt": "q1 Q0 c1 1 2.0 r\nq1 Q0 c2 2 1.5 r\nq1 Q0 c1 3 1.0 r\n",
        "run.jsonl": '{"query_id": "q1", "chunk_id": "c1", "score": 2}\n'
                     '{"query_id": "q1", "chunk_id": "c2", "score": 1.5}\n'
                     '{"query_id": "q1", "chunk_id": "c1", "score": 1}\n'}


@pytest.mark.parametrize("name", sorted(RUNS))
def test_a_repeated_chunk_is_named_by_its_id(tmp_path, sdreval_cli, name):
    (tmp_path / "map.jsonl").write_text(MAP)
    (tmp_path / "gold.jsonl").write_text(GOLD)
    (tmp_path / name).write_text(RUNS[name])
    done = sdreval_cli("eval", tmp_path / "gold.jsonl", tmp_path / name, "--chunk-map",
                       tmp_path / "map.jsonl", "-m", "SpanP")
    assert done.returncode == 0, done.stderr
    assert f"{name}:3: warning: topic q1: result c1 (d1 0-10) repeats line 1" in done.stderr
    # SpanP over the union of the retrieved text (Chroma's evaluation counts it twice):
    # characters 0-20 retrieved, 0-5 gold: 5 / 20
    assert done.stdout.strip().endswith("0.2500")
