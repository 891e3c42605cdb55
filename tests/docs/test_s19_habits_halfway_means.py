"""docs/ir-users.md, "A mean halfway between two printed values": sdreval's text format prints the
correctly rounded exact mean, trec_eval 10.0 its sum of doubles in topic order, so at a mean with
a 5 in the fifth decimal and nothing after it the fourth decimal may differ by one (``--format
trec_eval`` prints trec_eval's: tests/peers/test_s20_noticed2_trec_eval_halfway.py).

recall_5 per topic: a 2 of 5 relevant in the first 5 (0.4), b 1 of 4 (0.25), c 1 of 1 (1), d 1
of 5 (0.2), e..h 0 of 1 (0): exact mean 1.85 / 8 = 0.23125, whose double (0.23125000000000001110)
prints 0.2313; trec_eval 10.0 prints 0.2312 (its sum is a little below 1.85)."""
from __future__ import annotations

import os
import shutil
import subprocess

import pytest
from click.testing import CliRunner

from sdreval.cli.main import cli

#: (topic, relevant documents, relevant ones the run ranks in its first 5)
TOPICS = [("a", 5, 2), ("b", 4, 1), ("c", 1, 1), ("d", 5, 1)] + [(t, 1, 0) for t in "efgh"]


def _files(tmp_path):
    qrels, run = [], []
    for topic, relevant, found in TOPICS:
        qrels += [f"{topic} 0 r{i} 1" for i in range(relevant)]
        ranked = [f"r{i}" for i in range(found)] + [f"n{i}" for i in range(5 - found)]
        run += [f"{topic} Q0 {d} {i + 1} {10 - i} sys" for i, d in enumerate(ranked)]
    (tmp_path / "q").write_text("\n".join(qrels) + "\n")
    (tmp_path / "r").write_text("\n".join(run) + "\n")
    return str(tmp_path / "q"), str(tmp_path / "r")


def test_exact_mean_is_printed(tmp_path):
    qrels, run = _files(tmp_path)
    assert 1.85 / 8 == 0.23125 and f"{0.23125:.4f}" == "0.2313"
    result = CliRunner().invoke(cli, ["eval", qrels, run, "-m", "recall.5", "--order", "rsv",
                                      "--quiet"])
    assert result.exit_code == 0, result.output
    assert result.stdout.endswith("sys\trecall.5\tall\t0.2313\n"), result.stdout


def test_trec_eval_prints_the_other_digit(tmp_path):
    found = os.environ.get("SDREVAL_TREC_EVAL") or shutil.which("trec_eval")
    if not found:
        pytest.skip("no trec_eval binary (SDREVAL_TREC_EVAL or PATH)")
    qrels, run = _files(tmp_path)
    live = subprocess.run([found, "-m", "recall.5", qrels, run], capture_output=True,
                          text=True, check=True).stdout
    assert live == "recall_5              \tall\t0.2312\n"
