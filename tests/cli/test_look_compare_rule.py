"""``sdreval compare QRELS RUN...`` states on stderr the test, the correction and the level
behind its p_adjusted and reject columns (as the report's legend does), beside its note on
the topics, so the records are never read without their rule; ``--quiet`` silences the note
and stdout keeps only the records."""
import pytest
from click.testing import CliRunner

from sdreval.cli.main import cli

QRELS = "".join(f"{t} 0 d{d} {int(d % 2 == 0)}\n" for t in (1, 2, 3) for d in range(1, 7))
RUNS = {"a": (1, 2, 3, 4, 5, 6), "b": (2, 1, 4, 3, 6, 5), "c": (6, 5, 4, 3, 2, 1)}


@pytest.fixture()
def inputs(tmp_path):
    qrels = tmp_path / "q.qrels"
    qrels.write_text(QRELS)
    paths = []
    for name, order in RUNS.items():
        path = tmp_path / f"{name}.txt"
        path.write_text("".join(f"{t} Q0 d{d} {r} {10 - r} {name}\n" for t in (1, 2, 3)
                                for r, d in enumerate(order, 1)))
        paths.append(str(path))
    return [str(qrels), *paths]


@pytest.mark.parametrize("args, words", [
    ([], "paired t test (two-sided), Benjamini-Yekutieli correction over the 3 pair(s) of "
         "each measure, level 0.05"),
    (["--test", "sign", "--correction", "holm", "--level", "0.1", "--baseline", "a"],
     "sign test (two-sided), Holm correction over the 2 test(s) against the baseline of each "
     "measure, level 0.1"),
    (["--test", "bootstrap", "--alternative", "greater", "--samples", "500", "--seed", "3"],
     "paired bootstrap test (one-sided: is the higher mean better; 500 samples, seed 3), "
     "Benjamini-Yekutieli correction over the 3 pair(s) of each measure, level 0.05"),
])
def test_compare_states_its_rule(inputs, args, words):
    result = CliRunner().invoke(cli, ["compare", *inputs, "-m", "AP", *args])
    assert result.exit_code == 0, result.output
    assert f"sdreval: {words}\n" in result.stderr
    assert "sdreval:" not in result.stdout
    assert len(result.stdout.splitlines()) == 1 + (2 if "--baseline" in args else 3)


def test_quiet_compare_has_no_note(inputs):
    result = CliRunner().invoke(cli, ["compare", *inputs, "-m", "AP", "--quiet"])
    assert result.exit_code == 0, result.output
    assert result.stderr == ""
