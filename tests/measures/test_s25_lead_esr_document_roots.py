"""A document run's result is the whole document (its root element), as the passage measures
convert it.  ESR read every document result as ``/article[1]`` (the root of INEX articles):
in a collection whose documents have another root (``<doc>``) the result was not in its
document and scored nothing (before that, it took navigation credit by its tag alone)."""
from __future__ import annotations

import warnings

import pytest

import sdreval

COLLECTION = {"d.xml": "<doc><sec><p>aaaa</p></sec><sec><p>bbbb</p></sec></doc>",
              "e.xml": "<article><sec><p>aaaa</p></sec><sec><p>bbbb</p></sec></article>"}
QRELS = "1 Q0 d 4 8 0 0:4\n1 Q0 e 4 8 0 0:4\n"
MEASURES = ["ESRP@1", "ESRR@1", "ESRR@3"]


def _values(tmp_path, run_text: str) -> dict[str, float]:
    coll = tmp_path / "coll"
    coll.mkdir(exist_ok=True)
    for name, text in COLLECTION.items():
        (coll / name).write_text(text)
    (tmp_path / "qrels.txt").write_text(QRELS)
    (tmp_path / "run.txt").write_text(run_text)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        table = sdreval.evaluate(str(tmp_path / "qrels.txt"), str(tmp_path / "run.txt"),
                                 MEASURES, collection=str(coll))
    assert not [w for w in caught if "cannot be placed" in str(w.message)]
    return table.set_index("measure")["value"].to_dict()


@pytest.mark.parametrize("doc, root", [("d", "/doc[1]"), ("e", "/article[1]")])
def test_a_document_result_is_its_root_element(tmp_path, doc, root):
    as_document = _values(tmp_path, f"1 Q0 {doc} 1 2.0 r\n")
    as_element = _values(tmp_path, f"1 Q0 {doc} 1 2.0 r {root}\n")
    assert as_document == as_element
    assert as_document["ESRP@1"] == 1.0  # the root holds highlighted text: a relevant tree


def test_the_root_tag_does_not_change_the_value(tmp_path):
    """d and e differ in their root's tag only, and hold the same highlighted text."""
    assert _values(tmp_path, "1 Q0 d 1 2.0 r\n") == _values(tmp_path, "1 Q0 e 1 2.0 r\n")
