"""RAGAS's ID-based samples (``user_input``, ``retrieved_context_ids``,
``reference_context_ids``: the lists its IDBasedContextPrecision and IDBasedContextRecall
compare) were refused as "neither a span input nor a document table", without saying what
to rename, though docs/rag.md gives those scores under sdreval's names.  They are read now:
the reference ids as judgements (grade 1), the retrieved ids as a run in list order; one
file holding both is the gold and the run, as a RAGAS dataset of texts is.

RAGAS's definitions (ragas.metrics: IDBasedContextPrecision, IDBasedContextRecall), written out:
  q1 retrieved a, b, c; expected b, d: precision |{b}| / |{a, b, c}| = 1/3, recall 1/2;
     the first expected id at rank 2: reciprocal rank 1/2.
  q2 retrieved d; expected d: 1, 1, 1."""
from __future__ import annotations

import json

import pandas as pd
import pytest

import sdreval

SAMPLES = [{"user_input": "q1?", "retrieved_context_ids": ["a", "b", "c"],
            "reference_context_ids": ["b", "d"]},
           {"user_input": "q2?", "retrieved_context_ids": ["d"], "reference_context_ids": ["d"]}]
EXPECTED = {("q1?", "SetP"): 1 / 3, ("q1?", "SetR"): 1 / 2, ("q1?", "RR"): 1 / 2,
            ("q2?", "SetP"): 1.0, ("q2?", "SetR"): 1.0, ("q2?", "RR"): 1.0}


def _values(table):
    table = table[table.topic != "all"]
    return dict(zip(zip(table.topic, table.measure), table.value))


@pytest.mark.parametrize("layout", ["jsonl", "parquet"])
def test_a_ragas_id_file_is_the_gold_and_the_run(tmp_path, sdreval_cli, layout):
    path = tmp_path / f"ragas.{layout}"
    if layout == "jsonl":
        path.write_text("".join(json.dumps(s) + "\n" for s in SAMPLES))
    else:
        pd.DataFrame(SAMPLES).to_parquet(path)
    done = sdreval_cli("eval", path, path, "-q", "-m", "SetP", "-m", "SetR", "-m", "RR",
                       "--format", "csv")
    assert done.returncode == 0, done.stderr
    rows = [line.split(",") for line in done.stdout.splitlines()[1:]]
    got = {(t, m): float(v) for _, t, m, v, *_ in rows if t != "all"}
    assert got == pytest.approx(EXPECTED, rel=1e-12)


@pytest.mark.parametrize("data", [SAMPLES, pd.DataFrame(SAMPLES)], ids=["records", "frame"])
def test_ragas_id_samples_in_python(data):
    table = sdreval.evaluate(data, data, ["SetP", "SetR", "RR"], per_topic=True)
    assert _values(table) == pytest.approx(EXPECTED, rel=1e-12)


def test_lists_written_as_text_are_refused(tmp_path, sdreval_cli):
    path = tmp_path / "ragas.csv"
    pd.DataFrame(SAMPLES).to_csv(path, index=False)
    done = sdreval_cli("eval", path, path, "-m", "SetP")
    assert done.returncode == 1
    assert ("reference_context_ids holds \"['b', 'd']\", not a list of ids (a CSV file writes "
            "lists as text)") in done.stderr
