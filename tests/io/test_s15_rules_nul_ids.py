"""A NUL character in an id is refused at its file:line (or row) in every container.  C
programs end a text at a NUL: pytrec_eval (so ir_measures) scores qrels ``d1\\0x`` as ``d1``
(P@1 1.0 below), trec_eval misreads the line or aborts, while ranx and sdreval kept the whole
id (P@1 0.0): the same files gave different numbers.  Before, every format kept it silently."""
from __future__ import annotations

import json

import pandas as pd
import pytest

import sdreval
from sdreval.errors import InputError, ProblemLog
from sdreval.io.stream import iter_run_topics

QRELS = "1 0 d1 1\n1 0 d2 0\n"
RUN = "1 Q0 d1 1 2.0 r\n1 Q0 d2 2 1.0 r\n"
BAD = "d1\x00x"
WHY = "holds a NUL character"


def test_pytrec_eval_ends_the_id_at_the_nul():
    pytrec_eval = pytest.importorskip("pytrec_eval")
    scores = pytrec_eval.RelevanceEvaluator({"1": {BAD: 1, "d2": 0}}, {"P_1"}).evaluate(
        {"1": {"d1": 2.0, "d2": 1.0}})
    assert scores["1"]["P_1"] == 1.0  # d1\0x judged, d1 retrieved: a match to pytrec_eval


def _files(tmp_path):
    pd.DataFrame({"topic": ["1"], "doc": [BAD], "score": [1.0]}).to_parquet(tmp_path / "r.parquet")
    return {
        "trec-qrels": ("q.trec", QRELS.replace("d1", BAD), 1),
        "trec-run": ("r.trec", RUN.replace("d1", BAD), 1),
        "jsonl": ("r.jsonl", json.dumps({"query_id": "1", "doc_id": BAD, "score": 1.0}) + "\n", 1),
        "span": ("r.jsonl", json.dumps({"query_id": "1", "doc_id": BAD, "start": 0, "end": 3,
                                        "score": 1.0}) + "\n", 1),
        "csv": ("r.csv", f"topic,doc,score\n1,{BAD},1.0\n", 2),
        "parquet": ("r.parquet", None, 1),
        "ranx-json": ("r.json", json.dumps({"1": {BAD: 1.0}}), None),
    }


@pytest.mark.parametrize("kind", ["trec-qrels", "trec-run", "jsonl", "span", "csv", "parquet",
                                  "ranx-json"])
def test_every_format_refuses_a_nul_in_an_id(tmp_path, kind):
    name, text, line = _files(tmp_path)[kind]
    if text is not None:
        (tmp_path / name).write_text(text)
    if kind == "trec-qrels":
        (tmp_path / "r.trec").write_text(RUN)
    else:
        (tmp_path / "q.trec").write_text(QRELS)
    qrels = tmp_path / "q.trec"
    run = tmp_path / ("r.trec" if kind == "trec-qrels" else name)
    with pytest.raises(InputError) as error:
        sdreval.evaluate(qrels, run, "P@1")
    problem = error.value.problems[0]
    assert WHY in problem.message and problem.file.endswith(name), problem
    assert problem.line == line, problem


@pytest.mark.parametrize("run", [pd.DataFrame({"topic": ["1"], "doc": [BAD], "score": [1.0]}),
                                 {"1": {BAD: 1.0}}])
def test_frames_and_dicts_refuse_it(tmp_path, run):
    (tmp_path / "q.trec").write_text(QRELS)
    with pytest.raises(InputError, match=WHY):
        sdreval.evaluate(tmp_path / "q.trec", run, "P@1")


def test_a_nul_elsewhere_in_a_text_line_is_refused_too(tmp_path):
    (tmp_path / "q.trec").write_text(QRELS)
    (tmp_path / "r.trec").write_text("1 Q0 d1 1 2.0 r\x00\n1 Q0 d2 2 1.0 r\n")
    with pytest.raises(InputError, match=f"r.trec:1: error: the line {WHY}"):
        sdreval.evaluate(tmp_path / "q.trec", tmp_path / "r.trec", "P@1")


def test_the_streaming_reader_refuses_the_line_as_the_reader(tmp_path):
    # a NUL inside a topic once compared equal to the padding of shorter topics
    path = tmp_path / "r.txt"
    path.write_bytes(b"1 Q0 d1 1 1.0 r\n2 Q0 d1 1 1.0 r\n1\x00 Q0 d5 2 0.8 r\n1 Q0 d6 3 0.7 r\n")
    log = ProblemLog()
    assert sorted(dict(iter_run_topics(path, log=log))) == ["1", "2"]
    assert [(p.line, WHY in p.message) for p in log.errors] == [(3, True)]
