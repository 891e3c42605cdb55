"""SpanDocNDCG adds a ranking's terms rank by rank, as trec_eval's ndcg_cut (after Järvelin &
Kekäläinen 2002) and sdreval's nDCG do: spans of documents without gold text appended change
no bit, and the value is nDCG's on the same document ranking, to the bit.  numpy's pairwise sum
changed the last bit with the number of documents ranked."""
from __future__ import annotations

import math
import warnings

import pytest

import sdreval

#: grades of documents d0..d8, ranked in that order (found among random grades: the pairwise
#: sum of 9 terms and of the same 9 followed by 7 zeros differ in the last bit)
GRADES = [[2, 0, 2, 2, 0, 2, 0, 2, 2], [1, 0, 3, 2, 1, 3, 1, 3, 3], [3, 3, 0, 1, 1, 3, 1, 1, 2]]


def values(qrels, run, names):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        table = sdreval.evaluate(qrels, run, names, per_topic=True)
    return {m: v for t, m, v in zip(table.topic, table.measure, table.value) if t == "q"}


def dcg(grades) -> float:
    total = 0.0
    for i, g in enumerate(grades):
        total += g / math.log2(i + 2)
    return total


def span(doc, score):
    return {"query_id": "q", "doc_id": doc, "start": 0, "end": 10, "score": score}


@pytest.mark.parametrize("grades", GRADES)
def test_spans_without_gold_text_appended_change_no_bit(grades):
    qrels = [{"query_id": "q", "doc_id": f"d{i}", "start": 0, "end": 10, "relevance": g}
             for i, g in enumerate(grades)]
    run = [span(f"d{i}", 100.0 - i) for i in range(len(grades))]
    longer = run + [span(f"x{j}", 50.0 - j) for j in range(7)]
    names = ["SpanDocNDCG", "SpanDocNDCG@5"]
    short, long_ = values(qrels, run, names), values(qrels, longer, names)
    assert short == long_, {m: v.hex() for m, v in short.items()}
    documents = {"q": {f"d{i}": 100.0 - i for i in range(len(grades))}}
    judged = {"q": {f"d{i}": g for i, g in enumerate(grades)}}
    assert short["SpanDocNDCG"] == values(judged, documents, ["nDCG"])["nDCG"]  # one nDCG
    want = dcg(grades) / dcg(sorted(grades, reverse=True))
    assert math.isclose(short["SpanDocNDCG"], want, rel_tol=1e-15)
