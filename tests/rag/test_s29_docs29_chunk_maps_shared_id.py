"""Several chunk maps (--chunk-map, repeatable): the help and docs/rag.md said their chunk ids
must differ; a chunk id in two maps naming the same span is read once with a warning, and only
one naming another span is an error.  The text now says so; this pins both."""
from __future__ import annotations

import json

import pytest

from sdreval.errors import InputError
from sdreval.io.spans import read_chunk_map


def _write(path, rows):
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return path


def test_one_id_in_two_maps(tmp_path):
    first = _write(tmp_path / "a.jsonl", [{"chunk_id": "c1", "doc_id": "d", "start": 0,
                                          "end": 5}])
    same = _write(tmp_path / "b.jsonl", [{"chunk_id": "c1", "doc_id": "d", "start": 0,
                                         "end": 5}])
    other = _write(tmp_path / "c.jsonl", [{"chunk_id": "c1", "doc_id": "d", "start": 0,
                                          "end": 7}])
    with pytest.warns(UserWarning, match=r"chunk c1 repeats line 1 of .*a.jsonl \(ignored\)"):
        read_chunk_map([first, same])
    with pytest.raises(InputError, match="chunk c1 mapped again, to a different span"):
        read_chunk_map([first, other])
