"""The span nDCG measures' texts credit the log2(i+1) discount to trec_eval, not to Järvelin &
Kekäläinen (2002): their DCG divides the gain at rank i by log_b(i) from rank b on and leaves
the ranks before b undiscounted (b = 2: ranks 1 and 2 both undiscounted), so 1/log2(i+1) at
every rank is trec_eval's ndcg convention.  Before, SpanNDCG's description and graded.py's
docstring called log2(i+1) "the discount of Järvelin & Kekäläinen, 2002" ("eq. 2")."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from sdreval.measures import MEASURES
from sdreval.measures.span import graded

ROOT = Path(__file__).resolve().parents[2]


def credits_log2_to_trec_eval(text: str) -> bool:
    """Every discount the text names is called trec_eval's (``trec_eval's log2(i+1)
    discount``, ``trec_eval's nDCG discount``)."""
    text = " ".join(text.split())
    found = [m.start() for m in re.finditer(r"discount", text)]
    return bool(found) and all("trec_eval's" in text[max(0, i - 28):i] for i in found)


@pytest.mark.parametrize("name", ["SpanNDCG", "SpanDocNDCG"])
def test_measure_text(name):
    doc = MEASURES[name].doc
    assert "log2(i+1)" in doc and credits_log2_to_trec_eval(doc), doc


def test_module_docstring():
    assert credits_log2_to_trec_eval(graded.__doc__)


def test_generated_measure_index():
    rows = [line for line in (ROOT / "docs" / "measures.md").read_text(encoding="utf-8")
            .splitlines() if line.startswith(("| `SpanNDCG", "| `SpanDocNDCG"))]
    assert len(rows) == 2 and all(credits_log2_to_trec_eval(r) for r in rows), rows
