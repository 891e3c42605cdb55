"""The Spark recipe of docs/scale.md, run as written (its inputs swapped for the two-topic
example of that page) on a local Spark session: the per-topic values and the means of a
serial evaluation.  PySpark is in the test extra (CI runs this); the test is skipped where
PySpark or Java is missing."""
import os
import re
import shutil
import sys
import warnings
from pathlib import Path

import pandas as pd
import pytest

pytest.importorskip("pyspark")
if shutil.which("java") is None:  # pragma: no cover - depends on the machine
    pytest.skip("Spark needs Java", allow_module_level=True)

import sdreval  # noqa: E402
from sdreval.io.frames import run_from_table  # noqa: E402
from sdreval.io.interop import qrels_from_dict  # noqa: E402

DOC = Path(__file__).resolve().parents[2] / "docs" / "scale.md"
QRELS = {"q1": {"d1": 1, "d2": 0}, "q2": {"d3": 2}}
FRAME = pd.DataFrame({"query_id": ["q1", "q1", "q2", "q2"], "doc_id": ["d2", "d1", "d3", "d9"],
                      "score": [2.0, 1.0, 5.0, 4.0]})


def _recipe() -> str:
    text = DOC.read_text()
    section = text[text.index("## Spark"):]
    return re.search(r"```python\n(.*?)```", section, re.S).group(1)


@pytest.mark.slow
def test_the_spark_recipe_gives_the_serial_values(monkeypatch):
    from pyspark.sql import SparkSession

    monkeypatch.setenv("PYSPARK_PYTHON", sys.executable)  # Spark's Python workers: this venv's
    # a JVM that lives seconds: its quick compiler only and the serial collector (the JVM's
    # CPU time measured 40-45 s with the defaults, 20 s so)
    monkeypatch.setenv("JAVA_TOOL_OPTIONS", " ".join(
        filter(None, [os.environ.get("JAVA_TOOL_OPTIONS"),
                      "-XX:TieredStopAtLevel=1 -XX:+UseSerialGC"])))
    code = _recipe()
    for old, new in [('sdreval.read_qrels("qrels.txt")', "qrels_from_dict(QRELS)"),
                     ('spark.read.parquet("hdfs:///runs/run/")', "spark.createDataFrame(FRAME)"),
                     ('MEASURES = ["AP", "nDCG@10"]', 'MEASURES = ["AP", "P@1"]')]:
        assert old in code, old
        code = code.replace(old, new)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # PySpark's notes on the pandas version
        spark = (SparkSession.builder.master("local[2]").appName("sdreval-test")
                 .config("spark.ui.enabled", "false")
                 .config("spark.sql.shuffle.partitions", "2").getOrCreate())
        try:
            scope = {"spark": spark, "qrels_from_dict": qrels_from_dict, "QRELS": QRELS,
                     "FRAME": FRAME}
            exec(compile(code, str(DOC), "exec"), scope)
            per_topic = scope["scores"].toPandas()
        finally:
            spark.stop()
    serial = sdreval.evaluate(qrels_from_dict(QRELS), run_from_table(FRAME, "run"),
                              ["AP", "P@1"], per_topic=True)
    serial = serial[serial["topic"] != "all"]
    key = ["measure", "topic"]
    got = per_topic.sort_values(key).reset_index(drop=True)
    want = serial.sort_values(key).reset_index(drop=True)
    assert got[key + ["run"]].astype(str).equals(want[key + ["run"]].astype(str))
    assert got["value"].tolist() == want["value"].tolist()
    means = scope["means"]
    assert means["value"].tolist() == sdreval.summarise(serial)["value"].tolist() == [0.75, 0.5]
