"""``--format trec_eval`` means halfway between two 4-decimal values print trec_eval's last digit:
trec_eval adds the per-topic doubles topic by topic and divides by the count (meas_acc.c
te_acc_meas_s, meas_avg.c te_calc_avg_meas_s), then prints ``%.4f``.  Cases: P_200 per topic
0.01, 0.01, 0.005, 0.005 and four 0s (exact mean 0.00375; the double sum 0.030000000000000002 / 8
is above it: trec_eval 10.0 prints 0.0038) and recall_5 per topic 0.4, 0.25, 1, 0.2 and four 0s
(exact mean 0.23125; the double sum 1.8499999999999999 / 8 is below it: 0.2312).  Expected
bytes written here; the live binary (``SDREVAL_TREC_EVAL`` or ``PATH``) checked too when found."""
from __future__ import annotations

import os
import shutil
import subprocess

import pytest
from click.testing import CliRunner

from sdreval.cli.main import cli


def _files(tmp_path, topics: list[tuple[int, int]], depth: int):
    """Topic t: ``found`` of its ``total`` relevant documents at the top of a run of ``depth``
    documents (the rest not relevant)."""
    qrels, run = [], []
    for t, (found, total) in enumerate(topics, 1):
        qrels += [f"{t} 0 rel{i} 1" for i in range(total)]
        ranked = [f"rel{i}" for i in range(found)] + [f"no{i}" for i in range(depth - found)]
        run += [f"{t} Q0 {d} {i + 1} {100 - i} r" for i, d in enumerate(ranked)]
    (tmp_path / "q").write_text("\n".join(qrels) + "\n")
    (tmp_path / "r").write_text("\n".join(run) + "\n")
    return str(tmp_path / "q"), str(tmp_path / "r")


CASES = [  # (found/relevant per topic, run depth, trec_eval -m, sdreval -m, expected mean line)
    # P_200 = 2/200, 2/200, 1/200, 1/200, 0 x 4
    ([(2, 2), (2, 2), (1, 1), (1, 1)] + [(0, 1)] * 4, 3, "P.200", "P@200",
     "P_200                 \tall\t0.0038\n"),
    # recall_5 = 2/5, 1/4, 1/1, 1/5, 0 x 4
    ([(2, 5), (1, 4), (1, 1), (1, 5)] + [(0, 1)] * 4, 5, "recall.5", "recall_5",
     "recall_5              \tall\t0.2312\n"),
]


@pytest.mark.parametrize("case", range(len(CASES)))
@pytest.mark.parametrize("per_topic", [False, True])
def test_halfway_mean_prints_trec_eval_digit(tmp_path, case, per_topic):
    topics, depth, spec, name, expected = CASES[case]
    qrels, run = _files(tmp_path, topics, depth)
    flags = ["-q"] if per_topic else []
    result = CliRunner().invoke(cli, ["eval", qrels, run, "-m", name, "--order", "rsv",
                                      "--format", "trec_eval", "--quiet", *flags])
    assert result.exit_code == 0, result.output
    assert result.stdout.endswith(expected)
    binary = (os.environ.get("SDREVAL_TREC_EVAL") or shutil.which("trec_eval")
              or "/tmp/trec_eval/trec_eval")
    if binary and os.path.exists(binary):
        live = subprocess.run([binary, *flags, "-m", "runid", "-m", "num_q", "-m", spec, qrels,
                               run], capture_output=True, text=True, check=True).stdout
        assert result.stdout == live


@pytest.mark.parametrize("path", [["--stream"], ["--jobs", "2"]])
def test_halfway_mean_on_every_path(tmp_path, path):
    topics, depth, _, name, expected = CASES[0]
    qrels, run = _files(tmp_path, topics, depth)
    result = CliRunner().invoke(cli, ["eval", qrels, run, "-m", name, "--order", "rsv",
                                      "--format", "trec_eval", "--quiet", *path])
    assert result.exit_code == 0, result.output
    assert result.stdout.endswith(expected)
