"""Span inputs: formats, detection, units, documents, chunk maps, problems with file:line."""
from __future__ import annotations

import json
import warnings

import numpy as np
import pandas as pd
import pytest

from sdreval.errors import InputError, ProblemLog, UsageError
from sdreval.io import detect_format, read_qrels, read_run
from sdreval.io.spans import (chunk_map_from_frame, read_chunk_map, read_documents,
                              span_qrels_from_frame, span_run_from_frame)
from sdreval.measures import EvalContext, evaluate

QRELS = [{"query_id": "q1", "doc_id": "d1", "start": 10, "end": 20, "relevance": 1},
         {"query_id": "q1", "doc_id": "d2", "start": 0, "end": 5, "relevance": 2},
         {"query_id": "q2", "doc_id": "d1", "start": 0, "end": 4, "relevance": 1},
         {"query_id": "q2", "doc_id": "d3", "start": 0, "end": 9, "relevance": 0}]
RUN = [{"query_id": "q1", "doc_id": "d1", "start": 5, "end": 25, "score": 0.8},
       {"query_id": "q1", "doc_id": "d3", "start": 0, "end": 15, "score": 0.95},
       {"query_id": "q1", "doc_id": "d1", "start": 0, "end": 15, "score": 0.9},
       {"query_id": "q2", "doc_id": "d1", "start": 2, "end": 15, "score": 0.5}]


def write_jsonl(path, records, blank_after=None):
    with open(path, "w", encoding="utf-8") as out:
        for i, record in enumerate(records):
            out.write(json.dumps(record) + "\n")
            if blank_after == i:
                out.write("\n")
    return path


def _means(qrels, run, names):
    table = evaluate(qrels, run, names, EvalContext())
    return table.groupby("measure", sort=False)["value"].mean().to_dict()


@pytest.mark.parametrize("layout", ["jsonl", "csv", "tsv", "parquet"])
def test_every_layout_reads_the_same(tmp_path, layout):
    q, r = tmp_path / f"q.{layout}", tmp_path / f"r.{layout}"
    if layout == "jsonl":
        write_jsonl(q, QRELS), write_jsonl(r, RUN)
    elif layout == "parquet":
        pytest.importorskip("pyarrow")
        pd.DataFrame(QRELS).to_parquet(q), pd.DataFrame(RUN).to_parquet(r)
    else:
        sep = "," if layout == "csv" else "\t"
        pd.DataFrame(QRELS).to_csv(q, sep=sep, index=False)
        pd.DataFrame(RUN).to_csv(r, sep=sep, index=False)
    assert detect_format(q) == "span-qrels" and detect_format(r) == "span-run"
    qrels, run = read_qrels(q), read_run(r)
    assert run.name == "r" and run.unit == "passage" and run.overlap_expected
    ranking = run.topics["q1"]
    # ranked by score descending
    assert list(ranking.docs) == ["d3", "d1", "d1"]
    assert list(ranking.offsets) == [0, 0, 5] and list(ranking.lengths) == [15, 15, 20]
    assert qrels.topics["q1"].passages["d1"].ranges == [(10, 10)]
    assert qrels.topics["q2"].passages["d3"].ranges == []  # judged, nothing relevant
    assert _means(qrels, run, ["SpanP"]) == pytest.approx({"SpanP": (10 / 40 + 2 / 13) / 2})


def test_records_and_frames_through_the_api():
    import sdreval.api as api

    via_records = _means(span_qrels_from_frame(QRELS), span_run_from_frame(RUN), ["SpanR"])
    via_api = api.evaluate(pd.DataFrame(QRELS), {"mine": pd.DataFrame(RUN)}, ["SpanR"])
    assert via_api.value.iloc[0] == pytest.approx(via_records["SpanR"])


def test_rank_column_keeps_file_order_and_ties_follow_trec_eval():
    with pytest.warns(UserWarning, match="ranks out of order"):
        run = span_run_from_frame([
            {"query_id": "q", "doc_id": "b", "start": 0, "end": 1, "rank": 2},
            {"query_id": "q", "doc_id": "a", "start": 0, "end": 1, "rank": 1},
            {"query_id": "q", "doc_id": "c", "start": 0, "end": 1, "rank": 2}])
    assert list(run.topics["q"].docs) == ["b", "a", "c"]  # file order, as TREC runs
    assert list(run.topics["q"].ordered("rank").docs) == ["a", "b", "c"]
    tied = span_run_from_frame([
        {"query_id": "q", "doc_id": "y", "start": 0, "end": 1, "score": 1.0},
        {"query_id": "q", "doc_id": "z", "start": 0, "end": 1, "score": 1.0}])
    assert list(tied.topics["q"].docs) == ["z", "y"]  # document id descending


def test_problems_name_file_and_line(tmp_path):
    bad = RUN[:1] + [{"query_id": "q1", "doc_id": "d1", "start": "x", "end": 3, "score": 1},
                     {"query_id": "q1", "doc_id": "d1", "start": 9, "end": 3, "score": 1},
                     {"query_id": "q1", "doc_id": "d1", "start": -1, "end": 3, "score": 1},
                     {"query_id": "q1", "doc_id": "d1", "start": 1, "end": 3, "score": "hi"},
                     {"query_id": None, "doc_id": "d1", "start": 1, "end": 3, "score": 1}]
    path = write_jsonl(tmp_path / "run.jsonl", bad, blank_after=0)
    log = ProblemLog()
    read_run(path, log=log)
    found = {(p.line, p.message.split()[0]) for p in log.errors}
    # line 2 is blank: the bad records are on lines 3-7
    assert found == {(3, "start"), (4, "end"), (5, "start"), (6, "score"), (7, "query_id")}
    assert all(p.file == str(path) for p in log.errors)


def test_blank_lines_keep_line_numbers_when_the_whole_file_parses(tmp_path):
    # every record parses as JSON (the fast path): blank and white-space lines still count
    good = {"query_id": "q1", "doc_id": "d1", "start": 1, "end": 3, "score": 1}
    text = "\n".join(["", json.dumps(good), "  \t", json.dumps({**good, "start": -1}), "",
                      json.dumps({**good, "start": 9}), json.dumps(good), "", ""])
    path = tmp_path / "run.jsonl"
    path.write_text(text, encoding="utf-8")
    log = ProblemLog()
    read_run(path, log=log)
    assert {(p.line, p.message.split()[0]) for p in log.errors} == {(4, "start"), (6, "end")}


def test_empty_ids_are_errors_as_in_every_table(tmp_path):
    """An empty or white-space id is an error in every format; span JSONL took it as the id
    "" before (a CSV field left empty was already refused)."""
    bad = RUN[:1] + [{"query_id": "q1", "doc_id": "", "start": 1, "end": 3, "score": 1},
                     {"query_id": " ", "doc_id": "d1", "start": 1, "end": 3, "score": 1}]
    log = ProblemLog()
    read_run(write_jsonl(tmp_path / "run.jsonl", bad), log=log)
    assert sorted((p.line, p.message) for p in log.errors) == [(2, "doc_id '' is empty"),
                                                                 (3, "query_id ' ' is empty")]


def test_broken_json_line_is_named(tmp_path):
    path = tmp_path / "run.jsonl"
    path.write_text(json.dumps(RUN[0]) + "\n{not json\n" + json.dumps(RUN[1]) + "\n")
    with pytest.raises(InputError) as error:
        read_run(path)
    assert f"{path}:2:" in str(error.value)


def test_csv_rows_are_numbered_by_file_line(tmp_path):
    path = tmp_path / "qrels.csv"
    path.write_text("query_id,doc_id,start,end,relevance\nq,d,0,5,1\n\nq,d,7,x,1\n")
    with pytest.raises(InputError, match=r"qrels.csv:4: error: end 'x'"):
        read_qrels(path)


def test_repeated_and_empty_gold_spans_are_warnings():
    log = ProblemLog()
    qrels = span_qrels_from_frame(QRELS[:1] * 2 + [
        {"query_id": "q1", "doc_id": "d1", "start": 3, "end": 3, "relevance": 1}], log=log)
    assert qrels.topics["q1"].passages["d1"].ranges == [(10, 10)]
    # a DataFrame's rows are named by their index label, as in every table
    assert [p.message.split(":")[0] for p in log.warnings] == ["row 1", "row 2"]


def test_overlapping_gold_spans_count_once_in_relchars():
    qrels = span_qrels_from_frame([
        {"query_id": "q", "doc_id": "d", "start": 0, "end": 10, "relevance": 1},
        {"query_id": "q", "doc_id": "d", "start": 5, "end": 12, "relevance": 1}])
    assert qrels.topics["q"].passages["d"].relevant_chars == 12


def test_documents_check_offsets_and_convert_bytes_and_tokens(tmp_path):
    docs = write_jsonl(tmp_path / "docs.jsonl", [
        {"doc_id": "d", "text": "Zürich is   big. Très grand."}])
    documents = read_documents(docs)
    # bytes: "Zürich" is 7 bytes (ü = 2); tokens: Zürich | is | big. | Très | grand.
    rows = [{"query_id": "q", "doc_id": "d", "start": 0, "end": 7, "unit": "bytes",
             "relevance": 1},
            {"query_id": "q", "doc_id": "d", "start": 2, "end": 4, "unit": "tokens",
             "relevance": 1},
            {"query_id": "q", "doc_id": "d", "start": 0, "end": 3, "unit": "chars",
             "relevance": 1}]
    qrels = span_qrels_from_frame(rows, documents=documents)
    text = documents.texts["d"]
    ranges = qrels.topics["q"].passages["d"].ranges
    assert [text[o:o + n] for o, n in ranges] == ["Zürich", "big. Très", "Zür"]
    assert qrels.topics["q"].passages["d"].doc_length == len(text)


def test_offset_problems_with_documents(tmp_path):
    documents = read_documents(write_jsonl(tmp_path / "docs.jsonl",
                                           [{"doc_id": "d", "text": "Zürich"}]))
    log = ProblemLog()
    span_qrels_from_frame([
        {"query_id": "q", "doc_id": "d", "start": 0, "end": 7, "relevance": 1},
        {"query_id": "q", "doc_id": "d", "start": 0, "end": 2, "unit": "bytes",
         "relevance": 1},
        {"query_id": "q", "doc_id": "d", "start": 0, "end": 2, "unit": "words",
         "relevance": 1},
        {"query_id": "q", "doc_id": "x", "start": 0, "end": 2, "relevance": 1}],
        documents=documents, log=log)
    errors = {tuple(p.message.split(" ")[1:3]) for p in log.errors}
    assert ("0:", "span") in errors          # 7 > 6 characters
    assert ("1:", "byte") in errors          # byte 2 is inside "ü"
    assert ("2:", "unit") in errors
    # document x not in the documents file
    assert [p.message.split(":")[0] for p in log.warnings] == ["row 3"]


def test_bytes_without_documents_is_an_error():
    with pytest.raises(InputError, match="need the document text"):
        span_qrels_from_frame([{"query_id": "q", "doc_id": "d", "start": 0, "end": 2,
                                "unit": "bytes", "relevance": 1}])


def test_chunk_runs_trec_and_jsonl(tmp_path):
    chunk_map = write_jsonl(tmp_path / "map.jsonl", [
        {"chunk_id": "c1", "doc_id": "d1", "start": 0, "end": 15},
        {"chunk_id": "c2", "doc_id": "d1", "start": 5, "end": 25},
        {"chunk_id": "c3", "doc_id": "d3", "start": 0, "end": 15},
        {"chunk_id": "c4", "doc_id": "d1", "start": 2, "end": 15}])
    assert detect_format(chunk_map) == "chunk-map"
    cmap = read_chunk_map(chunk_map)
    trec = tmp_path / "run.txt"
    trec.write_text("q1 Q0 c3 1 0.95 bm25\nq1 Q0 c1 2 0.9 bm25\nq1 Q0 c2 3 0.8 bm25\n"
                    "q2 Q0 c4 1 0.5 bm25\n")
    jsonl = write_jsonl(tmp_path / "run.jsonl", [
        {"query_id": "q1", "chunk_id": "c3", "score": 3},
        {"query_id": "q1", "chunk_id": "c1", "score": 2},
        {"query_id": "q1", "chunk_id": "c2", "score": 1},
        {"query_id": "q2", "chunk_id": "c4", "score": 1}])
    assert detect_format(jsonl) == "chunk-run"
    spans = span_run_from_frame(RUN)
    qrels = span_qrels_from_frame(QRELS)
    names = ["SpanP", "SpanR@2", "CharMAP", "MAiP"]
    expected = _means(qrels, spans, names)
    for path in (trec, jsonl):
        run = read_run(path, chunk_map=cmap)
        assert _means(qrels, run, names) == pytest.approx(expected)
    assert read_run(trec, chunk_map=cmap).name == "bm25"
    with pytest.raises(UsageError, match="chunk map"):
        read_run(jsonl)


def test_unknown_chunk_and_conflicting_map_are_errors(tmp_path):
    cmap = chunk_map_from_frame([{"chunk_id": "c1", "doc_id": "d", "start": 0, "end": 5}])
    trec = tmp_path / "run.txt"
    trec.write_text("q Q0 c1 1 2 r\n\nq Q0 c9 2 1 r\nq Q0 c1 3\n")
    log = ProblemLog()
    read_run(trec, chunk_map=cmap, log=log)
    assert sorted((p.line, p.message[:8]) for p in log.errors) == [
        (3, "chunk c9"), (4, "expected")]
    log = ProblemLog()
    chunk_map_from_frame([{"chunk_id": "c1", "doc_id": "d", "start": 0, "end": 5},
                          {"chunk_id": "c1", "doc_id": "d", "start": 0, "end": 6}], log=log)
    assert [p.message for p in log.errors] == [
        "row 1: chunk c1 mapped again, to a different span than on row 0"]


def test_span_runs_give_no_overlap_warning_but_passage_runs_do(tmp_path):
    qrels = span_qrels_from_frame(QRELS)
    run = span_run_from_frame(RUN)
    ctx = EvalContext()
    evaluate(qrels, run, ["MAiP", "iP@0.01"], ctx)
    assert not any("overlap" in w for w in ctx.warnings)
    passage_file = tmp_path / "run.passages.txt"
    passage_file.write_text("q1 Q0 d3 1 3 r 0 15\nq1 Q0 d1 2 2 r 0 15\nq1 Q0 d1 3 1 r 5 20\n"
                            "q2 Q0 d1 1 1 r 2 13\n")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        passage_run = read_run(passage_file)
    ctx2 = EvalContext()
    table = evaluate(qrels, passage_run, ["MAiP", "iP@0.01", "HiXiP@2"], ctx2)
    assert any("overlap" in w for w in ctx2.warnings)
    same = evaluate(qrels, run, ["MAiP", "iP@0.01", "HiXiP@2"], EvalContext())
    assert np.allclose(table.value, same.value)  # the Focused and HiXEval measures unchanged


def test_span_measures_counted_in_tokens(tmp_path):
    from click.testing import CliRunner

    from sdreval.cli.main import cli

    docs = write_jsonl(tmp_path / "docs.jsonl", [{"doc_id": "d", "text": "aa bb cc dd"}])
    qrels = write_jsonl(tmp_path / "q.jsonl", [{"query_id": "q", "doc_id": "d", "start": 3,
                                                "end": 5, "relevance": 1}])
    # [0, 5) touches "aa" and "bb"; [6, 7) touches "cc"
    run = write_jsonl(tmp_path / "r.jsonl", [
        {"query_id": "q", "doc_id": "d", "start": 0, "end": 5, "score": 2},
        {"query_id": "q", "doc_id": "d", "start": 6, "end": 7, "score": 1}])
    names = ["-m", "SpanP@1", "-m", "SpanR(budget=1)", "-m", "SpanP", "-m", "CharMAP"]

    def means(*extra):
        result = CliRunner().invoke(cli, ["eval", str(qrels), str(run), "--documents",
                                          str(docs), *names, "--format", "json", *extra])
        assert result.exit_code == 0, result.output
        return {r["measure"]: r["value"] for r in json.loads(result.stdout)}

    chars, tokens = means(), means("--span-unit", "tokens")
    assert chars["SpanP@1"] == pytest.approx(2 / 5) and tokens["SpanP@1"] == pytest.approx(1 / 2)
    assert tokens["SpanR(budget=1)"] == 0.0  # the first token retrieved is "aa"
    assert tokens["SpanP"] == pytest.approx(1 / 3)
    assert tokens["CharMAP"] == pytest.approx(1 / 2)  # "bb" at position 2
    result = CliRunner().invoke(cli, ["eval", str(qrels), str(run), "--span-unit", "tokens",
                                      *names])
    assert result.exit_code == 2 and "--documents" in result.output


def test_trec_chunk_run_with_a_comma_in_its_first_line(tmp_path):
    cmap = chunk_map_from_frame([{"chunk_id": "c1", "doc_id": "d", "start": 0, "end": 5}])
    trec = tmp_path / "run.txt"
    trec.write_text("q Q0 c1 1 2 my,run\n")
    run = read_run(trec, chunk_map=cmap)
    assert run.name == "my,run" and list(run.topics["q"].offsets) == [0]


def test_trec_chunk_run_follows_the_run_readers_field_rules(tmp_path):
    """A TREC chunk run is read by the TREC run reader: integers are decimal (rank ``2.0`` and
    ``0x3`` refused, as in every TREC run; pandas' number parse took ``2.0`` as rank 2), and
    a second run-id is reported."""
    cmap = chunk_map_from_frame([{"chunk_id": f"c{i}", "doc_id": "d", "start": i, "end": 5}
                                 for i in range(1, 4)])
    trec = tmp_path / "run.txt"
    trec.write_text("q Q0 c1 1 3 r\nq Q0 c2 2.0 2 r\nq Q0 c3 0x3 1 r\nq Q0 c3 3 1 s\n")
    log = ProblemLog()
    run = read_run(trec, chunk_map=cmap, log=log)
    assert [p.line for p in log.errors] == [2, 3]
    assert [p.line for p in log.warnings] == [4]
    assert list(run.topics["q"].offsets) == [1, 3]
