"""An empty list of chunk maps (read_chunk_map([]), or chunk_map=[] given to read_run) ended
in numpy's traceback 'need at least one array to concatenate'; it is refused as bad usage,
saying what to give."""
from __future__ import annotations

import json

import pytest

import sdreval
from sdreval.errors import UsageError
from sdreval.io.spans import read_chunk_map


def test_an_empty_list_of_chunk_maps_is_refused():
    with pytest.raises(UsageError, match="the list of chunk maps is empty"):
        read_chunk_map([])


def test_read_run_with_an_empty_chunk_map_list_is_refused(tmp_path):
    run = tmp_path / "run.jsonl"
    run.write_text(json.dumps({"query_id": "q1", "chunk_id": "c1", "score": 1.0}) + "\n")
    with pytest.raises(UsageError, match="the list of chunk maps is empty"):
        sdreval.read_run(str(run), chunk_map=[])
