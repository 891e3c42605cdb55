"""--compat chroma and a gold passage given twice, in every container of passage judgements:
span JSONL, one-passage-a-line passage qrels, and an INEX FOL line listing the passage twice.
One rule: the default measures read the gold once (its union), Chroma's SpanR divides by the
excerpts as listed (Smith & Troynikov 2024; chunking_evaluation's base_evaluation.py).  Gold
[40, 60) twice and [200, 210); the top chunk [0, 100) retrieves 20 gold characters:
default SpanR@1 = 20 / 30, Chroma's 20 / (20 + 20 + 10) = 0.4.  The read warning no longer
says "(ignored)" where --compat chroma counts the copy."""
from __future__ import annotations

import json

import pytest

SPAN = {"query_id": "q", "doc_id": "d", "relevance": 1}
GOLD = {
    "gold.jsonl": "".join(json.dumps({**SPAN, "start": s, "end": e}) + "\n"
                          for s, e in ((40, 60), (40, 60), (200, 210))),
    "passages.txt": "q d 40 20\nq d 40 20\nq d 200 10\n",
    "fol.txt": "q 0 d 50 300 40 40:20 40:20 200:10\n",
}
RUN = "".join(json.dumps({"query_id": "q", "doc_id": "d", "start": s, "end": e, "score": sc})
              + "\n" for s, e, sc in ((0, 100, 2.0), (150, 205, 1.0)))


@pytest.mark.parametrize("name", sorted(GOLD))
@pytest.mark.parametrize("compat, expected", [([], 20 / 30), (["--compat", "chroma"], 0.4)])
def test_same_rule_in_every_container(tmp_path, sdreval_cli, name, compat, expected):
    (tmp_path / name).write_text(GOLD[name])
    (tmp_path / "run.jsonl").write_text(RUN)
    result = sdreval_cli("eval", tmp_path / name, tmp_path / "run.jsonl", "-m", "SpanR@1",
                         *compat)
    assert result.returncode == 0, result.stderr
    assert float(result.stdout.split("\t")[-1]) == pytest.approx(expected, abs=5e-5)
    assert "(ignored)" not in result.stderr
