"""A qrels table with a warning before an error: the warning is issued too, as a run table's
warnings are (the error used to be raised before the warnings were issued)."""
import warnings

import pandas as pd
import pytest

from sdreval.errors import InputError
from sdreval.io.textlines import InputWarning
from sdreval.io.frame_qrels import qrels_from_table


def test_warning_before_an_error_is_issued():
    # row 0: relevance 0 beside e 2, s 1 (a warning: the pair is the grade);
    # row 1: a negative size (an error)
    frame = pd.DataFrame({"topic": ["1", "1"], "doc": ["d", "e"], "e": [2, 1], "s": [1, 1],
                          "relevance": [0, 1], "size": [10, -4]})
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        with pytest.raises(InputError, match="size '-4'"):
            qrels_from_table(frame)
    said = [str(w.message) for w in caught if issubclass(w.category, InputWarning)]
    assert any("row 0: relevance 0 beside e 2 and s 1" in text for text in said), said
