"""Offsets count Unicode code points, also past the Basic Multilingual Plane (pinned).

Where sdreval computes offsets itself (a document's text read from --collection: element results
turned into passages, the collection's document length), a character outside the BMP, here
U+1D11E, counts one, as Python indexes text; a Java ``String`` (UTF-16) would count it two.  The
official INEX 2008-2010 focused/passage evaluator (Koolen's inex_eval 1.0) does not count
characters at all: it subtracts the integers written in the FOL qrels and runs, so no official
rule decides between the two units (see docs/passage-tasks.md).  In ``a𝄞b`` + ``c𝄞d`` the
second paragraph starts at code point 3 and is 3 long; in UTF-16 code units it would be 4:4 in
a text of 8, not 6.
"""
from __future__ import annotations

import pytest

import sdreval
from sdreval.io import read_collection

CLEF = "\U0001D11E"  # MUSICAL SYMBOL G CLEF, outside the BMP


def _docs(tmp_path):
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "d1.xml").write_text(f"<article><p>a{CLEF}b</p><p>c&#x1D11E;d</p></article>",
                                 encoding="utf-8")
    return docs


def test_collection_offsets_count_code_points(tmp_path):
    tree = read_collection(_docs(tmp_path))["d1"]
    assert tree.char_range("/article[1]/p[1]") == (0, 3)
    assert tree.char_range("/article[1]/p[2]") == (3, 3)  # UTF-16: (4, 4)
    assert tree.length == 6  # UTF-16: 8


def test_an_element_run_meets_code_point_qrels(tmp_path):
    # FOL qrels written in code points: doclen 6, the second paragraph 3:3 highlighted; the
    # run returns that paragraph, turned into the passage 3:3 through the collection: every
    # retrieved character is relevant and all are found, so iP[x] = 1 at every recall level
    (tmp_path / "q.fol").write_text("1 Q0 d1 3 6 3 3:3\n")
    (tmp_path / "run").write_text("1 Q0 d1 1 1 r /article[1]/p[2]\n")
    table = sdreval.evaluate(tmp_path / "q.fol", tmp_path / "run", ["iP@1.0", "MAiP"],
                             collection=str(_docs(tmp_path)))
    values = {r.measure: r.value for r in table.itertuples() if r.topic == "all"}
    assert values == {"iP@1.0": pytest.approx(1.0), "MAiP": pytest.approx(1.0)}
