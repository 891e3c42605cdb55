"""Messages that say how to force a format, or which argument comes first, speak the caller's
words: the API's (``sdreval.evaluate(qrels, runs, measures)``, ``fmt= of read_qrels``) when a
Python function was called; on the command line the flag of the command run (``--format`` for
``validate`` and ``convert``, which have no ``--qrels-format``; a command without any names
``sdreval eval's --qrels-format``) and ``sdreval eval QRELS RUN...``."""
import pytest
from click.testing import CliRunner

import sdreval
from sdreval.cli.main import cli
from sdreval.errors import InputError

RUN = "1 Q0 d1 1 2.0 r\n"
QRELS = "1 0 d1 1\n"
QRELS_ITER7 = "1 7 d1 1\n"  # iteration 7: TREC qrels only when told


def _put(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text)
    return str(path)


def test_api_swapped_hint_names_evaluate(tmp_path):
    run = _put(tmp_path, "r.txt", RUN)
    with pytest.raises(InputError) as swapped:
        sdreval.evaluate(run, run, "AP")
    text = str(swapped.value)
    assert "(sdreval.evaluate(qrels, runs, measures): the judgements come first" in text
    assert "sdreval eval" not in text


def test_api_json_swapped_hint_names_evaluate(tmp_path):
    run = _put(tmp_path, "r.json", '{"1": {"d1": 2.5}}')
    with pytest.raises(InputError) as swapped:
        sdreval.read_qrels(run)
    text = str(swapped.value)
    assert "sdreval.evaluate(qrels, runs, measures): the judgements come first" in text
    assert "sdreval eval" not in text


def test_validate_names_its_format_flag(tmp_path):
    odd = _put(tmp_path, "q.txt", QRELS_ITER7)
    result = CliRunner().invoke(cli, ["validate", odd])
    assert "are read with --format trec" in result.output, result.output
    assert "--qrels-format" not in result.output
    told = CliRunner().invoke(cli, ["validate", odd, "--format", "trec"])  # the advice works
    assert told.exit_code == 0, told.output


def test_command_without_format_flag_names_eval(tmp_path):
    run, qrels = _put(tmp_path, "r.txt", RUN), _put(tmp_path, "q.txt", QRELS)
    result = CliRunner().invoke(cli, ["project", run, qrels])  # project has no --qrels-format
    assert result.exit_code == 1
    # project checks its two arguments itself and speaks its own words: what the
    # file looks like and the order of project's arguments, not eval's
    assert "this looks like a run (document-run), not judgements" in result.output
    assert "sdreval project QRELS CHUNK_MAP: the span judgements first" in result.output
    assert "sdreval eval QRELS RUN..." not in result.output


def test_eval_keeps_its_flags(tmp_path):
    run = _put(tmp_path, "r.txt", RUN)
    result = CliRunner().invoke(cli, ["eval", run, run, "-m", "AP"])
    assert result.exit_code == 1
    assert ("(sdreval eval QRELS RUN...: the judgements come first; --qrels-format forces a "
            "format)") in result.output, result.output
