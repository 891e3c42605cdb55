"""read_run / read_qrels take ``documents`` and ``chunk_map`` as paths, as the command line's
--documents and --chunk-map do (they ended in an AttributeError traceback), or as a chunk map's
table; anything else is refused by name."""
from __future__ import annotations

import json
from fractions import Fraction

import pandas as pd
import pytest

import sdreval
from sdreval.errors import UsageError


def _jsonl(path, rows):
    path.write_text("".join(json.dumps(row) + "\n" for row in rows))
    return str(path)


@pytest.fixture
def files(tmp_path):
    return {
        "docs": _jsonl(tmp_path / "docs.jsonl", [{"doc_id": "d1", "text": "0123456789" * 2}]),
        "gold": _jsonl(tmp_path / "gold.jsonl", [{"query_id": "q1", "doc_id": "d1", "start": 0,
                                                  "end": 10, "relevance": 1}]),
        "map": _jsonl(tmp_path / "map.jsonl", [{"chunk_id": "c1", "doc_id": "d1", "start": 5,
                                                "end": 15}]),
        "run": _jsonl(tmp_path / "run.jsonl", [{"query_id": "q1", "chunk_id": "c1",
                                                "score": 1.0}]),
    }


def test_chunk_map_and_documents_by_path(files):
    qrels = sdreval.read_qrels(files["gold"], documents=files["docs"])
    run = sdreval.read_run(files["run"], chunk_map=files["map"], documents=files["docs"])
    table = sdreval.evaluate(qrels, run, ["SpanP@1", "SpanR@1"])
    values = dict(zip(table["measure"], table["value"]))
    # chunk 5-15 against gold 0-10: 5 of its 10 characters are gold, 5 of the 10 gold found
    assert values["SpanP@1"] == pytest.approx(float(Fraction(5, 10)))
    assert values["SpanR@1"] == pytest.approx(float(Fraction(5, 10)))


def test_chunk_map_as_a_table(files):
    frame = pd.read_json(files["map"], lines=True, dtype=False)
    run = sdreval.read_run(files["run"], chunk_map=frame)
    assert len(run) == 1


def test_a_span_past_the_end_of_the_documents_named_by_path_is_refused(files, tmp_path):
    short = _jsonl(tmp_path / "short.jsonl", [{"doc_id": "d1", "text": "0123456789"}])
    with pytest.raises(Exception, match="d1"):
        sdreval.read_run(files["run"], chunk_map=files["map"], documents=short)


@pytest.mark.parametrize("keyword", ["documents", "chunk_map"])
def test_other_values_are_refused_by_name(files, keyword):
    with pytest.raises(UsageError, match=f"{keyword}= takes"):
        sdreval.read_run(files["run"], **{keyword: 3})
