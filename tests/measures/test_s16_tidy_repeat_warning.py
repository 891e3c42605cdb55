"""Repeated relevant results are counted in one warning per run, like the readers' repeat
warnings, whatever family scores them (classic, inex_eval; XCG scores a repeat as a seen
element) and however the run is split (``--jobs``).  Before, every topic with a repeat had its own line
(``run r topic 1: 2 repeated relevant result(s) ...``): hundreds of lines for a large run."""
from __future__ import annotations

import subprocess
import sys

import pytest

from sdreval.judgements.qrels import Qrels
from sdreval.measures.evaluate import evaluate
from sdreval.measures.registry import EvalContext
from sdreval.model.run import Ranking, Run

# topic 1: a and b relevant, each listed twice (2 repeats); topic 2: c listed twice (1);
# topic 3: d listed twice but not relevant (no repeat of a relevant result)
QRELS = [("1", "a", 2), ("1", "b", 1), ("2", "c", 1), ("3", "e", 1)]
RUN = {"1": ["a", "a", "b", "b"], "2": ["c", "c"], "3": ["d", "d", "e"]}
WANT = ("run r: 3 repeated relevant result(s) in 2 topic(s) scored as non-relevant by the "
        "classic measures (AP, P@k, nDCG and the like: a result listed again earns nothing "
        "there)")


def data() -> tuple[Qrels, Run]:
    qrels = Qrels("inex2003")
    for topic, doc, grade in QRELS:
        qrels.add_element(topic, doc, "/article[1]", 3.0, 3.0)  # strict: relevant
    run = Run("r", {t: Ranking.from_results([(d, "/article[1]", -1, -1, i + 1, 10.0 - i)
                                             for i, d in enumerate(docs)])
                    for t, docs in RUN.items()})
    return qrels, run


def repeat_lines(warnings: list[str]) -> list[str]:
    return [w for w in warnings if "repeated relevant" in w]


@pytest.mark.parametrize("measures", [["AP"], ["nDCG", "P@2"], ["inex_eval"],
                                      ["AP", "nDCG", "nxCG@5", "inex_eval"]])
def test_one_warning_per_run_with_the_counts(measures):
    qrels, run = data()
    ctx = EvalContext(quant="strict")
    evaluate(qrels, run, measures, ctx)
    assert repeat_lines(ctx.warnings) == [WANT]


def test_jobs_give_the_serial_warning(tmp_path):
    qrels = tmp_path / "q.txt"
    qrels.write_text("".join(f"{t} 0 {d} {g}\n" for t, d, g in QRELS))
    run = tmp_path / "r.txt"
    run.write_text("".join(f"{t} Q0 {d} {i + 1} {10 - i} r\n"
                           for t, docs in RUN.items() for i, d in enumerate(docs)))
    for extra in ([], ["--jobs", "2"]):
        result = subprocess.run([sys.executable, "-m", "sdreval", "eval", str(qrels), str(run),
                                 "-m", "AP", "-m", "nxCG@5", *extra],
                                capture_output=True, text=True, timeout=120)
        assert result.returncode == 0, result.stderr
        assert repeat_lines(result.stderr.splitlines()) == ["sdreval: warning: " + WANT]
