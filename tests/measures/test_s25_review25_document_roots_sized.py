"""A document run's result is its document's root element for every result SRiP sizes, not
only for judged documents: in a collection of ``<doc>`` roots, SRiP@2 on a document run whose
first result is a document without relevant text refused the run ("element /article[1] is not
in document e"), an XPath the user never wrote.  The document run must score as the same run
written with each document's root element."""
from __future__ import annotations

import sdreval

COLLECTION = {"d.xml": "<doc><sec><p>aaaa</p></sec><sec><p>bbbb</p></sec></doc>",
              "e.xml": "<doc><sec><p>cccc</p></sec></doc>"}
MEASURES = ["SRiP@2", "ESRP@2", "ESRR(nav=depth)@2"]


def _values(tmp_path, run_text: str) -> dict[str, float]:
    coll = tmp_path / "coll"
    coll.mkdir(exist_ok=True)
    for name, text in COLLECTION.items():
        (coll / name).write_text(text)
    (tmp_path / "qrels.txt").write_text("1 Q0 d 4 8 0 0:4\n")
    (tmp_path / "run.txt").write_text(run_text)
    table = sdreval.evaluate(str(tmp_path / "qrels.txt"), str(tmp_path / "run.txt"),
                             MEASURES, collection=str(coll))
    return table.set_index("measure")["value"].to_dict()


def test_an_unjudged_document_is_sized_as_its_root(tmp_path):
    as_document = _values(tmp_path, "1 Q0 e 1 2.0 r\n1 Q0 d 2 1.0 r\n")
    as_element = _values(tmp_path, "1 Q0 e 1 2.0 r /doc[1]\n1 Q0 d 2 1.0 r /doc[1]\n")
    assert as_document == as_element
    # Ali, Consens & Lalmas 2012, Eq. 18: relevant characters retrieved (4 of d's root) over
    # the characters retrieved (e's 4, d's 8)
    assert as_document["SRiP@2"] == 4 / 12
    assert as_document["ESRP@2"] == 1 / 2
