"""Counting in tokens (``--span-unit tokens``): a chunk run's chunking is converted with its
run.  SpanOmega and Chroma's ``retrieve=-1`` read the chunk map; before the fix it stayed in
characters while the gold and the run were in tokens, and both numbers were silently wrong."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

import sdreval.api as api
from sdreval.cli.main import cli
from sdreval.io.spans import (Documents, chunk_map_from_frame, chunk_run_from_frame,
                              qrels_in_tokens, run_in_tokens, span_qrels_from_frame)

# ten white-space tokens of four letters: token i is characters [5i, 5i + 4)
TEXT = "aaaa bbbb cccc dddd eeee ffff gggg hhhh iiii jjjj"
CHUNKS = [{"chunk_id": f"c{i}", "doc_id": "d", "start": 10 * i,
           "end": min(10 * i + 10, len(TEXT))} for i in range(5)]  # chunk i: tokens [2i, 2i + 2)
GOLD = [{"query_id": "q", "doc_id": "d", "start": 10, "end": 19, "relevance": 1}]  # tokens [2, 4)
RUN = [{"query_id": "q", "chunk_id": c, "score": s} for c, s in (("c1", 3.0), ("c4", 2.0),
                                                                  ("c2", 1.0))]


def test_span_omega_and_retrieve_in_tokens():
    docs = Documents({"d": TEXT})
    chunk_map = chunk_map_from_frame(CHUNKS)
    qrels = qrels_in_tokens(span_qrels_from_frame(GOLD), docs)
    run = run_in_tokens(chunk_run_from_frame(RUN, chunk_map), docs)
    values = api.evaluate(qrels, run, ["SpanOmega", "SpanP(retrieve=-1)"], compat="chroma"
                          ).set_index("measure")["value"]
    # in tokens, chunks touching gold [2, 4) (a shared boundary counts, as in Chroma's code):
    # c0 [0, 2), c1 [2, 4), c2 [4, 6) -> omega = 2 / |[0, 6)| = 1/3, and k = 3:
    # precision = |(c1 ∪ c4 ∪ c2) ∩ G| / (2 + 2 + 2) = 2 / 6
    assert values["SpanOmega"] == pytest.approx(2 / 6)
    assert values["SpanP(retrieve=-1)"] == pytest.approx(2 / 6)


def test_cli_span_unit_tokens_omega(tmp_path):
    for name, rows in (("docs", [{"doc_id": "d", "text": TEXT}]), ("chunks", CHUNKS),
                       ("gold", GOLD), ("run", RUN)):
        (tmp_path / f"{name}.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))
    result = CliRunner().invoke(cli, [
        "eval", str(tmp_path / "gold.jsonl"), str(tmp_path / "run.jsonl"),
        "--chunk-map", str(tmp_path / "chunks.jsonl"), "--documents",
        str(tmp_path / "docs.jsonl"), "--span-unit", "tokens", "-m", "SpanOmega"])
    assert result.exit_code == 0, result.output
    line = [x for x in result.stdout.splitlines() if "\tSpanOmega\tall\t" in x]
    assert line and float(line[0].split("\t")[-1]) == pytest.approx(1 / 3, abs=1e-4)
