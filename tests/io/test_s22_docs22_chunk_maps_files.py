"""Several chunk maps (``--chunk-map A --chunk-map B``, one per chunking): a problem names the
file and line it is on.  main read them as one table named ``A + B``, so a bad row of B was
reported as ``A + B:1`` and a chunk id B mapped again as "... than on line 1" (of A), which
names no file a user can open."""
from __future__ import annotations

import pytest

from sdreval.errors import InputError, ProblemLog
from sdreval.io.spans import read_chunk_map


def _write(path, rows):
    path.write_text("".join(f'{{"chunk_id": "{c}", "doc_id": "d", "start": {s}, "end": {e}}}\n'
                            for c, s, e in rows), encoding="utf-8")
    return str(path)


def test_a_bad_row_of_the_second_map_names_that_file(tmp_path):
    a = _write(tmp_path / "a.jsonl", [("a0", 0, 10), ("a1", 10, 20)])
    b = _write(tmp_path / "b.jsonl", [("b0", 5, 2)])
    with pytest.raises(InputError) as error:
        read_chunk_map([a, b])
    assert f"{b}:1: error: end 2 is before start 5" in str(error.value)
    assert " + " not in str(error.value)


def test_a_chunk_mapped_again_names_both_files_and_lines(tmp_path):
    a = _write(tmp_path / "a.jsonl", [("a0", 0, 10), ("c", 10, 20)])
    b = _write(tmp_path / "b.jsonl", [("b0", 0, 5), ("c", 10, 21)])
    with pytest.raises(InputError) as error:
        read_chunk_map([a, b])
    assert (f"{b}:2: error: chunk c mapped again, to a different span than on line 2 of {a}"
            in str(error.value))


def test_a_chunk_repeated_identically_is_ignored_with_its_places(tmp_path):
    a = _write(tmp_path / "a.jsonl", [("a0", 0, 10), ("c", 10, 20)])
    b = _write(tmp_path / "b.jsonl", [("c", 10, 20), ("b1", 0, 5)])
    log = ProblemLog()
    chunks = read_chunk_map([a, b], log)
    assert [str(p) for p in log.problems] == [
        f"{b}:1: warning: chunk c repeats line 2 of {a} (ignored)"]
    assert list(chunks.index) == ["a0", "c", "b1"]
    assert list(chunks.parts) == [0, 0, 1] and chunks.part_names == ("a", "b")
    assert list(chunks.chunking(1).index) == ["b1"]
