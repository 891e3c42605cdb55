"""A run passage reaching beyond its document's length (the FOL qrels' doclen) is said, not
silently counted.

FOL offsets count characters of the document's text (Kamps et al. 2008); a run whose offsets
are UTF-8 bytes, or come from another rendering of the text, shows it by passages ending past
``doclen``.  The passage is counted as written (its characters past the end are retrieved and
not relevant), so the numbers stay those of its length; a warning now says so, for qrels read
from a file (columns) and for qrels built as objects alike.
"""
from __future__ import annotations

from sdreval.judgements.qrels import DocPassages, Qrels
from sdreval.measures import EvalContext, evaluate
from sdreval.model.run import Ranking, Run

MEASURES = ["iP@0.5", "iP@0.6", "MAgP"]


def _run(rows):
    return Run("r", {"1": Ranking.from_results(
        [(d, None, o, n, i + 1, -float(i)) for i, (d, o, n) in enumerate(rows)], "passage")},
        "passage")


def _object_qrels():
    q = Qrels("fol")
    t = q.topic("1")
    t.passages["d1"] = DocPassages("d1", [(0, 10)], 10, 100, None)
    t.passages["d2"] = DocPassages("d2", [], 0, 50, None)
    return q


def _file_qrels(tmp_path):
    from sdreval.io import read_qrels

    path = tmp_path / "q.fol"
    path.write_text("1 Q0 d1 10 100 0 0:10\n1 Q0 d2 0 50\n")
    return read_qrels(path)


def _evaluate(qrels, rows):
    ctx = EvalContext()
    table = evaluate(qrels, _run(rows), MEASURES, ctx)
    return {r.measure: r.value for r in table.itertuples() if r.topic == "1"}, ctx.warnings


def test_passages_past_the_end_are_counted_as_written_and_said(tmp_path):
    # d1 has 100 characters, 0:10 relevant: rank 1 retrieves 0:5 (P 1, R 0.5); rank 2,
    # 95:20, reaches character 115 and holds nothing relevant (R stays 0.5, P 5/25); d2 40:30
    # reaches 70 of 50: iP[0.5] = 1, iP[0.6] = 0 (never reached)
    rows = [("d1", 0, 5), ("d1", 95, 20), ("d2", 40, 30)]
    for qrels in (_object_qrels(), _file_qrels(tmp_path)):
        values, warnings = _evaluate(qrels, rows)
        assert values["iP@0.5"] == 1.0 and values["iP@0.6"] == 0.0
        past = [w for w in warnings if "beyond their document's length" in w]
        assert len(past) == 1, warnings
        assert "1 topic(s) with 2 passage(s)" in past[0]  # d1 95:20 and d2 40:30
        assert "Counted as written" in past[0]


def test_passages_inside_their_documents_give_no_such_warning(tmp_path):
    rows = [("d1", 0, 5), ("d1", 80, 20), ("d2", 0, 50), ("d3", 10**6, 5)]  # d3 not judged
    for qrels in (_object_qrels(), _file_qrels(tmp_path)):
        _, warnings = _evaluate(qrels, rows)
        assert not [w for w in warnings if "beyond" in w], warnings
