"""Element names of XML 1.0 (Fifth Edition, §2.3) in paths: a name may start with a non-ASCII
letter (``/éarticle[1]``, ``/日本語[1]``, ``/Ωmega[1]``).  Paths were refused as malformed unless
the first character was ASCII, in runs, assessments, points and every other reader, so a
collection whose tags lxml reads could not be evaluated.  The names accepted are exactly
those lxml (libxml2) accepts as element names."""
from __future__ import annotations

import pytest
from lxml import etree

from sdreval import evaluate
from sdreval.io import read_qrels, read_run
from sdreval.io.collection import read_collection
from sdreval.model.xpath import XPathError, canonical_xpath

NAMES = ["éarticle", "artículo", "sección", "Ωmega", "日本語", "a·b", "ab\u0300", "x\u203fy",
         "_a", "a-b.c", "a²", "1a", "-a", ".a", "a×b", "·a", "\u0300a", "a b", "a\u00d7"]


@pytest.mark.parametrize("name", NAMES)
def test_a_step_name_is_what_lxml_takes_as_an_element_name(name):
    try:
        etree.Element(name)
        xml = True
    except ValueError:
        xml = False
    try:
        path = canonical_xpath(f"/{name}/b[2]")
    except XPathError:
        path = None
    assert path == (f"/{name}[1]/b[2]" if xml else None)


DOC = ("<{a}><{t}>Hola</{t}><{c}><{s}><p>Primero.</p></{s}><{s}><p>Segunda seccion."
       "</p></{s}></{c}></{a}>")
POOL = """<assessments topic="1" version="2005"><file name="d1">
<element path="/{a}[1]/{c}[1]/{s}[2]" exhaustivity="2" specificity="1"/>
<element path="/{a}[1]/{c}[1]" exhaustivity="1" specificity="0.5"/>
<element path="/{a}[1]" exhaustivity="1" specificity="0.25"/>
<passage start="/{a}[1]/{c}[1]/{s}[2]" end="/{a}[1]/{c}[1]/{s}[2]"/>
</file></assessments>"""
RUN = """<inex-submission run-id="r"><topic topic-id="1">
<result><file>d1</file><path>/{a}[1]/{c}[1]/{s}[2]/p[1]</path><rank>1</rank></result>
<result><file>d1</file><path>/{a}[1]/{t}[1]</path><rank>2</rank></result>
</topic></inex-submission>"""


def _values(tmp_path, **tags):
    folder = tmp_path / tags["a"]
    (folder / "docs").mkdir(parents=True)
    (folder / "docs" / "d1.xml").write_text(DOC.format(**tags), encoding="utf-8")
    (folder / "a.xml").write_text(POOL.format(**tags), encoding="utf-8")
    (folder / "r.xml").write_text(RUN.format(**tags), encoding="utf-8")
    (folder / "r.trec").write_text(
        "".join(f"1 Q0 d1 {i} {3 - i} t {p}\n" for i, p in enumerate(
            [f"/{tags['a']}/{tags['c']}/{tags['s']}[2]/p", f"/{tags['a']}/{tags['t']}"], 1)),
        encoding="utf-8")
    collection = read_collection(folder / "docs")
    qrels = read_qrels(folder / "a.xml", collection=collection)
    runs = [read_run(folder / "r.xml"), read_run(folder / "r.trec")]
    table = evaluate(qrels, runs, ["MAep", "nxCG@2", "iP@0.0", "MAiP"], collection=collection)
    return sorted(zip(table["run"], table["measure"], table["value"]))


def test_non_ascii_names_score_as_ascii_names(tmp_path):
    ascii_names = _values(tmp_path, a="article", t="title", c="body", s="section")
    other = _values(tmp_path, a="éarticle", t="título", c="cuerpo", s="sección")
    assert other == ascii_names
    assert any(value > 0 for *_, value in other)
