"""``sdreval validate`` counts every bad row of a table as it counts every bad line of a text
file.  Before, a table whose rows have no file line (a ranx JSON file, a DataFrame) listed a
problem's first 20 rows then one "... and N more rows" line, and that was counted as one error:
60 bad grades said "21 error(s)" where the same rows as JSONL said "60 error(s)"."""
from __future__ import annotations

import json

import numpy as np
import pandas as pd
import pytest
from click.testing import CliRunner

from sdreval import api
from sdreval.cli.main import cli
from sdreval.errors import InputError, ProblemLog

BAD = 60  # rows, each with a grade that is not a number


def test_validate_counts_every_row_of_a_json_file(tmp_path):
    (tmp_path / "q.json").write_text(json.dumps({"q1": {f"d{i}": "x" for i in range(BAD)}}))
    (tmp_path / "q.jsonl").write_text("".join(
        json.dumps({"query_id": "q1", "doc_id": f"d{i}", "relevance": "x"}) + "\n"
        for i in range(BAD)))
    for name in ("q.json", "q.jsonl"):
        result = CliRunner().invoke(cli, ["validate", str(tmp_path / name)])
        assert result.exit_code == 1
        assert f"; {BAD} error(s), 0 warning(s)" in result.output, (name, result.output)
        listed = [line for line in result.output.splitlines() if ": error: " in line]
        assert len(listed) == BAD, (name, result.output)  # every one listed, as for a file


def test_a_frames_log_counts_every_row_and_its_error_lists_twenty():
    frame = pd.DataFrame({"topic": ["1"] * BAD, "doc": [f"d{i}" for i in range(BAD)],
                          "score": [np.nan] * BAD})
    log = ProblemLog()
    with pytest.raises(InputError) as error:
        api.read_run(frame, log=log)
    assert log.error_count == BAD
    assert len(error.value.problems) == 20 + 1
    assert f"... and {BAD - 20} more error(s)" in error.value.problems[-1].message
