"""sdreval eval --format trec_eval against trec_eval 10.0 at the edges of its input.

Frozen: the real trec_eval 10.0 output on a hand-made file where every rule shows: scores
``-0`` and ``0``, ``1e-3`` and ``0.001``, ``1E2`` and ``100`` are equal (ties broken by docno
descending), ``1e300`` and ``-1e-300`` scores, negative grades (``-1``, ``-2``: pooled but not
judged for infAP, bpref and unj, judged non-relevant for the others), a grade of 4 for binary measures, a topic with
nothing relevant (20, averaged in as 0 by ``--zero-rel-as-zero``), a qrels topic the run did not
answer (4, scored 0 by ``-c``), a run topic not in the qrels (5, ignored), cut-offs past the end
of the ranking (P_200, ndcg_cut_200), and gm_map over zero APs.  Topic 1 by hand: the order is
d0 (1e300), d6, d5 (100 = 1E2), d4, d3 (0.001 = 1e-3), d2, d1 (-0 = 0), d9; the relevant d5, d2,
d1 are at ranks 3, 6, 7: map = (1/3 + 2/6 + 3/7) / 3 = 0.3651, recip_rank = 1/3.

Live (when the trec_eval 10 binary is found, ``SDREVAL_TREC_EVAL`` or ``PATH``): seeded random
files with the same kinds of edges, under ``-c``, ``-c -M 3`` and ``-l 2``, every line equal."""
from __future__ import annotations

import os
import random
import shutil
import subprocess

import pytest
from click.testing import CliRunner

from sdreval.cli.main import cli as main

QRELS = """1 0 d1 1
1 0 d2 4
1 0 d3 -1
1 0 d4 0
1 0 d5 2
20 0 d1 0
20 0 d2 -1
3 0 d7 3
3 0 d8 1
4 0 d1 1
4 0 d9 -2
"""
RUN = """1 Q0 d1 1 0 edge
1 Q0 d2 2 -0 edge
1 Q0 d3 3 1e-3 edge
1 Q0 d4 4 0.001 edge
1 Q0 d5 5 1E2 edge
1 Q0 d6 6 100 edge
1 Q0 d9 7 -2.5e-1 edge
1 Q0 d0 8 1e300 edge
20 Q0 d1 1 5 edge
20 Q0 d2 2 5 edge
3 Q0 d1 9 1 edge
3 Q0 d2 9 1 edge
3 Q0 d3 9 1 edge
3 Q0 d9 9 -1e-300 edge
5 Q0 d1 1 1 edge
"""
#: trec_eval -q -c -m runid -m num_q -m num_ret -m num_rel -m num_rel_ret -m map -m gm_map
#:   -m Rprec -m bpref -m recip_rank -m iprec_at_recall.0.00,0.50 -m P.1,5,200 -m recall.200
#:   -m ndcg -m ndcg_cut.3,200 -m success.1 -m set_F -m map_cut.2 -m infAP -m unj.5 q r
TREC_EVAL_OUTPUT = """num_ret               	1	8
num_rel               	1	3
num_rel_ret           	1	3
map                   	1	0.3651
Rprec                 	1	0.3333
bpref                 	1	0.3333
recip_rank            	1	0.3333
iprec_at_recall_0.00  	1	0.4286
iprec_at_recall_0.50  	1	0.4286
P_1                   	1	0.0000
P_5                   	1	0.2000
P_200                 	1	0.0150
recall_200            	1	1.0000
infAP                 	1	0.4246
ndcg                  	1	0.4787
ndcg_cut_3            	1	0.1736
ndcg_cut_200          	1	0.4787
map_cut_2             	1	0.0000
success_1             	1	0.0000
set_F                 	1	0.5455
unj_5                 	1	0.6000
num_ret               	20	2
num_rel               	20	0
num_rel_ret           	20	0
map                   	20	0.0000
Rprec                 	20	0.0000
bpref                 	20	0.0000
recip_rank            	20	0.0000
iprec_at_recall_0.00  	20	0.0000
iprec_at_recall_0.50  	20	0.0000
P_1                   	20	0.0000
P_5                   	20	0.0000
P_200                 	20	0.0000
recall_200            	20	0.0000
infAP                 	20	0.0000
ndcg                  	20	0.0000
ndcg_cut_3            	20	0.0000
ndcg_cut_200          	20	0.0000
map_cut_2             	20	0.0000
success_1             	20	0.0000
set_F                 	20	0.0000
unj_5                 	20	0.2000
num_ret               	3	4
num_rel               	3	2
num_rel_ret           	3	0
map                   	3	0.0000
Rprec                 	3	0.0000
bpref                 	3	0.0000
recip_rank            	3	0.0000
iprec_at_recall_0.00  	3	0.0000
iprec_at_recall_0.50  	3	0.0000
P_1                   	3	0.0000
P_5                   	3	0.0000
P_200                 	3	0.0000
recall_200            	3	0.0000
infAP                 	3	0.0000
ndcg                  	3	0.0000
ndcg_cut_3            	3	0.0000
ndcg_cut_200          	3	0.0000
map_cut_2             	3	0.0000
success_1             	3	0.0000
set_F                 	3	0.0000
unj_5                 	3	0.8000
num_ret               	4	0
num_rel               	4	1
num_rel_ret           	4	0
map                   	4	0.0000
Rprec                 	4	0.0000
bpref                 	4	0.0000
recip_rank            	4	0.0000
iprec_at_recall_0.00  	4	0.0000
iprec_at_recall_0.50  	4	0.0000
P_1                   	4	0.0000
P_5                   	4	0.0000
P_200                 	4	0.0000
recall_200            	4	0.0000
infAP                 	4	0.0000
ndcg                  	4	0.0000
ndcg_cut_3            	4	0.0000
ndcg_cut_200          	4	0.0000
map_cut_2             	4	0.0000
success_1             	4	0.0000
set_F                 	4	0.0000
unj_5                 	4	0.0000
runid                 	all	edge
num_q                 	all	4
num_ret               	all	14
num_rel               	all	6
num_rel_ret           	all	3
map                   	all	0.0913
gm_map                	all	0.0001
Rprec                 	all	0.0833
bpref                 	all	0.0833
recip_rank            	all	0.0833
iprec_at_recall_0.00  	all	0.1071
iprec_at_recall_0.50  	all	0.1071
P_1                   	all	0.0000
P_5                   	all	0.0500
P_200                 	all	0.0037
recall_200            	all	0.2500
infAP                 	all	0.1062
ndcg                  	all	0.1197
ndcg_cut_3            	all	0.0434
ndcg_cut_200          	all	0.1197
map_cut_2             	all	0.0000
success_1             	all	0.0000
set_F                 	all	0.1364
unj_5                 	all	0.4000
"""
TE_MEASURES = ["runid", "num_q", "num_ret", "num_rel", "num_rel_ret", "map", "gm_map", "Rprec",
               "bpref", "recip_rank", "iprec_at_recall.0.00,0.50", "P.1,5,200", "recall.200",
               "ndcg", "ndcg_cut.3,200", "success.1", "set_F", "map_cut.2", "infAP", "unj.5"]
MEASURES = ["num_ret", "num_rel", "num_rel_ret", "map", "gm_map", "Rprec", "bpref",
            "recip_rank", "IPrec(version=trec10)@0.0", "IPrec(version=trec10)@0.5", "P_1",
            "P_5", "P_200", "recall_200", "ndcg", "ndcg_cut_3", "ndcg_cut_200", "success_1",
            "set_F", "map_cut_2", "infAP", "unj_5"]


def _sdreval(qrels: str, run: str, *options: str) -> str:
    args = ["eval", qrels, run, "--order", "rsv", "-q", "--format", "trec_eval",
            "--zero-rel-as-zero", "--quiet", *options]
    for m in MEASURES:
        args += ["-m", m]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    return result.stdout


def test_edges_equal_trec_eval_10_frozen(tmp_path):
    (tmp_path / "q").write_text(QRELS)
    (tmp_path / "r").write_text(RUN)
    assert _sdreval(str(tmp_path / "q"), str(tmp_path / "r"), "-c") == TREC_EVAL_OUTPUT


@pytest.fixture(scope="module")
def trec_eval() -> str:
    """The trec_eval 10 binary (``SDREVAL_TREC_EVAL`` or ``PATH``), else the test is skipped."""
    found = os.environ.get("SDREVAL_TREC_EVAL") or shutil.which("trec_eval")
    version = found and subprocess.run([found, "-v"], capture_output=True, text=True)
    if not found or "10." not in version.stdout + version.stderr:
        pytest.skip("no trec_eval 10 binary (SDREVAL_TREC_EVAL or PATH)")
    return found


_SCORES = ["1", "2", "0", "-0", "-1", "1e3", "1E-3", "0.001", "-2.5e-1", "0.5", "3", "1e300",
           "-1e300", "1e-300", "5e-324", "-1.5", "1.5"]


def _files(seed: int, every_topic_answered: bool) -> tuple[str, str]:
    """Random qrels and run with ties, equal scores written differently, negative and large
    grades, topics with nothing relevant and (unless ``every_topic_answered``) qrels topics
    the run did not answer."""
    rng = random.Random(seed)
    qrels, run = [], []
    for t in range(12):
        tid = f"{rng.choice(['1', '10', 'a', 'B'])}{t}"
        docs = list(dict.fromkeys(f"d{rng.randint(0, 25)}" for _ in range(rng.randint(0, 15))))
        qrels += [f"{tid} 0 {d} {rng.choice([-1, 0, 0, 1, 1, 2, 3, 4])}" for d in docs]
        if not docs:
            qrels.append(f"{tid} 0 dz 0")
        if not every_topic_answered and rng.random() < 0.15:
            continue
        ranked = dict.fromkeys(f"d{rng.randint(0, 30)}" for _ in range(rng.randint(1, 20)))
        run += [f"{tid} Q0 {d} {rng.choice([i + 1, 1, 7])} {rng.choice(_SCORES)} sys"
                for i, d in enumerate(ranked)]
    rng.shuffle(run)
    return "\n".join(qrels) + "\n", "\n".join(run) + "\n"


@pytest.mark.parametrize("options", [("-c",), ("-c", "-M", "3"), ("-l", "2")])
def test_random_edges_equal_trec_eval_live(tmp_path, options, trec_eval):
    for seed in range(4):
        # trec_eval 10.0 stops at a qrels topic missing from the run unless -c is given
        qrels, run = _files(seed, every_topic_answered="-c" not in options)
        (tmp_path / "q").write_text(qrels)
        (tmp_path / "r").write_text(run)
        args = [trec_eval, "-q", *options]
        for m in TE_MEASURES:
            args += ["-m", m]
        live = subprocess.run([*args, str(tmp_path / "q"), str(tmp_path / "r")],
                              capture_output=True, text=True, check=True).stdout
        ours = _sdreval(str(tmp_path / "q"), str(tmp_path / "r"), *options)
        assert ours == live, (seed, options)
