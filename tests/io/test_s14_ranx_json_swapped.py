"""A ranx/pytrec_eval JSON file does not say whether it holds a run or qrels, so a run given in
the qrels' place is caught only by its scores: grades that are not integers are refused, and
the message asks whether the files are swapped (as it does for TREC files)."""
from __future__ import annotations

import json


def test_a_run_in_the_qrels_place_is_named_as_probably_swapped(sdreval_cli, tmp_path):
    (tmp_path / "qrels.json").write_text(json.dumps({"1": {"d1": 1, "d2": 0}}))
    (tmp_path / "run.json").write_text(json.dumps({"1": {"d1": 0.9, "d2": 0.5}}))
    done = sdreval_cli("eval", tmp_path / "run.json", tmp_path / "qrels.json", "-m", "AP")
    assert done.returncode == 1 and done.stdout == ""
    assert "is this a run's scores?" in done.stderr and "judgements come first" in done.stderr
    assert "Traceback" not in done.stderr
