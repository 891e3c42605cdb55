"""``stability`` runs ci, discrimination, swap and tau by default.  With one measure, tau has
nothing to correlate: the default set printed ``warning: tau: needs at least two measures``
though the user asked for nothing wrong.  Skipping a default analysis is now a note (silenced
by --quiet); asking for ``-a tau`` with one measure is a usage error (session 26:
tests/cli/test_s26_cli26_stability_cannot_run.py)."""
from click.testing import CliRunner

from sdreval.cli.main import cli


def scores(tmp_path):
    path = tmp_path / "s.csv"
    rows = [f"r{r},{t},AP,{(r * 3 + t * 7) % 10 / 10}" for r in range(8) for t in range(6)]
    path.write_text("run,topic,measure,value\n" + "\n".join(rows) + "\n")
    return str(path)


def run(*args):
    result = CliRunner().invoke(cli, ["stability", *args])
    assert result.exit_code == 0, result.output
    return result.stderr


def test_default_analyses_note_the_skipped_tau(tmp_path):
    err = run("--scores", scores(tmp_path), "-m", "AP")
    assert "sdreval: tau: needs at least two measures (-m A -m B); skipped" in err
    assert "warning: tau" not in err


def test_quiet_silences_the_note(tmp_path):
    assert "tau" not in run("--scores", scores(tmp_path), "-m", "AP", "--quiet")

