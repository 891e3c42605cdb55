"""``--format json`` writes JSON that any parser reads: Cohen's d_z of a constant non-zero
difference is ±inf (mean / sd with sd = 0), which ``json.dumps`` wrote as ``Infinity``,
a token JavaScript's ``JSON.parse`` and other strict parsers refuse.  It is null, like NaN."""
from __future__ import annotations

import json

import pytest


def _strict(token: str):
    raise ValueError(f"not JSON: {token}")


def test_compare_json_has_no_infinity(sdreval_cli, tmp_path):
    # run A finds d1 at rank 1 (RR 1), B at rank 2 (RR 0.5) on each of 3 topics: d = 0.5, 0.5,
    # 0.5, sd 0, d_z = +inf
    (tmp_path / "q.txt").write_text("".join(f"{t} 0 d1 1\n" for t in (1, 2, 3)))
    (tmp_path / "A.txt").write_text("".join(f"{t} Q0 d1 1 1 A\n" for t in (1, 2, 3)))
    (tmp_path / "B.txt").write_text("".join(f"{t} Q0 d2 1 1 B\n{t} Q0 d1 2 0.5 B\n"
                                            for t in (1, 2, 3)))
    done = sdreval_cli("compare", tmp_path / "q.txt", tmp_path / "A.txt", tmp_path / "B.txt",
                       "-m", "RR", "--format", "json")
    assert done.returncode == 0, done.stderr
    (record,) = json.loads(done.stdout, parse_constant=_strict)
    assert record["diff"] == pytest.approx(0.5)
    assert record["effect_size"] is None
    assert "null in JSON" in done.stderr
