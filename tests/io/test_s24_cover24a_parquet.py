"""Parquet datasets (session 24 coverage hunt): a broken part, and a part that is a dangling
link, refuse the dataset naming it and pyarrow's reason (read with the format forced, past
detection)."""
from __future__ import annotations

import os

import pandas as pd
import pytest

from sdreval.errors import InputError
from sdreval.io.readers import read_run


@pytest.mark.parametrize("broken", ["garbage", "link"])
@pytest.mark.parametrize("fmt", [None, "table-run"])
def test_a_broken_part_refuses_the_dataset(tmp_path, broken, fmt):
    folder = tmp_path / "ds"
    folder.mkdir()
    pd.DataFrame({"query_id": ["1"], "doc_id": ["d"], "score": [1.5]}).to_parquet(
        folder / "part-0.parquet")
    part = folder / "part-1.parquet"
    if broken == "garbage":
        part.write_bytes(b"PAR1garbagegarbagePAR1")
    else:
        os.symlink(tmp_path / "nonexistent.parquet", part)
    with pytest.raises(InputError) as caught:
        read_run(str(folder), fmt)
    problem = caught.value.problems[0]
    assert problem.file == str(folder)
    assert problem.message.startswith("cannot read the Parquet dataset: ")
    assert "part-1.parquet" in problem.message
