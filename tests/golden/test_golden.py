"""Today's CLI outputs equal the frozen ones (tests/golden/generate.py writes them).

Outputs change only on purpose: a commit that changes them lists every changed case and why.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

import cases  # noqa: E402

FROZEN = json.loads(cases.FROZEN_CASES.read_text())
FUZZ = {line.split(" ", 1)[0]: line for line in cases.FROZEN_FUZZ.read_text().splitlines()}
FIXED = cases.real_cases() + cases.hostile_cases()
FUZZ_CASES = cases.fuzz_cases()
SAMPLE = [c for c in FUZZ_CASES if c.id in FROZEN]


def _check(case: cases.GoldenCase, tmp_path: Path) -> None:
    got = cases.run_case(case, tmp_path)
    want = FROZEN[case.id]
    assert (got["code"], got["stderr"], got["stdout"]) == \
        (want["code"], want["stderr"], want["stdout"]), case.id


def test_every_case_is_frozen():
    assert {c.id for c in FIXED} <= set(FROZEN)
    assert len(FUZZ) == 3 * cases.FUZZ_PER_FORMAT


@pytest.mark.parametrize("case", FIXED, ids=lambda c: c.id)
def test_golden(case, tmp_path):
    _check(case, tmp_path)


@pytest.mark.parametrize("case", SAMPLE, ids=lambda c: c.id)
def test_golden_fuzz_sample(case, tmp_path):
    _check(case, tmp_path)


FUZZ_PARTS = 4


@pytest.mark.slow
@pytest.mark.parametrize("part", range(FUZZ_PARTS))
@pytest.mark.parametrize("kind", list(cases.FUZZ_MEASURES))
def test_golden_fuzz_all(kind, part):
    """The hashed outputs of every fuzzed run of one format (in parts, every FUZZ_PARTS-th run
    from ``part`` on, so that parallel workers share them); the sampled runs are compared in
    full by test_golden_fuzz_sample."""
    mine = [c for c in FUZZ_CASES if c.id.startswith(f"fuzz-{kind}-")][part::FUZZ_PARTS]
    todo = [c for c in mine if c.id not in FROZEN]
    assert len(mine) == len(range(part, cases.FUZZ_PER_FORMAT, FUZZ_PARTS))
    got = cases.fuzz_lines(cases.run_all(todo))
    changed = [f"- {FUZZ.get(line.split(' ', 1)[0])}\n+ {line}" for line in got
               if FUZZ.get(line.split(" ", 1)[0]) != line]
    assert not changed, f"{len(changed)} fuzzed runs changed:\n" + "\n".join(changed[:40])
