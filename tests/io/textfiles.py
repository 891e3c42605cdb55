"""Shared by the hypothesis tests of the columnar readers: lines made into a file's bytes."""
from __future__ import annotations


def encode_lines(draw, st, lines: list[str], damage: bool = True) -> bytes:
    """The lines joined with LF or CRLF ends, maybe a final line end, maybe a byte-order mark
    and (``damage``) maybe two bytes that are not UTF-8 somewhere after the first byte."""
    ending = draw(st.sampled_from(["\n", "\r\n"]))
    data = ending.join(lines).encode("utf-8")
    if draw(st.booleans()) and lines:
        data += ending.encode()
    if draw(st.integers(0, 5)) == 0:
        data = b"\xef\xbb\xbf" + data
    if damage and draw(st.integers(0, 8)) == 0 and lines and data:
        # (not at the start: there they are UTF-16's byte-order mark, a file refused whole)
        cut = draw(st.integers(1, len(data)))
        data = data[:cut] + b"\xff\xfe" + data[cut:]
    return data
