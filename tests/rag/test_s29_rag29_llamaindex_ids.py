"""LlamaIndex's retrieval dataset (``EmbeddingQAFinetuneDataset.save_json``): its
``relevant_docs`` ids were made text with ``str()``, so ``1.0`` was the id ``'1.0'`` (every
other reader of ids, RAGAS's samples included, reads a whole float as the integer's id, ``1``)
and ``null`` or ``true`` became the ids ``'None'`` and ``'True'``, matched by a run naming
them: a recall of 0.5 or 1 printed with exit 0.  Now every id follows the rule of every id,
and a null or a boolean is refused naming the query and the item (LlamaIndex's own model,
``Dict[str, List[str]]``, refuses them too)."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

import sdreval
from sdreval.cli.main import cli
from sdreval.errors import InputError

RUN = "q1 Q0 1 1 4 r\nq1 Q0 2 2 3 r\nq2 Q0 None 1 4 r\nq2 Q0 True 2 3 r\n"


def _dataset(relevant):
    return {"queries": {"q1": "what is a?", "q2": "and b?"}, "corpus": {"1": "text"},
            "relevant_docs": relevant}


def test_a_whole_float_is_the_integer_id(tmp_path):
    run = tmp_path / "run.txt"
    run.write_text(RUN)
    data = _dataset({"q1": [1.0, 2], "q2": ["3"]})
    path = tmp_path / "dataset.json"
    path.write_text(json.dumps(data))
    result = CliRunner().invoke(cli, ["eval", str(path), str(run), "-m", "SetR", "-q"])
    assert result.exit_code == 0, result.output
    assert "r\tSetR\tq1\t1.0000" in result.stdout  # 1.0 and 2 both retrieved (2 of 2)
    table = sdreval.evaluate(data, str(run), "SetR", per_topic=True)
    assert table["value"].tolist() == [1.0, 0.0, 0.5]


@pytest.mark.parametrize("item, said", [
    (None, "relevant_docs['q2'][0] is missing"),
    (True, "relevant_docs['q2'][0] True is a boolean, not an id: give ids as text")])
def test_null_or_boolean_is_refused(tmp_path, item, said):
    run = tmp_path / "run.txt"
    run.write_text(RUN)
    data = _dataset({"q1": ["1"], "q2": [item]})
    path = tmp_path / "dataset.json"
    path.write_text(json.dumps(data))
    result = CliRunner().invoke(cli, ["eval", str(path), str(run), "-m", "SetR"])
    assert result.exit_code == 1
    assert f"{path}: error: {said} (LlamaIndex's retrieval dataset)" in result.stderr
    with pytest.raises(InputError, match=said.replace("[", r"\[").replace("]", r"\]")):
        sdreval.read_qrels(data)
