"""ranx / pytrec_eval JSON files (one object {topic: {doc: value}}): read by the dict path,
values checked against ranx's own evaluate and trec_eval on the same data as TREC files."""
from __future__ import annotations

import json
import os
import shutil
import subprocess

import pytest
from click.testing import CliRunner

from sdreval import read_qrels, read_run
from sdreval.cli.main import cli as main
from sdreval.io.detect import detect_format

QRELS = {"q1": {"d1": 2, "d2": 0, "d3": 1, "d7": 1}, "q2": {"d4": 1, "d6": 3}}
RUN = {"q1": {"d1": 0.9, "d2": 0.7, "d3": 0.4, "d9": 0.1},  # no ties: ranx orders ties its way
       "q2": {"d5": 0.3, "d4": 0.25, "d6": 0.05}}
TREC_EVAL = os.environ.get("SDREVAL_TREC_EVAL", "/tmp/trec_eval/trec_eval")


def _files(tmp_path, indent=2):
    q, r = tmp_path / "qrels.json", tmp_path / "bm25.json"
    q.write_text(json.dumps(QRELS, indent=indent))
    r.write_text(json.dumps(RUN, indent=indent))
    return q, r


def _eval(*args):
    result = CliRunner().invoke(main, ["eval", *map(str, args)])
    return result.exit_code, result.output


def _means(output):
    return {parts[1]: float(parts[3]) for line in output.splitlines()
            if len(parts := line.split("\t")) == 4 and parts[2] == "all"}


@pytest.mark.parametrize("indent", [2, None])  # ranx's save (indented), json.dump (one line)
def test_detected_for_runs_and_qrels(tmp_path, indent):
    q, r = _files(tmp_path, indent)
    assert detect_format(q) == detect_format(r) == "ranx-json"


@pytest.mark.xdist_group("ranx")  # one process pays ranx's import and compilation
def test_ranx_saved_files_equal_ranx_evaluate(tmp_path, ranx_evaluate):
    ranx = pytest.importorskip("ranx")
    q, r = tmp_path / "q.json", tmp_path / "r.json"
    ranx.Qrels.from_dict(QRELS).save(str(q))
    ranx.Run.from_dict(RUN).save(str(r))
    code, out = _eval(q, r, "-m", "map", "-m", "P@2", "-m", "ndcg_cut.3", "-m", "recip_rank")
    assert code == 0, out
    got = _means(out)
    # ranx.evaluate's mean: the mean of its per-query values (its kernels run uncompiled)
    expected = {m: sum(v) / len(v) for m, v in ranx_evaluate(
        QRELS, RUN, ["map", "precision@2", "ndcg@3", "mrr"]).items()}
    assert got["map"] == pytest.approx(expected["map"], abs=1e-4)
    assert got["P@2"] == pytest.approx(expected["precision@2"], abs=1e-4)
    assert got["ndcg_cut.3"] == pytest.approx(expected["ndcg@3"], abs=1e-4)
    assert got["recip_rank"] == pytest.approx(expected["mrr"], abs=1e-4)


@pytest.mark.skipif(not (os.access(TREC_EVAL, os.X_OK) or shutil.which("trec_eval")),
                    reason="trec_eval not built")
def test_equal_to_trec_eval_on_trec_files_ties_included(tmp_path):
    run = {"q1": {"d1": 0.5, "d2": 0.5, "d3": 0.5, "d9": 0.1}, "q2": RUN["q2"]}  # ties: id desc
    q, r = tmp_path / "q.json", tmp_path / "r.json"
    q.write_text(json.dumps(QRELS))
    r.write_text(json.dumps(run))
    tq, tr = tmp_path / "q.txt", tmp_path / "r.txt"
    tq.write_text("".join(f"{t} 0 {d} {g}\n" for t, ds in QRELS.items() for d, g in ds.items()))
    tr.write_text("".join(f"{t} Q0 {d} 1 {s} r\n" for t, ds in run.items()
                          for d, s in ds.items()))
    out = subprocess.run([TREC_EVAL, "-m", "map", "-m", "P.2", "-m", "recip_rank", str(tq),
                          str(tr)], capture_output=True, text=True, check=True).stdout
    want = {f[0]: float(f[2]) for f in map(str.split, out.splitlines())}
    code, text = _eval(q, r, "-m", "map", "-m", "P@2", "-m", "recip_rank")
    assert code == 0, text
    got = _means(text)
    assert got["map"] == pytest.approx(want["map"], abs=1e-4)
    assert got["P@2"] == pytest.approx(want["P_2"], abs=1e-4)
    assert got["recip_rank"] == pytest.approx(want["recip_rank"], abs=1e-4)


def test_file_and_dict_give_identical_output(tmp_path):
    q, r = _files(tmp_path)
    from_file = read_run(r)
    from_dict = read_run(RUN, name="bm25")
    assert from_file.name == "bm25"
    assert {t: list(k.docs) for t, k in from_file.topics.items()} == \
        {t: list(k.docs) for t, k in from_dict.topics.items()}
    assert read_qrels(q).topics.keys() == read_qrels(QRELS).topics.keys()
    import sdreval

    a = sdreval.evaluate(read_qrels(q), [from_file], ["map", "P@2"])
    b = sdreval.evaluate(read_qrels(QRELS), [from_dict], ["map", "P@2"])
    assert str(a) == str(b)


def test_jsonl_not_stolen(tmp_path):
    path = tmp_path / "run.jsonl"
    path.write_text('{"query_id": "q1", "doc_id": "d1", "score": 1.0}\n'
                    '{"query_id": "q1", "doc_id": "d2", "score": 0.5}\n')
    assert detect_format(path) == "table-run"


@pytest.mark.parametrize("content,message", [
    ('{"q1": {"d1": 1, "d1": 2}}', "given twice"),
    ('{"q1": [1, 2]}', "maps to a JSON list"),
    ('{\n  "q1": {"d1": 1},\n  "q2": 3\n}', "maps to a JSON int"),
    ('{"q1": {"d1": {"x": 1}}}', "not a finite number"),
    ('{\n  "q1": {"d1": 1,\n}', "not one JSON object"),
    ('{"q1": {"d1": 1.5}}', "not an integer"),
])
def test_refusals_name_the_file(tmp_path, content, message):
    bad = tmp_path / "bad.json"
    bad.write_text(content)
    code, out = _eval(bad, _files(tmp_path)[1])
    assert code == 1, out
    assert f"{bad}" in out and message in out


def test_format_option_and_validate(tmp_path):
    q, r = _files(tmp_path)
    result = CliRunner().invoke(main, ["validate", str(q)])
    assert result.exit_code == 0 and "ranx-json" in result.output, result.output
    assert read_run(r, fmt="json").name == "bm25"
    assert read_qrels(q, fmt="ranx-json").topics.keys() == {"q1", "q2"}
