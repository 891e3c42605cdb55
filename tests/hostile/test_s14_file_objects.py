"""Open files given to read_run / evaluate: an object from ``gzip.open`` (its name ends in .gz,
its bytes are plain) and a BytesIO of gzip data are read by their bytes, not their name (were
'cannot read: Not a gzipped file' and 'gzip-compressed data in a file whose name does not end
in .gz', naming a temporary file)."""
from __future__ import annotations

import gzip
import io

import pytest

import sdreval

QRELS = {"1": {"dA": 1}}
RUN = "1 Q0 dB 1 2.0 r\n1 Q0 dA 2 1.0 r\n"  # the relevant document at rank 2: AP = 1/2


@pytest.mark.parametrize("opened", ["gzip.open", "BytesIO of gzip", "plain"])
def test_open_files_are_read_by_their_bytes(tmp_path, opened):
    path = tmp_path / "run.txt.gz"
    path.write_bytes(gzip.compress(RUN.encode()))
    obj = gzip.open(path, "rb") if opened == "gzip.open" else \
        io.BytesIO(path.read_bytes()) if opened == "BytesIO of gzip" else io.BytesIO(RUN.encode())
    assert sdreval.evaluate(QRELS, obj, "AP")["value"].tolist() == [0.5]
