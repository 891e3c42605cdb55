"""One rule for ids in every container (docs/inputs.md, "ids are strings, never typed"): a
value names the same id, or is refused, whether it comes as a DataFrame column (float64 or
object), records, a dict key, a JSONL value or a Parquet column.  Before, a whole float in
an object column or a dict key kept its ``.0`` (``"1.0"``, while a float64 column gave
``"1"``), booleans became ``"True"``, bytes ``"b'd'"`` and floats beyond 2**53 wrong digits:
qrels and a run given in different containers then matched nothing and scored 0 silently."""
from __future__ import annotations

import json
import re
import warnings

import numpy as np
import pandas as pd
import pytest

import sdreval
from sdreval.errors import InputError


def _containers(tmp_path, topic, doc):
    """A one-result run (``topic``, ``doc``, score 1) in every container."""
    record = {"query_id": topic, "doc_id": doc, "score": 1.0}
    span = {"query_id": topic, "doc_id": doc, "start": 0, "end": 5, "score": 1.0}
    out = {
        "records": lambda: sdreval.read_run([record]),
        "records-mixed": lambda: sdreval.read_run(
            [record, {"query_id": "other", "doc_id": "x", "score": 0.5}]),
        "frame": lambda: sdreval.read_run(pd.DataFrame([record])),
        "frame-object": lambda: sdreval.read_run(pd.DataFrame([record]).astype(
            {"query_id": object, "doc_id": object})),
        "dict": lambda: sdreval.read_run({topic: {doc: 1.0}}),
        "spans": lambda: sdreval.read_run([span]),
    }
    if all(v is None or type(v) in (str, int, float, bool) for v in (topic, doc)):
        jsonl = tmp_path / "r.jsonl"
        jsonl.write_text(json.dumps(span) + "\n")
        out["jsonl"] = lambda: sdreval.read_run(jsonl)
    return out


def _ids(run) -> list[tuple[str, str]]:
    return [(t, str(d)) for t, r in run.topics.items() for d in r.docs if t != "other"]


@pytest.mark.parametrize("topic, doc, expected", [
    ("1", "d", ("1", "d")),
    (1, 7, ("1", "7")),
    (1.0, 7.0, ("1", "7")),
    (np.float64(3.0), np.int64(12), ("3", "12")),
    ("1", 2.0 ** 53 - 1, ("1", "9007199254740991")),
    (b"1", b"d\xc3\xa9", ("1", "d\u00e9")),
], ids=["text", "int", "whole-float", "numpy", "float-below-2**53", "utf8-bytes"])
def test_the_same_value_names_the_same_id_in_every_container(tmp_path, topic, doc,
                                                               expected):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for name, read in _containers(tmp_path, topic, doc).items():
            assert _ids(read()) == [expected], name


@pytest.mark.parametrize("topic, doc, message", [
    ("1", True, "True is a boolean"),
    (True, "d", "True is a boolean"),
    ("1", 2.5, "2.5 is a fraction"),
    (1.5, "d", "1.5 is a fraction"),
    ("1", 2.0 ** 53 + 2, "digits are not exact"),
    ("1", b"\xff", "is not UTF-8 text"),
    ("1", pd.Timestamp("2021-01-01"), "2021-01-01 00:00:00' is a"),
    (None, "d", "is missing"),
], ids=["bool-doc", "bool-topic", "fraction-doc", "fraction-topic", "beyond-2**53",
        "bad-bytes", "timestamp", "missing-topic"])
def test_a_value_that_names_no_id_is_refused_in_every_container(tmp_path, topic, doc,
                                                                 message):
    for name, read in _containers(tmp_path, topic, doc).items():
        with pytest.raises(InputError) as caught:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                read()
        text = str(caught.value)
        if name == "jsonl":  # JSON says it in its own words, at the line
            assert "r.jsonl:1:" in text and ("is not an id" in text or "missing" in text), text
        else:
            assert message in text, (name, text)


def test_qrels_file_and_records_of_mixed_types_score_alike(tmp_path):
    """TREC qrels file for topics 1 and 2; the run as records whose topic column holds the
    float 1.0 beside the text "2" (a column pandas keeps as objects).  Both topics are
    answered with their one relevant document at rank 1: AP 1 each (Voorhees & Harman 2005,
    trec_eval's map), mean 1.  The old reader named the first topic "1.0": it matched no
    judgement, and the mean was over topic 2 alone, without a word."""
    qrels = tmp_path / "q.txt"
    qrels.write_text("1 0 d1 1\n1 0 d2 0\n2 0 e1 1\n")
    run = [{"query_id": 1.0, "doc_id": "d1", "score": 2.0},
           {"query_id": 1.0, "doc_id": "d2", "score": 1.0},
           {"query_id": "2", "doc_id": "e1", "score": 1.0}]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        scores = sdreval.evaluate(sdreval.read_qrels(qrels), sdreval.read_run(run),
                                  ["AP"], per_topic=True)
    per_topic = {r.topic: r.value for r in scores.itertuples() if r.topic != "all"}
    assert per_topic == {"1": 1.0, "2": 1.0}


def test_dict_keys_follow_the_rule_of_tables():
    """``{1.0: {2.0: grade}}`` names topic 1 and document 2, as a float64 DataFrame does."""
    qrels = sdreval.read_qrels({1.0: {2.0: 1}})
    frame = sdreval.read_qrels(pd.DataFrame({"query_id": [1.0], "doc_id": [2.0],
                                             "relevance": [1]}))
    assert list(qrels.topics) == list(frame.topics) == ["1"]
    assert [d for d, _ in qrels.topics["1"].elements] == \
        [d for d, _ in frame.topics["1"].elements] == ["2"]


def test_white_space_around_an_id_is_not_part_of_it_in_any_container(tmp_path):
    """Span qrels as CSV (values stripped around separators) and the same run as JSONL, a
    DataFrame and records whose document id is ``" d1 "``: in a text file white space
    separates fields, so no id holds it at its ends.  Gold d1[0, 10), retrieved d1[0, 10):
    SpanR@1 = 10 / 10 = 1 everywhere.  Before, JSONL and tables kept ``" d1 "``, which
    matched nothing: SpanR@1 was 0 without a word."""
    qrels = tmp_path / "q.csv"
    qrels.write_text("query_id,doc_id,start,end,relevance\nq, d1 ,0,10,1\n")
    row = {"query_id": "q", "doc_id": " d1 ", "start": 0, "end": 10, "score": 1.0}
    jsonl = tmp_path / "r.jsonl"
    jsonl.write_text(json.dumps(row) + "\n")
    for run in (jsonl, pd.DataFrame([row]), [row], {"q ": {(" d1 ", 0, 10): 1.0}}):
        scores = sdreval.evaluate(qrels, run, ["SpanR@1"])
        assert scores["value"].tolist() == [1.0], type(run)


@pytest.mark.parametrize("qrels, message", [
    ({"q 1": {"d": 1}}, "topic 'q 1' holds white space"),
    ({"q": {"d\u00a01": 1}}, r"document 'd\xa01' holds white space"),
    ({"#q": {"d": 1}}, "topic '#q' starts with '#'"),
], ids=["space-in-topic", "nbsp-in-document", "hash-topic"])
def test_ids_a_text_file_cannot_hold_are_refused_by_the_writers(tmp_path, qrels, message):
    """A dict or table may hold ids with white space, or a topic starting with '#'; written
    into TREC qrels, ``q 1 0 d 1`` reads back as topic q, document 0, grade... (trec_eval
    takes it silently) and ``#q 0 d 1`` as a comment line.  Before, the writers wrote them."""
    from sdreval.errors import UsageError
    from sdreval.io.writers import write_run, write_trec_qrels

    with pytest.raises(UsageError, match=re.escape(message)):
        write_trec_qrels(sdreval.read_qrels(qrels), tmp_path / "q.txt")
    run = {t: {d: 1.0 for d in docs} for t, docs in qrels.items()}
    with pytest.raises(UsageError, match=re.escape(message)):
        write_run(sdreval.read_run(run), tmp_path / "r.txt")


def test_project_refuses_a_chunk_id_with_white_space(tmp_path):
    from click.testing import CliRunner

    from sdreval.cli.main import cli

    qrels = tmp_path / "q.jsonl"
    qrels.write_text(json.dumps({"query_id": "q1", "doc_id": "d", "start": 0, "end": 10,
                                 "relevance": 1}) + "\n")
    chunks = tmp_path / "chunks.jsonl"
    chunks.write_text(json.dumps({"chunk_id": "c 1", "doc_id": "d", "start": 0, "end": 10})
                      + "\n")
    result = CliRunner().invoke(cli, ["project", str(qrels), str(chunks)])
    assert result.exit_code == 2 and "chunk id 'c 1' holds white space" in result.output
