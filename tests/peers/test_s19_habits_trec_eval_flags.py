"""sdreval eval against the trec_eval 10 binary (``SDREVAL_TREC_EVAL`` or ``PATH``, else skipped)
on measures and flags the earlier live test does not take: ``success``, ``set_P``,
``set_recall``, ``set_F.0.5``, ``map_cut``, ``recall``, ``11pt_avg`` and ``iprec_at_recall``
(10.0's versions), spelled as trec_eval users type them (``P.3``, ``ndcg_cut.1``), under ``-q``,
``-M 20``, ``-l 3`` and ``-q -c -M 5 -l 2``, on seeded files with 10 to 30 topics, grades -2..10,
score ties and unjudged documents: every line equal (ties at a fifth decimal of a mean aside,
docs/ir-users.md: none in these seeds)."""
from __future__ import annotations

import os
import random
import shutil
import subprocess

import pytest
from click.testing import CliRunner

from sdreval.cli.main import cli

#: trec_eval -m specification -> the names given to sdreval (printed under trec_eval's names)
SPECS = {
    "num_rel_ret": ["num_rel_ret"], "map": ["map"], "gm_map": ["gm_map"], "bpref": ["bpref"],
    "iprec_at_recall.0.00,0.33,1.00": ["IPrec(version=trec10)@0.0",
                                       "IPrec(version=trec10)@0.33",
                                       "IPrec(version=trec10)@1.0"],
    "P.3,200": ["P.3", "P_200"], "recall.5,200": ["recall.5", "recall_200"],
    "11pt_avg": ["IPrecAvg(version=trec10)"], "ndcg_cut.1,10": ["ndcg_cut.1", "nDCG@10"],
    "map_cut.5,100": ["map_cut_5", "AP@100"], "success.1,10": ["success.1", "success_10"],
    "set_P": ["set_P"], "set_recall": ["set_recall"], "set_F.0.5": ["set_F.0.5"],
    "infAP": ["infAP"], "unj.10": ["unj.10"],
}


def _write(tmp_path, seed: int) -> tuple[str, str]:
    rng = random.Random(seed)
    qrels, run = [], []
    for t in range(rng.randint(10, 30)):
        pool = rng.sample(range(80), rng.randint(1, 40))
        qrels += [f"q{t:02d} 0 doc{d} {rng.choice([-2, -1, 0, 0, 1, 2, 3, 4, 10])}" for d in pool]
        qrels.append(f"q{t:02d} 0 top{t} 3")  # something relevant at every level used
        ranked = [f"doc{d}" for d in rng.sample(range(90), rng.randint(1, 60))] + [f"top{t}"]
        run += [f"q{t:02d} Q0 {d} 1 {rng.randint(0, 12) / 4} sys" for d in ranked]
    rng.shuffle(run)
    (tmp_path / "q").write_text("\n".join(qrels) + "\n")
    (tmp_path / "r").write_text("\n".join(run) + "\n")
    return str(tmp_path / "q"), str(tmp_path / "r")


@pytest.mark.parametrize("options", [("-q",), ("-M", "20"), ("-q", "-l", "3"),
                                     ("-q", "-c", "-M", "5", "-l", "2")])
def test_flags_equal_trec_eval_live(tmp_path, options):
    binary = os.environ.get("SDREVAL_TREC_EVAL") or shutil.which("trec_eval")
    if not binary:
        pytest.skip("no trec_eval binary (SDREVAL_TREC_EVAL or PATH)")
    for seed in range(3):
        qrels, run = _write(tmp_path, seed)
        args = [binary, *options, "-m", "runid", "-m", "num_q"]
        ours = ["eval", qrels, run, "--order", "rsv", "--format", "trec_eval", "--quiet",
                *options]
        for spec, names in SPECS.items():
            args += ["-m", spec]
            ours += [x for name in names for x in ("-m", name)]
        live = subprocess.run([*args, qrels, run], capture_output=True, text=True,
                              check=True).stdout
        result = CliRunner().invoke(cli, ours)
        assert result.exit_code == 0, result.output
        assert result.stdout == live, (seed, options)
