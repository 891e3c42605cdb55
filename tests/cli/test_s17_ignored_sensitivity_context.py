"""sensitivity takes eval's options that change span measures' values (--order, -M/--depth,
--zero-rel-as-zero, --compat; cli.eval_inputs.SPAN_CONTEXT, eval's own option definitions), and
its means are eval's (exact sums: sdreval.measures.exact).  Before, it had none of these options
(the numbers of eval --order rsv etc. could not be had) and took pandas' mean, which differed
from eval's in the last bit (SpanP@5 of the rag example, bm25-fixed: ...524 vs eval's ...523).
Expected values: eval's output on the same inputs (a second path that must agree)."""
from __future__ import annotations

import csv
import io
import json
import shutil
from importlib.resources import files as package_files

import pytest
from click.testing import CliRunner

from sdreval.cli.main import cli

RAG = package_files("sdreval") / "data" / "examples" / "rag"


@pytest.fixture(scope="module")
def inputs(tmp_path_factory):
    """The rag example, with a topic q99 that has nothing relevant (answered by both runs)."""
    tmp = tmp_path_factory.mktemp("rag")
    qrels = (RAG / "qrels.jsonl").read_text() + json.dumps(
        {"query_id": "q99", "doc_id": "doc00", "start": 0, "end": 50, "relevance": 0}) + "\n"
    (tmp / "qrels.jsonl").write_text(qrels)
    runs = []
    for name in ("fixed", "sentence"):
        text = (RAG / "runs" / f"{name}.txt").read_text()
        first = text.splitlines()[0].split()
        (tmp / f"{name}.txt").write_text(text + f"q99 Q0 {first[2]} 1 1.0 {first[5]}\n")
        runs.append(str(tmp / f"{name}.txt"))
        shutil.copy(RAG / "chunks" / f"{name}.jsonl", tmp / f"{name}.chunks.jsonl")
    maps = [a for name in ("fixed", "sentence")
            for a in ("--chunk-map", str(tmp / f"{name}.chunks.jsonl"))]
    return str(tmp / "qrels.jsonl"), runs, maps


def _csv(args):
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0, result.output
    return list(csv.DictReader(io.StringIO(result.stdout)))


@pytest.mark.parametrize("options", [(), ("--order", "rsv"), ("-M", "3"),
                                     ("--compat", "chroma"), ("--zero-rel-as-zero",),
                                     ("--order", "rank", "-M", "2", "-c")])
def test_sensitivity_means_are_evals(inputs, options):
    qrels, runs, maps = inputs
    measures = ["-m", "SpanP@5", "-m", "SpanR@5", "-m", "SpanRR(tau=0.5)"]
    evaluated = _csv(["eval", qrels, *runs, *maps, *measures, "--format", "csv", *options])
    expected = {(r["run"], r["measure"]): float(r["value"]) for r in evaluated}
    rows = _csv(["sensitivity", qrels, *runs, *maps, *measures, "--rule", "any",
                 "--format", "csv", *options])
    got = {(r["run"], r["measure"]): float(r["mean"]) for r in rows
           if r["table"] == "scores" and not r["measure"].startswith("AP on")}
    assert got == expected  # to the last bit


def test_options_change_the_numbers(inputs):
    """The options reach the measures (a test of the test: each changes some mean)."""
    qrels, runs, maps = inputs
    base = ["sensitivity", qrels, *runs, *maps, "-m", "SpanP@5", "--rule", "any",
            "--format", "csv"]
    plain = _csv(base)
    for options in (("--order", "rsv"), ("-M", "3"), ("--compat", "chroma"),
                    ("--zero-rel-as-zero",)):
        assert _csv(base + list(options)) != plain, options
