"""``sdreval.evaluate(qrels, run, None)`` (or a number) is a usage error naming what to give,
not a TypeError from deep inside: the API has no default measure set, as ir_measures and ranx."""
import pytest

import sdreval
from sdreval.errors import UsageError

QRELS = {"q1": {"d1": 1}}
RUN = {"q1": {"d1": 2.0, "d2": 1.0}}


@pytest.mark.parametrize("given", [None, 5, 2.5])
def test_not_measures_is_a_usage_error(given):
    with pytest.raises(UsageError, match=r"measures: give a measure name or a list.*not "):
        sdreval.evaluate(QRELS, RUN, given)


def test_one_name_and_a_list_still_work():
    # P@1 of d1 (relevant) first: 1/1
    assert sdreval.evaluate(QRELS, RUN, "P@1")["value"].tolist() == [1.0]
    assert sdreval.evaluate(QRELS, RUN, ["P@1"])["value"].tolist() == [1.0]
