"""Command paths no other in-process test reached (session 24 coverage): messages and exit
codes of bad options and unwritable outputs, the swap table's size columns, validate on
span inputs."""
from __future__ import annotations

import random

import numpy as np
import pytest
from click.testing import CliRunner

from sdreval.cli.main import cli
from sdreval.data import example_path

RAG = example_path("rag")
QRELS = "1 0 a 1\n1 0 b 0\n2 0 a 1\n"


def _run(args):
    return CliRunner().invoke(cli, [str(a) for a in args])


def _scores(tmp_path, topics: int = 24):
    rng = random.Random(1)
    path = tmp_path / "scores.csv"
    path.write_text("run,topic,measure,value\n" + "".join(
        f"{r},{t},map,{rng.random():.4f}\n" for t in range(1, topics + 1) for r in "abcd"))
    return path


def test_unwritable_outputs(tmp_path):
    qrels = tmp_path / "q"
    qrels.write_text(QRELS)
    missing = _run(["recallbase", qrels, "-o", tmp_path / "no" / "x.txt"])
    assert missing.exit_code == 2  # a usage error, said before the qrels are read (s28)
    assert f"no folder {tmp_path / 'no'} to write it in" in missing.output
    full = _run(["recallbase", qrels, "-o", "/dev/full"])
    assert full.exit_code == 1 and full.output == "sdreval: error: No space left on device\n"
    written = _run(["recallbase", qrels, "-o", tmp_path / "rb.txt"])
    assert written.exit_code == 0
    assert (tmp_path / "rb.txt").read_text() == _run(["recallbase", qrels]).stdout


def test_bad_option_values(tmp_path):
    scores = _scores(tmp_path)
    extrapolate = _run(["stability", "--scores", scores, "-a", "extrapolate",
                        "--extrapolate", "25,x"])
    assert extrapolate.exit_code == 2
    assert "expected comma-separated integers, got '25,x'" in extrapolate.output
    both = _run(["compare", "--scores", scores, scores, scores])
    assert both.exit_code == 2 and "give either --scores FILE or QRELS RUN..., not both" \
        in both.output
    bare = _run(["report"])
    assert bare.exit_code == 2 and "give QRELS and at least one RUN (or --scores FILE)" \
        in bare.output
    qrels = tmp_path / "q"
    qrels.write_text(QRELS)
    run = tmp_path / "r"
    run.write_text("1 Q0 a 1 2 r\n2 Q0 a 1 2 r\n")
    tau = _run(["sensitivity", qrels, run, run, "-m", "map", "--tau", "0"])
    assert tau.exit_code == 2 and "parameter tau must be in (0, 1], got 0.0" in tau.output


def test_swap_table_shows_ten_of_twelve_sizes(tmp_path):
    """24 topics: sizes 1..12; ten columns spread evenly: linspace(0, 11, 10) rounded is
    0, 1, 2, 4, 5, 6, 7, 9, 10, 11, the sizes 1, 2, 3, 5, 6, 7, 8, 10, 11, 12."""
    assert np.linspace(0, 11, 10).round().astype(int).tolist() == [0, 1, 2, 4, 5, 6, 7, 9,
                                                                    10, 11]
    result = _run(["stability", "--scores", _scores(tmp_path), "-a", "swap", "--trials", "5"])
    assert result.exit_code == 0, result.output
    assert "map (topic-set sizes 1, 2, 3, 5, 6, 7, 8, 10, 11, 12 of 1..12; --format csv for " \
        "all)" in result.output
    header = next(line for line in result.output.splitlines() if line.startswith("difference"))
    assert header.split()[1:] == [f"n={n}" for n in (1, 2, 3, 5, 6, 7, 8, 10, 11, 12)]


def test_validate_span_documents_and_a_chunk_run_without_its_map():
    documents = RAG / "documents.jsonl"
    result = _run(["validate", documents])
    lines = documents.read_text().splitlines()
    assert result.exit_code == 0
    assert f"ok: documents, {len(lines)} documents; 0 error(s), 0 warning(s)" in result.output
    run = RAG / "runs" / "fixed.txt"
    chunk = _run(["validate", run, "--format", "chunk-run"])
    assert chunk.exit_code == 0
    assert "a chunk-ID run is checked with its chunk map: sdreval validate RUN --chunk-map " \
        "FILE" in chunk.output
    assert "ok: chunk-run, chunk-ID run (not checked without its chunk map); 0 error(s), " \
        "1 warning(s)" in chunk.output


def test_alt_qrels_without_the_original_inputs():
    synthetic = example_path("synthetic")
    result = _run(["stability", "-a", "variants", "--alt-qrels", synthetic / "qrels.tsv"])
    assert result.exit_code == 2
    assert "--alt-qrels needs QRELS RUN... (the original assessments and runs)" \
        in result.output


def test_report_names_strict_in_its_settings(tmp_path):
    synthetic = example_path("synthetic")
    out = tmp_path / "report.html"
    result = _run(["report", synthetic / "qrels.fol", synthetic / "runs" / "sim01.passages.txt",
                   synthetic / "runs" / "sim02.passages.txt", "-m", "MAiP", "--strict",
                   "-o", out, "--no-plots"])
    assert result.exit_code == 0, result.output
    assert "runs that break a task&#x27;s rules rejected (--strict)" in out.read_text()


def test_sensitivity_of_a_run_mixing_two_chunkings(tmp_path):
    """A chunk-ID run with chunks of two chunkings is scored on the qrels projected onto both
    (rule any: a chunk overlapping the gold is relevant).  q01's gold doc00 [432, 519)
    overlaps doc00-f001, doc00-f002 and doc00-s007; q02's doc11 [1263, 1431) overlaps
    doc11-f005, doc11-s019 and doc11-s020.  The run finds f001 and s007 at ranks 1 and 2 of
    q01 (AP 2/3), f005 at rank 1 of q02 (AP 1/3): mean 1/2."""
    run = tmp_path / "mixed.txt"
    run.write_text("q01 Q0 doc00-f001 1 9 mixed\nq01 Q0 doc00-s007 2 8 mixed\n"
                   "q01 Q0 doc13-f002 3 7 mixed\nq02 Q0 doc11-f005 1 9 mixed\n"
                   "q02 Q0 doc11-s003 2 8 mixed\n")
    result = _run(["sensitivity", RAG / "qrels.jsonl", run, RAG / "runs" / "fixed.txt",
                   "--chunk-map", RAG / "chunks" / "fixed.jsonl",
                   "--chunk-map", RAG / "chunks" / "sentence.jsonl", "-m", "SpanR@3",
                   "--rule", "any"])
    assert result.exit_code == 0, result.output
    line = next(x for x in result.stdout.splitlines()
                if x.startswith("AP on chunk qrels\tany\tmixed\t"))
    assert float(line.split("\t")[3]) == pytest.approx(0.5)


def test_stability_option_and_topic_refusals(tmp_path):
    scores = _scores(tmp_path)
    text = _run(["stability", "--scores", scores, "--top-fraction", "abc"])
    assert text.exit_code == 2 and "'abc' is not a number" in text.output
    one = _scores(tmp_path, topics=1)
    swap = _run(["stability", "--scores", one, "-a", "swap"])
    assert swap.exit_code == 2 and "swap rates need at least two topics" in swap.output
