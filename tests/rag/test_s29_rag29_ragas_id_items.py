"""RAGAS ID-based samples: an item of ``reference_context_ids`` or ``retrieved_context_ids``
that is not an id (a boolean, a fraction, a null, an empty text) was refused as ``doc_id True
is a boolean``, a key the samples do not have; the refusal names the list and the item now,
on every path.  Ids written as JSON numbers: a whole float is the integer's id (``1.0`` is
``1`` is ``"1"``, as RAGAS's sample model, pydantic's ``Union[str, int]``, makes ``1.0`` the
int 1 and compares ``str(id)``), the same on every path; ``"1.0"`` as text stays ``"1.0"``."""
from __future__ import annotations

import json

import pandas as pd
import pytest
from click.testing import CliRunner

import sdreval
from sdreval.cli.main import cli
from sdreval.errors import InputError

BAD = [
    {"query_id": "q1", "reference_context_ids": ["a", True], "retrieved_context_ids": ["a", None]},
    {"query_id": "q2", "reference_context_ids": [1.5], "retrieved_context_ids": ["", "x"]},
]
QRELS_SAID = ["reference_context_ids[1] True is a boolean, not an id: give ids as text",
              "reference_context_ids[0] 1.5 is a fraction, not an id: give ids as text or "
              "integers"]
RUN_SAID = ["retrieved_context_ids[1] is missing", "retrieved_context_ids[0] '' is empty"]


def test_cli_names_the_list_and_item(tmp_path):
    path = tmp_path / "samples.jsonl"
    path.write_text("".join(json.dumps(s) + "\n" for s in BAD))
    result = CliRunner().invoke(cli, ["eval", str(path), str(path), "-m", "SetP"])
    assert result.exit_code == 1
    assert f"{path}:1: error: {QRELS_SAID[0]}" in result.stderr
    assert f"{path}:2: error: {QRELS_SAID[1]}" in result.stderr
    assert "doc_id" not in result.stderr


@pytest.mark.parametrize("given", [BAD, pd.DataFrame(BAD)], ids=["records", "frame"])
def test_api_names_the_list_and_item(given):
    with pytest.raises(InputError) as raised:
        sdreval.read_qrels(given)
    assert [f"row {i}: {s}" in str(raised.value) for i, s in enumerate(QRELS_SAID)] == [1, 1]
    with pytest.raises(InputError) as raised:
        sdreval.read_run(given)
    assert [f"row {i}: {s}" in str(raised.value) for i, s in enumerate(RUN_SAID)] == [1, 1]
    assert "doc_id" not in str(raised.value)


NUMBERS = [
    {"query_id": "q1", "reference_context_ids": [1.0, 2.0], "retrieved_context_ids": [1, 3, 2]},
    {"query_id": "q2", "reference_context_ids": ["3"], "retrieved_context_ids": [3.0, "x"]},
    {"query_id": "q3", "reference_context_ids": [4], "retrieved_context_ids": ["4.0", 4]},
]
# str(id) after pydantic's Union[str, int]: q1 {1,3,2} vs {1,2}: 2/3; q2 {3,x} vs {3}: 1/2;
# q3 {"4.0", 4} vs {4}: 1/2 (the text "4.0" is another id)
SET_P = (2 / 3 + 1 / 2 + 1 / 2) / 3


def test_number_ids_read_alike_on_every_path(tmp_path):
    path = tmp_path / "samples.jsonl"
    path.write_text("".join(json.dumps(s) + "\n" for s in NUMBERS))
    for extra in ([], ["--jobs", "2"]):
        result = CliRunner().invoke(cli, ["eval", str(path), str(path), "-m", "SetP", *extra])
        assert result.exit_code == 0, result.output
        assert f"\tSetP\tall\t{SET_P:.4f}" in result.stdout
    for given in (str(path), pd.DataFrame(NUMBERS), NUMBERS):
        table = sdreval.evaluate(given, given, "SetP")
        assert table["value"].tolist() == pytest.approx([SET_P], abs=1e-12)
