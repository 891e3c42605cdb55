"""quant=relfrac (relchars/doclen) on a document whose doclen is given as 0: the refusal says
that the length is 0 (not missing) and what to do."""
import warnings

import pandas as pd
import pytest

import sdreval
from sdreval.errors import UsageError


def _qrels(doclen):
    return pd.DataFrame({"topic": ["1"], "doc": ["d1"], "offset": [0], "length": [5],
                         "doclen": [doclen]})


RUN = pd.DataFrame({"topic": ["1"], "doc": ["d1"], "score": [1.0]})


def test_doclen_zero_is_named_as_zero_with_what_to_do():
    with pytest.raises(UsageError) as error, warnings.catch_warnings():
        warnings.simplefilter("ignore")
        sdreval.evaluate(_qrels(0), {"r": RUN}, "P@1", quant="relfrac")
    message = str(error.value)
    assert "doclen is 0" in message and "do not give" not in message
    assert "quant=anyrel" in message


def test_doclen_given_is_evaluated():
    # relchars/doclen = 5/20 > 0: the one document retrieved is relevant, P@1 = 1
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        table = sdreval.evaluate(_qrels(20), {"r": RUN}, "P@1", quant="relfrac")
    assert table["value"].iloc[0] == 1.0
