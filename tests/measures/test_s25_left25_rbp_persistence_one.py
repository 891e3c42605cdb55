"""RBP(p=1) is refused ("out of range (allowed: 0 < p < 1)") but the message did not say why or
what to write.  RBP = (1 − p) Σ g(i) p^(i−1) (Moffat & Zobel 2008, Eq. 2): at p = 1 every
weight (1 − p) p^(i−1) is 0, the user's expected depth 1/(1 − p) infinite; trec_eval 10 prints
0.0000 for ``-m rbp.p=1.0`` on any run (checked against /tmp/trec_eval/trec_eval)."""
from __future__ import annotations

import pytest

from sdreval.errors import UsageError
from sdreval.measures.registry import parse_measure


@pytest.mark.parametrize("name", ["RBP(p=1)", "TrecRBP(p=1)", "RBPResidual(p=1)", "rbp.p=1"])
def test_persistence_one_is_refused_with_the_reason_and_what_to_write(name):
    with pytest.raises(UsageError) as caught:
        parse_measure(name)
    message = str(caught.value)
    assert "out of range (allowed: 0 < p < 1)" in message
    assert "with p = 1 the user never stops, the expected depth 1/(1 − p) is infinite and " \
        "every weight is 0" in message
    assert "Moffat & Zobel 2008, Eq. 2" in message
    assert message.endswith("Write p=0.95 or p=0.99 for a patient user, P@1 for rank 1 alone")


def test_other_ranges_keep_their_message():
    with pytest.raises(UsageError) as caught:
        parse_measure("nDCG@0")
    assert "Moffat" not in str(caught.value)
