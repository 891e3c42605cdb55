"""``sdreval budget`` prints the mean of SpanP(budget=N) that ``eval`` prints for the same
measure.  It took numpy's mean where eval takes the exact mean rounded once: on the rag
example, bm25-fixed SpanP(budget=200) was 0.35874999999999996 (printed 0.3587) where eval's is
0.35875 (printed 0.3588).  Expected values: eval's output (a second path that must agree)."""
from __future__ import annotations

from importlib.resources import files as package_files

import pytest

RAG = package_files("sdreval") / "data" / "examples" / "rag"


@pytest.mark.parametrize("run", ["fixed", "paragraph"])
def test_budget_means_are_evals(sdreval_cli, run):
    inputs = [RAG / "qrels.jsonl", RAG / "runs" / f"{run}.txt", "--chunk-map",
              RAG / "chunks" / f"{run}.jsonl", "--documents", RAG / "documents.jsonl"]
    budgets = (200, 256, 300)
    names = [f"Span{m}(budget={b})" for b in budgets for m in "RP"]
    evaluated = sdreval_cli("eval", *inputs, *[a for n in names for a in ("-m", n)])
    assert evaluated.returncode == 0, evaluated.stderr
    expected = {line.split("\t")[1]: line.split("\t")[3]
                for line in evaluated.stdout.splitlines()}
    printed = sdreval_cli("budget", *inputs, "--budgets", ",".join(map(str, budgets)))
    assert printed.returncode == 0, printed.stderr
    got = {f"{m}(budget={b})": mean for _, m, b, mean, *_ in
           (line.split("\t") for line in printed.stdout.splitlines()[1:])}
    assert got == expected
