"""A message that names the option forcing a format names it as the caller spells it: the API's
keyword (``read_qrels(..., fmt='trec')``, ``fmt= of read_run``) when a Python function was
called, the command's flag (``--qrels-format trec``) when a command was; the same message
otherwise (one source, docs/inputs.md)."""
import pytest
from click.testing import CliRunner

import sdreval
from sdreval.cli.main import cli
from sdreval.errors import InputError

RUN = "1 Q0 d1 1 2.0 r\n"
QRELS_ITER7 = "1 7 d1 1\n"  # iteration 7: TREC qrels only when told


def _put(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text)
    return str(path)


def test_api_names_fmt(tmp_path):
    run = _put(tmp_path, "r.txt", RUN)
    with pytest.raises(InputError) as swapped:
        sdreval.read_qrels(run)
    assert "fmt= of read_qrels forces a format" in str(swapped.value)
    assert "--qrels-format" not in str(swapped.value)
    odd = _put(tmp_path, "q.txt", QRELS_ITER7)
    with pytest.raises(InputError) as unknown:
        sdreval.read_qrels(odd)
    assert "read_qrels(..., fmt='trec')" in str(unknown.value)
    empty = _put(tmp_path, "e.txt", "")
    with pytest.raises(InputError) as nothing:
        sdreval.read_run(empty)
    assert "read_run(..., fmt='document-run')" in str(nothing.value)


def test_cli_names_flags_and_api_afterwards_fmt(tmp_path):
    run = _put(tmp_path, "r.txt", RUN)
    result = CliRunner().invoke(cli, ["eval", run, run, "-m", "AP"])
    assert result.exit_code == 1
    assert "--qrels-format forces a format" in result.output and "fmt=" not in result.output
    with pytest.raises(InputError, match="fmt= of read_qrels"):  # the command's flags end
        sdreval.read_qrels(run)
