"""perturbation_curve reports each measure as eval prints it: a count (num_rel_ret) summed over
the topics.  It took pandas' mean of the per-topic rows, so the unperturbed synthetic run sim01
had num_rel_ret 4.25 (17 over 4 topics) where ``eval`` prints 17.  Expected values: eval's
output (a second path that must agree)."""
from __future__ import annotations

from importlib.resources import files as package_files

from sdreval.api import read_qrels, read_runs
from sdreval.stats.perturb import perturbation_curve

SYNTHETIC = package_files("sdreval") / "data" / "examples" / "synthetic"


def test_unperturbed_values_are_evals(sdreval_cli):
    qrels, run = SYNTHETIC / "qrels.tsv", SYNTHETIC / "runs" / "sim01.txt"
    names = ["P@5", "num_rel_ret", "map"]
    printed = sdreval_cli("eval", qrels, run, *[a for n in names for a in ("-m", n)],
                          "--format", "csv")
    assert printed.returncode == 0, printed.stderr
    expected = {line.split(",")[2]: float(line.split(",")[3])
                for line in printed.stdout.splitlines()[1:]}
    curve = perturbation_curve(read_qrels(str(qrels)), read_runs([str(run)])[0], names,
                               counts=(0,), places=("insert",))
    assert dict(zip(curve["measure"], curve["value"])) == expected
    assert expected["num_rel_ret"] == 17
