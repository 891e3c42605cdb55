"""trec_eval's spelling of set_F with its parameter, ``-m set_F.2`` (set_Fx = (x+1)·P·R/(x·P+R),
trec_eval's m_set_F.c), is ``SetF(beta=2)``; it was refused ("cannot parse measure")."""
import os
import subprocess
from pathlib import Path

import pytest

from sdreval.io import read_qrels, read_run
from sdreval.measures import parse_measure
from sdreval.measures.evaluate import evaluate
from sdreval.measures.registry import EvalContext

QRELS = "1 0 a 1\n1 0 b 1\n1 0 c 1\n1 0 d 0\n"
RUN = "1 Q0 a 1 4 r\n1 Q0 d 2 3 r\n1 Q0 b 3 2 r\n1 Q0 e 4 1 r\n"


def _f(x: float) -> float:
    p, r = 2 / 4, 2 / 3  # a, b relevant of 4 retrieved; 3 relevant
    return (x + 1) * p * r / (x * p + r)


def test_names_parse_as_setf_with_beta():
    for text, beta in (("set_F.2", 2.0), ("set_F.2.0", 2.0), ("set_F.0.5", 0.5)):
        measure = parse_measure(text)
        assert measure.name == "SetF" and dict(measure.params)["beta"] == beta
        assert measure.text == text  # kept as typed


def test_values_by_hand(tmp_path):
    (tmp_path / "q").write_text(QRELS)
    (tmp_path / "r").write_text(RUN)
    table = evaluate(read_qrels(tmp_path / "q"), [read_run(tmp_path / "r")],
                     ["set_F.2", "set_F.0.5", "SetF(beta=2)", "set_F"], EvalContext())
    got = table.set_index("measure").value
    assert _f(2) == pytest.approx(0.6)  # 3 · 1/2 · 2/3 / (1 + 2/3)
    assert got["set_F.2"] == pytest.approx(0.6) == got["SetF(beta=2)"]
    assert got["set_F.0.5"] == pytest.approx(_f(0.5))
    assert got["set_F"] == pytest.approx(_f(1))


def test_equals_trec_eval(tmp_path):
    binary = Path(os.environ.get("SDREVAL_TREC_EVAL", "/tmp/trec_eval/trec_eval"))
    if not binary.exists():
        pytest.skip("trec_eval not built here")
    (tmp_path / "q").write_text(QRELS)
    (tmp_path / "r").write_text(RUN)
    out = subprocess.run([str(binary), "-m", "set_F.2", str(tmp_path / "q"),
                          str(tmp_path / "r")], capture_output=True, text=True, check=True)
    name, _, value = out.stdout.split()
    assert name == "set_F_2" and float(value) == pytest.approx(0.6, abs=1e-4)


def test_trec_eval_format_prints_trec_eval_names(tmp_path, sdreval_cli):
    # trec_eval prints the measure as set_F_ + the parameter as typed (set_F_2, set_F_0.5)
    (tmp_path / "q").write_text(QRELS)
    (tmp_path / "r").write_text(RUN)
    out = sdreval_cli("eval", tmp_path / "q", tmp_path / "r", "-m", "set_F.2", "-m",
                      "set_F.0.5", "--format", "trec_eval")
    assert out.returncode == 0, out.stderr
    names = [line.split()[0] for line in out.stdout.splitlines()]
    assert names == ["runid", "num_q", "set_F_2", "set_F_0.5"]
