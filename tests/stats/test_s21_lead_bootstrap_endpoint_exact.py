"""The bootstrap interval of ``compare`` holds the exact diff without moving endpoints the diff
lies inside of.  On the bundled synthetic runs, sim01 and sim02 tie on two of four topics under
MAep and sim01 is worse on the others: the upper endpoint is exactly 0 (a resample of the tied
topics only has mean difference 0).  It printed 8.4e-14 when every interval was shifted by the
sub-1e-12 gap between the exact diff and the mean of the 12-decimal differences."""
import warnings
from pathlib import Path

import sdreval
from sdreval.api import compare

SYNTHETIC = Path(sdreval.__file__).parent / "data" / "examples" / "synthetic"


def test_upper_endpoint_of_ties_is_exactly_zero():
    runs = [str(SYNTHETIC / "runs" / f"sim0{i}.txt") for i in (1, 2)]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        table = sdreval.evaluate(str(SYNTHETIC / "qrels.tsv"), runs, ["MAep"], per_topic=True)
    per_topic = table[table["topic"] != "all"]
    a = per_topic[per_topic["run"] == "sim01"].set_index("topic")["value"]
    b = per_topic[per_topic["run"] == "sim02"].set_index("topic")["value"]
    assert (a == b).sum() == 2 and ((a < b) | (a == b)).all()  # the premise: 2 ties, 2 losses
    row = compare(table, "MAep", test="bootstrap", samples=2000, seed=0).iloc[0]
    assert row["diff_ci_high"] == 0.0
    assert row["diff_ci_low"] <= row["diff"] <= row["diff_ci_high"]
