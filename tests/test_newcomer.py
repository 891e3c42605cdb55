"""A newcomer from trec_eval / ir_measures, in five minutes.

1. TREC files (graded qrels ``qid 0 docno rel`` and three document runs) -> ``sdreval eval``
   with trec_eval's names and options -> ``sdreval compare`` significance table; the numbers
   are pytrec_eval's and the p-values scipy's paired t-test on them.
2. The same data as ir_measures / ir_datasets objects (generators of namedtuples, ir_measures
   measure objects) through the Python API -> the same numbers and the same table.
"""
from __future__ import annotations

import io
import json

import numpy as np
import pandas as pd
import pytest
from click.testing import CliRunner
from scipy import stats

from sdreval import api
from sdreval.cli.main import cli

pytrec_eval = pytest.importorskip("pytrec_eval")
ir_measures = pytest.importorskip("ir_measures")

TREC_NAMES = ["map", "P_10", "ndcg_cut_10"]
RUNS = ("bm25", "dense", "hybrid")


def write_trec_files(tmp_path, topics: int = 12):
    """qrels.txt (``qid 0 docno rel``, grades 0-2) and three runs with RSV ties, listed in
    rank order of their own (not trec_eval's tie order)."""
    rng = np.random.default_rng(2026)
    qdict: dict[str, dict[str, int]] = {}
    lines = []
    for t in range(topics):
        qid = str(101 + t)
        docs = rng.choice(500, 80, replace=False)
        grades = rng.choice(3, 80, p=[0.6, 0.25, 0.15])
        grades[:2] = 2
        qdict[qid] = {f"DOC-{d:05d}": int(g) for d, g in zip(docs, grades)}
        lines += [f"{qid} 0 DOC-{d:05d} {g}" for d, g in zip(docs, grades)]
    (tmp_path / "qrels.txt").write_text("\n".join(lines) + "\n")
    rdicts = {}
    for strength, name in zip((0.2, 0.35, 0.5), RUNS):
        rdict: dict[str, dict[str, float]] = {}
        rows = []
        for qid, judged in qdict.items():
            relevant = [d for d, g in judged.items() if g > 0]
            pool = list(rng.choice(relevant, min(len(relevant), 8), replace=False))
            pool += [f"DOC-{d:05d}" for d in rng.choice(500, 60, replace=False)]
            pool = list(dict.fromkeys(pool))[:50]
            scores = np.round(rng.random(len(pool)) * 10) / 10
            scores[:8] += strength  # relevant documents first, more or less
            order = np.argsort(-scores, kind="stable")
            for rank, i in enumerate(order):
                rdict.setdefault(qid, {})[pool[i]] = float(scores[i])
                rows.append(f"{qid} Q0 {pool[i]} {rank + 1} {scores[i]:.2f} {name}")
        (tmp_path / f"{name}.run").write_text("\n".join(rows) + "\n")
        rdicts[name] = {q: {d: round(s, 2) for d, s in docs.items()} for q, docs in rdict.items()}
    return qdict, rdicts


def trec_eval_reference(qdict, rdicts):
    """Per-topic values from pytrec_eval, keyed (run, topic, measure)."""
    out = {}
    for name, rdict in rdicts.items():
        ref = pytrec_eval.RelevanceEvaluator(qdict, set(TREC_NAMES)).evaluate(rdict)
        for topic, values in ref.items():
            for measure in TREC_NAMES:
                out[(name, topic, measure)] = values[measure]
    return out


def require_trec_qrels(path):
    from sdreval.errors import SdrevalError
    from sdreval.io.detect import detect_format

    try:
        detect_format(path)
    except SdrevalError:
        pytest.xfail("TREC qrels (qid 0 docno rel) are read once the TREC qrels reader lands")


def test_from_trec_files_to_a_significance_table(tmp_path):
    qdict, rdicts = write_trec_files(tmp_path)
    require_trec_qrels(tmp_path / "qrels.txt")
    runs = [str(tmp_path / f"{name}.run") for name in RUNS]
    measures = [arg for name in TREC_NAMES for arg in ("-m", name)]
    runner = CliRunner()

    # sdreval eval qrels.txt bm25.run dense.run hybrid.run -m map -m P_10 -m ndcg_cut_10 ...
    result = runner.invoke(cli, ["eval", str(tmp_path / "qrels.txt"), *runs, *measures,
                                 "--order", "rsv", "-q", "--format", "csv",
                                 "-o", str(tmp_path / "scores.csv")])
    assert result.exit_code == 0, result.output
    scores = pd.read_csv(tmp_path / "scores.csv", dtype={"topic": str})
    reference = trec_eval_reference(qdict, rdicts)
    per_topic = scores[scores.topic != "all"]
    assert len(per_topic) == len(reference)
    for row in per_topic.itertuples():
        assert row.value == pytest.approx(reference[(row.run, row.topic, row.measure)],
                                          abs=1e-9)
    assert list(dict.fromkeys(scores.measure)) == TREC_NAMES  # names as typed

    # sdreval compare --scores scores.csv -m map -m P_10 -m ndcg_cut_10
    result = runner.invoke(cli, ["compare", "--scores", str(tmp_path / "scores.csv"),
                                 *measures, "--format", "json"])
    assert result.exit_code == 0, result.output
    table = json.loads(result.stdout)
    assert len(table) == 3 * len(TREC_NAMES)  # three pairs per measure
    for record in table:
        a = [reference[(record["run_a"], t, record["measure"])] for t in sorted(qdict)]
        b = [reference[(record["run_b"], t, record["measure"])] for t in sorted(qdict)]
        assert record["mean_a"] == pytest.approx(np.mean(a), abs=1e-9)
        assert record["p_value"] == pytest.approx(stats.ttest_rel(a, b).pvalue, rel=1e-9)
    text = runner.invoke(cli, ["compare", "--scores", str(tmp_path / "scores.csv"), *measures])
    assert text.exit_code == 0 and "ndcg_cut_10" in text.output


def test_from_ir_measures_objects_to_the_same_numbers(tmp_path):
    """ir_measures' readers (generators of Qrel/ScoredDoc namedtuples), ir_datasets'
    namedtuple types and ir_measures measure objects, through the API."""
    from ir_datasets.formats import GenericScoredDoc, TrecQrel

    qdict, rdicts = write_trec_files(tmp_path)
    reference = trec_eval_reference(qdict, rdicts)
    qrels = ir_measures.read_trec_qrels(str(tmp_path / "qrels.txt"))  # a generator
    runs = {name: ir_measures.read_trec_run(str(tmp_path / f"{name}.run")) for name in RUNS}
    table = api.evaluate(qrels, runs, TREC_NAMES, per_topic=True, order="rsv")
    for row in table[table.topic != "all"].itertuples():
        assert row.value == pytest.approx(reference[(row.run, row.topic, row.measure)],
                                          abs=1e-9)

    # ir_datasets-style objects and ir_measures measure objects: the same numbers
    dataset_qrels = (TrecQrel(q, d, g, "0") for q, docs in qdict.items() for d, g in docs.items())
    dataset_runs = {name: [GenericScoredDoc(q, d, s) for q, docs in rdict.items()
                           for d, s in docs.items()] for name, rdict in rdicts.items()}
    objects = [ir_measures.AP, ir_measures.P @ 10, ir_measures.nDCG @ 10]
    again = api.evaluate(dataset_qrels, dataset_runs, objects, per_topic=True, order="rsv")
    assert list(dict.fromkeys(again.measure)) == ["AP", "P@10", "nDCG@10"]
    np.testing.assert_allclose(again.value.to_numpy(), table.value.to_numpy(), atol=1e-12)

    # the significance table straight from the results
    compared = api.compare(table, test="t", correction="by")
    for record in compared.itertuples():
        a = [reference[(record.run_a, t, record.measure)] for t in sorted(qdict)]
        b = [reference[(record.run_b, t, record.measure)] for t in sorted(qdict)]
        assert record.p_value == pytest.approx(stats.ttest_rel(a, b).pvalue, rel=1e-9)

    # and ir_measures itself agrees on the means
    for name, rdict in rdicts.items():
        means = ir_measures.calc_aggregate(objects, qdict, rdict)
        got = table[(table.run == name) & (table.topic == "all")].set_index("measure").value
        for measure, text in zip(objects, TREC_NAMES):
            assert got[text] == pytest.approx(means[measure], abs=1e-9)
