"""Entity declarations are refused by what the parser read, not by searching the text.

Each bypass of a text search -- a comment inside the internal DTD subset, a UTF-16 file, a
DOCTYPE after a 1 MiB comment -- is tried on submissions, assessments and collection documents.
Through each of them libxml2 would expand the declared entity inside an attribute value (a topic
id, a file name) even with ``resolve_entities=False``; the file must be refused instead.
"""
from __future__ import annotations

import pytest

from sdreval.errors import InputError, ProblemLog
from sdreval.io.collection import parse_document, read_collection
from sdreval.io.inex_assessments import read_inex_assessments
from sdreval.io.inex_submission import read_inex_submission

SUBMISSION = ('<inex-submission run-id="r"><topic topic-id="&t;"><result><file>d1</file>'
              '<path>/article[1]</path><rank>1</rank></result></topic></inex-submission>')
ASSESSMENTS = ('<assessments topic="&t;"><file file="d1"><path path="/article[1]" '
               'exhaustiveness="3" specificity="3"/></file></assessments>')
DOCUMENT = '<article a="&t;"><p>one</p></article>'

_COMMENT_IN_SUBSET = '<!DOCTYPE x [\n<!-- <a> -->\n<!ENTITY t "999">\n]>\n'
_PLAIN = '<!DOCTYPE x [\n<!ENTITY t "999">\n]>\n'


def _bypasses(body: str) -> dict[str, bytes]:
    long_comment = "<!--" + "x" * (1 << 20) + "-->\n"
    return {
        "comment-in-subset": (_COMMENT_IN_SUBSET + body).encode(),
        "utf-16": ('<?xml version="1.0" encoding="UTF-16"?>\n' + _PLAIN + body).encode("utf-16"),
        "utf-16-no-declaration": (_PLAIN + body).encode("utf-16"),
        "doctype-after-1mib-comment": (long_comment + _PLAIN + body).encode(),
        "parameter-entity": ('<!DOCTYPE x [\n<!ENTITY % p "x">\n]>\n'
                             + body.replace("&t;", "1")).encode(),
    }


BYPASSES = list(_bypasses(""))


def _line_of_root(data: bytes, body: str) -> int:
    text = data.decode("utf-16") if data[:2] in (b"\xff\xfe", b"\xfe\xff") else data.decode()
    return text[:text.index(body[:12])].count("\n") + 1


def _read_refused(tmp_path, body: str, kind: str, reader):
    """Read the bypass ``kind`` of ``body`` with ``reader``: (what was read, the log); the
    one error must be the refusal, at the line of the root element."""
    data = _bypasses(body)[kind]
    path = tmp_path / "input.xml"
    path.write_bytes(data)
    log = ProblemLog()
    found = reader(path, log)
    assert [(e.file, e.line) for e in log.errors] == [(str(path), _line_of_root(data, body))]
    assert "entity declarations are refused" in log.errors[0].message
    with pytest.raises(InputError, match="entity declarations are refused"):
        reader(path, None)
    return found


@pytest.mark.parametrize("kind", BYPASSES)
def test_submission_refuses_entity_declarations(tmp_path, kind):
    run = _read_refused(tmp_path, SUBMISSION, kind, read_inex_submission)
    assert len(run) == 0 and "999" not in run.topics


@pytest.mark.parametrize("kind", BYPASSES)
def test_streamed_submission_refuses_entity_declarations(tmp_path, kind):
    from sdreval.io.stream import iter_run_topics

    path = tmp_path / "run.xml"
    path.write_bytes(_bypasses(SUBMISSION)[kind])
    log = ProblemLog()
    assert list(iter_run_topics(path, log=log)) == []
    assert "entity declarations are refused" in log.errors[0].message


@pytest.mark.parametrize("kind", BYPASSES)
def test_assessments_refuse_entity_declarations(tmp_path, kind):
    assert not _read_refused(tmp_path, ASSESSMENTS, kind, read_inex_assessments).topics


@pytest.mark.parametrize("kind", BYPASSES)
def test_collection_document_refuses_entity_declarations(tmp_path, kind):
    path = tmp_path / "1.xml"
    path.write_bytes(_bypasses(DOCUMENT)[kind])
    with pytest.raises(InputError, match="entity declarations are refused") as info:
        parse_document(path, log=ProblemLog())
    assert info.value.problems[0].file == str(path)
    with pytest.raises(InputError, match="entity declarations are refused"):
        read_collection(tmp_path).get("1")


def test_entity_bomb_stops_at_the_parser(tmp_path):
    levels = "".join(f'<!ENTITY l{i} "{f"&l{i - 1};" * 10}">' for i in range(1, 10))
    bomb = f'<!DOCTYPE a [<!ENTITY l0 "lol">{levels}]>'
    path = tmp_path / "bomb.xml"
    path.write_text(bomb + SUBMISSION.replace('run-id="r"', 'run-id="&l9;"'))
    log = ProblemLog()
    assert len(read_inex_submission(path, log)) == 0
    assert "entit" in log.errors[0].message and log.errors[0].line == 1


# --- collections: undefined entities never shift offsets silently ----------------------------
def _doc(body: str, encoding: str = "utf-8") -> bytes:
    head = f'<?xml version="1.0" encoding="{encoding.upper()}"?>\n'
    return (head + '<!DOCTYPE article SYSTEM "../article.dtd">\n' + body).encode(encoding)


def test_undefined_non_ascii_entity_is_an_error_at_its_line():
    data = _doc("<article>\n<p>ab&café;cd</p>\n<p>after</p></article>")
    log = ProblemLog()
    tree = parse_document(data, "x", log=log)
    assert tree.text == "\nabcd\nafter"
    assert [(e.line, "&café;" in e.message) for e in log.errors] == [(4, True)]
    with pytest.raises(InputError, match="unknown entity &café;"):
        parse_document(data, "x")


def test_non_ascii_entity_in_latin1_document_is_an_error():
    data = _doc("<article>a&\u00e9t\u00e9;b</article>", "iso-8859-1")
    log = ProblemLog()
    tree = parse_document(data, "x", log=log)
    assert tree.text == "ab" and log.errors and log.errors[0].line == 3


@pytest.mark.parametrize("codec", ["utf-16", "utf-16-le", "utf-16-be", "utf-32"])
def test_wide_encodings_map_html_entities_and_report_unknown_ones(codec):
    body = "<article>\n<p>a&nbsp;b&eacute;&amp;</p>\n<p>x&nope;y&caf\u00e9;z</p></article>"
    data = _doc(body, codec.split("-")[0] + "-" + codec.split("-")[1] if "-" in codec
                else codec)
    if codec.endswith(("le", "be")):  # no BOM: the declaration names the encoding
        data = _doc(body, codec)
    log = ProblemLog()
    tree = parse_document(data, "w", log=log)
    assert tree.text == "\na\u00a0b\u00e9&\nxyz"
    assert [e.line for e in log.errors] == [5, 5]
    assert "&nope;" in log.errors[0].message and "&café;" in log.errors[1].message


def test_known_html_and_iso_entities_are_mapped():
    tree = parse_document(_doc("<article>&ncaron;&alpha;&hellip;&Eacute;</article>"), "h")
    assert tree.text == "\u0148\u03b1\u2026\u00c9"
