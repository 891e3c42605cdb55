"""trec_eval's less common measures against the trec_eval 10 binary on random inputs (the
differential fuzz of benchmarks/fuzz_trec_eval_measures.py, a few cases): ``--format trec_eval
-q`` prints trec_eval's bytes.  Skipped when /tmp/trec_eval/trec_eval (or SDREVAL_TREC_EVAL)
is absent."""
from __future__ import annotations

import importlib.util
import os
import random
from pathlib import Path

import pytest

BINARY = os.environ.get("SDREVAL_TREC_EVAL") or "/tmp/trec_eval/trec_eval"
SCRIPT = Path(__file__).parents[2] / "benchmarks" / "fuzz_trec_eval_measures.py"


def _fuzz():
    spec = importlib.util.spec_from_file_location("fuzz_trec_eval_measures", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.skipif(not os.path.exists(BINARY), reason="no trec_eval binary")
@pytest.mark.parametrize("seed", [3, 5])
def test_random_cases_print_trec_eval_bytes(tmp_path, seed):
    fuzz = _fuzz()
    rng = random.Random(seed)
    for _ in range(3):
        q, r, options = fuzz.make_case(rng, str(tmp_path))
        plain = [m for m in fuzz.MEASURES if m not in fuzz.WITH_PARAMS and m != "rbp"]
        # trec_eval keeps one parameter set per measure: those with parameters apart; its rbp
        # reads uninitialised variables, sane when it runs alone (fuzz.MEASURES)
        for measures in [plain, ["rbp"]] + ([] if "-c" in options else
                                           [[m] for m in fuzz.WITH_PARAMS]):
            theirs, ours = fuzz.compare(q, r, options, measures, BINARY)
            assert theirs == ours, (options, Path(q).read_text(), Path(r).read_text())
