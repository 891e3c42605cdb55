"""XML collection parsing: INEX character offsets, entities, safety (SPEC §1, §2)."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from sdreval.errors import InputError, ProblemLog
from sdreval.io.collection import parse_document, read_collection

DATA = Path(__file__).resolve().parents[1] / "realdata"  # bundled copy, see its README
DOCS = DATA / "inex2009-wikipedia-sample" / "docs"
QRELS = DATA / "inex2010-adhoc" / "inex2010.qrels"
needs_data = pytest.mark.skipif(not DOCS.is_dir(), reason="shared INEX data not available")


@pytest.fixture(scope="module")
def sample():
    return read_collection(DOCS)


@needs_data
def test_all_sample_documents_parse_and_match_qrels_doc_lengths(sample):
    assert len(sample) == 13
    lengths = {}
    for line in QRELS.read_text().splitlines():
        fields = line.split()
        if fields[2] in sample:
            lengths[fields[2]] = int(fields[4])
    assert len(lengths) >= 5
    for doc in sample:
        tree = sample[doc]
        assert tree.paths[0] == "/article[1]"
        assert tree.length == len(tree.text)
        assert np.all(tree.end >= tree.start)
        if doc in lengths:  # the qrels' doclen column is our text length
            assert tree.length == lengths[doc], doc


def _section_titled(tree, title: str) -> str:
    for path in tree.paths:
        if path.rsplit("/", 1)[-1].startswith("st["):
            offset, length = tree.char_range(path)
            if tree.text[offset:offset + length].strip() == title:
                return path.rsplit("/", 1)[0]
    raise AssertionError(f"no section titled {title!r}")


@needs_data
def test_doc_1164_qrels_passages_are_title_and_learning_section(sample):
    tree = sample["1164"]
    line = next(l for l in QRELS.read_text().splitlines()
                if l.startswith("2010096 ") and l.split()[2] == "1164")
    ranges = [tuple(map(int, r.split(":"))) for r in line.split()[6:]]
    assert (2, 23) in ranges and (16607, 902) in ranges
    # 2:23 is exactly the title element
    assert tree.char_range("/article[1]/header[1]/title[1]") == (2, 23)
    assert tree.text[2:2 + 23] == "Artificial intelligence"
    # 16607:902 is exactly the text of the section titled "Learning" (without the
    # whitespace-only text between its start tag and the <st>, and before its end tag)
    section = _section_titled(tree, "Learning")
    assert section == "/article[1]/bdy[1]/sec[2]/ss1[1]/ss2[4]"
    offset, length = tree.char_range(section)
    element_text = tree.text[offset:offset + length]
    assert tree.text[16607:16607 + 902] == element_text.strip()
    lead = len(element_text) - len(element_text.lstrip())
    assert (offset + lead, len(element_text.strip())) == (16607, 902)


def test_offsets_words_paths_on_small_document():
    tree = parse_document(b'<a>foo<b>bar</b>baz qux <c>x y</c><!--hi-->z<?pi q?><b/></a>', "d")
    assert tree.paths == ["/a[1]", "/a[1]/b[1]", "/a[1]/c[1]", "/a[1]/b[2]"]
    assert tree.text == "foobarbaz qux x yz"
    assert list(tree.start) == [0, 3, 14, 18]
    assert list(tree.end) == [18, 6, 17, 18]
    # words: runs of \w split at element boundaries: foo bar baz qux x y z
    assert list(tree.words) == [7, 1, 2, 0]
    assert list(tree.parent) == [-1, 0, 0, 0]
    assert tree.children("/a[1]") == ["/a[1]/b[1]", "/a[1]/c[1]", "/a[1]/b[2]"]


def test_html_entities_without_dtd_and_no_network():
    xml = (b'<?xml version="1.0"?>\n<!DOCTYPE article SYSTEM "http://127.0.0.1:9/article.dtd">\n'
           b'<article><p>a&nbsp;b&amp;c&#32;d&mdash;&eacute;</p></article>')
    tree = parse_document(xml, "x")
    assert tree.text == "a\u00a0b&c d\u2014\u00e9"
    assert tree.chars("/article[1]/p[1]") == 9


def test_internal_entities_refused_never_expanded():
    bomb = (b'<?xml version="1.0"?>\n<!DOCTYPE a [\n<!ENTITY x "xxxxxxxxxx">\n'
            b'<!ENTITY y "&x;&x;&x;&x;&x;&x;&x;&x;&x;&x;">\n<!ENTITY z "&y;&y;&y;&y;&y;&y;">\n]>\n'
            b'<a>&z;&z;&z;</a>')
    log = ProblemLog()
    with pytest.raises(InputError, match=r"declares entities \(x, y, z\)") as info:
        parse_document(bomb, "b", log=log)
    assert info.value.problems[0].line == 7 and not log.problems


def test_external_entity_not_fetched(tmp_path):
    secret = tmp_path / "secret.txt"
    secret.write_text("SECRET")
    xml = (f'<!DOCTYPE a [<!ENTITY e SYSTEM "file://{secret}">]><a b="&e;">x&e;y</a>').encode()
    with pytest.raises(InputError, match="entity declarations are refused") as info:
        parse_document(xml, "e", log=ProblemLog())
    assert "SECRET" not in str(info.value)


def test_malformed_document_names_file_and_line(tmp_path):
    bad = tmp_path / "bad.xml"
    bad.write_bytes(b"<a>\n<b>\n</a>\n")
    with pytest.raises(InputError) as info:
        parse_document(bad)
    problem = info.value.problems[0]
    assert problem.file == str(bad) and problem.line == 3


def test_read_collection_recursive_lazy_and_duplicates(tmp_path):
    (tmp_path / "x" / "y").mkdir(parents=True)
    (tmp_path / "1.xml").write_bytes(b"<article>one</article>")
    (tmp_path / "x" / "2.xml").write_bytes(b"<article>two two</article>")
    (tmp_path / "x" / "y" / "3.xml").write_bytes(b"<article><broken></article>")
    (tmp_path / "x" / "y" / "1.xml").write_bytes(b"<article>dup</article>")
    log = ProblemLog()
    coll = read_collection(tmp_path, log, naming="stem")
    assert sorted(coll) == ["1", "2", "3"]
    assert len(log.errors) == 1 and "duplicate document id" in log.errors[0].message
    assert coll["1"].text == "one" and coll["2"].words[0] == 2
    # by default equal stems in different folders are told apart by path (one warning)
    log = ProblemLog()
    coll = read_collection(tmp_path, log)
    assert sorted(coll) == ["1", "x/2", "x/y/1", "x/y/3"] and not log.errors
    assert coll["1"].text == "one" and coll["x/y/1"].text == "dup"
    assert coll["2"].doc == "x/2" and "3" in coll  # unique stems still name their document
    assert len(log.warnings) == 1 and "'1'" in log.warnings[0].message
    with pytest.raises(InputError):  # parsed lazily: the broken document fails on access
        coll["3"]
    with pytest.raises(InputError):
        read_collection(tmp_path / "missing")


_tags = st.sampled_from(["a", "b", "sec", "p"])
_texts = st.text(alphabet="ab &<>\u00e9\n", max_size=6)


@st.composite
def _xml_trees(draw, depth=0):
    tag = draw(_tags)
    children = draw(st.lists(_xml_trees(depth + 1), max_size=3)) if depth < 3 else []
    texts = draw(st.lists(_texts, min_size=len(children) + 1, max_size=len(children) + 1))
    return tag, children, texts


def _render(node) -> tuple[str, str]:
    """(xml, text content) of a generated tree."""
    tag, children, texts = node
    esc = lambda t: t.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    xml, text = [f"<{tag}>", esc(texts[0])], [texts[0]]
    for child, tail in zip(children, texts[1:]):
        cx, ct = _render(child)
        xml += [cx, esc(tail)]
        text += [ct, tail]
    xml.append(f"</{tag}>")
    return "".join(xml), "".join(text)


@settings(max_examples=60, deadline=None)
@given(_xml_trees())
def test_ranges_are_text_of_elements(node):
    xml, text = _render(node)
    tree = parse_document(xml, "h")
    assert tree.text == text
    from lxml import etree
    root = etree.fromstring(xml.encode())
    for path in tree.paths:
        found = root.xpath(path)
        assert len(found) == 1
        offset, length = tree.char_range(path)
        assert tree.text[offset:offset + length] == "".join(found[0].itertext())
    # children lie inside their parents
    for i, p in enumerate(tree.parent):
        if p >= 0:
            assert tree.start[p] <= tree.start[i] <= tree.end[i] <= tree.end[p]


def test_local_external_dtd_never_read(tmp_path):
    (tmp_path / "article.dtd").write_text(
        '<!ENTITY secret "SECRET">\n<!ATTLIST article leaked CDATA "yes">\n')
    (tmp_path / "docs").mkdir()
    doc = tmp_path / "docs" / "7.xml"
    doc.write_bytes(b'<?xml version="1.0"?>\n<!DOCTYPE article SYSTEM "../article.dtd">\n'
                    b'<article>a&secret;b&nbsp;</article>')
    log = ProblemLog()
    tree = parse_document(doc, log=log)
    assert tree.doc == "7" and tree.text == "ab\u00a0"
    assert [p.line for p in log.errors] == [3]


_DOC = (b'<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE article SYSTEM "../article.dtd">\n'
        b'<article><header><title>T&nbsp;x</title></header><bdy><sec><st>S</st>'
        b'<p>one &amp; two&#32;<b>three</b></p></sec></bdy></article>')


@settings(max_examples=80, deadline=None)
@given(st.integers(0, len(_DOC)), st.binary(max_size=12),
       st.sampled_from([b"", b'<?xml version="1.0" encoding="bogus"?>', b"\xff\xfe", b"&x;"]))
def test_truncated_or_garbled_documents_raise_only_input_error(cut, noise, prefix):
    try:
        tree = parse_document(prefix + _DOC[:cut] + noise, "f", log=ProblemLog())
    except InputError:
        return
    assert tree.length == len(tree.text)


def test_ieee_layout_named_by_path_and_volume_index_skipped(tmp_path):
    for journal, year, name in [("an", "1995", "a1003"), ("pd", "1995", "p2064"),
                                ("pd", "1996", "p2064")]:
        folder = tmp_path / journal / year
        folder.mkdir(parents=True, exist_ok=True)
        (folder / f"{name}.xml").write_text(f"<article><bdy>{journal}{year}</bdy></article>")
        (folder / "volume.xml").write_text('<!DOCTYPE volume [<!ENTITY a SYSTEM "a.xml">]>'
                                           "<volume>&a;</volume>")
    log = ProblemLog()
    coll = read_collection(tmp_path, log)
    assert sorted(coll) == ["an/1995/a1003", "pd/1995/p2064", "pd/1996/p2064"]
    assert coll["pd/1996/p2064"].text == "pd1996" and coll["a1003"].text == "an1995"
    assert "p2064" not in coll  # two files: found by path only
    messages = sorted(p.message for p in log.warnings)
    assert len(messages) == 2 and any("3 non-article file(s) skipped" in m for m in messages)


def test_unique_stems_are_ids_and_paths_aliases(tmp_path):
    (tmp_path / "part-1").mkdir()
    (tmp_path / "part-1" / "12345.xml").write_text("<article>w</article>")
    coll = read_collection(tmp_path, ProblemLog())
    assert list(coll) == ["12345"] and coll["part-1/12345"].doc == "12345"
    assert read_collection(tmp_path, naming="path")["part-1/12345"].doc == "part-1/12345"
    with pytest.raises(Exception, match="naming"):
        read_collection(tmp_path, naming="guess")


def test_shared_stem_in_a_run_is_reported_with_the_paths(tmp_path):
    from sdreval.model.conversion import element_run_to_passage_run
    from sdreval.model.run import Ranking, Run
    import numpy as np

    for year in ("1995", "1996"):
        (tmp_path / "pd" / year).mkdir(parents=True)
        (tmp_path / "pd" / year / "p2064.xml").write_text("<article>x</article>")
    coll = read_collection(tmp_path, ProblemLog())
    ranking = Ranking(np.array(["p2064"], dtype=object), np.array(["/article[1]"], dtype=object),
                      np.array([-1]), np.array([-1]), np.array([1]), np.array([1.0]), "element")
    log = ProblemLog()
    element_run_to_passage_run(Run("r", {"1": ranking}, "element"), coll, log)
    assert "p2064: pd/1995/p2064, pd/1996/p2064: name those documents by path" in \
        log.errors[0].message


def test_one_rule_for_a_file_given_as_collection(tmp_path):
    """sdreval.io.read_collection and sdreval.io.collection.read_collection refuse a file
    alike (the second used to read it as a collection of one document)."""
    from sdreval import io

    doc = tmp_path / "1.xml"
    doc.write_text("<article>x</article>")
    for read in (io.read_collection, read_collection):
        with pytest.raises(InputError, match="a collection is a directory of XML documents"):
            read(doc)
