"""Global ids of dictionary-encoded chunks (the run reader's topic and XPath vocabularies):
ids in order of first appearance over all chunks, whatever the chunks' dictionaries hold."""
from __future__ import annotations

import numpy as np
import pyarrow as pa
from hypothesis import given, settings
from hypothesis import strategies as st

from sdreval.io.run_columns import SeenValues


def expected_ids(chunks: list[list[str]]) -> list[list[int]]:
    order: dict[str, int] = {}
    return [[order.setdefault(value, len(order)) for value in chunk] for chunk in chunks]


@settings(max_examples=150, deadline=None)
@given(st.lists(st.lists(st.sampled_from("abcdefgh"), min_size=0, max_size=12), max_size=8))
def test_ids_follow_first_appearance(chunks):
    seen, names = SeenValues(), []

    def ids_of(values):
        names.extend(values)
        return range(len(names) - len(values), len(names))

    got = [seen.global_ids(pa.array(chunk, pa.string()).dictionary_encode(), ids_of).tolist()
           for chunk in chunks]
    assert got == expected_ids(chunks)
    assert names == list(dict.fromkeys(v for chunk in chunks for v in chunk))


def test_a_value_seen_two_chunks_ago_keeps_its_id():
    seen, calls = SeenValues(), []

    def ids_of(values):
        calls.append(values)
        return np.arange(len(values)) + 100 * len(calls)

    first = seen.global_ids(pa.array(["x", "y"]).dictionary_encode(), ids_of)
    seen.global_ids(pa.array(["z"]).dictionary_encode(), ids_of)
    again = seen.global_ids(pa.array(["y", "x", "z"]).dictionary_encode(), ids_of)
    assert again.tolist() == [first[1], first[0], 200] and calls == [["x", "y"], ["z"]]


@settings(max_examples=150, deadline=None)
@given(st.lists(st.lists(st.sampled_from("abcdefgh"), min_size=0, max_size=12), max_size=8),
       st.lists(st.sampled_from("abcdefgh"), max_size=3))
def test_numbering_mode_shares_the_owners_dict(chunks, before):
    """With the owner's dict (values it numbered itself first, as the careful reader does):
    new values get the next numbers, in order of first appearance, also when a chunk's
    dictionary is not in that order."""
    numbering: dict[str, int] = {}
    for value in before:
        numbering.setdefault(value, len(numbering))
    seen = SeenValues(numbering)
    got = []
    for chunk in chunks:
        names = sorted(set(chunk), reverse=True)  # a dictionary in another order
        array = pa.DictionaryArray.from_arrays(pa.array([names.index(v) for v in chunk],
                                                        pa.int32()), pa.array(names, pa.string()))
        got.append(seen.global_ids(array).tolist())
    assert got == expected_ids([before] + chunks)[1:]
    assert list(numbering) == list(dict.fromkeys(before + [v for c in chunks for v in c]))


def test_ids_of_raising_records_nothing():
    seen = SeenValues()

    def refuse(values):
        raise ValueError("bad value")

    try:
        seen.global_ids(pa.array(["a"]).dictionary_encode(), refuse)
    except ValueError:
        pass
    got = seen.global_ids(pa.array(["a", "b"]).dictionary_encode(), lambda v: [7, 8])
    assert got.tolist() == [7, 8]
