"""``&name;`` inside a CDATA section, a comment or a processing instruction of a collection
document is text (XML 1.0, section 2.7), not an entity reference.  The HTML entity mapping
rewrote it anyway: ``&hellip;`` (8 characters) inside CDATA became ``&#8230;`` (7), so every
offset after it was one short (a silently wrong passage), and ``&foo;`` inside CDATA or a
comment was refused as an unknown entity."""
from __future__ import annotations

from sdreval.errors import ProblemLog
from sdreval.io.collection import parse_document

DOC = (b"<article><title>T</title><bdy>"
       b"<p><![CDATA[a &hellip; b &foo; <x>]]></p><!-- &bar; --><?pi &baz;?>"
       b"<p>z&hellip;z</p></bdy></article>")


def test_cdata_comment_and_pi_text_is_not_mapped():
    log = ProblemLog()
    tree = parse_document(DOC, "d", log)
    assert not log.problems
    # (offset, length) by hand: "T" is 1 character at 0; p[1] holds the 22 characters
    # "a &hellip; b &foo; <x>" (2 + 8 + 3 + 5 + 1 + 3) from 1; p[2] "z…z" (the reference
    # outside CDATA is 1 character) from 23; bdy is both, 25 characters from 1
    assert tree.char_range("/article[1]/title[1]") == (0, 1)
    assert tree.char_range("/article[1]/bdy[1]/p[1]") == (1, 22)
    assert tree.char_range("/article[1]/bdy[1]/p[2]") == (23, 3)
    assert tree.char_range("/article[1]/bdy[1]") == (1, 25)


def test_a_reference_outside_them_is_still_mapped_and_reported():
    log = ProblemLog()
    tree = parse_document(b"<a><![CDATA[&x;]]><b>&nbsp;&foo;</b></a>", "d", log)
    assert [p.message.split(" (")[0] for p in log.errors] == ["unknown entity &foo;"]
    assert tree.char_range("/a[1]/b[1]") == (3, 1)  # after "&x;" (3 characters): one nbsp


def test_html_name_in_cdata_keeps_its_length():
    """No problem was reported for this one: only the offsets were wrong."""
    log = ProblemLog()
    tree = parse_document(b"<a><b><![CDATA[&hellip;]]></b><c>x</c></a>", "d", log)
    assert not log.problems
    assert tree.char_range("/a[1]/b[1]") == (0, 8)  # "&hellip;": 8 characters of text
    assert tree.char_range("/a[1]/c[1]") == (8, 1)
