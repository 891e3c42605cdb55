"""``sdreval budget`` accepted the element-measure options (--quant, --alpha, -l, ...) and
--pool-policy without a word, though SpanR(budget=N) and SpanP(budget=N) take none of them;
it now says so with eval's rule and text (``cli/eval_inputs.unused_param_options``,
``unused_pool_policy``).  The numbers do not change: gold [0, 10) of d, one span [0, 20) ranked
first: SpanR(budget=10) = 10/10 and SpanP(budget=10) = 10/10 (the first 10 characters read)."""
from __future__ import annotations

import json

GOLD = {"query_id": "q", "doc_id": "d", "start": 0, "end": 10, "relevance": 1}
RUN = {"query_id": "q", "doc_id": "d", "start": 0, "end": 20, "score": 1.0}


def _budget(tmp_path, sdreval_cli, *extra):
    (tmp_path / "gold.jsonl").write_text(json.dumps(GOLD) + "\n")
    (tmp_path / "run.jsonl").write_text(json.dumps(RUN) + "\n")
    return sdreval_cli("budget", tmp_path / "gold.jsonl", tmp_path / "run.jsonl", "--budgets",
                       "10", "--samples", "100", *extra)


def test_options_no_budget_measure_takes_are_said(tmp_path, sdreval_cli):
    plain = _budget(tmp_path, sdreval_cli)
    given = _budget(tmp_path, sdreval_cli, "--quant", "strict", "--alpha", "0.5", "-l", "2",
                    "--pool-policy", "union")
    assert plain.returncode == given.returncode == 0
    assert "not used" not in plain.stderr
    assert given.stdout == plain.stdout
    assert [line.split("\t")[:4] for line in plain.stdout.splitlines()[1:]] == [
        ["run", "SpanR", "10", "1.0000"], ["run", "SpanP", "10", "1.0000"]]
    for flag in ("--quant strict", "--alpha 0.5", "-l/--rel-level 2.0"):
        assert (f"sdreval: warning: {flag} not used: no measure evaluated (SpanR(budget=10), "
                "SpanP(budget=10)) has a parameter it sets") in given.stderr
    assert "--pool-policy union not used" in given.stderr
