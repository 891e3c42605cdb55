"""BEIR's corpus.jsonl (Thakur et al. 2021: ``_id``, ``title``, ``text``, ``metadata``) is
read as the documents: ``_id`` is the document id, the offsets count in the ``text`` field
alone (a warning says so when a title is given); its queries.jsonl (``_id``, ``text``) given
as judgements or a run is refused as a file of queries.  Main refused the corpus (no doc_id)
and called the queries file a documents file."""
import json
from fractions import Fraction

import pytest
from click.testing import CliRunner

import sdreval.api as api
from sdreval.cli.main import cli
from sdreval.errors import InputError, ProblemLog
from sdreval.io.spans import read_chunk_map, read_chunk_run, read_documents, read_span_qrels

CORPUS = [{"_id": "d1", "title": "Cats", "text": "Cats purr. They sleep a lot.", "metadata": {}},
          {"_id": "d2", "title": "", "text": "Dogs bark loudly.", "metadata": {}},
          {"_id": "d3", "title": "Birds", "text": "Birds sing at dawn and at dusk.",
           "metadata": {"url": "x"}}]
QUERIES = [{"_id": "q1", "text": "do cats sleep", "metadata": {}},
           {"_id": "q2", "text": "when do birds sing", "metadata": {}}]
MAP = [{"chunk_id": "c1", "doc_id": "d1", "start": 0, "end": 10},    # "Cats purr."
       {"chunk_id": "c2", "doc_id": "d1", "start": 11, "end": 28},   # "They sleep a lot."
       {"chunk_id": "c3", "doc_id": "d2", "start": 0, "end": 17},    # "Dogs bark loudly."
       {"chunk_id": "c4", "doc_id": "d3", "start": 0, "end": 18},    # "Birds sing at dawn"
       {"chunk_id": "c5", "doc_id": "d3", "start": 19, "end": 31}]   # "and at dusk."
GOLD = [{"query_id": "q1", "doc_id": "d1", "start": 11, "end": 28, "relevance": 1},
        {"query_id": "q2", "doc_id": "d3", "start": 6, "end": 18, "relevance": 1},  # sing at dawn
        {"query_id": "q2", "doc_id": "d2", "start": 5, "end": 9, "relevance": 1}]   # bark
RUN = [{"query_id": "q1", "chunk_id": "c1", "score": 3}, {"query_id": "q1", "chunk_id": "c2",
                                                          "score": 2},
       {"query_id": "q1", "chunk_id": "c3", "score": 1},
       {"query_id": "q2", "chunk_id": "c4", "score": 2}, {"query_id": "q2", "chunk_id": "c3",
                                                          "score": 1}]


def _jsonl(path, rows):
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return path


@pytest.fixture
def beir(tmp_path):
    return {name: _jsonl(tmp_path / f"{name}.jsonl", rows) for name, rows in
            (("corpus", CORPUS), ("queries", QUERIES), ("map", MAP), ("gold", GOLD),
             ("run", RUN))}


def test_corpus_is_the_documents_text_field_alone(beir):
    log = ProblemLog()
    docs = read_documents(beir["corpus"], log)
    assert docs.texts == {r["_id"]: r["text"] for r in CORPUS}
    said = " ".join(p.message for p in log.warnings)
    assert "text field alone" in said and "2 of 3 documents" in said and "e.g. d1" in said
    assert not log.errors


def test_no_warning_without_titles(tmp_path):
    log = ProblemLog()
    rows = [dict(r, title="") for r in CORPUS]
    read_documents(_jsonl(tmp_path / "c.jsonl", rows), log)
    assert not log.problems


def test_chunk_run_over_a_beir_corpus_by_hand(beir):
    docs = read_documents(beir["corpus"], ProblemLog())
    chunks = read_chunk_map(beir["map"], ProblemLog(), docs)
    run = read_chunk_run(beir["run"], chunks)
    qrels = read_span_qrels(beir["gold"], ProblemLog(), docs)
    got = api.evaluate(qrels, run, ["SpanP@1", "SpanR@1", "SpanP@2", "SpanR@2"],
                       per_topic=True)
    value = {(t, m): v for t, m, v in zip(got.topic, got.measure, got.value)}
    # q1: c1 holds no gold (0/10), c2 is the gold [11, 28) (17 characters)
    # q2: c4 [0, 18) holds gold [6, 18) (12 of 18); c3 holds "bark" [5, 9) (4 of 17);
    #     16 gold characters in all
    expected = {("q1", "SpanP@1"): Fraction(0), ("q1", "SpanR@1"): Fraction(0),
                ("q1", "SpanP@2"): Fraction(17, 27), ("q1", "SpanR@2"): Fraction(1),
                ("q2", "SpanP@1"): Fraction(12, 18), ("q2", "SpanR@1"): Fraction(12, 16),
                ("q2", "SpanP@2"): Fraction(16, 35), ("q2", "SpanR@2"): Fraction(16, 16)}
    for key, want in expected.items():
        assert value[key] == pytest.approx(float(want), abs=1e-12), key
    for m in ("SpanP@1", "SpanR@1", "SpanP@2", "SpanR@2"):
        mean = (expected[("q1", m)] + expected[("q2", m)]) / 2
        assert value[("all", m)] == pytest.approx(float(mean), abs=1e-12), m


def test_offsets_of_title_and_text_joined_pass_the_text(beir, tmp_path):
    # "Cats" + " " + text is 33 characters; the text alone 28
    docs = read_documents(beir["corpus"], ProblemLog())
    log = ProblemLog()
    read_chunk_map(_jsonl(tmp_path / "m.jsonl", [{"chunk_id": "c", "doc_id": "d1", "start": 5,
                                                  "end": 33}]), log, docs)
    assert any("beyond the end of document d1 (28 chars)" in p.message for p in log.errors)


def test_cli_eval_with_a_beir_corpus(beir):
    out = CliRunner().invoke(cli, ["eval", str(beir["gold"]), str(beir["run"]), "--chunk-map",
                                   str(beir["map"]), "--documents", str(beir["corpus"]),
                                   "-m", "SpanR@1"])
    assert out.exit_code == 0, out.output
    assert f"{(0 + 0.75) / 2:.4f}" in out.output and "text field alone" in out.output


@pytest.mark.parametrize("place", ["run", "qrels"])
@pytest.mark.parametrize("metadata", [True, False])
def test_beir_queries_refused_as_queries(beir, tmp_path, place, metadata):
    queries = beir["queries"] if metadata else _jsonl(
        tmp_path / "q.jsonl", [{"_id": q["_id"], "text": q["text"]} for q in QUERIES])
    args = [str(beir["gold"]), str(queries)] if place == "run" else \
        [str(queries), str(beir["run"])]
    out = CliRunner().invoke(cli, ["eval", *args, "--chunk-map", str(beir["map"]),
                                   "-m", "SpanR@1"])
    assert out.exit_code == 1
    assert "BEIR's queries.jsonl" in out.output and "a file of queries" in out.output
    assert "documents file" not in out.output


def test_beir_queries_refused_in_python(beir):
    import pandas as pd

    with pytest.raises(InputError, match="a file of queries"):
        api.evaluate(read_span_qrels(beir["gold"]), pd.DataFrame(QUERIES), ["SpanR@1"])

