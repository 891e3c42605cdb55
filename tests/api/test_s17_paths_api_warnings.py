"""The Python API states the rules it applies as ``sdreval eval`` does (rule 1): the
evaluation's warnings (topics left out of the means, topics not in the qrels, repeated
relevant results, a file run not in trec_eval's order) are Python warnings, the same texts
the command prints."""
from __future__ import annotations

import warnings

import pytest

from sdreval import api

QRELS = "01 0 d1 1\n01 0 d2 0\n1 0 d1 2\n1 0 d3 1\nnorel 0 d1 0\n"
RUN = ("01 Q0 d1 1 2.0 r1\n01 Q0 d2 2 2.0 r1\n"        # a tie listed d1 before d2: not trec_eval's order
       "1 Q0 d3 1 5.0 r1\n1 Q0 d1 2 4.0 r1\n1 Q0 d1 3 3.0 r1\n"  # d1 again: earns nothing
       "norel Q0 d1 1 1.0 r1\nonlyrun Q0 d1 1 1.0 r1\n")
EXPECTED = [  # the texts eval prints (after 'sdreval: warning: ')
    "run r1: 1 topic(s) list results out of trec_eval's order",
    "1 qrels topic(s) with nothing relevant left out of means: norel",
    "run r1: 1 topic(s) not in the qrels ignored: onlyrun",
    "run r1: 1 repeated relevant result(s) in 1 topic(s) scored as non-relevant",
]


@pytest.fixture
def files(tmp_path):
    (tmp_path / "q.txt").write_text(QRELS)
    (tmp_path / "r1.txt").write_text(RUN)
    return str(tmp_path / "q.txt"), str(tmp_path / "r1.txt")


def _caught(call) -> list[str]:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        call()
    return [str(w.message) for w in caught]


def test_the_command_prints_these_warnings(files, sdreval_cli):
    done = sdreval_cli("eval", *files, "-m", "AP")
    assert done.returncode == 0, done.stderr
    err = done.stderr
    for text in EXPECTED:
        assert f"sdreval: warning: {text}" in err


@pytest.mark.parametrize("call", ["evaluate", "evaluate_jobs", "calc_aggregate"])
def test_the_api_issues_them_as_python_warnings(files, call):
    qrels, run = files
    calls = {"evaluate": lambda: api.evaluate(qrels, run, ["AP", "P@2"], per_topic=True),
             "evaluate_jobs": lambda: api.evaluate(qrels, run, ["AP"], jobs=2),
             "calc_aggregate": lambda: api.calc_aggregate(["AP"], qrels, run)}
    said = _caught(calls[call])
    for text in EXPECTED:
        assert sum(text in message for message in said) == 1, (text, said)


def test_trec_eval_order_gives_no_order_warning_and_a_given_context_keeps_them(files):
    qrels, run = files
    ctx = api.context(order="rsv")
    said = _caught(lambda: api.evaluate(qrels, run, ["AP"], ctx=ctx))
    assert not any("trec_eval's order" in message for message in said)
    assert any("nothing relevant left out of means: norel" in m for m in ctx.warnings)
    assert any("nothing relevant left out of means: norel" in m for m in said)


def test_budget_curve_says_what_sdreval_budget_prints(tmp_path, sdreval_cli):
    """A span run topic not in the gold: ``sdreval budget`` says it is ignored; so does
    ``api.budget_curve`` (its context was dropped, the warning with it)."""
    gold, run = tmp_path / "gold.jsonl", tmp_path / "run.jsonl"
    gold.write_text('{"query_id": "q1", "doc_id": "d1", "start": 0, "end": 10, '
                    '"relevance": 1}\n')
    run.write_text('{"query_id": "q1", "doc_id": "d1", "start": 0, "end": 5, "score": 2}\n'
                   '{"query_id": "q9", "doc_id": "d1", "start": 0, "end": 5, "score": 1}\n')
    text = "run run: 1 topic(s) not in the qrels ignored: q9"
    done = sdreval_cli("budget", gold, run, "--budgets", "4")
    assert done.returncode == 0, done.stderr
    err = done.stderr
    assert f"sdreval: warning: {text}" in err
    said = _caught(lambda: api.budget_curve(str(gold), str(run), [4]))
    assert said == [f"sdreval: warning: {text}"]
