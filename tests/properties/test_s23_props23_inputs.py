"""The same document run and qrels given as TREC files, DataFrames, dicts and records give
identical values (hypothesis)."""
from __future__ import annotations

import os
import tempfile

import pandas as pd
from hypothesis import given

from props23_common import as_dict, assert_same, examples, qrels_and_run, records, scores


def trec_files(judged: dict, run: dict, folder: str) -> tuple[str, str]:
    qrels_path, run_path = os.path.join(folder, "qrels"), os.path.join(folder, "run.txt")
    with open(qrels_path, "w") as out:
        for topic, docs in judged.items():
            for doc, grade in docs.items():
                out.write(f"{topic} 0 {doc} {grade}\n")
    with open(run_path, "w") as out:
        for topic, ranked in run.items():
            for i, (doc, score) in enumerate(ranked):
                out.write(f"{topic} Q0 {doc} {i + 1} {score!r} run\n")
    return qrels_path, run_path


def qrels_frame(judged: dict) -> pd.DataFrame:
    return pd.DataFrame([{"query_id": t, "doc_id": d, "relevance": g}
                         for t, docs in judged.items() for d, g in docs.items()])


def every_input(judged, run, **options) -> None:
    want = scores(judged, records(run), **options)
    with tempfile.TemporaryDirectory() as folder:
        qrels_path, run_path = trec_files(judged, run, folder)
        assert_same(scores(qrels_path, run_path, **options), want, 0)
        assert_same(scores(qrels_path, as_dict(run), **options), want, 0)
    assert_same(scores(judged, as_dict(run), **options), want, 0)
    assert_same(scores(qrels_frame(judged), pd.DataFrame(records(run)), **options), want, 0)
    assert_same(scores(qrels_frame(judged).to_dict("records"), as_dict(run), **options),
                want, 0)


@examples(6)
@given(qrels_and_run(relevant=False))
def test_a_run_in_every_input_form_scores_the_same(pair):
    every_input(*pair)


@examples(6)
@given(qrels_and_run(ties=True, relevant=False))
def test_a_tied_run_in_every_input_form_scores_the_same_in_trec_evals_order(pair):
    every_input(*pair, order="rsv")
