"""The statistics tables (compare, stability, sensitivity) write booleans one way in every
format: ``true``/``false``, as their text and JSON forms do.  ``compare --format csv`` wrote
pandas' ``True``/``False`` in its ``reject`` column."""
import csv
import io

import numpy as np
import pandas as pd
from click.testing import CliRunner

from sdreval.cli.main import cli
from sdreval.data import example_path
from sdreval.stats.output import table_text

BASE = example_path("synthetic")


def test_compare_csv_reject_is_lowercase():
    args = ["compare", str(BASE / "qrels.tsv"), str(BASE / "runs" / "sim01.txt"),
            str(BASE / "runs" / "sim02.txt"), "-m", "MAep"]
    runner = CliRunner()
    as_csv = runner.invoke(cli, args + ["--format", "csv"])
    as_text = runner.invoke(cli, args + ["--format", "text"])
    assert as_csv.exit_code == 0 and as_text.exit_code == 0, as_csv.output
    csv_rows = list(csv.DictReader(io.StringIO(as_csv.stdout)))
    text_rows = list(csv.DictReader(io.StringIO(as_text.stdout), delimiter="\t"))
    assert [r["reject"] for r in csv_rows] == [r["reject"] for r in text_rows]
    assert {r["reject"] for r in csv_rows} <= {"true", "false"}


def test_boolean_cells_of_any_column_kind():
    table = pd.DataFrame({"a": [True, False], "b": np.array([True, False]),
                          "c": pd.array([True, None], dtype="boolean"),
                          "d": ["x", True], "v": [0.5, 1.0]})
    assert table_text(table, "csv") == "a,b,c,d,v\ntrue,true,true,x,0.5\nfalse,false,,true,1.0\n"
