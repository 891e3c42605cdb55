"""compare, stability and report warn of options that change nothing, as eval does: the measure
defaults no measure takes and --pool-policy without INEX assessments (the functions eval uses),
every evaluation option with --scores (nothing is evaluated), and the options of tests or
analyses not run.  Before, each was accepted without a word (exit 0, same output)."""
from __future__ import annotations

from importlib.resources import files as package_files

import numpy as np
import pandas as pd
import pytest

SYNTHETIC = package_files("sdreval") / "data" / "examples" / "synthetic"
RUNS = [str(SYNTHETIC / "runs" / f"sim0{k}.txt") for k in (1, 2, 3)]


@pytest.fixture(scope="module")
def scores(tmp_path_factory):
    rng = np.random.default_rng(0)
    rows = [(f"r{r}", str(t), "P@5", float(rng.random())) for r in range(4) for t in range(6)]
    path = tmp_path_factory.mktemp("scores") / "scores.csv"
    pd.DataFrame(rows, columns=["run", "topic", "measure", "value"]).to_csv(path, index=False)
    return str(path)


def _warnings(result):
    assert result.returncode == 0, result.stderr
    return [line for line in result.stderr.splitlines() if "warning:" in line]


@pytest.mark.parametrize("command", ["compare", "stability", "report"])
def test_measure_defaults_no_measure_takes_as_eval(sdreval_cli, tmp_path, command):
    args = [str(SYNTHETIC / "qrels.tsv"), *RUNS, "-m", "P@5", "--overlap", "on",
            "--pool-policy", "union"]
    extra = {"compare": [], "stability": ["-a", "ci"],
             "report": ["--no-plots", "-o", tmp_path / "r.html"]}[command]
    evaluated = _warnings(sdreval_cli("eval", *args))
    got = _warnings(sdreval_cli(command, *args, *extra))
    assert len(evaluated) == 2 and all(line in got for line in evaluated)


@pytest.mark.parametrize("command", ["compare", "stability", "report"])
def test_evaluation_options_with_scores(sdreval_cli, scores, tmp_path, command):
    extra = {"compare": [], "stability": ["-a", "ci"],
             "report": ["--no-plots", "-o", tmp_path / "r.html"]}[command]
    got = _warnings(sdreval_cli(command, "--scores", scores, "-m", "P@5", "--quant", "gen",
                                "-c", *extra))
    assert any(line.endswith("--quant not used: the per-topic scores are read from --scores "
                             f"{scores}, nothing is evaluated") for line in got)
    assert any("-c not used" in line for line in got)


def test_compare_options_of_other_tests(sdreval_cli, scores):
    got = _warnings(sdreval_cli("compare", "--scores", scores, "--samples", "100",
                                "--wilcoxon-method", "exact"))
    assert any("--samples not used: --test t resamples nothing" in line for line in got)
    assert any("--wilcoxon-method not used" in line for line in got)
    used = _warnings(sdreval_cli("compare", "--scores", scores, "--test", "wilcoxon",
                                 "--samples", "100", "--wilcoxon-method", "exact"))
    assert used == []  # the bootstrap interval of the differences resamples


def test_stability_options_of_other_analyses(sdreval_cli, scores):
    got = _warnings(sdreval_cli("stability", "--scores", scores, "-a", "ci", "--trials", "5",
                                "--tests", "t", "--samples", "100"))
    assert any(line.endswith("--trials not used: only -a swap, extrapolate, min-diff "
                             "read it; analyses run: ci") for line in got)
    assert any("--tests not used" in line for line in got)
    assert not any("--samples" in line for line in got)  # ci resamples
