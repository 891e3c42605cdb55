"""-M on a passage run read as its documents: trec_eval -M counts the results of the run it is
given, so the cut comes first (N passages), then the document-level reading (each document
once, at its first result); the warning says so, since the same run reduced to its documents
first keeps up to N documents and gives other values."""
import warnings

import pytest

from sdreval.io import read_qrels, read_run
from sdreval.measures.evaluate import evaluate
from sdreval.measures.registry import EvalContext


@pytest.fixture()
def files(tmp_path):
    q = tmp_path / "q.fol"  # documents a and b highlighted, c judged non-relevant
    q.write_text("1 Q0 a 50 100 0:50\n1 Q0 b 100 100 0:100\n1 Q0 c 0 80\n")
    passages = tmp_path / "p.run"  # a twice (two passages), then b
    passages.write_text("1 Q0 a 1 3 r 0 10\n1 Q0 a 2 2 r 20 10\n1 Q0 b 3 1 r 0 10\n")
    documents = tmp_path / "d.run"  # the same run reduced to its documents first
    documents.write_text("1 Q0 a 1 3 r\n1 Q0 b 2 1 r\n")
    return read_qrels(q), read_run(passages), read_run(documents)


def _ap(qrels, run, depth):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        ctx = EvalContext(depth=depth)
        table = evaluate(qrels, [run], ["AP"], ctx)
    said = [str(w.message) for w in caught] + list(getattr(ctx, "warnings", []) or [])
    return float(table.value.iloc[0]), said


def test_depth_cuts_results_then_reads_documents(files):
    qrels, passages, documents = files
    # -M 2 keeps passages a, a -> documents [a]: AP = (1/1) / R = 1/2, R = 2 relevant
    ap, said = _ap(qrels, passages, 2)
    assert ap == pytest.approx(1 / 2)
    assert any("-M 2 kept the first 2 results" in m for m in said), said
    # the run reduced to its documents first: -M 2 keeps a, b -> AP = (1/1 + 2/2) / 2 = 1
    ap, said = _ap(qrels, documents, 2)
    assert ap == pytest.approx(1.0)
    assert not any("-M" in m for m in said), said
    # without -M both read the same: AP = 1
    ap, said = _ap(qrels, passages, None)
    assert ap == pytest.approx(1.0)
    assert not any("-M" in m for m in said), said
