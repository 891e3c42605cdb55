"""Span and passage paths no other test reached (session 24 coverage): Chroma's numbers on
an unanswered topic under -c, and span measures on an element run through the collection."""
from __future__ import annotations

import io

import pandas as pd
import pytest
from click.testing import CliRunner

from sdreval.cli.main import cli
from sdreval.data import example_path
from sdreval.io import read_collection, read_qrels, read_run
from sdreval.measures import EvalContext, evaluate
from sdreval.measures.passage.definitions import as_passage_run

RAG = example_path("rag")


def test_chroma_scores_of_an_unanswered_topic_and_of_the_chunking(tmp_path):
    """Gold q01: doc00 [432, 519); q02: doc11 [1263, 1431); qz judged non-relevant.  The run
    answers q01 (and qz), not q02.  Fixed chunks of 300 every 240 characters."""
    gold = [line for line in (RAG / "qrels.jsonl").read_text().splitlines()
            if '"q01"' in line or '"q02"' in line]
    assert len(gold) == 2
    qrels = tmp_path / "q.jsonl"
    qrels.write_text("\n".join(gold) + '\n{"query_id": "qz", "doc_id": "doc00", "start": 0, '
                     '"end": 10, "relevance": 0}\n')
    lines = (RAG / "runs" / "fixed.txt").read_text().splitlines()
    run = tmp_path / "r.txt"
    run.write_text("\n".join([x for x in lines if x.startswith("q01 ")]
                             + [x.replace("q05", "qz", 1) for x in lines
                                if x.startswith("q05 ")]) + "\n")
    result = CliRunner().invoke(cli, [
        "eval", str(qrels), str(run), "--chunk-map", str(RAG / "chunks" / "fixed.jsonl"),
        "-m", "SpanR@5", "-m", "SpanP@5", "-m", "SpanOmega", "--compat", "chroma", "-c", "-q",
        "--format", "csv"])
    assert result.exit_code == 0, result.output
    table = pd.read_csv(io.StringIO(result.stdout), dtype={"topic": str})
    got = {(r.topic, r.measure): r.value for r in table.itertuples()}
    assert "qz" not in set(table.topic)  # nothing relevant: no value, out of the means
    # q02 unanswered, -c: no retrieved text, recall and precision 0
    assert got[("q02", "SpanR@5")] == 0.0 and got[("q02", "SpanP@5")] == 0.0
    # SpanOmega scores the chunking: q02's gold lies in chunk [1200, 1500) alone: 168/300;
    # q01's touches [240, 540) and [480, 749): 87 of their union [240, 749), 509 characters
    assert got[("q02", "SpanOmega")] == pytest.approx(168 / 300)
    assert got[("q01", "SpanOmega")] == pytest.approx(87 / 509)
    assert got[("q01", "SpanR@5")] == 1.0  # rank 1, doc00-f001 [240, 540), holds the gold
    assert got[("all", "SpanR@5")] == 0.5


def test_span_and_passage_measures_on_an_element_run_equal_its_passage_run():
    """An element run is turned into passages through the collection once per evaluation
    (the second family reuses it); the numbers are those of the converted run."""
    root = example_path("synthetic")
    collection = read_collection(root / "docs")
    qrels = read_qrels(root / "qrels.fol")
    run = read_run(root / "runs" / "sim01.txt")
    assert run.unit == "element"
    measures = ["MAiP", "HiXiP@5", "SpanR@5", "SpanP@5"]
    direct = evaluate(qrels, [run], measures, EvalContext(collection=collection))
    converted = as_passage_run(run, EvalContext(collection=collection))
    assert converted.unit == "passage"
    expected = evaluate(qrels, [converted], measures, EvalContext(collection=collection))
    assert len(direct) == len(expected) == 4 * len(run.topics)
    pd.testing.assert_frame_equal(direct.drop(columns="run"), expected.drop(columns="run"))


def test_a_run_file_with_topics_in_reverse_order_scores_the_same(tmp_path):
    """The shared columns of a run file are then gathered row by row (document names picked
    from the stored Arrow column, not copied): the same values as the file in order."""
    root = example_path("synthetic")
    qrels = read_qrels(root / "qrels.fol")
    lines = (root / "runs" / "sim01.passages.txt").read_text().splitlines()
    reverse = tmp_path / "reverse.txt"
    reverse.write_text("\n".join(sorted(lines, key=lambda x: -int(x.split()[0]))) + "\n")
    in_order, reversed_run = read_run(root / "runs" / "sim01.passages.txt"), read_run(reverse)
    assert list(reversed_run.topics)[0] == "4" and list(in_order.topics)[0] == "1"
    measures = ["MAiP", "iP@0.01", "HiXiP@10", "MAgP", "SpanR@10"]
    a = evaluate(qrels, [in_order], measures, EvalContext()).sort_values(["measure", "topic"])
    b = evaluate(qrels, [reversed_run], measures, EvalContext()).sort_values(["measure",
                                                                               "topic"])
    assert len(a) == 20 and a.value.nunique() > 5
    assert a.value.tolist() == b.value.tolist()
