"""The messages that suggest a trec_eval name with a cut-off suggested ``iprec_at_recall_10``,
a recall level of 10 that the same parser refuses (levels lie in [0, 1]); they now suggest
``iprec_at_recall_0.10``, a name it accepts."""
from __future__ import annotations

import pytest

from sdreval.errors import UsageError
from sdreval.measures import parse_measure


@pytest.mark.parametrize("typed", ["iprec_at_recall", "iprec_at_recal", "iprec_at_recal_10"])
def test_suggested_name_is_accepted(typed):
    with pytest.raises(UsageError) as refused:
        parse_measure(typed)
    assert "iprec_at_recall_10" not in str(refused.value)
    assert "iprec_at_recall_0.10" in str(refused.value)
    assert parse_measure("iprec_at_recall_0.10").cutoff == 0.1
