"""RAGAS ID-based samples whose ``reference_context_ids`` is an empty list: the question
expects no id.  RAGAS scores it (``IDBasedContextPrecision``: expected ids retrieved / distinct
ids retrieved, 0 here; ``IDBasedContextRecall``: NaN, no expected id).  It was left out of the
judgements, so ``--zero-rel-as-zero`` (``zero_rel=True``) could not count it: the means of a
RAGAS user asking for it left it out silently.  Now it is a topic judged with nothing relevant,
as an empty ``relevant_docs`` list of LlamaIndex or ``{}`` of a ranx qrels dict: left out of the
means by default and named, scored 0 with ``--zero-rel-as-zero``, on every path.  A *missing*
list (RAGAS refuses the sample) is still not judged, said in a warning."""
from __future__ import annotations

import json
import warnings
from fractions import Fraction

import pandas as pd
import pytest
from click.testing import CliRunner

import sdreval
from sdreval.cli.main import cli

SAMPLES = [
    {"query_id": "q1", "reference_context_ids": ["a", "b"],
     "retrieved_context_ids": ["a", "x", "b"]},
    {"query_id": "q2", "reference_context_ids": [], "retrieved_context_ids": ["a", "x"]},
    {"query_id": "q3", "reference_context_ids": ["c"], "retrieved_context_ids": ["x", "c"]},
]
# RAGAS's IDBasedContextPrecision per sample: q1 2/3, q2 0/2, q3 1/2
RAGAS_PRECISION = (Fraction(2, 3) + Fraction(0, 2) + Fraction(1, 2)) / 3  # 7/18
ANSWERED_ONLY = (Fraction(2, 3) + Fraction(1, 2)) / 2  # q2 left out: 7/12
LEFT_OUT = "1 qrels topic(s) with nothing relevant left out of means: q2"


def _file(tmp_path, kind):
    if kind == "parquet":
        pytest.importorskip("pyarrow")
        path = tmp_path / "samples.parquet"
        pd.DataFrame(SAMPLES).to_parquet(path)
    else:
        path = tmp_path / "samples.jsonl"
        path.write_text("".join(json.dumps(s) + "\n" for s in SAMPLES))
    return str(path)


@pytest.mark.parametrize("kind", ["jsonl", "parquet"])
@pytest.mark.parametrize("extra", [[], ["--jobs", "2"]])
def test_cli_zero_rel_counts_the_empty_sample(tmp_path, kind, extra):
    path = _file(tmp_path, kind)
    result = CliRunner().invoke(cli, ["eval", path, path, "-m", "SetP", "-q",
                                      "--zero-rel-as-zero", *extra])
    assert result.exit_code == 0, result.output
    assert "\tSetP\tq2\t0.0000" in result.stdout  # RAGAS: 0 of 2 retrieved ids expected
    assert f"\tSetP\tall\t{float(RAGAS_PRECISION):.4f}" in result.stdout  # 0.3889
    assert "--zero-rel-as-zero: 1 qrels topic(s) with nothing relevant" in result.stderr


def test_cli_default_names_the_topic_left_out(tmp_path):
    path = _file(tmp_path, "jsonl")
    result = CliRunner().invoke(cli, ["eval", path, path, "-m", "SetP"])
    assert result.exit_code == 0, result.output
    assert f"\tSetP\tall\t{float(ANSWERED_ONLY):.4f}" in result.stdout  # 0.5833
    assert LEFT_OUT in result.stderr
    assert "not in the qrels ignored" not in result.stderr


@pytest.mark.parametrize("given", ["path", "frame", "records"])
def test_api_every_source(tmp_path, given):
    source = {"path": _file(tmp_path, "jsonl"), "frame": pd.DataFrame(SAMPLES),
              "records": SAMPLES}[given]
    with warnings.catch_warnings(record=True) as said:
        warnings.simplefilter("always")
        default = sdreval.evaluate(source, source, "SetP")
        counted = sdreval.evaluate(source, source, "SetP", zero_rel=True)
    assert default["value"].tolist() == pytest.approx([float(ANSWERED_ONLY)], abs=1e-12)
    assert counted["value"].tolist() == pytest.approx([float(RAGAS_PRECISION)], abs=1e-12)
    assert any(LEFT_OUT in str(w.message) for w in said)


def test_qrels_hold_the_question_judged_with_nothing_relevant():
    qrels = sdreval.read_qrels(pd.DataFrame(SAMPLES))
    assert list(qrels.topics) == ["q1", "q2", "q3"]  # the samples' order
    assert qrels.relevant_topics() == ["q1", "q3"]


def test_a_missing_list_is_not_judged(tmp_path):
    samples = SAMPLES[:1] + [{"query_id": "q2", "retrieved_context_ids": ["a", "x"]}]
    path = tmp_path / "samples.jsonl"
    path.write_text("".join(json.dumps(s) + "\n" for s in samples))
    result = CliRunner().invoke(cli, ["eval", str(path), str(path), "-m", "SetP",
                                      "--zero-rel-as-zero"])
    assert result.exit_code == 0, result.output
    assert "reference_context_ids is missing in 1 sample(s) (first: line 2, query_id 'q2')" \
        in result.stderr
    assert "\tSetP\tall\t0.6667" in result.stdout  # q1 alone: 2 of 3
