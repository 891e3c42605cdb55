"""Differential fuzz of trec_eval's less common measures against the trec_eval binary.

Random qrels and runs (grades -1..3 with 0 and negative ones, tied scores, unjudged documents,
qrels topics the run lacks under -c, run topics the qrels lack, topics with nothing relevant),
random ``-c``, ``-M`` and ``-l``, trec_eval's default parameters and a few others; ``sdreval
eval --format trec_eval -q --order rsv --zero-rel-as-zero`` must print trec_eval's bytes.  Usage::

    PYTHONPATH=src python benchmarks/fuzz_trec_eval_measures.py [CASES] [SEED] [TREC_EVAL] [SCALE]

(SCALE 8: pools of up to 200 documents, runs of up to 1,160, for trec_eval's deeper cut-offs.)

Prints the number of cases and measures compared and the first difference found.  Each measure
is asked of trec_eval alone: trec_eval 10.0's rbp reads two uninitialised variables (``min`` and
``max`` in m_rbp.c), and its value can change with the measures computed before it in the same
command (``-m G -m rbp``).
"""
from __future__ import annotations

import os
import random
import subprocess
import sys
import tempfile

TREC_EVAL = "/tmp/trec_eval/trec_eval"
#: trec_eval -m name -> the names sdreval is asked for (trec_eval's default cut-offs)
MEASURES = {
    "num_nonrel_judged_ret": ["num_nonrel_judged_ret"],
    "set_map": ["set_map"], "set_relative_P": ["set_relative_P"],
    "relative_P": [f"relative_P_{k}" for k in (5, 10, 15, 20, 30, 100, 200, 500, 1000)],
    "gm_bpref": ["gm_bpref"], "utility": ["utility"],
    "Rprec_mult": [f"Rprec_mult_{x / 10:.2f}" for x in range(2, 21, 2)],
    "binG": ["binG"], "G": ["G"], "ndcg_rel": ["ndcg_rel"], "Rndcg": ["Rndcg"],
    "rbp": ["rbp"], "rbp_resid": ["rbp_resid"],
    # with parameters (not under -c: trec_eval scores an unanswered topic's placeholder
    # document "ceci_nest_pas_un_docno" there, resetting only the default-named utility
    # and rbp_resid to 0; sdreval scores the empty list)
    "rbp.p=0.5": ["rbp.p=0.5"], "rbp_resid.p=0.7": ["rbp_resid.p=0.7"],
    "utility.2,-1,-0.5,0": ["utility.2,-1,-0.5,0"],
}
WITH_PARAMS = ("rbp.p=0.5", "rbp_resid.p=0.7", "utility.2,-1,-0.5,0")


def make_case(rng: random.Random, folder: str, scale: int = 1) -> tuple[str, str, list[str]]:
    """Write a random qrels and run (``scale`` times longer: the deeper cut-offs); return
    their paths and the shared options."""
    complete = rng.random() < 0.4
    options = (["-c"] if complete else []) + (["-M", str(rng.randint(1, 15))]
                                              if rng.random() < 0.3 else [])
    if rng.random() < 0.3:
        options += ["-l", "2"]
    qrels, run = [], []
    for t in range(1, rng.randint(1, 6) + 1):
        pool = [f"d{i}" for i in range(rng.randint(1, 25 * scale))]
        grades = rng.choice([(-1, 0, 1, 2, 3), (0, 1), (0,), (0, 0, 0, 1, 2), (-1, 0, 3)])
        for doc in pool:
            qrels.append(f"{t} 0 {doc} {rng.choice(grades)}")
        if complete and rng.random() < 0.2:
            continue  # a qrels topic the run does not answer
        docs = pool + [f"u{i}" for i in range(rng.randint(0, 15 * scale * scale))]
        chosen = rng.sample(docs, rng.randint(1, len(docs)))
        for rank, doc in enumerate(chosen, 1):
            score = rng.choice([rng.randint(0, 5), rng.random()])
            run.append(f"{t} Q0 {doc} {rank} {score} fuzz")
    if rng.random() < 0.2:
        run.append("99 Q0 z1 1 1.0 fuzz")  # a run topic the qrels lack
    if not run:
        run.append("1 Q0 d0 1 1.0 fuzz")
    q, r = os.path.join(folder, "qrels"), os.path.join(folder, "run")
    with open(q, "w") as f:
        f.write("\n".join(qrels) + "\n")
    with open(r, "w") as f:
        f.write("\n".join(run) + "\n")
    return q, r, options


def compare(q: str, r: str, options: list[str], measures: list[str],
            binary: str = TREC_EVAL) -> tuple[str, str]:
    """(trec_eval's output, sdreval's) for ``measures`` (trec_eval names, default cut-offs);
    two empty strings when trec_eval refuses the input."""
    from click.testing import CliRunner

    from sdreval.cli.main import cli

    names = [n for m in measures for n in MEASURES[m]]
    theirs = subprocess.run([binary, "-q", *options, "-m", "runid", "-m", "num_q",
                             *(f"-m{m}" for m in measures), q, r],
                            capture_output=True, text=True)
    if theirs.returncode:  # e.g. a topic whose grades are all negative (its malloc of 0)
        return "", ""
    args = ["eval", q, r, "--order", "rsv", "--format", "trec_eval", "-q", "--quiet",
            "--zero-rel-as-zero", *options, *(x for n in names for x in ("-m", n))]
    ours = CliRunner().invoke(cli, args)
    return theirs.stdout, ours.stdout if ours.exit_code == 0 else ours.output


def main(cases: int = 300, seed: int = 0, binary: str = TREC_EVAL, scale: int = 1) -> int:
    rng = random.Random(seed)
    compared = skipped = 0
    with tempfile.TemporaryDirectory() as folder:
        for case in range(cases):
            q, r, options = make_case(rng, folder, scale)
            for measure in MEASURES:
                if "-c" in options and measure in WITH_PARAMS:
                    continue
                theirs, ours = compare(q, r, options, [measure], binary)
                skipped += theirs == ""
                if theirs != ours:
                    print(f"case {case} ({' '.join(options)}), {measure}: differs")
                    print(open(q).read(), open(r).read(), theirs, ours, sep="\n----\n")
                    return 1
                compared += 1
    print(f"{cases} cases, {compared - skipped} case x measure comparisons byte-identical "
          f"({skipped} refused by trec_eval)")
    return 0


if __name__ == "__main__":
    args = sys.argv[1:]
    sys.exit(main(int(args[0]) if args else 300, int(args[1]) if len(args) > 1 else 0,
                  args[2] if len(args) > 2 else TREC_EVAL, int(args[3]) if len(args) > 3 else 1))
