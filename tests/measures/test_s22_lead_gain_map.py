"""ir_measures' gain maps (``nDCG(gains={0:0,1:1,2:5})``) are refused with a message that says
so, not with a parse error about ``1:1``."""
import pytest

from sdreval.errors import UsageError
from sdreval.measures.registry import parse_measure


def test_gain_map_refused_with_its_reason():
    with pytest.raises(UsageError, match="a map of grades to gains is not taken"):
        parse_measure("nDCG(gains={0:0,1:1,2:5,3:10})@10")
