"""``sdreval.dask.evaluate`` takes the run first: its swapped-arguments hint says so (it named
``sdreval.evaluate(qrels, runs, measures)``, whose order is the other way round); an
``output=`` that is an existing file is said to be a file (it was "no such directory")."""
import pandas as pd
import pytest

pytest.importorskip("dask.dataframe")
import dask  # noqa: E402
import dask.dataframe as dd  # noqa: E402

import sdreval.dask as sdask  # noqa: E402
from sdreval.errors import InputError, UsageError  # noqa: E402

RUN = pd.DataFrame({"query_id": ["1", "1"], "doc_id": ["a", "b"], "score": [2.0, 1.0]})
QRELS = pd.DataFrame({"query_id": ["1"], "doc_id": ["a"], "relevance": [1]})


def test_swapped_hint_names_the_dask_order(tmp_path):
    run_file = tmp_path / "run.txt"
    run_file.write_text("1 Q0 a 1 2 r\n1 Q0 b 2 1 r\n")
    with dask.config.set(scheduler="sync"), pytest.raises(InputError) as caught:
        sdask.evaluate(dd.from_pandas(RUN, npartitions=1), str(run_file), ["P@1"])
    message = str(caught.value)
    assert "sdreval.dask.evaluate(run_ddf, qrels, measures): the run comes first" in message
    assert "the judgements come first" not in message


def test_output_that_is_a_file_is_said_to_be_one(tmp_path):
    target = tmp_path / "results"
    target.write_text("")
    with pytest.raises(UsageError, match="is a file, not a directory"):
        sdask.evaluate(dd.from_pandas(RUN, npartitions=1), QRELS, ["P@1"], output=str(target))
