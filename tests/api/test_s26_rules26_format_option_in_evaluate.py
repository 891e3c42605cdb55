"""A message naming the format option, met by sdreval.evaluate (which has no fmt=), says
what its caller can do: read the file with sdreval.read_qrels(path, fmt=...) and give the
judgements read to sdreval.evaluate."""
import warnings

import pandas as pd
import pytest

import sdreval
from sdreval.errors import InputError

RUN = {"r": pd.DataFrame({"topic": ["1"], "doc": ["7067032"], "score": [1.0]})}


def _ambiguous(tmp_path):
    path = tmp_path / "qrels.txt"  # TREC qrels with iter 1, or passage qrels: ambiguous
    path.write_text("1 1 7067032 2\n1 1 7067033 1\n")
    return path


def test_evaluate_names_read_qrels_then_evaluate(tmp_path):
    with pytest.raises(InputError) as error:
        sdreval.evaluate(_ambiguous(tmp_path), RUN, "P@1")
    assert "sdreval.read_qrels(path, fmt='trec') given to sdreval.evaluate" in str(error.value)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # what the message says works
        qrels = sdreval.read_qrels(_ambiguous(tmp_path), fmt="trec")
        assert sdreval.evaluate(qrels, RUN, "P@1")["value"].iloc[0] == 1.0


def test_read_qrels_names_its_own_fmt(tmp_path):
    with pytest.raises(InputError) as error:
        sdreval.read_qrels(_ambiguous(tmp_path))
    assert "read_qrels(..., fmt='trec')" in str(error.value)
    assert "given to" not in str(error.value)
