"""The field rules of TREC-like runs, beyond tests/io/test_field_rules.py: decimal numbers
in the careful parse too, hexadecimal offsets, and the streaming reader cut into small blocks.

Integers are decimal (ASCII digits, an optional sign); a tab-separated line with an empty field
has too few fields; white space is what Python's ``str.split()`` splits on, for the topic
field of the streaming reader's first pass as for the reader.  Each case failed before: the
columnar path read ``0x10`` as 16 and accepted an empty ``Q0``, and ``--stream`` cut a topic
in two when a line held ``\\x1c`` or NUL.
"""
from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from sdreval.errors import InputError, ProblemLog
from sdreval.io import columnar, read_run
from sdreval.io.stream import iter_run_topics, last_lines
from sdreval.io.textlines import parse_int


@pytest.mark.parametrize("fields", ["0x10 20", "10 0x14", "0xFFFFFFFFFFFFFFFF 5"])
def test_hexadecimal_offset_or_length_is_an_error(tmp_path, fields):
    path = tmp_path / "p.txt"
    path.write_text(f"1 Q0 d1 1 2.5 r 0 10\n1 Q0 d2 2 1.5 r {fields}\n")
    with pytest.raises(InputError, match=r"p\.txt:2: error: .*is not a non-negative integer"):
        read_run(path)


def test_document_id_starting_with_0x_is_an_id(tmp_path):
    path = tmp_path / "r.txt"
    path.write_text("1 Q0 0x10 1 2.5 r\n1 Q0 0xab 2 1.5 r\n")
    run = read_run(path)
    assert list(run["1"].docs) == ["0x10", "0xab"]


@pytest.mark.parametrize("text,value", [("12", 12), ("-3", -3), ("+4", 4), ("007", 7),
                                        ("0x10", None), ("1_000", None), ("\u0663", None),
                                        ("1e3", None), ("", None), (" 1", None)])
def test_integers_are_decimal(text, value):
    assert parse_int(text) == value


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from("0123456789+-_ x.e\u0663\u00b2\uff11"), max_size=6))
def test_integers_are_an_optional_sign_and_ascii_digits(text):
    """The rule of the field checks, written as a regular expression: ``[+-]?[0-9]+``."""
    import re

    expected = int(text) if re.fullmatch(r"[+-]?[0-9]+", text) else None
    assert parse_int(text) == expected


@pytest.mark.parametrize("odd", [b"\x1c", b"\x00"])
def test_streaming_first_pass_reads_the_topic_as_the_reader(tmp_path, monkeypatch, odd):
    """Topic 1 in two stretches, a line of the second holding ``\\x1c`` (white space for
    ``str.split()``, not for ``bytes.split()``) or NUL (indistinguishable from padding) after
    the topic: streamed in small blocks, topic 1 is scored once, whole."""
    lines = [b"1 Q0 d1 1 2.0 r\n", b"1 Q0 d9 2 1.5 r\n", b"2 Q0 d1 1 1.0 r\n",
             b"1" + odd + b" Q0 d2 3 1.0 r\n" if odd == b"\x1c" else b"1 Q0 d2 3 1.0 r\n",
             b"1 Q0 d3 4 0.5 r\n" if odd == b"\x1c" else b"1" + odd + b" Q0 d3 4 0.5 r\n"]
    path = tmp_path / "run.txt"
    path.write_bytes(b"".join(lines))
    monkeypatch.setattr(columnar, "STREAM_BLOCK_BYTES", 20)
    whole = read_run(path, log=ProblemLog())
    topics = [(t, len(r)) for t, r in iter_run_topics(path, log=ProblemLog())]
    assert sorted(topics) == sorted((t, len(whole[t])) for t in whole.topics)
    assert sorted(last_lines(path)[0]) == sorted(whole.topics)


@pytest.mark.parametrize("text,value", [("1.5", 1.5), ("-2e3", -2000.0), (".5", 0.5),
                                        ("1_0", None), ("\u0663", None), ("nan", None)])
def test_numbers_are_decimal_floats(text, value):
    from sdreval.io.textlines import parse_float

    assert parse_float(text) == value
