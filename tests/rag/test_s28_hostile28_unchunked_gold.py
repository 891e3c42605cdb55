"""A chunk map whose doc ids are spelled otherwise than the qrels' ('007' in the qrels, the JSON
number 7 in the chunk map, as a tool writing integer ids makes it): ids are compared as
written, so no chunk of the run is in the gold document and every span measure is 0.  `eval`
said nothing (exit 0, SpanR 0.0000) where `project` warned of documents with gold text and no
chunk; `eval` now gives that warning for a chunk run (CLI, --jobs 2 and the API alike), and
both name the chunk map's id that names the qrels' one once leading zeros are set aside."""
from __future__ import annotations

import json
import warnings

import sdreval.api as api
from sdreval.io.spans import chunk_map_from_frame, chunk_run_from_frame

GOLD = [{"query_id": "q1", "doc_id": "007", "start": 6, "end": 16, "relevance": 1}]
MAP = [{"chunk_id": "c1", "doc_id": 7, "start": 0, "end": 20},
       {"chunk_id": "c2", "doc_id": 7, "start": 20, "end": 40}]
RUN = [{"query_id": "q1", "chunk_id": "c1", "score": 2}, {"query_id": "q1", "chunk_id": "c2",
                                                         "score": 1}]
SAID = ("warning: 1 document(s) with gold text have no chunk in the chunk map of run run, so no "
        "chunk of the run can reach their gold text (check the doc ids of the chunk map): 007; "
        "the chunk map has '7' for '007': ids are compared as written")


def files(tmp_path, chunk_map=MAP):
    for name, rows in (("q", GOLD), ("map", chunk_map), ("run", RUN)):
        (tmp_path / f"{name}.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))
    return tmp_path / "q.jsonl", tmp_path / "run.jsonl", "--chunk-map", tmp_path / "map.jsonl"


def test_eval_says_gold_documents_the_chunk_map_lacks(sdreval_cli, tmp_path):
    given = files(tmp_path)
    serial = sdreval_cli("eval", *given, "-m", "SpanR")
    parallel = sdreval_cli("eval", *given, "-m", "SpanR", "--jobs", "2")
    for result in (serial, parallel):
        assert result.returncode == 0, result.stderr
        # ids as written: no chunk of document 007, so Ret ∩ G = ∅ and SpanR = 0 / 10
        assert result.stdout.split() == ["run", "SpanR", "all", "0.0000"]
        assert result.stderr.count(SAID) == 1, result.stderr
    assert serial.stderr == parallel.stderr


def test_the_api_warns_alike():
    chunks = chunk_map_from_frame(MAP)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api.evaluate(GOLD, chunk_run_from_frame(RUN, chunks), ["SpanR"])
    assert any(SAID[len("warning: "):] in str(w.message) for w in caught)


def test_project_names_the_spelling(sdreval_cli, tmp_path):
    qrels, _, _, chunk_map = files(tmp_path)
    result = sdreval_cli("project", qrels, chunk_map, "-o", tmp_path / "out.qrels")
    assert "1 document(s) with gold text have no chunk in" in result.stderr
    assert "the chunk map has '7' for '007'" in result.stderr


def test_ids_written_alike_give_no_warning_and_the_hand_value(sdreval_cli, tmp_path):
    given = files(tmp_path, [{**c, "doc_id": "007"} for c in MAP])
    result = sdreval_cli("eval", *given, "-m", "SpanR", "-m", "SpanP")
    assert result.returncode == 0 and "no chunk" not in result.stderr, result.stderr
    # gold [6, 16) inside c1 [0, 20); Ret = [0, 40): R = 10/10, P = 10/40
    assert result.stdout.split() == ["run", "SpanR", "all", "1.0000",
                                     "run", "SpanP", "all", "0.2500"]


def test_chunk_id_spelled_otherwise_is_named(sdreval_cli, tmp_path):
    """A TREC chunk run naming chunk 007 where the CSV chunk map has 7 was refused without
    saying which id was meant."""
    (tmp_path / "q.jsonl").write_text(json.dumps(GOLD[0]) + "\n")
    (tmp_path / "map.csv").write_text("chunk_id,doc_id,start,end\n7,007,0,20\nc2,007,20,40\n")
    (tmp_path / "run.txt").write_text("q1 Q0 007 1 3 r\nq1 Q0 C2 2 2 r\nq1 Q0 x 3 1 r\n")
    result = sdreval_cli("eval", tmp_path / "q.jsonl", tmp_path / "run.txt", "--chunk-map",
                         tmp_path / "map.csv", "-m", "SpanR")
    assert result.returncode == 1 and result.stdout == ""
    lines = [line.split("run.txt:", 1)[1] for line in result.stderr.splitlines()]
    hint = ("ids are compared as written, so leading zeros, case and the Unicode form "
            "(NFC/NFD) count; write the run's chunk ids as the chunk map writes them")
    assert lines == [f"1: error: chunk 007 is not in the chunk map ({tmp_path / 'map.csv'}); "
                     f"the chunk map has '7': {hint}",
                     f"2: error: chunk C2 is not in the chunk map ({tmp_path / 'map.csv'}); "
                     f"the chunk map has 'c2': {hint}",
                     f"3: error: chunk x is not in the chunk map ({tmp_path / 'map.csv'})"]


def test_document_id_spelled_otherwise_than_the_documents_file(sdreval_cli, tmp_path):
    """Gold given as text under doc id 7 where the documents file has '007' was refused
    without saying which id was meant; a chunk map under 7 was read unchecked without it."""
    (tmp_path / "docs.jsonl").write_text(json.dumps({"doc_id": "007", "text": "Alpha beta "
                                                     "gamma delta epsilon zeta eta theta."}) + "\n")
    *given, _, chunk_map = files(tmp_path)
    (tmp_path / "q.jsonl").write_text(json.dumps({"query_id": "q1", "doc_id": 7,
                                                  "gold_text": "beta gamma"}) + "\n")
    result = sdreval_cli("eval", tmp_path / "q.jsonl", given[1], "--chunk-map", chunk_map,
                         "--documents", tmp_path / "docs.jsonl", "-m", "SpanR")
    hint = ("the documents file has '007': ids are compared as written, so leading zeros, "
            "case and the Unicode form (NFC/NFD) count")
    assert result.returncode == 1
    assert f"q.jsonl:1: error: document 7 is not in the documents file ({tmp_path}" \
        in result.stderr and f"docs.jsonl); {hint}" in result.stderr, result.stderr
    result = sdreval_cli("eval", *files(tmp_path), "--documents", tmp_path / "docs.jsonl",
                         "-m", "SpanR")
    assert result.returncode == 0
    assert f"map.jsonl:1: warning: document 7 is not in the documents file ({tmp_path}" \
        in result.stderr and f"docs.jsonl); its 2 span(s) are not checked; {hint}" \
        in result.stderr, result.stderr


NONE_JUDGED = ("warning: run srun: none of its 2 results is in a document judged for its "
               "topic, so it retrieves no gold text: do the run's document ids match the "
               "qrels'? ids are compared as written, so leading zeros, case and the Unicode "
               "form (NFC/NFD) count: topic q1: the qrels have '007' for '7'")


def test_span_run_in_no_judged_document_is_said(sdreval_cli, tmp_path):
    """A span run writing doc id 7 (a JSON number) where the qrels have '007': SpanR 0 with
    exit 0 and no word; the classic measures said it ("none of its N results is a document
    judged"), the span measures now do, on every path."""
    files(tmp_path)
    (tmp_path / "srun.jsonl").write_text("".join(json.dumps(
        {"query_id": "q1", "doc_id": 7, "start": s, "end": s + 20, "score": 2 - i}) + "\n"
        for i, s in enumerate((0, 20))))
    given = (tmp_path / "q.jsonl", tmp_path / "srun.jsonl", "-m", "SpanR", "-m", "SpanP")
    serial, parallel = sdreval_cli("eval", *given), sdreval_cli("eval", *given, "--jobs", "2")
    for result in (serial, parallel):
        assert result.returncode == 0 and result.stderr.count(NONE_JUDGED) == 1, result.stderr
        assert result.stdout.split() == ["srun", "SpanR", "all", "0.0000",
                                         "srun", "SpanP", "all", "0.0000"]
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api.evaluate(GOLD, str(tmp_path / "srun.jsonl"), ["SpanR"])
    assert any(NONE_JUDGED[len("warning: "):] in str(w.message) for w in caught)
    right = [{"query_id": "q1", "doc_id": "007", "start": 0, "end": 20, "score": 1}]
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the ids match: no warning
        table = api.evaluate(GOLD, right, ["SpanR"])
    assert table["value"].tolist() == [1.0]  # gold [6, 16) inside [0, 20)
