"""sdreval declares Python >= 3.10 (pyproject.toml), but the INEX XML sniffer's regular expression
used an atomic group and possessive quantifiers, syntax of Python 3.11: on 3.10 every XML input
(submission, assessments, collection) failed with ``re.error: unknown extension ?>`` and a
traceback, from ``sdreval validate``, ``eval --collection`` and ``read_run``.  The expression is
now written in 3.10's syntax (a lookahead and a backreference do what the atomic group did);
these tests check that no regular expression of the package needs 3.11, and that the rewritten
one answers as before, in linear time on a prolog that never reaches an element."""
from __future__ import annotations

import ast
import re
import time
from pathlib import Path

import pytest

from sdreval.io.detect import sniff_inex_xml

SRC = Path(__file__).resolve().parents[2] / "src" / "sdreval"
#: spellings that only Python 3.11's re understands: atomic groups, possessive quantifiers
NEWER_SYNTAX = ("(?>", "*+", "++", "?+", "}+")
NEWER_OPCODES = {"ATOMIC_GROUP", "POSSESSIVE_REPEAT"}


def _names(item, parser) -> set[str]:
    """Every opcode name in a pattern parsed by re's parser, nested groups included."""
    if isinstance(item, parser.SubPattern):
        item = item.data
    if isinstance(item, (list, tuple)):
        return set().union(*(_names(part, parser) for part in item))
    return {item.name} if isinstance(item, int) and hasattr(item, "name") else set()


def test_no_pattern_of_the_package_needs_python_311():
    parser = getattr(re, "_parser", None)  # Python 3.11+
    if parser is None:  # 3.10 cannot parse 3.11 syntax: there, the tests below fail instead
        pytest.skip("re's parser of Python 3.11 or later needed")
    newer = []
    for path in sorted(SRC.rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        if not any(s in source for s in NEWER_SYNTAX):
            continue
        tree = ast.parse(source)
        docstrings = {id(n.value) for n in ast.walk(tree) if isinstance(n, ast.Expr)}
        for node in ast.walk(tree):
            if not isinstance(node, ast.Constant) or not isinstance(node.value, (str, bytes)) \
                    or id(node) in docstrings:
                continue
            text = node.value if isinstance(node.value, str) else node.value.decode("latin-1")
            if not any(s in text for s in NEWER_SYNTAX):
                continue
            try:
                names = _names(parser.parse(text), parser)
            except (re.error, RecursionError, OverflowError):
                continue  # not a regular expression
            if names & NEWER_OPCODES:
                newer.append(f"{path.relative_to(SRC)}:{node.lineno}: {text[:60]!r}")
    assert newer == []


@pytest.mark.parametrize("head, kind", [
    (b'<?xml version="1.0"?>\n<inex-submission participant-id="1">', "inex-submission"),
    (b"\xef\xbb\xbf<!-- a -- b --><!----><?pi x?>\n<assessments topic='1'>", "inex-assessments"),
    # an internal DTD subset holds '>' and '<!': the root comes after its closing ']>'
    (b'<!DOCTYPE a [<!ENTITY x "y"> <!ELEMENT b ANY>] >\n<x:inex-submission>', "inex-submission"),
    (b"<!DOCTYPE article SYSTEM 'a.dtd'><article><assessments>", "inex-assessments"),
    (b"<topics><topic id='1'/></topics>", None),
    (b"<!-- never closed <inex-submission>", None),
    (b"<?xml version='1.0'?><!DOCTYPE a [ <inex-submission>", None),
])
def test_the_root_element_is_found_after_the_prolog(head, kind):
    assert sniff_inex_xml(head) == kind


@pytest.mark.parametrize("head", [
    b"<!-- x -->" * 20_000 + b"<!--",  # 20,000 comments, then one never closed
    b"<!DOCTYPE a [" + b"]" * 3_000,  # a subset's ']' never followed by '>'
    b" " * 1_000_000 + b"<!",
])
def test_a_prolog_that_reaches_no_element_is_rejected_at_once(head):
    start = time.perf_counter()
    assert sniff_inex_xml(head) is None
    assert time.perf_counter() - start < 1.0
