"""``sdreval eval`` as a trec_eval user runs it: trec_eval names, ``-M depth``, ``-l level``,
``--order rsv``, and the default measure set when no ``-m`` is given (checked against
pytrec_eval on the same files)."""
from __future__ import annotations

import json

import numpy as np
import pytest
from click.testing import CliRunner

from sdreval.cli.main import cli

pytrec_eval = pytest.importorskip("pytrec_eval")


def write_files(tmp_path, seed: int = 0, topics: int = 6):
    """Document qrels (native TSV, graded 0..3) and two TREC document runs with RSV ties,
    listed in an order that is not trec_eval's."""
    rng = np.random.default_rng(seed)
    qdict: dict[str, dict[str, int]] = {}
    lines = ["# scale=graded", "topic\tfile\tpath\texhaustivity\tspecificity"]
    for t in range(topics):
        topic = str(401 + t)
        docs = rng.choice(200, 60, replace=False)
        grades = rng.choice(4, 60, p=[0.5, 0.25, 0.15, 0.1])
        grades[0] = 3
        qdict[topic] = {f"D{d:04d}": int(g) for d, g in zip(docs, grades)}
        lines += [f"{topic}\tD{d:04d}\t/article[1]\t{g}\t{g}" for d, g in zip(docs, grades)]
    (tmp_path / "qrels.tsv").write_text("\n".join(lines) + "\n")
    runs = {}
    for name in ("bm25", "dense"):
        rdict: dict[str, dict[str, float]] = {}
        rows = []
        for topic in qdict:
            docs = rng.choice(300, 40, replace=False)
            scores = np.round(rng.random(40) * 4) / 4
            for i, j in enumerate(rng.permutation(40)):
                doc = f"D{docs[j]:04d}"
                rdict.setdefault(topic, {})[doc] = float(scores[j])
                rows.append(f"{topic} Q0 {doc} {i + 1} {scores[j]} {name}")
        (tmp_path / f"{name}.run").write_text("\n".join(rows) + "\n")
        runs[name] = rdict
    return qdict, runs


def records(result):
    assert result.exit_code == 0, result.output
    return {(r["run"], r["topic"], r["measure"]): r["value"]
            for r in json.loads(result.stdout)}


@pytest.mark.parametrize("depth, level", [(None, None), (10, None), (None, 2), (7, 3)])
def test_trec_eval_options_match_pytrec_eval(tmp_path, depth, level):
    qdict, runs = write_files(tmp_path)
    names = ["map", "P_5", "ndcg_cut_10", "recip_rank", "bpref", "num_ret", "num_rel_ret",
             "recall_20"]
    args = ["eval", str(tmp_path / "qrels.tsv"), str(tmp_path / "bm25.run"),
            str(tmp_path / "dense.run"), "--order", "rsv", "-q", "--format", "json"]
    args += [a for n in names for a in ("-m", n)]
    if depth:
        args += ["-M", str(depth)]
    if level:
        args += ["-l", str(level)]
    got = records(CliRunner().invoke(cli, args))
    for run, rdict in runs.items():
        if depth:  # trec_eval cuts after sorting by RSV desc, docno desc
            rdict = {t: dict(sorted(d.items(), key=lambda kv: (kv[1], kv[0]),
                                    reverse=True)[:depth]) for t, d in rdict.items()}
        ref = pytrec_eval.RelevanceEvaluator(qdict, set(names), relevance_level=level or 1
                                             ).evaluate(rdict)
        for topic, values in ref.items():
            for name in names:
                assert got[(run, topic, name)] == pytest.approx(values[name], abs=1e-9), \
                    (run, topic, name)
        assert got[(run, "all", "num_ret")] == sum(v["num_ret"] for v in ref.values())


def test_without_measures_the_document_set_is_used_and_named(tmp_path):
    write_files(tmp_path)
    result = CliRunner().invoke(
        cli, ["eval", str(tmp_path / "qrels.tsv"), str(tmp_path / "bm25.run")])
    assert result.exit_code == 0, result.stderr
    assert "document-run set AP, nDCG@10, P@10, RR, R@100, Judged@10" in result.stderr
    measures = [line.split("\t")[1] for line in result.stdout.splitlines()]
    assert measures == ["AP", "nDCG@10", "P@10", "RR", "R@100", "Judged@10"]


def test_unknown_trec_name_is_a_usage_error_with_a_suggestion(tmp_path):
    write_files(tmp_path)
    result = CliRunner().invoke(
        cli, ["eval", str(tmp_path / "qrels.tsv"), str(tmp_path / "bm25.run"), "-m", "P_1O"])
    assert result.exit_code == 2
    assert "did you mean P_10?" in result.stderr


def test_article_runs_get_the_document_set_and_passage_runs_the_passage_set(tmp_path):
    from importlib.resources import files

    synthetic = files("sdreval") / "data" / "examples" / "synthetic"
    article_run = tmp_path / "articles.txt"
    article_run.write_text("1 Q0 doc0002 1 0.9 art /article[1]\n1 Q0 doc0005 2 0.8 art "
                           "/article[1]\n")
    result = CliRunner().invoke(cli, ["eval", str(synthetic / "qrels.tsv"), str(article_run)])
    assert result.exit_code == 0, result.output
    assert "document-run set" in result.stderr
    result = CliRunner().invoke(cli, ["eval", str(synthetic / "qrels.fol"),
                                      str(synthetic / "runs/sim01.passages.txt")])
    assert result.exit_code == 0, result.output
    assert "passage-run set MAiP, iP@0.00, iP@0.01, iP@0.05, iP@0.10" in result.stderr
    result = CliRunner().invoke(cli, ["eval", str(synthetic / "qrels.tsv"),
                                      str(synthetic / "runs/sim01.txt"),
                                      str(synthetic / "runs/sim01.passages.txt")])
    assert result.exit_code == 2 and "runs of different kinds" in result.stderr


def test_file_order_that_is_not_trec_eval_order_is_said(tmp_path):
    write_files(tmp_path)
    args = ["eval", str(tmp_path / "qrels.tsv"), str(tmp_path / "bm25.run"), "-m", "map"]
    result = CliRunner().invoke(cli, args)
    assert "--order rsv ranks as trec_eval does" in result.stderr
    result = CliRunner().invoke(cli, args + ["--order", "rsv"])
    assert "--order rsv" not in result.stderr


def test_unknown_quantisation_option_gets_a_suggestion():
    from importlib.resources import files

    synthetic = files("sdreval") / "data" / "examples" / "synthetic"
    result = CliRunner().invoke(cli, ["eval", str(synthetic / "qrels.tsv"),
                                      str(synthetic / "runs/sim01.txt"), "-m", "MAep",
                                      "--quant", "sgo"])
    assert result.exit_code == 2 and "did you mean sog?" in result.stderr


def test_depth_and_level_give_the_same_table_serial_parallel_and_streamed(tmp_path):
    write_files(tmp_path)
    base = ["eval", str(tmp_path / "qrels.tsv"), str(tmp_path / "bm25.run"),
            str(tmp_path / "dense.run"), "-m", "map", "-m", "bpref", "-m", "P_10", "-m",
            "num_ret", "-M", "5", "-l", "2", "--order", "rsv", "-q", "--format", "csv"]
    outputs = [CliRunner().invoke(cli, base + extra).stdout
               for extra in ([], ["--jobs", "2"], ["--stream"])]
    assert outputs[0] and outputs[0] == outputs[1] == outputs[2]


def test_a_run_whose_ids_match_no_judged_document_is_said(tmp_path):
    write_files(tmp_path)
    (tmp_path / "other.run").write_text("401 Q0 X1 1 2.0 other\n401 Q0 X2 2 1.0 other\n")
    result = CliRunner().invoke(cli, ["eval", str(tmp_path / "qrels.tsv"),
                                      str(tmp_path / "other.run"), "-m", "map"])
    assert result.exit_code == 0
    assert "none of its 2 results is a document judged for its topic" in result.stderr
    result = CliRunner().invoke(cli, ["eval", str(tmp_path / "qrels.tsv"),
                                      str(tmp_path / "bm25.run"), "-m", "map"])
    assert "none of its" not in result.stderr


def test_span_and_chunk_runs_get_the_span_set():
    from importlib.resources import files

    rag = files("sdreval") / "data" / "examples" / "rag"
    result = CliRunner().invoke(cli, ["eval", str(rag / "qrels.jsonl"),
                                      str(rag / "runs/fixed.txt"), "--chunk-map",
                                      str(rag / "chunks/fixed.jsonl"), "--documents",
                                      str(rag / "documents.jsonl")])
    assert result.exit_code == 0, result.output
    assert "span-run set SpanP@5, SpanR@5, SpanIoU@5, SpanRR(tau=0.5), CharMAP" in result.stderr
    explicit = CliRunner().invoke(cli, ["eval", str(rag / "qrels.jsonl"),
                                        str(rag / "runs/fixed.txt"), "--chunk-map",
                                        str(rag / "chunks/fixed.jsonl"), "--documents",
                                        str(rag / "documents.jsonl"), "-m", "SpanP@5", "-m",
                                        "SpanR@5", "-m", "SpanIoU@5", "-m", "SpanRR(tau=0.5)",
                                        "-m", "CharMAP"])
    assert explicit.stdout == result.stdout
