"""Judgements held in shared columns: the same mapping as plain objects, in far less memory."""
from __future__ import annotations

import gc
import pickle
import tracemalloc

import numpy as np
import pyarrow as pa

from reference.qrels import read_fol_qrels_reference

from sdreval.errors import ProblemLog
from sdreval.io.fol import read_fol_qrels
from sdreval.judgements.columns import ElementColumns, TopicJudgements
from sdreval.judgements.qrels import ElementAssessment, Qrels, TopicQrels


def element_qrels() -> Qrels:
    table = ElementColumns(pa.array(["d", "d", "e", "f"]), pa.array(["/a[1]", "/a[1]/b[1]",
                                                                      "/a[1]", "/a[1]"]),
                           np.array([2.0, 0.0, 0.0, 1.0]), np.array([1.0, 0.0, 0.0, 0.5]),
                           np.array([10.0, np.nan, 3.0, np.nan]))
    return Qrels.from_columns("inex2005", ["7", "8", "9"], [0, 2, 3, 4], table, source="x")


def test_element_columns_read_as_plain_objects():
    qrels = element_qrels()
    assert isinstance(qrels.topics, TopicJudgements) and list(qrels) == ["7", "8", "9"]
    assert qrels["7"] == TopicQrels("7", {("d", "/a[1]"): ElementAssessment("d", "/a[1]", 2.0,
                                                                            1.0, 10.0),
                                          ("d", "/a[1]/b[1]"): ElementAssessment(
                                              "d", "/a[1]/b[1]", 0.0, 0.0, None)})
    assert qrels.relevant_topics() == ["7", "9"]
    assert qrels.relevant_topics() == [t for t, q in qrels.topics.items() if q.has_relevant()]
    assert pickle.loads(pickle.dumps(qrels)) == qrels


def test_plain_qrels_and_editing_columnar_qrels():
    plain = Qrels("inex2005", topics={"7": TopicQrels("7")})
    plain.add_element("7", "d", "/a[1]", 1.0, 0.5)
    assert plain.relevant_topics() == ["7"]
    qrels = element_qrels()
    view = qrels["8"]
    view.elements.clear()  # a view: editing it does not change the qrels
    assert qrels.topics.to_dict()["8"].elements
    qrels.add_element("8", "z", "/a[1]", 1.0, 1.0)  # the qrels become plain objects first
    assert isinstance(qrels.topics, dict) and len(qrels["8"].elements) == 2
    assert qrels.relevant_topics() == ["7", "8", "9"]


def test_many_small_topics_take_little_memory(tmp_path):
    """One judged document per topic: the columns hold a few tens of bytes per judgement
    where one TopicQrels, two dicts, a DocPassages and a list per topic took over 600."""
    path = tmp_path / "many.fol"
    path.write_text("".join(f"{t} Q0 d{t} 10 100 0 0:10\n" for t in range(20_000)))
    read_fol_qrels(path, ProblemLog())  # imports and first-call set-up outside the count
    gc.collect()
    tracemalloc.start()
    try:
        qrels = read_fol_qrels(path, ProblemLog())
        gc.collect()
        held, _ = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert len(qrels) == 20_000 and qrels["17"].passages["d17"].ranges == [(0, 10)]
    assert held / 20_000 < 250, held / 20_000
    careful = read_fol_qrels_reference(path, ProblemLog())
    assert careful == qrels


def test_graded_columns_of_small_integers_read_as_floats_without_sizes():
    """TREC qrels keep the grade once, as small integers, for both e and s, and no size
    column: the views are those of float grades and unknown sizes."""
    grades = np.array([2, 0, -1], dtype=np.int8)
    table = ElementColumns(pa.chunked_array([pa.array(["d"]), pa.array(["e", "f"])]),
                           "/article[1]", grades, grades, None)
    qrels = Qrels.from_columns("graded", ["1", "2"], [0, 2, 3], table)
    one = qrels["1"].elements[("d", "/article[1]")]
    assert (one.e, one.s, one.size) == (2.0, 2.0, None)
    assert isinstance(one.e, float) and isinstance(one.s, float)
    assert qrels["2"].elements[("f", "/article[1]")].e == -1.0
    assert qrels.relevant_topics() == ["1"]
    copy = pickle.loads(pickle.dumps(qrels))
    assert copy == qrels and copy.topics.to_dict() == qrels.topics.to_dict()
