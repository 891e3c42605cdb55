"""infAP and Unjudged@k (sampled judgement pools) and the pooled-but-unjudged convention of
trec_eval's qrels (grade -1) in bpref and RBP's residual, against trec_eval 10.0's output.

The expected texts were printed by the real trec_eval 10.0 (built from its source) on the files
below; when a trec_eval binary is found (``SDREVAL_TREC_EVAL`` or ``PATH``) it is run again.
The real case: the INEX 2010 ad hoc judgements as TREC document qrels (relevant when a passage
is highlighted), a third of the judged documents turned into "pooled, not judged" (-1; a fixed
hash picks them, as the sampled pools of Yilmaz & Aslam 2006), against the BERT passage run
read as documents (first appearance order)."""
from __future__ import annotations

import os
import shutil
import subprocess
import zlib
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

from sdreval import api
from sdreval.cli.main import cli as main
from sdreval.measures.classic.pooled import inferred_ap
from sdreval.measures.evaluate import evaluate
from sdreval.measures.registry import EvalContext

TESTS = Path(__file__).resolve().parents[1]
REAL = TESTS / "realdata"
FROZEN_REAL = TESTS / "data" / "trec_eval_sampled_pool_inex2010.txt"

QRELS = """1 0 d1 2
1 0 d2 1
1 0 d3 0
1 0 d4 -1
1 0 d5 0
1 0 d6 1
1 0 d7 -1
1 0 d12 1
2 0 d1 1
2 0 d2 -1
2 0 d3 0
3 0 d1 0
3 0 d2 -1
4 0 d5 1
4 0 d6 -1
4 0 d7 2
"""
RUN = """1 Q0 d3 1 9.0 sys
1 Q0 d4 2 8.7 sys
1 Q0 d1 3 8.5 sys
1 Q0 d9 4 8.4 sys
1 Q0 d2 5 7.0 sys
1 Q0 d7 6 6.5 sys
1 Q0 d5 7 6.0 sys
1 Q0 d6 8 5.5 sys
1 Q0 d10 9 5.0 sys
2 Q0 d2 1 3.0 sys
2 Q0 d1 2 2.0 sys
2 Q0 d11 3 1.0 sys
3 Q0 d2 1 2.0 sys
3 Q0 d1 2 1.0 sys
4 Q0 d7 1 4.0 sys
4 Q0 d8 2 3.0 sys
4 Q0 d6 3 2.0 sys
4 Q0 d9 4 1.5 sys
4 Q0 d5 5 1.0 sys
"""
TREC_ARGS = ["-q", "-m", "runid", "-m", "num_q", "-m", "num_rel", "-m", "map", "-m", "bpref",
             "-m", "infAP", "-m", "unj.5,10,20", "-m", "rbp_resid"]
#: trec_eval 10.0 with TREC_ARGS on QRELS and RUN
TREC_EVAL_OUTPUT = """num_rel               	1	4
map                   	1	0.2771
bpref                 	1	0.2500
infAP                 	1	0.3333
rbp_resid             	1	0.6524
unj_5                 	1	0.4000
unj_10                	1	0.4000
unj_20                	1	0.2000
num_rel               	2	1
map                   	2	0.5000
bpref                 	2	1.0000
infAP                 	2	0.7500
rbp_resid             	2	0.9100
unj_5                 	2	0.4000
unj_10                	2	0.2000
unj_20                	2	0.1000
num_rel               	3	0
map                   	3	0.0000
bpref                 	3	0.0000
infAP                 	3	0.0000
rbp_resid             	3	0.9100
unj_5                 	3	0.2000
unj_10                	3	0.1000
unj_20                	3	0.0500
num_rel               	4	2
map                   	4	0.7000
bpref                 	4	1.0000
infAP                 	4	0.8000
rbp_resid             	4	0.8344
unj_5                 	4	0.6000
unj_10                	4	0.3000
unj_20                	4	0.1500
runid                 	all	sys
num_q                 	all	4
num_rel               	all	7
map                   	all	0.3693
bpref                 	all	0.5625
infAP                 	all	0.4708
rbp_resid             	all	0.8267
unj_5                 	all	0.4000
unj_10                	all	0.2500
unj_20                	all	0.1250
"""
MEASURES = ["num_rel", "map", "bpref", "infAP", "unj_5", "unj_10", "Unjudged@20",
            "RBPResidual(p=0.9)"]


def _trec_eval_binary():
    found = os.environ.get("SDREVAL_TREC_EVAL") or shutil.which("trec_eval")
    if not found:
        return None
    version = subprocess.run([found, "-v"], capture_output=True, text=True)
    return found if "10." in version.stdout + version.stderr else None


def _sdreval_lines(qrels: Path, run: Path) -> list[str]:
    """sdreval's trec_eval layout, RBP's residual under trec_eval's name (its p is 0.9), the
    lines sorted (trec_eval prints rbp_resid before unj)."""
    args = ["eval", str(qrels), str(run), "--order", "rsv", "-q", "--zero-rel-as-zero",
            "--format", "trec_eval"]
    for m in MEASURES:
        args += ["-m", m]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    text = result.stdout.replace("RBPResidual(p=0.9)    ", "rbp_resid             ")
    return sorted(text.splitlines())


def _small(tmp_path: Path) -> tuple[Path, Path]:
    (tmp_path / "qrels.txt").write_text(QRELS)
    (tmp_path / "run.txt").write_text(RUN)
    return tmp_path / "qrels.txt", tmp_path / "run.txt"


def _sampled_inex2010(tmp_path: Path) -> tuple[Path, Path]:
    """The real case of the module docstring, as TREC files."""
    judged: list[tuple[str, str, int]] = []
    for line in (REAL / "inex2010-adhoc" / "inex2010.qrels").read_text().splitlines():
        topic, _, doc, relchars = line.split()[:4]
        grade = -1 if zlib.crc32(f"{topic} {doc}".encode()) % 3 == 0 else int(int(relchars) > 0)
        judged.append((topic, doc, grade))
    topics = {t for t, _, _ in judged}
    docs: dict[str, list[str]] = {}
    seen: set[tuple[str, str]] = set()
    passages = REAL / "inex2009-2010-zendel" / "bert_inex_converted.run"
    for line in passages.read_text().splitlines():
        topic, _, doc = line.split()[:3]
        if topic in topics and (topic, doc) not in seen:
            seen.add((topic, doc))
            docs.setdefault(topic, []).append(doc)
    qrels, run = tmp_path / "sampled.qrels", tmp_path / "bert.docs.run"
    # trec_eval 10.0 stops at a qrels topic without results: those are left out
    qrels.write_text("".join(f"{t} 0 {d} {g}\n" for t, d, g in judged if t in docs))
    run.write_text("".join(f"{t} Q0 {d} {i + 1} {len(ds) - i} bertdocs\n"
                           for t, ds in docs.items() for i, d in enumerate(ds)))
    return qrels, run


def test_small_case_equals_trec_eval_10_frozen(tmp_path):
    assert _sdreval_lines(*_small(tmp_path)) == sorted(TREC_EVAL_OUTPUT.splitlines())


def test_sampled_inex2010_equals_trec_eval_10_frozen(tmp_path):
    expected = FROZEN_REAL.read_text().splitlines()
    assert len(expected) == 50 * 8 + 10  # 50 topics x 8 measures, runid, num_q, 8 means
    assert _sdreval_lines(*_sampled_inex2010(tmp_path)) == sorted(expected)


@pytest.mark.parametrize("case", ["small", "sampled-inex2010"])
def test_equals_trec_eval_found(tmp_path, case):
    binary = _trec_eval_binary()
    if binary is None:
        pytest.skip("no trec_eval 10 binary (SDREVAL_TREC_EVAL or PATH)")
    qrels, run = _small(tmp_path) if case == "small" else _sampled_inex2010(tmp_path)
    live = subprocess.run([binary, *TREC_ARGS, str(qrels), str(run)], capture_output=True,
                          text=True, check=True).stdout
    frozen = TREC_EVAL_OUTPUT if case == "small" else FROZEN_REAL.read_text()
    assert live == frozen
    assert _sdreval_lines(qrels, run) == sorted(live.splitlines())


def test_infap_and_bpref_equal_pytrec_eval_to_the_last_digits(tmp_path):
    """pytrec_eval (trec_eval 9.x's code) and ir_measures' infAP, at full precision."""
    pytrec_eval = pytest.importorskip("pytrec_eval")
    ir_measures = pytest.importorskip("ir_measures")
    qrels_path, run_path = _sampled_inex2010(tmp_path)
    qrel: dict[str, dict[str, int]] = {}
    for line in qrels_path.read_text().splitlines():
        t, _, d, g = line.split()
        qrel.setdefault(t, {})[d] = int(g)
    scored: dict[str, dict[str, float]] = {}
    for line in run_path.read_text().splitlines():
        t, _, d, _, s, _ = line.split()
        scored.setdefault(t, {})[d] = float(s)
    peer = pytrec_eval.RelevanceEvaluator(qrel, {"infAP", "bpref"}).evaluate(scored)
    table = evaluate(api.read_qrels(qrels_path), [api.read_run(run_path)], ["infAP", "Bpref"],
                     EvalContext(order="rsv"))
    got = {(r.measure, r.topic): r.value for r in table.itertuples()}
    assert len(got) == 2 * 50
    for (measure, topic), value in got.items():
        assert value == pytest.approx(peer[topic][measure.lower() if measure == "Bpref"
                                                  else measure], abs=1e-12)
    via = {m.query_id: m.value for m in ir_measures.iter_calc(
        [ir_measures.parse_measure("infAP")], ir_measures.read_trec_qrels(str(qrels_path)),
        ir_measures.read_trec_run(str(run_path)))}
    assert all(got[("infAP", t)] == pytest.approx(v, abs=1e-12) for t, v in via.items())


def test_infap_by_hand():
    """One list: N R U x R N (N judged non-relevant, R relevant, U pooled not judged, x not
    pooled), 3 relevant documents judged.  Rank 2: r = 0, n = 1, u = 0 above:
    1/2 + (1/2)(1/1)(ε/(1 + 2ε)); rank 5: r = 1, n = 1, u = 1 above: 1/5 + (4/5)(3/4)
    ((1 + ε)/(2 + 2ε)) = 1/5 + 3/10."""
    eps = 0.00001
    isrel = np.array([[0, 1, 0, 0, 1, 0]], dtype=bool)
    nonrel = np.array([[1, 0, 0, 0, 0, 1]], dtype=bool)
    pooled = np.array([[0, 0, 1, 0, 0, 0]], dtype=bool)
    expected = (0.5 + 0.5 * (eps / (1 + 2 * eps)) + 0.2 + 0.8 * 0.75 * ((1 + eps) / (2 + 2 * eps))) / 3
    assert inferred_ap(isrel, nonrel, pooled, np.array([3]))[0] == pytest.approx(expected, rel=1e-15)
    # a relevant first result is 1 (trec_eval's special case)
    first = np.array([[1, 0]], dtype=bool)
    assert inferred_ap(first, ~first, np.zeros_like(first), np.array([1]))[0] == 1.0


def test_fully_judged_lists_give_about_ap(tmp_path):
    """With every retrieved document judged (no sample), infAP is AP up to the ε terms."""
    qrels = api.read_qrels({"1": {"a": 1, "b": 0, "c": 1, "d": 0, "e": 1}})
    run = api.read_run({"1": {"b": 5.0, "a": 4.0, "d": 3.0, "c": 2.0, "e": 1.0}}, name="r")
    table = evaluate(qrels, [run], ["infAP", "AP", "Unjudged@5", "Unjudged@10"],
                     EvalContext(order="rsv"))
    got = table.set_index("measure").value
    assert got["infAP"] == pytest.approx(got["AP"], abs=1e-4)
    assert got["Unjudged@5"] == 0.0 and got["Unjudged@10"] == 0.0


def test_names_users_type():
    from sdreval.measures.registry import parse_measure

    assert parse_measure("unj_10").text == "unj_10" and parse_measure("unj_10").name == "Unjudged"
    assert parse_measure("infAP").name == "infAP"
    assert parse_measure("infAP(rel=2)").get("rel") == 2.0
