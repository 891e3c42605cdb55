"""``compare`` and ``stability`` on QRELS RUN... need ``-m`` (unlike ``eval``, they choose no
default set): the usage error says so and where the names are listed."""
import pytest
from click.testing import CliRunner

from sdreval.cli.main import cli


@pytest.mark.parametrize("command", ["compare", "stability"])
def test_missing_measure_is_explained(tmp_path, command):
    qrels = tmp_path / "q.qrels"
    qrels.write_text("1 0 d1 1\n")
    runs = []
    for name in ("a", "b"):
        run = tmp_path / f"{name}.txt"
        run.write_text(f"1 Q0 d1 1 1.0 {name}\n")
        runs.append(str(run))
    result = CliRunner().invoke(cli, [command, str(qrels), *runs])
    assert result.exit_code == 2
    assert (f"sdreval: usage error: {command} needs the measures named with -m (it chooses no "
            "default set, unlike eval), e.g. -m AP; `sdreval measures` lists them"
            in result.stderr)
