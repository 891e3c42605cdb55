"""The compact keys of the columnar judgement readers: repeats found exactly whatever the
hashes, topics grouped in order of first appearance, line numbers kept per piece."""
from __future__ import annotations

import numpy as np
import pyarrow as pa
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sdreval.io import keyed_rows
from sdreval.io.keyed_rows import KeyedRows, smallest_integers
from sdreval.io.tokens import system_allocator

KEYS = st.lists(st.tuples(st.sampled_from(["1", "2", "10"]), st.sampled_from(["a", "b", "ab", ""])),
                max_size=40)


def keyed(pieces: list[list[tuple[str, str]]], first_line: int = 1) -> KeyedRows:
    rows = KeyedRows()
    line = first_line
    for i, piece in enumerate(pieces):
        if not piece:
            continue
        topics, docs = zip(*piece)
        # pieces read as Arrow columns (a field of a block's lines) and pieces parsed line
        # by line
        column = pa.array(topics, pa.string())
        coded = rows.ids_of_names(list(topics)) if i % 2 == 0 else rows.ids_of_column(column)
        rows.add(np.arange(line, line + len(piece)), coded, pa.array(docs, pa.string()))
        line += len(piece) + 1  # a gap: lines left out between pieces
    return rows


def expected_repeats(keys: list[tuple[str, str]]) -> dict[int, int]:
    first: dict[tuple[str, str], int] = {}
    return {row: first[key] for row, key in enumerate(keys)
            if first.setdefault(key, row) != row}


@settings(max_examples=200, deadline=None)
@given(KEYS, st.integers(1, 7), st.booleans())
def test_repeats_are_found_exactly(keys, cut, colliding):
    """Every repeat and only repeats, with its first row: also when every hash collides (the
    exact comparison decides)."""
    pieces = [keys[i:i + cut] for i in range(0, len(keys), cut)]
    original = keyed_rows.string_hashes
    if colliding:
        keyed_rows.string_hashes = lambda names: np.zeros(len(names), dtype=np.uint64)
    try:
        rows = keyed(pieces)
        assert rows.repeats() == expected_repeats(keys)
    finally:
        keyed_rows.string_hashes = original


@settings(max_examples=200, deadline=None)
@given(KEYS, st.integers(1, 7))
def test_rows_grouped_by_topic_in_order_of_first_appearance(keys, cut):
    rows = keyed([keys[i:i + cut] for i in range(0, len(keys), cut)])
    names = rows.names()
    assert names == list(dict.fromkeys(t for t, _ in keys))
    order, bounds = rows.grouped(None)
    order = np.arange(len(keys)) if order is None else order
    grouped = [keys[i] for i in order.tolist()]
    assert grouped == sorted(keys, key=lambda k: names.index(k[0]))  # stable
    for i, name in enumerate(names):
        assert {t for t, _ in grouped[bounds[i]:bounds[i + 1]]} == {name}
    if keys:
        assert rows.docs_of(np.arange(len(keys))) == [d for _, d in keys]
        assert rows.topic_of(np.arange(len(keys))).tolist() == [names.index(t) for t, _ in keys]


def test_line_numbers_across_pieces_with_gaps():
    rows = keyed([[("1", "a"), ("1", "b")], [("2", "a")]], first_line=5)
    assert [rows.line_of(r) for r in range(3)] == [5, 6, 8]


def test_kept_rows_leave_repeats_out():
    keys = [("1", "a"), ("2", "a"), ("1", "a"), ("1", "b")]
    rows = keyed([keys])
    order, bounds = rows.grouped({2: 0})  # row 2 repeats row 0
    assert order.tolist() == [0, 3, 1] and bounds.tolist() == [0, 2, 3]


@pytest.mark.parametrize("values, dtype", [([0, -1, 127], np.int8), ([300], np.int16),
                                           ([-40000], np.int32), ([1 << 40], np.int64),
                                           ([], np.int8)])
def test_smallest_integers(values, dtype):
    out = smallest_integers(np.array(values, dtype=np.int64))
    assert out.dtype == dtype and out.tolist() == values


def test_system_allocator_is_restored_after_an_error():
    before = pa.default_memory_pool().backend_name
    with pytest.raises(RuntimeError):
        with system_allocator():
            assert pa.default_memory_pool().backend_name == "system"
            raise RuntimeError
    assert pa.default_memory_pool().backend_name == before
