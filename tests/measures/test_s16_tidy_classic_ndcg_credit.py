"""The classic nDCG's texts say its log2(r+1) discount is trec_eval's (ndcg_cut): Järvelin &
Kekäläinen's DCG (2002) divides by log_b(r) from rank b on and leaves the ranks before b
undiscounted.  Before, the measure's description read "log2(r+1) discount (Järvelin &
Kekäläinen 2002; trec_eval ndcg_cut_k)" and docs/classic.md cited only the paper for the
log2(r+1) formula (the span nDCG texts: tests/rag/test_s16_tidy_ndcg_discount_credit.py)."""
from __future__ import annotations

from pathlib import Path

from sdreval.measures import MEASURES
from sdreval.measures.classic import kernels

ROOT = Path(__file__).resolve().parents[2]
SAID = "trec_eval's log2(r+1) discount"


def test_measure_text_and_kernel_docstring():
    assert SAID in MEASURES["nDCG"].doc
    assert "trec_eval's discount" in " ".join(kernels.ndcg_at.__doc__.split())


def test_family_page_and_index():
    for page, start in (("classic.md", "| `nDCG@k` |"), ("measures.md", "| `nDCG[@k]` |")):
        rows = [line for line in (ROOT / "docs" / page).read_text(encoding="utf-8").splitlines()
                if line.startswith(start)]
        assert len(rows) == 1 and SAID in rows[0], (page, rows)
