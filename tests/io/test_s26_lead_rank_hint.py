"""A TREC run whose ranks are written ``1.0`` fits no format (ranks are whole numbers); the
refusal said only "unrecognised format" and listed every format.  It now says what is wrong
and what to write, as the reader's own rank refusal does."""
from click.testing import CliRunner

from sdreval.cli.main import cli


def test_a_run_with_ranks_written_as_decimals_is_told_what_to_write(tmp_path):
    (tmp_path / "q").write_text("1 0 d1 1\n")
    (tmp_path / "r").write_text("1 Q0 d1 1.0 2.0 r\n1 Q0 d2 2.0 1.0 r\n")
    got = CliRunner().invoke(cli, ["eval", str(tmp_path / "q"), str(tmp_path / "r"), "-m", "AP"])
    assert got.exit_code == 1
    assert ("its lines look like a TREC run (topic Q0 doc rank rsv run-id), but rank '1.0' has a "
            "decimal point: write each rank in decimal digits (3, not 3.0)") in got.stderr


def test_whole_ranks_still_read():
    from sdreval.io.text_hints import unrecognised_hint

    assert unrecognised_hint([["1", "Q0", "d1", "1", "2.0", "r"]]) == ""
    # a line missing its rank: the score sits in the rank's place (no hint about ranks)
    assert "rank" not in unrecognised_hint([["5", "Q0", "d6", "0.9", "fz", "/article[1]", "x"]])
