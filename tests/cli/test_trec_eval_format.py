"""``eval --format trec_eval`` against trec_eval 10.0's own output, and the trec_eval options.

The expected text was printed by the real trec_eval 10.0 (built from its source) on the files
below; when a trec_eval binary is found (``SDREVAL_TREC_EVAL`` or ``PATH``) it is run again."""
from __future__ import annotations

import os
import shutil
import subprocess

import pytest
from click.testing import CliRunner

from sdreval.cli.main import cli as main

QRELS = """1 0 d1 2
1 0 d2 1
1 0 d3 0
1 0 d4 1
1 0 d5 0
1 0 d6 1
10 0 d1 1
10 0 d7 0
10 0 d8 2
2 0 d2 0
2 0 d3 0
"""
RUN = """1 Q0 d3 1 9.0 sys
1 Q0 d1 2 8.5 sys
1 Q0 d9 3 8.5 sys
1 Q0 d2 4 7.0 sys
1 Q0 d5 5 6.0 sys
1 Q0 d6 6 5.5 sys
1 Q0 d10 7 5.0 sys
10 Q0 d7 1 3.0 sys
10 Q0 d8 2 2.0 sys
10 Q0 d11 3 1.0 sys
2 Q0 d2 1 1.0 sys
2 Q0 d4 2 0.5 sys
3 Q0 d1 1 1.0 sys
"""
#: trec_eval -q -m runid -m num_q -m num_ret -m num_rel -m num_rel_ret -m map -m gm_map -m Rprec
#:   -m bpref -m recip_rank -m iprec_at_recall.0.10,0.50 -m P.5,10 -m recall.5 -m 11pt_avg -m ndcg
#:   -m ndcg_cut.10 -m success.1 -m set_F qrels.txt run.txt     (trec_eval 10.0)
TREC_EVAL_OUTPUT = """num_ret               	1	7
num_rel               	1	4
num_rel_ret           	1	3
map                   	1	0.3333
Rprec                 	1	0.5000
bpref                 	1	0.2500
recip_rank            	1	0.3333
iprec_at_recall_0.10  	1	0.5000
iprec_at_recall_0.50  	1	0.5000
P_5                   	1	0.4000
P_10                  	1	0.3000
recall_5              	1	0.5000
11pt_avg              	1	0.4091
ndcg                  	1	0.5017
ndcg_cut_10           	1	0.5017
success_1             	1	0.0000
set_F                 	1	0.5455
num_ret               	10	3
num_rel               	10	2
num_rel_ret           	10	1
map                   	10	0.2500
Rprec                 	10	0.5000
bpref                 	10	0.0000
recip_rank            	10	0.5000
iprec_at_recall_0.10  	10	0.5000
iprec_at_recall_0.50  	10	0.5000
P_5                   	10	0.2000
P_10                  	10	0.1000
recall_5              	10	0.5000
11pt_avg              	10	0.3636
ndcg                  	10	0.4796
ndcg_cut_10           	10	0.4796
success_1             	10	0.0000
set_F                 	10	0.4000
num_ret               	2	2
num_rel               	2	0
num_rel_ret           	2	0
map                   	2	0.0000
Rprec                 	2	0.0000
bpref                 	2	0.0000
recip_rank            	2	0.0000
iprec_at_recall_0.10  	2	0.0000
iprec_at_recall_0.50  	2	0.0000
P_5                   	2	0.0000
P_10                  	2	0.0000
recall_5              	2	0.0000
11pt_avg              	2	0.0000
ndcg                  	2	0.0000
ndcg_cut_10           	2	0.0000
success_1             	2	0.0000
set_F                 	2	0.0000
runid                 	all	sys
num_q                 	all	3
num_ret               	all	12
num_rel               	all	6
num_rel_ret           	all	4
map                   	all	0.1944
gm_map                	all	0.0094
Rprec                 	all	0.3333
bpref                 	all	0.0833
recip_rank            	all	0.2778
iprec_at_recall_0.10  	all	0.3333
iprec_at_recall_0.50  	all	0.3333
P_5                   	all	0.2000
P_10                  	all	0.1333
recall_5              	all	0.3333
11pt_avg              	all	0.2576
ndcg                  	all	0.3271
ndcg_cut_10           	all	0.3271
success_1             	all	0.0000
set_F                 	all	0.3152
"""
TREC_ARGS = ["-q", "-m", "runid", "-m", "num_q", "-m", "num_ret", "-m", "num_rel", "-m",
             "num_rel_ret", "-m", "map", "-m", "gm_map", "-m", "Rprec", "-m", "bpref", "-m",
             "recip_rank", "-m", "iprec_at_recall.0.10,0.50", "-m", "P.5,10", "-m", "recall.5",
             "-m", "11pt_avg", "-m", "ndcg", "-m", "ndcg_cut.10", "-m", "success.1", "-m", "set_F"]
# given in another order than trec_eval prints them: the layout puts them in its order
MEASURES = ["set_F", "success_1", "ndcg_cut_10", "ndcg", "IPrecAvg(version=trec10)", "recall_5",
            "P_10", "P_5", "IPrec(version=trec10)@0.5", "IPrec(version=trec10)@0.1",
            "recip_rank", "bpref", "Rprec", "gm_map", "map", "num_rel_ret", "num_rel", "num_ret"]


def _files(tmp_path):
    (tmp_path / "qrels.txt").write_text(QRELS)
    (tmp_path / "run.txt").write_text(RUN)
    return str(tmp_path / "qrels.txt"), str(tmp_path / "run.txt")


def _sdreval(tmp_path, *extra):
    qrels, run = _files(tmp_path)
    args = ["eval", qrels, run, "--order", "rsv", "-q", "--format", "trec_eval", *extra]
    for m in MEASURES:
        args += ["-m", m]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    return result.stdout


def _trec_eval_binary():
    found = os.environ.get("SDREVAL_TREC_EVAL") or shutil.which("trec_eval")
    if not found:
        return None
    version = subprocess.run([found, "-v"], capture_output=True, text=True)
    return found if "10." in version.stdout + version.stderr else None


def test_layout_equals_trec_eval_10_frozen(tmp_path):
    assert _sdreval(tmp_path, "--zero-rel-as-zero") == TREC_EVAL_OUTPUT


def test_layout_equals_trec_eval_found(tmp_path):
    binary = _trec_eval_binary()
    if binary is None:
        pytest.skip("no trec_eval 10 binary (SDREVAL_TREC_EVAL or PATH)")
    qrels, run = _files(tmp_path)
    live = subprocess.run([binary, *TREC_ARGS, qrels, run], capture_output=True, text=True,
                          check=True).stdout
    assert live == TREC_EVAL_OUTPUT
    assert _sdreval(tmp_path, "--zero-rel-as-zero") == live


def test_default_leaves_out_topic_with_nothing_relevant(tmp_path):
    text = _sdreval(tmp_path)
    assert "\t2\t" not in text  # topic 2 has nothing relevant: no rows, no share of the mean
    assert "num_q                 \tall\t2\n" in text
    assert "map                   \tall\t0.2917\n" in text  # (1/3 + 1/4) / 2


def test_one_block_per_run(tmp_path):
    qrels, run = _files(tmp_path)
    (tmp_path / "other.txt").write_text(RUN.replace(" sys", " other"))
    result = CliRunner().invoke(main, ["eval", qrels, run, str(tmp_path / "other.txt"), "-m",
                                       "map", "--format", "trec_eval", "--order", "rsv"])
    assert result.exit_code == 0, result.output
    assert result.stdout == ("runid                 \tall\tsys\n"
                             "num_q                 \tall\t2\n"
                             "map                   \tall\t0.2917\n"
                             "runid                 \tall\tother\n"
                             "num_q                 \tall\t2\n"
                             "map                   \tall\t0.2917\n")


def test_iprec_versions(tmp_path):
    """trec_eval 9.x / pytrec_eval: c = (long)(x·R + 0.9); trec_eval 10.0: lround(x·R).  Topic 1
    has R = 4 relevant (d1, d2, d4, d6) and finds them at ranks 3, 4, 6 (rsv order d3 d9 d1 d2
    d5 d6 d10): at x = 0.1, trec9 needs c = 1 hit (max precision from rank 3 on: 1/3... 2/4 =
    0.5), trec10 c = 0 (0.5 too); at x = 0.2, c = 1 (0.5) vs lround(0.8) = 1; at x = 0.3,
    c = floor(2.1) = 2 (2/4 = 0.5) vs lround(1.2) = 1 (0.5); at x = 0.6, c = floor(3.3) = 3
    (3/6 = 0.5) vs lround(2.4) = 2 (0.5); at x = 0.7: c = floor(3.7) = 3 vs lround(2.8) = 3;
    at x = 0.9: c = 4 (never: 0) vs lround(3.6) = 4 (0); at x = 0.8: c = floor(4.1) = 4 (0)
    vs lround(3.2) = 3 (0.5)."""
    import pytrec_eval

    qrels, run = _files(tmp_path)
    result = CliRunner().invoke(main, ["eval", qrels, run, "--order", "rsv", "-q", "-m",
                                       "IPrec@0.8", "-m", "IPrec(version=trec10)@0.8"])
    rows = [line.split("\t") for line in result.stdout.splitlines()]
    values = {(r[1], r[2]): float(r[3]) for r in rows}
    assert values[("IPrec@0.8", "1")] == 0.0
    assert values[("IPrec(version=trec10)@0.8", "1")] == 0.5
    # pytrec_eval (trec_eval 9.x) agrees with version=trec9
    qrel = {}
    for line in QRELS.splitlines():
        t, _, d, g = line.split()
        qrel.setdefault(t, {})[d] = int(g)
    scored = {}
    for line in RUN.splitlines():
        t, _, d, _, s, _ = line.split()
        scored.setdefault(t, {})[d] = float(s)
    peer = pytrec_eval.RelevanceEvaluator(qrel, {"iprec_at_recall"}).evaluate(scored)
    assert peer["1"]["iprec_at_recall_0.80"] == values[("IPrec@0.8", "1")]
