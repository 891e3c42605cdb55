"""gen5/genlifted rescaled to [0, 1] versus the literal Table 2 of Ogilvie & Lalmas (2006):
ratio measures agree on both scales, precall, Q and gAP do not; the side-by-side table in
docs/inex_eval.md is this computation."""
import re
from pathlib import Path

import pytest

from sdreval.judgements.qrels import TOO_SMALL, Qrels
from sdreval.measures.evaluate import evaluate
from sdreval.measures.registry import EvalContext
from sdreval.model.run import Ranking, Run

DOC = Path(__file__).resolve().parents[2] / "docs" / "inex_eval.md"
MEASURES = {"inex_eval": "inex_eval", "Q": "Q", "gAP": "gAP", "MAep": "MAep", "AWP": "AWP",
            "nDCG": "nDCG", "nxCG@3": "nxCG"}
QUANTS = ["genlifted", "genlifted-raw", "gen5", "gen5-raw"]


def _values() -> dict[tuple[str, str], float]:
    q = Qrels("inex2005")
    for doc, e, s in [("a", 2, 1.0), ("b", 1, 0.5), ("c", TOO_SMALL, 0.8), ("d", 0, 0),
                      ("e", 0, 0), ("f", 2, 0.25)]:
        q.add_element("1", doc, "/article[1]", e, s)
    run = Run("r", {"1": Ranking.from_elements([(d, "/article[1]") for d in "dbeac"])})
    texts = {}
    for label, name in MEASURES.items():
        for quant in QUANTS:
            cut = "@3" if label.endswith("@3") else ""
            texts[f"{name}(quant={quant}){cut}"] = (label, quant)
    table = evaluate(q, run, list(texts), EvalContext(collection_elements=100))
    return {texts[r.measure]: r.value for r in table.itertuples()}


def test_ratio_measures_are_scale_free_and_the_others_are_not():
    got = _values()
    for label in ("MAep", "AWP", "nDCG", "nxCG@3"):
        for quant in ("genlifted", "gen5"):
            assert got[(label, quant)] == pytest.approx(got[(label, quant + "-raw")]), label
    for label in ("inex_eval", "Q", "gAP"):
        for quant in ("genlifted", "gen5"):
            assert got[(label, quant)] != pytest.approx(got[(label, quant + "-raw")]), label
    assert got[("gAP", "genlifted-raw")] == pytest.approx(3 * got[("gAP", "genlifted")])


def test_docs_table_is_this_computation():
    got = _values()
    rows = {}
    for line in DOC.read_text().splitlines():
        match = re.match(r"^\| (\S+) \| ([\d.]+) \| ([\d.]+) \| ([\d.]+) \| ([\d.]+) \|$", line)
        if match and match.group(1) in MEASURES:
            rows[match.group(1)] = [float(v) for v in match.groups()[1:]]
    assert set(rows) == set(MEASURES)
    for label, printed in rows.items():
        for quant, value in zip(QUANTS, printed):
            assert round(got[(label, quant)], 4) == value, (label, quant)
