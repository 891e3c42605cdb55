"""``read_qrels(..., scale=NAME)`` with a name that is no scale: each row was refused with
"invalid (1, 1) on scale bogus: unknown scale 'bogus'" (one error per row, blamed on the
data); the option is wrong, so it is one usage error naming the scales, as every other unknown
option value is."""
from __future__ import annotations

import pandas as pd
import pytest

from sdreval.errors import UsageError
from sdreval.io.readers import read_qrels

MESSAGE = r"unknown scale 'bogus'; expected one of inex2002, inex2003, inex2005, graded"


@pytest.mark.parametrize("source", [
    pd.DataFrame({"query_id": ["1", "1"], "doc_id": ["d", "e"], "relevance": [1, 0]}),
    {"1": {"d": 1, "e": 0}},
])
def test_an_unknown_scale_is_a_usage_error(source):
    with pytest.raises(UsageError, match=MESSAGE):
        read_qrels(source, scale="bogus")


def test_an_unknown_scale_for_a_ranx_json_file_is_a_usage_error(tmp_path):
    path = tmp_path / "qrels.json"
    path.write_text('{"1": {"d": 1, "e": 0}}')
    with pytest.raises(UsageError, match=MESSAGE):
        read_qrels(str(path), scale="bogus")


def test_a_known_scale_is_taken():
    assert read_qrels({"1": {"d": 1}}, scale="inex2003").scale == "inex2003"
