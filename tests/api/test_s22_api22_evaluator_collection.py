"""``evaluator(measures, qrels, collection=DIR)`` reads the qrels with the collection, as
``evaluate`` and ``calc_aggregate`` do: INEX 2005 assessments give highlighted passages as
element paths, which only the collection turns into character offsets."""
from __future__ import annotations

from sdreval import api

ASSESSMENTS = """<?xml version="1.0"?>
<assessments pool="1" topic="7" version="2">
 <file collection="c" name="d1">
   <passage start="/article[1]/p[1]" end="/article[1]/p[1]" size="5"/>
   <element path="/article[1]" exhaustivity="1" size="9" rsize="5"/>
   <element path="/article[1]/p[1]" exhaustivity="2" size="5" rsize="5"/>
 </file>
</assessments>
"""

RUN = """<inex-submission run-id="focused" task="Focused">
<topic topic-id="7">
<result><file>d1</file><path>/article[1]/p[2]</path><rank>1</rank></result>
<result><file>d1</file><path>/article[1]/p[1]</path><rank>2</rank></result>
</topic></inex-submission>
"""


def test_evaluator_reads_the_qrels_with_the_collection(tmp_path):
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "d1.xml").write_text("<article><p>aaaa</p><p>bbbb</p></article>")
    (tmp_path / "q.xml").write_text(ASSESSMENTS)
    (tmp_path / "run.xml").write_text(RUN)
    # text "aaaabbbb": p[1] (0:4) is highlighted.  Rank 1 (p[2]) retrieves 4 non-relevant
    # characters, rank 2 (p[1]) the 4 relevant ones: recall 1 at precision 4/8, so the
    # interpolated precision is 1/2 at every recall level (Kamps et al. 2008): iP and MAiP 0.5
    measures = ["iP@0.01", "MAiP"]
    ev = api.evaluator(measures, tmp_path / "q.xml", collection=docs)
    assert ev.calc_aggregate(tmp_path / "run.xml") == {"iP@0.01": 0.5, "MAiP": 0.5}
    assert [(m.query_id, m.value) for m in ev.iter_calc(tmp_path / "run.xml")] == \
        [("7", 0.5), ("7", 0.5)]
    # a context given instead of the option: its collection
    ev = api.evaluator(measures, tmp_path / "q.xml", ctx=api.context(collection=docs))
    assert ev.calc_aggregate(tmp_path / "run.xml") == {"iP@0.01": 0.5, "MAiP": 0.5}
    # the same numbers as the functions that read the qrels themselves
    assert api.calc_aggregate(measures, tmp_path / "q.xml", tmp_path / "run.xml",
                              collection=docs) == {"iP@0.01": 0.5, "MAiP": 0.5}


def test_dask_evaluate_reads_the_qrels_with_the_collection(tmp_path):
    import pandas as pd
    import pytest

    dd = pytest.importorskip("dask.dataframe")
    dask = pytest.importorskip("dask")
    import sdreval.dask

    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "d1.xml").write_text("<article><p>aaaa</p><p>bbbb</p></article>")
    (tmp_path / "q.xml").write_text(ASSESSMENTS)
    run = pd.DataFrame({"topic": ["7", "7"], "doc": ["d1", "d1"],
                        "path": ["/article[1]/p[2]", "/article[1]/p[1]"], "rank": [1, 2]})
    with dask.config.set(scheduler="sync"):
        got = sdreval.dask.evaluate(dd.from_pandas(run, npartitions=1), tmp_path / "q.xml",
                                    ["iP@0.01", "MAiP"], api.context(collection=docs))
    assert dict(zip(got["measure"], got["value"])) == {"iP@0.01": 0.5, "MAiP": 0.5}  # as above
