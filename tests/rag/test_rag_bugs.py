"""Bugs met evaluating RAG retrievers: each test failed before its fix."""
from __future__ import annotations

import warnings

import pytest

import sdreval
from sdreval.errors import InputError
from sdreval.io.spans import (chunk_map_from_frame, chunk_run_from_frame, read_span_qrels,
                              read_span_run, span_qrels_from_frame, span_run_from_frame)

GOLD = [{"query_id": "q", "doc_id": "d", "start": 0, "end": 5, "relevance": 1},
        {"query_id": "q", "doc_id": "d", "start": 6, "end": 8, "relevance": 1}]
RUN = [{"query_id": "q", "doc_id": "d", "start": 0, "end": 5, "score": 2.0},
       {"query_id": "q", "doc_id": "d", "start": 5, "end": 9, "score": 1.0}]


def test_chunk_run_from_frame_maps_chunk_ids():
    chunks = chunk_map_from_frame([{"chunk_id": "c1", "doc_id": "d", "start": 0, "end": 10},
                                   {"chunk_id": "c2", "doc_id": "d", "start": 10, "end": 20}])
    run = chunk_run_from_frame([{"query_id": "q", "chunk_id": "c2", "score": 2.0},
                                {"query_id": "q", "chunk_id": "c1", "score": 1.0}], chunks)
    assert run.topics["q"].offsets.tolist() == [10, 0]
    assert run.topics["q"].lengths.tolist() == [10, 10]


def test_top_level_evaluate_takes_lists_of_records():
    table = sdreval.evaluate(GOLD, RUN, ["SpanR", "SpanP@1"], per_topic=True)
    values = dict(zip(table["measure"], table["value"]))
    # gold 5 + 2 = 7 characters, all in [0, 9); the first span [0, 5) is all gold
    assert values == {"SpanR": 1.0, "SpanP@1": 1.0}
    assert list(table["topic"]) == ["q", "q", "all", "all"]  # per topic, then the means


def test_one_evaluate_one_read_qrels_one_read_run():
    import sdreval.api
    import sdreval.io

    assert sdreval.evaluate is sdreval.api.evaluate
    assert sdreval.read_qrels is sdreval.api.read_qrels is sdreval.io.read_qrels
    assert sdreval.read_run is sdreval.api.read_run is sdreval.io.read_run
    means = sdreval.evaluate(GOLD, RUN, ["SpanR"])
    assert list(means["topic"]) == ["all"]  # means by default, as ir_measures and ranx
    # a table that already holds the means is summarised to the same means
    assert sdreval.summarise(means)["value"].tolist() == means["value"].tolist()
    per_topic = sdreval.evaluate(GOLD, RUN, ["SpanR"], per_topic=True)
    assert sdreval.summarise(per_topic)["value"].tolist() == means["value"].tolist()


def test_span_measures_without_any_gold_topic_warn_instead_of_keyerror():
    gold = [{"query_id": "q", "doc_id": "d", "start": 0, "end": 5, "relevance": 0}]
    with warnings.catch_warnings(record=True):
        warnings.simplefilter("always")
        table = sdreval.api.evaluate(gold, RUN, ["SpanR", "SpanP@5", "CharMAP"])
    assert table.empty


def test_cli_no_gold_topic_prints_no_mean(tmp_path):
    from click.testing import CliRunner

    from sdreval.cli.main import cli

    (tmp_path / "q.jsonl").write_text(
        '{"query_id":"q","doc_id":"d","start":0,"end":5,"relevance":0}\n')
    (tmp_path / "r.jsonl").write_text('{"query_id":"q","doc_id":"d","start":0,"end":5,'
                                      '"score":1}\n')
    result = CliRunner().invoke(cli, ["eval", str(tmp_path / "q.jsonl"),
                                      str(tmp_path / "r.jsonl"), "-m", "SpanR"])
    assert result.exit_code == 0, result.output
    assert "nothing relevant left out of means: q" in result.output


@pytest.mark.parametrize("key", ["start", "end"])
def test_json_booleans_are_not_offsets(tmp_path, key):
    record = {"query_id": "q", "doc_id": "d", "start": 0, "end": 5, "relevance": 1}
    record[key] = True
    with pytest.raises(InputError, match=f"{key} 'True' is not a non-negative integer"):
        span_qrels_from_frame([record])
    import json

    path = tmp_path / "q.jsonl"
    path.write_text(json.dumps(record) + "\n")
    with pytest.raises(InputError, match=f"{key} 'True' is not"):
        read_span_qrels(path)


def test_mixed_booleans_and_integers_are_refused_row_by_row():
    records = [dict(GOLD[0]), dict(GOLD[1], start=False)]
    with pytest.raises(InputError, match=r"\(span qrels\): error: row 1: start 'False' is not"):
        span_qrels_from_frame(records)


def test_messages_show_values_not_numpy_reprs():
    with pytest.raises(InputError) as caught:
        span_qrels_from_frame([dict(GOLD[0], start=5.5)])
    assert "start '5.5' is not" in str(caught.value)
    assert "np." not in str(caught.value)
    with pytest.raises(InputError) as caught:
        span_run_from_frame([dict(RUN[0], score=float("nan"))])
    assert "score is missing" in str(caught.value)


def test_jsonl_starting_with_a_comment_line(tmp_path):
    path = tmp_path / "q.jsonl"
    path.write_text("# gold spans, made by hand\n"
                    '{"query_id": "q", "doc_id": "d", "start": 0, "end": 5, "relevance": 1}\n')
    qrels = read_span_qrels(path)
    assert qrels.topics["q"].passages["d"].ranges == [(0, 5)]
    assert sdreval.io.detect_format(path) == "span-qrels"


def test_rank_beyond_two_to_the_32(tmp_path):
    path = tmp_path / "r.jsonl"
    path.write_text('{"query_id": "q", "doc_id": "d", "start": 0, "end": 5, "rank": 4294967296}\n'
                    '{"query_id": "q", "doc_id": "d", "start": 5, "end": 9, "rank": 4294967297}\n')
    run = read_span_run(path)
    assert run.topics["q"].ranks.tolist() == [4294967296, 4294967297]
    assert run.topics["q"].offsets.tolist() == [0, 5]
