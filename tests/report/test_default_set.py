"""One default measure set: ``sdreval report`` without ``-m`` shows the measures ``sdreval
eval`` prints without ``-m`` (the sets named in ``sdreval eval --help``)."""
from __future__ import annotations

from sdreval.judgements.qrels import Qrels
from sdreval.model.run import Ranking, Run
from sdreval.report.html import default_measures


def test_report_default_set_is_the_eval_default_set():
    qrels = Qrels("graded")
    qrels.add_element("1", "d1", "/article[1]", 1, 1)
    document = Run("bm25", {"1": Ranking.from_elements([("d1", "/article[1]")])}, "document")
    element = Run("xml", {"1": Ranking.from_elements([("d1", "/article[1]/sec[1]")])})
    assert default_measures([document], qrels) == ["AP", "nDCG@10", "P@10", "RR", "R@100",
                                                   "Judged@10"]
    assert default_measures([element], qrels) == ["MAep", "nxCG@5", "nxCG@10", "nxCG@25",
                                                  "nxCG@50"]
    # runs of two kinds in one report: both sets
    both = default_measures([document, element], qrels)
    assert both[:6] == ["AP", "nDCG@10", "P@10", "RR", "R@100", "Judged@10"]
    assert both[6:] == ["MAep", "nxCG@5", "nxCG@10", "nxCG@25", "nxCG@50"]
