"""ESR on real INEX 2010 data (../shared/data): the FOL qrels of topic 2010096 for article 1164
(passages 2:23, the title, and 16607:902, inside the sub-sub-section "Learning") and the real
article from the INEX 2009 Wikipedia collection.  Skipped where the shared data is absent."""
from pathlib import Path

import pytest

DATA = Path(__file__).resolve().parents[1] / "realdata"  # bundled copy, see its README
pytestmark = pytest.mark.skipif(not (DATA / "inex2010-adhoc").exists(),
                                reason="shared INEX data not available")


def test_topic_2010096_article_1164_by_hand():
    from sdreval.errors import ProblemLog
    from sdreval.io import read_collection, read_qrels
    from sdreval.judgements.qrels import Qrels
    from sdreval.measures import EvalContext, evaluate
    from sdreval.model.run import Ranking, Run

    full = read_qrels(DATA / "inex2010-adhoc" / "inex2010.qrels", log=ProblemLog())
    qrels = Qrels(full.scale)
    qrels.topic("2010096").passages["1164"] = full["2010096"].passages["1164"]
    collection = read_collection(DATA / "inex2009-wikipedia-sample" / "docs")
    title = "/article[1]/header[1]/title[1]"                      # chars 2..25
    learning = "/article[1]/bdy[1]/sec[2]/ss1[1]/ss2[4]"           # chars 16605..17511
    tree = collection["1164"]
    assert tree.char_range(title) == (2, 23) and tree.char_range(learning) == (16605, 906)
    run = Run("r", {"2010096": Ranking.from_elements([("1164", learning), ("1164", title),
                                                       ("1164", "/article[1]")])})
    ctx = EvalContext(collection=collection)
    df = evaluate(qrels, [run], ["ESRP(nav=none)@2", "SRiP(nav=none)@2", "SRiP(nav=none)@3",
                                 "ESRR(nav=none)@3", "ESRP@3"], ctx)
    got = dict(zip(df.measure, df.value))
    assert got["ESRP(nav=none)@2"] == 1.0
    assert got["SRiP(nav=none)@2"] == pytest.approx((902 + 23) / (906 + 23))
    # the article holds all 925 highlighted characters of its 74,312
    assert got["SRiP(nav=none)@3"] == pytest.approx((902 + 23 + 925) / (906 + 23 + 74312))
    assert 0 < got["ESRR(nav=none)@3"] < 1        # deeper relevant elements not retrieved
    # with (default, depth-weighted) navigation the later hits are partly redundant
    assert 0 < got["ESRP@3"] < 1
    assert any("depth-weighted" in w for w in ctx.warnings)
